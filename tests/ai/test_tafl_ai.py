"""The tafl computer: wins in one, blocks losses in one, sees threats a move
ahead (escape routes, forks, captures), and handles repetition.

Every search here runs on a node budget, never the clock, so the tests are
deterministic on any machine.
"""

from __future__ import annotations

import random

import pytest

from game.ai.levels import start_search
from game.ai.strategy import WIN
from game.ai.tafl import TaflStrategy
from game.rules import start, tafl
from game.rules.base import legal
from game.rules.record import Game

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


def can_force_a_win_in_three(pos: tafl.TaflPosition) -> bool:
    """Whether the side to move wins by force within three plies (brute force)."""
    for move in pos.legal_moves():
        after = pos.play(move).position
        outcome = after.outcome()
        if outcome is not None:
            if outcome.winner == pos.side:
                return True
            continue
        if all(opponent_can_win_at_once(reply)
               for reply in (after.play(m).position for m in after.legal_moves())
               if reply.outcome() is None):
            return True
    return False


def soldiers(pos: tafl.TaflPosition) -> tuple[int, int]:
    return pos.board.count("A"), pos.board.count("D")


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


def tour_in_one() -> tafl.TaflPosition:
    """The king has visited three corners and sees the fourth, g7."""
    return position("brandubh", """
7 . . . . K . .
6 . . . . . . .
5 . . . A . . .
4 . . . . . . .
3 . . A . . . .
2 . . . . . . .
1 . . . . A . .
  a b c d e f g
""", "d", "a1,g1,a7")


def test_brandubh_king_completes_the_corner_tour_when_he_can():
    assert choose(tour_in_one()) == "e7-g7"


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


# --- threats one move ahead -------------------------------------------------------


def open_lines(pos: tafl.TaflPosition) -> int:
    """How many of the king's four lines run clear to the edge (Tawlbwrdd)."""
    king, count = pos.board.find("K"), 0
    for ray in pos.rules.rays[king]:
        count += bool(ray) and all(pos.board[sq] == "." for sq in ray)
    return count


def test_tawlbwrdd_king_walks_to_a_fork_and_wins():
    # No line is open yet, but the king can step onto a square with two open
    # lines (d7, say, sees both ends of rank 7): one attacker move cannot shut
    # both, so the search finds the forced escape.
    pos = position("tawlbwrdd", """
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . A . . . . . . .
 8 . . A K . . . . . . A
 7 . . . . . . . . . . .
 6 . . . . . . . . . . .
 5 . . . . . . . . . . .
 4 . . . . . . . . . . .
 3 . . . D . . . . . . .
 2 . . . . . . . . . . .
 1 . A . . . . . . . . .
   a b c d e f g h i j k
""", "d")
    assert open_lines(pos) == 0
    result = start_search(pos, "druid", nodes=BUDGET).run()
    assert result.score >= WIN - 10
    assert open_lines(pos.play(result.move).position) >= 2


def test_tawlbwrdd_attackers_stop_the_king_reaching_a_fork():
    # d8-d7 would give the king both halves of rank 7.  Of the attackers' 58
    # moves only b1-b7 and h1-h7 (a guard on rank 7) stop a forced escape.
    pos = position("tawlbwrdd", """
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . A . . . . . . .
 8 . . A K D . . . . . .
 7 . . . . . . . . . . .
 6 . . . D . . . . . . .
 5 . . . . . . . . . . .
 4 . . . . . . . . . . .
 3 . . . . . . . . . . .
 2 . . . . . . . . . . .
 1 . A . . . . . A . . .
   a b c d e f g h i j k
""", "a")
    assert can_force_a_win_in_three(pos.play(legal(pos, "d9-d10")).position)
    move = choose(pos)
    assert move in {"b1-b7", "h1-h7"}
    assert not can_force_a_win_in_three(pos.play(legal(pos, move)).position)


def test_brandubh_attackers_guard_the_last_corner_instead_of_capturing():
    # The king has visited three corners; c4-c7 then c7-a7 would finish the
    # tour.  g4-e4 takes the defender on e5 and loses; only 5 of the 23 moves
    # hold: a guard in the king's way up the c-file, or one on (or a step from)
    # b7, the square beside the corner.
    pos = position("brandubh", """
7 . . . . A . .
6 . . . . A . .
5 A . . . D . .
4 . . K . . . A
3 . . . . . . .
2 . . . . . . .
1 . . . . . . .
  a b c d e f g
""", "a", "a1,g1,g7")
    assert len(pos.captures(*legal(pos, "g4-e4"))) == 1
    assert can_force_a_win_in_three(pos.play(legal(pos, "g4-e4")).position)
    after = pos.play(legal(pos, choose(pos))).position
    assert not can_force_a_win_in_three(after)


def test_brandubh_defender_steps_out_of_a_capture():
    # The defender on a4 stands on the edge: the attacker b1-b4 would take it
    # against the edge.  Only 3 of the defenders' 17 moves keep it: a4-b4 or
    # a4-c4 off the edge, or the king's d4-b4 in the attacker's way; a4-a5 or
    # a4-a3 stay on the edge, where b1 reaches them too.
    pos = position("brandubh", """
7 . . . . . . .
6 . . . . . . .
5 . . . . . . .
4 D . . K . . .
3 . . . . . . .
2 . . . . . . .
1 . A . . . . .
  a b c d e f g
""", "d")
    threat = tafl.TaflPosition(pos.rules, pos.board, "a")
    assert threat.captures(*legal(threat, "b1-b4")) == [pos.rules.square_index("a4")]
    stays = pos.play(legal(pos, "a4-a5")).position
    assert stays.captures(*legal(stays, "b1-b5")) == [pos.rules.square_index("a5")]
    assert len(pos.legal_moves()) == 17
    after = pos.play(legal(pos, choose(pos))).position
    assert soldiers(after)[1] == 1
    assert not any(after.captures(*m) for m in after.legal_moves())


def test_tawlbwrdd_attackers_save_a_threatened_attacker():
    # The ring of CRUSHED holds the king; b2-c2 would take c3 against c4.  The
    # attackers may move c3, block c2, or take c4 (c11-c5, e5-c5) — but after
    # their move the defenders must have no capture left.
    pos = position("tawlbwrdd", """
11 A A A A A A A A . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . A . . . . .
 7 . . . . A . A . . . .
 6 . . . A . K . A . . .
 5 . . . . A . A . . . .
 4 . . D . . A . . . . .
 3 . . A . . . . . . . .
 2 . D . . . . . . . . .
 1 . . . A A A A A A A .
   a b c d e f g h i j k
""", "a")
    threat = pos.play(legal(pos, "j1-j2")).position
    assert len(threat.captures(*legal(threat, "b2-c2"))) == 1
    after = pos.play(legal(pos, choose(pos))).position
    assert not any(after.captures(*m) for m in after.legal_moves())


def corner_trap() -> tafl.TaflPosition:
    """d7-a7 would visit a corner, but a corner has only two sides: with a6
    already an attacker, b4-b7 would shut the second and take the king."""
    return position("brandubh", """
7 . . . K . D .
6 A . . . . . .
5 . . . . . . .
4 . A . . . . .
3 . . . . . . .
2 . . . . . . .
1 . . . . . . .
  a b c d e f g
""", "d")


def test_brandubh_king_does_not_walk_into_a_corner_trap():
    pos = corner_trap()
    assert opponent_can_win_at_once(pos.play(legal(pos, "d7-a7")).position)
    move = choose(pos)
    assert move != "d7-a7"
    assert not opponent_can_win_at_once(pos.play(legal(pos, move)).position)


# --- the strategy's shortcuts agree with the rules --------------------------------


@pytest.mark.parametrize("name", ["brandubh", "tawlbwrdd"])
def test_noisy_moves_agree_with_the_rules(name):
    """Captures, king captures and king escapes, found without generating
    every move, are exactly the moves that do those things."""
    strategy = TaflStrategy()
    rng = random.Random(7)
    for game_number in range(12):
        game = Game(start(name))
        while game.outcome() is None and game.ply < 90:
            pos = game.position
            expected = set()
            for move in pos.legal_moves():
                played = pos.play(move)
                after = played.position
                king_gone = after.board.find("K") < 0
                # The king's moves onto a goal: the edge, or a corner not yet visited.
                escaped = pos.board[move[0]] == "K" and (
                    move[1] in pos.rules.edge if name == "tawlbwrdd"
                    else after.visited != pos.visited)
                took = len(played.effects.captured) > int(king_gone)
                assert len(pos.captures(*move)) == len(played.effects.captured) - int(king_gone)
                if took or king_gone or escaped:
                    expected.add(move)
            noisy = strategy.noisy_moves(pos)
            assert len(noisy) == len(set(noisy)) and set(noisy) == expected, game_number
            game.play(rng.choice(game.legal_moves()))


def test_brandubh_attackers_win_by_leaving_the_defenders_no_move():
    # The king is boxed in on a7 and d5's only way out is down over the throne:
    # g3-d3 shuts it, and a side that cannot move loses.
    pos = position("brandubh", """
7 K A . . . . .
6 A . . A . . .
5 . . A D A . .
4 . . . . . . .
3 . . . . . . A
2 . . . . . . .
1 . . . . . . .
  a b c d e f g
""", "a", "a7")
    result = start_search(pos, "druid", nodes=BUDGET).run()
    assert pos.move_text(result.move) == "g3-d3"
    assert result.score == WIN - 1


def test_the_evaluation_is_from_the_side_to_move():
    # Two open lines with the attackers to move: lost for them, won for the king.
    board = """
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . A . . . . . . .
 8 . . A . . . . . . . .
 7 . . . K . . . . . . .
 6 . . . . . . . . . . .
 5 . . . . . A . . . . .
 4 . . . . . . . . . . .
 3 . . . D . . . . . . .
 2 . . . . . . . . . . .
 1 . A . . . . . . . . .
   a b c d e f g h i j k
"""
    strategy = TaflStrategy()
    attackers = strategy.evaluate(position("tawlbwrdd", board, "a"))
    defenders = strategy.evaluate(position("tawlbwrdd", board, "d"))
    assert attackers < -1000 and defenders > 0


# --- repetition in Brandubh: the third occurrence draws ---------------------------

BRANDUBH_CRUSHED = """
7 . . . . . . .
6 . D . . . D .
5 . . . . . . .
4 . D . K . D .
3 . . . . . . .
2 . D . . . D .
1 . . . A . . .
  a b c d e f g
"""


def test_brandubh_winning_side_avoids_the_third_occurrence():
    pos = position("brandubh", BRANDUBH_CRUSHED, "d", "a1,g7")
    preferred = choose(pos)
    repeated = pos.play(legal(pos, preferred)).position
    history = [pos.repetition_key(), repeated.repetition_key()] * 2
    assert choose(pos, history=history) != preferred


def test_brandubh_losing_side_takes_the_third_occurrence():
    pos = position("brandubh", BRANDUBH_CRUSHED, "a", "a1,g7")
    preferred = choose(pos)
    other = next(m for m in pos.legal_moves() if pos.move_text(m) != preferred)
    repeated = pos.play(other).position
    history = [pos.repetition_key(), repeated.repetition_key()] * 2
    assert choose(pos, history=history) == pos.move_text(other)


# --- an open line counted with the replies that shut it ---------------------------

ONE_LINE = """
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . D . . . . . . . .
 8 . . K D . . . . . . .
 7 . . D . . . . . . . .
 6 . . . . . . . . . . .
 5 . . . . . . . . . . .
 4 . . . . . . . . . . .
 3 . . . . . . . . . . .
 2 . . . . . . . . . . .
 1 . . . . . . . . . . A
   a b c d e f g h i j k
"""


def test_an_open_line_no_attacker_can_shut_counts_as_an_escape():
    # The king sees a8 and b8 with the attackers to move.  From k1 no attacker
    # reaches either square; from b2 one does (b2-b8).  The first is as good as
    # two open lines for the king, the second a line one move closes.
    strategy = TaflStrategy()
    unstoppable = position("tawlbwrdd", ONE_LINE, "a")
    blockable = position("tawlbwrdd", ONE_LINE.replace(
        " 2 . . . . . . . . . . .", " 2 . A . . . . . . . . .").replace(
        " 1 . . . . . . . . . . A", " 1 . . . . . . . . . . ."), "a")
    assert open_lines(unstoppable) == open_lines(blockable) == 1
    # (The same material: only where the one attacker stands differs.)
    assert strategy.evaluate(unstoppable) < strategy.evaluate(blockable) - 4000
    # And the search agrees: from b2 the attackers shut the line.
    assert choose(blockable) == "b2-b8"
