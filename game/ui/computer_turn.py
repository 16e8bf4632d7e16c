"""The computer's turn in a game on the board: its search, stepped a slice a
frame; the move it settled on, held back until its thinking has been shown
for a moment; and the position where it offered a move the rules refused
(it does not try again there until the position changes).  No pygame here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..ai.levels import RandomPlayer
from ..ai.search import Search, SearchResult
from ..rules.base import Move, Position
from ..rules.record import Game

SHOW_THINKING_AT_LEAST = 0.45  # seconds: a computer move comes no sooner, so it can be followed
SEED_STEP = 7919  # each ply's search gets its own seed from the game's


@dataclass(frozen=True)
class Decided:
    """What the computer's search settled on (None: it found no move at all),
    and the search itself, for its account of the position (`result`)."""

    move: Move | None
    search: Search | RandomPlayer

    def result(self) -> SearchResult:
        """The search's score, depth and nodes (read only when a draw offer
        might follow from them: a game without agreed draws never asks)."""
        return self.search.result()


class ComputerTurn:
    def __init__(self) -> None:
        self.search: Search | RandomPlayer | None = None
        self.decided: Decided | None = None  # settled on, not yet played
        self.thinking_for = 0.0  # seconds since its turn began
        self.refused_in: Position | None = None

    def stopped_at(self, position: Position) -> bool:
        """It offered a refused move here and waits for the position to change."""
        return position is self.refused_in

    def think(self, game: Game, level: str, seed: int, dt: float, deadline: float,
              nodes: int | None, starter: Callable[..., Search | RandomPlayer]) -> bool:
        """One frame of its search of `game`'s position (begun by `starter` at
        the turn's first frame, with what the record knows and the position
        does not: its history and its count of plies without progress); True
        when its move was decided in this call."""
        if self.search is None and self.decided is None:
            self.search = starter(game.position, level, history=game.repetition_keys(),
                                  quiet_plies=game.quiet_plies(), seed=seed, nodes=nodes)
            self.thinking_for = 0.0
        self.thinking_for += dt
        if self.search is None or not self.search.step(deadline):
            return False
        search, self.search = self.search, None
        self.decided = Decided(search.best_move, search)
        return True

    def take_decided(self, show_at_least: float) -> Decided | None:
        """The decided move, once its thinking has been shown long enough."""
        if self.decided is None or self.thinking_for < show_at_least:
            return None
        decided, self.decided = self.decided, None
        return decided

    def cancel(self) -> None:
        """Stop thinking; after an undo, a redo or a new position the computer may
        try a refused position again."""
        if self.search is not None:
            self.search.cancel()
            self.search = None
        self.decided = None
        self.refused_in = None
