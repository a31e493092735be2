"""The adapters' core without either framework: action numbers, the chance-driven table against
Match, and what the encodings may show (doublesix.adapters.table and .encoding)."""

from __future__ import annotations

import contextlib
import random
import re
import subprocess
import sys

import pytest

from doublesix import VARIANTS, Match, Move, Rules, Tile
from doublesix.adapters.encoding import Encoder
from doublesix.adapters.table import (
    DRAW_ACTION,
    PASS_ACTION,
    Table,
    action_count,
    action_of,
    margins,
    move_of,
)
from doublesix.engine.shuffle import shuffled
from doublesix.engine.tiles import TILES, Mask, indices


def test_every_action_number_is_one_move_and_back() -> None:
    numbers = set()
    for t in range(len(TILES)):
        for end in (None, "left", "right", "up", "down"):
            move = Move(TILES[t], end)
            number = action_of(move)
            assert move_of(number) is move
            numbers.add(number)
    assert action_of(Move.draw()) == DRAW_ACTION and move_of(DRAW_ACTION) is Move.draw()
    assert action_of(Move.pass_()) == PASS_ACTION and move_of(PASS_ACTION) is Move.pass_()
    assert numbers == set(range(2, action_count(12)))
    # A tile has the same number in every set.
    assert action_of(Move(Tile(6, 4), "left")) < action_count(6)
    for bad in (-1, action_count(12)):
        with pytest.raises(ValueError):
            move_of(bad)


def test_margins_are_zero_sum_and_count_partners_as_one_side() -> None:
    rules = Rules.variant("draw", players=4)
    assert sum(margins([10, 20, 30, 45], rules)) == pytest.approx(0.0)
    if "partnership" in VARIANTS:
        partners = Rules.variant("partnership")
        assert margins([40, 15, 40, 15], partners) == [25.0, -25.0, 25.0, -25.0]


def rules_cases() -> list[Rules]:
    """Rule sets for the random games: every variant, 2 to 4 players, every set, and matches
    to a target."""
    cases = []
    for variant in VARIANTS:
        for players in (2, 3, 4):
            for top in (6, 9, 12):
                with contextlib.suppress(ValueError):  # (partnerships are for four)
                    cases.append(Rules.variant(variant, players=players, set=top, target=0))
    cases += [Rules.variant("all-fives", target=60), Rules.variant("draw", players=3, target=40),
              Rules.variant("muggins", players=4, target=50, spinner_arms="immediate")]
    if "partnership" in VARIANTS:
        cases.append(Rules.variant("partnership", target=100))
    return cases


def play_both(rules: Rules, seed: int, check_views: bool = True) -> int:
    """One random match through a Table and through Match, dealt alike (the Table's chance
    outcomes are Match's deals and draws), compared after every action; returns the actions."""
    match = Match(rules, seed=seed)
    table = Table(rules)
    rng = random.Random(seed)
    actions = 0
    hand = 0
    drawn = -1
    deal = shuffled(rules.tile_count, seed, 0)[: rules.players * rules.hand_size]
    while True:
        if table.is_chance:
            if table.state is None:  # dealing
                if not deal:
                    match.next_hand()
                    hand += 1
                    deal = shuffled(rules.tile_count, seed, hand)[
                        : rules.players * rules.hand_size]
                table.deal(deal.pop(0))
                continue
            table.deal(drawn)
        else:
            assert table.turn == match.turn
            assert table.is_over == match.is_over
            assert list(table.scores) == match.scores
            if check_views:
                for seat in range(rules.players):
                    assert table.view(seat) == match.view(seat)
            if table.is_over:
                break
            moves = match.legal_moves()
            assert table.legal_moves() == tuple(moves)
            assert table.legal_actions() == sorted(action_of(m) for m in moves)
            move = rng.choice(moves)
            drawn = match.state.boneyard[0] if move.kind == "draw" else -1
            match.play(move)
            table.play(move)
            actions += 1
    assert table.winner == match.winner
    assert table.returns() == margins(match.scores, rules)
    assert sum(table.returns()) == pytest.approx(0.0)
    return actions


@pytest.mark.parametrize("rules", rules_cases(), ids=repr)
def test_the_table_plays_as_match_does(rules: Rules) -> None:
    for seed in range(3):
        play_both(rules, seed)


def test_chance_outcomes_are_the_unseen_tiles() -> None:
    rules = Rules.variant("draw", target=0)
    table = Table(rules)
    assert table.chance_outcomes() == list(range(28))
    table.deal(27)
    assert 27 not in table.chance_outcomes() and len(table.chance_outcomes()) == 27
    with pytest.raises(ValueError):
        table.deal(27)
    while table.state is None:
        table.deal(table.chance_outcomes()[0])
    assert not table.is_chance and (table.state.layout.played | table.state.hands[0]) >> 27 & 1
    rng = random.Random(1)
    while not table.is_over:
        if table.is_chance:  # a draw: the boneyard, every tile as likely
            assert table.chance_outcomes() == sorted(table.state.boneyard)
            table.deal(rng.choice(table.chance_outcomes()))
        else:
            table.play(rng.choice(table.legal_moves()))


def hidden_worlds(table: Table, seat: int, rng: random.Random) -> list[Table]:
    """Other deals of the hidden tiles among the other seats (any tiles, each seat its count):
    positions ``seat`` cannot tell apart only if its encodings hold nothing of them."""
    worlds = []
    view = table.view(seat)
    for _ in range(3):
        pool = list(indices(table.hidden(seat)))
        rng.shuffle(pool)
        hands: list[Mask] = []
        for s, size in enumerate(view.hand_sizes):
            if s == seat:
                hands.append(view.hand_mask)
            else:
                hands.append(sum(1 << t for t in pool[:size]))
                del pool[:size]
        worlds.append(table.with_hidden(seat, hands))
    return worlds


_TILE = re.compile(r"\b(\d{1,2})\|(\d{1,2})\b")


@pytest.mark.parametrize("variant", VARIANTS)
def test_encodings_show_a_seat_nothing_of_the_others_tiles(variant: str) -> None:
    rules = Rules.variant(variant, players=4, target=0)
    kinds = [Encoder(rules, recall=True), Encoder(rules), Encoder(rules, "none", recall=True)]
    rng = random.Random(7)
    for _ in range(4):
        table = Table(rules)
        step = 0
        while not table.is_over:
            if table.is_chance:
                table.deal(rng.choice(table.chance_outcomes()))
            else:
                table.play(rng.choice(table.legal_moves()))
            step += 1
            if step % 5:
                continue
            for seat in range(rules.players):
                view = table.view(seat)
                own = {t.index for t in view.hand}
                shown = table.state.layout.played if table.state is not None else 0
                for encoder in kinds:
                    text = encoder.string(view)
                    for high, low in _TILE.findall(text):
                        t = Tile(int(high), int(low)).index
                        assert t in own or shown >> t & 1, f"{TILES[t]} leaked to seat {seat}"
                for other in hidden_worlds(table, seat, rng):
                    for encoder in kinds:
                        assert encoder.string(other.view(seat)) == encoder.string(view)
                        assert encoder.values(other.view(seat)) == encoder.values(view)


def test_the_referee_encoding_shows_every_hand() -> None:
    rules = Rules.variant("block", target=0)
    match = Match(rules, seed=4)
    referee = Encoder(rules, "all", recall=True)
    hands = list(match.state.hands)
    text = referee.string(match.view(0), hands)
    assert all(str(t) in text for hand in match.hands for t in hand)
    values = referee.values(match.view(0), hands)
    start = referee.offsets["hands"]
    assert sum(values[start:start + 2 * 28]) == sum(len(h) for h in match.hands)
    with pytest.raises(ValueError):
        referee.string(match.view(0))


def test_importing_doublesix_imports_no_framework() -> None:
    code = (
        "import sys, doublesix, doublesix.ai, doublesix.adapters, doublesix.adapters.table, "
        "doublesix.adapters.encoding\n"
        "found = [m for m in ('pyspiel', 'open_spiel', 'pettingzoo', 'gymnasium', 'numpy') "
        "if m in sys.modules]\n"
        "assert not found, found\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
