"""How hands and games end, in words: a hand's end with the tiles and pips left, the
scoresheet, the game's end and the heading of a result.

Part of the one voice (:mod:`doublesix.words.talk` re-exports them).  Pure: no I/O.
"""

from __future__ import annotations

from collections.abc import Sequence

from doublesix.engine.events import Event
from doublesix.engine.match import Match
from doublesix.engine.outcome import Ending
from doublesix.engine.rules import Rules
from doublesix.engine.summary import HandOutcome, ScoreRow, hand_outcome, scoresheet, sides
from doublesix.engine.tiles import Tile
from doublesix.words.eventwords import by, describe
from doublesix.words.i18n import _, capital, ngettext
from doublesix.words.results import side_name
from doublesix.words.saying import NOBODY, YOU, listing, pairs, scores_sentence


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
            number=row.number + 1, scores=pairs(names, row.scored, rules),
            how=_how(row, names, rules)))
    lines.append(totals_sentence(totals, names, rules))
    return lines


def totals_sentence(totals: Sequence[int], names: Sequence[str], rules: Rules) -> str:
    """The scoresheet's last line: every seat's (or team's) total.

    >>> totals_sentence([0, 15], ["You", "Greedy"], Rules.variant("draw"))
    'Total, playing to 100. You: 0, Greedy: 15.'
    """
    scores = pairs(names, totals, rules)
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
