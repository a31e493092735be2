"""A computer for someone away from a web table, from the terminal (``computer NAME``).

The browser's "Let a computer play for Bea" (``web/static/standins.js``) in lines: once a person
has been away the table's ``handover_after`` seconds, the others at the table are told once
(:meth:`Handovers.notices`) that a computer may play for them, with the command to type; and
``computer Bea`` (``computer Bea expert`` for another player) gives the server's ``seat``
message (:meth:`Handovers.request`).  The server decides; this only reads the table it last
sent (``docs/protocol.md``: each seat's ``person``, ``joined``, ``connected``, ``away`` and
``stand_in``) and the time since, on a clock the tests replace, so that a clear sentence comes
before a refusal would.

>>> seat = TableSeat(seat=0, name="Ana", person=True, joined=True, connected=True, away=0,
...                  stand_in=None, again=False, words=None)
>>> away = seat.model_copy(update={"seat": 1, "name": "Bea", "connected": False, "away": 50})
>>> table = Table.model_construct(stage="playing", handover_after=60, seats=[seat, away])
>>> now = [100.0]
>>> handovers = Handovers(lambda: now[0])
>>> handovers.update(table, 0)
>>> handovers.notices(), handovers.wait()
([], 10.0)
>>> now[0] += 10
>>> handovers.notices()
['Bea has been away a minute: you may let a computer play for Bea. Type: computer Bea.']
>>> handovers.notices(), handovers.wait() is None
([], True)
>>> handovers.request("bea snow white")
(SeatMessage(type='seat', seat=1, player='snow-white'), 'Asking Snow White to play for Bea.')
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Final

from doublesix.ai import PLAYERS
from doublesix.protocol.messages import SeatMessage
from doublesix.protocol.pictures import Table, TableSeat
from doublesix.protocol.wire import OFFERED_PLAYERS, PLAYING
from doublesix.words import players, tabletalk
from doublesix.words.i18n import _

#: Seconds a person is away before a computer may play for them, when the table does not say
#: (the server's default ``handover_after``).
HANDOVER_AFTER: Final = 60.0


class HandoverError(ValueError):
    """A ``computer`` command that cannot be sent now; the message says why."""


def _key(text: str) -> str:
    """``text`` compared without case, spaces or hyphens' differences."""
    return " ".join(text.replace("-", " ").lower().split())


#: Each player's name and label as typed, to its name.
_PLAYER_OF: Final = {
    key: name
    for name in PLAYERS
    for key in (_key(name), _key(players.label(name)))
}


def player_named(text: str) -> str | None:
    """The computer player ``text`` names (its name or its label), or None.

    >>> player_named("Snow White"), player_named("expert-quick"), player_named("Quick Expert")
    ('snow-white', 'expert-quick', 'expert-quick')
    >>> player_named("Zorro") is None
    True
    """
    return _PLAYER_OF.get(_key(text))


def is_away(seat: TableSeat) -> bool:
    """Whether ``seat`` is a person who took it and has no socket at the table now."""
    return seat.person and seat.joined and not seat.connected


class Handovers:
    """Who is away at the table last sent, since when, and who the person was told of."""

    def __init__(self, clock: Callable[[], float]) -> None:
        self.clock = clock
        #: The table last sent (None: none yet), the seat of the person, and the clock's time
        #: when the table came.
        self.table: Table | None = None
        self.me = -1
        self.received = 0.0
        #: Seats the person was told a computer may play for, in their absence now.
        self.told: set[int] = set()

    def update(self, table: Table, me: int) -> None:
        """A table came (in a picture, or a ``table`` message) for the person in seat ``me``."""
        self.table, self.me, self.received = table, me, self.clock()
        for seat in self.seats():
            if not is_away(seat) or seat.stand_in:
                self.told.discard(seat.seat)  # a new absence is told again

    def seats(self) -> list[TableSeat]:
        """The table's seats."""
        return [] if self.table is None else list(self.table.seats)

    @property
    def after(self) -> float:
        """Seconds away after which a computer may play for a person."""
        return HANDOVER_AFTER if self.table is None else self.table.handover_after

    def away(self, seat: TableSeat) -> int:
        """Whole seconds the person of ``seat`` has been away now (0: they are here)."""
        if not is_away(seat):
            return 0
        return seat.away + max(0, int(self.clock() - self.received))

    def waiting_for(self) -> list[TableSeat]:
        """The others away whom no computer plays for yet, while a game is in play."""
        if self.table is None or self.table.stage != PLAYING:
            return []
        return [seat for seat in self.seats()
                if seat.seat != self.me and is_away(seat) and not seat.stand_in]

    def notices(self) -> list[str]:
        """What to tell the person now, once for each absence: that a computer may play for
        someone, and the command."""
        said = []
        for seat in self.waiting_for():
            number, away = seat.seat, self.away(seat)
            if number not in self.told and away >= self.after:
                self.told.add(number)
                said.append(tabletalk.may_stand_in(seat.name, away))
        return said

    def wait(self) -> float | None:
        """Seconds until the next notice is due (None: none is to come)."""
        due = [self.received + math.ceil(self.after - seat.away)
               for seat in self.waiting_for() if seat.seat not in self.told]
        return None if not due else max(0.0, min(due) - self.clock())

    def help_line(self) -> str | None:
        """The ``computer`` command's line in ``help``, its example naming another person at
        the table; None at a table with no other person (a computer plays only for one)."""
        others = [seat.name for seat in self.seats() if seat.person and seat.seat != self.me]
        if not others:
            return None
        return tabletalk.computer_help(self.after, OFFERED_PLAYERS, others[0])

    def request(self, text: str) -> tuple[SeatMessage, str]:
        """The ``seat`` message for ``computer`` followed by ``text`` (a seat's name, then
        perhaps a player's), and what to say as it is sent; :class:`HandoverError` with a
        clear sentence when it cannot be."""
        words = text.split()
        seats = self.seats()
        others = [s.name for s in seats if s.seat != self.me]
        named: tuple[TableSeat, str | None] | None = None
        for cut in range(len(words), 0, -1):
            name, rest = _key(" ".join(words[:cut])), " ".join(words[cut:])
            found = [s for s in seats if _key(s.name) == name]
            if found:
                named = (found[0], rest or None)
                break
        if not words:
            away = [s.name for s in self.waiting_for()]
            raise HandoverError(tabletalk.nobody_called("", away or others))
        if named is None:
            cut = next((k for k in range(1, len(words)) if player_named(" ".join(words[k:]))),
                       len(words))
            raise HandoverError(tabletalk.nobody_called(" ".join(words[:cut]), others))
        seat, typed = named
        player = OFFERED_PLAYERS[0] if typed is None else player_named(typed)
        if player is None:
            raise HandoverError(tabletalk.no_such_player(str(typed), OFFERED_PLAYERS))
        self.check(seat)
        label = players.label(player)
        return (SeatMessage(type="seat", seat=seat.seat, player=player),
                tabletalk.asking_to_stand_in(label, seat.name))

    def check(self, seat: TableSeat) -> None:
        """:class:`HandoverError` unless a computer may play for ``seat`` now."""
        name = seat.name
        if self.table is None or self.table.stage != PLAYING:
            raise HandoverError(_(tabletalk.NOT_IN_PLAY))
        if seat.seat == self.me:
            raise HandoverError(_(tabletalk.NOT_FOR_YOU))
        if not seat.person:
            raise HandoverError(tabletalk.is_a_computer(name))
        stand_in = seat.stand_in
        if stand_in:
            raise HandoverError(tabletalk.already_stands_in(players.label(stand_in), name))
        if not is_away(seat):
            raise HandoverError(tabletalk.not_away(name))
        away = self.away(seat)
        if away < self.after:
            raise HandoverError(tabletalk.away_too_short(name, away, self.after))

