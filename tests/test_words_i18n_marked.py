"""Issue 43, the remaining sentences: the page's words (``pagewords``), the browser's labels
(``pagelabels``), the review (``reviewtalk``), the engine's refusals (``errorwords``) and the
command line's ``--help`` (``helpwords``) said in Spanish, Portuguese and French; in the pseudo
language every one of their sentences is inside the markers (each module's public sentence
functions walked with sample values: the proof that nothing is left unmarked)."""

from __future__ import annotations

import functools
import inspect
import os
import re
import subprocess
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from fastapi.testclient import TestClient

from doublesix import IllegalMoveError, Match, Tile
from doublesix.engine.moves import Move
from doublesix.engine.rules import RuleError, Rules
from doublesix.engine.tiles import tiles_of
from doublesix.protocol.wire import MESSAGE_TYPES
from doublesix.web.play.gameinfo import ProtocolError, parse_message
from doublesix.web.routes.bodies import FieldError, parse_new_game
from doublesix.words import (
    adminwords,
    clientwords,
    errorwords,
    helpwords,
    pagelabels,
    pagewords,
    refusals,
    reviewtalk,
)
from doublesix.words.i18n import _, using
from tests.support.terminal import DOUBLESIX

#: The innermost marked message of the pseudo-language.
_MARKED = re.compile(r"⟦[^⟦⟧]*⟧")


def outside_markers(said: Any) -> list[str]:
    """Every piece of ``said`` (a sentence, a marked list, a dict or list of them) with a
    word outside the pseudo-language's markers: [] when all is marked (a list's commas may
    stand between marked items, as ``talk`` joins scores)."""
    if said is None or said == "":
        return []
    if isinstance(said, dict):
        return [piece for value in said.values() for piece in outside_markers(value)]
    if isinstance(said, list | tuple):
        if all(isinstance(part, str) for part in said) and len(said) % 2 == 1 and said:
            said = "".join(said)  # a marked sentence (pagewords.marked), or lines
        else:
            return [piece for value in said for piece in outside_markers(value)]
    assert isinstance(said, str)
    text = said
    while _MARKED.search(text):
        text = _MARKED.sub("", text)
    return [said] if re.search(r"[^\W\d_]", text) else []


def _rule_errors() -> list[RuleError]:
    """One RuleError of each code."""
    found = []
    makers: tuple[Callable[[], object], ...] = (lambda: Rules.variant("draw", colour="red"),
                 lambda: Rules.variant("draw", scoring="fivez"),
                 lambda: Rules.variant("draw", spinner="yes"),
                 lambda: Rules.variant("draw", target="100"),
                 lambda: Rules.variant("draw", players=5),
                 lambda: Rules.variant("draw", set=7),
                 lambda: Rules.variant("draw", hand_size=0),
                 lambda: Rules.variant("draw", players=4, hand_size=8),
                 lambda: Rules.variant("partnership", players=3),
                 lambda: Rules.variant("draw", target=-5),
                 lambda: Rules.variant("fives"))
    for make in makers:
        with pytest.raises(RuleError) as raised:
            make()
        found.append(raised.value)
    return found


def _move_errors() -> list[IllegalMoveError]:
    """Every IllegalMoveError the engine says in a few games (each tile on each end, draw and
    pass at each turn), the notation's refusals and a resigned match's."""
    found: dict[str, IllegalMoveError] = {}
    for variant, seed in (("draw", 1), ("all-fives", 2), ("block", 3), ("muggins", 4)):
        match = Match(Rules.variant(variant), seed=seed)
        while not match.is_over and len(match.history) < 60:
            state = match.state
            if match.hand_result is not None:
                found.setdefault("hand-over", state.illegal(Move.draw()))
                match.next_hand()
                continue
            for tile in (*tiles_of(state.hands[state.turn]), Tile(0, 0), Tile(6, 6)):
                for end in (None, "left", "right", "up", "down"):
                    move = Move(tile, end)
                    if move not in state.legal_moves():
                        found.setdefault(str(state.illegal(move)), state.illegal(move))
            for move in (Move.draw(), Move.pass_()):
                if move not in state.legal_moves():
                    found.setdefault(str(state.illegal(move)), state.illegal(move))
            match.play(match.legal_moves()[0])
    for text in ("6|4 sideways", "zz", "6|4 zz"):
        with pytest.raises(IllegalMoveError) as raised:
            Move.parse(text)
        found[text] = raised.value
    match = Match(Rules.variant("draw"), seed=1)
    match.resign(1)
    with pytest.raises(IllegalMoveError) as raised:
        match.play("draw")
    found["resigned"] = raised.value
    return list(found.values())


#: Each module's public sentence functions, with sample calls (several for the branches).
WALKS: dict[ModuleType, dict[str, list[Callable[[], Any]]]] = {
    pagewords: {
        "me_name": [lambda: pagewords.me_name("Ana", "Cid", True),
                    lambda: pagewords.me_name("Ana", None, True),
                    lambda: pagewords.me_name("Ana", "Cid", False)],
        "your_turn": [lambda: pagewords.your_turn(True, True),
                      lambda: pagewords.your_turn(False, True),
                      lambda: pagewords.your_turn(False, False)],
        "waiting_for": [lambda: pagewords.waiting_for("Bea")],
        "draw_title": [lambda: pagewords.draw_title(1), lambda: pagewords.draw_title(14)],
        "page_title": [lambda: pagewords.page_title(_("Game"))],
        "turn_title": [lambda: pagewords.turn_title(_("Draw"))],
        "opponent_labels": [pagewords.opponent_labels],
        "seat_number": [lambda: pagewords.seat_number(_("Seat {number}").format(number=2))],
        "invite_words": [lambda: pagewords.invite_words(1, _("Seat {number}").format(number=2))],
        "card_words": [lambda: pagewords.card_words(3, 7, 45, True),
                       lambda: pagewords.card_words(None, 1, 1, False)],
        "table_info": [lambda: pagewords.table_info([6, 4], 10, True, 14),
                       lambda: pagewords.table_info([6, 4], 10, False, 0),
                       lambda: pagewords.table_info([], None, False, 14)],
        "board_words": [lambda: pagewords.board_words(3, _("Your turn.")),
                        lambda: pagewords.board_words(0, "")],
        "tracker_words": [lambda: pagewords.tracker_words(["1|1"], ["1|0"], 28),
                          lambda: pagewords.tracker_words([], [], 28),
                          lambda: pagewords.tracker_words(["1|1"], None, 28)],
        "again_words": [lambda: pagewords.again_words(True, ["Bea"], ["Cid"], ["Dan"]),
                        lambda: pagewords.again_words(False, ["Bea", "Cid"], ["Dan"],
                                                      ["Eve", "Fay"])],
        "again_json": [lambda: pagewords.again_json(0, {1: ("Bea", True, True)}, False),
                       lambda: pagewords.again_json(0, {1: ("Bea", True, True)}, True)],
        "marked": [],  # splits a sentence already said
    },
    pagelabels: {
        "translated": [lambda: {name: text for name, text in pagelabels.translated().items()
                                if name != "locale"}],
        "javascript": [],  # writes translated() (a test below reads it in Spanish)
        "locale_tag": [],  # a language's tag, no sentence
        "language_choice": [lambda: pagelabels.language_choice("qps")["label"]],
        "module_in": [],  # javascript() in a language (tests/test_web_languages.py reads it)
    },
    reviewtalk: {
        "move_words": [lambda: reviewtalk.move_words(Move(Tile(6, 4), "right")),
                       lambda: reviewtalk.move_words(Move(Tile(5, 5), "up")),
                       lambda: reviewtalk.move_words(Move(Tile(6, 6))),
                       lambda: reviewtalk.move_words(Move.draw()),
                       lambda: reviewtalk.move_words(Move.parse("pass"))],
        "review_line": [
            lambda: reviewtalk.review_line(3, Move(Tile(6, 4), "right"), 10,
                                           Move(Tile(5, 5), "left"), 15, 4.2, None, "mistake",
                                           0.031),
            lambda: reviewtalk.review_line(3, Move(Tile(6, 4), "right"), 0,
                                           Move(Tile(5, 5), "left"), 0, -1.5, (0.58, 0.5),
                                           "blunder", 0.002),
            lambda: reviewtalk.review_line(3, Move(Tile(6, 4), "right"), 0,
                                           Move(Tile(5, 5), "left"), 0, 1.5, (0.58, 0.5),
                                           "good"),
            lambda: reviewtalk.review_line(3, Move(Tile(6, 4), "right"), 0,
                                           Move(Tile(5, 5), "left"), 0, 0.0, (0.58, 0.5),
                                           "inaccuracy"),
            lambda: reviewtalk.review_line(3, Move(Tile(6, 4), "right"), 0,
                                           Move(Tile(5, 5), "left"), 0, 2.0, (0.4, 0.5),
                                           "inaccuracy"),
            lambda: reviewtalk.review_line(3, Move(Tile(6, 4), "right"), 0,
                                           Move(Tile(5, 5), "left"), 0, -0.5, (0.5, 0.5),
                                           "inaccuracy"),
            lambda: reviewtalk.review_line(5, Move(Tile(4, 2), "left"), 0,
                                           Move(Tile(4, 2), "left"), 0, 0.0, None, "best")],
        "hindsight_line": [
            lambda: reviewtalk.hindsight_line(Move(Tile(6, 4), "right"),
                                              Move(Tile(6, 4), "right"), 0.0, None),
            lambda: reviewtalk.hindsight_line(Move(Tile(6, 4), "right"),
                                              Move(Tile(4, 4), "left"), 0.01, None)],
        "luck_line": [lambda: reviewtalk.luck_line(0, 3.14, 8.0, 12)],
        "lost_words": [lambda: reviewtalk.lost_words(12.46, None),
                       lambda: reviewtalk.lost_words(-1.2, 3.09),
                       lambda: reviewtalk.lost_words(0.0, -0.2)],
        "review_summary": [
            lambda: reviewtalk.review_summary(10, 8, 12.46, None, (1, 7, 6.0, None, "mistake")),
            lambda: reviewtalk.review_summary(1, 0, 0.2, 0.11, (0, 5, 0.2, (0.61, 0.5), "best")),
            lambda: reviewtalk.review_summary(0, 0, 0.0, None, None)],
        "review_best_words": [
            lambda: reviewtalk.review_best_words(Move(Tile(5, 5), "left")),
            lambda: reviewtalk.review_best_words(Move(Tile(5, 5), "left"),
                                                 Move(Tile(6, 4), "right"), True),
            lambda: reviewtalk.review_best_words(Move(Tile(5, 5), "left"),
                                                 Move(Tile(6, 4), "right")),
            lambda: reviewtalk.review_best_words(Move(Tile(5, 5), "left"), Move.draw())],
        "decision_label": [functools.partial(reviewtalk.decision_label, 3, mark)
                           for mark in reviewtalk.MARK_NAMES],
        "review_step_words": [lambda: reviewtalk.review_step_words(0, 20),
                              lambda: reviewtalk.review_step_words(3, 20)],
        "review_heading": [lambda: reviewtalk.review_heading([1], False, False),
                           lambda: reviewtalk.review_heading([0, 1], True, False),
                           lambda: reviewtalk.review_heading([0], True, True)],
        "review_hand_heading": [lambda: reviewtalk.review_hand_heading(0)],
        "review_progress": [lambda: reviewtalk.review_progress(0, 1),
                            lambda: reviewtalk.review_progress(1, 3),
                            lambda: reviewtalk.review_progress(3, 3)],
        "game_label": [lambda: reviewtalk.game_label(["You", "Pinocchio"], [104, 60])],
        "fixed": [],  # a number
        # A whole review's lines (the same functions, on the numbers of doublesix.ai.review).
        "decision_line": [], "decision_hindsight": [], "review_lines": [], "summary_lines": [],
        "review_json": [],
        "review_intro": [lambda: reviewtalk.review_intro(2, None, "Draw"),
                         lambda: reviewtalk.review_intro(2, "Bea", "Draw")],
    },
    errorwords: {
        "rule_error": [functools.partial(errorwords.rule_error, error)
                       for error in _rule_errors()],
        "said": [lambda: errorwords.said(_rule_errors()[0])],
        "move_error": [functools.partial(errorwords.move_error, error)
                       for error in _move_errors()],
        "move_refusal": [lambda: errorwords.move_refusal(_move_errors()[0])],
        "code_words": [lambda: errorwords.code_words("players", players=7),
                       lambda: errorwords.code_words("hand-too-small", hand_size=0)],
    },
    adminwords: {
        "size_words": [functools.partial(adminwords.size_words, size)
                       for size in (None, 5, 5_000, 5_000_000, 5_000_000_000)],
        "status_line": [lambda: adminwords.status_line(5_000, 2)],
        "database_failed": [lambda: adminwords.database_failed("disk full")],
        "no_database_at": [lambda: adminwords.no_database_at("/x")],
        "before_newest": [lambda: adminwords.before_newest(None, "0005")],
        "candidate_line": [lambda: adminwords.candidate_line("g1", True, "2026-01-01"),
                           lambda: adminwords.candidate_line("g1", False, "2026-01-01")],
        "would_remove": [lambda: adminwords.would_remove(1, 2, "1 MB")],
        "removed": [lambda: adminwords.removed(3, "2 MB", "1 MB")],
        "no_database_yet": [lambda: adminwords.no_database_yet("sqlite:///g.db")],
        "upgraded": [functools.partial(adminwords.upgraded, *case) for case in (
            ("0002", "0002", False, False), (None, "0002", True, True),
            (None, "0002", True, False), ("0001", "0002", True, False))],
        "current": [functools.partial(adminwords.current, revision, tables, "0002")
                    for revision, tables in (("0002", True), ("0001", True), (None, True),
                                             (None, False))],
        "not_a_database": [lambda: adminwords.not_a_database("bad")],
        "use_pg_dump": [lambda: adminwords.use_pg_dump("pg_dump x", "pg_restore x")],
        "only_sqlite_or_postgresql": [lambda: adminwords.only_sqlite_or_postgresql("mysql://")],
        "backed_up": [lambda: adminwords.backed_up("a", "b", 12345)],
        "moved": [lambda: adminwords.moved("a", "b", {"games": 3})],
    },
    clientwords: {
        "kept_sentence": [lambda: clientwords.kept_sentence("doublesix join LINK")],
        "cannot_keep_seat": [lambda: clientwords.cannot_keep_seat("/x", "Permission denied")],
        "connection_refused": [lambda: clientwords.connection_refused(404)],
        "server_answered": [lambda: clientwords.server_answered(502)],
        "cannot_reach": [lambda: clientwords.cannot_reach("timed out"),
                         lambda: clientwords.cannot_reach("timed out", "Type join.")],
        "seat_refused": [lambda: clientwords.seat_refused(None, 4404)],
        "keeps_closing": [lambda: clientwords.keeps_closing(1006, "Type join.")],
        "invites_you": [lambda: clientwords.invites_you("Bea", "Draw")],
        "at_the_table": [lambda: clientwords.at_the_table("Bea")],
        "you": [clientwords.you],
        "not_an_invitation": [lambda: clientwords.not_an_invitation("http://x/")],
        "cannot_reach_server": [lambda: clientwords.cannot_reach_server("http://x", "refused")],
        "status_only": [lambda: clientwords.status_only(500)],
        "unreadable": [lambda: clientwords.unreadable("bad"),
                       lambda: clientwords.unreadable("bad", view=True)],
        "quit_words": [lambda: clientwords.quit_words("doublesix join LINK")],
        "no_saved_game": [lambda: clientwords.no_saved_game("/x")],
        "cannot_read": [lambda: clientwords.cannot_read("game.json", "denied")],
        "not_a_save": [lambda: clientwords.not_a_save("game.json")],
        "newer_save": [lambda: clientwords.newer_save("game.json", 9)],
        "damaged_save": [lambda: clientwords.damaged_save("game.json"),
                         lambda: clientwords.damaged_save("game.json", "bad JSON")],
    },
    refusals: {
        "too_long": [lambda: refusals.too_long(65536)],
        "wait_words": [lambda: refusals.wait_words(3), lambda: refusals.wait_words(30),
                       lambda: refusals.wait_words(3600)],
        "too_many_games": [lambda: refusals.too_many_games(95, "browser"),
                           lambda: refusals.too_many_games(5, "address")],
        "too_many_joins": [lambda: refusals.too_many_joins(95, "browser"),
                           lambda: refusals.too_many_joins(5, "address")],
        "name_too_long": [lambda: refusals.name_too_long(24, 30)],
        "body_must_be": [lambda: refusals.body_must_be('{"name": "your name"}')],
        "not_whole": [lambda: refusals.not_whole("players", "4")],
        "unknown_field": [lambda: refusals.unknown_field("colour", ["players", "set"])],
        "not_a_variant": [lambda: refusals.not_a_variant("chess", ["draw", "block"])],
        "target_out_of_range": [lambda: refusals.target_out_of_range(1000, 5000)],
        "not_a_seed": [lambda: refusals.not_a_seed(-1)],
        "unknown_option": [lambda: refusals.unknown_option("colour", ["spinner"])],
        "not_an_option_value": [lambda: refusals.not_an_option_value("spinner", "yes")],
        "opponents_count": [lambda: refusals.opponents_count(1, 2, 3),
                            lambda: refusals.opponents_count(3, 4, 1)],
        "too_deep": [lambda: refusals.too_deep(16)],
        "message_too_long": [lambda: refusals.message_too_long(4096)],
        "message_must_be": [lambda: refusals.message_must_be('{"type": "play", ...}')],
        "unknown_message": [lambda: refusals.unknown_message("fly", ["play", "next"])],
        "message_needs": [functools.partial(refusals.message_needs, kind, "{}")
                          for kind in ("play", "chat", "seat")],
        "unknown_player": [lambda: refusals.unknown_player("deep blue", ["random"])],
        "only_tables": [lambda: refusals.only_tables("start")],
        "too_many_hints": [lambda: refusals.too_many_hints(1),
                           lambda: refusals.too_many_hints(10)],
        "save_unreadable": [lambda: refusals.save_unreadable("bad JSON")],
        "no_hand": [lambda: refusals.no_hand(7)],
        "hand_resigned": [lambda: refusals.hand_resigned(2)],
        "record_unreadable": [lambda: refusals.record_unreadable("bad JSON")],
        "review_failed": [lambda: refusals.review_failed("died")],
    },
    helpwords: {
        "version_line": [lambda: helpwords.version_line("0.1", "compiled")],
        "language_help": [lambda: helpwords.language_help("en, es"),
                          lambda: helpwords.language_help("en, es", play=True)],
        "play_help": [lambda: [helpwords.play_help(option) for option in helpwords.PLAY]],
        "opponents_help": [lambda: helpwords.opponents_help("random", "pinocchio")],
        "speaking": [],  # argparse's words: the --help test below
        "serve_lines": [lambda: helpwords.serve_lines("http://x", "sqlite://", "1 MB", "pure")],
        "cannot_open_database": [lambda: helpwords.cannot_open_database("no such file")],
        "option_help": [lambda: [helpwords.option_help(command, option, games="draw",
                                                       variable="X", file="f", playouts=1)
                                 for command, options in helpwords.OPTIONS.items()
                                 for option in options]],
    },
}


@pytest.mark.parametrize("module", list(WALKS), ids=lambda module: module.__name__)
def test_every_sentence_is_marked(module: ModuleType) -> None:
    """In ``qps`` each public function's sentences are inside the markers, and the walk
    covers every public function of the module (a new one must be added to it)."""
    public = {name for name, value in inspect.getmembers(module, inspect.isfunction)
              if not name.startswith("_") and value.__module__ == module.__name__}
    assert public == set(WALKS[module])
    with using("qps"):
        for name, calls in WALKS[module].items():
            for call in calls:
                said = call()
                assert said, name
                assert outside_markers(said) == [], name


def _constants(module: ModuleType) -> list[str]:
    """A words module's sentence constants (its upper-case names holding text)."""
    return [value for name, value in vars(module).items()
            if name.isupper() and isinstance(value, str)]


def test_the_constants_are_marked() -> None:
    with using("qps"):
        constants = [pagewords.HAND_OVER, pagewords.GAME_OVER, pagewords.TAKE_BACK,
                     pagewords.TOOK_BACK, pagewords.TAKEN_BACK, pagewords.NO_TAKE_BACK,
                     pagewords.AGAIN_STARTED, *reviewtalk.MARK_WORDS.values(),
                     *reviewtalk.MARK_NAMES.values(), *helpwords.COMMANDS.values(),
                     helpwords.VERSION, *helpwords.ARGPARSE_WORDS, *_constants(refusals),
                     *_constants(clientwords), *_constants(adminwords),
                     reviewtalk.NO_FINISHED_HAND,
                     helpwords.WORKERS_NEED_POSTGRESQL]
        assert outside_markers([_(constant) for constant in constants]) == []


SAID = {
    "es": {
        "turn": "Tu turno: no encaja nada, roba una ficha.",
        "card": ["equipo ", "45", " puntos"],
        "again": "Quieres jugar otra vez. Bea quiere jugar otra vez. Esperando a Cid.",
        "label": "Siguiente mano",
        "title": "Partida · doublesix",
        "review": "Jugada 3: pusiste 6|4 en la punta derecha, sumando 10. Mejor: 5|5 en la "
                  "punta izquierda, sumando 15, 4,2 puntos mejor, 3\u00a0% de la partida. "
                  "Un error.",
        "summary": "Precisión: 80\u00a0%, 8 de 10 decisiones mejores o buenas.",
        "rule": "Una partida tiene de 2 a 4 jugadores, no 5.",
    },
    "pt_BR": {
        "turn": "Sua vez: nada encaixa, compre uma pedra.",
        "card": ["dupla ", "45", " pontos"],
        "again": "Você quer jogar de novo. Bea quer jogar de novo. Esperando Cid.",
        "label": "Próxima mão",
        "title": "Partida · doublesix",
        "review": "Jogada 3: você jogou 6|4 na ponta direita, marcando 10. Melhor: 5|5 na ponta "
                  "esquerda, marcando 15, 4,2 pontos melhor, 3% da partida. Um erro.",
        "summary": "Precisão: 80%, 8 de 10 decisões melhores ou boas.",
        "rule": "Uma partida tem de 2 a 4 jogadores, não 5.",
    },
    "fr": {
        "turn": "À vous : rien ne se pose, piochez un domino.",
        "card": ["équipe ", "45", " points"],
        "again": "Vous voulez rejouer. Bea veut rejouer. En attente de Cid.",
        "label": "Main suivante",
        "title": "Partie · doublesix",
        "review": "Coup 3 : vous avez posé 6|4 au bout de droite, marquant 10. Meilleur : 5|5 au "
                  "bout de gauche, marquant 15, 4,2 points de mieux, 3\u00a0% de la partie. Une "
                  "erreur.",
        "summary": "Précision : 80\u00a0%, 8 décisions sur 10 meilleures ou bonnes.",
        "rule": "Une partie se joue de 2 à 4 joueurs, pas 5.",
    },
}


@pytest.mark.parametrize("language", list(SAID))
def test_the_remaining_sentences_in_each_language(language: str) -> None:
    expected = SAID[language]
    with using(language):
        said = {
            "turn": pagewords.your_turn(False, True),
            "card": pagewords.card_words(3, 7, 45, True)["score"],
            "again": pagewords.again_words(True, ["Bea"], ["Cid"], []),
            "label": pagelabels.translated()["nextHand"],
            "title": pagelabels.translated()["gamePageTitle"],
            "review": reviewtalk.review_line(3, Move(Tile(6, 4), "right"), 10,
                                             Move(Tile(5, 5), "left"), 15, 4.2, None, "mistake",
                                             0.031),
            "summary": reviewtalk.review_summary(10, 8, 1.0, None, None)[0],
            "rule": errorwords.rule_error(_rule_errors()[4]),
        }
    assert {key: said[key] for key in expected} == expected


def test_labels_js_is_written_in_the_language_of_the_moment() -> None:
    """``javascript()`` inside ``using("es")`` writes the Spanish labels and the page's
    language; in English it is the shipped ``labels.js``, byte for byte."""
    shipped = Path(pagelabels.__file__).parents[1] / "web" / "static" / "labels.js"
    assert pagelabels.javascript() == shipped.read_text(encoding="utf-8")
    with using("es"):
        spanish = pagelabels.javascript()
    assert '"locale": "es",' in spanish and '"nextHand": "Siguiente mano",' in spanish
    assert '"deleteAccountWarning": "Tu nombre, tus puntuaciones y tus estadísticas ' in spanish


def test_a_rule_error_is_said_as_its_english_message_in_english() -> None:
    for error in _rule_errors():
        assert error.code
        assert errorwords.rule_error(error) == str(error)


def test_the_new_game_form_is_refused_in_spanish() -> None:
    """The server's refusal of rules nobody can play, built in a Spanish request."""
    with using("es"), pytest.raises(FieldError) as raised:
        parse_new_game({"variant": "partnership", "players": 3,
                        "opponents": ["random", "random"]})
    assert raised.value.field == "players"
    assert str(raised.value) == ("Por parejas se juega de a cuatro en una mesa, dos contra dos, "
                                 "no 3.")


def _run(*args: str, language: str = "fr") -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "LANG": f"{language}.UTF-8", "COLUMNS": "100"}
    env.pop("LC_ALL", None)
    env.pop("LC_MESSAGES", None)
    return subprocess.run([DOUBLESIX, *args], capture_output=True, text=True, env=env,
                          check=False)


HELP = {
    "fr_FR": ("utilisation : doublesix", ["afficher cette aide et quitter",
              "jouer une partie dans le terminal (mode ligne, lecteurs d'écran)"],
              ["reprendre la partie enregistrée", "à 4 joueurs : deux équipes, votre "
               "partenaire en face", "la langue de jeu : en (English), es (Español)"]),
    # The Done when: Portuguese.
    "pt_BR": ("uso: doublesix", ["mostrar esta ajuda e sair",
              "sentar numa mesa web pelo terminal: join LINK"],
              ["continuar a partida salva", "o idioma para jogar: en (English)"]),
}


@pytest.mark.parametrize("language", list(HELP))
def test_help_in_the_locales_language(language: str) -> None:
    """``doublesix --help`` and ``doublesix play --help`` from a French or a Brazilian
    locale: argparse's own words and every option's help in the language."""
    usage, top, play = HELP[language]
    said = _run("--help", language=language)
    assert said.returncode == 0
    assert said.stdout.startswith(f"{usage} ")
    text = " ".join(said.stdout.split())
    assert all(words in text for words in top), text
    said = _run("play", "--help", language=language)
    assert said.stdout.startswith(f"{usage} play ")
    text = " ".join(said.stdout.split())
    assert all(words in text for words in play), text


def test_argparse_refuses_in_french() -> None:
    refused = _run("play", "--players", "7", language="fr_FR")
    assert refused.returncode == 2
    assert "choix invalide : 7 (choisissez parmi 2, 3, 4)" in refused.stderr


def test_a_rule_error_in_spanish_in_the_terminal(tmp_path: Path) -> None:
    said = _run("play", "--lang", "es", "--variant", "partnership", "--players", "2",
                "--save-dir", str(tmp_path))
    assert said.returncode == 2
    assert (said.stdout + said.stderr).strip().endswith(
        "Por parejas se juega de a cuatro en una mesa, dos contra dos, no 2.")


def test_the_web_servers_refusals_in_spanish() -> None:
    """A refusal built while the request (or the socket) is Spanish is said in Spanish: the
    new-game form's, a socket message's, the bounds' (English unchanged outside)."""
    with using("es"):
        with pytest.raises(FieldError) as form:
            parse_new_game({"players": 5})
        with pytest.raises(ProtocolError) as socket:
            parse_message('{"type": "fly"}')
        assert refusals.too_many_games(95, "address") == (
            "Se han empezado muchas partidas desde tu red en poco tiempo: inténtalo de nuevo "
            "en 2 minutos.")
        assert _(refusals.NOT_YOUR_TURN) == "no es tu turno"
    assert str(form.value) == "Una partida tiene de 2 a 4 jugadores, no 5."
    assert str(socket.value).startswith("tipo de mensaje desconocido 'fly'; envía play, ")
    assert str(socket.value).endswith(f" o {MESSAGE_TYPES[-1]}")
    with pytest.raises(FieldError) as english:
        parse_new_game({"players": 5})
    assert str(english.value) == "A game has 2 to 4 players, not 5."


def test_every_move_refusal_is_said_as_its_english_message_in_english() -> None:
    errors = _move_errors()
    codes = {error.code for error in errors}
    assert {"hand-over", "not-in-hand", "fits-no-end", "does-not-fit", "end-not-open",
            "draw-while-fits", "no-pass", "not-a-move-end", "not-a-move-tile",
            "resigned"} <= codes
    for error in errors:
        assert error.code, str(error)
        assert errorwords.move_error(error) == str(error)


def test_a_move_refused_in_spanish_on_the_page_and_by_the_server() -> None:
    """The page's words for a tile that does not fit, and a socket's refusal of a move, built
    in a Spanish request (the terminal's in French)."""
    match = Match(Rules.variant("draw"), seed=5)
    with using("es"):
        page = errorwords.move_refusal(match.state.illegal(Move.draw()))
        try:
            match.play("0|0 up")
        except IllegalMoveError as error:
            socket = errorwords.said(error)
    assert page == "No puedes robar si te entra una ficha."
    assert socket == "0|0 no está en la mano del asiento 1"
    with using("fr"):
        assert errorwords.move_error(match.state.illegal(Move.pass_())) == (
            "vous ne pouvez pas passer tant que vous pouvez poser ou piocher")


@pytest.mark.parametrize("command", ["join", "lobby", "login", "serve", "prune", "db",
                                     "backup", "move", "simulate", "tournament", "ladder",
                                     "review", "stats"])
def test_every_commands_help_is_marked(command: str, capsys: pytest.CaptureFixture[str]
                                       ) -> None:
    """Each command's ``--help`` in ``qps``: every line of help inside the markers (the usage
    lines name the program's options, in no language)."""
    from doublesix.cli import main

    with pytest.raises(SystemExit):
        main(["--lang", "qps", command, "--help"])
    shown = capsys.readouterr().out
    assert "⟦" in shown
    while _MARKED.search(shown):
        shown = _MARKED.sub("", shown)
    unmarked = [line for line in shown.splitlines()
                if "doublesix" not in line and re.search(r"[a-z]{3,} [a-z]{3,}", line)]
    assert unmarked == []


def test_the_web_tables_terminal_in_french(tmp_path: Path) -> None:
    """``doublesix join`` with a link that is none, from a French locale: refused in French
    (and a saved game that cannot be read, said in French)."""
    said = _run("join", "http://127.0.0.1:1/nothing", language="fr_FR")
    assert said.returncode != 0
    assert "Ce n'est pas un lien d'invitation : 'http://127.0.0.1:1/nothing'." in said.stdout
    (tmp_path / "game.json").write_text("{}", encoding="utf-8")
    with using("fr"):
        from doublesix.terminal.saves import SaveError, read_save

        with pytest.raises(SaveError) as raised:
            read_save(tmp_path / "game.json")
    assert str(raised.value).endswith("game.json n'est pas une sauvegarde du terminal de "
                                      "doublesix")


def test_the_web_server_refuses_a_spanish_request_in_spanish(client: TestClient) -> None:
    """Through the app: a request and a socket that ask in Spanish (``Accept-Language``; the
    language set around them, as the server's middleware does) are refused in Spanish; the
    same request in English as before."""
    spanish = {"Accept-Language": "es"}
    with using("es"):
        record = client.get("/api/games/nothing/record?token=x", headers=spanish)
        with client.websocket_connect("/ws/nothing?token=x", headers=spanish) as socket:
            refused = socket.receive_json()
    assert record.status_code == 404 and record.json() == {"error": "no existe esa partida"}
    assert refused == {"type": "error", "message": "no existe esa partida"}
    english = client.get("/api/games/nothing/record?token=x")
    assert english.json() == {"error": "there is no such game"}
