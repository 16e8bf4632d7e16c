"""What makes a position a puzzle, game by game, and the proofs behind it.

The same questions serve the tool that makes the puzzles (tools/make_puzzles.py)
and `verify`, which asks them again of a shipped puzzle:

- Modiar (`ModiarValues`): each move's final margin under perfect play, from
  the solved values of `game.ai.modiar` (exact for every position with at
  most 20 stones on the board, and history-free: each side can force its
  value without repeating a position);
- Reversi (`ReversiValues`): the exact final disc difference, from the
  endgame solver of `game.ai.reversi_solver`, asked with null windows ("is
  the value at least b?") wherever a bound is all that is needed;
- tafl (`tafl_mate.MateSearch`): whether a side forces a win within N moves.

Every question is bounded by nodes, never by time (`SearchBudget`).
"""

from __future__ import annotations

from collections.abc import Generator
from typing import TypeVar

from ..ai.modiar import solved_value
from ..ai.reversi_solver import INFINITY, SOLVE_ORDER, Solver, margin_of
from ..rules.base import Position
from ..rules.modiar import ModiarPosition
from ..rules.reversi import PASS, ReversiPosition
from .tafl_mate import SearchBudget

# Reversi: a move is the only one keeping the best result when every other
# loses at least this many discs of it (or turns a win into a draw or a loss).
REVERSI_GAP = 4
REVERSI_EMPTIES = (10, 20)
MOST_MOVES = 3  # the solver's moves in a Modiar or Reversi line

T = TypeVar("T")


class ValueUnknown(Exception):
    """The position lies beyond what the solved data and the solver answer."""


def final_margin(position: Position) -> int:
    """The mover's final margin in a finished Modiar or Reversi game."""
    outcome = position.outcome()
    if outcome is None or outcome.scores is None:
        raise ValueError("the game is not over")
    first, second = outcome.scores
    return first - second if position.side == position.SIDES[0] else second - first


# -- Modiar ------------------------------------------------------------------------


class ModiarValues:
    """Final margins under perfect play, for the side to move."""

    def margin(self, position: ModiarPosition) -> int:
        if not position.legal_moves():
            return final_margin(position)
        value = solved_value(position)
        if value is None or value.margin is None:
            raise ValueUnknown(f"no solved value for {position.code()}")
        return value.margin

    def move_margins(self, position: ModiarPosition) -> dict[int, int]:
        """Each legal move's final margin for the mover, under perfect play after it."""
        return {move: -self.margin(position.play_position(move))
                for move in position.legal_moves()}


# -- Reversi -------------------------------------------------------------------------


def _run(tree: Generator[None, None, T]) -> T:
    """Drive one of the solver's generators to its end: its value."""
    while True:
        try:
            next(tree)
        except StopIteration as done:
            return done.value


class ReversiValues:
    """Exact disc margins and bounds from the endgame solver, with one table
    for every question about a puzzle (its subtrees recur)."""

    def __init__(self, nodes: int | None = None) -> None:
        self.limit = nodes
        self.nodes = 0
        self.solver = Solver(self._tick)

    def _tick(self) -> bool:
        self.nodes += 1
        if self.limit is not None and self.nodes > self.limit:
            raise SearchBudget(f"more than {self.limit} nodes")
        return False

    def _window(self, position: ReversiPosition, alpha: int, beta: int) -> int:
        p, o = position.mover, position.opponent
        empties = [sq for sq in SOLVE_ORDER if not (p | o) >> sq & 1]
        return _run(self.solver.value(p, o, alpha, beta, empties))

    def exact(self, position: ReversiPosition) -> int:
        """The final disc margin for the side to move with perfect play."""
        return self._window(position, -INFINITY, INFINITY)

    def at_least(self, position: ReversiPosition, bound: int) -> bool:
        """Whether the side to move's exact margin is at least `bound`."""
        return self._window(position, bound - 1, bound) >= bound

    def best(self, position: ReversiPosition) -> tuple[int, int]:
        """(the exact margin, a move keeping it), by the solver's root search."""
        p, o = position.mover, position.opponent
        found = None
        for step in self.solver.solve_root(p, o):
            if step is not None:
                found = step
        if found is None:
            raise ValueUnknown("the game is over: no move to solve")
        return margin_of(found.score), found.move

    def move_keeps(self, position: ReversiPosition, move: int, value: int) -> bool:
        """Whether `move` keeps the exact margin `value` of `position`, given
        that no move does better: after it the opponent gets at most -value."""
        return not self.at_least(position.play_position(move), -value + 1)

    def move_at_most(self, position: ReversiPosition, move: int, bound: int) -> bool:
        """Whether after `move` the mover's margin is at most `bound`."""
        return self.at_least(position.play_position(move), -bound)


def reversi_threshold(value: int) -> int:
    """The most another move may keep of a best margin `value` for the best
    move to be the only one: four discs less, or no longer a win."""
    return max(value - REVERSI_GAP, 0) if value > 0 else value - REVERSI_GAP


def reversi_empties(position: ReversiPosition) -> int:
    return 64 - (position.mover | position.opponent).bit_count()


def placements(position: ReversiPosition) -> list[int]:
    """The squares the side to move may play ([] when it must pass or the game is over)."""
    return [move for move in position.legal_moves() if move != PASS]
