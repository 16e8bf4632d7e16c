"""The Reversi strategy and its endgame solver (game/ai/reversi.py).

Searches here are bounded by node budgets, never by the clock, so every
result is reproducible.  The solver is checked against a plain minimax written
below on Position objects, which shares no code with it.  Boards are drawn as
in docs/rules.md (Reversi): columns a-h from the left, rows 1-8 from the top.
"""

from __future__ import annotations

import itertools
import random
import re
from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.ai import reversi as rv
from game.ai.levels import start_search
from game.ai.search import MAX_DEPTH, Limits, Search
from game.ai.strategy import EVAL_LIMIT, WIN, Tentative
from game.rules.base import Outcome, Reason
from game.rules.reversi import PASS, ReversiPosition, from_code, start
from tests.engine.test_reversi import random_position as random_play
from tools import reversi_classic as classic

# -- helpers ---------------------------------------------------------------------------


def position(diagram: str, side: str) -> ReversiPosition:
    """A position from a diagram as docs/rules.md draws one (rows 1..8 from the top)."""
    rows = [line.split()[1:] for line in diagram.strip().splitlines()
            if re.match(r"\d ", line.strip())]
    assert len(rows) == 8 and all(len(row) == 8 for row in rows), diagram
    ranks = [re.sub(r"\.+", lambda run: str(len(run.group())), "".join(row)) for row in rows]
    return from_code(f"reversi {'/'.join(ranks)} {side}")


def sq(name: str) -> int:
    return (int(name[1]) - 1) * 8 + "abcdefgh".index(name[0])


def random_play_to(seed: int, empties: int) -> ReversiPosition:
    """Random play until `empties` squares are left (or the game ends)."""
    rng = random.Random(seed)
    pos = start()
    while 64 - sum(pos.counts()) > empties and pos.legal_moves():
        pos = pos.play(rng.choice(pos.legal_moves())).position
    return pos


def empties(pos: ReversiPosition) -> int:
    return 64 - sum(pos.counts())


@cache
def brute_force(pos: ReversiPosition) -> int:
    """Final disc margin for the side to move under perfect play: plain minimax."""
    outcome = pos.outcome()
    if outcome is not None:
        black, white = outcome.scores
        return black - white if pos.side == "b" else white - black
    return max(-brute_force(pos.play(move).position) for move in pos.legal_moves())


def tree_has_pass(pos: ReversiPosition) -> bool:
    moves = pos.legal_moves()
    return moves == [PASS] or any(tree_has_pass(pos.play(m).position) for m in moves)


def solve(pos: ReversiPosition, nodes: int = 10**9):
    """The Druid's answer with a node budget only (so the solver runs to the end)."""
    return start_search(pos, "druid", nodes=nodes).run()


# -- legality and determinism --------------------------------------------------------------


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), plies=st.integers(0, 60), nodes=st.integers(1, 400))
def test_druid_never_plays_an_illegal_move(seed: int, plies: int, nodes: int) -> None:
    pos = random_play(seed, plies)
    moves = pos.legal_moves()
    if not moves:
        return  # the game is over: nothing to ask
    result = start_search(pos, "druid", nodes=nodes).run()
    assert result.move in moves


@pytest.mark.parametrize(("seed", "plies", "level"), [
    (1, 20, "druid"), (2, 48, "druid"), (3, 52, "druid"), (4, 12, "bard"), (5, 30, "ovate")])
def test_search_is_deterministic_given_seed_and_budget(seed: int, plies: int,
                                                       level: str) -> None:
    pos = random_play(seed, plies)
    first = start_search(pos, level, seed=7, nodes=1500).run()
    second = start_search(pos, level, seed=7, nodes=1500).run()
    assert (first.move, first.score, first.depth, first.nodes) == \
        (second.move, second.score, second.depth, second.nodes)


# -- choosing well -------------------------------------------------------------------------


# Black to move.  a1 takes the corner and turns b1-f1 (five discs), pinned by
# black's g1; nothing else comes close:
#
#     a b c d e f g h
#   1 . W W W W W B .
#   2 . . W B W . . .
#   3 . . B W B . . .
#   4 . . . B W . . .
#   5 . . . W B . . .
#   6 . . . . . . . .
#   7 . . . . . . . .
#   8 . . . . . . . .
CORNER_OFFER = """
  a b c d e f g h
1 . W W W W W B .
2 . . W B W . . .
3 . . B W B . . .
4 . . . B W . . .
5 . . . W B . . .
6 . . . . . . . .
7 . . . . . . . .
8 . . . . . . . .
"""


@pytest.mark.parametrize("level", ["ovate", "druid"])
def test_takes_the_corner_and_the_discs(level: str) -> None:
    pos = position(CORNER_OFFER, "b")
    assert sq("a1") in pos.legal_moves()
    result = start_search(pos, level, nodes=3000).run()
    assert result.move == sq("a1")
    after = pos.play(result.move).position
    black_before, _ = pos.counts()
    black_after, _ = after.counts()
    assert black_after == black_before + 6  # the corner and the five discs it turns


# Black's lone disc on b2 faces white's a1 with the wall behind it: no black
# move, while white can play c3.  Black must pass; so must the search.
#
#     a b c d e f g h
#   1 W . . . . . . .
#   2 . B . . . . . .
#   3 . . . . . . . .
#   ... (empty below)
FORCED_PASS = """
  a b c d e f g h
1 W . . . . . . .
2 . B . . . . . .
3 . . . . . . . .
4 . . . . . . . .
5 . . . . . . . .
6 . . . . . . . .
7 . . . . . . . .
8 . . . . . . . .
"""


def test_passes_when_it_must() -> None:
    pos = position(FORCED_PASS, "b")
    assert pos.legal_moves() == [PASS]
    assert start_search(pos, "druid", nodes=500).run().move == PASS


def test_solver_passes_when_it_must() -> None:
    # Two empties, a1 and b1: black cannot move there, white can.
    pos = from_code("reversi 2BBBBWB/BBBBBWWB/BWBWWWWB/BWBWWWWB/BWWWBWWB/BWBWWBWB/"
                    "BWWWWWBB/BWWBBBBB b")
    assert pos.legal_moves() == [PASS]
    result = solve(pos)
    assert result.move == PASS
    assert result.score == rv.margin_score(brute_force(pos))


# -- the endgame solver ----------------------------------------------------------------------

# Positions by random play with at most 8 empties; the first three have a pass
# somewhere in their game tree (checked below), the others are plain.
SMALL_ENDGAMES = [
    "reversi 1WWW1BWW/1WWWBWWW/WWWBWBWW/WWBWWBWW/WBWWWBWW/WWBWBWWW/W1BBBBWW/2BW1W1W b",
    "reversi BWWWW1W1/BWWW1WW1/BWWWW1WB/BBBBBBW1/BBWBBBW1/WWWWBWWW/WBBBWWWW/WB1BBBBW b",
    "reversi 2BBBB1B/B1WWB1B1/BWWWBBWW/BWBBWWWB/BWWWBWWB/BWBWWWWW/BWWWBBB1/BWWBBBB1 b",
    "reversi BWWWW1WB/BWWWWWBB/BWBBWBWB/BWBWBWBB/BWBBWBBB/BWBBBBBW/BWWBBBWW/BWWWWWWW w",
]


def small_endgames() -> list[ReversiPosition]:
    found = [from_code(code) for code in SMALL_ENDGAMES]
    for seed, left in zip(range(10, 16), itertools.cycle((8, 7, 6, 5, 4, 3)), strict=False):
        pos = random_play_to(seed, left)
        if pos.legal_moves():
            found.append(pos)
    return found


def test_small_endgames_include_passes() -> None:
    assert sum(tree_has_pass(pos) for pos in small_endgames()) >= 3


@pytest.mark.parametrize("pos", small_endgames(), ids=lambda p: p.code())
def test_solver_agrees_with_brute_force(pos: ReversiPosition) -> None:
    assert empties(pos) <= 8
    want = brute_force(pos)
    result = solve(pos)
    assert result.depth == empties(pos)
    assert result.score == rv.margin_score(want)
    assert -brute_force(pos.play(result.move).position) == want  # the move achieves it


@pytest.mark.parametrize("window", [(-65, 65), (-1, 1), (0, 1), (-9, -3), (10, 30)])
def test_solver_values_are_fail_soft_bounds(window: tuple[int, int]) -> None:
    alpha, beta = window
    for pos in small_endgames():
        want = brute_force(pos)
        solver = rv.Solver(lambda: False)
        rest = [s for s in range(64) if not (pos.black | pos.white) >> s & 1]
        got = drive(solver.value(pos.mover, pos.opponent, alpha, beta, rest))
        if alpha < want < beta:
            assert got == want
        elif want <= alpha:
            assert want <= got <= alpha
        else:
            assert beta <= got <= want


def drive(generator):
    """Run a generator to its end; its return value."""
    while True:
        try:
            next(generator)
        except StopIteration as stop:
            return stop.value


def test_solver_cut_short_still_returns_a_legal_move() -> None:
    pos = random_play_to(21, 14)
    assert empties(pos) == 14 and pos.legal_moves()
    for nodes in (1, 10, 200):
        result = solve(pos, nodes=nodes)
        assert result.move in pos.legal_moves()
        assert result.nodes <= nodes + 1


def test_solver_runs_only_when_deep_enough() -> None:
    strategy = rv.ReversiStrategy()
    pos = random_play_to(22, 10)
    deep, shallow = Limits(depth=MAX_DEPTH), Limits(depth=4)
    assert strategy.exact(pos, deep, lambda: False, {}) is not None
    assert strategy.exact(pos, shallow, lambda: False, {}) is None
    tried = random_play_to(22, rv.ENDGAME_EMPTIES + 1)
    assert len(tried.legal_moves()) > 1
    assert isinstance(strategy.exact(tried, deep, lambda: False, {}), Tentative)
    far = random_play_to(22, rv.TRY_EMPTIES + 1)
    assert strategy.exact(far, deep, lambda: False, {}) is None


def test_solver_yields_every_few_nodes() -> None:
    # A clock that moves on one unit per reading makes every step run exactly
    # one slice, so the nodes per slice can be counted without wall time.
    pos = random_play_to(23, 12)
    ticks = itertools.count()
    search = Search(pos, rv.ReversiStrategy(), clock=lambda: next(ticks))
    longest = last = 0
    while not search.step(search.clock() + 0.5):
        longest, last = max(longest, search.nodes - last), search.nodes
    assert search.depth == 12
    assert longest <= 1000


# -- scores ----------------------------------------------------------------------------------


def test_terminal_scores_grow_with_the_margin() -> None:
    strategy = rv.ReversiStrategy()
    pos = start()
    def score(black: int, white: int, side: str = "b") -> int:
        winner = "b" if black > white else "w" if white > black else None
        outcome = Outcome(winner, Reason.BOARD_FULL, (black, white))
        return strategy.terminal_score(outcome, ReversiPosition(pos.mover, pos.opponent, side), 10)

    assert score(32, 32) == 0
    assert WIN - 2 * MAX_DEPTH < score(33, 31) < score(40, 24) < score(64, 0) < WIN
    assert score(31, 33) == -score(33, 31)
    assert score(20, 44, "w") == score(44, 20, "b")


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), plies=st.integers(0, 59))
def test_evaluation_is_a_bounded_int(seed: int, plies: int) -> None:
    pos = random_play(seed, plies)
    value = rv.ReversiStrategy().evaluate(pos)
    assert isinstance(value, int)
    assert -EVAL_LIMIT <= value <= EVAL_LIMIT
    classic_value = classic.evaluate(pos.mover, pos.opponent)
    assert isinstance(classic_value, int) and -EVAL_LIMIT <= classic_value <= EVAL_LIMIT
    assert len(classic.features(pos.mover, pos.opponent)) == len(classic.FEATURES)


def test_the_classic_weights_file_loads_or_falls_back(tmp_path) -> None:
    assert classic.load_weights(tmp_path / "missing.json") == classic.DEFAULT_WEIGHTS
    bad = tmp_path / "bad.json"
    bad.write_text('{"features": ["mobility"], "phases": []}')
    assert classic.load_weights(bad) == classic.DEFAULT_WEIGHTS
    weights = classic.load_weights()
    assert weights != classic.DEFAULT_WEIGHTS  # the tuned file is there, beside the tool
    assert len(weights) == classic.PHASES
    assert all(len(w) == len(classic.FEATURES) for w in weights)
