"""The game in sentences: short, consistent, the important thing first, for screen readers.

Seat 0 is the person, called "You"; the other seats go by their players' names.

>>> scores_sentence([0, 15], ["You", "Pinocchio"], 100)
'Scores, playing to 100: You 0, Pinocchio 15.'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from doublesix.events import Event, describe, public
from doublesix.layout import Layout, Placed
from doublesix.match import Match
from doublesix.moves import Move
from doublesix.rules import Rules
from doublesix.terminal.commands import set_name
from doublesix.tiles import Tile
from doublesix.view import View

#: The person's seat and name.
YOU = 0
YOU_NAME = "You"

_VARIANT_NAMES = {"draw": "Draw", "block": "Block", "all-fives": "All Fives", "muggins": "Muggins"}


def variant_name(rules: Rules) -> str:
    """The variant's name as people write it.

    >>> variant_name(Rules.variant("all-fives"))
    'All Fives'
    """
    return _VARIANT_NAMES.get(rules.name, rules.name)


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


def ends_sentence(view: View) -> str:
    """The open ends and the board count."""
    ends = view.open_ends
    if not ends:
        return "The table is empty."
    shown = ", ".join(f"{name} {number}" for name, number in ends.items())
    return f"Open ends: {shown}. Board count {view.board_count}."


def scores_sentence(scores: Sequence[int], names: Sequence[str], target: int) -> str:
    """Every seat's score."""
    shown = ", ".join(f"{name} {score}" for name, score in zip(names, scores, strict=True))
    if target:
        return f"Scores, playing to {target}: {shown}."
    return f"Scores, one hand: {shown}."


def counts_sentence(view: View, names: Sequence[str]) -> str:
    """How many tiles the others hold, and the boneyard."""
    parts = [
        f"{names[seat]} {verb(names[seat], 'hold', 'holds')} {plural(size, 'tile')}"
        for seat, size in enumerate(view.hand_sizes)
        if seat != view.seat
    ]
    text = listing(parts) + "."
    if view.rules.drawing:
        text += f" Boneyard: {plural(view.boneyard_size, 'tile')}."
    return text[0].upper() + text[1:]


def fits(view: View) -> dict[Tile, list[Move]]:
    """The seat's tiles that may be laid now, each with its legal moves."""
    moves: dict[Tile, list[Move]] = {}
    for move in view.legal_moves():
        if move.tile is not None:
            moves.setdefault(move.tile, []).append(move)
    return moves


def scored(layout: Layout, move: Move) -> int:
    """What ``move`` scores under All Fives: the new board count if a multiple of 5, else 0."""
    if move.tile is None:
        return 0
    count = layout.lay(move.tile, move.end).count
    return count if count and count % 5 == 0 else 0


def hand_sentence(view: View, mark: Callable[[str], str] = str) -> str:
    """The seat's hand, highest first, each playable tile marked with where it fits."""
    playable = fits(view)
    fives = view.rules.scoring == "fives"
    leading = view.layout.is_empty
    parts = []
    for tile in view.hand:
        moves = playable.get(tile)
        if not moves:
            parts.append(str(tile))
            continue
        wheres = []
        for move in moves:
            points = scored(view.layout, move) if fives else 0
            where = "" if leading else str(move.end)
            wheres.append(where + (f" (scores {points})" if points else ""))
        note = "".join(wheres) if leading else " fits " + listing(wheres)
        parts.append(mark(f"{tile}{note}"))
    count = plural(len(view.hand), "tile")
    text = f"Your hand, {count}: " + ", ".join(parts) + "."
    if view.turn == view.seat and not playable:
        moves = view.legal_moves()
        text += " Nothing fits."
        if moves and moves[0].kind == "draw":
            text += " Type draw, or press Enter."
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


def hand_end_lines(match: Match, names: Sequence[str]) -> list[str]:
    """How the hand ended, in words, with the tiles and pips left in every hand."""
    result = match.hand_result
    if result is None:
        return []
    number = match.hand_number + 1
    hands = match.hands
    winner = result.winner
    lines = []
    if winner is None:
        lines.append(
            f"Hand {number} is blocked and drawn: the lightest hands are equal. Nobody scores."
        )
    else:
        who = names[winner]
        if result.blocked:
            pips = sum(t.pips for t in hands[winner])
            lines.append(
                f"Hand {number} is blocked. {who} {verb(who, 'have', 'has')} the lightest hand, "
                f"{plural(pips, 'pip')}, and {verb(who, 'score', 'scores')} {result.points}."
            )
        elif match.stopped_at_target:
            target = match.rules.target
            lines.append(
                f"{who} {verb(who, 'reach', 'reaches')} {target} points. Hand {number} stops here."
            )
        else:
            lines.append(
                f"Hand {number} is over. {who} went out and "
                f"{verb(who, 'score', 'scores')} {result.points}."
            )
    for seat, tiles in enumerate(hands):
        who = names[seat]
        if not tiles:
            lines.append(f"{who} {verb(who, 'hold', 'holds')} no tiles.")
            continue
        pips = sum(t.pips for t in tiles)
        lines.append(
            f"{who} {verb(who, 'hold', 'holds')} {listing([str(t) for t in tiles])}: "
            f"{plural(pips, 'pip')}."
        )
    return lines


def scoresheet_lines(match: Match, names: Sequence[str]) -> list[str]:
    """Every hand so far, what each seat scored in it and how it ended; then the totals."""
    players = match.rules.players
    rows: list[list[int]] = []
    notes: list[str] = []
    for event in match.history:
        if event.kind == "hand":
            rows.append([0] * players)
            notes.append("in play")
        elif event.kind == "lay" and event.seat is not None:
            rows[-1][event.seat] += event.points
        elif event.kind == "end":
            if event.seat is not None:
                rows[-1][event.seat] += event.points
            notes[-1] = _how(event, names)
    last = match.hand_result
    if last is not None and last.winner is not None and match.stopped_at_target:
        notes[-1] = f"{subject(names[last.winner])} reached {match.rules.target}"
    lines = ["Scoresheet."]
    for k, (row, note) in enumerate(zip(rows, notes, strict=True)):
        shown = ", ".join(f"{name} {points}" for name, points in zip(names, row, strict=True))
        lines.append(f"Hand {k + 1}: {shown}; {note}.")
    lines.append(scores_sentence(match.scores, names, match.rules.target).replace(
        "Scores", "Total", 1))
    return lines


def _how(event: Event, names: Sequence[str]) -> str:
    """How a hand ended, for the scoresheet."""
    if event.seat is None:
        return "blocked, drawn"
    who = subject(names[event.seat])
    if event.blocked:
        return f"blocked, {who} had the lightest hand"
    return f"{who} went out"


def subject(name: str) -> str:
    """A name in the middle of a sentence: "you" for the person.

    >>> subject("You"), subject("Snow White")
    ('you', 'Snow White')
    """
    return "you" if name == YOU_NAME else name


def game_end_lines(match: Match, names: Sequence[str]) -> list[str]:
    """Who won the game."""
    winner = match.winner
    scores = match.scores
    if winner is None:
        first = "The game is over: a draw."
    elif match.rules.target == 0:
        first = f"The game is over. {names[winner]} won."
    else:
        who = names[winner]
        if len(scores) == 2:
            first = f"The game is over. {who} won, {scores[winner]} to {scores[1 - winner]}."
        else:
            first = f"The game is over. {who} won with {scores[winner]} points."
    return [first, scores_sentence(scores, names, match.rules.target)]


def help_lines(rules: Rules) -> list[str]:
    """What may be typed, and the rules of this game in brief."""
    compact = " or 64" if rules.set <= 9 else ""
    ends = "l, r, u or d" if rules.spinner else "l or r"
    lines = [
        f"To lay a tile, type it: 6 4, 6|4, 6-4{compact}. "
        f"If it fits two ends, add the end: 6 4 l. Ends are {ends}, or the words.",
    ]
    if rules.drawing:
        lines.append("draw: take one tile from the boneyard when nothing fits.")
    lines += [
        "A pass happens by itself when you cannot lay or draw.",
        "hand: your tiles. board: the tiles on the table. score: the scoresheet.",
        "history: what happened this hand. hint: what the expert would play, and why.",
        "quit: stop; the game is saved, and doublesix play --resume goes on.",
        rules_sentence(rules),
    ]
    return lines


def rules_sentence(rules: Rules) -> str:
    """This game's rules in one or two sentences."""
    parts = [f"{variant_name(rules)}, {set_name(rules.set)} set, {rules.players} players"]
    parts.append("drawing from the boneyard" if rules.drawing else "no drawing")
    if rules.scoring == "fives":
        parts.append("scoring board counts that are multiples of 5")
    else:
        parts.append("the winner scores the pips left in the other hands")
    if rules.spinner:
        parts.append("the first double is a spinner with four sides")
    target = f"first to {rules.target} points wins" if rules.target else "one hand"
    parts.append(target)
    return "Rules: " + "; ".join(parts) + "."
