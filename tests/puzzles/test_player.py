"""The player's side: the Glicko-2 rating moves the right way, puzzles are
served near the rating and not repeated soon, streaks, hints, attempts, and
the state as a plain dict."""

from __future__ import annotations

import json
import random

import pytest

from game.puzzles import record
from game.puzzles.player import (
    NEAREST,
    RECENT,
    START_RATING,
    Attempt,
    PuzzlePlayer,
    WrongMove,
    glicko2,
    hint_cells,
)

BRANDUBH_WIN_3 = record.make("brandubh 4AA1/4AAK/6A/5DA/6D/7/7 a g7", "win", 3,
                             ["e6-e4", "g3-g2", "g5-f5", "g6-g5", "f6-g6"], None, 1400)


def shelf(count: int = 200) -> list[record.Puzzle]:
    """Puzzles rated 600, 610, ... (serving reads only their ids and ratings)."""
    return [record.Puzzle(f"modiar-{i:08x}", "modiar", "modiar 7,7,7,7,7,7 0,0 s 1", "best", 1,
                          ("S3",), -2, 600 + 10 * i) for i in range(count)]


def test_solving_raises_the_rating_and_missing_lowers_it():
    player = PuzzlePlayer()
    puzzle = BRANDUBH_WIN_3
    assert player.finish(puzzle, solved=True) > 0
    assert player.finish(puzzle, solved=False) < 0
    assert player.record("brandubh").tried == 2 and player.record("brandubh").solved == 1


def test_glicko2_gives_the_published_example():
    # Glickman's worked example ("Example of the Glicko-2 system"): 1464.06, 151.52,
    # 0.05999 there, whose steps are rounded to a few decimals.
    rating, deviation, volatility = glicko2(1500, 200, 0.06, [(1400, 30, 1), (1550, 100, 0),
                                                               (1700, 300, 0)])
    assert (round(rating, 2), round(deviation, 2), round(volatility, 5)) == \
        (1464.05, 151.52, 0.06)


def test_a_harder_puzzle_solved_gains_more_and_missed_costs_less():
    easy, hard = (glicko2(1500, 200, 0.06, [(rating, 80, 1.0)])[0] for rating in (1200, 1800))
    assert hard > easy > 1500
    easy_miss, hard_miss = (glicko2(1500, 200, 0.06, [(rating, 80, 0.0)])[0]
                            for rating in (1200, 1800))
    assert easy_miss < hard_miss < 1500


def test_the_deviation_shrinks_as_results_come_in():
    player = PuzzlePlayer()
    deviations = []
    for solved in (True, False, True, True, False):
        player.finish(BRANDUBH_WIN_3, solved)
        deviations.append(player.record("brandubh").deviation)
    assert deviations == sorted(deviations, reverse=True)


def test_a_solve_after_a_hint_counts_half_and_keeps_the_streak_from_growing():
    clean, hinted, missed = PuzzlePlayer(), PuzzlePlayer(), PuzzlePlayer()
    changes = [player.finish(BRANDUBH_WIN_3, solved=solved, hinted=hint)
               for player, solved, hint in ((clean, True, False), (hinted, True, True),
                                            (missed, False, False))]
    assert changes[0] > changes[1] > changes[2]
    assert clean.record("brandubh").streak == 1 and hinted.record("brandubh").streak == 0


def test_the_streak_counts_solves_in_a_row_and_a_miss_ends_it():
    player = PuzzlePlayer()
    for solved in (True, True, True, False, True):
        player.finish(BRANDUBH_WIN_3, solved)
    record_ = player.record("brandubh")
    assert (record_.streak, record_.best_streak) == (1, 3)


@pytest.mark.parametrize("rating", [700.0, 1500.0, 2400.0])
def test_puzzles_are_served_near_the_rating(rating):
    puzzles = shelf()
    player = PuzzlePlayer()
    player.record("modiar").rating = rating
    rng = random.Random(3)
    nearest = sorted(puzzles, key=lambda p: abs(p.rating - rating))
    served = player.next_puzzle("modiar", puzzles, rng)
    # The farthest of the NEAREST closest, a margin for the RECENT ones already served.
    assert abs(served.rating - rating) <= abs(nearest[NEAREST - 1].rating - rating)


def test_a_puzzle_served_is_not_served_again_soon():
    puzzles = shelf(3 * RECENT)
    player = PuzzlePlayer()
    rng = random.Random(1)
    served = [player.next_puzzle("modiar", puzzles, rng).id for _ in range(RECENT)]
    assert len(set(served)) == RECENT


def test_when_every_puzzle_was_served_lately_one_is_served_anyway():
    puzzles = shelf(3)
    player = PuzzlePlayer()
    rng = random.Random(1)
    assert all(player.next_puzzle("modiar", puzzles, rng) for _ in range(10))
    assert player.next_puzzle("modiar", [], rng) is None


def test_the_state_is_a_plain_dict_and_comes_back_the_same():
    player = PuzzlePlayer()
    rng = random.Random(2)
    player.finish(player.next_puzzle("modiar", shelf(), rng), solved=True)
    player.finish(BRANDUBH_WIN_3, solved=False)
    data = json.loads(json.dumps(player.to_dict()))
    assert PuzzlePlayer.from_dict(data).to_dict() == player.to_dict()


@pytest.mark.parametrize("data", [None, [], {"modiar": "x"}, {"modiar": {"rating": "high"}},
                                  {"modiar": {"rating": float("nan"), "deviation": 1,
                                              "volatility": 1, "streak": 0, "best_streak": 0,
                                              "tried": 0, "solved": 0, "recent": []}}])
def test_an_unreadable_state_starts_afresh(data):
    player = PuzzlePlayer.from_dict(data)
    assert player.record("modiar").rating == START_RATING


def test_an_attempt_plays_the_replies_and_ends_solved():
    attempt = Attempt(BRANDUBH_WIN_3)
    moves = BRANDUBH_WIN_3.moves()
    assert attempt.play(moves[0]) == moves[1]
    assert attempt.play(moves[2]) == moves[3]
    assert attempt.play(moves[4]) is None
    assert attempt.solved and attempt.position.outcome().winner == "a"


def test_a_wrong_move_is_a_miss_and_the_solution_can_be_stepped_through():
    attempt = Attempt(BRANDUBH_WIN_3)
    wrong = next(m for m in attempt.position.legal_moves() if m != attempt.expected())
    with pytest.raises(WrongMove):
        attempt.play(wrong)
    assert attempt.missed and attempt.ply == 0
    steps = attempt.solution()
    assert [position.move_text(move) for position, move in steps] == \
        list(BRANDUBH_WIN_3.solution)


def test_the_hint_shows_the_piece_pit_or_quarter_to_play():
    attempt = Attempt(BRANDUBH_WIN_3)
    assert attempt.hint() == (BRANDUBH_WIN_3.position().parse_move("e6-e4")[0],)
    assert attempt.hinted
    modiar = record.make("modiar 8,3,2,3,2,2 18,4 s 0", "best", 1, ["S3"], 26, 900).position()
    assert hint_cells(modiar, 2) == (2,)
    reversi = record.make("reversi 8/8/8/3WB3/3BW3/8/8/8 b", "best", 1, ["d3"], 0, 900)
    position = reversi.position()
    cells = hint_cells(position, position.parse_move("f5"))
    assert len(cells) == 16 and position.parse_move("f5") in cells
    assert position.parse_move("a1") not in cells
