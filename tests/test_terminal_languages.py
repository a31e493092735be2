"""The terminal game in other languages: a whole game in the pseudo-language ``qps``, where
every line a person reads must be inside the markers of a translated message (nothing left in
English by accident), and a game in Brazilian Portuguese typed with Portuguese commands, with
nothing in English.

The person's moves are the engine's: the test reads the save (written at every move) and types
a legal move in the game's language, so that it depends on no sentence of the game.
"""

from __future__ import annotations

import io
import re
from collections.abc import Sequence
from pathlib import Path

import pytest

from doublesix.cli import build_parser
from doublesix.engine.moves import Move
from doublesix.terminal import lessons
from doublesix.terminal.app import language
from doublesix.terminal.saves import read_save
from tests.support.terminal import DOUBLESIX, Program

#: A pseudo-language prompt: a marked message ending with ": " or "? ".
QPS_PROMPT = re.compile(r"⟦[^\n]*(?::|\?) ⟧$")
#: The Portuguese prompts.
PT_PROMPT = re.compile(
    r"(Sua jogada: |Qual ponta, [^\n]+\? |Tecle Enter para distribuir a mão \d+, ou digite "
    r"sair: |Jogar uma partida nova\? Digite sim ou não: |Desistir desta partida\? Você a "
    r"perde\. Digite sim ou não: )$")
#: The innermost marked message.
_MARKED = re.compile(r"⟦[^⟦⟧]*⟧")
#: Words an English sentence would have, and no Portuguese one.
ENGLISH = re.compile(r"\b(the|you|your|tiles?|hand|draw|drew|turn|scores?|pips?|fits|boneyard|"
                     r"nothing|open|ends?|laid|passed|won|over|game|type|press|left|right|"
                     r"and|or|with|is|to)\b", re.IGNORECASE)


def unmarked(line: str) -> str:
    """What of ``line`` is outside the markers of the translated messages."""
    while _MARKED.search(line):
        line = _MARKED.sub("", line)
    return line


class Player:
    """A person who types the engine's first legal move in the game's words: the tile with its
    end (the end's word, or its letter every other turn), or the draw command."""

    def __init__(self, draw: str, ends: dict[str, str], letters: dict[str, str],
                 answers: dict[str, str]) -> None:
        self.draw, self.ends, self.letters, self.answers = draw, ends, letters, answers
        self.turns = 0

    def move(self, save_dir: Path) -> str:
        match = read_save(save_dir / "game.json").match
        move: Move = match.legal_moves()[0]
        self.turns += 1
        if move.kind == "draw":
            return self.draw
        assert move.tile is not None
        tile = f"{move.tile.high} {move.tile.low}"
        if move.end is None:
            return tile
        words = self.letters if self.turns % 2 else self.ends
        return f"{tile} {words[move.end]}"

    def answer(self, prompt: str, save_dir: Path) -> str:
        for start, said in self.answers.items():
            if start in prompt:
                return said
        return self.move(save_dir)


def play(program: Program, player: Player, save_dir: Path, first: Sequence[str] = ()) -> str:
    """Answer every prompt (the ``first`` lines typed before the policy) until the program
    ends; the transcript."""
    typed = list(first)
    for _turn in range(3000):
        text = program.read()
        if not text and program.process.poll() is not None:
            break
        last = text.rsplit("\n", 1)[-1]
        if not program.prompt.search(last):
            break
        program.send(typed.pop(0) if typed else player.answer(last, save_dir))
    else:
        raise AssertionError("the game did not end")
    assert program.process.wait(30) == 0, program.transcript
    return program.transcript


QPS_PLAYER = Player("draw", {e: e for e in ("left", "right", "up", "down")},
                    {"left": "l", "right": "r", "up": "u", "down": "d"},
                    {"Press Enter": "", "Play a new game": "no", "Resign": "no"})


@pytest.mark.parametrize("variant", ["draw", "muggins"])
def test_a_pseudo_language_game_has_no_line_outside_the_markers(tmp_path: Path,
                                                                 variant: str) -> None:
    """A whole game (to 50) in ``qps``, the commands and help included: every line the person
    reads is the words of marked messages, names, tiles and numbers, nothing else."""
    program = Program(["--lang", "qps", "--variant", variant, "--target", "50", "--seed", "4",
                       "--opponents", "greedy"], tmp_path, prompt=QPS_PROMPT)
    transcript = play(program, QPS_PLAYER, tmp_path,
                      ["help", "hand", "board", "score", "history", "stats", "hint", "7 7", "xyz",
                       "resign"])
    lines = [line for line in transcript.splitlines() if line.strip()]
    assert len(lines) > 100
    said = [re.sub(r"((?::|\?) ⟧).*$", r"\1", line) for line in lines]  # what was typed, out
    strays = [line for line in said if re.search(r"[A-Za-z]", unmarked(line))]
    assert not strays, "\n".join(strays)
    assert "⟦⟦Greedy⟧ (⟦level 2, ⟦Novice⟧⟧) " in transcript  # the introduction, every part marked
    assert "⟦The game is over." in transcript


PT_PLAYER = Player("comprar", {"left": "esquerda", "right": "direita", "up": "cima",
                               "down": "baixo"},
                   {"left": "e", "right": "d", "up": "c", "down": "b"},
                   {"Tecle Enter": "", "Jogar uma partida nova": "não", "Desistir": "nao"})


def test_a_hand_in_portuguese_with_portuguese_commands(tmp_path: Path) -> None:
    """A game of one hand of Muggins from ``LANG=pt_BR.UTF-8``, typed in Portuguese (the
    commands, the ends' words and letters, "não"): every line is Portuguese."""
    program = Program(["--variant", "muggins", "--target", "0", "--seed", "7",
                       "--opponents", "snow-white"], tmp_path, prompt=PT_PROMPT,
                      env={"LANG": "pt_BR.UTF-8"})
    transcript = play(program, PT_PLAYER, tmp_path,
                      ["ajuda", "mão", "mesa", "placar", "histórico", "desistir", "não", "xyz"])
    assert "Regras: Muggins, jogo duplo seis, 2 jogadores" in transcript
    assert "comprar: pegue uma pedra do monte quando nada encaixa." in transcript  # help
    assert "Sua mão, " in transcript and "Você continua jogando." in transcript
    assert "Não entendi 'xyz'." in transcript
    assert "A partida acabou." in transcript
    english = [line for line in transcript.splitlines()
               if ENGLISH.search(line.replace("doublesix play --resume", ""))]
    assert not english, "\n".join(english)


def test_english_words_are_understood_in_every_language(tmp_path: Path) -> None:
    """A French game that the person plays with the English commands and ends."""
    program = Program(["--lang", "fr", "--variant", "draw", "--target", "0", "--seed", "2"],
                      tmp_path, prompt=re.compile(r"(: |\? )$"))
    english = Player("draw", {e: e for e in ("left", "right", "up", "down")},
                     {"left": "l", "right": "r", "up": "u", "down": "d"},
                     {"Appuyez sur Entrée": "", "Jouer une nouvelle partie": "no"})
    transcript = play(program, english, tmp_path, ["hand", "help"])
    assert "Votre main, " in transcript and "piocher : prendre un domino" in transcript
    assert "La partie est finie." in transcript


def test_the_language_comes_from_lang_or_the_locale() -> None:
    """``--lang`` first (negotiated: ``pt-BR``, ``es_MX``), then the locale's variables."""
    import argparse

    assert language(argparse.Namespace(lang="es_MX"), {}) == "es"
    assert language(argparse.Namespace(lang=None), {"LC_ALL": "fr_BE.UTF-8"}) == "fr"
    assert language(argparse.Namespace(lang=None), {"LANG": "de_DE.UTF-8"}) == "en"
    assert language(argparse.Namespace(lang="qps"), {}) == "qps"


def test_help_in_portuguese() -> None:
    """``doublesix --help`` from a Portuguese locale says what the program is in Portuguese,
    and ``doublesix play --help`` offers ``--lang``."""
    import os
    import subprocess

    env = {**os.environ, "LANG": "pt_BR.UTF-8"}
    env.pop("LC_ALL", None)
    said = subprocess.run([DOUBLESIX, "--help"], capture_output=True, text=True, env=env,
                          check=True).stdout
    assert "Dominó contra adversários do computador: Compra, Bloqueio, Todos os Cincos, " \
           "Muggins e Duplas." in " ".join(said.split())
    said = subprocess.run([DOUBLESIX, "play", "--help"], capture_output=True, text=True,
                          env=env, check=True).stdout
    assert "--lang LANG" in said


def test_commands_ends_and_answers_in_the_language_and_in_english() -> None:
    """In Spanish ``d`` is *derecha* (the right end), so the English ``d`` (down) is not taken
    there; the English words still are. Answers are read without their accents."""
    from doublesix.engine.tiles import Tile
    from doublesix.terminal.commands import Lay, Word, answer_of, parse, parse_end
    from doublesix.words.i18n import using

    with using("es"):
        assert parse("Robar", 6) == parse("draw", 6) == Word("draw")
        assert parse("mano", 6) == Word("hand")
        assert parse("6 4 i", 6) == parse("6 4 left", 6) == Lay(Tile(6, 4), "left")
        assert parse("6 4 d", 6) == Lay(Tile(6, 4), "right")
        assert parse("6 4 abajo", 6) == parse("6 4 down", 6) == Lay(Tile(6, 4), "down")
        assert parse_end("ar") == "up"
        assert (answer_of("Sí"), answer_of("si"), answer_of("s"), answer_of("yes")) == \
            ("yes", "yes", "yes", "yes")
    with using("pt_BR"):
        assert (answer_of("não"), answer_of("nao"), answer_of("sim")) == ("no", "no", "yes")
        assert parse("6 4 b", 6) == Lay(Tile(6, 4), "down")
    assert parse("6 4 d", 6) == Lay(Tile(6, 4), "down")  # English again outside


def test_a_pseudo_language_lesson_has_no_line_outside_the_markers() -> None:
    """``doublesix learn muggins --lang qps`` to its end, a wrong move and a typing slip
    included: every line is the words of marked messages, names, tiles and numbers."""
    args = build_parser("learn").parse_args(["learn", "muggins", "--lang", "qps"])
    out = io.StringIO()
    typed = ["", "xyz", "1 0", "6 0", "4 0", "4 1 up", "1 0 down", "6 1 left"]
    assert lessons.run(args, io.StringIO("\n".join(typed) + "\n"), out) == 0
    lines = [re.sub(r"((?::|\?) ⟧).*$", r"\1", line)  # what was typed, out
             for line in out.getvalue().splitlines() if line.strip()]
    strays = [line for line in lines if re.search(r"[A-Za-z]", unmarked(line))]
    assert not strays, "\n".join(strays)
    assert "Let's take that back and try 6|0.⟧" in out.getvalue()
    assert out.getvalue().rstrip().endswith("⟧")
