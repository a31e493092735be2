"""Hypothesis strategies the tests share."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from doublesix import VARIANTS, Rules
from tests.support.deals import sizes


@st.composite
def any_rules(draw: st.DrawFn) -> Rules:
    """A named variant with any player count and set, and now and then other options mixed in
    (teams among them, at four players)."""
    variant = draw(st.sampled_from(VARIANTS))
    options: dict[str, Any] = {
        "players": draw(st.sampled_from(sizes(variant))),
        "set": draw(st.sampled_from([6, 9, 12])),
    }
    if draw(st.booleans()):
        options["target"] = draw(st.sampled_from([0, 50, 100, 150]))
    if draw(st.integers(0, 3)) == 0:
        options.update(
            drawing=draw(st.booleans()),
            scoring=draw(st.sampled_from(["pips", "fives"])),
            spinner=draw(st.booleans()),
            spinner_arms=draw(st.sampled_from(["after-sides", "immediate"])),
            rounding=draw(st.sampled_from(["nearest", "down"])),
            blocked_minus_own=draw(st.booleans()),
            blocked_tie=draw(st.sampled_from(["draw", "fewer-tiles"])),
            lead=draw(st.sampled_from(["highest-double", "winner"])),
            teams=options["players"] == 4 and draw(st.booleans()),
            team_points=draw(st.sampled_from(["all", "opponents"])),
        )
    return Rules.variant(variant, **options)
