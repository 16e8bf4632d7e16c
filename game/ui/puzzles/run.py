"""A player going through one game's puzzles, with no window: the puzzle
served near the player's rating, the moves shown on the board (the
player's, the replies from the solution line, a wrong move taken back), the
result counted and saved, and after a miss the solution step by step.

What a move does comes from the engine (`Position.play`); whether it is the
puzzle's is the `Attempt`'s (game/puzzles/player.py) to say.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from ...platform.storage import Storage
from ...puzzles import Puzzle
from ...puzzles.player import Attempt, GameRating, PuzzlePlayer, WrongMove
from ...rules.base import Effects, Move, Position

PUZZLES_KEY = "puzzles"  # the player's ratings, streaks and puzzles served, in storage
REPLY_PAUSE = 0.35  # seconds between the player's move and the reply
WRONG_MOVE_PAUSE = 0.9  # a wrong move stays on show this long before it is taken back


def load_player(storage: Storage) -> PuzzlePlayer:
    """The player's puzzle record as saved (a new player's where none is)."""
    return PuzzlePlayer.from_dict(storage.load(PUZZLES_KEY))


def save_player(storage: Storage, player: PuzzlePlayer) -> None:
    storage.save(PUZZLES_KEY, player.to_dict())


@dataclass(frozen=True)
class Shown:
    """A move for the board to show, `delay` seconds after the one before it."""

    before: Position
    move: Move
    after: Position
    effects: Effects
    delay: float = 0.0
    wrong: bool = False  # the player's move that is not the puzzle's


@dataclass(frozen=True)
class TakenBack:
    """The board goes back to `position` (a wrong move taken back)."""

    position: Position
    delay: float = 0.0


Step = Shown | TakenBack


class Phase(Enum):
    SOLVING = "solving"
    SOLVED = "solved"
    MISSED = "missed"


def shown(position: Position, move: Move, delay: float = 0.0, wrong: bool = False) -> Shown:
    played = position.play(move)
    return Shown(position, move, played.position, played.effects, delay, wrong)


class PuzzleRun:
    def __init__(self, game: str, puzzles: Sequence[Puzzle], storage: Storage,
                 rng: random.Random) -> None:
        self.game = game
        self.puzzles = puzzles
        self.storage = storage
        self.rng = rng
        self.player = load_player(storage)
        self.attempt: Attempt | None = None
        self.phase = Phase.SOLVING
        self.change: float | None = None  # the rating's change from the last result
        self.hint: tuple[int, ...] = ()  # the cells the hint marks (none asked)
        self.solution_shown = 0  # plies of the solution shown since the miss

    @property
    def puzzle(self) -> Puzzle | None:
        return None if self.attempt is None else self.attempt.puzzle

    @property
    def record(self) -> GameRating:
        return self.player.record(self.game)

    def serve(self) -> Puzzle | None:
        """The next puzzle, near the player's rating (saved as served)."""
        puzzle = self.player.next_puzzle(self.game, self.puzzles, self.rng)
        self.attempt = None if puzzle is None else Attempt(puzzle)
        self.phase, self.change, self.hint = Phase.SOLVING, None, ()
        self.solution_shown = 0
        save_player(self.storage, self.player)
        return puzzle

    @property
    def solving(self) -> bool:
        return self.attempt is not None and self.phase is Phase.SOLVING

    @property
    def position(self) -> Position | None:
        """Where the puzzle stands (the player's move is asked here)."""
        return None if self.attempt is None else self.attempt.position

    def play(self, move: Move) -> list[Step]:
        """The player's move and what follows it on the board: the reply from
        the line, or, for a wrong move, the move taken back."""
        attempt = self.attempt
        if not self.solving or attempt is None:
            return []
        before = attempt.position
        try:
            reply = attempt.play(move)
        except WrongMove:
            self._finish(solved=False)
            return [shown(before, move, wrong=True), TakenBack(before, WRONG_MOVE_PAUSE)]
        steps: list[Step] = [shown(before, move)]
        if reply is not None:
            steps.append(shown(steps[0].after, reply, REPLY_PAUSE))
        self.hint = ()
        if attempt.done:
            self._finish(solved=True)
        return steps

    def ask_hint(self) -> tuple[int, ...]:
        """The cells that show the move to find (the piece, the pit, the quarter)."""
        if self.solving and self.attempt is not None:
            self.hint = self.attempt.hint()
        return self.hint

    def _finish(self, solved: bool) -> None:
        assert self.attempt is not None
        self.phase = Phase.SOLVED if solved else Phase.MISSED
        self.change = self.player.finish(self.attempt.puzzle, solved, self.attempt.hinted)
        self.hint = ()
        save_player(self.storage, self.player)

    # --- the solution, after a miss ----------------------------------------------------

    @property
    def solution_length(self) -> int:
        """The plies of the solution shown after a miss: from the one missed on."""
        if self.attempt is None or self.phase is not Phase.MISSED:
            return 0
        return len(self.attempt.line) - self.attempt.ply

    @property
    def solution_left(self) -> int:
        return self.solution_length - self.solution_shown

    def next_solution_move(self) -> Shown | None:
        """The solution's next move, from where the miss was (None: all shown)."""
        if self.solution_left <= 0 or self.attempt is None:
            return None
        position, move = self.attempt.solution()[self.attempt.ply + self.solution_shown]
        self.solution_shown += 1
        return shown(position, move)
