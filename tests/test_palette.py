"""The tiles' colours in every theme (issue 44): the pips coloured by number (the Okabe-Ito
palette, ``--pip-1`` to ``--pip-6`` in styles.css, for 1 to 6; the double-nine and
double-twelve sets' 7 to 12 take 1 to 6's colours, ringed: a thick edge, the second cue) keep
every two numbers of the largest set apart, by colour or by the ring, and stand apart from the
tile, for people with full colour vision and with protanopia, deuteranopia or tritanopia
(Machado et al. 2009); and every pip is edged in the pip colour, which stands at least 3:1 from
the tile (WCAG 2.2's non-text contrast).

Twelve colours cannot all be kept 10 apart under all three deficiencies and from the tile (the
palettes made for colour-blind readers stop at seven or eight: Okabe-Ito, Tol's "bright"), so
a number past 6 is told by the ring, and by its count, with the colour of the number 6 below.

The colours are read from the style sheet itself, so the sheet and this test cannot drift.
"""

from __future__ import annotations

import itertools
import re
from pathlib import Path

import pytest

from tests.support.colours import ciede2000, contrast, lab, simulate

STYLES = Path(__file__).resolve().parents[1] / "src" / "doublesix" / "web" / "static" / "styles.css"
THEMES = ("light", "dark", "contrast")
SIGHTS = ("normal", "protanopia", "deuteranopia", "tritanopia")
#: The least CIEDE2000 difference kept between two numbers' colours, and from the tile: some
#: four times a just-noticeable difference (about 2.3), "clearly different" at a glance.
LEAST_DIFFERENCE = 10.0


def variables(theme: str) -> dict[str, str]:
    """The custom properties of ``theme``: the sheet's ``:root``, then the theme's own."""
    css = STYLES.read_text(encoding="utf-8")
    selectors = [":root"] + ([] if theme == "light" else [f':root[data-theme="{theme}"]'])
    found: dict[str, str] = {}
    for selector in selectors:
        block = re.search(re.escape(selector) + r"\s*\{(.*?)\}", css, re.DOTALL)
        assert block is not None, f"no {selector} block in styles.css"
        found.update(re.findall(r"--([\w-]+):\s*(#[0-9a-fA-F]{6})\s*;", block.group(1)))
    return found


#: The numbers of the largest set (double-twelve) with pips.
NUMBERS = range(1, 13)
#: How thick a pip's edge is in the coloured style: 1 to 6 edged, 7 to 12 ringed.
EDGE, RING = 0.035, 0.07


def pip_colours(theme: str) -> dict[str, str]:
    """The fill of each number's pips in the coloured style, 1 to 12, as the sheet says it."""
    names = variables(theme)
    css = STYLES.read_text(encoding="utf-8")
    fills: dict[str, str] = {}
    for chosen, variable in re.findall(
            r':root\[data-tiles="colours"\] :is\(([^)]*)\) \{ fill: var\(--([\w-]+)\); \}', css):
        for name in re.findall(r"\.pip-(\d+)", chosen):
            fills[name] = names[variable]
    assert sorted(fills, key=int) == [str(n) for n in NUMBERS], fills
    return fills


def pip_cues(theme: str) -> dict[str, tuple[str, float]]:
    """Each number's look in the coloured style: its fill and the width of its edge."""
    css = STYLES.read_text(encoding="utf-8")
    ringed = re.search(r':root\[data-tiles="colours"\] :is\(([^)]*)\) \{\s*stroke-width: '
                       r'([\d.]+);\s*\}', css)
    assert ringed is not None, "no ring for the larger sets' numbers in styles.css"
    rings = set(re.findall(r"\.pip-(\d+)", ringed.group(1)))
    assert float(ringed.group(2)) == RING
    assert re.search(r':root\[data-tiles="colours"\] \.pip \{ stroke: var\(--pip\); '
                     rf"stroke-width: {EDGE}; \}}", css)
    return {n: (fill, RING if n in rings else EDGE) for n, fill in pip_colours(theme).items()}


class TestTheMeasures:
    """The colour science, against published figures."""

    @pytest.mark.parametrize(("one", "two", "expected"), [
        # Sharma, Wu and Dalal (2005), table 1: pairs 1, 7 and 17.
        ((50.0, 2.6772, -79.7751), (50.0, 0.0, -82.7485), 2.0425),
        ((50.0, 0.0, 0.0), (50.0, -1.0, 2.0), 2.3669),
        ((50.0, 2.5, 0.0), (73.0, 25.0, -18.0), 27.1492),
    ])
    def test_ciede2000_gives_sharmas_figures(self, one: tuple[float, float, float],
                                             two: tuple[float, float, float],
                                             expected: float) -> None:
        assert ciede2000(one, two) == pytest.approx(expected, abs=1e-4)

    def test_each_deficiency_keeps_grey_grey_and_merges_what_it_should(self) -> None:
        for sight in SIGHTS:
            assert simulate("#808080", sight) == pytest.approx(simulate("#808080", "normal"),
                                                               abs=0.01)
        # Red and green, far apart for full colour vision, come close without red or green
        # cones; tritanopia keeps them apart.
        red, green = "#d55e00", "#009e73"
        apart = {sight: ciede2000(lab(simulate(red, sight)), lab(simulate(green, sight)))
                 for sight in SIGHTS}
        assert apart["protanopia"] < apart["normal"] / 2
        assert apart["deuteranopia"] < apart["normal"] / 2
        assert apart["tritanopia"] > apart["protanopia"]


@pytest.mark.parametrize("theme", THEMES)
@pytest.mark.parametrize("sight", SIGHTS)
def test_every_two_numbers_of_the_largest_set_are_told_apart(theme: str, sight: str) -> None:
    """Two numbers drawn alike (both edged, or both ringed) differ by colour; two of one colour
    differ by the ring."""
    cues = pip_cues(theme)
    assert [cues[str(n)][1] for n in NUMBERS] == [EDGE] * 6 + [RING] * 6
    close = []
    for a, b in itertools.combinations(cues, 2):
        (one, edge), (two, other_edge) = cues[a], cues[b]
        apart = ciede2000(lab(simulate(one, sight)), lab(simulate(two, sight)))
        if edge == other_edge and apart < LEAST_DIFFERENCE:
            close.append((a, b, round(apart, 1)))
    assert not close, f"{theme}, {sight}: numbers drawn alike whose colours are too close: {close}"


@pytest.mark.parametrize("theme", THEMES)
@pytest.mark.parametrize("sight", SIGHTS)
def test_every_numbers_colour_stands_apart_from_the_tile(theme: str, sight: str) -> None:
    tile = lab(simulate(variables(theme)["tile"], sight))
    near = {number: round(ciede2000(lab(simulate(colour, sight)), tile), 1)
            for number, colour in pip_colours(theme).items()}
    assert min(near.values()) >= LEAST_DIFFERENCE, f"{theme}, {sight}: {near}"


@pytest.mark.parametrize("theme", THEMES)
def test_the_pips_edge_stands_3_to_1_from_the_tile(theme: str) -> None:
    names = variables(theme)
    assert contrast(names["pip"], names["tile"]) >= 3, theme
    # The coloured style edges each pip in the pip colour (styles.css), whatever its fill.
    css = STYLES.read_text(encoding="utf-8")
    assert re.search(r':root\[data-tiles="colours"\] \.pip \{ stroke: var\(--pip\);', css)
