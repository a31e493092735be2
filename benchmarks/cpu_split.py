"""Where the web server's own CPU goes (issue 41): a sampling profile's stacks split by job.

Reads py-spy's raw (collapsed) stacks of a ``doublesix serve`` process under load and prints
the share of the samples of each job: building pictures, encoding them, compressing them,
saving, the computers' turns, the rules (a move played), the framework (uvicorn, Starlette,
websockets' framing, asyncio, the sockets) and the rest; a thread waiting is not counted.
With ``--ms-per-move`` (the load run's ``server_ms_per_move``) each share is also given in
milliseconds a person move.

Example (the server of ``web_load.py`` under 300 players at a person's pace)::

    .venv/bin/python benchmarks/web_load.py --clients 300 --think 3 --duration 60 &
    py-spy record --pid "$(pgrep -f 'doublesix.cli serve')" --duration 30 --rate 100 \\
        --nonblocking --format raw -o /tmp/server.txt
    .venv/bin/python benchmarks/cpu_split.py /tmp/server.txt --ms-per-move 11.2
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

#: Where a thread waits rather than works (py-spy cannot always tell): not counted.
IDLE: tuple[str, ...] = ("select (selectors.py", "_worker (concurrent/futures/thread.py:81)",
                         "wait (threading.py")
#: The jobs: a sample counts for the innermost one on its stack (a picture's JSON counts as
#: encoding, the pictures sent after a save as pictures, the save's statement as saving).
JOBS: list[tuple[str, tuple[str, ...]]] = [
    ("compressing", ("permessage_deflate", "zlib")),
    ("encoding", ("json/encoder", "web/play/encoded.py", "orjson")),
    ("saving", ("web/storage/", "sqlalchemy", "sqlite3", "psycopg")),
    ("computers", ("web/play/computers.py", "web/play/searchers.py")),
    ("pictures", ("web/play/pictures.py", "doublesix/words/")),
]
#: The rules (a move played, legal moves, a quick computer's choice): counted for the job
#: that asked, else for themselves.
RULES: tuple[str, ...] = ("doublesix/engine/", "doublesix/ai/")
#: The framework: uvicorn, Starlette and FastAPI, websockets' framing, asyncio, the sockets.
FRAMEWORK: tuple[str, ...] = ("uvicorn", "starlette", "fastapi", "websockets", "asyncio", "h11",
                              "httptools", "uvloop", "selectors", "socket", "concurrent")


def job_of(stack: str) -> str | None:
    """The job a sample's stack (frames from the outermost, ``;`` between them) counts for;
    None for a thread that waits.

    >>> job_of("run (asyncio/events.py:80);broadcast (web/play/live.py:290);"
    ...        "picture (web/play/pictures.py:320);encode (json/encoder.py:200)")
    'encoding'
    >>> job_of("run (asyncio/events.py:80);picture (web/play/pictures.py:320);"
    ...        "legal_moves (doublesix/engine/state.py:9)")
    'pictures'
    >>> job_of("run (asyncio/events.py:80);main (x.py:1)")
    'framework'
    """
    frames = stack.split(";")
    if any(mark in frames[-1] for mark in IDLE):
        return None
    for frame in reversed(frames):
        for job, marks in JOBS:
            if any(mark in frame for mark in marks):
                return job
    if any(mark in frame for frame in frames for mark in RULES):
        return "rules"
    if any(mark in frame for frame in frames for mark in FRAMEWORK):
        return "framework"
    return "other"


def split(lines: list[str]) -> dict[str, int]:
    """Samples by job, from py-spy's raw lines (``stack count``)."""
    counts: dict[str, int] = {}
    for line in lines:
        stack, _, count = line.rstrip().rpartition(" ")
        if stack and count.isdigit():
            job = job_of(stack)
            if job is not None:
                counts[job] = counts.get(job, 0) + int(count)
    return counts


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("stacks", help="py-spy record --format raw's output")
    parser.add_argument("--ms-per-move", type=float, default=0.0,
                        help="the server's own CPU a person move, to split in milliseconds")
    args = parser.parse_args(argv)
    counts = split(Path(args.stacks).read_text().splitlines())
    total = sum(counts.values()) or 1
    for job, count in sorted(counts.items(), key=lambda item: -item[1]):
        share = count / total
        ms = f"  {share * args.ms_per_move:5.2f} ms a move" if args.ms_per_move else ""
        print(f"{job:>12}: {100 * share:5.1f}% ({count} samples){ms}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
