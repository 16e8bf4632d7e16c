"""Brandubh (docs/rules.md, Brandubh): one named test per rule, each with its board.

Squares: files a–g from the left, ranks 1–7 from the bottom; the throne is
d4, the corners a1 g1 a7 g7.  `a` = attackers (A), `d` = defenders (D, K).
"""

from __future__ import annotations

import pytest

from game.rules import SPECS, tafl
from game.rules.base import Outcome, Reason, legal, perft
from game.rules.record import Game

from .diagrams import tafl_code
from .walks import walk


def position(diagram: str, side: str, visited: str = "-") -> tafl.TaflPosition:
    return tafl.from_code(tafl_code("brandubh", diagram, side, visited))


def play(pos: tafl.TaflPosition, text: str):
    return pos.play(legal(pos, text))


def names(pos: tafl.TaflPosition, squares) -> set[str]:
    return {pos.rules.square_name(sq) for sq in squares}


def piece_at(pos: tafl.TaflPosition, name: str) -> str:
    return pos.board[pos.rules.square_index(name)]


def move_texts(pos: tafl.TaflPosition) -> set[str]:
    return {pos.move_text(m) for m in pos.legal_moves()}


# --- start and perft -------------------------------------------------------------


START = """
7 . A . A . A .
6 A . . . . . A
5 . . D D D . .
4 A . D K D . A
3 . . D D D . .
2 A . . . . . A
1 . A . A . A .
  a b c d e f g
"""


def test_start_position_matches_the_diagram():
    # Three attackers on each edge, on its 2nd, 4th and 6th squares, none side by side.
    start = tafl.start("brandubh")
    assert start.code() == tafl_code("brandubh", START, "a")
    assert start.code() == "brandubh 1A1A1A1/A5A/2DDD2/A1DKD1A/2DDD2/A5A/1A1A1A1 a -"
    assert (start.board.count("A"), start.board.count("D"), start.board.count("K")) == (12, 8, 1)
    assert piece_at(start, "d4") == "K" and start.side == "a"
    edge = {"b7", "d7", "f7", "a6", "a4", "a2", "g6", "g4", "g2", "b1", "d1", "f1"}
    assert {name for name in edge if piece_at(start, name) == "A"} == edge


@pytest.mark.parametrize(("depth", "leaves"), [(1, 60), (2, 1148), (3, 59124), (4, 1395308)])
def test_perft_from_the_start(depth, leaves):
    assert perft(tafl.start("brandubh"), depth) == leaves


# --- movement ----------------------------------------------------------------------

ROOK = """
7 . . . . . . .
6 . . . . . . .
5 . . . . . . .
4 . . . . . . .
3 . . . A . . .
2 . . . . . . .
1 . . . K . D .
  a b c d e f g
"""


def test_pieces_move_like_rooks_without_jumping_or_landing_on_pieces():
    pos = position(ROOK, "a")
    # d3 may go up to d5..d7 (crossing the empty throne d4), left to a3, right
    # to g3, but not down to d1 (the king) nor beyond him.
    assert move_texts(pos) == {"d3-d5", "d3-d6", "d3-d7", "d3-d2",
                               "d3-c3", "d3-b3", "d3-a3", "d3-e3", "d3-f3", "d3-g3"}


def test_soldiers_cross_the_empty_throne_but_never_stop_on_it():
    pos = position(ROOK, "a")
    assert "d3-d4" not in move_texts(pos)
    assert "d3-d5" in move_texts(pos)


CORNER = """
7 . . . . . . .
6 . . . . . . .
5 . . . . . . .
4 . . . . . . .
3 . . . . . . .
2 . . . . . . .
1 . A . . . K .
  a b c d e f g
"""


def test_only_the_king_may_stop_on_a_corner():
    attackers = position(CORNER, "a")
    assert "b1-a1" not in move_texts(attackers) and "b1-c1" in move_texts(attackers)
    defenders = position(CORNER, "d")
    assert "f1-g1" in move_texts(defenders)


def test_defenders_may_not_stop_on_throne_or_corner_either():
    pos = position("""
7 . . . . . . .
6 . . . . . . .
5 . . . D . . .
4 . . . . . . .
3 . . . . . . .
2 . . . . . . .
1 . D . . K A .
  a b c d e f g
""", "d")
    assert "d5-d4" not in move_texts(pos) and "d5-d3" in move_texts(pos)
    assert "b1-a1" not in move_texts(pos)


def test_king_may_stop_on_and_return_to_the_throne():
    pos = position("""
7 . . . . . . .
6 . . . . . . .
5 . . . K . . .
4 . . . . . . .
3 . . . . . . .
2 . . . . . . .
1 . A . . . . .
  a b c d e f g
""", "d")
    assert "d5-d4" in move_texts(pos)
    assert "d5-d3" in move_texts(pos)  # and may pass over it


# --- capture -------------------------------------------------------------------------


def test_custodial_capture_between_two_attackers():
    # e6 moves to d6: c6 is trapped between d6 and b6.
    pos = position("""
7 . . . . . . .
6 . A D . A . .
5 . . . . . . .
4 . . . . . . .
3 . . . . . . .
2 . . . . . . .
1 . . . K . . .
  a b c d e f g
""", "a")
    played = play(pos, "e6-d6")
    assert names(pos, played.effects.captured) == {"c6"}
    assert piece_at(played.position, "c6") == "."


def test_one_move_may_capture_in_three_directions():
    # The defender d7-d6 takes c6 (against b6), e6 (against f6) and d5 (against
    # the empty throne, hostile to attackers).
    pos = position("""
7 . . . D . . .
6 . D A . A D .
5 . . . A . . .
4 . . . . . . .
3 . . . . . . .
2 . . . . . . .
1 . . . K . . .
  a b c d e f g
""", "d")
    played = play(pos, "d7-d6")
    assert names(pos, played.effects.captured) == {"c6", "e6", "d5"}
    assert played.position.board.count("A") == 0


def test_an_attackers_move_may_capture_in_three_directions_with_the_edge_as_one():
    # The attacker b2-b5 takes a5 (on the edge, against it), c5 (against the
    # attacker on d5) and b6 (against the attacker on b7).
    pos = position("""
7 . A . . . . .
6 . D . . . . .
5 D . D A . . .
4 . . . . . . .
3 . . . . . . .
2 . A . . . . .
1 . . . . . K .
  a b c d e f g
""", "a")
    played = play(pos, "b2-b5")
    assert names(pos, played.effects.captured) == {"a5", "c5", "b6"}
    assert played.position.board.count("D") == 0


def test_moving_between_two_enemies_is_safe():
    # The defender c5-c6 lands between attackers b6 and d6 and survives.
    pos = position("""
7 . . . . . . .
6 . A . A . . .
5 . . D . . . .
4 . . . . . . .
3 . . . . . . .
2 . . . . . . .
1 . . . K . . .
  a b c d e f g
""", "d")
    played = play(pos, "c5-c6")
    assert played.effects.captured == ()
    assert piece_at(played.position, "c6") == "D"


def test_a_defender_may_move_onto_the_edge_beside_an_attacker():
    # The defender a6-a3 slides along the edge to a3, whose inward side b3 holds
    # an attacker: only the side that moves captures, so it is safe.
    pos = position("""
7 . . . . . . .
6 D . . . . . .
5 . . . . . . .
4 . . . . . . .
3 . A . . . . .
2 . . . . . . .
1 . . . . . K .
  a b c d e f g
""", "d")
    played = play(pos, "a6-a3")
    assert played.effects.captured == () and piece_at(played.position, "a3") == "D"
    assert piece_at(played.position, "b3") == "A"


def test_only_the_side_that_moved_captures():
    # The attacker sits between two defenders already; a defender move elsewhere
    # does not take it.
    pos = position("""
7 . . . . . . .
6 . D A D . . .
5 . . . . . . .
4 . . . . . . .
3 . . . . . . D
2 . . . . . . .
1 . . . K . . .
  a b c d e f g
""", "d")
    played = play(pos, "g3-f3")
    assert played.effects.captured == ()


# --- each special square is one side's ally ----------------------------------------

CORNER_AND_ATTACKERS = """
7 . . . . . . .
6 . . . . . . .
5 . . . . . . .
4 . . . . . . .
3 . D . . . . K
2 A . D . . . .
1 . A . . . . .
  a b c d e f g
"""


@pytest.mark.parametrize(("move", "victim"), [("c2-c1", "b1"), ("b3-a3", "a2")])
def test_an_attacker_beside_an_empty_corner_is_taken_against_it(move, victim):
    # Along either edge: a defender landing on c1 (or a3) takes b1 (or a2)
    # against the empty corner a1.
    pos = position(CORNER_AND_ATTACKERS, "d")
    played = play(pos, move)
    assert names(pos, played.effects.captured) == {victim}
    assert piece_at(played.position, victim) == "."


def test_the_king_landing_on_a_corner_takes_an_attacker_beside_it():
    # The king a4-a1 lands on the corner: b1 lies between him and the defender c1.
    pos = position("""
7 . . . . . . .
6 . . . . . . .
5 . . . . . . .
4 K . . . . . .
3 . . . . . . .
2 . . . . . . A
1 . A D . . . .
  a b c d e f g
""", "d")
    played = play(pos, "a4-a1")
    assert names(pos, played.effects.captured) == {"b1"}


CORNER_AND_DEFENDERS = """
7 . . . . . . .
6 . . . . . . .
5 . . . . . . .
4 . . . . . . .
3 . A . . . . K
2 D . A . . . .
1 . D . . . . .
  a b c d e f g
"""


@pytest.mark.parametrize("move", ["c2-c1", "b3-a3"])
def test_a_defender_beside_an_empty_corner_is_safe(move):
    # An attacker landing on c1 (or a3), the far side of b1 (or a2) from the
    # corner a1, takes nothing: the corner never helps the attackers.
    pos = position(CORNER_AND_DEFENDERS, "a")
    played = play(pos, move)
    assert played.effects.captured == ()
    assert piece_at(played.position, "b1") == "D" and piece_at(played.position, "a2") == "D"


def test_the_defenders_beside_a_corner_still_fall_to_the_edge():
    # The same defenders are not immune: c2-b2 lands on the inward side of
    # both, and the edge past each of them takes them.
    pos = position(CORNER_AND_DEFENDERS, "a")
    played = play(pos, "c2-b2")
    assert names(pos, played.effects.captured) == {"b1", "a2"}


THRONE_AND_ATTACKERS = """
7 . . . . . . .
6 . . . . D . .
5 . . . A . . .
4 . . A . . . .
3 . D . . . . .
2 . . . . . . .
1 . . . . . . K
  a b c d e f g
"""


@pytest.mark.parametrize(("move", "victim"), [("e6-d6", "d5"), ("b3-b4", "c4")])
def test_an_attacker_beside_the_empty_throne_is_taken_against_it(move, victim):
    # A defender landing on d6 (or b4) takes d5 (or c4) against the empty throne d4.
    pos = position(THRONE_AND_ATTACKERS, "d", "g1")
    played = play(pos, move)
    assert names(pos, played.effects.captured) == {victim}


THRONE_AND_DEFENDERS = """
7 . . . . . . .
6 . . . . A . .
5 . . . D . . .
4 . . D . . . .
3 . A . . . . .
2 . . . . . . .
1 . . . . . . K
  a b c d e f g
"""


@pytest.mark.parametrize("move", ["e6-d6", "b3-b4"])
def test_a_defender_beside_the_empty_throne_is_safe(move):
    # An attacker landing on d6 (or b4) takes nothing: the empty throne d4 is
    # hostile to attackers only.
    pos = position(THRONE_AND_DEFENDERS, "a", "g1")
    played = play(pos, move)
    assert played.effects.captured == ()
    assert piece_at(played.position, "d5") == "D" and piece_at(played.position, "c4") == "D"


def test_the_throne_holding_the_king_is_an_enemy_to_attackers():
    # The defender e6-d6: the attacker on d5 lies between d6 and the king on d4.
    pos = position("""
7 . . . . . . .
6 . . . . D . .
5 . . . A . . .
4 . . . K . . .
3 . . . . . . .
2 . . . . . . .
1 . . . . . . .
  a b c d e f g
""", "d")
    played = play(pos, "e6-d6")
    assert names(pos, played.effects.captured) == {"d5"}


def test_the_throne_holding_the_king_is_a_friend_to_defenders():
    # The defender on d5 lies between the attacker landing on d6 and the
    # king on his throne: it is safe.
    pos = position("""
7 . . . . . . .
6 . . . . A . .
5 . . . D . . .
4 . . . K . . .
3 . . . . . . .
2 . . . . . . .
1 . . . . . . .
  a b c d e f g
""", "a")
    played = play(pos, "e6-d6")
    assert played.effects.captured == ()


def test_a_corner_holding_the_king_counts_as_the_king():
    # King on a1.  A defender landing on c1 takes the attacker on b1 ...
    pos = position("""
7 . . . . . . .
6 . . . . . . .
5 . . . . . . .
4 . . . . . . A
3 . . . . . . .
2 . . D . . . .
1 K A . . . . .
  a b c d e f g
""", "d", "a1")
    assert names(pos, play(pos, "c2-c1").effects.captured) == {"b1"}
    # ... while an attacker landing on c1 cannot take a defender on b1.
    pos = position("""
7 . . . . . . .
6 . . . . . . .
5 . . . . . . .
4 . . . . . . .
3 . . . . . . .
2 . . A . . . .
1 K D . . . . .
  a b c d e f g
""", "a", "a1")
    assert play(pos, "c2-c1").effects.captured == ()


def test_the_edge_captures_a_defender_when_an_attacker_lands_on_its_inward_side():
    # The defender on a4 stands on the edge; an attacker landing on b4 takes it.
    pos = position("""
7 . . . . . . .
6 . . . . . . .
5 . . . . . . .
4 D . . . . . .
3 . A . . . . .
2 . . . . . . .
1 . . . . . K .
  a b c d e f g
""", "a")
    played = play(pos, "b3-b4")
    assert names(pos, played.effects.captured) == {"a4"}


def test_the_edge_captures_a_defender_on_any_edge():
    # d7 (top), g4 (right) and d1 (bottom): each falls to one attacker inside it.
    pos = position("""
7 . . . D . . .
6 . . A . . . .
5 . . . . . A .
4 . . . . . . D
3 . . . K . . .
2 . . A . . . .
1 . . . D . . .
  a b c d e f g
""", "a")
    assert names(pos, play(pos, "c6-d6").effects.captured) == {"d7"}
    assert names(pos, play(pos, "f5-f4").effects.captured) == {"g4"}
    assert names(pos, play(pos, "c2-d2").effects.captured) == {"d1"}


EDGE_ATTACKERS = """
7 . . . . K . .
6 . . . . . . .
5 . . . . . . .
4 A . . . . . .
3 . D . . . . .
2 . . D . . . .
1 . . . A . . .
  a b c d e f g
"""


@pytest.mark.parametrize(("move", "attacker"), [("b3-b4", "a4"), ("c2-d2", "d1")])
def test_an_attacker_on_the_edge_is_not_captured_against_it(move, attacker):
    # A defender landing on the inward side of a4 (or d1) takes nothing: the
    # edge is hostile to defenders only.
    pos = position(EDGE_ATTACKERS, "d")
    played = play(pos, move)
    assert played.effects.captured == ()
    assert piece_at(played.position, attacker) == "A"


def test_the_king_on_the_edge_is_not_taken_by_the_edge():
    # The edge takes defenders, not the king: b3-b4 beside him on a4 takes nothing.
    pos = position("""
7 . . . . . . .
6 . . . . . . .
5 . . . . . . .
4 K . . . . . .
3 . A . . . . .
2 . . . . . . .
1 . . . . . . .
  a b c d e f g
""", "a")
    played = play(pos, "b3-b4")
    assert played.effects.captured == () and piece_at(played.position, "a4") == "K"


def test_the_edge_only_ever_plays_the_far_side():
    # An attacker landing on a5, beside a4 along the edge, finds a3 empty: no capture.
    # And a defender one square in from the edge (b4) is not taken from c4.
    pos = position("""
7 . . . . . . .
6 A . . . . . .
5 . . . . . . .
4 D D . . . . .
3 . . . . . . .
2 . . A . . . .
1 . . . . . K .
  a b c d e f g
""", "a")
    assert play(pos, "a6-a5").effects.captured == ()
    pos = position("""
7 . . . . . . .
6 . . . . . . .
5 . . . . . . .
4 . D . . . . .
3 . . A . . . .
2 . . . . . . .
1 . . . . . K .
  a b c d e f g
""", "a")
    assert play(pos, "c3-c4").effects.captured == ()


# --- captures along the edge ----------------------------------------------------------


def test_an_attacker_on_the_edge_is_taken_between_two_defenders():
    # b3-a3 closes the sandwich a3 / a4 / a5 along the edge.
    pos = position("""
7 . . . . . . .
6 . . . . . . .
5 D . . . . . .
4 A . . . . . .
3 . D . . . . .
2 . . . . . . .
1 . . . . . K .
  a b c d e f g
""", "d")
    played = play(pos, "b3-a3")
    assert names(pos, played.effects.captured) == {"a4"}


def test_an_attacker_on_the_edge_is_taken_against_the_king_as_far_piece():
    # The king on d1, the attacker on e1: a defender landing on f1 takes it.
    pos = position("""
7 . . . . . . .
6 . . . . . . .
5 . . . . . . .
4 . . . . . . .
3 . . . . . . .
2 . . . . . D .
1 . . . K A . .
  a b c d e f g
""", "d")
    played = play(pos, "f2-f1")
    assert names(pos, played.effects.captured) == {"e1"}


def test_an_attacker_on_the_edge_is_taken_by_the_king_as_moving_piece():
    # The defender on d1, the attacker on e1: the king landing on f1 takes it.
    pos = position("""
7 . . . . . . .
6 . . . . . . .
5 . . . . . . .
4 . . . . . . .
3 . . . . . . .
2 . . . . . K .
1 . . . D A . .
  a b c d e f g
""", "d")
    played = play(pos, "f2-f1")
    assert names(pos, played.effects.captured) == {"e1"}


def test_the_king_captures_as_the_moving_piece():
    # The king lands on c6: the attacker on b6 is between him and the
    # defender on a6.
    pos = position("""
7 . . . . . . .
6 D A . . . . .
5 . . K . . . .
4 . . . . . . .
3 . . . . . . .
2 . . . . . . .
1 . . . . . A .
  a b c d e f g
""", "d")
    assert names(pos, play(pos, "c5-c6").effects.captured) == {"b6"}


def test_the_king_captures_as_the_far_piece():
    pos = position("""
7 . . . . . . .
6 K A . D . . .
5 . . . . . . .
4 . . . . . . .
3 . . . . . . .
2 . . . . . . .
1 . . . . . A .
  a b c d e f g
""", "d")
    assert names(pos, play(pos, "d6-c6").effects.captured) == {"b6"}


# --- capturing the king --------------------------------------------------------------


def test_king_in_the_open_falls_to_four_attackers():
    pos = position("""
7 . . . . . . .
6 . . . . . . .
5 . . . . . . .
4 . . A . . . .
3 . A K A . . .
2 . . . . A . .
1 . . . . . . .
  a b c d e f g
""", "a")
    played = play(pos, "e2-c2")
    assert names(pos, played.effects.captured) == {"c3"}
    assert "K" not in played.position.board
    outcome = played.position.outcome()
    assert outcome.winner == "a" and outcome.reason is Reason.KING_CAPTURED
    assert played.position.legal_moves() == []


def test_king_is_never_taken_by_an_ordinary_sandwich():
    pos = position("""
7 . . . . . . .
6 . . . . . . .
5 . . . . . . .
4 . . . . . . .
3 . A K . . . .
2 . . . . . . .
1 . . . A . . .
  a b c d e f g
""", "a")
    played = play(pos, "d1-d3")
    assert played.effects.captured == () and "K" in played.position.board


def test_three_attackers_do_not_take_the_king_in_the_open():
    pos = position("""
7 . . . . . . .
6 . . . . . . .
5 . . . . . . .
4 . . A . . . .
3 . A K . . . .
2 . . . . A . .
1 . . . . . . .
  a b c d e f g
""", "a")
    assert play(pos, "e2-c2").effects.captured == ()


KING_ON_THE_EDGE = """
7 . . . . . . .
6 . . . . . . .
5 A . . . . . .
4 K . . . . . .
3 A . . . . . .
2 . . . . . . .
1 . A . . . . .
  a b c d e f g
"""


def test_king_on_the_edge_falls_to_three_attackers():
    pos = position(KING_ON_THE_EDGE, "a")
    played = play(pos, "b1-b4")
    assert names(pos, played.effects.captured) == {"a4"}
    assert played.position.outcome().winner == "a"
    # Two are not enough there: without a3, b1-b4 leaves him a way out.
    two = position(KING_ON_THE_EDGE.replace("3 A", "3 ."), "a")
    assert play(two, "b1-b4").effects.captured == ()


def test_king_in_a_corner_falls_to_two_attackers():
    pos = position("""
7 . . . . . . .
6 . . . . . . .
5 . . . . . . .
4 . . . . . . .
3 . . . . . . .
2 A . . . . . .
1 K . . A . . .
  a b c d e f g
""", "a", "a1")
    played = play(pos, "d1-b1")
    assert names(pos, played.effects.captured) == {"a1"}


KING_BESIDE_A_CORNER = """
7 . . . . . . .
6 . . . . . . .
5 . . . . . . .
4 . . . . . . .
3 . . . . . . .
2 . . . A . . .
1 . K A . . . .
  a b c d e f g
"""


def test_king_beside_a_corner_is_walled_by_it():
    # King on b1: a1 (corner) and the edge count against him; c1 and b2 are attackers.
    pos = position(KING_BESIDE_A_CORNER, "a")
    played = play(pos, "d2-b2")
    assert names(pos, played.effects.captured) == {"b1"}
    assert played.position.outcome().winner == "a"
    # One attacker is not enough: with c1 empty, d2-b2 leaves him a way out.
    alone = position(KING_BESIDE_A_CORNER.replace("K A", "K ."), "a")
    assert play(alone, "d2-b2").effects.captured == ()


def test_king_beside_the_empty_throne_falls_to_three_attackers():
    pos = position("""
7 . . . . . . .
6 . . . . . . A
5 . . A K A . .
4 . . . . . . .
3 . . . . . . .
2 . . . . . . .
1 . . . . . . .
  a b c d e f g
""", "a")
    played = play(pos, "g6-d6")
    assert names(pos, played.effects.captured) == {"d5"}


def test_king_beside_the_throne_survives_two_attackers():
    pos = position("""
7 . . . . . . .
6 . . . . . . A
5 . . A K . . .
4 . . . . . . .
3 . . . . . . .
2 . . . . . . .
1 . . . . . . .
  a b c d e f g
""", "a")
    assert play(pos, "g6-d6").effects.captured == ()


def test_king_on_the_throne_falls_only_to_four_attackers():
    three = position("""
7 . . . . . . .
6 . . . . . . .
5 . . . A . . .
4 . . A K . . .
3 . . . . . . .
2 . . . . . . .
1 . . . . A . .
  a b c d e f g
""", "a")
    assert play(three, "e1-e4").effects.captured == ()
    four = position("""
7 . . . . . . .
6 . . . . . . .
5 . . . A . . .
4 . . A K A . .
3 . . . . . . .
2 . . . . . . .
1 . . . A . . .
  a b c d e f g
""", "a")
    assert names(four, play(four, "d1-d3").effects.captured) == {"d4"}


def test_king_may_walk_into_an_enclosure_and_falls_when_it_is_closed():
    # The king steps from c2 to c3 between b3, d3 and c4 and lives; then the
    # attacker e2-c2 closes the fourth side and takes him.
    pos = position("""
7 . . . . . . .
6 . . . . . . .
5 . . . . . . .
4 . . A . . . .
3 . A . A . . .
2 . . K . A . .
1 . . . . . . .
  a b c d e f g
""", "d")
    walked = play(pos, "c2-c3")
    assert walked.effects.captured == () and "K" in walked.position.board
    closed = play(walked.position, "e2-c2")
    assert names(pos, closed.effects.captured) == {"c3"}


def test_a_surrounded_king_is_not_taken_by_an_attacker_move_elsewhere():
    pos = position("""
7 . . . . . . .
6 . . . . . . .
5 . . . . . . .
4 . . A . . . .
3 . A K A . . .
2 . . A . . . .
1 . . . . . A .
  a b c d e f g
""", "a")
    assert "K" in play(pos, "f1-f2").position.board


# --- winning and drawing ---------------------------------------------------------------


def test_reaching_one_corner_is_recorded_but_is_not_a_win():
    pos = position("""
7 . . . . . . .
6 . . . . . . .
5 . . . . . . .
4 . . . . . . .
3 . . . . . . .
2 . . . . . . A
1 . . . K . . .
  a b c d e f g
""", "d")
    after = play(pos, "d1-a1").position
    assert after.code().endswith(" a a1")
    assert after.outcome() is None


def test_a_visited_corner_stays_visited_after_the_king_leaves():
    pos = position("""
7 . . . . . . .
6 . . . . . . .
5 . . . . . . .
4 . . . . . . .
3 . . . . . . .
2 . . . . . . A
1 K . . . . . .
  a b c d e f g
""", "d", "a1")
    after = play(pos, "a1-a4").position
    assert after.code().endswith(" a a1")


def test_visiting_the_fourth_corner_wins_the_corner_tour():
    pos = position("""
7 . . . . K . .
6 . . . . . . .
5 . . . . . . .
4 . . . . . . .
3 . . . . . . .
2 . . . . . . A
1 . . . . . . .
  a b c d e f g
""", "d", "a1,g1,a7")
    after = play(pos, "e7-g7").position
    assert after.code().endswith(" a a1,g1,a7,g7")
    outcome = after.outcome()
    assert outcome.winner == "d" and outcome.reason is Reason.CORNER_TOUR
    assert after.legal_moves() == []


def test_three_corners_are_not_enough():
    pos = position("""
7 . . . . K . .
6 . . . . . . .
5 . . . . . . .
4 . . . . . . .
3 . . . . . . .
2 . . . . . . A
1 . . . . . . .
  a b c d e f g
""", "d", "a1,g1")
    after = play(pos, "e7-g7").position
    assert after.outcome() is None


def test_capturing_every_attacker_wins_for_the_defenders():
    pos = position("""
7 . . . . . . .
6 . D A . D . .
5 . . . . . . .
4 . . . . . . .
3 . . . . . . .
2 . . . . . . .
1 . . . K . . .
  a b c d e f g
""", "d")
    after = play(pos, "e6-d6").position
    outcome = after.outcome()
    assert outcome.winner == "d" and outcome.reason is Reason.ATTACKERS_CAPTURED


STUCK_ATTACKERS = """
7 . . . . . . K
6 . . . . . . .
5 . . . . . . .
4 . . . . . . .
3 . . . . . . .
2 . D . . . . .
1 . A D . . . .
  a b c d e f g
"""
STUCK_DEFENDERS = """
7 . . . . . A K
6 . . . . . . A
5 . . . . . . .
4 . . . . . . .
3 . . . . . . .
2 . . . . . . .
1 . . . . . . .
  a b c d e f g
"""


@pytest.mark.parametrize(("diagram", "stuck", "winner"),
                         [(STUCK_ATTACKERS, "a", "d"), (STUCK_DEFENDERS, "d", "a")])
def test_a_side_with_no_legal_move_loses(diagram, stuck, winner):
    # The attacker on b1 is boxed in by the corner a1 and the defenders on c1
    # and b2; the king on g7 by the attackers on f7 and g6.
    pos = position(diagram, stuck, "g7")
    assert pos.legal_moves() == []
    outcome = pos.outcome()
    assert outcome.winner == winner and outcome.reason is Reason.NO_LEGAL_MOVE
    # So the attackers can win without taking the king (no fortress draws).
    assert not pos.rules.attackers_win_only_by_the_king


def test_a_code_without_a_king_is_a_finished_game_for_the_attackers():
    pos = tafl.from_code("brandubh 7/7/3A3/7/7/7/7 d -")
    assert pos.legal_moves() == [] and pos.outcome().winner == "a"


def test_the_third_occurrence_of_a_position_is_a_draw():
    game = Game(tafl_code("brandubh", """
7 . . . . . . .
6 . A . . . . .
5 . . . . . . .
4 . . . . . . .
3 . . . . . D .
2 . . . . . . .
1 . . . K . . .
  a b c d e f g
""", "a"))
    shuffle = ["b6-b5", "f3-f2", "b5-b6", "f2-f3"]
    for text in shuffle:
        game.play_text(text)
    assert game.occurrences() == 2 and game.outcome() is None
    for text in shuffle:
        game.play_text(text)
    outcome = game.outcome()
    assert outcome.winner is None and outcome.reason is Reason.REPETITION
    assert game.legal_moves() == []
    game.undo()
    assert game.outcome() is None


def test_corners_visited_make_positions_differ_for_repetition():
    # The same board with a different VISITED set is a different position.
    a = tafl.from_code("brandubh 7/7/3A3/7/7/7/3K3 a -")
    b = tafl.from_code("brandubh 7/7/3A3/7/7/7/3K3 a a1")
    assert a.repetition_key() != b.repetition_key()


# --- the no-progress draw --------------------------------------------------------
# 100 plies in a row with no capture and no new corner visited draw the game,
# counted over the game's history from where it started.  The lines are seeded
# walks over the legal moves (tests/engine/walks.py), none written by hand.

START_CODE = tafl.start("brandubh").code()
LIMIT = 100


def test_brandubh_has_a_no_progress_limit_and_agreed_draws():
    spec = SPECS["brandubh"]
    assert spec.no_progress_plies == LIMIT and spec.draw_by_agreement


@pytest.mark.parametrize("seed", range(3))
def test_the_hundredth_quiet_ply_draws_the_game(seed):
    line = walk(START_CODE, "q" * LIMIT, seed)
    game = Game(START_CODE, line[:-1])
    assert game.outcome() is None and game.quiet_plies() == LIMIT - 1
    assert game.no_progress_left() == 1
    game.play_text(line[-1])
    assert game.outcome() == Outcome(None, Reason.NO_PROGRESS)
    assert game.quiet_plies() == LIMIT and game.no_progress_left() == 0
    assert game.legal_moves() == [] and game.position.legal_moves() != []


def test_undo_and_redo_keep_the_count():
    line = walk(START_CODE, "q" * 30 + "x" + "q" * (LIMIT - 1), 4)
    game = Game(START_CODE, line)
    counts = [game.quiet_plies()]
    while game.undo():
        counts.append(game.quiet_plies())
    assert counts[::-1] == list(range(31)) + list(range(LIMIT))
    for count in range(31):  # redo the line up to its capture: the same counts again
        assert game.quiet_plies() == count and game.redo()
    assert game.quiet_plies() == 0
    while game.redo():
        pass
    assert game.ply == len(line) and game.outcome() is None
    game.undo()
    game.play_text(line[-1])  # playing the same move again counts the same
    assert game.quiet_plies() == LIMIT - 1


@pytest.mark.parametrize("seed", range(2))
def test_a_capture_starts_the_count_again(seed):
    line = walk(START_CODE, "q" * 60 + "x" + "q" * (LIMIT - 1), seed)
    game = Game(START_CODE, line[:61])
    assert game.quiet_plies() == 0
    for text in line[61:]:
        game.play_text(text)
    assert game.ply == 60 + LIMIT and game.outcome() is None
    assert game.quiet_plies() == LIMIT - 1


# The king and a few pieces on an open board; he has visited a1 already.
OPEN_BOARD = """
7 . . . . . . .
6 . A . . . A .
5 . . D . . . .
4 . . . K . . .
3 . . . . D . .
2 . A . . . A .
1 . . . . . . .
  a b c d e f g
"""


@pytest.mark.parametrize("seed", range(2))
def test_a_new_corner_starts_the_count_again(seed):
    start = tafl_code("brandubh", OPEN_BOARD, "d", "a1")
    line = walk(start, "q" * 60 + "c" + "q" * (LIMIT - 1), seed)
    game = Game(start, line[:61])
    assert game.quiet_plies() == 0
    for text in line[61:]:
        game.play_text(text)
    assert game.outcome() is None and game.quiet_plies() == LIMIT - 1


def test_a_corner_already_visited_is_no_progress():
    for visited, count in (("-", 0), ("a1", 1)):
        game = Game(f"brandubh 7/7/3A3/7/7/7/2K4 d {visited}", ["c1-a1"])
        assert game.quiet_plies() == count, visited


def test_a_game_from_a_code_counts_from_there():
    line = walk(START_CODE, "q" * (LIMIT + 50), 5)
    halfway = Game(START_CODE, line[:50])
    assert halfway.quiet_plies() == 50
    game = Game(halfway.position, line[50:50 + LIMIT - 1])
    assert game.outcome() is None and game.quiet_plies() == LIMIT - 1
    game.play_text(line[50 + LIMIT - 1])
    assert game.outcome().reason is Reason.NO_PROGRESS


# The defenders are penned in round the king on a1: the soldier on b2 can
# only step to b3 and back while the attackers round them stay put, and the
# attacker on g3 can close b3 along the empty third rank.
PEN = """
7 . . . . A . .
6 . . . . . A .
5 . . . . . . .
4 . A . . . . .
3 A . . . . . A
2 D D A . . . .
1 K D A . . . .
  a b c d e f g
"""
PEN_STAYS = {"a1": "K", "a2": "D", "b1": "D", "a3": "A", "b4": "A", "c2": "A", "c1": "A",
             "g3": "A", "c3": ".", "d3": ".", "e3": ".", "f3": "."}


def pen_stays(code: str) -> bool:
    position = tafl.from_code(code)
    return all(position.board[position.rules.square_index(square)] == piece
               for square, piece in PEN_STAYS.items())


@pytest.mark.parametrize("seed", range(2))
def test_the_hundredth_quiet_ply_that_leaves_no_move_wins_instead(seed):
    start = tafl_code("brandubh", PEN, "d", "a1")
    game = Game(start, walk(start, "q" * (LIMIT - 1), seed, keep=pen_stays))
    assert game.outcome() is None and game.quiet_plies() == LIMIT - 1
    game.play_text("g3-b3")  # quiet, and the defenders have no move left
    assert game.quiet_plies() == LIMIT
    assert game.outcome() == Outcome("a", Reason.NO_LEGAL_MOVE)


def test_a_draw_may_be_agreed_in_brandubh():
    game = Game(START_CODE, ["b7-b6"])
    assert game.agree_draw() == Outcome(None, Reason.DRAW_AGREED)
    assert game.legal_moves() == []
    assert game.undo() and game.outcome() is None and game.ply == 1
