"""The tafl computer: wins in one, blocks losses in one, and handles repetition."""

from __future__ import annotations

from game.ai.levels import start_search
from game.rules import tafl
from game.rules.base import legal

from ..engine.diagrams import tafl_code

BUDGET = 4000


def position(game: str, diagram: str, side: str, visited: str = "-") -> tafl.TaflPosition:
    return tafl.from_code(tafl_code(game, diagram, side, visited))


def choose(pos: tafl.TaflPosition, history=(), nodes: int = BUDGET) -> str:
    result = start_search(pos, "druid", history=history, nodes=nodes).run()
    return pos.move_text(result.move)


def opponent_can_win_at_once(pos: tafl.TaflPosition) -> bool:
    """Whether the side to move in `pos` has a move that wins outright."""
    return any((after := pos.play(m).position).outcome() is not None
               and after.outcome().winner == pos.side for m in pos.legal_moves())


def test_brandubh_attackers_capture_the_king_when_they_can():
    pos = position("brandubh", """
7 . . . . . . .
6 . . . . . . .
5 . . . . . D .
4 . . A . . . .
3 . A K A . . .
2 . . . . A . .
1 . . . . . . .
  a b c d e f g
""", "a")
    move = choose(pos)
    assert move == "e2-c2"


def test_brandubh_king_completes_the_corner_tour_when_he_can():
    pos = position("brandubh", """
7 . . . . K . .
6 . . . . . . .
5 . . . A . . .
4 . . . . . . .
3 . . A . . . .
2 . . . . . . .
1 . . . . A . .
  a b c d e f g
""", "d", "a1,g1,a7")
    assert choose(pos) == "e7-g7"


def test_brandubh_attackers_block_the_last_corner():
    # The king on e7 has visited three corners and sees g7; f3 can block on f7.
    pos = position("brandubh", """
7 . . . . K . .
6 . . . . . . .
5 . . . . . . .
4 . A . . . . .
3 . . . . . A .
2 . . . . . . .
1 . . . A . . .
  a b c d e f g
""", "a", "a1,g1,a7")
    after = pos.play(legal(pos, choose(pos))).position
    assert not opponent_can_win_at_once(after)


def test_tawlbwrdd_king_escapes_when_he_can():
    pos = position("tawlbwrdd", """
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . A . . . . . . . .
 8 . . K A . . . . . . .
 7 . . A . . . . . . . .
 6 . . . . . . . . . . .
 5 . . . . . . . . A . .
 4 . . . . . . . . . . .
 3 . . . . . . . . . . .
 2 . . . . . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
""", "d")
    assert choose(pos) == "c8-a8"


def test_tawlbwrdd_attackers_shut_the_kings_only_open_line():
    # Up, down and right are blocked; the king sees the edge at a8.
    pos = position("tawlbwrdd", """
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . D . . . . . . . .
 8 . . K A . . . . . . .
 7 . . D . . . . . . . .
 6 . . . . . . . . . . .
 5 . . . . . . . . . . .
 4 . . . . . . . . . . .
 3 . . . . . . . . . . .
 2 . A . . . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
""", "a")
    after = pos.play(legal(pos, choose(pos))).position
    assert not opponent_can_win_at_once(after)


def test_tawlbwrdd_attackers_capture_the_king_when_they_can():
    pos = position("tawlbwrdd", """
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . A . . . . . . .
 8 . . A K . . . . . . .
 7 . . . D . . . . . . .
 6 . . . . . . . . . . .
 5 . . . . . . . . . . .
 4 . . . . . . . . . . .
 3 . . . . . . . . . . .
 2 . . . . A . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
""", "a")
    # Only e2-e8 lands opposite c8's attacker: the king falls.
    assert choose(pos) == "e2-e8"


# The king is shut in a ring of attackers; 24 attackers face one defender.
CRUSHED = """
11 A A A A A A A A . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . A . . . . .
 7 . . . . A . A . . . .
 6 . . . A . K . A . . .
 5 . . . . A . A . . . .
 4 . . . . . A . . . . .
 3 . . . . . . . . . . .
 2 . D . . . . . . . . .
 1 . . . A A A A A A A A
   a b c d e f g h i j k
"""


def test_a_winning_side_avoids_a_repetition_draw():
    # The attackers stand far better, so a move that repeats a position (a
    # draw in Tawlbwrdd) is one they must not choose.
    pos = position("tawlbwrdd", CRUSHED, "a")
    preferred = choose(pos)
    repeated = pos.play(legal(pos, preferred)).position
    history = [pos.repetition_key(), repeated.repetition_key()]
    assert choose(pos, history=history) != preferred


def test_a_losing_side_takes_a_repetition_draw():
    pos = position("tawlbwrdd", CRUSHED, "d")
    preferred = choose(pos)
    other = next(m for m in pos.legal_moves() if pos.move_text(m) != preferred)
    repeated = pos.play(other).position
    history = [pos.repetition_key(), repeated.repetition_key()]
    assert choose(pos, history=history) == pos.move_text(other)
