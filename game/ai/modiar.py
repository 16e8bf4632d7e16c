"""Modiar strategy: stones decide the game, so count them.

The evaluation is the stone balance as the game would be scored now
(captures plus stones in one's own pits), with captures weighted above stones
that can still travel.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..rules.modiar import ModiarPosition
from .strategy import Strategy

CAPTURED = 10  # a stone already won
ON_BOARD = 6  # a stone in one's own pit: counted at the end, but may still move


class ModiarStrategy(Strategy):
    def evaluate(self, position: ModiarPosition) -> int:
        south = CAPTURED * position.captured[0] + ON_BOARD * sum(position.pits[:3])
        north = CAPTURED * position.captured[1] + ON_BOARD * sum(position.pits[3:])
        return south - north if position.side == "s" else north - south

    def priorities(self, position: ModiarPosition, moves: Sequence[int]) -> list[int]:
        # Sowing from a fuller pit spreads more: a cheap first guess.
        return [position.pits[m] for m in moves]
