"""The tafl search's pruning: futility one ply from the horizon, late-move
reductions, and the ordering's late moves they act on.

Every search here is bounded by depth or nodes, so each count is the same on
any machine.
"""

from __future__ import annotations

import dataclasses

from game.ai.match import random_opening
from game.ai.search import Search
from game.ai.strategy import Limits
from game.ai.tafl import WEIGHTS, TaflStrategy
from game.rules import tafl

from ..engine.diagrams import tafl_code
from .test_tafl_net import LONE_ON_THE_THRONE


def unpruned() -> TaflStrategy:
    return TaflStrategy({game: dataclasses.replace(w, futility=0, reduction=0)
                         for game, w in WEIGHTS.items()})


def test_the_late_moves_are_those_without_a_hint_killer_or_table_move():
    game = random_opening("tawlbwrdd", 14, 3)
    position = game.position
    search = Search(position, TaflStrategy(), history=game.repetition_keys())
    moves = position.legal_moves()
    priorities = dict(zip(moves, search.strategy.priorities(position, moves), strict=True))
    quiet = [m for m in moves if not priorities[m]]
    table_move, killer = quiet[0], quiet[1]
    search.killers[5] = [killer]
    ordered, late = search._ordered(position, moves, 5, table_move)
    hinted = {m for m in moves if priorities[m]} | {table_move, killer}
    assert 0 < late < len(moves)
    assert set(ordered[:late]) == hinted
    assert ordered[0] == table_move


def test_futility_and_reductions_cut_the_tree_of_a_tawlbwrdd_search():
    # Measured when written: 6,821 nodes to finish depth 3 from these two
    # positions with the pruning, 53,080 without (the replies one ply
    # from the horizon are what it skips).
    pruned = unpruned_nodes = 0
    for seed in (1, 3):
        game = random_opening("tawlbwrdd", 10 + 6 * seed, seed)
        for strategy in (TaflStrategy(), unpruned()):
            nodes = Search(game.position, strategy, history=game.repetition_keys(),
                           limits=Limits(depth=3)).run().nodes
            if strategy.weights is WEIGHTS:
                pruned += nodes
            else:
                unpruned_nodes += nodes
    assert pruned < unpruned_nodes / 2


def test_a_king_with_few_defenders_is_searched_without_pruning():
    # The net round him is small quiet gains, which both kinds of pruning skip.
    strategy = TaflStrategy()
    lone = tafl.from_code(tafl_code("brandubh", LONE_ON_THE_THRONE, "a", "a1"))
    assert strategy.plan(lone).futility == strategy.plan(lone).reduction == 0
    start = tafl.start("brandubh")
    assert strategy.plan(start).futility == WEIGHTS["brandubh"].futility > 0
    assert strategy.plan(start).reduction == WEIGHTS["brandubh"].reduction > 0
    search = Search(lone, strategy)
    assert search.futility == 0 and search.reduce_from_depth > search.limits.depth
    assert not search.prunes
    # Either way the quiescence search is the tafl one: four noisy plies, remembered.
    assert strategy.plan(lone).quiescence_depth == strategy.plan(start).quiescence_depth == 4
    assert search.quiet_table is not None


def test_the_pruned_search_still_takes_an_open_line_at_once():
    # Two open lines for the king: the defenders win by going down one; a
    # pruned search must not skip the escape (a king move, always hinted).
    code = "tawlbwrdd 11/11/11/11/11/AA3K3AA/11/11/11/11/11 d"
    position = tafl.from_code(code)
    result = Search(position, TaflStrategy(), limits=Limits(nodes=3000)).run()
    orig, dest = result.move
    assert position.board[orig] == "K" and dest in position.rules.edge
