#!/usr/bin/env python3
"""Write the installable app's icons (src/doublesix/web/static/icons/) from favicon.svg, drawn
by Debian's Chromium through Playwright (the browser tests' own tools: no new dependency).

    /work/main/.venv/bin/python scripts/icons.py

The PNGs are committed: nothing is drawn while the server runs. The plain icons are the tile on
a transparent ground; the maskable one is the tile on the felt, inside the middle 80% that every
mask keeps (https://w3c.github.io/manifest/#icon-masks).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
STATIC = ROOT / "src" / "doublesix" / "web" / "static"
ICONS = STATIC / "icons"
CHROMIUM = os.environ.get("DOUBLESIX_CHROMIUM", "/usr/bin/chromium")
#: The light theme's felt (``--felt`` in styles.css): the maskable icon's ground.
FELT = "#1e5b3f"


def page_for(svg: str, size: int, ground: str | None) -> str:
    """The HTML drawing ``svg`` at ``size`` pixels square: on ``ground`` within the mask's safe
    zone (a maskable icon), or filling a transparent square."""
    body = f"background:{ground};" if ground else "background:transparent;"
    inner = round(size * 0.6) if ground else size
    return (
        "<!doctype html><html><body style='margin:0;" + body + "'>"
        f"<div style='width:{size}px;height:{size}px;display:grid;place-items:center'>"
        f"<div style='width:{inner}px;height:{inner}px'>"
        + svg.replace("<svg ", "<svg width='100%' height='100%' ", 1)
        + "</div></div></body></html>"
    )


def main() -> int:
    svg = (STATIC / "favicon.svg").read_text(encoding="utf-8")
    ICONS.mkdir(exist_ok=True)
    wanted = (("icon-192.png", 192, None), ("icon-512.png", 512, None),
              ("maskable-512.png", 512, FELT))
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True,
                                    args=["--no-sandbox", "--disable-gpu"])
        for name, size, ground in wanted:
            page = browser.new_page(viewport={"width": size, "height": size})
            page.set_content(page_for(svg, size, ground))
            page.screenshot(path=str(ICONS / name), omit_background=ground is None,
                            clip={"x": 0, "y": 0, "width": size, "height": size})
            page.close()
            print(ICONS / name)
        browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
