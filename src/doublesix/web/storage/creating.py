"""A new game's stored row: its seats, tokens and invitations, before it is saved.

>>> from doublesix import Rules
>>> saved, token, invites = new_game("cookie", Match(Rules.variant("draw", players=3), seed=1),
...                                  ("person", "greedy"), name="Ana")
>>> [(s.name, s.kind) for s in saved.seats], saved.table is not None
([('Ana', 'human'), ('Seat 2', 'human'), ('Greedy', 'greedy')], True)
>>> invites[0]["url"] == f"/join/{saved.id}/{invites[0]['code']}"
True
"""

from __future__ import annotations

from typing import Any

from doublesix.engine.match import Match
from doublesix.protocol.wire import HUMAN, PERSON
from doublesix.web.play import gameinfo
from doublesix.web.play.live import new_game_id, new_invite, new_token
from doublesix.web.routes.bodies import HOST_NAME, distinct_name
from doublesix.web.storage.saving import finish_columns
from doublesix.web.storage.store import SavedGame, Seat, Table, digest
from doublesix.words import players, results, tabletalk


def new_game(
    owner: str,
    match: Match,
    opponents: tuple[str, ...],
    *,
    daily: str | None = None,
    first_attempt: bool = False,
    name: str | None = None,
    public: bool = False,
    rated: bool = True,
) -> tuple[SavedGame, str, list[dict[str, Any]]]:
    """A game of ``match`` with a person in seat 0 (set up by the browser ``owner``):
    ``(saved, token, invites)``, the token being seat 0's.

    ``opponents`` holding :data:`~doublesix.protocol.wire.PERSON` sets a table for people: seat 0 is
    its host (called ``name``), each person seat gets an invitation (``invites``:
    ``{"seat", "code", "url"}``), and the game waits for the host to start it; ``public``
    lists it in the lobby, and ``rated`` False makes its games casual."""
    token = new_token()
    # Computer seats carry their players' labels, numbered when one comes again.
    computers = results.name_seats([players.label(kind) for kind in opponents
                                  if kind != PERSON])
    people = PERSON in opponents
    host = distinct_name(name or HOST_NAME, computers) if people else gameinfo.YOU
    seats = [Seat(host, HUMAN, digest(token), owner=digest(owner) if people else None)]
    invites: list[dict[str, Any]] = []
    labels = iter(computers)
    for seat, kind in enumerate(opponents, 1):
        if kind == PERSON:
            code = new_invite()
            seats.append(Seat(tabletalk.seat_name(seat), HUMAN, invite=code))
            invites.append({"seat": seat, "code": code})
        else:
            seats.append(Seat(next(labels), kind))
    saved = SavedGame(id=new_game_id(), owner=digest(owner), variant=match.rules.name,
                      seats=seats, match=match.to_json(), scores=match.scores, daily=daily,
                      first_attempt=first_attempt,
                      table=Table(public=public, rated=rated) if people else None)
    for invite in invites:
        invite["url"] = gameinfo.invite_url(saved.id, invite["code"])
    finish_columns(saved, match)
    return saved, token, invites
