"""The lessons (issue 44): every lesson replayed through the engine to its end, a wrong move
tried at every step that has one, and each claim the coach makes checked against the engine's
own numbers."""

from __future__ import annotations

import re

import pytest

from doublesix.ai.lessons import LESSONS, YOU, LessonError, Step, Tutor, Wrong
from doublesix.engine.match import Match
from doublesix.engine.moves import IllegalMoveError, Move
from doublesix.engine.rules import VARIANTS
from doublesix.engine.summary import same_choices
from doublesix.protocol.lessons import played
from doublesix.web.play.lessons import coach_json
from doublesix.words import i18n, lessonwords
from tests.support.lessons import better_move, wrong_moves


def after(match: Match, move: Move) -> Match:
    """A copy of ``match`` with ``move`` played (the copy through the engine's own saves)."""
    copy = Match.from_json(match.to_json())
    copy.play(move)
    return copy


def check_claim(match: Match, step: Step, wrong: Wrong) -> None:
    """The coach's claim about a wrong move holds in the engine."""
    played, better = after(match, wrong.played), after(match, wrong.better)
    assert wrong.played != wrong.better
    if wrong.kind == "pips":
        assert wrong.better.tile is not None and wrong.played.tile is not None
        assert wrong.better_pips == wrong.better.tile.pips > wrong.pips == wrong.played.tile.pips
    elif wrong.kind == "points":
        assert played.history[-1].points == wrong.points
        assert better.history[-1].points == wrong.better_points > wrong.points
        assert better.board_count == wrong.better_count
    elif wrong.kind == "pass":
        seat, number = wrong.seat, wrong.number
        assert seat is not None and number is not None
        # They passed before (what the person saw), so they hold none of the numbers open
        # then: the number among them ...
        assert any(e.kind == "pass" and e.seat == seat for e in match.view(YOU).history)
        # ... so after the better move, with only that number open, they cannot lay ...
        assert set(better.open_ends.values()) == {number}
        if better.turn is not None:
            assert better.turn == seat and better.legal_moves() == [Move.pass_()]
    else:
        assert wrong.kind == "follow"
    del step


@pytest.mark.parametrize("variant", VARIANTS)
def test_each_lesson_to_its_end_with_a_wrong_move_at_each_step_that_has_one(variant: str) -> None:
    tutor = Tutor(LESSONS[variant])
    assert 4 <= len(tutor.lesson.steps) <= 8
    wrongs = 0
    while not tutor.done:
        step = tutor.step
        assert step is not None
        text = lessonwords.step_words(tutor)
        assert text and "{" not in text
        hidden = {str(t) for seat, hand in enumerate(tutor.match.hands) if seat != YOU
                  for t in hand}
        assert not hidden & set(re.findall(r"\d\|\d", text)), "the coach names no hidden tile"
        if step.explains:
            with pytest.raises(LessonError):
                tutor.move(tutor.match.legal_moves()[0] if tutor.match.turn == YOU
                           else Move.pass_())
            tutor.next()
            continue
        if not step.moves:
            assert len(same_choices(tutor.match.view(YOU))) == 1, \
                f"{step.key} takes any move: the person must have one choice"
        before = (len(tutor.match.history), tutor.index)
        for move in wrong_moves(tutor):
            match = Match.from_json(tutor.match.to_json())
            wrong = explain_first(tutor, move)
            check_claim(match, step, wrong)
            words = lessonwords.wrong_words(tutor, wrong)
            assert "take that back" in words
            assert (len(tutor.match.history), tutor.index) == before, "taken back"
            wrongs += 1
        answer = tutor.move(better_move(tutor))
        assert answer.wrong is None
        assert answer.events[0].seat == YOU
    assert wrongs >= 1, "each lesson explains a wrong move"
    assert tutor.match.hand_result is not None, "each lesson plays its hand to the end"
    assert coach_json(tutor)["waits"] == "done"


def explain_first(tutor: Tutor, move: Move) -> Wrong:
    """The wrong move made: its explanation, the move shown played, then taken back."""
    answer = tutor.move(move)
    assert answer.wrong is not None and answer.events[0].tile == move.tile
    return answer.wrong


def test_a_lesson_replays_to_where_its_standing_moves_left_it() -> None:
    tutor = Tutor(LESSONS["muggins"])
    tutor.next()
    tutor.move("6|0")
    again = Tutor(LESSONS["muggins"])
    again.replay(played(",".join(str(m) for m in tutor.played)))
    assert again.match.state == tutor.match.state and again.index == tutor.index
    with pytest.raises(LessonError):
        again.replay([Move.parse("1|0")])


def test_the_runner_refuses_what_the_step_does_not_wait_for() -> None:
    tutor = Tutor(LESSONS["draw"])
    with pytest.raises(LessonError):
        tutor.move("6|4")
    tutor.next()
    with pytest.raises(LessonError):
        tutor.next()
    with pytest.raises(IllegalMoveError):
        tutor.move("5|0")
    assert tutor.step is not None and tutor.step.key == "draw.match"


@pytest.mark.parametrize("language", ["es", "pt_BR", "fr"])
def test_the_coach_speaks_each_language(language: str) -> None:
    with i18n.using(language):
        tutor = Tutor(LESSONS["all-fives"])
        english = lessonwords.step_words(tutor)
        tutor.next()
        wrong = tutor.move("6|4").wrong
        assert wrong is not None
        said = lessonwords.wrong_words(tutor, wrong)
    assert said != lessonwords.wrong_words(tutor, wrong)
    assert english != lessonwords.step_words(Tutor(LESSONS["all-fives"]))
