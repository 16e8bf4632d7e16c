"""What the generic search needs to know about one game.

A strategy scores positions and suggests an order for moves; the search does
the rest.  Each game subclasses it in its own module.
"""

from __future__ import annotations

from collections.abc import Generator, Sequence
from typing import TYPE_CHECKING

from ..rules.base import Move, Outcome, Position

if TYPE_CHECKING:
    from .search import Search

# Scores are ints from the side to move's point of view.  A won game scores
# WIN less the plies it takes, so the search prefers the quickest win and the
# slowest loss; evaluations stay far below WIN.
WIN = 1_000_000
EVAL_LIMIT = WIN // 2


class Strategy:
    """Defaults: no knowledge.  Subclasses override what they know."""

    def evaluate(self, position: Position) -> int:
        """A heuristic score of a non-final position for the side to move."""
        return 0

    def priorities(self, position: Position, moves: Sequence[Move]) -> list[int]:
        """A number per move, higher for moves worth searching first (cheap!)."""
        return [0] * len(moves)

    def order(self, position: Position, moves: Sequence[Move]) -> list[Move]:
        """The moves, most promising first, by `priorities`."""
        priority = self.priorities(position, moves)
        return [m for _, _, m in sorted(zip([-p for p in priority], range(len(moves)), moves,
                                            strict=True))]

    def noisy_moves(self, position: Position) -> list[Move]:
        """Moves the quiescence search follows past the horizon (captures)."""
        return []

    def outcome(self, position: Position) -> Outcome | None:
        """`position.outcome()`, for a game that can tell it more cheaply (the search
        asks at every node, and most nodes are leaves whose moves are never needed)."""
        return position.outcome()

    def terminal_score(self, outcome: Outcome, position: Position, ply: int) -> int:
        """The score of a finished game for the side to move in `position`."""
        if outcome.winner is None:
            return 0
        return WIN - ply if outcome.winner == position.side else ply - WIN

    def exact(self, position: Position, search: Search) -> Generator[None, None, None] | None:
        """A game-specific exact search (a solver or a table) to run instead, or None.

        It sets `search.best_move`, `score` and `depth` and yields every few
        nodes (calling `search.tick()`), like the generic search.
        """
        return None
