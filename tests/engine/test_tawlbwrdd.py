"""Tawlbwrdd (docs/rules.md, Tawlbwrdd): one named test per rule, each with its board.

Squares: files a–k from the left, ranks 1–11 from the bottom; the castle is
f6.  `a` = attackers (A), `d` = defenders (D, K).
"""

from __future__ import annotations

import random

import pytest

from game.rules import SPECS, tafl
from game.rules.base import Reason, RulesError, legal, perft
from game.rules.record import Game

from .diagrams import tafl_code


def position(diagram: str, side: str) -> tafl.TaflPosition:
    return tafl.from_code(tafl_code("tawlbwrdd", diagram, side))


def play(pos: tafl.TaflPosition, text: str):
    return pos.play(legal(pos, text))


def names(pos: tafl.TaflPosition, squares) -> set[str]:
    return {pos.rules.square_name(sq) for sq in squares}


def move_texts(pos: tafl.TaflPosition) -> set[str]:
    return {pos.move_text(m) for m in pos.legal_moves()}


def test_start_position_matches_bells_layout():
    start = tafl.start("tawlbwrdd")
    assert start.code() == ("tawlbwrdd 4AAA4/4A1A4/5A5/5D5/AA2DDD2AA/A1ADDKDDA1A/"
                            "AA2DDD2AA/5D5/5A5/4A1A4/4AAA4 a")
    assert (start.board.count("A"), start.board.count("D")) == (24, 12)
    assert start.board[start.rules.square_index("f6")] == "K"


@pytest.mark.parametrize(("depth", "leaves"), [(1, 136), (2, 7620), (3, 1042016)])
def test_perft_from_the_start(depth, leaves):
    assert perft(tafl.start("tawlbwrdd"), depth) == leaves


# --- movement ----------------------------------------------------------------------

KING_ABOVE_CASTLE = """
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . K . . . . .
 7 . . . . . . . . . . .
 6 . . . . . . . . . . .
 5 . . . . . . . . . . .
 4 . . . . . . . . . . .
 3 . . . . . . . . . . .
 2 . . . . . . . . . . .
 1 . A . . . . . . . . .
   a b c d e f g h i j k
"""


def test_no_piece_stops_on_the_castle_not_even_the_king():
    pos = position(KING_ABOVE_CASTLE, "d")
    assert "f8-f6" not in move_texts(pos)


def test_any_piece_may_pass_over_the_empty_castle():
    pos = position(KING_ABOVE_CASTLE, "d")
    assert {"f8-f5", "f8-f1"} <= move_texts(pos)
    soldier = position(KING_ABOVE_CASTLE.replace(" 7 . . . . . . . . . . .",
                                                 " 7 . . . . . A . . . . ."), "a")
    assert "f7-f5" in move_texts(soldier) and "f7-f6" not in move_texts(soldier)


def test_corners_are_ordinary_squares():
    pos = position(KING_ABOVE_CASTLE, "a")
    assert "b1-a1" in move_texts(pos)
    # An empty corner is not hostile: the defender on b1 survives c1.
    beside = position("""
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . K . . . . .
 7 . . . . . . . . . . .
 6 . . . . . . . . . . .
 5 . . . . . . . . . . .
 4 . . . . . . . . . . .
 3 . . . . . . . . . . .
 2 . . A . . . . . . . .
 1 . D . . . . . . . . .
   a b c d e f g h i j k
""", "a")
    assert play(beside, "c2-c1").effects.captured == ()


# --- capture -------------------------------------------------------------------------


def test_a_soldier_is_taken_between_two_enemies():
    pos = position("""
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . . . . . . . . .
 6 . . . . . . . . . . .
 5 . . . . . . . . . . .
 4 . . . . . . . . . . .
 3 . . A D . A . . . . .
 2 . . . . . . . . K . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
""", "a")
    assert names(pos, play(pos, "f3-e3").effects.captured) == {"d3"}


def test_the_edge_is_not_hostile():
    pos = position("""
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . . . . . . . . .
 6 . . . . . . . . . . .
 5 D . . . . . . . . . .
 4 . A . . . . . . . . .
 3 . . . . . . . . . . .
 2 . . . . . . . . K . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
""", "a")
    assert play(pos, "b4-b5").effects.captured == ()


@pytest.mark.parametrize(("mover", "victim"), [("a", "D"), ("d", "A")])
def test_the_empty_castle_is_hostile_to_both_sides(mover, victim):
    # h8-f8 lands above f7; beyond it is the empty castle f6.
    enemy = "A" if mover == "a" else "D"
    pos = position(f"""
11 . . . . . . . . . . .
10 . K . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . {enemy} . . .
 7 . . . . . {victim} . . . . .
 6 . . . . . . . . . . .
 5 . . . . . . . . . . .
 4 . . . . . . . . . . .
 3 . . . . . . . . . . .
 2 . . . . . . . . . . .
 1 . . . . . . . . . A .
   a b c d e f g h i j k
""", mover)
    assert names(pos, play(pos, "h8-f8").effects.captured) == {"f7"}


def test_the_castle_holding_the_king_is_an_enemy_to_attackers_and_a_friend_to_defenders():
    diagram = """
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . X . . .
 7 . . . . . Y . . . . .
 6 . . . . . K . . . . .
 5 . . . . . . . . . . .
 4 . . . . . . . . . . .
 3 . . . . . . . . . . .
 2 . . . . . . . . . . .
 1 . . . . . . . . . A .
   a b c d e f g h i j k
"""
    attacker_taken = position(diagram.replace("X", "D").replace("Y", "A"), "d")
    assert names(attacker_taken, play(attacker_taken, "h8-f8").effects.captured) == {"f7"}
    defender_safe = position(diagram.replace("X", "A").replace("Y", "D"), "a")
    assert play(defender_safe, "h8-f8").effects.captured == ()


def test_the_king_is_armed_as_mover_and_as_anvil():
    pos = position("""
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . D A . . K . . . .
 7 . . . . . . . . . . .
 6 . . . . . . . . . . .
 5 . . . . . . . . . . .
 4 . . . . . . . . . . .
 3 . . . . . . . . . . .
 2 . . . . . . . . . . .
 1 . . . . . . . . . A .
   a b c d e f g h i j k
""", "d")
    # The king g8-e8 lands beside d8 with the defender c8 beyond.
    assert names(pos, play(pos, "g8-e8").effects.captured) == {"d8"}
    anvil = position("""
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . K A . . D . . . .
 7 . . . . . . . . . . .
 6 . . . . . . . . . . .
 5 . . . . . . . . . . .
 4 . . . . . . . . . . .
 3 . . . . . . . . . . .
 2 . . . . . . . . . . .
 1 . . . . . . . . . A .
   a b c d e f g h i j k
""", "d")
    # The defender g8-e8 takes d8 against the king on c8.
    assert names(anvil, play(anvil, "g8-e8").effects.captured) == {"d8"}


# --- capturing the king --------------------------------------------------------------

OPEN_KING = """
11 . . . . . . . . . . .
10 . . . D . . . . . . .
 9 . . A . . . . . . . .
 8 . . K . . . . . . . .
 7 . . . . A . . . . . .
 6 . . . . . . . . . . .
 5 . . . . . . . . . . .
 4 . . . . . . . . . . .
 3 . . . . . . . . . . .
 2 . . . . . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
"""


def test_king_in_the_open_falls_like_a_soldier_to_two_opposite_attackers():
    pos = position(OPEN_KING, "a")
    played = play(pos, "e7-c7")
    assert names(pos, played.effects.captured) == {"c8"}
    outcome = played.position.outcome()
    assert outcome.winner == "a" and outcome.reason is Reason.KING_CAPTURED


def test_the_second_attacker_must_stand_opposite_the_one_that_moved():
    # An attacker landing on d8 has c9 beside the king, not opposite: no capture.
    pos = position(OPEN_KING.replace("10 . . . D", "10 . . . A"), "a")
    assert play(pos, "d10-d8").effects.captured == ()


def test_the_king_may_walk_between_two_attackers():
    pos = position("""
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . A . . . . . . . .
 8 . . . . K . . . . . .
 7 . . A . . . . . . . .
 6 . . . . . . . . . . .
 5 . . . . . . . . . . .
 4 . . . . . . . . . . .
 3 . . . . . . . . . . .
 2 . . . . . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
""", "d")
    played = play(pos, "e8-c8")
    assert "K" in played.position.board and played.position.outcome() is None


BESIDE_CASTLE = """
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . A . . .
 7 . . . . A K . . A . .
 6 . . . . . . . . . . .
 5 . . . . . . . . . . .
 4 . . . . . . . . . . .
 3 . . . . . . . . . . .
 2 . . . . . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
"""


def test_king_beside_the_castle_falls_to_three_attackers():
    # With e7 and g7 held, h8-f8 closes the third side; the castle is the fourth.
    pos = position(BESIDE_CASTLE.replace(" 7 . . . . A K . . A", " 7 . . . . A K A . ."), "a")
    assert names(pos, play(pos, "h8-f8").effects.captured) == {"f7"}


def test_two_attackers_are_never_enough_beside_the_castle():
    # i7-g7 puts the king between e7 and g7, which would take him in the open.
    pos = position(BESIDE_CASTLE, "a")
    assert play(pos, "i7-g7").effects.captured == ()


ON_CASTLE = """
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . . . A . . . . .
 6 . . . . W K . . A . .
 5 . . . . . A . . . . .
 4 . . . . . . . . . . .
 3 . . . . . . . . . . .
 2 . . . . . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
"""


def test_king_on_the_castle_falls_only_to_four_attackers():
    four = position(ON_CASTLE.replace("W", "A"), "a")
    assert names(four, play(four, "i6-g6").effects.captured) == {"f6"}
    three = position(ON_CASTLE.replace("W", "."), "a")
    assert play(three, "i6-g6").effects.captured == ()


# --- winning and drawing ---------------------------------------------------------------


def test_the_king_wins_on_reaching_any_edge_square():
    pos = position(OPEN_KING.replace(" 9 . . A", " 9 . . ."), "d")
    after = play(pos, "c8-a8").position
    outcome = after.outcome()
    assert outcome.winner == "d" and outcome.reason is Reason.KING_ESCAPED
    assert after.legal_moves() == []


def test_a_corner_is_an_edge_square_too():
    pos = tafl.from_code("tawlbwrdd 11/11/11/11/11/11/3A7/11/11/11/K10 a")
    assert pos.outcome().winner == "d" and pos.legal_moves() == []


def test_capturing_every_attacker_wins_for_the_defenders():
    pos = position("""
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . . . . . . . . .
 6 . . . . . . . . . . .
 5 . . . . . . . . . . .
 4 . . . . . . . . . . .
 3 . . D A . D . . . . .
 2 . . . . . . . . K . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
""", "d")
    outcome = play(pos, "f3-e3").position.outcome()
    assert outcome.winner == "d" and outcome.reason is Reason.ATTACKERS_CAPTURED


def test_no_legal_move_is_a_draw():
    # The attacker on a1 is boxed in by the defenders on a2 and b1.
    pos = position("""
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . K . . . . .
 7 . . . . . . . . . . .
 6 . . . . . . . . . . .
 5 . . . . . . . . . . .
 4 . . . . . . . . . . .
 3 . . . . . . . . . . .
 2 D . . . . . . . . . .
 1 A D . . . . . . . . .
   a b c d e f g h i j k
""", "a")
    assert pos.legal_moves() == []
    outcome = pos.outcome()
    assert outcome.winner is None and outcome.reason is Reason.NO_LEGAL_MOVE
    # So the attackers have no win but the king (the AI's fortress draw rests on it).
    assert pos.rules.attackers_win_only_by_the_king


def test_a_position_arising_a_second_time_is_a_draw():
    # An attacker and a defender step out and back: the start position arises again.
    game = Game(tafl.start("tawlbwrdd"))
    for text in ["e2-d2", "f4-i4", "d2-e2"]:
        game.play_text(text)
        assert game.outcome() is None
    game.play_text("i4-f4")
    assert game.position == tafl.start("tawlbwrdd")
    outcome = game.outcome()
    assert outcome.winner is None and outcome.reason is Reason.REPETITION
    assert game.occurrences() == 2


def test_a_draw_may_be_agreed_in_tawlbwrdd_as_in_brandubh_but_not_in_reversi():
    game = Game(tafl.start("tawlbwrdd"))
    assert game.agree_draw().reason is Reason.DRAW_AGREED
    assert game.legal_moves() == []
    assert game.undo() and game.outcome() is None
    with pytest.raises(RulesError):
        Game("reversi").agree_draw()


@pytest.mark.parametrize("name", ["tawlbwrdd", "reversi", "modiar"])
def test_only_brandubh_counts_plies_without_progress(name):
    game = Game(SPECS[name].start_code)
    rng = random.Random(name)
    while game.legal_moves() and game.ply < 300:
        game.play(rng.choice(game.legal_moves()))
        assert game.quiet_plies() == 0 and game.no_progress_left() is None
    assert game.outcome() is None or game.outcome().reason is not Reason.NO_PROGRESS
