"""The browser's check of a typed name is the server's rule (``bodies.parse_name``): the same
names refused, for the same reason when it is the invisible one (issue 47, item 4)."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from doublesix.web.play.gameinfo import ProtocolError
from doublesix.web.routes.bodies import parse_name
from doublesix.words.names import NAME_INVISIBLE
from doublesix.words.pagelabels import LABELS

#: Names that look empty, and names that show something: the issue's own cases first.
CASES = ["\u200d", "\u3164", "\u2800", "\u0301\u0302", "\u115f\u1160", "\uffa0 \u200c",
         "Bea", "e\u0301", "\u05e9\u05dc\u05d5\u05dd", "\u2605", "7", "?", " Bea ", ""]


def server_says(name: str) -> str:
    """The server's refusal of ``name`` ("" when it takes it), as the browser's label."""
    try:
        parse_name(name)
    except ProtocolError as error:
        return "invisible" if str(error) == NAME_INVISIBLE else "refused"
    return ""


def browser_says(page: Any, names: list[str]) -> list[str]:
    """The page's ``nameProblem`` of each name, as ``server_says`` words it."""
    problems: list[str] = page.evaluate(
        "async (names) => { const m = await import('/static/people.js');"
        " return names.map((n) => m.nameProblem(n)); }", names)
    return ["" if not p else "invisible" if p == LABELS["nameInvisible"] else "refused"
            for p in problems]


#: Characters assigned in Python's Unicode; the browser may know a newer version, where a
#: character unassigned here (refused by the server) is a letter.
KNOWN = st.characters(exclude_categories=["Cn"])


def test_the_browser_refuses_the_names_the_server_refuses(session: Any) -> None:
    page = session.page()
    page.goto(session.server.url + "/")
    assert browser_says(page, CASES) == [server_says(name) for name in CASES]

    @settings(max_examples=60, deadline=None,
              suppress_health_check=[HealthCheck.function_scoped_fixture])
    @given(st.lists(st.text(KNOWN, min_size=0, max_size=6), min_size=20, max_size=20))
    def agree(names: list[str]) -> None:
        names = [n for n in names if "\x00" not in n]
        wrong = [(n, b, s) for n, b, s in zip(names, browser_says(page, names),
                                              map(server_says, names), strict=True) if b != s]
        assert not wrong, [(ascii(n), b, s) for n, b, s in wrong]

    agree()
