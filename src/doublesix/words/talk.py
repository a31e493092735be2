"""The game in sentences: short, consistent, the important thing first, for screen readers.

The one voice of doublesix: the terminal game, the web server (which sends these sentences to
the browser) and the adapters' text rendering all speak through this module, and none writes a
sentence of its own about the game.  A sentence is spoken to one seat: ``names`` holds every
seat's name as that seat hears it, ``"You"`` (:data:`YOU_NAME`) for itself.  Like the rest of
the core it is pure: the standard library only, no I/O.

>>> scores_sentence([0, 15, 5], ["You", "Expert", "Expert 2"], 100)
'Scores, playing to 100. You: 0, Expert: 15, Expert 2: 5.'
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence

from doublesix.engine.events import Event, public
from doublesix.engine.layout import Placed
from doublesix.engine.match import Match
from doublesix.engine.outcome import Ending
from doublesix.engine.rules import Rules
from doublesix.engine.summary import (
    HandOutcome,
    ScoreRow,
    hand_outcome,
    scoresheet,
    sides,
    tile_choices,
)
from doublesix.engine.tiles import Tile
from doublesix.engine.view import TableView, View
from doublesix.words import rulebook
from doublesix.words.endwords import end_name
from doublesix.words.eventwords import by, describe, end_words
from doublesix.words.i18n import N_, _, capital, ngettext, pgettext
from doublesix.words.names import YOU_NAME as YOU_NAME  # the person's name, re-exported
from doublesix.words.names import is_you, shown
from doublesix.words.results import side_name

#: The person's seat and name.
YOU = 0
#: The seat of someone at the table who holds none (a watcher): nothing is "yours".
NOBODY = -1

def variant_name(rules: Rules) -> str:
    """The variant's name as people write it (the catalogue's, :mod:`doublesix.words.rulebook`).

    >>> variant_name(Rules.variant("all-fives"))
    'All Fives'
    """
    return rulebook.variant_name(rules)


def verb(name: str, you: str, other: str) -> str:
    """``you`` after "You", else ``other``: ``verb("You", "have", "has")``."""
    return you if name == YOU_NAME else other


def listing(items: Sequence[str]) -> str:
    """Items joined with commas and a final "and".

    >>> listing(["6|4"]), listing(["6|4", "5|5"]), listing(["a", "b", "c"])
    ('6|4', '6|4 and 5|5', 'a, b and c')
    """
    if len(items) <= 1:
        return "".join(items)
    return _("{items} and {last}").format(items=", ".join(items[:-1]), last=items[-1])


def plural(count: int, word: str) -> str:
    """``1 tile``, ``2 tiles``: English only, for the sentences not yet marked for translation
    (a marked one says its number through :func:`doublesix.words.i18n.ngettext`).

    >>> plural(1, "tile"), plural(0, "pip")
    ('1 tile', '0 pips')
    """
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def tiles(count: int) -> str:
    """``1 tile``, ``2 tiles``, in the current language's plural rule.

    >>> tiles(1), tiles(0)
    ('1 tile', '0 tiles')
    """
    return ngettext("{count} tile", "{count} tiles", count).format(count=count)


def pips(count: int) -> str:
    """``1 pip``, ``0 pips``.

    >>> pips(1), pips(0)
    ('1 pip', '0 pips')
    """
    return ngettext("{count} pip", "{count} pips", count).format(count=count)


def points(count: int) -> str:
    """``1 point``, ``37 points``.

    >>> points(37)
    '37 points'
    """
    return ngettext("{count} point", "{count} points", count).format(count=count)


# -- what happened --------------------------------------------------------------------------


def seat_history(events: Sequence[Event], seat: int) -> list[Event]:
    """The referee's events as ``seat`` may know them: its own drawn tiles named, the others'
    hidden, and each run of another seat's draws merged into one event."""
    return list(public(events, seat))


def event_sentence(event: Event, names: Sequence[str]) -> str | None:
    """One sentence for a lay, draw or pass (None for the other kinds, told elsewhere)."""
    if event.kind not in ("lay", "draw", "pass"):
        return None
    return describe(event, names)


# -- the table ------------------------------------------------------------------------------


def ends_sentence(view: TableView) -> str:
    """The open ends, and the board count where it scores.  The spinner's arms before a tile
    is laid on them take its number but add nothing to the count, and are said apart.

    >>> from doublesix import Match, Rules
    >>> match = Match(Rules.variant("muggins"), seed=2)
    >>> ends_sentence(match.view(0))
    'Open ends: left 6, right 6. Board count 12.'

    Where the count is scored, a double across an end (it counts both halves) is said so:

    >>> match.play(match.legal_moves()[0])
    >>> ends_sentence(match.view(0))
    'Open ends: left 3, right double 6. Board count 15.'
    """
    layout = view.layout
    if layout.is_empty:
        return _("The table is empty.")
    arms = layout.placed()
    counted = []
    bare = []
    fives = view.rules.scoring == "fives"
    for name, number in layout.open_ends.items():
        if name in ("up", "down") and not arms[name]:
            bare.append(end_words(name))
        elif fives and _double_end(arms, name, layout.single):  # it counts both halves
            counted.append(_("{end} double {number}").format(end=end_words(name), number=number))
        else:
            counted.append(_("{end} {number}").format(end=end_words(name), number=number))
    text = _("Open ends: {ends}.").format(ends=", ".join(counted))
    if len(bare) > 1:
        text += " " + _("The spinner's bare arms, {first} and {second}, take {number}.").format(
            first=bare[0], second=bare[1], number=_a(layout.spinner))
    elif bare:
        text += " " + _("The spinner's bare arm, {end}, takes {number}.").format(
            end=bare[0], number=_a(layout.spinner))
    if view.rules.scoring == "fives":
        text += " " + _("Board count {count}.").format(count=view.board_count)
    return text


def _double_end(arms: dict[str, list[Placed]], name: str, single: bool) -> bool:
    """Whether a double lies across the open end ``name`` (``arms``: the layout's tiles by
    arm; ``single``: the opening tile is alone, and its two sides are said as two ends)."""
    if single:
        return False
    arm = arms[name] or arms["left"][:1]  # a bare side of the line is the opening tile's
    return arm[-1].tile.high == arm[-1].tile.low


def _a(number: int) -> str:
    """``a 6``, ``an 8``: a number as it is said after "a" (each language's own article)."""
    if number in (8, 11):
        # Translators: "an 8", "an 11": a number on a tile's half, with its article.
        return pgettext("number", "an {number}").format(number=number)
    return pgettext("number", "a {number}").format(number=number)


def any_of(numbers: Sequence[int]) -> str:
    """Numbers as "any of them" is said after "Nothing fits": ``a 6 or an 8``.

    >>> any_of([6, 8]), any_of([3])
    ('a 6 or an 8', 'a 3')
    """
    return functools.reduce(
        lambda first, second: _("{first} or {second}").format(first=first, second=second),
        [_a(n) for n in numbers])


def _pairs(names: Sequence[str], numbers: Sequence[int], rules: Rules | None = None) -> str:
    """``You: 0, Expert: 15``: names with their numbers, kept apart (a name may end in one);
    with ``rules`` of a team game, one pair a team (``You and Buratino: 30``).

    >>> _pairs(["You", "P", "B", "S"], [30, 5, 30, 5], Rules.variant("partnership"))
    'You and B: 30, P and S: 5'
    """
    pair = _("{name}: {number}")
    if rules is None or not rules.teams:
        return ", ".join(pair.format(name=shown(name), number=n)
                         for name, n in zip(names, numbers, strict=True))
    return ", ".join(pair.format(name=side_name(names, side), number=numbers[side[0]])
                     for side in sides(rules))


def scores_sentence(scores: Sequence[int], names: Sequence[str], target: int,
                    rules: Rules | None = None) -> str:
    """Every seat's score (every team's, with ``rules`` of a team game)."""
    if target:
        return _("Scores, playing to {target}. {scores}.").format(
            target=target, scores=_pairs(names, scores, rules))
    return _("Scores, one hand. {scores}.").format(scores=_pairs(names, scores, rules))


def counts_sentence(view: TableView, names: Sequence[str]) -> str:
    """How many tiles the others hold (every seat, to a watcher: a table's view), and the
    boneyard.

    >>> from doublesix import Match, Rules
    >>> match = Match(Rules.variant("draw"), seed=5)
    >>> counts_sentence(match.view(0), ["You", "Bea"])
    'Bea holds 7 tiles. Boneyard: 14 tiles.'
    >>> counts_sentence(match.table_view(), ["Ana", "Bea"])
    'Ana holds 6 tiles and Bea holds 7 tiles. Boneyard: 14 tiles.'
    """
    mine = view.seat if isinstance(view, View) else None
    parts = [holds(names[seat], size) for seat, size in enumerate(view.hand_sizes)
             if seat != mine]
    text = listing(parts) + "."
    if view.rules.drawing:
        text += " " + _("Boneyard: {tiles}.").format(tiles=tiles(view.boneyard_size))
    return capital(text)


def holds(name: str, count: int) -> str:
    """How many tiles a seat holds, as a clause ("Bea holds 7 tiles", "you hold 1 tile").

    >>> holds("Bea", 7), holds("You", 1)
    ('Bea holds 7 tiles', 'you hold 1 tile')
    """
    return by(name, ngettext("you hold {count} tile", "you hold {count} tiles", count),
              ngettext("{name} holds {count} tile", "{name} holds {count} tiles", count),
              count=count)


#: How a face with a Draw button (the browser) says to draw, where the terminal says to type it:
#: in the turn's announcement, and after the hand.
DRAW_BY_BUTTON = N_("draw from the boneyard with the Draw button")
DRAW_BUTTON_HINT = N_("Draw with the Draw button.")
#: How the terminal says to draw after the hand, when nothing fits.
TYPE_DRAW = N_("Type draw, or press Enter.")


def hand_sentence(view: View, mark: Callable[[str], str] = str, owner: str = YOU_NAME,
                  draw_words: str = TYPE_DRAW) -> str:
    """The seat's hand, highest first, each playable tile marked with where it fits; spoken
    to its ``owner`` ("Your hand") or about them by name ("Bea's hand"); ``draw_words`` say
    how to draw in this face when nothing fits.

    >>> from doublesix import Match, Rules
    >>> view = Match(Rules.variant("block", hand_size=2), seed=1).view(0)
    >>> hand_sentence(view), hand_sentence(view, owner="Bea")
    ('Your hand, 1 tile: 6|3.', "Bea's hand, 1 tile: 6|3.")
    """
    playable = tile_choices(view)
    leading = view.layout.is_empty
    parts = []
    for tile in view.hand:
        choice = playable.get(tile)
        if choice is None:
            parts.append(str(tile))
            continue
        if leading:
            scored = [lay.points for lay in choice.lays if lay.points]
            parts.append(mark(_("{tile} (scores {points})").format(tile=tile, points=scored[0])
                              if scored else str(tile)))
            continue
        wheres = [_("{end} (scores {points})").format(end=end_words(str(lay.end)),
                                                      points=lay.points)
                  if lay.points else end_words(str(lay.end)) for lay in choice.lays]
        parts.append(mark(_("{tile} fits {ends}").format(tile=tile, ends=listing(wheres))))
    count = len(view.hand)
    if is_you(owner):
        text = ngettext("Your hand, {count} tile: {tiles}.", "Your hand, {count} tiles: {tiles}.",
                        count).format(count=count, tiles=", ".join(parts))
    else:
        text = ngettext("{name}'s hand, {count} tile: {tiles}.",
                        "{name}'s hand, {count} tiles: {tiles}.",
                        count).format(name=owner, count=count, tiles=", ".join(parts))
    if view.turn == view.seat and not playable:
        moves = view.legal_moves()
        text += " " + _("Nothing fits.")
        if moves and moves[0].kind == "draw":
            text += " " + _(draw_words)
    return text


def board_lines(view: View) -> list[str]:
    """The tiles as they lie: the line from left to right, then the spinner's arms."""
    layout = view.layout
    if layout.is_empty:
        return [_("The table is empty.")]
    arms = layout.placed()
    line = [_shown(p, "left") for p in reversed(arms["left"][1:])]
    opener = arms["left"][0].tile
    line.append(f"{opener.high}|{opener.low}")
    line += [_shown(p, "right") for p in arms["right"]]
    lines = [_("The line, from left to right: {tiles}.").format(tiles=", ".join(line))]
    if layout.spinner >= 0:
        lines.append(_("The spinner is {tile}.").format(
            tile=Tile(layout.spinner, layout.spinner)))
        for arm in ("up", "down"):
            if arms[arm]:
                laid = ", ".join(_shown(p, arm) for p in arms[arm])
                lines.append(_("The {end} arm, from the spinner out: {tiles}.").format(
                    end=end_words(arm), tiles=laid))
    lines.append(ends_sentence(view))
    return lines


def _shown(placed: Placed, arm: str) -> str:
    """A tile as it lies, read from left to right (or from the spinner outward on an arm)."""
    if arm == "left":
        return f"{placed.outer}|{placed.inner}"
    return f"{placed.inner}|{placed.outer}"


# -- hands and games ------------------------------------------------------------------------


def hand_end_lines(match: Match, names: Sequence[str], me: int = YOU) -> list[str]:
    """How the hand ended, in words, with the tiles and pips left in every hand."""
    outcome = hand_outcome(match)
    if outcome is None:
        return []
    return outcome_lines(outcome, match.rules, names, me)


def outcome_lines(outcome: HandOutcome, rules: Rules, names: Sequence[str],
                  me: int = YOU) -> list[str]:
    """How a hand ended (``outcome``, decided by the engine), in words, with the tiles and
    pips left in every hand; ``me`` is the seat called "You"."""
    number = outcome.number + 1
    winner = outcome.winner
    lines = []
    if rules.teams:
        lines.append(_team_hand_end(rules, outcome, names))
    elif winner is None:
        lines.append(_("Hand {number} is blocked and drawn: the lightest hands are equal. "
                       "Nobody scores.").format(number=number))
    else:
        who = names[winner]
        if outcome.ending is Ending.BLOCKED:
            count = outcome.pips[winner]
            lines.append(by(
                who, ngettext("Hand {number} is blocked. You have the lightest hand, {count} pip, "
                              "and score {points}.",
                              "Hand {number} is blocked. You have the lightest hand, {count} "
                              "pips, and score {points}.", count),
                ngettext("Hand {number} is blocked. {name} has the lightest hand, {count} pip, "
                         "and scores {points}.",
                         "Hand {number} is blocked. {name} has the lightest hand, {count} pips, "
                         "and scores {points}.", count),
                number=number, count=count, points=outcome.points))
        elif outcome.ending is Ending.REACHED_TARGET:
            lines.append(by(who, _("You reach {target} points. Hand {number} stops here."),
                            _("{name} reaches {target} points. Hand {number} stops here."),
                            target=rules.target, number=number))
        elif outcome.points == 0:  # the pips left rounded to nothing
            counts = outcome.scored[winner]
            if counts:
                lines.append(by(
                    who, _("Hand {number} is over. You went out; the hand scores no points at "
                           "its end (your {counts} came from board counts during it)."),
                    _("Hand {number} is over. {name} went out; the hand scores no points at "
                      "its end ({name}'s {counts} came from board counts during it)."),
                    number=number, counts=counts))
            else:
                lines.append(by(
                    who, _("Hand {number} is over. You went out; the hand scores no points at "
                           "its end."),
                    _("Hand {number} is over. {name} went out; the hand scores no points at "
                      "its end."), number=number))
        else:
            lines.append(by(who, _("Hand {number} is over. You went out and score {points}."),
                            _("Hand {number} is over. {name} went out and scores {points}."),
                            number=number, points=outcome.points))
    for seat, held in enumerate(outcome.hands):
        lines.append(_held_line(names[seat], rules.partner_of(seat) == me, held,
                                outcome.pips[seat]))
    return lines


def _held_line(who: str, partner: bool, held: Sequence[Tile], count: int) -> str:
    """What a seat holds at a hand's end, and its pips (``partner``: the person's partner)."""
    listed = listing([str(t) for t in held])
    if partner:
        if not held:
            return _("{name} (your partner) holds no tiles.").format(name=who)
        return ngettext("{name} (your partner) holds {tiles}: {count} pip.",
                        "{name} (your partner) holds {tiles}: {count} pips.",
                        count).format(name=who, tiles=listed, count=count)
    if not held:
        return by(who, _("You hold no tiles."), _("{name} holds no tiles."))
    return by(who, ngettext("You hold {tiles}: {count} pip.", "You hold {tiles}: {count} pips.",
                            count),
              ngettext("{name} holds {tiles}: {count} pip.", "{name} holds {tiles}: {count} pips.",
                       count), tiles=listed, count=count)


def _team_hand_end(rules: Rules, outcome: HandOutcome, names: Sequence[str]) -> str:
    """How a hand of a team game ended: who went out, which team wins and what it scores.

    Under teams a hand is won by a team: the first line names it (``You and Buratino win the
    hand: 37 points.``), after what happened (a seat went out, the hand blocked).
    """
    number = outcome.number + 1
    winner = outcome.winner
    pips = [sum(outcome.pips[seat] for seat in side) for side in sides(rules)]
    if winner is None:
        return ngettext("Hand {number} is blocked and drawn: both teams hold {count} pip. "
                        "Nobody scores.",
                        "Hand {number} is blocked and drawn: both teams hold {count} pips. "
                        "Nobody scores.", pips[0]).format(number=number, count=pips[0])
    team = side_name(names, rules.teammates(winner))
    if outcome.ending is Ending.REACHED_TARGET:
        return _("{team} reach {target} points. Hand {number} stops here.").format(
            team=team, target=rules.target, number=number)
    count = outcome.points
    if outcome.ending is Ending.BLOCKED:
        return ngettext(
            "Hand {number} is blocked. {team} hold the fewer pips, {ours} against {theirs}, "
            "and win the hand: {count} point.",
            "Hand {number} is blocked. {team} hold the fewer pips, {ours} against {theirs}, "
            "and win the hand: {count} points.", count).format(
            number=number, team=team, ours=pips[rules.team_of(winner)],
            theirs=pips[1 - rules.team_of(winner)], count=count)
    return by(names[winner],
              ngettext("Hand {number} is over. You went out. {team} win the hand: {count} point.",
                       "Hand {number} is over. You went out. {team} win the hand: {count} "
                       "points.", count),
              ngettext("Hand {number} is over. {name} went out. {team} win the hand: {count} "
                       "point.",
                       "Hand {number} is over. {name} went out. {team} win the hand: {count} "
                       "points.", count),
              number=number, team=team, count=count)


def scoresheet_lines(match: Match, names: Sequence[str], last_only: bool = False) -> list[str]:
    """Every hand so far (or with ``last_only`` the latest), what each seat (or team) scored in
    it and how it ended; then the totals."""
    return sheet_lines(scoresheet(match), match.scores, match.rules, names, last_only)


def sheet_lines(rows: Sequence[ScoreRow], totals: Sequence[int], rules: Rules,
                names: Sequence[str], last_only: bool = False) -> list[str]:
    """The scoresheet's ``rows`` (the engine's, :func:`doublesix.engine.summary.scoresheet`) in
    words,
    every hand or with ``last_only`` the latest; then the ``totals``."""
    lines = [] if last_only else [_("Scoresheet.")]
    for row in rows[-1:] if last_only else rows:
        lines.append(_("Hand {number}. {scores}; {how}.").format(
            number=row.number + 1, scores=_pairs(names, row.scored, rules),
            how=_how(row, names, rules)))
    lines.append(totals_sentence(totals, names, rules))
    return lines


def totals_sentence(totals: Sequence[int], names: Sequence[str], rules: Rules) -> str:
    """The scoresheet's last line: every seat's (or team's) total.

    >>> totals_sentence([0, 15], ["You", "Greedy"], Rules.variant("draw"))
    'Total, playing to 100. You: 0, Greedy: 15.'
    """
    scores = _pairs(names, totals, rules)
    if rules.target:
        return _("Total, playing to {target}. {scores}.").format(target=rules.target,
                                                                  scores=scores)
    return _("Total, one hand. {scores}.").format(scores=scores)


def _how(row: ScoreRow, names: Sequence[str], rules: Rules) -> str:
    """How a hand ended, for the scoresheet."""
    if row.ending is None:
        return _("in play")
    if row.winner is None:
        return _("blocked, drawn")
    who = names[row.winner]
    team = side_name(names, rules.teammates(row.winner))
    if row.ending is Ending.BLOCKED:
        if rules.teams:
            return _("blocked, {team} had the fewer pips").format(team=team)
        return by(who, _("blocked, you had the lightest hand"),
                  _("blocked, {name} had the lightest hand"))
    if row.ending is Ending.REACHED_TARGET:
        if rules.teams:
            return _("{team} reached {target}").format(team=team, target=rules.target)
        return by(who, _("you reached {target}"), _("{name} reached {target}"),
                  target=rules.target)
    return by(who, _("you went out"), _("{name} went out"))


def subject(name: str) -> str:
    """A name in the middle of a sentence: "you" for the person.

    >>> subject("You"), subject("Snow White")
    ('you', 'Snow White')
    """
    # Translators: the person, in the middle of a sentence.
    return pgettext("name", "you") if is_you(name) else name


def game_end_lines(match: Match, names: Sequence[str]) -> list[str]:
    """Who won the game (which team, under teams), or who gave it up; then the scores.

    >>> from doublesix import Match, Rules
    >>> match = Match(Rules.variant("draw"), seed=5)
    >>> match.resign(0)
    >>> game_end_lines(match, ["You", "Greedy"])
    ['You resigned: the game is over.', 'Scores, playing to 100. You: 0, Greedy: 0.']
    """
    rules = match.rules
    if match.resigned is not None:
        return [describe(Event("resign", match.resigned), names),
                scores_sentence(match.scores, names, rules.target, rules)]
    return game_over_lines(match.winners, match.scores, rules, names)


def game_caption(rules: Rules, hand_number: int, daily: str | None = None) -> str:
    """The game's heading: the rules in a few words and the hand in play (the daily game's
    date first).

    >>> game_caption(Rules.variant("draw", target=0), 0, "2026-12-02")
    'Daily game 2026-12-02: Draw, one hand, double-six. Hand 1.'
    """
    if daily is not None:
        return _("Daily game {day}: {rules}. Hand {number}.").format(
            day=daily, rules=rulebook.caption(rules), number=hand_number + 1)
    return _("{rules}. Hand {number}.").format(rules=rulebook.caption(rules),
                                               number=hand_number + 1)


def game_over_lines(winners: Sequence[int], scores: Sequence[int], rules: Rules,
                    names: Sequence[str]) -> list[str]:
    """Who won the game (``winners``: the engine's, one seat or both partners; empty when it
    was drawn), then the final scores."""
    if not winners:
        first = _("The game is over: a draw.")
    else:
        winner = winners[0]
        who = side_name(names, winners)
        team = len(winners) > 1
        who = who if team else names[winner]
        other = next((s for s in range(rules.players) if s not in winners), winner)
        values = {"team": who, "score": scores[winner], "other": scores[other]}
        if rules.target == 0:
            first = (_("The game is over. {team} won.").format(**values) if team else by(
                who, _("The game is over. You won."), _("The game is over. {name} won.")))
        elif len(sides(rules)) == 2:
            first = (_("The game is over. {team} won, {score} to {other}.").format(**values)
                     if team else by(who, _("The game is over. You won, {score} to {other}."),
                                     _("The game is over. {name} won, {score} to {other}."),
                                     **values))
        else:
            first = by(who, _("The game is over. You won with {score} points."),
                       _("The game is over. {name} won with {score} points."), **values)
    return [first, scores_sentence(scores, names, rules.target, rules)]


def rules_sentence(rules: Rules) -> str:
    """This game's rules in one sentence (the catalogue's, :mod:`doublesix.words.rulebook`).

    >>> rules_sentence(Rules.variant("draw", hand_size=5))[:46]
    'Rules: Draw, double-six set, 2 players, 5 tile'
    """
    return rulebook.rules_sentence(rules)


# -- what a face shows beside the events: the seats' last actions, the turn, the result's
# -- heading and the scoresheet's words (issue 27: the web's pictures carry them) ----------


def seat_status(events: Sequence[Event], seat: int) -> str | None:
    """What ``seat`` did last in the hand whose ``events`` are given (a run of its draws
    counted together), as its card at the table says it; None before it acted.

    >>> from doublesix.engine.tiles import Tile
    >>> hand = [Event("hand", None), Event("lay", 0, Tile(6, 6)), Event("draw", 1, number=1),
    ...         Event("draw", 1, number=2), Event("lay", 0, Tile(6, 4), "up")]
    >>> seat_status(hand, 0), seat_status(hand, 1), seat_status(hand, 2)
    ('Laid 6|4 on the up arm', 'Drew 3', None)
    """
    drawn = 0
    for event in reversed(events):
        if event.kind == "hand":
            break
        if event.seat != seat:
            continue
        if event.kind == "draw":
            drawn += event.number or 1
            continue
        if drawn:
            break
        if event.kind == "pass":
            return _("Passed")
        if event.kind == "lay":
            if event.end is None:
                return _("Opened with {tile}").format(tile=event.tile)
            return _("Laid {tile} on {end}").format(tile=event.tile, end=end_name(event.end))
    return _("Drew {count}").format(count=drawn) if drawn else None


def short_move(event: Event, names: Sequence[str]) -> str:
    """A move in the fewest words, for the table's last-move line on a narrow screen: who,
    the tile, the end and what it scored (any other event as :func:`describe` says it).

    >>> from doublesix.engine.tiles import Tile
    >>> names = ["You", "Snow White"]
    >>> short_move(Event("lay", 1, Tile(6, 4), "left", points=10), names)
    'Snow White: 6|4 left, +10'
    >>> short_move(Event("lay", 0, Tile(6, 6)), names), short_move(Event("pass", 1), names)
    ('You: 6|6 to open', 'Snow White passed')
    >>> short_move(Event("draw", 1, number=1), names)
    'Snow White drew a tile'
    >>> short_move(Event("draw", 0, Tile(2, 1)), names)
    'You drew 2|1'
    """
    who = names[event.seat] if event.seat is not None and event.seat < len(names) else ""
    if event.kind == "lay":
        where = _("to open") if event.end is None else end_words(event.end)
        if event.points:
            return _("{name}: {tile} {end}, +{points}").format(
                name=shown(who), tile=event.tile, end=where, points=event.points)
        return _("{name}: {tile} {end}").format(name=shown(who), tile=event.tile, end=where)
    if event.kind == "draw":
        if event.tile is not None:
            return by(who, _("You drew {tile}"), _("{name} drew {tile}"), tile=event.tile)
        return by(who, ngettext("You drew a tile", "You drew {count} tiles", event.number),
                  ngettext("{name} drew a tile", "{name} drew {count} tiles", event.number),
                  count=event.number)
    if event.kind == "pass":
        return by(who, _("You passed"), _("{name} passed"))
    return describe(event, names)


def their_turn(name: str) -> str:
    """Another seat's turn, as everyone else hears it.

    >>> their_turn("Bea")
    "Bea's turn."
    """
    return _("{name}'s turn.").format(name=name)


#: How to draw, said in the turn's first line when nothing fits.
DRAW_FROM_BONEYARD = N_("draw from the boneyard")


def turn_sentence(view: View, names: Sequence[str],
                  draw_words: str = DRAW_FROM_BONEYARD) -> str | None:
    """What is said when the turn comes: to the seat whose turn it is, the tiles that fit (or
    how to draw, ``draw_words``, or that it passes); to the others, whose turn it is.  None
    when nobody is to play.

    >>> from doublesix import Match, Rules
    >>> match = Match(Rules.variant("draw"), seed=5)
    >>> turn_sentence(match.view(match.turn), ["You", "Bea"])[:10]
    'Your turn.'
    >>> turn_sentence(match.view(1 - match.turn), ["You", "Bea"])
    "Bea's turn."
    """
    turn = view.turn
    if turn is None:
        return None
    if turn != view.seat:
        return their_turn(names[turn])
    tiles = [str(tile) for tile in tile_choices(view)]
    if tiles:
        return ngettext("Your turn. One tile fits: {tiles}.",
                        "Your turn. {count} tiles fit: {tiles}.", len(tiles)).format(
            count=len(tiles), tiles=listing(tiles))
    kinds = {move.kind for move in view.legal_moves()}
    if "draw" in kinds:
        return _("Your turn. Nothing fits: {draw}.").format(draw=_(draw_words))
    if "pass" in kinds:
        return _("Nothing fits and nothing can be drawn: you pass.")
    return _("Your turn.")


def result_heading(match: Match, names: Sequence[str], me: int) -> str | None:
    """The heading of a hand's or the game's result, for ``me`` (:data:`NOBODY` for a
    watcher): who won (the team, under teams), or who resigned; None while the hand goes on.

    >>> from doublesix import Match, Rules
    >>> match = Match(Rules.variant("block", target=0), seed=3)
    >>> while match.turn is not None:
    ...     match.play(match.legal_moves()[0])
    >>> result_heading(match, ["You", "Bea"], 0), result_heading(match, ["Ana", "You"], 1)
    ('Game over: Bea won', 'Game over: you won!')
    """
    rules = match.rules
    resigned = match.resigned
    if resigned is not None:
        if resigned == me:
            return _("Game over: you resigned")
        return _("Game over: {name} resigned").format(name=names[resigned])
    if match.is_over:
        winners = match.winners
        if not winners:
            return _("Game over: a draw")
        if me in winners:
            return _("Game over: your team won!") if rules.teams else _("Game over: you won!")
        if len(winners) > 1:
            return _("Game over: {team} won").format(team=side_name(names, winners))
        return _("Game over: {name} won").format(name=names[winners[0]])
    result = match.hand_result
    if result is None:
        return None
    winner = result.winner
    if winner is None:
        return _("The hand is drawn")
    if winner == me:
        return _("You won the hand")
    if me != NOBODY and rules.partner_of(me) == winner:
        return _("Your partner {name} won the hand").format(name=names[winner])
    if rules.teams:
        return _("{team} won the hand").format(team=side_name(names, rules.teammates(winner)))
    return _("{name} won the hand").format(name=names[winner])


def sheet_how(row: ScoreRow, names: Sequence[str], rules: Rules) -> str:
    """How a hand on the scoresheet ended, as its own line starts ("Blocked, drawn").

    >>> from doublesix import Match, Rules
    >>> match = Match(Rules.variant("block", target=0), seed=3)
    >>> while match.turn is not None:
    ...     match.play(match.legal_moves()[0])
    >>> sheet_how(scoresheet(match)[0], ["You", "Bea"], match.rules)
    'Blocked, Bea had the lightest hand'
    """
    return capital(_how(row, names, rules))
