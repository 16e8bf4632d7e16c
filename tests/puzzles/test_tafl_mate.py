"""The tafl win search against the engine: the moves that win at once, and
wins within two moves, compared with a plain search that asks only
`legal_moves`, `play_position` and `outcome`."""

from __future__ import annotations

import random

import pytest

from game.puzzles.tafl_mate import MateSearch, SearchBudget, immediate_wins
from game.rules import from_code, start


def won_by(position, side) -> bool:
    outcome = position.outcome()
    return outcome is not None and outcome.winner == side


def plain_wins_within(position, n: int) -> bool:
    """Minimax with no shortcut: some move wins at once, or leaves every
    reply to a position won within n - 1."""
    side = position.side
    for move in position.legal_moves():
        child = position.play_position(move)
        if won_by(child, side):
            return True
        if n > 1 and child.outcome() is None and all(
                not won_by(after := child.play_position(reply), child.side)
                and after.outcome() is None and plain_wins_within(after, n - 1)
                for reply in child.legal_moves()):
            return True
    return False


def random_positions(game: str, games: int, seed: int, last: int | None = None):
    """Positions of random games (random play reaches every kind of ending),
    or only the `last` few of each (where the wins are)."""
    rng = random.Random(seed)
    for _ in range(games):
        positions = [start(game)]
        while positions[-1].legal_moves():
            position = positions[-1]
            positions.append(position.play_position(rng.choice(position.legal_moves())))
        yield from positions[-last:] if last else positions


@pytest.mark.parametrize("game", ["brandubh", "tawlbwrdd"])
def test_immediate_wins_are_the_moves_the_engine_calls_won(game):
    checked = wins = 0
    for position in random_positions(game, 12, seed=5):
        expected = sorted(m for m in position.legal_moves()
                          if won_by(position.play_position(m), position.side))
        assert immediate_wins(position) == expected, position.code()
        checked += 1
        wins += bool(expected)
    assert wins > 10 and checked > 300  # the games reached endings of every side


def test_taking_the_last_attacker_is_found():
    # e5-e7 takes the attacker on f7 against the empty corner g7: the last one.
    position = from_code("brandubh 5A1/7/4D2/3K3/7/7/7 d -")
    wins = immediate_wins(position)
    assert position.parse_move("e5-e7") in wins
    assert wins == sorted(m for m in position.legal_moves()
                          if won_by(position.play_position(m), "d"))


def test_wins_within_two_match_the_plain_search():
    compared = found = 0
    for position in random_positions("brandubh", 6, seed=11, last=6):
        search = MateSearch()
        for n in (1, 2):
            expected = plain_wins_within(position, n)
            assert search.wins_within(position, n) == expected, (position.code(), n)
            found += expected
            compared += 1
    assert found >= 10 and compared >= 60


def test_the_node_budget_stops_the_search_the_same_way_each_time():
    position = from_code("brandubh 4AA1/4AAK/6A/5DA/6D/7/7 a g7")
    stops = []
    for _ in range(2):
        search = MateSearch(nodes=500)
        with pytest.raises(SearchBudget):
            search.distance(position, 4)
        stops.append(search.nodes)
    assert stops == [501, 501]
    assert MateSearch().distance(position, 4) == 3
