"""The base of every model of the protocol, and the small types the models share.

A :class:`Model` is a pydantic model that refuses fields it does not name (its JSON Schema says
``"additionalProperties": false``): what the server sends is exactly what the models say.  A
client that reads a newer server's messages reads them with :func:`read`, which ignores the
fields it does not know.  A field added to a message is one line in its model.

>>> class Seat(Model):
...     seat: int
...     name: str
>>> read(Seat, {"seat": 1, "name": "Bea", "newer": True})
Seat(seat=1, name='Bea')
>>> Seat.model_validate({"seat": 1, "name": "Bea", "newer": True})
Traceback (most recent call last):
...
pydantic_core._pydantic_core.ValidationError: 1 validation error for Seat
newer
  Extra inputs are not permitted ...
"""

from __future__ import annotations

from typing import Any, Final, Literal, TypeVar, get_args

from pydantic import BaseModel, ConfigDict

from doublesix.engine.events import KINDS
from doublesix.engine.layout import END_NAMES
from doublesix.engine.rules import VARIANTS

#: An open end of the layout, by name.
End = Literal["left", "right", "up", "down"]
#: What an event says happened (:data:`doublesix.engine.events.KINDS`).
EventKind = Literal["hand", "lay", "draw", "pass", "end", "over", "resign"]
#: A variant's name (:data:`doublesix.engine.rules.VARIANTS`).
Variant = Literal["draw", "block", "all-fives", "muggins", "partnership"]
#: A table's stage (:data:`doublesix.protocol.wire.WAITING` and the others).
Stage = Literal["waiting", "playing", "over"]

#: The engine's names, checked against the protocol's (one list, two spellings of its type).
ENGINE_NAMES: Final = {End: END_NAMES, EventKind: KINDS, Variant: VARIANTS}
assert all(get_args(kind) == names for kind, names in ENGINE_NAMES.items())


class Model(BaseModel):
    """A message, or a part of one: only the fields it names."""

    model_config = ConfigDict(extra="forbid")


M = TypeVar("M", bound=BaseModel)


def read(model: type[M], data: Any) -> M:
    """``data`` (JSON data from a server) as ``model``, ignoring the fields this release does
    not know (a newer server may send more); ``pydantic.ValidationError`` if it does not fit."""
    return model.model_validate(data, extra="ignore")
