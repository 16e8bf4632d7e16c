"""Reversi's ProbCut: a null-window node cut when a shallow search clears the
window by the measured margin: a deeper search in the same nodes.

Every search here is bounded by depth, so each count is the same on any
machine.
"""

from __future__ import annotations

from game.ai import reversi as rv
from game.ai.match import random_opening
from game.ai.search import Search
from game.ai.strategy import WIN, Limits
from game.rules.reversi import ReversiPosition
from tools.reversi_probcut import NoCut


class NeverClears(rv.ReversiStrategy):
    """ProbCut's shallow searches run, but no value can clear the margin."""

    def probcut(self, position: ReversiPosition, depth: int) -> tuple[int, int, int]:
        return rv.probcut_shallow(depth), 0, 4 * WIN


def midgame(seed: int) -> ReversiPosition:
    return random_opening("reversi", 16 + 2 * seed, seed).position


def searched(position: ReversiPosition, strategy: rv.ReversiStrategy, depth: int):
    return Search(position, strategy, limits=Limits(depth=depth)).run()


def test_probcut_reaches_a_depth_with_far_fewer_nodes():
    # Measured when written: 7,457 nodes to finish depth 6 from these three
    # positions with ProbCut, 24,745 without.
    cut = plain = 0
    for seed in (1, 2, 3):
        position = midgame(seed)
        cut += searched(position, rv.ReversiStrategy(), 6).nodes
        plain += searched(position, NoCut(), 6).nodes
    assert cut < plain / 2


def test_a_margin_no_shallow_value_can_clear_changes_no_move_and_no_score():
    for seed in (1, 4):
        position = midgame(seed)
        plain = searched(position, NoCut(), 5)
        probed = searched(position, NeverClears(), 5)
        assert (probed.move, probed.score) == (plain.move, plain.score)
        assert probed.nodes > plain.nodes  # the shallow searches did run


def test_shallow_searches_keep_the_parity_of_the_depth():
    for depth in range(rv.PROBCUT_FROM, 20):
        shallow = rv.probcut_shallow(depth)
        assert 1 <= shallow <= depth - 2
        assert (depth - shallow) % 2 == 0


def test_every_margin_is_positive_so_a_value_on_the_window_never_cuts():
    position = midgame(2)
    for depth in range(rv.PROBCUT_FROM, 16):
        shallow, _, margin = rv.ReversiStrategy().probcut(position, depth)
        assert margin > 0
        assert shallow == rv.probcut_shallow(depth)


def test_only_searches_of_three_plies_or_more_try_a_cut():
    asked: list[int] = []

    class Spy(rv.ReversiStrategy):
        def probcut(self, position: ReversiPosition, depth: int) -> tuple[int, int, int]:
            asked.append(depth)
            return super().probcut(position, depth)

    searched(midgame(3), Spy(), 5)
    assert asked and min(asked) == rv.PROBCUT_FROM
