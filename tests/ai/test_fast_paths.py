"""The search's shortcuts change how fast a node is, never which nodes are searched.

(The pins check the whole Druid; these check each shortcut against the long
way round on its own.)
"""

from __future__ import annotations

import random

from game.ai import reversi as rv
from game.ai.levels import start_search
from game.ai.search import Search
from game.ai.strategy import Limits, strategy_for
from game.bench import sample_positions
from game.rules import GAME_NAMES
from game.rules.reversi import PASS


def slow_hint(p: int, o: int, move: int) -> int:
    """A move's ordering hint read off the corners one by one."""
    if move == PASS:
        return 0
    for corner, x_square, c_squares in rv._CORNER_GROUPS:
        if move in (x_square, *c_squares) and not (p | o) >> corner & 1:
            return rv._SQUARE_VALUE[move]  # beside an empty corner: the full penalty
    return rv._SAFE_VALUE[move]


def test_reversi_move_hints_are_the_square_values_by_the_empty_corners():
    rng = random.Random(14)
    for _ in range(3000):
        occupied = rng.getrandbits(64)
        p = occupied & rng.getrandbits(64)
        o = occupied & ~p
        moves = sorted(rng.sample(range(65), 12))
        assert rv.move_hints(p, o, moves) == [slow_hint(p, o, m) for m in moves]


def test_only_a_game_without_noisy_moves_skips_the_quiescence_search():
    skips = {game: Search(sample_positions(game)[0], strategy_for(game)).stands_pat
             for game in GAME_NAMES}
    assert skips == {"brandubh": False, "tawlbwrdd": False, "reversi": True, "modiar": False}


def test_standing_pat_directly_searches_the_same_nodes_as_the_quiescence_search():
    for position in sample_positions("reversi", (0, 12, 24)):
        short = start_search(position, "druid", nodes=3000)
        long = start_search(position, "druid", nodes=3000)
        long.stands_pat = False  # the long way: a quiescence search with no noisy moves
        a, b = short.run(), long.run()
        assert (a.move, a.score, a.depth, a.nodes) == (b.move, b.score, b.depth, b.nodes)
        assert long.horizons == short.horizons > 0


def test_a_search_without_a_node_budget_counts_as_one_with_a_large_one():
    position = sample_positions("brandubh")[1]
    unbounded = Search(position, strategy_for("brandubh"), limits=Limits(depth=2))
    bounded = Search(position, strategy_for("brandubh"), limits=Limits(depth=2, nodes=10**9))
    a, b = unbounded.run(), bounded.run()
    assert (a.move, a.score, a.depth, a.nodes) == (b.move, b.score, b.depth, b.nodes)
