"""The coach's sentence (issue 44, words/coachwords.py) for the scripted position's blunder, in
every language: one whole sentence with the better move and the reason, and the take-back
sentence; and the numbers behind it (:func:`doublesix.ai.coach.advise`) from the seat's view."""

from __future__ import annotations

import pytest

from doublesix import Match, Rules
from doublesix.ai.coach import advise
from doublesix.ai.seeding import move_rng
from doublesix.engine.moves import Move
from doublesix.web.play.searchers import choose_move
from doublesix.words import coachwords
from doublesix.words.i18n import using
from tests.support.deals import COACH_POSITION

SAID = {
    "en": (COACH_POSITION.sentence, "You can still take this move back and try another."),
    "es": ("4|4 habría sido mejor: deja la cuenta de la mesa en 20, que suma 20, mientras que "
           "6|2 no suma nada.", "Aún puedes deshacer esta jugada y probar otra."),
    "pt_BR": ("4|4 teria sido melhor: deixa a conta da mesa em 20, que marca 20, enquanto 6|2 "
              "não marca nada.", "Você ainda pode voltar esta jogada e tentar outra."),
    "fr": ("4|4 aurait été meilleur : il porte le total des bouts à 20, ce qui marque 20, alors "
           "que 6|2 ne marque rien.", "Vous pouvez encore reprendre ce coup et en essayer un "
                                      "autre."),
}


def position() -> Match:
    """The scripted game at the person's first turn, the computer having played as the web
    game's Greedy does."""
    game = COACH_POSITION.game
    match = Match(Rules.variant(str(game["variant"]), players=2, target=0),
                  seed=int(str(game["seed"])))
    while (seat := match.turn) is not None and seat != 0:
        view = match.view(seat)
        key = (match.seed, match.hand_number, seat, len(match.history))
        match.play(choose_move("greedy", view, move_rng(*key)))
    return match


@pytest.mark.parametrize("language", sorted(SAID))
def test_the_blunder_in_every_language(language: str) -> None:
    match = position()
    key = (match.seed, match.hand_number, 0, len(match.history))
    advice = advise(match.view(0), Move.parse(COACH_POSITION.bad), move_rng(*key), 400)
    assert advice is not None and advice.mark == "blunder"
    assert (str(advice.best), advice.why) == (COACH_POSITION.good, "scores")
    with using(language):
        assert (coachwords.coach_sentence(advice), coachwords.take_back()) == SAID[language]


def test_the_good_move_gets_nothing() -> None:
    match = position()
    key = (match.seed, match.hand_number, 0, len(match.history))
    assert advise(match.view(0), Move.parse(COACH_POSITION.good), move_rng(*key), 400) is None
