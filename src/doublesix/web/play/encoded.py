"""Messages encoded once: every socket sent the same message is sent the same text.

A socket's messages are JSON text.  A picture and an event go to every socket of a seat (a
person's tabs, the same view), a notice to every socket at the table: an :class:`Encoded`
message works out its text the first time it is sent and every later socket is sent that
same text, not an encoding of its own.  A message that holds an :class:`Encoded` value (an
event message and the seat's picture after it) splices that value's text in, so a picture is
encoded once per state and view however many messages and sockets carry it.

What one seat may see is never in another seat's message: a message is shared only among the
sockets of one view (:meth:`doublesix.web.play.live.Game.broadcast` keys them by seat).

>>> picture = Encoded({"hand": ["6-6"], "turn": 0})
>>> message = Encoded({"type": "state", "state": picture})
>>> message.text
'{"type":"state","state":{"hand":["6-6"],"turn":0}}'
>>> message.text is message.text and text_of(message) is message.text
True
>>> text_of({"type": "hint", "text": "Lay 6-6."})
'{"type":"hint","text":"Lay 6-6."}'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import orjson


def dumps(data: Any) -> str:
    """``data`` as compact JSON text, as the sockets send it: the text of
    ``json.dumps(data, separators=(",", ":"), ensure_ascii=False)``, by orjson (a tenth of
    the time); number keys are written as strings, as ``json`` writes them.

    >>> dumps({"name": "Zoë", "seats": [0, 2], "away": {1: 30}})
    '{"name":"Zoë","seats":[0,2],"away":{"1":30}}'
    """
    return orjson.dumps(data, option=orjson.OPT_NON_STR_KEYS).decode()


class Encoded(dict[str, Any]):
    """A message (or a picture) whose JSON text is worked out once, when it is first needed.

    It is a dict, read as any message is; once sent it must not be changed (its text would
    no longer say it)."""

    __slots__ = ("_text",)

    def __init__(self, *args: Any, **fields: Any) -> None:
        super().__init__(*args, **fields)
        self._text: str | None = None

    @property
    def text(self) -> str:
        """The message's JSON text, the same ``str`` every time it is asked."""
        if self._text is None:
            self._text = _encode(self)
        return self._text


def text_of(message: Mapping[str, Any]) -> str:
    """The JSON text a socket is sent for ``message``: an :class:`Encoded` message's own, else
    encoded now (its :class:`Encoded` values spliced in as their text)."""
    if isinstance(message, Encoded):
        return message.text
    return _encode(message)


def _encode(message: Mapping[str, Any]) -> str:
    if not any(isinstance(value, Encoded) for value in message.values()):
        return dumps(message)
    return "{" + ",".join(
        f"{dumps(key)}:{value.text if isinstance(value, Encoded) else dumps(value)}"
        for key, value in message.items()
    ) + "}"
