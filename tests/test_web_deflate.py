"""Per-message deflate where it pays (issue 41): on a real ``doublesix serve``, a socket that
negotiated compression gets its pictures compressed and its short messages (``thinking``)
uncompressed, and reads every one of them the same as ever."""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import httpx2
from websockets.extensions.permessage_deflate import (
    ClientPerMessageDeflateFactory,
    PerMessageDeflate,
)
from websockets.frames import Frame
from websockets.sync.client import connect

from doublesix.web.routes.deflate import SMALLEST
from tests.support.web import SeatSocket, Server, SyncSocket, free_port


class Spying(PerMessageDeflate):
    """The client's deflate, noting each message's RSV1 bit (compressed) and its length."""

    seen: list[tuple[bool, int]]

    def decode(self, frame: Frame, *, max_size: int | None = None) -> Frame:
        decoded = super().decode(frame, max_size=max_size)
        if frame.opcode.name in ("TEXT", "BINARY"):
            self.seen.append((frame.rsv1, len(decoded.data)))
        return decoded


class SpyingFactory(ClientPerMessageDeflateFactory):
    def __init__(self, seen: list[tuple[bool, int]]) -> None:
        super().__init__(client_max_window_bits=True)
        self.seen = seen

    def process_response_params(
        self, params: Sequence[tuple[str, str | None]], accepted_extensions: Sequence[Any]
    ) -> PerMessageDeflate:
        agreed = super().process_response_params(params, accepted_extensions)
        spy = Spying(agreed.remote_no_context_takeover, agreed.local_no_context_takeover,
                     agreed.remote_max_window_bits, agreed.local_max_window_bits)
        spy.seen = self.seen
        return spy


def test_pictures_are_compressed_and_short_messages_are_not(
    tmp_path: Path, servers: list[Server]
) -> None:
    server = Server(free_port(), tmp_path / "games.sqlite3")
    servers.append(server)
    created = httpx2.post(server.url + "/api/games", json={
        "variant": "all-fives", "players": 4, "target": 0, "seed": 3,
        "opponents": ["pinocchio", "buratino", "snow-white"],
    })
    assert created.status_code == 201
    game = created.json()
    seen: list[tuple[bool, int]] = []
    texts: list[str] = []
    ws_url = server.url.replace("http", "ws") + f"/ws/{game['game_id']}?token={game['token']}"
    with connect(ws_url, compression=None, extensions=[SpyingFactory(seen)]) as ws:
        class Recording(SyncSocket):
            def receive_json(self) -> Any:
                text = self.ws.recv(timeout=60)
                assert isinstance(text, str)
                texts.append(text)
                return json.loads(text)

        final = SeatSocket(Recording(ws)).play_out(random.Random(3))
    assert final["over"] or final["result"] is not None
    assert len(seen) >= len(texts) > 10  # (the socket may have had more when it closed)
    sizes = [len(text.encode()) for text in texts]
    assert [length for _, length in seen[:len(texts)]] == sizes  # each read whole, as sent
    short = [compressed for compressed, length in seen if length < SMALLEST]
    long = [compressed for compressed, length in seen if length >= SMALLEST]
    assert short and not any(short)  # the computers' "thinking" lines, sent as they are
    assert long and all(long)  # every picture compressed
    assert any(json.loads(text)["type"] == "thinking" for text in texts)
