"""The tiles' colours in every theme (issue 44): the pips coloured by number (the Okabe-Ito
palette, ``--pip-1`` to ``--pip-7`` in styles.css) stay apart from each other, from the plain
pip colour (a larger set's 8 to 12) and from the tile, for people with full colour vision and
with protanopia, deuteranopia or tritanopia (Machado et al. 2009); and every pip is edged in
the pip colour, which stands at least 3:1 from the tile (WCAG 2.2's non-text contrast).

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


def pip_colours(theme: str) -> dict[str, str]:
    """The colours a pip may have: each number's from 1 to 7, and the plain pip colour."""
    names = variables(theme)
    colours = {str(n): names[f"pip-{n}"] for n in range(1, 8)}
    colours["8 and above"] = names["pip"]
    return colours


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
def test_every_two_numbers_colours_stay_apart(theme: str, sight: str) -> None:
    colours = pip_colours(theme)
    close = [(a, b, round(ciede2000(lab(simulate(colours[a], sight)),
                                     lab(simulate(colours[b], sight))), 1))
             for a, b in itertools.combinations(colours, 2)]
    too_close = [pair for pair in close if pair[2] < LEAST_DIFFERENCE]
    assert not too_close, f"{theme}, {sight}: numbers whose colours are too close: {too_close}"


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
