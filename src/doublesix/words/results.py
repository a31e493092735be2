"""The words of names, results and ratings: the seats' names, a side's name, the daily game's
shareable result, why a hand's end scored what it did, a rating and how it moved.

Sentences only: the numbers are the engine's (:mod:`doublesix.engine.summary`) and the
players' (:mod:`doublesix.ai.ratings`, :mod:`doublesix.ai.ladder`).  Pure: no I/O.

>>> side_name(["You", "Pinocchio", "Buratino", "Snow White"], (0, 2))
'You and Buratino'
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence

from doublesix.engine.match import Match
from doublesix.engine.outcome import Ending
from doublesix.engine.rules import Rules
from doublesix.engine.summary import HandOutcome, counted_pips, game_outcome
from doublesix.words import players, rulebook
from doublesix.words.i18n import _, ngettext, number, percent, pgettext, short_date
from doublesix.words.names import is_you, shown

# -- names --------------------------------------------------------------------------------------


def side_name(names: Sequence[str], side: Sequence[int]) -> str:
    """A side's name: a seat's, or both partners' (``You and Buratino``).

    >>> side_name(["You", "Pinocchio", "Buratino", "Snow White"], (0, 2))
    'You and Buratino'
    """
    shown_names = [shown(names[seat]) for seat in side]
    if len(shown_names) == 2:
        return _("{first} and {second}").format(first=shown_names[0], second=shown_names[1])
    return ", ".join(shown_names)


def name_seats(labels: Sequence[str]) -> list[str]:
    """The seats' names from their players' labels: a label that comes again is numbered.

    >>> name_seats(["You", "Expert", "Greedy", "Expert"])
    ['You', 'Expert', 'Greedy', 'Expert 2']
    """
    names: list[str] = []
    for k, label in enumerate(labels):
        before = sum(1 for other in labels[:k] if other == label)
        names.append(label if before == 0 else _("{name} {number}").format(name=label,
                                                                            number=before + 1))
    return names


def share_text(match: Match, date: datetime.date | str, me: int = 0,
               accuracy: float | None = None) -> str | None:
    """The daily game's result as a short text to share, without tiles, once it is over;
    with ``accuracy`` (a share, 0 to 1: :mod:`doublesix.ai.review`'s), that too.

    >>> match = Match.daily(datetime.date(2026, 11, 30))
    >>> while match.turn is not None:
    ...     match.play(match.legal_moves()[0])
    >>> text = share_text(match, datetime.date(2026, 11, 30))
    >>> text.startswith("doublesix daily 2026-11-30: "), "|" in text  # no tiles in it
    (True, False)
    >>> share_text(match, "2026-11-30", accuracy=0.8).endswith(" drawn; accuracy 80%.")
    True
    """
    outcome = game_outcome(match)
    if outcome is None:
        return None
    events = match.history
    laid = sum(1 for e in events if e.kind == "lay" and e.seat == me and e.end is not None)
    drawn = sum(e.number for e in events if e.kind == "draw" and e.seat == me)
    result = match.hand_result
    blocked = outcome.ending is Ending.BLOCKED
    if outcome.ending is Ending.RESIGNED:
        how = _("resigned")
    elif result is None or result.winner is None:
        how = _("a draw (blocked)") if blocked else _("a draw")
    else:
        points = result.points
        if result.winner == me:
            how = (ngettext("won by {points} point (blocked)", "won by {points} points (blocked)",
                            points) if blocked
                   else ngettext("won by {points} point", "won by {points} points", points))
        else:
            how = (ngettext("lost by {points} point (blocked)",
                            "lost by {points} points (blocked)", points) if blocked
                   else ngettext("lost by {points} point", "lost by {points} points", points))
        how = how.format(points=number(points))
    day = date.isoformat() if isinstance(date, datetime.date) else date
    # Each count a clause of its own, so that each takes its own plural in every language.
    tiles = ngettext("{count} tile laid", "{count} tiles laid", laid).format(count=laid)
    # Translators: how many tiles the player drew from the boneyard ("5 tiles laid, 2 drawn").
    draws = ngettext("{count} drawn", "{count} drawn", drawn).format(count=drawn)
    if accuracy is not None:
        return _("doublesix daily {day}: {how}; {laid}, {drawn}; accuracy {accuracy}.").format(
            day=day, how=how, laid=tiles, drawn=draws,
            accuracy=percent(round(100 * accuracy) / 100))
    return _("doublesix daily {day}: {how}; {laid}, {drawn}.").format(
        day=day, how=how, laid=tiles, drawn=draws)



# -- why a hand's end scored what it did (the result dialog says it) ---------------------


def points_reason(outcome: HandOutcome, rules: Rules, names: Sequence[str]) -> str | None:
    """Why a hand's end scored what it did, where rounding or a blocked hand's own pips
    changed the pips counted (None when the points are the pips as they are).

    >>> from doublesix import Match, Tile
    >>> outcome = HandOutcome(0, Ending.WENT_OUT, 1, 5, (0, 5), ((Tile(5, 3),), ()), (8, 0))
    >>> points_reason(outcome, Rules.variant("muggins"), ["You", "Pinocchio"])
    'Pinocchio scores 5: 8 pips, rounded down to fives.'
    >>> points_reason(outcome._replace(points=10), Rules.variant("all-fives"), ["You", "Ann"])
    'Ann scores 10: 8 pips, rounded to the nearest five.'
    >>> points_reason(outcome._replace(points=8), Rules.variant("draw"), ["You", "Ann"]) is None
    True
    """
    counted = counted_pips(outcome, rules)
    winner = outcome.winner
    if counted is None or winner is None or counted == outcome.points:
        return None
    who = names[winner]
    parts = [ngettext("{count} pip", "{count} pips", counted).format(count=counted)]
    if rules.scoring == "fives":
        parts.append(_("rounded down to fives") if rules.rounding == "down"
                     else _("rounded to the nearest five"))
    if (outcome.ending is Ending.BLOCKED and rules.blocked_minus_own
            and (not rules.teams or rules.team_points == "opponents")):
        own = sum(outcome.pips[s] for s in rules.teammates(winner))
        parts.append((_("less the {own} of the lightest hands") if rules.teams
                      else _("less the {own} of the lightest hand")).format(own=own))
    return (_("You score {points}: {why}.") if is_you(who)
            else _("{name} scores {points}: {why}.")).format(
        name=who, points=outcome.points, why=", ".join(parts))


def rating_sentence(before: int, after: int) -> str:
    """How a person's rating moved after a game (shown figures, :mod:`doublesix.ai.ratings`).

    >>> rating_sentence(1498, 1512), rating_sentence(1512, 1500), rating_sentence(1500, 1500)
    ('Your rating 1,512, up 14.', 'Your rating 1,500, down 12.', 'Your rating 1,500, unchanged.')
    """
    change = after - before
    if change == 0:
        return _("Your rating {rating}, unchanged.").format(rating=number(after))
    return (_("Your rating {rating}, up {change}.") if change > 0
            else _("Your rating {rating}, down {change}.")).format(rating=number(after),
                                                                   change=abs(change))


def rating_words(shown: int, interval: int, games: int) -> str:
    """A person's rating in words, with its uncertainty and how many games it rests on.

    >>> rating_words(1512, 230, 7)
    'Your rating is 1,512 (±230), from 7 rated games.'
    """
    return ngettext("Your rating is {rating} (±{interval}), from {count} rated game.",
                    "Your rating is {rating} (±{interval}), from {count} rated games.",
                    games).format(rating=number(shown), interval=interval, count=games)


def variant_rating_words(variant: str, shown: int, interval: int, games: int) -> str:
    """A person's rating in one variant (:func:`doublesix.ai.ladder.variant_ratings`), in
    words.

    >>> variant_rating_words("All Fives", 1530, 310, 1)
    'Your All Fives rating is 1,530 (±310), from 1 rated game.'
    """
    return ngettext("Your {variant} rating is {rating} (±{interval}), from {count} rated game.",
                    "Your {variant} rating is {rating} (±{interval}), from {count} rated games.",
                    games).format(variant=variant, rating=number(shown), interval=interval,
                                  count=games)


def level_suggestion(beaten: str, wins: int, games: int, next_level: str) -> str:
    """What to try when a person keeps beating a computer opponent: the ladder's next step
    (:class:`doublesix.ai.ladder.Suggestion`, whose fields these are: players by key).

    >>> level_suggestion("buratino", 8, 10, "snow-white")
    'You beat Buratino in 8 of your last 10 games: try Snow White.'
    """
    return _("You beat {name} in {wins} of your last {games} games: try {next}.").format(
        name=players.label(beaten), wins=wins, games=games, next=players.label(next_level))


# -- the statistics page --------------------------------------------------------------------------


def share_of(wins: int, games: int) -> str:
    """Games won of ``games`` (one at least) and their share.

    >>> share_of(3, 4)
    '3 (75%)'
    """
    return _("{wins} ({share})").format(wins=wins, share=percent(round(100 * wins / games) / 100))


def games_won(games: int, wins: int) -> str:
    """The statistics page's first line: the games played in this browser and won.

    >>> games_won(1, 0)
    'You played 1 game and won 0 (0%).'
    >>> games_won(0, 0)
    'No games finished yet in this browser. Statistics appear here after your first game.'
    """
    if not games:
        return _("No games finished yet in this browser. Statistics appear here after your "
                 "first game.")
    return ngettext("You played {count} game and won {won}.",
                    "You played {count} games and won {won}.", games).format(
        count=games, won=share_of(wins, games))


def day_words(day: datetime.date, with_year: bool) -> str:
    """A day as the rating's chart and table write it: "2 Dec", or with the year.

    >>> day_words(datetime.date(2026, 12, 2), False), day_words(datetime.date(2026, 12, 2), True)
    ('2 Dec', '2 Dec 2026')
    """
    return short_date(day, with_year)


def game_result_word(won: bool) -> str:
    """A rated game's result as the rating's table writes it.

    >>> game_result_word(True), game_result_word(False)
    ('Won', 'Lost')
    """
    # Translators: a rated game's result in the rating's table: a win, a loss (nouns read well).
    return pgettext("game result", "Won") if won else pgettext("game result", "Lost")


def rated_game_words(variant: str, players: int, target: int, teams: bool = False) -> str:
    """A rated game's rules as the rating's table names them: its variant, its players and
    its target.

    >>> rated_game_words("draw", 2, 100), rated_game_words("block", 4, 0, teams=True)
    ('Draw, 2 players, to 100', 'Block in teams, 4 players, one hand')
    """
    name, goal = rulebook.variant_label(variant), rulebook.goal_words(target)
    if teams:
        said = ngettext("{variant} in teams, {count} player, {target}",
                        "{variant} in teams, {count} players, {target}", players)
    else:
        said = ngettext("{variant}, {count} player, {target}", "{variant}, {count} players, "
                        "{target}", players)
    return said.format(variant=name, count=players, target=goal)


# -- the terminal's turn, said by what changed since the last one (issue 29) ----------------


def few_tiles_sentence(seats: Sequence[tuple[str, int]]) -> str:
    """The seats left with few tiles, said on a turn (a seat with two when its count changed,
    a seat down to its last tile every time).

    >>> few_tiles_sentence([("Greedy", 1)])
    'Greedy holds 1 tile.'
    >>> few_tiles_sentence([("Ana", 2), ("Bea", 1)])
    'Ana holds 2 tiles, Bea holds 1 tile.'
    """
    return ", ".join(
        ngettext("{name} holds {count} tile", "{name} holds {count} tiles", count).format(
            name=name, count=count) for name, count in seats) + "."


def rated_late(before: int, after: int) -> str:
    """A finished game rated only when the terminal next opened its save folder (it was
    stopped between saving the game and writing the rating).

    >>> rated_late(1500, 1486)
    'Your last game is rated now. Your rating 1,486, down 14.'
    """
    return _("Your last game is rated now. {rating}").format(
        rating=rating_sentence(before, after))
