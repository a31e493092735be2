"""The rules of a table for people (``docs/protocol.md``, "Tables for people").

The host sets a table with invitations; each invited person takes a seat by its code
(:meth:`Tables.join`); the host starts the game once every seat is held, or gives an empty
seat to a computer player; once the game is on, anyone at the table may give a person away for
``handover_after`` seconds a computer stand-in; a person who comes back takes the seat back;
once the game is over and every person at the table asked to play again, a new game with the
same seats starts, a computer standing in at once for each person who had left (so the new game
never waits for a seat nobody can play).  What the others are told is said by
:mod:`doublesix.words.tabletalk`.
"""

from __future__ import annotations

import contextlib
import functools
import hmac
import logging
import time
from typing import Any, Final

from doublesix.engine.match import Match
from doublesix.protocol.wire import HUMAN, PLAYING, WAITING
from doublesix.web.play import gameinfo, pictures
from doublesix.web.play.live import Game, LiveGames, Said, new_game_id, new_token
from doublesix.web.routes.bodies import distinct_name
from doublesix.web.routes.errors import GameNotFoundError, NotNowError, UnavailableError
from doublesix.web.settings import Settings
from doublesix.web.storage.saving import Saving, finish_columns
from doublesix.web.storage.store import SavedGame, Seat, Table, digest
from doublesix.words import players, refusals, tabletalk
from doublesix.words.i18n import _

log = logging.getLogger("doublesix.web")

#: Who plays for a person who had left when a table plays again (unless a computer already
#: stood in for them, or the table has computer players: then the first of those).
STAND_IN: Final = "pinocchio"


class Tables:
    """The tables for people among the live games: invitations, joining, the host's
    ``start`` and ``seat``, stand-ins (anyone's ``seat`` once the game is on), and playing
    again."""

    def __init__(self, live: LiveGames, saving: Saving, settings: Settings) -> None:
        self.live = live
        self.saving = saving
        self.settings = settings

    # -- invitations ----------------------------------------------------------------------

    def _invited(self, game: Game, code: str) -> int:
        """The seat an invitation code opens (:class:`GameNotFoundError` if none; compared
        in constant time, as bytes: any text may be given)."""
        given = code.encode("utf-8", "surrogatepass")
        for seat, held in enumerate(game.saved.seats):
            if held.invite is not None and hmac.compare_digest(held.invite.encode(), given):
                return seat
        raise GameNotFoundError(game.id)

    async def invitation(self, owner: str, game_id: str, code: str) -> dict[str, Any]:
        """``GET /api/join/{game_id}/{code}``: the table as its invitation shows it."""
        game = await self.live.get(game_id)
        try:
            seat = self._invited(game, code)
            held = game.saved.seats[seat]
            game.refresh_presence()
            table = game.info.table
            assert table is not None
            return {
                "game_id": game.id,
                "seat": seat,
                "partner": game.match.rules.partner_of(seat),
                "rules": pictures.rules_json(game.match.rules),
                "table": table.to_json(seat, game.id, game.is_over),
                "taken": held.kind != HUMAN or held.token_hash is not None,
                "yours": held.owner == digest(owner),
                "over": game.is_over,
                "words": tabletalk.invitation_words(
                    [tabletalk.SeatFacts(s.name, s.person, s.joined) for s in table.seats],
                    table.host, seat, game.match.rules.partner_of(seat),
                    pictures.rules_words(game.match.rules)["caption"],
                    taken=held.kind != HUMAN or held.token_hash is not None,
                    over=game.is_over),
                "rules_words": pictures.rules_words(game.match.rules),
            }
        finally:
            self.live.forget_if_idle(game)

    async def join(
        self, owner: str, game_id: str, code: str, name: str
    ) -> tuple[int, str, bool]:
        """Take the seat of an invitation: ``(seat, token, first)``.  The browser that took it
        gets a fresh token again (``first`` False); anyone else :class:`NotNowError`."""
        game = await self.live.get(game_id)
        mine = digest(owner)
        try:
            async with game.lock:
                seat = self._invited(game, code)
                held = game.saved.seats[seat]
                if game.is_over:
                    raise NotNowError(_(refusals.GAME_OVER))
                if held.kind != HUMAN:
                    raise NotNowError(_(refusals.SEAT_TO_COMPUTER))
                first = held.token_hash is None
                if not first and held.owner != mine:
                    raise NotNowError(_(refusals.INVITATION_USED))
                token = new_token()
                others = [s.name for i, s in enumerate(game.saved.seats)
                          if i != seat and s.joined]

                def take() -> None:
                    if first:
                        held.name, held.owner = distinct_name(name, others), mine
                    held.token_hash = digest(token)

                await self.saving.change_table(game, take)
                if first:
                    game.away_since[seat] = time.monotonic()
                    game.tell_table(functools.partial(tabletalk.joined, held.name), about=seat)
                    game.send_states()
                else:
                    game.close_stale_seats()
            if first:
                with contextlib.suppress(UnavailableError):
                    await self.saving.run(self.saving.store.add_seat_owner, game.id, seat, mine)
        finally:
            self.live.forget_if_idle(game)
        return seat, token, first

    # -- people coming and going ----------------------------------------------------------

    async def arrived(self, game: Game, seat: int) -> Said | None:
        """A person's socket opened at a table: they are back (their stand-in leaves).  What
        the others are told, said in each one's language (None: nothing, on a first
        visit)."""
        if game.saved.table is None:
            return None
        held = game.saved.seats[seat]
        back = game.returned(seat)
        text: Said | None = None
        if held.stand_in is not None:
            stand_in = held.stand_in
            try:
                await self.saving.change_table(game, lambda: setattr(held, "stand_in", None))
                name = held.name
                text = lambda: tabletalk.takes_back(name, players.label(stand_in))  # noqa: E731
            except NotNowError:
                log.warning("game %s: %s's stand-in could not leave", game.id, held.name)
        elif back:
            text = functools.partial(tabletalk.back, held.name)
        return text

    def left(self, game: Game) -> None:
        """After a person left a table: a finished one may now play again."""
        if game.is_over and game.saved.table is not None and game.saved.table.again:
            self.live.spawn(self._left_finished_table(game))

    async def _left_finished_table(self, game: Game) -> None:
        """Someone left a finished table: if everyone still there has asked to play again,
        the new game starts now."""
        async with game.lock:
            try:
                await self._play_again_if_agreed(game)
            except NotNowError as error:
                log.warning("game %s: playing again failed: %s", game.id, error)

    # -- the host's and the players' messages ---------------------------------------------

    async def act(self, game: Game, seat: int, message: gameinfo.ClientMessage) -> None:
        """``start``, ``seat`` and ``again`` (``docs/protocol.md``, "Tables for people")."""
        table = game.saved.table
        if table is None:
            raise NotNowError(refusals.only_tables(message.kind))
        if message.kind == "again":
            await self._again(game, seat)
            return
        if message.kind == "start" or table.stage == WAITING:
            if seat != table.host:
                raise NotNowError(_(refusals.ONLY_HOST))
            if message.kind == "start":
                await self._start(game, table)
                return
        target, player = message.seat, message.player
        assert target is not None and player is not None
        await self._give_seat(game, table, seat, target, player)

    async def _start(self, game: Game, table: Table) -> None:
        if table.stage != WAITING:
            raise NotNowError(_(refusals.ALREADY_STARTED))
        if not all(held.joined for held in game.saved.seats):
            raise NotNowError(_(refusals.SEATS_NOT_TAKEN))
        await self.saving.change_table(game, lambda: setattr(table, "stage", PLAYING))
        game.tell_table(lambda: _(tabletalk.STARTS))
        game.send_states()

    async def _give_seat(
        self, game: Game, table: Table, asker: int, target: int, player: str
    ) -> None:
        """The host gives an invited person's seat to a computer player for good in the
        waiting room; once the game is on, anyone at the table (``asker``) may give a person
        away long enough a computer stand-in, the host's seat too."""
        seats = game.saved.seats
        if table.stage == WAITING:
            if target >= len(seats) or target == table.host or seats[target].kind != HUMAN:
                raise NotNowError(_(refusals.ONLY_INVITED))
        elif target >= len(seats) or target == asker or seats[target].kind != HUMAN:
            raise NotNowError(_(refusals.ONLY_AWAY))
        held = seats[target]
        label = players.label(player)  # the seat's name for good, said in the host's language
        if table.stage == WAITING:
            if held.joined:
                raise NotNowError(tabletalk.seat_taken(held.name))
            name = distinct_name(label, [s.name for i, s in enumerate(seats) if i != target])

            def give() -> None:
                held.kind, held.name = player, name

            await self.saving.change_table(game, give)
            game.tell_table(functools.partial(tabletalk.seat_given, target, name))
            return
        if game.is_over:
            raise NotNowError(_(refusals.GAME_OVER))
        if game.connected(target) or held.stand_in is not None:
            raise NotNowError(tabletalk.at_the_table(held.name))
        game.refresh_presence()
        away = game.info.table.away.get(target, 0) if game.info.table else 0
        if away < self.settings.handover_after:
            raise NotNowError(tabletalk.not_away_long(held.name, away,
                                                      self.settings.handover_after))
        await self.saving.change_table(game, lambda: setattr(held, "stand_in", player))
        name = held.name
        game.tell_table(lambda: tabletalk.stands_in(players.label(player), name))

    # -- playing again --------------------------------------------------------------------

    async def _again(self, game: Game, seat: int) -> None:
        """A person asks to play again; once every person at the table (with a socket open)
        has, a new game with the same seats starts and everyone is sent to it."""
        table = game.saved.table
        assert table is not None
        if not game.is_over:
            raise NotNowError(_(refusals.AGAIN_WHEN_OVER))
        if table.next_game is not None:
            game.tell_each(functools.partial(again_message, table.next_game))
            return
        held = game.saved.seats[seat]
        if seat not in table.again:
            await self.saving.change_table(game, lambda: table.again.append(seat))
        game.tell_table(functools.partial(tabletalk.wants_again, held.name), about=seat)
        await self._play_again_if_agreed(game)

    async def _play_again_if_agreed(self, game: Game) -> None:
        """Once every person at the finished table (with a socket open anywhere) has asked to
        play again, and someone has, start a new game with the same seats and send everyone
        to it; a computer plays at once for each person who had left (:func:`stand_in_for`),
        until they come back, and everyone is told.  Checked when someone asks, and when
        someone leaves without asking."""
        table = game.saved.table
        if table is None or not game.is_over or table.next_game is not None or not table.again:
            return
        present = {i for i, s in enumerate(game.saved.seats)
                   if s.kind == HUMAN and game.connected(i)}
        if not present <= set(table.again):
            return
        old = game.saved
        match = Match(game.match.rules)
        seats = [Seat(s.name, s.kind, s.token_hash, owner=s.owner,
                      stand_in=None if s.kind != HUMAN or i in present
                      else stand_in_for(old.seats, i))
                 for i, s in enumerate(old.seats)]
        new = SavedGame(id=new_game_id(), owner=old.owner, variant=old.variant, seats=seats,
                        match=match.to_json(), scores=match.scores,
                        table=Table(host=table.host, stage=PLAYING, previous=old.id,
                                    public=table.public, rated=table.rated))
        finish_columns(new, match)
        store = self.saving.store
        try:
            await self.saving.run(store.insert, new)
            for i, s in enumerate(seats):
                if s.owner is not None and i != table.host:
                    await self.saving.run(store.add_seat_owner, new.id, i, s.owner)
        except UnavailableError:
            raise NotNowError(_(refusals.UNAVAILABLE)) from None
        await self.saving.change_table(game, lambda: setattr(table, "next_game", new.id))
        stand_ins = [(s.stand_in, s.name) for s in seats if s.stand_in is not None]
        game.tell_each(lambda: again_message(new.id, tabletalk.again_agreed(
            [(players.label(kind), name) for kind, name in stand_ins])))


def stand_in_for(seats: list[Seat], seat: int) -> str:
    """The computer player that stands in for the person of ``seat`` in a new game they did
    not come to: the one that played for them already, else the table's first computer
    player, else :data:`STAND_IN`.

    >>> seats = [Seat("Ana", HUMAN), Seat("Bea", HUMAN, stand_in="expert"),
    ...          Seat("Greedy", "greedy")]
    >>> stand_in_for(seats, 1), stand_in_for(seats, 0), stand_in_for(seats[:1], 0)
    ('expert', 'greedy', 'pinocchio')
    """
    computers = [s.kind for s in seats if s.kind != HUMAN]
    return seats[seat].stand_in or (computers[0] if computers else STAND_IN)


def again_message(game_id: str, text: str | None = None) -> dict[str, Any]:
    """The ``again`` message: everyone at the table goes on to the new game ``game_id``
    (``text``: :func:`doublesix.words.tabletalk.again_agreed`, with its stand-ins; None: with
    none), in the current language.

    >>> again_message("g2")["text"]
    'Everyone agreed: a new game starts.'
    """
    return {"type": "again", "game_id": game_id,
            "text": _(tabletalk.AGAIN_AGREED) if text is None else text}
