"""The level table: one row per game and level, the same for both sides; the
Ovate's seeded variety, the Druid's determinism and the tafl contempt for draws.

Searches run on node budgets, so every test is deterministic.
"""

from __future__ import annotations

import pytest

from game.ai.levels import LEVEL_NAMES, LEVELS, level_for, start_search
from game.rules import start, tafl
from game.rules.base import legal
from game.rules.record import Game

from .test_tafl_ai import corner_trap, opponent_can_win_at_once, tour_in_one


def test_every_game_has_every_level_and_the_budgets_of_the_issue():
    for game, levels in LEVELS.items():
        assert set(levels) == set(LEVEL_NAMES), game
        assert levels["bard"].seconds <= 0.3 and levels["ovate"].seconds <= 1.0
        assert levels["druid"].seconds <= 2.0
        assert levels["druid"].noise == 0 and levels["druid"].exact, game
        assert not levels["ovate"].exact and not levels["bard"].exact, game


def test_a_search_takes_its_level_from_the_table_whichever_side_moves():
    attackers_to_move = start("brandubh")
    defenders_to_move = attackers_to_move.play(legal(attackers_to_move, "b1-b2")).position
    ovate = LEVELS["brandubh"]["ovate"]
    for position in (attackers_to_move, defenders_to_move):
        search = start_search(position, "ovate", nodes=50)
        assert (search.limits.depth, search.noise, search.contempt) == \
            (ovate.depth, ovate.noise, ovate.contempt)


def opening_moves(game: str, level: str, seed: int, plies: int = 16) -> tuple[str, ...]:
    """The first `plies` moves of `level` against itself, on a node budget."""
    record = Game(start(game))
    while record.ply < plies and record.outcome() is None:
        search = start_search(record.position, level, history=record.repetition_keys(),
                              seed=seed * 1000 + record.ply, nodes=2000)
        record.play(search.run().move)
    return tuple(record.move_texts())


@pytest.mark.parametrize("game", ["brandubh", "tawlbwrdd", "reversi", "modiar"])
def test_the_ovate_plays_varied_games_and_the_druid_does_not(game):
    ovate = {opening_moves(game, "ovate", seed) for seed in range(3)}
    druid = {opening_moves(game, "druid", seed) for seed in range(2)}
    assert len(ovate) >= 2, game  # a seeded spread among near-equal moves
    assert len(druid) == 1, game  # deterministic under a node budget


@pytest.mark.parametrize("level", ["bard", "ovate"])
@pytest.mark.parametrize("seed", range(6))
def test_brandubh_defenders_below_the_druid_win_in_one_and_never_hand_over_the_king(level,
                                                                                     seed):
    tour = tour_in_one()
    move = start_search(tour, level, seed=seed, nodes=3000).run().move
    assert tour.move_text(move) == "e7-g7"

    trap = corner_trap()
    move = start_search(trap, level, seed=seed, nodes=3000).run().move
    assert not opponent_can_win_at_once(trap.play(move).position)


def test_the_bard_beats_random_players_on_both_sides():
    """The Bard is weak, not aimless: against random moves it wins with either side."""
    from game.ai.match import run_match

    match = run_match("brandubh", "bard", "random", games=4, seed=3, nodes=400)
    for side in tafl.SIDES:
        assert match.results[("A", side, "win")] == 2, side


def repetition_at_hand() -> tuple[Game, str]:
    """Tawlbwrdd after 1. a7-a8 f8-e8 2. a8-a7: the defenders' e8-f8 would
    bring back the start, whose second occurrence ends the game drawn."""
    game = Game(start("tawlbwrdd"))
    for text in ("a7-a8", "f8-e8", "a8-a7"):
        game.play_text(text)
    return game, "e8-f8"


@pytest.mark.parametrize("contempt, repeats", [(-1000, True), (1000, False)])
def test_contempt_decides_whether_the_search_takes_a_repetition(contempt, repeats):
    from game.ai.search import Limits, Search
    from game.ai.strategy import strategy_for

    game, repeating = repetition_at_hand()
    position = game.position
    search = Search(position, strategy_for("tawlbwrdd"), history=game.repetition_keys(),
                    limits=Limits(nodes=3000), contempt=contempt)
    move = search.run().move
    assert (position.move_text(move) == repeating) == repeats


def test_a_drawn_ending_costs_the_side_at_the_root_its_contempt():
    from game.ai.search import Limits, Search
    from game.ai.strategy import strategy_for

    game, repeating = repetition_at_hand()
    position = game.position
    search = Search(position, strategy_for("tawlbwrdd"), history=game.repetition_keys(),
                    limits=Limits(nodes=10), contempt=30)
    child = position.play(position.parse_move(repeating)).position
    assert search._ended(child, 1) == 30  # good for the attackers, to move there
    assert LEVELS["tawlbwrdd"]["druid"].contempt == LEVELS["brandubh"]["druid"].contempt > 0


def test_the_documented_table_matches_the_settings():
    """The table in levels.py's docstring is what the code uses."""
    import game.ai.levels as levels

    rows = {}
    for line in levels.__doc__.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if cells and cells[0] in LEVELS:
            rows[cells[0]] = cells[1:]

    def cell(level) -> str:
        return f"{level.seconds:.1f} / {level.depth} / {level.noise} / {level.contempt}"

    assert set(rows) == set(LEVELS)
    for game, cells in rows.items():
        assert cells[0] == cell(level_for(game, "bard")), game
        assert cells[1] == cell(level_for(game, "ovate")), game
        assert cells[2] == str(level_for(game, "druid").contempt), game
        assert (LEVELS[game]["druid"].seconds, LEVELS[game]["druid"].depth) == (2.0, 64)
