"""Quick match under load (issue "Play online"): ``--people`` people enter quick match within
``--within`` seconds, each asking every second how it goes, until everyone is seated; prints
how long each waited (quantiles), the most, the errors, and the games made.

The people are spread over the rated 2-player games of Draw, Block, All Fives and Muggins
(``--kinds``), all newcomers (so the first range holds them all): people pair up as they come,
and anyone left alone is seated with a computer after ``DOUBLESIX_QUICK_MATCH_FILL_AFTER`` (20
s by default).  The goal: 200 people entering within 10 s are all seated within 30 s of
entering, 0 errors, on this 2-core machine with the load on it::

    .venv/bin/python benchmarks/quickmatch_load.py --people 200 --within 10

Starts ``doublesix serve`` on a throwaway SQLite database (``--db`` for another, such as a
PostgreSQL URL) with the bounds per address raised (every person comes from 127.0.0.1).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx2
from web_load import free_port

from stats import quantile

KINDS = ("draw", "block", "all-fives", "muggins")


def start_server(port: int, db: str,
                 more: dict[str, str] | None = None) -> subprocess.Popen[bytes]:
    """``doublesix serve`` with the bounds per address raised (and the settings ``more``),
    answering once it is up."""
    env = {**os.environ, "DOUBLESIX_GAMES_PER_HOUR_PER_ADDRESS": "0",
           "DOUBLESIX_GAMES_PER_HOUR_PER_BROWSER": "0", **(more or {})}
    process = subprocess.Popen([sys.executable, "-m", "doublesix.cli", "serve", "--port",
                                str(port), "--db", db], stdout=subprocess.DEVNULL, env=env)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SystemExit("the server exited")
        try:
            httpx2.get(f"http://127.0.0.1:{port}/api/options", timeout=2)
            return process
        except httpx2.TransportError:
            time.sleep(0.2)
    process.kill()
    raise SystemExit("the server did not answer")


async def person(url: str, number: int, start: float, kinds: int, limit: float,
                 waits: list[float], errors: list[str], games: set[str]) -> None:
    """One person: enters at ``start``, asks every second until seated (or ``limit``)."""
    await asyncio.sleep(max(0.0, start - time.monotonic()))
    entered = time.monotonic()
    body = {"variant": KINDS[number % kinds], "players": 2, "name": f"P{number}"}
    async with httpx2.AsyncClient(base_url=url, timeout=30) as http:
        try:
            answer = await http.post("/api/quickmatch", json=body)
            if answer.status_code != 201:
                errors.append(f"enter {answer.status_code}")
                return
            ticket = answer.json()
            while ticket["status"] != "seated":
                if time.monotonic() - entered > limit:
                    errors.append("not seated in time")
                    return
                await asyncio.sleep(1.0)
                answer = await http.get(f"/api/quickmatch/{ticket['ticket']}")
                if answer.status_code != 200:
                    errors.append(f"ask {answer.status_code}")
                    return
                ticket = answer.json()
        except httpx2.HTTPError as error:
            errors.append(type(error).__name__)
            return
    waits.append(time.monotonic() - entered)
    games.add(ticket["game_id"])


async def run(url: str, people: int, within: float, kinds: int, limit: float,
              seed: int) -> tuple[list[float], list[str], set[str]]:
    rng = random.Random(seed)
    now = time.monotonic()
    waits: list[float] = []
    errors: list[str] = []
    games: set[str] = set()
    await asyncio.gather(*(person(url, n, now + rng.uniform(0, within), kinds, limit, waits,
                                  errors, games) for n in range(people)))
    return waits, errors, games


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--people", type=int, default=200)
    parser.add_argument("--within", type=float, default=10.0,
                        help="seconds over which the people enter (default: %(default)s)")
    parser.add_argument("--kinds", type=int, default=4, choices=range(1, 5),
                        help="how many of the 2-player games they spread over")
    parser.add_argument("--limit", type=float, default=60.0,
                        help="seconds a person waits at most before it counts as an error")
    parser.add_argument("--db", default=None, help="the database (default: a new SQLite file)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    port = free_port()
    with tempfile.TemporaryDirectory() as folder:
        db = args.db or f"sqlite:///{Path(folder) / 'quickmatch.sqlite3'}"
        server = start_server(port, db)
        try:
            began = time.monotonic()
            waits, errors, games = asyncio.run(run(f"http://127.0.0.1:{port}", args.people,
                                                   args.within, args.kinds, args.limit,
                                                   args.seed))
            took = time.monotonic() - began
        finally:
            server.terminate()
            server.wait(30)
    print(f"quick match: {args.people} people entering within {args.within:g} s over "
          f"{args.kinds} kinds of game; load {os.getloadavg()[0]:.2f}")
    if waits:
        print(f"  seated: {len(waits)}; waited p50 {quantile(waits, 0.5):.1f} s, "
              f"p95 {quantile(waits, 0.95):.1f} s, most {max(waits):.1f} s")
    print(f"  games: {len(games)}; errors: {len(errors)} {sorted(set(errors))}; "
          f"the whole run {took:.1f} s")
    return 0 if not errors and len(waits) == args.people else 1


if __name__ == "__main__":
    raise SystemExit(main())
