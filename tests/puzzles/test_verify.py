"""verify() proves a puzzle again, and rejects one whose claim is false:
a second move reaching the goal, a wrong value, a reply that is not the
longest defence.  Every tampered puzzle is built from a real position whose
true puzzle verifies, so each rejection is the claim's fault, not the position's."""

from __future__ import annotations

from dataclasses import replace

import pytest

from game.puzzles import record
from game.puzzles.record import Puzzle
from game.puzzles.verify import verify

# A Tawlbwrdd king on c3 with one open line (to a3): c2 and e3 hold attackers.
KING_ONE_LINE = "tawlbwrdd AAA8/11/11/11/11/11/11/11/2K1A6/2A8/11 d"
# The same without the attacker on c2: c3-c1 wins too.
KING_TWO_LINES = "tawlbwrdd AAA8/11/11/11/11/11/11/11/2K1A6/11/11 d"
# Attackers to take the king in three moves, the reply g3-g2 holding out longest;
# after g6-g7 instead, the king is taken at once.
BRANDUBH_WIN_3 = ("brandubh 4AA1/4AAK/6A/5DA/6D/7/7 a g7",
                  ("e6-e4", "g3-g2", "g5-f5", "g6-g5", "f6-g6"))
# South keeps a margin of 26 with S3 and, after North's best N2, S2.
MODIAR_BEST_2 = ("modiar 8,3,2,3,2,2 18,4 s 0", ("S3", "N2", "S2"), 26)
# White's d8 keeps 55 discs of margin, but a1 and f7 keep more than 51.
REVERSI_NEAR_EQUAL = ("reversi 1WWWWWWW/WBBWWWWW/WBWWWWWW/WWWBWBWW/WWWWBWWW/WBBBBBWW/W3B1WW/"
                      "5WWW w", "d8", 55)


def puzzle(code: str, goal: str, depth: int, solution, value=None) -> Puzzle:
    return record.make(code, goal, depth, list(solution), value, 1000)


def test_a_king_with_one_way_out_is_a_win_in_one():
    assert verify(puzzle(KING_ONE_LINE, "win", 1, ["c3-a3"])).ok


def test_a_second_winning_first_move_is_rejected():
    verdict = verify(puzzle(KING_TWO_LINES, "win", 1, ["c3-a3"]))
    assert not verdict.ok
    assert "c3-c1" in verdict.reason


def test_a_win_in_three_verifies_and_its_length_is_exact():
    code, line = BRANDUBH_WIN_3
    assert verify(puzzle(code, "win", 3, line)).ok
    # Claimed as a win in two, the same first move is no win at all.
    assert not verify(puzzle(code, "win", 2, line[:3])).ok


def test_a_reply_that_is_not_the_longest_defence_is_rejected():
    code, line = BRANDUBH_WIN_3
    start = record.from_line(record.to_line(puzzle(code, "win", 3, line))).position()
    after = start.play_position(start.parse_move(line[0]))
    hasty = after.play_position(after.parse_move("g6-g7"))  # the king is taken next move
    # Any legal moves after it: the verdict must come from the reply itself.
    filler, position = [], hasty
    for _ in range(3):
        move = next(m for m in position.legal_moves()
                    if position.play_position(m).legal_moves())
        filler.append(position.move_text(move))
        position = position.play_position(move)
    verdict = verify(puzzle(code, "win", 3, [line[0], "g6-g7", *filler]))
    assert not verdict.ok
    assert "longest defence" in verdict.reason and "g6-g7" in verdict.reason


def test_modiar_value_and_replies_are_checked():
    code, line, value = MODIAR_BEST_2
    assert verify(puzzle(code, "best", 2, line, value)).ok
    wrong_value = verify(puzzle(code, "best", 2, line, value + 2))
    assert not wrong_value.ok and "best margin is 26" in wrong_value.reason
    weak_reply = verify(puzzle(code, "best", 2, (line[0], "N3", line[2]), value))
    assert not weak_reply.ok and "not the best defence" in weak_reply.reason


def test_reversi_second_best_within_four_discs_is_rejected():
    code, move, value = REVERSI_NEAR_EQUAL
    verdict = verify(puzzle(code, "best", 1, [move], value))
    assert not verdict.ok and "a1 keeps more than 51" in verdict.reason


def test_reversi_wrong_value_is_rejected():
    code, move, value = REVERSI_NEAR_EQUAL
    verdict = verify(puzzle(code, "best", 1, [move], value - 2))
    assert not verdict.ok and "exact margin is not" in verdict.reason


@pytest.mark.parametrize(("change", "words"), [
    ({"goal": "best"}, "win or save"),
    ({"depth": 2}, "has 3 moves in all"),
    ({"solution": ("c3-a3", "a11-a10")}, "game is over"),
    ({"solution": ("c3-k3",)}, "does not play"),
])
def test_a_malformed_claim_is_rejected_in_one_line(change, words):
    verdict = verify(replace(puzzle(KING_ONE_LINE, "win", 1, ["c3-a3"]), **change))
    assert not verdict.ok and words in verdict.reason and "\n" not in verdict.reason


def test_a_save_is_the_only_move_that_holds():
    # Attackers to move: the king on c3 escapes by c3-a3 unless a piece lands
    # on b3 or a3, and only the attacker on b11 can.
    code = "tawlbwrdd 1AA7A/11/11/11/11/11/11/11/2K1A6/2D8/11 a"
    assert verify(puzzle(code, "save", 1, ["b11-b3"])).ok
    not_a_save = verify(puzzle(code, "save", 1, ["e3-e4"]))
    assert not not_a_save.ok and "still wins within 1" in not_a_save.reason


def test_a_budget_that_runs_out_fails_the_puzzle():
    code, line = BRANDUBH_WIN_3
    verdict = verify(puzzle(code, "win", 3, line), nodes=10)
    assert not verdict.ok and "budget" in verdict.reason
