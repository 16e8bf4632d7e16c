"""The offline solver's vectorised rules (tools/modiar_solve.py) against the engine's.

The solver restates sowing, capture, the grand slam and feeding on whole
layers of states at once with numpy; the shipped table is only as right as
that restatement.  These tests hold it to game.rules.modiar's kernels on
every board state with up to SMALL stones (ids of the successors included)
and on RANDOM_BOARDS random fuller boards, both sides to move.
"""

from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path
from types import ModuleType

import pytest

from game.rules.modiar import TOTAL, moves_in_frame, rotate

np = pytest.importorskip("numpy")

SOLVER = Path(__file__).resolve().parents[2] / "tools" / "modiar_solve.py"
SMALL = 14  # every state the dense table ships
RANDOM_BOARDS = 3000
SOUTH, NORTH = 0, 1


@pytest.fixture(scope="module")
def solver() -> ModuleType:
    spec = importlib.util.spec_from_file_location("modiar_solve", SOLVER)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    # dataclasses look their module up while the file runs.
    sys.modules[spec.name] = module
    try:
        spec.loader.exec_module(module)
    finally:
        del sys.modules[spec.name]
    return module


@pytest.fixture(scope="module")
def layers(solver: ModuleType):  # -> solver.Layers
    return solver.Layers.build(top=SMALL)


def engine_moves(board: tuple[int, ...], side: int) -> list[tuple[int, tuple[int, ...], int]]:
    """The engine's moves of `side` on `board` (South's numbering) as (slot, board after, gain)."""
    frame = board if side == SOUTH else rotate(board)
    moves = []
    for slot, child, gain in moves_in_frame(frame):
        # The child is turned for the next mover: South's numbering is the child
        # itself when North moved, its half-turn when South did.
        moves.append((slot, rotate(child) if side == SOUTH else child, gain))
    return moves


def test_layer_moves_match_the_engine_on_every_small_state(solver: ModuleType, layers) -> None:
    checked = 0
    for stones in range(SMALL + 1):
        moves = solver.layer_moves(layers, stones)
        pits = layers.pits[stones]
        for side in (SOUTH, NORTH):
            block = slice(side * len(pits), (side + 1) * len(pits))
            expected_child = np.full((len(pits), 3), -1, dtype=np.int64)
            expected_taken = np.zeros((len(pits), 3), dtype=np.int64)
            rows, slots, boards, gains = [], [], [], []
            for row, board in enumerate(map(tuple, pits.tolist())):
                for slot, after, gain in engine_moves(board, side):
                    rows.append(row)
                    slots.append(slot)
                    boards.append(after)
                    gains.append(gain)
            if rows:
                gain = np.array(gains)
                expected_child[rows, slots] = layers.ids(
                    stones - gain, np.array(boards, dtype=np.int8), np.full(len(rows), 1 - side))
                expected_taken[rows, slots] = gain
            assert (moves.child[block] == expected_child).all(), (stones, side)
            assert (moves.taken[block] == expected_taken).all(), (stones, side)
            checked += len(pits)
    assert checked == 2 * 38760  # C(20, 6) boards of at most 14 stones, each side to move


def random_boards(count: int, low: int, rng: random.Random) -> list[tuple[int, ...]]:
    """Boards of `low` to 42 stones, some with an empty row so that feeding is tested."""
    boards = []
    for _ in range(count):
        stones = rng.randint(low, TOTAL)
        cuts = sorted(rng.randint(0, stones) for _ in range(5))
        board = [b - a for a, b in zip([0, *cuts], [*cuts, stones], strict=True)]
        if rng.random() < 0.2:
            row = rng.choice((0, 3))
            board[3 - row] += sum(board[row:row + 3])
            board[row:row + 3] = [0, 0, 0]
        boards.append(tuple(board))
    return boards


def test_move_boards_match_the_engine_on_random_fuller_boards(solver: ModuleType) -> None:
    boards = random_boards(RANDOM_BOARDS, SMALL + 1, random.Random(7))
    pits = np.array(boards, dtype=np.int8)
    met = {"capture": 0, "grand slam or feeding": 0}
    for side in (SOUTH, NORTH):
        found = solver.move_boards(pits, side)
        for row, board in enumerate(boards):
            expected = engine_moves(board, side)
            assert [int(s) for s in np.flatnonzero(found.legal[row])] == [m[0] for m in expected]
            for slot, after, gain in expected:
                assert tuple(found.after[row, slot].tolist()) == after, (board, side, slot)
                assert int(found.gain[row, slot]) == gain, (board, side, slot)
                met["capture"] += gain > 0
            playable = sum(board[3 * side + slot] >= 2 for slot in range(3))
            met["grand slam or feeding"] += len(expected) < playable
    # The sample must meet the rules it is meant to check.
    assert min(met.values()) >= 100, met


def test_the_half_turn_matches_the_engines(solver: ModuleType, layers) -> None:
    """rotation() maps a state to its half-turn: the other side to move, rows swapped."""
    turned = solver.rotation(layers)
    for stones in range(SMALL + 1):
        pits = layers.pits[stones]
        n, base = len(pits), int(layers.offset[stones])
        expected = layers.ids(np.full(n, stones), np.array([rotate(b) for b in pits.tolist()]),
                              np.full(n, NORTH))
        assert (turned[base:base + n] == expected).all(), stones
