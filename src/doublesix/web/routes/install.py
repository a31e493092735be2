"""The installable app: the web app manifest (``/manifest.webmanifest``) and the service worker
(``/sw.js``, from the root so that its scope is the whole site).

The worker keeps the game's own files (:func:`kept_files`) in a cache named by a hash of their
bytes (:func:`files_version`), so that a new release replaces the old cache; it never keeps
``/api/`` or ``/ws/``.  The labels module of each language (``/static/labels/es.js``, made by
the server) is kept and hashed as a file is, so that a page in any language opens from the
cache, and a changed translation is a new cache.  ``web/static/sw.js`` is served with its
``BUILD`` line written here: the version and the files to keep (``docs/web.md``).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Final

from fastapi import FastAPI
from fastapi.responses import JSONResponse, Response

from doublesix.words.pagelabels import LABELS

#: The manifest's media type (the Web App Manifest specification).
MANIFEST_TYPE: Final = "application/manifest+json"
#: The light theme's page colour (``--paper`` in styles.css): the app's theme and background.
PAPER: Final = "#f6f3ea"
#: The line of ``sw.js`` that the server writes: the cache's version and the files it keeps.
BUILD_LINE: Final = 'const BUILD = { version: "dev", files: [] };'
#: The suffixes of the static files the worker keeps (the page's scripts, styles and pictures).
KEPT_SUFFIXES: Final = (".js", ".css", ".svg", ".png", ".webmanifest")

#: The app's icons: (file under /static/icons/, size, purpose).
ICONS: Final = (
    ("icon-192.png", 192, "any"),
    ("icon-512.png", 512, "any"),
    ("maskable-512.png", 512, "maskable"),
)


def manifest(name: str = LABELS["homePageTitle"], short_name: str = "doublesix") -> dict[str, Any]:
    """The web app manifest: names, where it starts, how it shows, its colours and icons.

    >>> m = manifest()
    >>> m["start_url"], m["scope"], m["display"], m["short_name"]
    ('/', '/', 'standalone', 'doublesix')
    >>> [icon["sizes"] for icon in m["icons"]]
    ['192x192', '512x512', '512x512', 'any']
    """
    icons: list[dict[str, str]] = [
        {"src": f"/static/icons/{file}", "sizes": f"{size}x{size}", "type": "image/png",
         "purpose": purpose}
        for file, size, purpose in ICONS
    ]
    icons.append({"src": "/static/favicon.svg", "sizes": "any", "type": "image/svg+xml",
                  "purpose": "any"})
    return {
        "name": name,
        "short_name": short_name,
        "id": "/",
        "start_url": "/",
        "scope": "/",
        "display": "standalone",
        "theme_color": PAPER,
        "background_color": PAPER,
        "icons": icons,
    }


def kept_files(static: Path) -> list[str]:
    """The addresses the worker keeps: the front page (``/``) and the static files it loads.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as d:
    ...     for name in ("app.js", "sw.js", "notes.txt"):
    ...         _ = (Path(d) / name).write_text("x")
    ...     kept_files(Path(d))
    ['/', '/static/app.js']
    """
    files = sorted(
        path.relative_to(static).as_posix() for path in static.rglob("*")
        if path.is_file() and path.suffix in KEPT_SUFFIXES and path.name != "sw.js"
    )
    return ["/", *(f"/static/{name}" for name in files)]


def files_version(static: Path, made: Mapping[str, str] | None = None) -> str:
    """A short hash of every static file's name and bytes: the worker's cache changes with it.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as d:
    ...     _ = (Path(d) / "a.js").write_text("1")
    ...     first = files_version(Path(d))
    ...     _ = (Path(d) / "a.js").write_text("2")
    ...     len(first), first == files_version(Path(d))
    (12, False)
    """
    digest = hashlib.sha256()
    for path in sorted(p for p in static.rglob("*") if p.is_file()):
        digest.update(path.relative_to(static).as_posix().encode())
        digest.update(b"\0")
        digest.update(path.read_bytes())
    for address, text in sorted((made or {}).items()):
        digest.update(f"{address}\0{text}".encode())
    return digest.hexdigest()[:12]


def worker_script(static: Path, made: Mapping[str, str] | None = None) -> str:
    """``sw.js`` with its ``BUILD`` line written: the version and the files to keep (``made``:
    the files the server makes, by address, kept and hashed too).

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as d:
    ...     _ = (Path(d) / "sw.js").write_text(BUILD_LINE + "\\n")
    ...     worker_script(Path(d)).startswith('const BUILD = {"version": "')
    True
    """
    source = (static / "sw.js").read_text(encoding="utf-8")
    build = json.dumps({"version": files_version(static, made),
                        "files": kept_files(static) + sorted(made or {})})
    return source.replace(BUILD_LINE, f"const BUILD = {build};", 1)


def add_routes(app: FastAPI, static: Path, made: Mapping[str, str] | None = None) -> None:
    """Serve the manifest and the service worker (read once: the files do not change while the
    server runs; ``made``: the files the server makes, by address)."""
    the_manifest = manifest()
    worker = worker_script(static, made) if (static / "sw.js").is_file() else ""

    @app.get("/manifest.webmanifest", include_in_schema=False)
    async def web_manifest() -> Response:
        return JSONResponse(the_manifest, media_type=MANIFEST_TYPE,
                            headers={"Cache-Control": "no-cache"})

    @app.get("/sw.js", include_in_schema=False)
    async def service_worker() -> Response:
        return Response(worker, media_type="text/javascript",
                        headers={"Cache-Control": "no-cache", "Service-Worker-Allowed": "/"})
