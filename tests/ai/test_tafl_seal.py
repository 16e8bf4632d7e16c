"""Brandubh's last corner walled off for good (`game.ai.tafl._seal`).

A Druid-against-Druid game (session 20, replayed at 6,000 nodes a move in
session 21) reached three corners visited and one defender left; the
attackers then stood two by two along both edges beside g1, the corner still
to visit.  No capture can take those four (an attacker on the edge is taken
only along it, and each has a fellow on that side), the king reaches a
corner only across a square beside it, and the defenders are too few to
leave the attackers without a move: they cannot win while the wall stands,
though three corners put them far ahead by the score.  So the computer
defending takes a draw offered there, as the attackers do against Tawlbwrdd's
fortress (`tests/ai/test_tafl_fortress.py`).
"""

from __future__ import annotations

import random

from game.ai.levels import DRAW_MARGIN, accepts_draw
from game.ai.tafl import TaflStrategy, _corners_sealed, _seal, _seal_kept
from game.rules import tafl
from game.rules.record import Game

from ..engine.diagrams import tafl_code

VISITED = "a1,a7,g7"  # g1 still to visit

SEALED = """
7 . . . . . . .
6 . . K . . A .
5 . . . . . . .
4 . . . . D . .
3 . . . . . . A
2 . . . . . . A
1 . . . . A A .
  a b c d e f g
"""


def position(diagram: str, side: str = "d") -> tafl.TaflPosition:
    return tafl.from_code(tafl_code("brandubh", diagram, side, VISITED))


def squares(pos: tafl.TaflPosition, *names: str) -> set[int]:
    return {pos.rules.square_index(name) for name in names}


def test_two_pairs_along_the_edges_seal_the_last_corner():
    pos = position(SEALED)
    assert _seal(pos.board, pos.rules, 0b0010) == squares(pos, "e1", "f1", "g2", "g3")
    assert _corners_sealed(pos.board, pos.rules, 0b0010)
    assert TaflStrategy().cannot_win(pos, "d")
    assert not TaflStrategy().cannot_win(pos, "a")


def test_without_a_fellow_behind_it_a_guard_can_be_taken_and_nothing_is_sealed():
    # g3 gone to g4: a defender landing on g3 takes g2 against the corner.
    pos = position(SEALED.replace("3 . . . . . . A", "3 . . . . . . .")
                   .replace("4 . . . . D . .", "4 . . . . D . A"))
    assert _seal(pos.board, pos.rules, 0b0010) == set()
    assert not TaflStrategy().cannot_win(pos, "d")


def test_defenders_enough_to_stand_on_every_square_the_wall_could_step_to_might_still_win():
    # The wall can step to d1, e2, f2, f3 and g4: five squares.  The king and
    # three defenders are four, too few to leave it without a move; the king
    # and four are five, which could.
    three = SEALED.replace("5 . . . . . . .", "5 D . D . . . .")
    four = SEALED.replace("5 . . . . . . .", "5 D . D . D . .")
    assert _corners_sealed(position(three).board, position(three).rules, 0b0010)
    assert not _corners_sealed(position(four).board, position(four).rules, 0b0010)


def test_a_wall_whose_every_move_breaks_it_is_no_draw():
    # Without the attacker on f6 the four must move themselves, and each move
    # leaves one of them open to capture.
    bare = position(SEALED.replace("6 . . K . . A .", "6 . . K . . . ."))
    assert _corners_sealed(bare.board, bare.rules, 0b0010)
    assert not _seal_kept(bare.board, bare.rules, 0b0010)
    assert not TaflStrategy().cannot_win(bare, "d")


def test_the_defenders_take_a_draw_offered_behind_a_sealed_corner_and_not_an_open_one():
    # The player holding the wall offers on their turn (the attackers to move).
    opened = SEALED.replace("1 . . . . A A .", "1 . . . A . A .")  # f1 alone: e1 takes it
    for diagram in (SEALED, opened):
        assert TaflStrategy().evaluate(position(diagram, "d")) > DRAW_MARGIN  # three corners
    assert accepts_draw(Game(position(SEALED, "a")), computer_side="d")
    assert not accepts_draw(Game(position(opened, "a")), computer_side="d")


def test_while_the_wall_stands_the_defenders_never_win_whatever_they_play():
    # Random defenders' moves against attackers who keep the wall (a random
    # move of the free attacker on f6): the four never fall and the
    # defenders never win.  Once the free attacker is taken the wall must
    # move, and what `_seal_kept` claims ends there.
    rng = random.Random(21)
    wall = squares(position(SEALED), "e1", "f1", "g2", "g3")
    plies_held = 0
    for _ in range(20):
        game = Game(position(SEALED, "a"))
        while game.outcome() is None and game.ply < 60:
            pos = game.position
            moves = pos.legal_moves()
            if pos.side == "a":
                moves = [(orig, dest) for orig, dest in moves if orig not in wall]
                if not moves:
                    assert not TaflStrategy().cannot_win(pos, "d")
                    break
            game.play(rng.choice(moves))
            assert all(game.position.board[sq] == "A" for sq in wall)
            plies_held += 1
        outcome = game.outcome()
        assert outcome is None or outcome.winner != "d"
    assert plies_held > 20 * 30  # most playouts ran long: the claim was tested, not skipped
