"""A model of how a seat lays given its hand, fitted to OpenSpiel's ISMCTS (issue 45, round 2).

    .venv/bin/python benchmarks/hand_model.py --fit A.jsonl [B.jsonl ...] --score C.jsonl [...]
    .venv/bin/python benchmarks/hand_model.py --fit A.jsonl     # fit on half the deals

Issue 33's reading (``benchmarks/opponent_model.py``) describes a lay by what the table shows of
it, never the hand: it can weigh a guess only by which lays the guess says a seat had.  This
model also describes each lay by the hand the seat holds (:func:`hand_features`): how many tiles
of the number the lay leaves showing it keeps, how many of its tiles still fit the ends after it,
whether it is left without a lay, and how many tiles it cannot see fit those ends.  A softmax over
the lays the hand had is fitted to the lays ISMCTS made, by maximum likelihood
(``opponent_model.fit``), on the decisions of the ``--fit`` logs, and scored on those of the
``--score`` logs (the mean log-likelihood a decision) against the uniform reading, the hand-free
reading fitted on the same decisions, and the named reading of the expert.

>>> from doublesix.engine.tiles import Tile
>>> hand = Tile(6, 4).bit | Tile(4, 2).bit | Tile(4, 1).bit | Tile(3, 3).bit
>>> dict(zip(HAND_FEATURES, hand_features(hand, Tile(6, 4).index, 4, (6,),
...                                       Tile(6, 6).bit | Tile(6, 4).bit, 6)))["keep_shown"]
2.0
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path

import numpy as np

from doublesix.ai.sampling import lay_features, reading_weights
from doublesix.engine.layout import Layout
from doublesix.engine.rules import Rules
from doublesix.engine.tiles import HIGH, IS_DOUBLE, PIPS, SUIT, Mask, full_set

from opponent_model import choices, fit, log_likelihood

#: The names of :func:`hand_features`' numbers, in order.
HAND_FEATURES = ("pips", "double", "shown", "shown_laid", "closes", "keep_shown", "keep_fits",
                 "stuck", "unseen_fits", "unseen_shown", "locks")


def hand_features(hand: Mask, t: int, outer: int, others: Sequence[int], played: Mask,
                  top: int) -> tuple[float, ...]:
    """A lay of tile ``t`` from ``hand`` (before the lay) that leaves ``outer`` showing where
    it goes, ``others`` showing at the other open ends, and ``played`` on the table after it,
    in a double-``top`` set; in the order of :data:`HAND_FEATURES`: the tile's pips, 1 for a
    double, the number it leaves showing, the tiles of that number on the table after it, 1
    when every open end then shows one number (issue 33's features, points aside); the tiles of
    ``outer`` the seat keeps, the tiles it keeps that fit an end after the lay, 1 when it keeps
    tiles none of which fits, and the tiles it cannot see (neither laid nor kept) that fit an
    end after the lay, and that show ``outer``; 1 when no such tile is left (the other side
    cannot lay, whatever it holds)."""
    rest = hand & ~(1 << t)
    suit = SUIT[outer]
    fits = suit
    closes = 1.0
    for n in others:
        fits |= SUIT[n]
        if n != outer:
            closes = 0.0
    unseen = full_set(top) & ~(played | rest)
    keep_fits = (rest & fits).bit_count()
    unseen_fits = (unseen & fits).bit_count()
    return (float(PIPS[t]), float(IS_DOUBLE[t]), float(outer),
            float((played & suit).bit_count()), closes, float((rest & suit).bit_count()),
            float(keep_fits), float(rest != 0 and keep_fits == 0),
            float(unseen_fits), float((unseen & suit).bit_count()), float(unseen_fits == 0))


def layout_lay(before: Layout, t: int, e: int) -> tuple[int, tuple[int, ...], Mask]:
    """Laying tile ``t`` on end ``e`` of ``before`` (-1: to lead): the number it leaves showing
    there, the numbers the other open ends show, and the tiles on the table after it."""
    after = before.lay_index(t, e)
    end = max(e, 0)
    outer = after.ends[end] if e >= 0 else HIGH[t]
    return outer, tuple(n for ee, n in after.open if ee != end), after.played


Decision = tuple[np.ndarray, np.ndarray, int, int]


def decisions(logs: Iterable[Path]) -> list[Decision]:
    """Per decision of the opponent with a choice among lays, in the logs of
    ``benchmarks/vs_openspiel.py`` (``opponent_model.choices``): its lays' hand-free features
    (:func:`~doublesix.ai.sampling.lay_features`), their hand features, the index of the lay
    made, and the deal's seed (to split the decisions by deal)."""
    found: list[Decision] = []
    for choice in choices(logs):
        fives = choice.rules.scoring == "fives"
        layout = choice.state.layout
        hand = choice.state.hands[choice.seat]
        free = [lay_features(layout, m.t, m.e, fives) for m in choice.moves]
        held = [hand_features(hand, m.t, *layout_lay(layout, m.t, m.e), choice.rules.set)
                for m in choice.moves]
        found.append((np.array(free, dtype=float), np.array(held, dtype=float), choice.chosen,
                      choice.seed))
    return found


def hits(data: list[tuple[np.ndarray, int]], weights: np.ndarray) -> float:
    """The share of decisions on which the lay ``weights`` like best is the lay made (a tie of
    ``k`` lays counting ``1 / k`` when the lay made is among them): how often a playout that
    lays the likeliest lay plays as the player did.

    >>> rows = np.array([[1.0], [2.0]])
    >>> hits([(rows, 1), (rows, 0)], np.array([1.0])), hits([(rows, 1)], np.array([0.0]))
    (0.5, 0.5)
    """
    total = 0.0
    for rows, chosen in data:
        scores = rows @ weights
        best = np.flatnonzero(scores == scores.max())
        if chosen in best:
            total += 1.0 / len(best)
    return total / len(data)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fit", nargs="+", type=Path, required=True)
    parser.add_argument("--score", nargs="+", type=Path, default=None,
                        help="the logs scored (default: the --fit logs' later half of deals, "
                        "the fit then taking the earlier half)")
    parser.add_argument("--ridge", type=float, default=0.01)
    args = parser.parse_args(argv)
    train = decisions(args.fit)
    if args.score is None:
        seeds = sorted({d[3] for d in train})
        middle = seeds[len(seeds) // 2]
        train, test = [d for d in train if d[3] < middle], [d for d in train if d[3] >= middle]
    else:
        test = decisions(args.score)
    first = json.loads(args.fit[0].read_text().splitlines()[0])
    rules = Rules.variant(first["matchup"].split(":")[0])
    named = np.array(reading_weights("ismcts", rules))
    free_w = fit([(d[0], d[2]) for d in train], args.ridge)
    hand_w = fit([(d[1], d[2]) for d in train], args.ridge)
    print(f"fitted on {len(train)} decisions ({len({d[3] for d in train})} deals), scored on "
          f"{len(test)} ({len({d[3] for d in test})} deals); "
          f"{np.mean([len(d[0]) for d in test]):.2f} lays a decision")
    heaviest = np.zeros(len(free_w))
    heaviest[:2] = 2.0, 1.0  # the expert's playouts: pips first, then a double
    print("| reading | log-likelihood a decision, fit set | score set | its likeliest lay is "
          "the lay made, fit set | score set |")
    print("|---|---|---|---|---|")
    for label, held, weights in (("uniform", False, free_w * 0),
                                 ("heaviest first (the playouts' default)", False, heaviest),
                                 ("ismcts (issue 33)", False, named),
                                 ("hand-free, refitted", False, free_w),
                                 ("hand-aware", True, hand_w)):
        sets = [[(d[1] if held else d[0], d[2]) for d in data] for data in (train, test)]
        ll = [log_likelihood(chosen, weights) for chosen in sets]
        hit = [hits(chosen, weights) for chosen in sets]
        print(f"| {label} | {ll[0]:.4f} | {ll[1]:.4f} | {hit[0]:.1%} | {hit[1]:.1%} |")
    print("hand-aware weights: " + ", ".join(f"{n} {w:+.3f}"
                                            for n, w in zip(HAND_FEATURES, hand_w, strict=True)))
    print("as an option: " + "/".join(f"{w:.3f}" for w in hand_w))
    return 0


if __name__ == "__main__":
    sys.exit(main())
