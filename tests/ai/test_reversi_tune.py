"""tools/reversi_tune.py plays its games on the engine's kernels and the strategy's solver.

The tool has no other test; these keep it running when the engine or the
solver's interface changes (it once went on writing into a Search that the
solver no longer took).  Work is bounded by small endgames and fixed depths.
"""

from __future__ import annotations

import random

import pytest

from game.rules.reversi import PASS, from_code
from tools import reversi_tune as tune

from .test_reversi_ai import brute_force, random_play_to


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_children_are_the_positions_after_each_legal_placement(seed: int) -> None:
    pos = random_play_to(seed, 30 - 5 * seed)
    got = {(sq, child_p, child_o) for sq, child_p, child_o in tune.children(pos.mover,
                                                                            pos.opponent)}
    want = {(move, after.mover, after.opponent)
            for move in pos.legal_moves() if move != PASS
            for after in [pos.play(move).position]}
    assert got == want


@pytest.mark.parametrize("code", [
    "reversi 1WWW1BWW/1WWWBWWW/WWWBWBWW/WWBWWBWW/WBWWWBWW/WWBWBWWW/W1BBBBWW/2BW1W1W b",
    "reversi 2BBBBWB/BBBBBWWB/BWBWWWWB/BWBWWWWB/BWWWBWWB/BWBWWBWB/BWWWWWBB/BWWBBBBB b",
])
def test_solve_gives_the_exact_margin_and_a_move_that_reaches_it(code: str) -> None:
    pos = from_code(code)
    move, margin = tune.solve(pos.mover, pos.opponent)
    assert margin == brute_force(pos)
    assert move in pos.legal_moves()
    assert -brute_force(pos.play(move).position) == margin


def test_games_go_on_positions() -> None:
    rng = random.Random(5)
    pos = tune.opening(rng, 6)
    assert sum(pos.counts()) == 4 + 6 and pos.side == "b"  # an opening never passes
    after = tune.choose_in(pos, 1, rng)
    assert after.side == "w" and after in {pos.play(m).position for m in pos.legal_moves()}


def test_bench_positions_have_the_empties_asked_for_and_a_placement() -> None:
    positions = tune.bench_positions(20, 1, seed=3)
    assert len(positions) == 1 and 64 - sum(positions[0].counts()) == 20
    assert positions[0].legal_moves() and PASS not in positions[0].legal_moves()
