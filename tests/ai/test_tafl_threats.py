"""Tafl escape threats counted with the replies that stop them, the cordon,
and the quiescence that follows threats and their blocks (issue 14 item 3).

Every comparison is between two boards that differ in where one piece
stands, with the same material; searches are bounded by nodes.
"""

from __future__ import annotations

import dataclasses

from game.ai import tafl
from game.ai.search import Search
from game.ai.strategy import WIN, Limits
from game.ai.tafl import TaflStrategy
from game.rules import tafl as rules

from ..engine.diagrams import tafl_code


def position(game: str, diagram: str, side: str, visited: str = "-") -> rules.TaflPosition:
    return rules.from_code(tafl_code(game, diagram, side, visited))


def threats() -> TaflStrategy:
    """The strategy with the threat terms on (they are not switched on in play)."""
    return TaflStrategy(tafl.THREAT_WEIGHTS)


def without(game: str, **changes) -> TaflStrategy:
    """The threat strategy with some of `game`'s new weights set back (the old search)."""
    return TaflStrategy({**tafl.THREAT_WEIGHTS,
                         game: dataclasses.replace(tafl.THREAT_WEIGHTS[game], **changes)})


# The king's one move is c3-b3, which opens the b-file upwards.  The attacker
# on d2 cannot reach that file; moved to e8 it can (e8-b8).
ONE_ROUTE = """
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . . . . . . . . .
 6 . . . . . . . . . . .
 5 . . . . . . . . . . .
 4 . . D . . . . . . . .
 3 A . K D . . . . . . .
 2 . . D A . . . . . . .
 1 . A . . . . . . . . .
   a b c d e f g h i j k
"""
ONE_ROUTE_SHUT = ONE_ROUTE.replace(" 2 . . D A", " 2 . . D .").replace(
    " 8 . . . . . . . .", " 8 . . . . A . . .")


def test_a_route_whose_line_one_move_shuts_is_worth_little():
    strategy = threats()
    free = position("tawlbwrdd", ONE_ROUTE, "d")
    shut = position("tawlbwrdd", ONE_ROUTE_SHUT, "d")
    assert free.board.count("A") == shut.board.count("A")
    # From b3 no attacker reaches the b-file: as good as a fork, the king to move.
    assert strategy.evaluate(free) > strategy.evaluate(shut) + 2000
    # The old evaluation told them apart by far less than an attacker's worth.
    old = without("tawlbwrdd", unstoppable_routes=False)
    assert abs(old.evaluate(free) - old.evaluate(shut)) < 100


# Attackers to move.  The king reaches b3 (the b-file both ways) and d3 (the
# d-file both ways): forks in two directions, and one attacker move stands in
# one of his ways only.  With the attacker from h9 on d1 instead, d3 opens one
# line and only b3 is a fork.
TWO_FORKS = """
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . A . . .
 8 . . . . . . . . . . .
 7 . . . . . . . . . . .
 6 . . . . . . . . . . .
 5 . . . . . . . . . . .
 4 . . D . . . . . . . .
 3 D . K . D . . . . . .
 2 . . D . . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
"""
ONE_FORK = TWO_FORKS.replace(" 9 . . . . . . . A", " 9 . . . . . . . .").replace(
    " 1 . . . . .", " 1 . . . A .")


def test_forks_in_two_directions_are_nearly_a_win_for_the_king():
    strategy = threats()
    two = position("tawlbwrdd", TWO_FORKS, "a")
    one = position("tawlbwrdd", ONE_FORK, "a")
    # Scores are from the attackers' side (to move): two forks are far worse for them.
    assert strategy.evaluate(two) < strategy.evaluate(one) - 2000
    old = without("tawlbwrdd", double_threat=0)
    assert abs(old.evaluate(two) - old.evaluate(one)) < 300
    # And the search agrees: the attackers cannot stop both.
    result = Search(two, strategy, limits=Limits(nodes=3000)).run()
    assert result.score < -WIN + 64


# The cordon: the same seven attackers, in a ring round the king (diagonal
# steps, which a king moving like a rook cannot pass), or spread out.
RING = """
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . A . . . . . .
 7 . . . A . A . . . . .
 6 . . A . K . A . . . .
 5 . . . A . A . . . . .
 4 . . . . A . . . . . .
 3 . . . . . . . . . . .
 2 . . . . . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
"""


def test_a_cordon_round_the_king_scores_for_the_attackers():
    strategy = threats()
    ring = position("tawlbwrdd", RING, "a")
    # One attacker of the ring stepped out: a gap the king can walk through.
    gap = position("tawlbwrdd", RING.replace(" 6 . . A . K . A", " 6 . . A . K . .")
                   .replace(" 1 . . . . . . . . . . .", " 1 . . . . . . . . . . A"), "a")
    assert ring.board.count("A") == gap.board.count("A")
    # From the attackers' side (to move): the sealed ring is worth more to them,
    # by the cordon's own share (at least `sealed`) beyond what the king's
    # lines and routes through the gap already told the old evaluation.
    old = without("tawlbwrdd", cordon_goal=0, sealed=0)
    new_gain = strategy.evaluate(ring) - strategy.evaluate(gap)
    old_gain = old.evaluate(ring) - old.evaluate(gap)
    assert old_gain > 0
    assert new_gain >= old_gain + tafl.THREAT_WEIGHTS["tawlbwrdd"].sealed


def test_the_quiescence_follows_a_threat_and_its_block():
    # The defenders to move: c3-b3 threatens b3-b11; the only block (e8-b8)
    # is an attacker's move the quiescence now plays, so a depth-1 search
    # scores the sortie by what follows the block, not by the open line.
    pos = position("tawlbwrdd", ONE_ROUTE_SHUT, "d")
    strategy = threats()
    noisy = strategy.noisy_moves(pos)
    assert (pos.parse_move("c3-b3")) in noisy
    after = pos.play(pos.parse_move("c3-b3")).position
    assert strategy.noisy_moves(after) == [after.parse_move("e8-b8")]
    deep = Search(pos, strategy, limits=Limits(depth=1)).run()
    shallow = Search(pos, without("tawlbwrdd", threat_moves=False), limits=Limits(depth=1)).run()
    assert deep.score < shallow.score


def test_the_shipped_weights_are_the_base_ones_unless_a_game_is_switched_on():
    for game, weights in tafl.WEIGHTS.items():
        on = game in tafl.THREATS_ON
        assert weights == (tafl.THREAT_WEIGHTS[game] if on else tafl.BASE_WEIGHTS[game])


def _random_positions(name: str, count: int, seed: int) -> list:
    """Positions of seeded random games of `name`, some plies in."""
    import random
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        position = rules.start(name)
        for _ in range(rng.randrange(60)):
            moves = position.legal_moves()
            if not moves or position.outcome() is not None:
                break
            position = position.play_position(rng.choice(moves))
        if rules.KING in position.board:
            found.append(position)
    return found


def test_the_geometry_slices_read_the_rays():
    """Each square's slices read exactly its rays' squares, nearest first; an
    empty ray reads as nothing (not as a slice wrapping round the board)."""
    for name in ("brandubh", "tawlbwrdd"):
        position = rules.start(name)
        board = "".join(chr(ord("0") + sq % 40) for sq in range(len(position.board)))
        geo = tafl.geometry(position.rules)
        for sq, rays in enumerate(position.rules.rays):
            for d, ray in enumerate(rays):
                assert board[geo.slices[sq][d]] == "".join(board[x] for x in ray), (name, sq, d)


def test_can_block_agrees_with_the_attackers_arrivals():
    """The fast check (only the files and ranks across the line) gives what the
    plain definition does: some attacker may arrive on a square of the open
    line, or the attackers may take the king now."""
    checked = 0
    for name in ("brandubh", "tawlbwrdd"):
        for position in _random_positions(name, 300, seed=5):
            board, game_rules = position.board, position.rules
            king = board.find(rules.KING)
            geo = tafl.geometry(game_rules)
            for d, ray, run, _ in tafl._king_rays(board, geo, king, tafl.goal_mask(position)):
                if run != len(ray):
                    continue
                plain = any(game_rules.arrivals(board, rules.ATTACKERS, sq) for sq in ray) \
                    or bool(game_rules.king_captures(board, king))
                assert tafl._can_block(board, game_rules, king, ray, d) == plain, (board, d)
                checked += 1
    assert checked > 100
