"""Brandubh's last corner walled off for good (`game.ai.tafl._walled`).

A Druid-against-Druid game (session 20, replayed at 6,000 nodes a move in
session 21) reached three corners visited and one defender left; the
attackers then stood two by two along both edges beside g1, the corner still
to visit.  No capture can take those four (an attacker on the edge is taken
only along it, and each has a fellow on that side), the king reaches a
corner only across a square beside it, and the defenders are too few to
leave the attackers without a move: they cannot win while the wall stands,
though three corners put them far ahead by the score.  With `sealed_share`
the attackers' own search knows it (off in the shipped weights).
"""

from __future__ import annotations

import dataclasses
import random

from game.ai.levels import DRAW_MARGIN, level_for
from game.ai.search import Search
from game.ai.strategy import Limits
from game.ai.tafl import (
    BASE_WEIGHTS,
    TaflStrategy,
    _corners_sealed,
    _seal,
    _seal_kept,
    _sealing,
    _walled,
)
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
    assert _walled(pos.board, pos.rules, 0b0010)
    # a1 as the corner to visit: nothing stands beside it.
    assert not _walled(pos.board, pos.rules, 0b0001)


def test_without_a_fellow_behind_it_a_guard_can_be_taken_and_nothing_is_sealed():
    # g3 gone to g4: a defender landing on g3 takes g2 against the corner.
    pos = position(SEALED.replace("3 . . . . . . A", "3 . . . . . . .")
                   .replace("4 . . . . D . .", "4 . . . . D . A"))
    assert _seal(pos.board, pos.rules, 0b0010) == set()
    assert not _walled(pos.board, pos.rules, 0b0010)


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
    assert not _seal_kept(bare.board, bare.rules, 0b0010, _sealing(bare.board, bare.rules, 0b0010))
    assert not _walled(bare.board, bare.rules, 0b0010)


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
                    assert not _walled(pos.board, pos.rules, 0b0010)
                    break
            game.play(rng.choice(moves))
            assert all(game.position.board[sq] == "A" for sq in wall)
            plies_held += 1
        outcome = game.outcome()
        assert outcome is None or outcome.winner != "d"
    assert plies_held > 20 * 30  # most playouts ran long: the claim was tested, not skipped


# The attackers' own search: a walled position is worth only a share of the
# defenders' lead (`sealed_share`).

# From a Druid-against-Druid game (session 20's game 50, its wall position
# replayed at 10,000 nodes a move): g7 is the corner left, walled off by e7,
# f7, g6 and g5.  Without the cap the attackers' search scores the
# defenders' three corners as a lost game, breaks the wall with e7-e6 and
# the king tours g7 forty plies later.
WALL_BROKEN_IN_PLAY = "brandubh 4AA1/6A/6A/4D1A/A1K4/AD3D1/2DAA2 a a1,g1,a7"


def with_share(share: int) -> TaflStrategy:
    weights = dict(BASE_WEIGHTS)
    weights["brandubh"] = dataclasses.replace(weights["brandubh"], sealed_share=share)
    return TaflStrategy(weights)


def druid_move(pos: tafl.TaflPosition, strategy: TaflStrategy, nodes: int) -> tuple[int, int]:
    spec = level_for("brandubh", "druid")
    limits = Limits(nodes=nodes, depth=spec.depth, exact=spec.exact, results=spec.exact)
    return Search(pos, strategy, limits=limits, contempt=spec.contempt).run().move


def test_only_the_attackers_own_search_shrinks_a_walled_lead():
    strategy = with_share(25)
    attackers_turn = tafl.from_code(WALL_BROKEN_IN_PLAY)
    defenders_turn = tafl.from_code(WALL_BROKEN_IN_PLAY.replace(" a a1", " d a1"))
    twin = strategy.for_root(attackers_turn)
    assert twin is not strategy and twin.walls_drawn
    assert strategy.for_root(attackers_turn) is twin  # made once
    assert strategy.for_root(defenders_turn) is strategy
    off = with_share(100)
    assert off.for_root(attackers_turn) is off
    # Behind by the score (three corners); the twin counts a quarter of it.
    lead = -strategy.evaluate(attackers_turn)
    assert lead > DRAW_MARGIN
    assert twin.evaluate(attackers_turn) == -(lead * 25 // 100)
    assert with_share(0).for_root(attackers_turn).evaluate(attackers_turn) == 0
    # Where nothing is walled the twin scores as its sibling does.
    start = tafl.start("brandubh")
    assert twin.evaluate(start) == strategy.evaluate(start)


def test_behind_a_wall_a_spare_attacker_lost_still_costs():
    # a3 stands outside the wall, free to move: while it can, the wall need
    # not.  A flat score (a share of 0, session 21's cap) valued the wall
    # alike with it and without it, so its attackers let the defenders take
    # such spares until the wall itself had to move and open.
    pos = tafl.from_code(WALL_BROKEN_IN_PLAY)
    fewer = tafl.from_code(WALL_BROKEN_IN_PLAY.replace("/A1K4/", "/2K4/"))  # a3 gone
    assert fewer.board.count("A") == pos.board.count("A") - 1
    assert _walled(fewer.board, fewer.rules, 0b1000)
    flat = with_share(0).for_root(pos)
    assert flat.evaluate(fewer) == flat.evaluate(pos)
    shared = with_share(25).for_root(pos)
    assert shared.evaluate(fewer) < shared.evaluate(pos)


def test_a_flat_share_keeps_the_wall_the_plain_search_breaks():
    pos = tafl.from_code(WALL_BROKEN_IN_PLAY)
    g7 = 0b1000
    broken = pos.play_position(druid_move(pos, with_share(100), 10_000))
    kept = pos.play_position(druid_move(pos, with_share(0), 10_000))
    assert not _corners_sealed(broken.board, broken.rules, g7)
    assert _walled(kept.board, kept.rules, g7)
