"""Watchers (issues 41 and 42): one public table of two people who move ``--pace`` seconds after
their turn comes (0: at once), watched by ``--watchers`` sockets (in a process of their own);
the same table alone first (0 watchers), in the same run, then watched.  Prints, for each
round, the players' ack (a move sent to the mover's picture of it) and each watcher's delivery
(a move sent to that watcher's picture of it), as quantiles, and the errors.  The goals (issue
41): with 500 watchers every move reaches every watcher with p95 at most 300 ms, and the
players' ack p95 rises by at most a tenth::

    .venv/bin/python benchmarks/watch_load.py --watchers 500 --moves 60 --pace 1

Starts ``doublesix serve`` on a throwaway SQLite database with the bounds per address raised
(every socket comes from 127.0.0.1); the load client runs on the same machine.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import random
import re
import tempfile
import time
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

import httpx2
from quickmatch_load import start_server
from web_load import free_port
from websockets.asyncio.client import ClientConnection, connect

from doublesix.protocol.wire import COOKIE

from stats import quantile

REVISION = re.compile(rb'"revision":\s*(\d+)')


async def table(http: httpx2.AsyncClient, url: str) -> tuple[str, list[str]]:
    """A public table of Ana and Bea, to 500 points (many hands): its id and their tokens."""
    http.cookies.set(COOKIE, "watch-load-ana-0123456789abcdef")
    made = (await http.post(f"{url}/api/games", json={
        "variant": "draw", "players": 2, "target": 500, "opponents": ["person"],
        "name": "Ana", "public": True})).json()
    http.cookies.set(COOKIE, "watch-load-bea-0123456789abcdef")
    bea = (await http.post(f"{url}/api{made['invites'][0]['url']}", json={"name": "Bea"})).json()
    return made["game_id"], [made["token"], bea["token"]]


async def watcher(ws: ClientConnection, seen: dict[int, float]) -> None:
    """Note when each revision first reached this watcher (the raw text, not parsed)."""
    async for text in ws:
        found = REVISION.search(text if isinstance(text, bytes) else text.encode())
        if found:
            seen.setdefault(int(found.group(1)), time.monotonic())


async def play(sockets: list[ClientConnection], moves: int, pace: float, rng: random.Random,
               sent: dict[int, float], acks: list[float], errors: list[str]) -> None:
    """Both people play, each the moment its turn comes (Ana deals each next hand), until
    ``moves`` moves; ``sent`` notes when the move from each revision was sent, ``acks`` how
    long its mover waited for the picture after it."""
    newest = [-1, -1]
    waiting: list[tuple[int, float] | None] = [None, None]
    done = asyncio.Event()

    async def read(seat: int) -> None:
        async for text in sockets[seat]:
            message = json.loads(text)
            if message["type"] == "error":
                errors.append(message["message"])
            state = message.get("state")
            if state is None or state["revision"] <= newest[seat]:
                continue
            newest[seat] = state["revision"]
            asked = waiting[seat]
            if asked is not None and state["revision"] > asked[0]:
                acks.append(time.monotonic() - asked[1])
                waiting[seat] = None
            if state["over"] or len(sent) >= moves:
                done.set()
                return
            if state["result"] is not None and seat == 0:
                await sockets[0].send(json.dumps({"type": "next"}))
            elif state["turn"] == seat and waiting[seat] is None:
                legal = [m["move"] for m in state["legal"]]
                if legal and legal != ["pass"]:
                    await asyncio.sleep(pace)
                    now = time.monotonic()
                    sent[state["revision"]] = now
                    waiting[seat] = (state["revision"], now)
                    await sockets[seat].send(json.dumps({"type": "play",
                                                         "move": rng.choice(legal)}))

    readers = [asyncio.create_task(read(seat)) for seat in (0, 1)]
    await done.wait()
    for task in readers:
        task.cancel()


def watch_in_a_process(ws_url: str, game_id: str, watchers: int,
                       pipe: Connection) -> None:
    """The watchers, in a process of their own (so that reading 500 sockets does not slow the
    players' client): connects them, says so, and at the word sends back when each socket
    first saw each revision."""

    async def watch() -> None:
        seen: list[dict[int, float]] = [{} for _ in range(watchers)]
        sockets = []
        for number in range(watchers):
            sockets.append(await connect(f"{ws_url}/ws/{game_id}?watch=1", max_size=2**22))
            if number % 50 == 49:
                await asyncio.sleep(0.05)
        tasks = [asyncio.create_task(watcher(ws, seen[i])) for i, ws in enumerate(sockets)]
        pipe.send("ready")
        loop = asyncio.get_running_loop()
        await loop.run_in_executor(None, pipe.recv)
        for task in tasks:
            task.cancel()
        for ws in sockets:
            await ws.close()
        pipe.send(seen)

    asyncio.run(watch())


async def round_of(url: str, ws_url: str, watchers: int, args: argparse.Namespace
                   ) -> dict[str, Any]:
    async with httpx2.AsyncClient(timeout=30) as http:
        game_id, tokens = await table(http, url)
    players = [await connect(f"{ws_url}/ws/{game_id}?token={token}", max_size=2**22)
               for token in tokens]
    await players[0].send(json.dumps({"type": "start"}))
    ours, theirs = multiprocessing.Pipe()
    process = multiprocessing.Process(target=watch_in_a_process,
                                      args=(ws_url, game_id, watchers, theirs))
    process.start()
    loop = asyncio.get_running_loop()
    assert await loop.run_in_executor(None, ours.recv) == "ready"
    # Wall clocks: time.monotonic is one clock for every process of the machine (Linux).
    sent: dict[int, float] = {}
    acks: list[float] = []
    errors: list[str] = []
    await play(players, args.moves, args.pace, random.Random(args.seed), sent, acks, errors)
    await asyncio.sleep(2)  # the last moves reach the watchers
    ours.send("stop")
    seen: list[dict[int, float]] = await loop.run_in_executor(None, ours.recv)
    process.join()
    delivered = [arrived[revision + 1] - at for arrived in seen
                 for revision, at in sent.items() if revision + 1 in arrived]
    missing = sum(1 for arrived in seen for revision in sent if revision + 1 not in arrived)
    for ws in players:
        await ws.close()
    return {"watchers": watchers, "moves": len(sent), "acks": acks, "delivered": delivered,
            "missing": missing, "errors": errors}


def show(result: dict[str, Any]) -> str:
    def q(values: list[float], p: float) -> str:
        return "-" if not values else f"{1000 * quantile(sorted(values), p):.0f} ms"
    acks, delivered = result["acks"], result["delivered"]
    return (f"{result['watchers']:>4} watchers, {result['moves']} moves: ack p50 {q(acks, 0.5)}"
            f" p95 {q(acks, 0.95)}; watchers p50 {q(delivered, 0.5)} p95 {q(delivered, 0.95)}"
            f" max {q(delivered, 1.0)}; missing {result['missing']}; "
            f"errors {len(result['errors'])}")


async def main_async(args: argparse.Namespace) -> int:
    port = free_port()
    with tempfile.TemporaryDirectory() as folder:
        server = start_server(port, f"sqlite:///{Path(folder) / 'watch.sqlite'}",
                              {"DOUBLESIX_SOCKETS_PER_ADDRESS": str(args.watchers + 100),
                               "DOUBLESIX_CONNECTIONS_PER_ADDRESS": str(args.watchers + 100)})
        try:
            url, ws_url = f"http://127.0.0.1:{port}", f"ws://127.0.0.1:{port}"
            alone = await round_of(url, ws_url, 0, args)
            print(show(alone), flush=True)
            watched = await round_of(url, ws_url, args.watchers, args)
            print(show(watched), flush=True)
        finally:
            server.terminate()
            server.wait()
    before = quantile(sorted(alone["acks"]), 0.95)
    after = quantile(sorted(watched["acks"]), 0.95)
    print(f"players' ack p95 with {args.watchers} watchers / alone: {after / before:.2f}")
    return 1 if alone["errors"] or watched["errors"] or watched["missing"] else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--watchers", type=int, default=500)
    parser.add_argument("--moves", type=int, default=150)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--pace", type=float, default=1.0,
                        help="seconds a person takes to move once their turn comes")
    return asyncio.run(main_async(parser.parse_args()))


if __name__ == "__main__":
    raise SystemExit(main())
