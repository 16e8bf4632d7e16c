"""The search's null-move probe (`Strategy.null_move_reduction`, `passed`),
tried on tafl with its reduction switched on here whatever the shipped weights
say: fewer nodes to a depth, never two passes in a row, no pass where the
game has none, and off in the net round a lone king.

Every search here is bounded by depth or nodes, so each count is the same on
any machine.
"""

from __future__ import annotations

import dataclasses

from game.ai.match import random_opening
from game.ai.search import Search
from game.ai.strategy import Limits, strategy_for
from game.ai.tafl import WEIGHTS, TaflStrategy
from game.rules import from_code, start, tafl

from ..engine.diagrams import tafl_code
from .test_tafl_net import LONE_ON_THE_THRONE


def with_null(reduction: int) -> TaflStrategy:
    return TaflStrategy({game: dataclasses.replace(w, null_reduction=reduction)
                         for game, w in WEIGHTS.items()})


class Recording(TaflStrategy):
    """Remembers every position it passed, and every position it was asked to
    pass; its evaluation says the side to move stands well everywhere, so that
    every null-window node is a candidate (a real evaluation seldom lets the
    passed position pass back, which would hide a missing guard)."""

    def __init__(self) -> None:
        super().__init__({game: dataclasses.replace(w, null_reduction=2)
                          for game, w in WEIGHTS.items()})
        self.made: list[tafl.TaflPosition] = []
        self.asked: list[tafl.TaflPosition] = []

    def passed(self, position: tafl.TaflPosition) -> tafl.TaflPosition:
        self.asked.append(position)
        made = super().passed(position)
        self.made.append(made)
        return made

    def evaluate(self, position: tafl.TaflPosition) -> int:
        return 500


def test_the_null_move_cuts_the_tree_to_a_depth():
    # Measured when written: 157,238 nodes against 256,339 to finish depth 6
    # from six Brandubh positions; from these two, 40,088 against 70,230.
    with_probe = without = 0
    for seed in (2, 5):
        game = random_opening("brandubh", 10 + 6 * seed, seed)
        for strategy in (with_null(2), with_null(0)):
            result = Search(game.position, strategy, history=game.repetition_keys(),
                            limits=Limits(depth=6)).run()
            if strategy.weights["brandubh"].null_reduction:
                with_probe += result.nodes
            else:
                without += result.nodes
    assert with_probe < without * 0.8


def test_the_passed_position_is_the_same_board_with_the_other_side_to_move():
    position = random_opening("tawlbwrdd", 12, 1).position
    passed = with_null(2).passed(position)
    assert passed.board == position.board and passed.visited == position.visited
    assert passed.side == tafl.ENEMY[position.side]


def test_no_side_passes_twice_in_a_row():
    strategy = Recording()
    game = random_opening("brandubh", 20, 3)
    # Deep enough that a passed position still has the plies to probe (the
    # root's children are 6 plies from the horizon; a pass leaves 3).
    Search(game.position, strategy, history=game.repetition_keys(),
           limits=Limits(depth=7)).run()
    assert strategy.made, "the probe was never tried: the test would prove nothing"
    made = {id(position) for position in strategy.made}
    assert not any(id(position) in made for position in strategy.asked)


def test_the_probe_is_off_in_the_net_round_a_lone_king():
    strategy = with_null(2)
    lone = tafl.from_code(tafl_code("brandubh", LONE_ON_THE_THRONE, "a", "a1"))
    assert strategy.null_move_reduction(lone) == 0
    assert strategy.null_move_reduction(start("brandubh")) == 2
    search = Search(lone, strategy)
    assert search.null_from > search.limits.depth


def test_games_without_a_pass_never_probe():
    for code in ("reversi", "modiar 0,8,6,3,7,0 8,10 s 0"):
        position = start(code) if " " not in code else from_code(code)
        strategy = strategy_for(position.GAME)
        assert strategy.null_move_reduction(position) == 0
        assert strategy.passed(position) is None


def test_the_probed_search_still_finds_the_kings_escape():
    # Two open lines: the defenders win at once, and a probe must not hide it.
    position = tafl.from_code("tawlbwrdd 11/11/11/11/11/AA3K3AA/11/11/11/11/11 d")
    result = Search(position, with_null(2), limits=Limits(nodes=3000)).run()
    orig, dest = result.move
    assert position.board[orig] == "K" and dest in position.rules.edge
