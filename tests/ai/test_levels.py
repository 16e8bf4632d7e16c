"""The level table: one row per game and level, and the Brandubh handicap of the
defenders below the Druid (the side the rules favour).

Searches run on node budgets, so every test is deterministic.
"""

from __future__ import annotations

import pytest

from game.ai.levels import (
    HANDICAPS,
    LEVEL_NAMES,
    LEVELS,
    is_handicapped,
    level_for,
    start_search,
)
from game.rules import start, tafl
from game.rules.base import legal

from .test_tafl_ai import corner_trap, opponent_can_win_at_once, tour_in_one


def test_every_game_has_every_level_and_the_budgets_of_the_issue():
    for game, levels in LEVELS.items():
        assert set(levels) == set(LEVEL_NAMES), game
        assert levels["bard"].seconds <= 0.3 and levels["ovate"].seconds <= 1.0
        assert levels["druid"].seconds <= 2.0
    for levels in HANDICAPS.values():
        assert "druid" not in levels  # the Druid always plays at full strength
        assert all(level.seconds <= 0.3 for level in levels.values())


def test_brandubh_defenders_below_the_druid_are_handicapped():
    for name in ("bard", "ovate"):
        attackers, defenders = level_for("brandubh", name, "a"), level_for("brandubh", name, "d")
        assert defenders.depth < attackers.depth
        assert defenders.noise > attackers.noise
    assert level_for("brandubh", "bard", "d").noise > level_for("brandubh", "ovate", "d").noise
    assert level_for("brandubh", "druid", "d") == level_for("brandubh", "druid", "a")
    assert is_handicapped("brandubh", "ovate", "d") and is_handicapped("brandubh", "bard", "d")
    assert not is_handicapped("brandubh", "druid", "d")
    assert not is_handicapped("brandubh", "ovate", "a")
    # Nothing else changes: other games, and a level asked for without a side.
    assert level_for("brandubh", "ovate") == LEVELS["brandubh"]["ovate"]
    for game in ("tawlbwrdd", "reversi", "modiar"):
        for side in start(game).SIDES:
            assert level_for(game, "bard", side) == LEVELS[game]["bard"]


def test_a_search_takes_the_level_of_the_side_to_move():
    attackers_to_move = start("brandubh")
    defenders_to_move = attackers_to_move.play(legal(attackers_to_move, "b1-b2")).position
    a = start_search(attackers_to_move, "ovate", nodes=50)
    d = start_search(defenders_to_move, "ovate", nodes=50)
    assert (a.limits.depth, a.noise) == (LEVELS["brandubh"]["ovate"].depth, 0)
    handicap = HANDICAPS["brandubh", "d"]["ovate"]
    assert (d.limits.depth, d.noise) == (handicap.depth, handicap.noise)


@pytest.mark.parametrize("level", ["bard", "ovate"])
@pytest.mark.parametrize("seed", range(6))
def test_handicapped_defenders_still_win_in_one_and_never_hand_over_the_king(level, seed):
    tour = tour_in_one()
    move = start_search(tour, level, seed=seed, nodes=3000).run().move
    assert tour.move_text(move) == "e7-g7"

    trap = corner_trap()
    move = start_search(trap, level, seed=seed, nodes=3000).run().move
    assert not opponent_can_win_at_once(trap.play(move).position)


def test_handicapped_defenders_still_beat_random_attackers():
    """The Bard's defenders are weak, not aimless: against random attackers
    they win (by the tour or by taking every attacker) within the ply cap."""
    from game.ai.match import run_match

    match = run_match("brandubh", "bard", "random", games=4, seed=3, nodes=400)
    bard_as_defenders = [match.results[("A", tafl.DEFENDERS, r)] for r in ("win", "draw", "loss")]
    assert bard_as_defenders == [2, 0, 0]


def test_the_documented_table_matches_the_settings():
    """The table in levels.py's docstring is what the code uses."""
    import game.ai.levels as levels

    rows = {}
    for line in levels.__doc__.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if cells and cells[0] in LEVELS:
            rows[cells[0]] = cells[1:]

    def cell(level) -> str:
        return f"{level.seconds:.1f} / {level.depth} / {level.noise}"

    assert set(rows) == set(LEVELS)
    for game, cells in rows.items():
        assert cells[0] == cell(level_for(game, "bard", "a")), game
        assert cells[1] == cell(level_for(game, "ovate", "a")), game
        handicaps = HANDICAPS.get((game, "d"), {})
        assert cells[2] == (cell(handicaps["bard"]) if "bard" in handicaps else ""), game
        assert cells[3] == (cell(handicaps["ovate"]) if "ovate" in handicaps else ""), game
        assert (LEVELS[game]["druid"].seconds, LEVELS[game]["druid"].depth) == (2.0, 64)
