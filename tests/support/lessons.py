"""Taking the lessons (issue 44) in the tests: the move a step wants and the moves it does not,
as the runner (:class:`doublesix.ai.lessons.Tutor`) plays them."""

from __future__ import annotations

from doublesix.ai.lessons import YOU, Tutor, canonical
from doublesix.engine.moves import Move
from doublesix.engine.summary import same_choices


def better_move(tutor: Tutor) -> Move:
    """The move the step wants (its first that is legal, as the lesson plays it)."""
    step = tutor.step
    assert step is not None
    return next(canonical(tutor.match, m) for m in tutor.match.legal_moves() if step.wants(m))


def wrong_moves(tutor: Tutor) -> list[Move]:
    """One move of every other choice the person has at this step."""
    step = tutor.step
    assert step is not None
    return [group[0] for group in same_choices(tutor.match.view(YOU))
            if not step.wants(group[0])]
