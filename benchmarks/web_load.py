"""Load and fault benchmark of the web server (issue 19): many players at once, and the floods.

Starts ``doublesix serve`` (or uses ``--url``), then runs ``--clients`` players for
``--duration`` seconds. Each player creates a one-hand game from the mix (``--mix``), plays seat 0
through the WebSocket by random legal moves, and starts another game when one ends.

- **ack**: the time from sending a move to the first message back;
- **act**: the time from sending a move to the next picture where the person must act again
  (the computers' turns included);
- **moves/s**: the players' moves acknowledged per second;
- **errors**: ``error`` messages, refused or dropped sockets, HTTP failures, moves with no answer;
- **server CPU and memory**: the server process and its children (the search pool), from
  ``/proc``; the load average is printed beside every run, since other work shares the machine;
- **cpu_per_move**: that CPU for each move of the players, split between the server's own
  process (its event loop and database threads) and its children (the search processes).

``--server-src DIR`` runs the server from another checkout's ``src/`` (e.g. an older commit's,
``git archive c1fd648 src | tar -x -C /tmp/old``), to compare two servers in one session.

Options for the faults (each runs beside the players, who are then "another game"):

- ``--flood hints``: 40 sockets on one seat of a 4-player double-twelve game, each asking hints;
- ``--flood idle``: ``--flood-count`` connections that send nothing or half a request line;
- ``--flood deep-json``: ``POST /api/games`` with arrays nested 8,000 deep, sockets sending 2,000;
- ``--flood long-line``: WebSocket upgrades whose request line is over 8 KB;
- ``--outage SECONDS`` (PostgreSQL ``--db`` only): the server reaches the database through a TCP
  proxy run here, which drops every connection and refuses new ones for that long, starting
  ``--outage-at`` seconds in; the players keep playing (no reload) and the run reports how many
  games in play then finished.

Examples::

    .venv/bin/python benchmarks/web_load.py --clients 200 --duration 60
    .venv/bin/python benchmarks/web_load.py --clients 120 --think 3 --duration 90
    .venv/bin/python benchmarks/web_load.py --clients 10 --flood hints
    .venv/bin/python benchmarks/web_load.py --clients 20 --db postgresql://u@127.0.0.1/db \\
        --outage 12 --outage-at 10 --duration 60

Every request goes to the server on this machine (127.0.0.1); the loops are bounded by
``--duration`` and stop by themselves.

``--demand GAMES`` starts no server: it plays that many games of the mix in this process (seat 0
by random legal moves, the computers as the server's search processes would) and prints the
CPU time the computers spend for each move of the person, which with the players' pace gives
the cores the mix asks for::

    .venv/bin/python benchmarks/web_load.py --demand 100
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import socket
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import httpx2
from websockets.asyncio.client import ClientConnection, connect

from stats import quantile

ROOT = Path(__file__).resolve().parent.parent

#: The game mix of issue 19's measurements: one-hand games against computer tables.
MIXES: dict[str, list[dict[str, Any]]] = {
    "standard": [
        {"variant": "draw", "players": 2, "opponents": ["expert"]},
        {"variant": "all-fives", "players": 4, "opponents": ["pinocchio", "buratino",
                                                             "snow-white"]},
        {"variant": "muggins", "players": 3, "opponents": ["expert", "buratino"]},
        {"variant": "block", "players": 4, "opponents": ["pinocchio", "snow-white",
                                                         "buratino"]},
        {"variant": "draw", "players": 4, "opponents": ["expert", "pinocchio", "snow-white"]},
    ],
    # No expert: the server's own work rather than the searches (tests use it).
    "quick": [
        {"variant": "draw", "players": 2, "opponents": ["greedy"]},
        {"variant": "all-fives", "players": 4, "opponents": ["pinocchio", "buratino",
                                                             "snow-white"]},
        {"variant": "block", "players": 3, "opponents": ["random", "greedy"]},
    ],
}
#: How long a move may wait for its answer before it counts as an error.
ANSWER_LIMIT = 60.0


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def load_average() -> str:
    return " ".join(Path("/proc/loadavg").read_text().split()[:3])


# -- the server's CPU and memory, from /proc -----------------------------------------------


def _children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            found.append(int(entry.name))
    return found


def process_tree(pid: int) -> list[int]:
    tree, todo = [], [pid]
    while todo:
        current = todo.pop()
        tree.append(current)
        todo.extend(_children(current))
    return tree


def cpu_seconds(pid: int) -> float:
    """User and system CPU of a process tree (live processes, plus children they reaped)."""
    tick = os.sysconf("SC_CLK_TCK")
    total = 0
    for p in process_tree(pid):
        try:
            fields = Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12]) + int(fields[13]) + int(fields[14])
    return total / tick


def server_processes(pid: int) -> list[int]:
    """The server's own processes: ``pid``, and with ``serve --workers N`` its N worker
    processes (uvicorn starts them by multiprocessing's spawn), not the search processes."""
    found = [pid]
    for child in _children(pid):
        with contextlib.suppress(OSError):
            if b"spawn_main" in Path(f"/proc/{child}/cmdline").read_bytes():
                found.append(child)
    return found


def own_cpu_seconds(pid: int) -> float:
    """User and system CPU of the server's own processes (all their threads; not the search
    processes): :func:`server_processes`."""
    tick = os.sysconf("SC_CLK_TCK")
    total = 0
    for p in server_processes(pid):
        try:
            fields = Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])
    return total / tick


def rss_mb(pid: int) -> float:
    total = 0
    for p in process_tree(pid):
        try:
            for line in Path(f"/proc/{p}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
        except OSError:
            continue
    return total / 1024


# -- a TCP proxy that can make the database go away ----------------------------------------


class Proxy:
    """Forwards 127.0.0.1:port to ``target``; ``cut(seconds)`` drops every connection and
    refuses new ones for that long."""

    def __init__(self, target_host: str, target_port: int) -> None:
        self.target = (target_host, target_port)
        self.port = 0
        self.down_until = 0.0
        self.links: set[asyncio.StreamWriter] = set()
        self.server: asyncio.Server | None = None
        #: The event loop it runs in, when not the caller's.
        self.loop: asyncio.AbstractEventLoop | None = None

    async def start(self) -> None:
        self.server = await asyncio.start_server(self._serve, "127.0.0.1", 0)
        self.port = self.server.sockets[0].getsockname()[1]

    @property
    def down(self) -> bool:
        return time.monotonic() < self.down_until

    def cut(self, seconds: float) -> None:
        self.down_until = time.monotonic() + seconds
        for writer in list(self.links):
            writer.transport.abort()
        self.links.clear()

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        if self.down:
            writer.transport.abort()
            return
        try:
            up_reader, up_writer = await asyncio.open_connection(*self.target)
        except OSError:
            writer.transport.abort()
            return
        self.links |= {writer, up_writer}

        async def pipe(src: asyncio.StreamReader, dst: asyncio.StreamWriter) -> None:
            try:
                while data := await src.read(65536):
                    if self.down:
                        break
                    dst.write(data)
                    await dst.drain()
            except (OSError, asyncio.IncompleteReadError):
                pass
            finally:
                dst.transport.abort()

        await asyncio.gather(pipe(reader, up_writer), pipe(up_reader, writer))
        self.links -= {writer, up_writer}

    async def close(self) -> None:
        self.cut(0)
        if self.server is not None:
            self.server.close()
            await self.server.wait_closed()


# -- players ------------------------------------------------------------------------------


@dataclass
class Results:
    acks: list[float] = field(default_factory=list)
    acts: list[float] = field(default_factory=list)
    moves: int = 0
    games_started: int = 0
    games_finished: int = 0
    errors: dict[str, int] = field(default_factory=dict)
    notices: int = 0
    #: Games in play when the database went away, and which of them finished.
    at_outage: set[str] = field(default_factory=set)
    finished_ids: set[str] = field(default_factory=set)

    def error(self, kind: str) -> None:
        self.errors[kind] = self.errors.get(kind, 0) + 1


def settled(state: dict[str, Any], acted_at: int) -> bool:
    """Whether a picture is fresh and waits for seat 0 (or the game is over)."""
    if not state or state["revision"] <= acted_at:
        return False
    waits = state["turn"] == state["me"] and [m["move"] for m in state["legal"]] != ["pass"]
    return bool(state["over"] or waits or state["result"] is not None)


class Player:
    def __init__(self, number: int, args: argparse.Namespace, results: Results,
                 http: httpx2.AsyncClient, end: float, rng: random.Random) -> None:
        self.number = number
        self.args = args
        self.results = results
        self.http = http
        self.end = end
        self.rng = rng
        self.live: set[str] = set()

    async def run(self) -> None:
        games = 0
        mix = MIXES[self.args.mix]
        while time.monotonic() < self.end:
            body = {**mix[(self.number + games) % len(mix)], "target": self.args.target,
                    "seed": self.rng.randrange(2**62)}
            games += 1
            try:
                await self.play(body)
            except Exception as error:  # one game's failure is counted, the next one starts
                self.results.error(type(error).__name__)
                await asyncio.sleep(1)

    async def play(self, body: dict[str, Any]) -> None:
        r = self.results
        response = await self.http.post("/api/games", json=body)
        if response.status_code != 201:
            r.error(f"HTTP {response.status_code}")
            await asyncio.sleep(1)
            return
        game = response.json()
        r.games_started += 1
        url = f"{self.args.ws_url}/ws/{game['game_id']}?token={game['token']}"
        async with connect(url, max_size=2**22, open_timeout=ANSWER_LIMIT) as ws:
            self.live.add(game["game_id"])
            try:
                await self.converse(ws, game["game_id"])
            finally:
                self.live.discard(game["game_id"])

    async def converse(self, ws: ClientConnection, game_id: str) -> None:
        r = self.results
        state: dict[str, Any] = {}
        acted_at = -1
        sent_at: float | None = None
        acked = True
        while True:
            timeout = ANSWER_LIMIT if sent_at is not None else ANSWER_LIMIT * 2
            try:
                text = await asyncio.wait_for(ws.recv(), timeout)
            except TimeoutError:
                r.error("no answer")
                return
            now = time.monotonic()
            message = json.loads(text)
            if not acked and sent_at is not None:
                r.acks.append(now - sent_at)
                acked = True
            kind = message["type"]
            if kind == "error":
                r.error("error message")
            elif kind == "notice":
                r.notices += 1
            if "state" in message:
                state = message["state"]
            if not settled(state, acted_at):
                continue
            if sent_at is not None:
                r.acts.append(now - sent_at)
                r.moves += 1
                sent_at = None
            if state["over"]:
                r.games_finished += 1
                r.finished_ids.add(game_id)
                return
            if time.monotonic() >= self.end:
                return
            if state["result"] is not None:
                move: dict[str, Any] = {"type": "next"}
            else:
                move = {"type": "play", "move": self.rng.choice(state["legal"])["move"]}
            if self.args.think:
                await asyncio.sleep(self.args.think * self.rng.uniform(0.5, 1.5))
            acted_at = state["revision"]
            sent_at = time.monotonic()
            acked = False
            await ws.send(json.dumps(move))


# -- floods -------------------------------------------------------------------------------


async def flood_hints(args: argparse.Namespace, http: httpx2.AsyncClient, end: float,
                      tally: dict[str, int]) -> None:
    """40 sockets on one seat of a 4-player double-twelve game, each asking hints."""
    response = await http.post("/api/games", json={
        "variant": "draw", "players": 4, "set": 12, "target": 0,
        "opponents": ["expert", "expert", "expert"], "seed": 12})
    game = response.json()
    url = f"{args.ws_url}/ws/{game['game_id']}?token={game['token']}"

    async def one() -> None:
        try:
            async with connect(url, max_size=2**22) as ws:
                while time.monotonic() < end:
                    await ws.send('{"type": "hint"}')
                    with contextlib.suppress(TimeoutError):
                        while True:
                            message = json.loads(await asyncio.wait_for(ws.recv(), 1.0))
                            tally[message["type"]] = tally.get(message["type"], 0) + 1
                    await asyncio.sleep(0.2)
        except Exception as error:
            key = f"closed {getattr(getattr(error, 'rcvd', None), 'code', type(error).__name__)}"
            tally[key] = tally.get(key, 0) + 1

    await asyncio.gather(*(one() for _ in range(40)))


async def flood_idle(args: argparse.Namespace, end: float, tally: dict[str, int]) -> None:
    """Connections that send nothing, or half a request line; how soon the server closes them."""
    host, port = args.host, args.port
    opened: list[tuple[asyncio.StreamReader, asyncio.StreamWriter, float]] = []
    for i in range(args.flood_count):
        try:
            reader, writer = await asyncio.open_connection(host, port)
        except OSError:
            tally["refused"] = tally.get("refused", 0) + 1
            continue
        if i % 2:
            writer.write(b"GET /api/options HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
        opened.append((reader, writer, time.monotonic()))
        if i % 50 == 49:
            await asyncio.sleep(0.05)

    async def watch(reader: asyncio.StreamReader, writer: asyncio.StreamWriter,
                    start: float) -> None:
        try:
            await asyncio.wait_for(reader.read(), max(0.1, end - time.monotonic()))
            held = time.monotonic() - start
            key = "closed within 30 s" if held <= 30 else "closed after 30 s"
            tally[key] = tally.get(key, 0) + 1
        except (TimeoutError, OSError):
            tally["still open at the end"] = tally.get("still open at the end", 0) + 1
        finally:
            writer.transport.abort()

    await asyncio.gather(*(watch(*o) for o in opened))


async def flood_deep_json(args: argparse.Namespace, http: httpx2.AsyncClient, end: float,
                          tally: dict[str, int]) -> None:
    deep_body = "[" * 8000 + "]" * 8000
    while time.monotonic() < end:
        response = await http.post("/api/games", content=deep_body,
                                   headers={"content-type": "application/json"})
        kind = response.headers.get("content-type", "").split(";")[0]
        tally[f"POST {response.status_code} {kind}"] = tally.get(
            f"POST {response.status_code} {kind}", 0) + 1
        game = (await http.post("/api/games", json={"opponents": ["greedy"]})).json()
        url = f"{args.ws_url}/ws/{game['game_id']}?token={game['token']}"
        try:
            async with connect(url, max_size=2**22) as ws:
                await ws.recv()
                await ws.send("[" * 2000 + "]" * 2000)
                while True:
                    message = json.loads(await asyncio.wait_for(ws.recv(), 10))
                    if message["type"] == "error":
                        tally["socket error message"] = tally.get("socket error message", 0) + 1
                        break
        except Exception as error:
            tally[f"socket {type(error).__name__}"] = tally.get(
                f"socket {type(error).__name__}", 0) + 1
        await asyncio.sleep(0.1)


async def flood_long_line(args: argparse.Namespace, end: float, tally: dict[str, int]) -> None:
    while time.monotonic() < end:
        reader, writer = await asyncio.open_connection(args.host, args.port)
        path = "/ws/x?token=" + "a" * 9000
        writer.write(
            f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{args.port}\r\nUpgrade: websocket\r\n"
            "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
            "Sec-WebSocket-Version: 13\r\n\r\n".encode()
        )
        try:
            head = await asyncio.wait_for(reader.readline(), 5)
            key = head.decode(errors="replace").strip()[:40] or "closed, no answer"
        except TimeoutError:
            key = "no answer in 5 s"
        tally[key] = tally.get(key, 0) + 1
        writer.transport.abort()
        await asyncio.sleep(0.1)


# -- the run ------------------------------------------------------------------------------


def percentiles(values: list[float]) -> str:
    """The median, 95th and 99th percentiles of ``values`` (seconds), as text."""
    if not values:
        return "-"
    return " / ".join(f"{quantile(values, q):.3f}" for q in (0.5, 0.95, 0.99)) + " s"


def start_server(args: argparse.Namespace, db_url: str) -> subprocess.Popen[bytes]:
    command = [sys.executable, "-m", "doublesix.cli", "serve", "--port", str(args.port),
               "--db", db_url, *args.serve_arg]
    # Every player comes from 127.0.0.1: the per-address bounds are raised to let them in,
    # and how often they create games is not bounded (each plays game after game).
    env = {**os.environ,
           "DOUBLESIX_GAMES_PER_HOUR_PER_ADDRESS": "0",
           "DOUBLESIX_GAMES_PER_HOUR_PER_BROWSER": "0",
           "DOUBLESIX_SOCKETS_PER_ADDRESS": str(args.clients + 200),
           "DOUBLESIX_CONNECTIONS_PER_ADDRESS": str(2 * args.clients + args.flood_count + 200)}
    if args.server_src:  # another checkout's server (an older commit's, to compare)
        env["PYTHONPATH"] = os.pathsep.join(
            [str(Path(args.server_src).resolve())] + [p for p in [env.get("PYTHONPATH")] if p])
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
                               if args.quiet_server else None, env=env)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SystemExit(f"the server exited: {command}")
        try:
            httpx2.get(f"http://{args.host}:{args.port}/api/options", timeout=2)
            return process
        except httpx2.TransportError:
            time.sleep(0.2)
    process.kill()
    raise SystemExit("the server did not answer")


async def run(args: argparse.Namespace, server_pid: int | None,
              proxy: Proxy | None) -> dict[str, Any]:
    results = Results()
    flood_tally: dict[str, int] = {}
    start = time.monotonic()
    end = start + args.duration
    limits = httpx2.Limits(max_connections=args.clients + 50)
    cpu_before = cpu_seconds(server_pid) if server_pid else 0.0
    own_cpu_before = own_cpu_seconds(server_pid) if server_pid else 0.0
    own_before = time.process_time()
    peak_rss = 0.0
    async with httpx2.AsyncClient(base_url=args.url, timeout=ANSWER_LIMIT, limits=limits) as http:
        rng = random.Random(args.seed)
        players = [Player(i, args, results, http, end, random.Random(rng.random()))
                   for i in range(args.clients)]
        tasks = []
        for player in players:
            tasks.append(asyncio.create_task(player.run()))
            await asyncio.sleep(args.ramp / max(1, args.clients))
        floods = []
        if args.flood == "hints":
            floods.append(asyncio.create_task(flood_hints(args, http, end, flood_tally)))
        elif args.flood == "idle":
            floods.append(asyncio.create_task(flood_idle(args, end, flood_tally)))
        elif args.flood == "deep-json":
            floods.append(asyncio.create_task(flood_deep_json(args, http, end, flood_tally)))
        elif args.flood == "long-line":
            floods.append(asyncio.create_task(flood_long_line(args, end, flood_tally)))

        async def outage() -> None:
            assert proxy is not None
            await asyncio.sleep(args.outage_at)
            for player in players:
                results.at_outage |= player.live
            if proxy.loop is not None:
                proxy.loop.call_soon_threadsafe(proxy.cut, args.outage)
            else:
                proxy.cut(args.outage)

        if proxy is not None and args.outage:
            floods.append(asyncio.create_task(outage()))
        while time.monotonic() < end:
            await asyncio.sleep(1)
            if server_pid:
                peak_rss = max(peak_rss, rss_mb(server_pid))
        # Let games in flight finish their current move (the players stop at the end).
        _done, pending = await asyncio.wait(tasks, timeout=ANSWER_LIMIT + 10)
        for task in pending:
            task.cancel()
        for task in floods:
            task.cancel()
        await asyncio.gather(*tasks, *floods, return_exceptions=True)
    elapsed = time.monotonic() - start
    cpu = (cpu_seconds(server_pid) - cpu_before) if server_pid else 0.0
    own_cpu = (own_cpu_seconds(server_pid) - own_cpu_before) if server_pid else 0.0
    summary = {
        "clients": args.clients,
        "think": args.think,
        "mix": args.mix,
        "duration": round(elapsed, 1),
        "act": percentiles(results.acts),
        "ack": percentiles(results.acks),
        "act_p95": _p(results.acts, 0.95),
        "ack_p95": _p(results.acks, 0.95),
        "moves": results.moves,
        "moves_per_s": round(results.moves / args.duration, 2),
        "games": f"{results.games_finished} finished of {results.games_started}",
        "errors": results.errors,
        "notices": results.notices,
        "server_cpu": f"{100 * cpu / elapsed:.0f}% of one core" if server_pid else "-",
        # Per move of the players: the server process's own CPU (its event loop and database
        # threads), and its children's (the search processes and their fork server).
        "cpu_per_move": (
            f"{1000 * cpu / max(1, results.moves):.1f} ms: server process "
            f"{1000 * own_cpu / max(1, results.moves):.1f}, search processes "
            f"{1000 * (cpu - own_cpu) / max(1, results.moves):.1f}" if server_pid else "-"
        ),
        "server_ms_per_move": round(1000 * own_cpu / max(1, results.moves), 2),
        "search_ms_per_move": round(1000 * (cpu - own_cpu) / max(1, results.moves), 2),
        "server_rss_mb": round(peak_rss),
        # The players share the machine with the server: their own CPU, for the record.
        "client_cpu": f"{100 * (time.process_time() - own_before) / elapsed:.0f}% of one core",
        "flood": flood_tally,
    }
    if proxy is not None and args.outage:
        summary["outage"] = (
            f"{len(results.at_outage & results.finished_ids)} of {len(results.at_outage)} games "
            "in play at the outage finished"
        )
    return summary


def _p(values: list[float], q: float) -> float | None:
    """The ``q`` quantile of ``values``, to the millisecond; None when there are none."""
    return round(quantile(values, q), 3) if values else None


def demand(games: int, mix: str, seed: int) -> None:
    """Print the computers' CPU time per person move over ``games`` one-hand games of ``mix``
    (the players chosen and seeded as the server's search processes do)."""
    from doublesix import Match, Move, Rules
    from doublesix.ai import player
    from doublesix.ai.seeding import move_rng, player_options

    person_moves = 0
    spent: dict[str, float] = {}
    for number in range(games):
        body = MIXES[mix][number % len(MIXES[mix])]
        rules = Rules.variant(body["variant"], players=body["players"], target=0)
        match = Match(rules, seed=seed + number)
        rng = random.Random(seed + number)
        while match.turn is not None:
            seat = match.turn
            moves = match.legal_moves()
            if seat == 0:
                person_moves += moves != [Move.pass_()]
                match.play(rng.choice(moves))
                continue
            kind = body["opponents"][seat - 1]
            started = time.process_time()
            move = player(kind, **player_options(kind, False)).choose(
                match.view(seat), move_rng(match.seed, match.hand_number, seat,
                                           len(match.history)))
            spent[kind] = spent.get(kind, 0.0) + time.process_time() - started
            match.play(move)
    total = sum(spent.values())
    print(f"{games} one-hand games of the {mix!r} mix: {person_moves} moves of the person, "
          f"the computers' CPU {total:.1f} s, {1000 * total / max(1, person_moves):.0f} ms a "
          f"person move ({', '.join(f'{k} {v:.1f} s' for k, v in sorted(spent.items()))}); "
          f"load average {load_average()}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clients", type=int, default=10)
    parser.add_argument("--duration", type=float, default=30.0, help="seconds (default 30)")
    parser.add_argument("--think", type=float, default=0.0,
                        help="mean seconds a player waits before each move (default 0)")
    parser.add_argument("--mix", choices=sorted(MIXES), default="standard")
    parser.add_argument("--target", type=int, default=0, help="game target (default 0: a hand)")
    parser.add_argument("--ramp", type=float, default=2.0,
                        help="seconds over which the players arrive (default 2)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--url", default=None, help="a running server (default: start one)")
    parser.add_argument("--db", default=None,
                        help="the started server's --db (default: a new SQLite file)")
    parser.add_argument("--serve-arg", action="append", default=[],
                        help="another argument for doublesix serve (repeatable)")
    parser.add_argument("--server-src", default=None, metavar="DIR",
                        help="run the server from this source directory (another checkout's "
                        "src/, e.g. an older commit's, to compare)")
    parser.add_argument("--flood", choices=["hints", "idle", "deep-json", "long-line"])
    parser.add_argument("--flood-count", type=int, default=400,
                        help="connections of the idle flood (default 400)")
    parser.add_argument("--outage", type=float, default=0.0,
                        help="seconds the database is away (PostgreSQL --db only)")
    parser.add_argument("--outage-at", type=float, default=10.0)
    parser.add_argument("--quiet-server", action="store_true")
    parser.add_argument("--json", default=None, help="also write the summary to this file")
    parser.add_argument("--demand", type=int, default=0, metavar="GAMES",
                        help="start no server: the computers' CPU per person move over GAMES "
                        "games of the mix, in this process")
    args = parser.parse_args(argv)
    if args.demand:
        demand(args.demand, args.mix, args.seed)
        return 0

    load_before = load_average()
    server = None
    proxy: Proxy | None = None
    loop = asyncio.new_event_loop()
    try:
        if args.url is None:
            args.port = free_port()
            args.host = "127.0.0.1"
            args.url = f"http://127.0.0.1:{args.port}"
            db = args.db
            if db is None:
                db = str(Path(tempfile.mkdtemp(prefix="web-load-")) / "games.sqlite3")
            if args.outage:
                if "://" not in db or not db.startswith("postgresql"):
                    parser.error("--outage needs a PostgreSQL --db")
                parts = urlsplit(db)
                proxy = Proxy(parts.hostname or "127.0.0.1", parts.port or 5432)
                # The proxy runs in a thread of its own: the server needs it while it starts.
                proxy_loop = asyncio.new_event_loop()
                threading.Thread(target=proxy_loop.run_forever, daemon=True).start()
                asyncio.run_coroutine_threadsafe(proxy.start(), proxy_loop).result(10)
                proxy.loop = proxy_loop
                db = db.replace(f"{parts.hostname}:{parts.port or 5432}",
                                f"127.0.0.1:{proxy.port}", 1)
            server = start_server(args, db)
        else:
            parts = urlsplit(args.url)
            args.host, args.port = parts.hostname or "127.0.0.1", parts.port or 80
        args.ws_url = "ws" + args.url[len("http"):]
        summary = loop.run_until_complete(run(args, server.pid if server else None, proxy))
    finally:
        if server is not None:
            server.terminate()
            try:
                server.wait(timeout=30)
            except subprocess.TimeoutExpired:
                server.kill()
        if proxy is not None and proxy.loop is not None:
            asyncio.run_coroutine_threadsafe(proxy.close(), proxy.loop).result(10)
            proxy.loop.call_soon_threadsafe(proxy.loop.stop)
        loop.close()
    summary["load_average"] = f"{load_before} -> {load_average()}"
    for key, value in summary.items():
        if key in ("act_p95", "ack_p95", "server_ms_per_move", "search_ms_per_move"):
            continue
        print(f"{key:>14}: {value}")
    if args.json:
        Path(args.json).write_text(json.dumps(summary, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
