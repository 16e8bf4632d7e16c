"""The Reversi Druid's proof of the result alone, a few empties beyond its
full solve (`Solver.prove_result`, `RESULT_EMPTIES`): it agrees with the exact
margins, the Druid's move settles for a proven win or draw, a proven loss
leaves the budget to the midgame search, and the analysis never takes a
result for a margin.  Every search is bounded by nodes, never by the clock.
"""

from __future__ import annotations

import itertools

import pytest

from game.ai import reversi as rv
from game.ai.levels import start_search
from game.ai.reversi_solver import Solver
from game.ai.search import Search
from game.ai.strategy import EVAL_LIMIT, Limits, Tentative
from game.rules.reversi import ReversiPosition
from tests.ai.test_reversi_solver import empties, self_play_positions, solve


def proved(position: ReversiPosition) -> list:
    """What `prove_result` yields (None slices dropped), run to its end."""
    search = Solver(lambda: False, rv.evaluate_bits).prove_result(position.mover,
                                                                  position.opponent)
    return [found for found in search if found is not None]


def result_of(margin: int) -> int:
    return (margin > 0) - (margin < 0)


@pytest.mark.parametrize("index", range(0, 40, 3))
def test_the_proof_agrees_with_the_exact_margin(index: int) -> None:
    position, margin = self_play_positions(14)[index]
    found = proved(position)
    if margin < 0:
        assert found == []  # a loss: no move is offered over the midgame's
        return
    (move, score, depth), = found
    assert depth == 14 and result_of(rv.margin_of(score)) == result_of(margin)
    # The move reaches the result: its child, solved exactly, is no better for the opponent.
    child = position.play(move).position
    _, child_margin, _ = solve(child, 2_000_000)
    assert result_of(-child_margin if child.side != position.side else child_margin) \
        == result_of(margin)
    if margin > 0:
        assert 0 < rv.margin_of(score) <= margin  # a bound the real margin reaches


def test_the_positions_cover_wins_losses_and_a_draw_or_narrow_win() -> None:
    margins = [self_play_positions(14)[index][1] for index in range(0, 40, 3)]
    assert any(m > 0 for m in margins) and any(m < 0 for m in margins)


def test_only_the_players_limits_reach_beyond_the_full_solve() -> None:
    position, _ = self_play_positions(18)[20]
    strategy = rv.ReversiStrategy()
    assert rv.TRY_EMPTIES < empties(position) <= rv.RESULT_EMPTIES
    for_play = strategy.exact(position, Limits(results=True), lambda: False, {})
    for_analysis = strategy.exact(position, Limits(exact=True), lambda: False, {})
    assert isinstance(for_play, Tentative) and for_play.turns == rv.RESULT_TURNS
    assert for_analysis is None
    for_play.search.close()


def test_the_druid_plays_a_proven_win_at_18_empties() -> None:
    position, margin = self_play_positions(18)[20]  # won by 56, proven in some 120 nodes
    assert margin > 0
    result = start_search(position, "druid", nodes=50_000).run()
    assert result.score > EVAL_LIMIT and result.depth == 18
    child = position.play(result.move).position
    _, child_margin, _ = solve(child, 2_000_000)
    assert child_margin < 0  # the opponent, to move there, has lost


def test_a_proven_loss_leaves_the_rest_of_the_budget_to_the_midgame() -> None:
    position, margin = self_play_positions(18)[12]  # lost by 48, proven in some 1,500 nodes
    assert margin < 0
    budget = 20_000
    result = start_search(position, "druid", nodes=budget).run()
    assert abs(result.score) < EVAL_LIMIT  # the midgame's evaluation, no proven margin
    assert result.nodes >= budget  # the midgame search went on until the budget was spent
    assert result.depth >= 3
    assert result.move in position.legal_moves()


def test_the_proof_yields_every_few_nodes() -> None:
    # As the race's test at 14-16 empties: a clock that moves one unit per
    # reading makes each step one slice, whichever search it belongs to.
    position, _ = self_play_positions(18)[29]  # won, proven in some 3,000 nodes
    ticks = itertools.count()
    search = Search(position, rv.ReversiStrategy(), limits=Limits(results=True),
                    clock=lambda: next(ticks))
    longest = last = 0
    while not search.step(search.clock() + 0.5):
        longest, last = max(longest, search.nodes - last), search.nodes
    assert search.depth == 18  # the proof finished: its result was adopted
    assert search.nodes > 2_000 and longest <= 1000
