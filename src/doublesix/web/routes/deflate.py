"""Per-message deflate where it pays (issue 41): pictures compressed, short messages not.

A picture is some kilobytes of JSON that deflate shrinks several times over (more on a
phone's slow link than the time it costs), but most of what a socket is sent is short: a
``thinking`` line, a notice, a chat line, a pong. Compressing a message of a few tens of
bytes costs the server a compressor's call and flush and saves the client a few bytes, if
any. RFC 7692 lets a server send any message uncompressed on a socket that negotiated
per-message deflate (the RSV1 bit says which are compressed), and every browser reads both:
:class:`SocketProtocol` is uvicorn's WebSocket protocol with that one change.

>>> from websockets.frames import Frame, Opcode
>>> deflate = ShortMessagesPlain(False, False, 12, 12, {"memLevel": 5})
>>> short = Frame(Opcode.TEXT, b'{"type":"thinking","seat":1}')
>>> deflate.encode(short) is short
True
>>> picture = Frame(Opcode.TEXT, b'{"type":"state","hand":["6-6","5-5"]}' * 20)
>>> sent = deflate.encode(picture)
>>> sent.rsv1, len(sent.data) < len(picture.data) // 4
(True, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.extensions.base import ServerExtensionFactory
from websockets.extensions.permessage_deflate import (
    PerMessageDeflate,
    ServerPerMessageDeflateFactory,
)
from websockets.frames import Frame, Opcode
from websockets.server import ServerProtocol

#: Messages shorter than this many bytes are sent as they are (uncompressed).
SMALLEST: Final = 256
#: zlib's compression level (uvicorn's default is zlib's, 6).
LEVEL: Final = 1


class ShortMessagesPlain(PerMessageDeflate):
    """Per-message deflate that sends a whole message shorter than :data:`SMALLEST` bytes
    uncompressed (its RSV1 bit clear); longer messages, and fragmented ones, as before."""

    def encode(self, frame: Frame) -> Frame:
        """The frame as sent: compressed, unless it is a short whole message."""
        if (frame.fin and frame.opcode in (Opcode.TEXT, Opcode.BINARY)
                and len(frame.data) < SMALLEST):
            return frame
        return super().encode(frame)


class ShortMessagesPlainFactory(ServerPerMessageDeflateFactory):
    """uvicorn's per-message deflate offer (the same window and memory), its extension
    :class:`ShortMessagesPlain`."""

    def __init__(self) -> None:
        super().__init__(server_max_window_bits=12, client_max_window_bits=12,
                         compress_settings={"memLevel": 5, "level": LEVEL})

    def process_request_params(
        self, params: Sequence[tuple[str, str | None]], accepted_extensions: Sequence[Any]
    ) -> tuple[list[tuple[str, str | None]], PerMessageDeflate]:
        """The negotiated parameters and the extension, as uvicorn's, short messages plain."""
        response, agreed = super().process_request_params(params, accepted_extensions)
        return response, ShortMessagesPlain(
            agreed.remote_no_context_takeover, agreed.local_no_context_takeover,
            agreed.remote_max_window_bits, agreed.local_max_window_bits,
            agreed.compress_settings)


class SocketProtocol(WebSocketsSansIOProtocol):
    """uvicorn's WebSocket protocol (``ws="websockets-sansio"``), its per-message deflate
    :class:`ShortMessagesPlain` (when ``ws_per_message_deflate`` is on, as by default)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if self.config.ws_per_message_deflate:
            extensions: list[ServerExtensionFactory] = [ShortMessagesPlainFactory()]
            self.conn = ServerProtocol(extensions=extensions, max_size=self.config.ws_max_size,
                                       logger=self.conn.logger)
