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
from doublesix.words.eventwords import describe
from doublesix.words.results import side_name

#: The person's seat and name.
YOU = 0
YOU_NAME = "You"
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
    return ", ".join(items[:-1]) + " and " + items[-1]


def plural(count: int, word: str) -> str:
    """``1 tile``, ``2 tiles``.

    >>> plural(1, "tile"), plural(0, "pip")
    ('1 tile', '0 pips')
    """
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


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
        return "The table is empty."
    arms = layout.placed()
    counted = []
    bare = []
    fives = view.rules.scoring == "fives"
    for name, number in layout.open_ends.items():
        if name in ("up", "down") and not arms[name]:
            bare.append(name)
        elif fives and _double_end(arms, name, layout.single):  # it counts both halves
            counted.append(f"{name} double {number}")
        else:
            counted.append(f"{name} {number}")
    text = f"Open ends: {', '.join(counted)}."
    if bare:
        which = " and ".join(bare)
        text += (f" The spinner's bare {'arms' if len(bare) > 1 else 'arm'}, {which}, "
                 f"{'take' if len(bare) > 1 else 'takes'} {_a(layout.spinner)}.")
    if view.rules.scoring == "fives":
        text += f" Board count {view.board_count}."
    return text


def _double_end(arms: dict[str, list[Placed]], name: str, single: bool) -> bool:
    """Whether a double lies across the open end ``name`` (``arms``: the layout's tiles by
    arm; ``single``: the opening tile is alone, and its two sides are said as two ends)."""
    if single:
        return False
    arm = arms[name] or arms["left"][:1]  # a bare side of the line is the opening tile's
    return arm[-1].tile.high == arm[-1].tile.low


def _a(number: int) -> str:
    """``a 6``, ``an 8``: a number as it is said after "a"."""
    return f"an {number}" if number in (8, 11) else f"a {number}"


def _pairs(names: Sequence[str], numbers: Sequence[int], rules: Rules | None = None) -> str:
    """``You: 0, Expert: 15``: names with their numbers, kept apart (a name may end in one);
    with ``rules`` of a team game, one pair a team (``You and Buratino: 30``).

    >>> _pairs(["You", "P", "B", "S"], [30, 5, 30, 5], Rules.variant("partnership"))
    'You and B: 30, P and S: 5'
    """
    if rules is None or not rules.teams:
        return ", ".join(f"{name}: {n}" for name, n in zip(names, numbers, strict=True))
    return ", ".join(f"{side_name(names, side)}: {numbers[side[0]]}" for side in sides(rules))


def scores_sentence(scores: Sequence[int], names: Sequence[str], target: int,
                    rules: Rules | None = None) -> str:
    """Every seat's score (every team's, with ``rules`` of a team game)."""
    if target:
        return f"Scores, playing to {target}. {_pairs(names, scores, rules)}."
    return f"Scores, one hand. {_pairs(names, scores, rules)}."


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
    parts = [
        f"{names[seat]} {verb(names[seat], 'hold', 'holds')} {plural(size, 'tile')}"
        for seat, size in enumerate(view.hand_sizes)
        if seat != mine
    ]
    text = listing(parts) + "."
    if view.rules.drawing:
        text += f" Boneyard: {plural(view.boneyard_size, 'tile')}."
    return text[0].upper() + text[1:]


#: How a face with a Draw button (the browser) says to draw, where the terminal says to type it:
#: in the turn's announcement, and after the hand.
DRAW_BY_BUTTON = "draw from the boneyard with the Draw button"
DRAW_BUTTON_HINT = "Draw with the Draw button."


def hand_sentence(view: View, mark: Callable[[str], str] = str, owner: str = YOU_NAME,
                  draw_words: str = "Type draw, or press Enter.") -> str:
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
        wheres = []
        for lay in choice.lays:
            where = "" if leading else str(lay.end)
            wheres.append(where + (f" (scores {lay.points})" if lay.points else ""))
        note = "".join(wheres) if leading else " fits " + listing(wheres)
        parts.append(mark(f"{tile}{note}"))
    count = plural(len(view.hand), "tile")
    whose = "Your" if owner == YOU_NAME else f"{owner}'s"
    text = f"{whose} hand, {count}: " + ", ".join(parts) + "."
    if view.turn == view.seat and not playable:
        moves = view.legal_moves()
        text += " Nothing fits."
        if moves and moves[0].kind == "draw":
            text += f" {draw_words}"
    return text


def board_lines(view: View) -> list[str]:
    """The tiles as they lie: the line from left to right, then the spinner's arms."""
    layout = view.layout
    if layout.is_empty:
        return ["The table is empty."]
    arms = layout.placed()
    line = [_shown(p, "left") for p in reversed(arms["left"][1:])]
    opener = arms["left"][0].tile
    line.append(f"{opener.high}|{opener.low}")
    line += [_shown(p, "right") for p in arms["right"]]
    lines = [f"The line, from left to right: {', '.join(line)}."]
    if layout.spinner >= 0:
        lines.append(f"The spinner is {Tile(layout.spinner, layout.spinner)}.")
        for arm in ("up", "down"):
            if arms[arm]:
                tiles = ", ".join(_shown(p, arm) for p in arms[arm])
                lines.append(f"The {arm} arm, from the spinner out: {tiles}.")
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
        lines.append(
            f"Hand {number} is blocked and drawn: the lightest hands are equal. Nobody scores."
        )
    else:
        who = names[winner]
        if outcome.ending is Ending.BLOCKED:
            lines.append(
                f"Hand {number} is blocked. {who} {verb(who, 'have', 'has')} the lightest hand, "
                f"{plural(outcome.pips[winner], 'pip')}, and "
                f"{verb(who, 'score', 'scores')} {outcome.points}."
            )
        elif outcome.ending is Ending.REACHED_TARGET:
            target = rules.target
            lines.append(
                f"{who} {verb(who, 'reach', 'reaches')} {target} points. Hand {number} stops here."
            )
        elif outcome.points == 0:  # the pips left rounded to nothing
            counts = outcome.scored[winner]
            whose = "your" if who == YOU_NAME else f"{who}'s"
            during = f" ({whose} {counts} came from board counts during it)" if counts else ""
            lines.append(f"Hand {number} is over. {who} went out; the hand scores no points "
                         f"at its end{during}.")
        else:
            lines.append(
                f"Hand {number} is over. {who} went out and "
                f"{verb(who, 'score', 'scores')} {outcome.points}."
            )
    for seat, tiles in enumerate(outcome.hands):
        who = names[seat]
        if rules.partner_of(seat) == me:
            who += " (your partner)"
        if not tiles:
            lines.append(f"{who} {verb(who, 'hold', 'holds')} no tiles.")
            continue
        lines.append(
            f"{who} {verb(who, 'hold', 'holds')} {listing([str(t) for t in tiles])}: "
            f"{plural(outcome.pips[seat], 'pip')}."
        )
    return lines


def _team_hand_end(rules: Rules, outcome: HandOutcome, names: Sequence[str]) -> str:
    """How a hand of a team game ended: who went out, which team wins and what it scores.

    Under teams a hand is won by a team: the first line names it (``You and Buratino win the
    hand: 37 points.``), after what happened (a seat went out, the hand blocked).
    """
    number = outcome.number + 1
    winner = outcome.winner
    pips = [sum(outcome.pips[seat] for seat in side) for side in sides(rules)]
    if winner is None:
        return (f"Hand {number} is blocked and drawn: both teams hold "
                f"{plural(pips[0], 'pip')}. Nobody scores.")
    team = side_name(names, rules.teammates(winner))
    if outcome.ending is Ending.REACHED_TARGET:
        return f"{team} reach {rules.target} points. Hand {number} stops here."
    if outcome.ending is Ending.BLOCKED:
        ours = pips[rules.team_of(winner)]
        theirs = pips[1 - rules.team_of(winner)]
        how = (f"Hand {number} is blocked. {team} hold the fewer pips, {ours} against "
               f"{theirs}, and win the hand")
    else:
        how = f"Hand {number} is over. {names[winner]} went out. {team} win the hand"
    return f"{how}: {plural(outcome.points, 'point')}."


def scoresheet_lines(match: Match, names: Sequence[str], last_only: bool = False) -> list[str]:
    """Every hand so far (or with ``last_only`` the latest), what each seat (or team) scored in
    it and how it ended; then the totals."""
    return sheet_lines(scoresheet(match), match.scores, match.rules, names, last_only)


def sheet_lines(rows: Sequence[ScoreRow], totals: Sequence[int], rules: Rules,
                names: Sequence[str], last_only: bool = False) -> list[str]:
    """The scoresheet's ``rows`` (the engine's, :func:`doublesix.engine.summary.scoresheet`) in
    words,
    every hand or with ``last_only`` the latest; then the ``totals``."""
    lines = [] if last_only else ["Scoresheet."]
    for row in rows[-1:] if last_only else rows:
        lines.append(f"Hand {row.number + 1}. {_pairs(names, row.scored, rules)}; "
                     f"{_how(row, names, rules)}.")
    lines.append(totals_sentence(totals, names, rules))
    return lines


def totals_sentence(totals: Sequence[int], names: Sequence[str], rules: Rules) -> str:
    """The scoresheet's last line: every seat's (or team's) total.

    >>> totals_sentence([0, 15], ["You", "Greedy"], Rules.variant("draw"))
    'Total, playing to 100. You: 0, Greedy: 15.'
    """
    return scores_sentence(totals, names, rules.target, rules).replace("Scores", "Total", 1)


def _how(row: ScoreRow, names: Sequence[str], rules: Rules) -> str:
    """How a hand ended, for the scoresheet."""
    if row.ending is None:
        return "in play"
    if row.winner is None:
        return "blocked, drawn"
    who = subject(names[row.winner])
    if row.ending is Ending.BLOCKED:
        if rules.teams:
            team = subject(side_name(names, rules.teammates(row.winner)))
            return f"blocked, {team} had the fewer pips"
        return f"blocked, {who} had the lightest hand"
    if row.ending is Ending.REACHED_TARGET:
        if rules.teams:
            return f"{subject(side_name(names, rules.teammates(row.winner)))} reached " \
                   f"{rules.target}"
        return f"{who} reached {rules.target}"
    return f"{who} went out"


def subject(name: str) -> str:
    """A name in the middle of a sentence: "you" for the person.

    >>> subject("You"), subject("Snow White")
    ('you', 'Snow White')
    """
    return "you" if name == YOU_NAME else name


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
    day = f"Daily game {daily}: " if daily is not None else ""
    return f"{day}{rulebook.caption(rules)}. Hand {hand_number + 1}."


def game_over_lines(winners: Sequence[int], scores: Sequence[int], rules: Rules,
                    names: Sequence[str]) -> list[str]:
    """Who won the game (``winners``: the engine's, one seat or both partners; empty when it
    was drawn), then the final scores."""
    if not winners:
        first = "The game is over: a draw."
    else:
        winner = winners[0]
        who = side_name(names, winners)
        two_sides = len(sides(rules)) == 2
        if rules.target == 0:
            first = f"The game is over. {who} won."
        elif two_sides:
            other = next(s for s in range(rules.players) if s not in winners)
            first = f"The game is over. {who} won, {scores[winner]} to {scores[other]}."
        else:
            first = f"The game is over. {who} won with {scores[winner]} points."
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
            return "Passed"
        if event.kind == "lay":
            if event.end is None:
                return f"Opened with {event.tile}"
            return f"Laid {event.tile} on {end_name(event.end)}"
    return f"Drew {drawn}" if drawn else None


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
        scored = f", +{event.points}" if event.points else ""
        return f"{who}: {event.tile} {event.end or 'to open'}{scored}"
    if event.kind == "draw":
        what = event.tile if event.tile is not None else (
            "a tile" if event.number == 1 else f"{event.number} tiles")
        return f"{who} drew {what}"
    if event.kind == "pass":
        return f"{who} passed"
    return describe(event, names)


def their_turn(name: str) -> str:
    """Another seat's turn, as everyone else hears it.

    >>> their_turn("Bea")
    "Bea's turn."
    """
    return f"{name}'s turn."


def turn_sentence(view: View, names: Sequence[str],
                  draw_words: str = "draw from the boneyard") -> str | None:
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
        fit = "One tile fits" if len(tiles) == 1 else f"{len(tiles)} tiles fit"
        return f"Your turn. {fit}: {listing(tiles)}."
    kinds = {move.kind for move in view.legal_moves()}
    if "draw" in kinds:
        return f"Your turn. Nothing fits: {draw_words}."
    if "pass" in kinds:
        return "Nothing fits and nothing can be drawn: you pass."
    return "Your turn."


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
        who = "you" if resigned == me else names[resigned]
        return f"Game over: {who} resigned"
    if match.is_over:
        winners = match.winners
        if not winners:
            return "Game over: a draw"
        if me in winners:
            return "Game over: your team won!" if rules.teams else "Game over: you won!"
        return f"Game over: {side_name(names, winners)} won"
    result = match.hand_result
    if result is None:
        return None
    winner = result.winner
    if winner is None:
        return "The hand is drawn"
    if winner == me:
        return "You won the hand"
    if me != NOBODY and rules.partner_of(me) == winner:
        return f"Your partner {names[winner]} won the hand"
    return f"{side_name(names, rules.teammates(winner))} won the hand"


def sheet_how(row: ScoreRow, names: Sequence[str], rules: Rules) -> str:
    """How a hand on the scoresheet ended, as its own line starts ("Blocked, drawn").

    >>> from doublesix import Match, Rules
    >>> match = Match(Rules.variant("block", target=0), seed=3)
    >>> while match.turn is not None:
    ...     match.play(match.legal_moves()[0])
    >>> sheet_how(scoresheet(match)[0], ["You", "Bea"], match.rules)
    'Blocked, Bea had the lightest hand'
    """
    how = _how(row, names, rules)
    return how[0].upper() + how[1:]
