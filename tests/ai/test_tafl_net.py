"""A king with (almost) no defenders left is hunted down, not chased for ever.

The Druid's attackers close the net round him — fewer squares he can reach
in two moves, attackers nearer — so these games end with the king taken.
Every search runs on a node budget, never the clock, so each game below is
the same game on any machine.

Measured when the test was written (Druid against Druid, 6,000 nodes a move),
plies to take the king, this search / the one before the net plan:
LONE_ON_THE_THRONE 11 / not in 160, ONE_DEFENDER_LEFT 45 / 106.  SEALED_IN
took 13 / 9: Tawlbwrdd's king, taken between two attackers in the open, was
not where games stalled; the test keeps the net plan from breaking it.

ONE_DEFENDER_LEFT is judged over sixteen starts, itself and fifteen two
random plies on: with the attacker at 100 the Druid took the
king from 9 of them within 120 plies, with 140 from 13 — though not from
ONE_DEFENDER_LEFT itself, where its attackers lose three of their number
in the first 46 plies and the game runs to the cap.
"""

from __future__ import annotations

import dataclasses
import random

import pytest

from game.ai.levels import start_search
from game.ai.tafl import WEIGHTS, TaflStrategy
from game.rules import tafl
from game.rules.record import Game

from ..engine.diagrams import tafl_code

NODES = 6000

# Brandubh (revised rules): seven attackers round a lone king on the throne,
# who has visited a1 already.
LONE_ON_THE_THRONE = """
7 . . . . . . .
6 . . A . . . .
5 A . . . . . A
4 . . . K . . .
3 . A . . . . .
2 . . . . . A .
1 . . A . A . .
  a b c d e f g
"""

# Brandubh: from a Druid-against-Druid game, the king in a corner he has
# visited, one defender left; that game went on for 106 more plies.
ONE_DEFENDER_LEFT = """
7 . . A . . . K
6 . . . A . . .
5 . . . . . . .
4 . . . . D . .
3 A . . . . . A
2 A . . . . . A
1 . . . . A . .
  a b c d e f g
"""

# Tawlbwrdd: a diamond of attackers seals a lone king in (a rook's move cannot
# pass between two pieces touching at a corner), on the castle, where it
# takes four attackers to take him; they must tighten the ring without
# opening a gap.
SEALED_IN = """
11 A . . . . . . . . . A
10 . . . . . A . . . . .
 9 . . . . A . A . . . .
 8 . . . A . . . A . . .
 7 . . A . . . . . A . .
 6 . A . . . K . . . A .
 5 . . A . . . . . A . .
 4 . . . A . . . A . . .
 3 . . . . A . A . . . .
 2 . . . . . A . . . . .
 1 A . . . . . . . . . A
   a b c d e f g h i j k
"""


def position(game: str, diagram: str, side: str, visited: str = "-") -> tafl.TaflPosition:
    return tafl.from_code(tafl_code(game, diagram, side, visited))


def play_out(pos: tafl.TaflPosition, defenders: str, plies: int) -> Game:
    """The Druid's attackers against `defenders`, for at most `plies` plies."""
    record = Game(pos)
    while record.outcome() is None and record.ply < plies:
        level = "druid" if record.position.side == "a" else defenders
        search = start_search(record.position, level, history=record.repetition_keys(),
                              seed=record.ply, nodes=NODES)
        record.play(search.run().move)
    return record


def taken(record: Game) -> bool:
    outcome = record.outcome()
    return outcome is not None and outcome.winner == "a" and \
        outcome.reason.value == "king-captured"


@pytest.mark.parametrize(("game", "diagram", "side", "visited", "defenders", "plies"), [
    ("brandubh", LONE_ON_THE_THRONE, "a", "a1", "druid", 40),
    ("brandubh", LONE_ON_THE_THRONE, "a", "a1", "bard", 40),
    ("tawlbwrdd", SEALED_IN, "a", "-", "druid", 40),
])
def test_the_attackers_take_a_king_with_few_defenders(game, diagram, side, visited,
                                                      defenders, plies):
    record = play_out(position(game, diagram, side, visited), defenders, plies)
    assert taken(record), record.move_texts()


# The Druid against itself is one deterministic game from each start, and
# which start a change of weights happens to break is chance: one start says
# little (attackers worth 100 took the king from ONE_DEFENDER_LEFT in 46
# plies, but from 9 of the 16 starts below).  So the net is judged by its rate.
NEAR_STARTS = 16
NEAR_PLIES = 120
NEAR_TAKEN = 12


def near_start(diagram: str, side: str, visited: str, seed: int) -> tafl.TaflPosition:
    """The Brandubh position itself (seed 0), or two random plies on from it."""
    pos = position("brandubh", diagram, side, visited)
    rng = random.Random(seed)
    for _ in range(2 if seed else 0):
        pos = pos.play_position(rng.choice(pos.legal_moves()))
    return pos


def test_the_attackers_take_a_king_with_one_defender_from_most_starts():
    king_taken = [taken(play_out(near_start(ONE_DEFENDER_LEFT, "d", "g7", seed), "druid",
                                 NEAR_PLIES))
                  for seed in range(NEAR_STARTS)]
    assert sum(king_taken) >= NEAR_TAKEN, \
        [seed for seed, took in enumerate(king_taken) if not took]  # the starts that held


def test_a_lone_king_with_fewer_squares_to_run_to_scores_worse_for_him():
    # The same attackers, but one of them on the king's rank, not on the edge:
    # he reaches fewer squares in two moves, so the attackers stand better.
    far = position("brandubh", LONE_ON_THE_THRONE, "d", "a1")  # the board above
    near = position("brandubh", """
7 . . . . . . .
6 . . A . . . .
5 A . . . . . A
4 . . . K A . .
3 . A . . . . .
2 . . . . . A .
1 . . A . . . .
  a b c d e f g
""", "d", "a1")
    with_net = TaflStrategy()
    without = TaflStrategy({name: dataclasses.replace(w, net_reach=0, net_near=0)
                            for name, w in WEIGHTS.items()})
    assert with_net.evaluate(near) < with_net.evaluate(far)
    # The net plan's own share: the step in closes it by more than the rest
    # of the evaluation sees.
    assert with_net.evaluate(near) - with_net.evaluate(far) < \
        without.evaluate(near) - without.evaluate(far)
