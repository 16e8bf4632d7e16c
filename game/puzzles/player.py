"""The player's side of puzzles: a rating per game, the puzzles served, a
streak, hints, and one attempt at a puzzle move by move.  Pure logic; the
whole state is a plain dict (`to_dict` / `from_dict`) for the UI to save.

The rating is Glicko-2 (Glickman's system, with the usual scale: 1500 at
the start, a deviation of 350 that shrinks as results come in).  Each
attempt is one game against the puzzle, whose rating is fixed and known to
within `PUZZLE_DEVIATION`: solved is a win, a miss a loss, solved after a
hint half of each.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from ..rules.base import Move, Position
from ..rules.modiar import ModiarPosition
from ..rules.reversi import ReversiPosition
from ..rules.tafl import TaflPosition
from .record import Puzzle

START_RATING = 1500.0
START_DEVIATION = 350.0
START_VOLATILITY = 0.06
LEAST_DEVIATION = 50.0  # a floor, so that a rating keeps following the player
PUZZLE_DEVIATION = 80.0  # how well a puzzle's own rating is known
TAU = 0.5  # how fast the volatility may change (Glicko-2's system constant)
SCALE = 173.7178  # Glicko-2's unit: rating points per unit of mu
RECENT = 40  # puzzles not served again until this many others have been
NEAREST = 8  # a puzzle is drawn from this many of the nearest in rating
HINTED_SCORE = 0.5


@dataclass
class GameRating:
    """A player's puzzle record in one game."""

    rating: float = START_RATING
    deviation: float = START_DEVIATION
    volatility: float = START_VOLATILITY
    streak: int = 0  # puzzles solved in a row without a miss
    best_streak: int = 0
    tried: int = 0
    solved: int = 0
    recent: list[str] = field(default_factory=list)  # ids served, newest last


def glicko2(rating: float, deviation: float, volatility: float,
            results: Sequence[tuple[float, float, float]]) -> tuple[float, float, float]:
    """One rating period: the new (rating, deviation, volatility) after
    `results`, each (the opponent's rating, its deviation, the score 0-1)."""
    mu, phi = (rating - START_RATING) / SCALE, deviation / SCALE
    information, gained = 0.0, 0.0
    for opponent, opponent_deviation, score in results:
        mu_j, phi_j = (opponent - START_RATING) / SCALE, opponent_deviation / SCALE
        g = 1 / math.sqrt(1 + 3 * phi_j ** 2 / math.pi ** 2)
        expected = 1 / (1 + math.exp(-g * (mu - mu_j)))
        information += g ** 2 * expected * (1 - expected)
        gained += g * (score - expected)
    variance = 1 / information
    sigma = _new_volatility(phi, volatility, variance, variance * gained)
    phi_star = math.sqrt(phi ** 2 + sigma ** 2)
    phi_new = 1 / math.sqrt(1 / phi_star ** 2 + 1 / variance)
    mu_new = mu + phi_new ** 2 * gained
    return START_RATING + SCALE * mu_new, SCALE * phi_new, sigma


def _new_volatility(phi: float, sigma: float, variance: float, delta: float) -> float:
    """Glicko-2's step 5: the root of f by the Illinois variant of regula falsi."""
    a = math.log(sigma ** 2)

    def f(x: float) -> float:
        ex = math.exp(x)
        return (ex * (delta ** 2 - phi ** 2 - variance - ex)
                / (2 * (phi ** 2 + variance + ex) ** 2)) - (x - a) / TAU ** 2

    low = a
    if delta ** 2 > phi ** 2 + variance:
        high = math.log(delta ** 2 - phi ** 2 - variance)
    else:
        k = 1
        while f(a - k * TAU) < 0:
            k += 1
        high = a - k * TAU
    f_low, f_high = f(low), f(high)
    for _ in range(100):
        if abs(high - low) <= 1e-6:
            break
        new = low + (low - high) * f_low / (f_high - f_low)
        f_new = f(new)
        if f_new * f_high <= 0:
            low, f_low = high, f_high
        else:
            f_low /= 2
        high, f_high = new, f_new
    return math.exp(low / 2)


class PuzzlePlayer:
    """Ratings, streaks and what was served, per game."""

    def __init__(self, games: dict[str, GameRating] | None = None) -> None:
        self.games: dict[str, GameRating] = games or {}

    def record(self, game: str) -> GameRating:
        return self.games.setdefault(game, GameRating())

    def next_puzzle(self, game: str, puzzles: Sequence[Puzzle],
                    rng: random.Random) -> Puzzle | None:
        """A puzzle near the player's rating in `game`, not one served lately."""
        record = self.record(game)
        fresh = [p for p in puzzles if p.id not in record.recent] or list(puzzles)
        if not fresh:
            return None
        nearest = sorted(fresh, key=lambda p: (abs(p.rating - record.rating), p.id))[:NEAREST]
        chosen = rng.choice(nearest)
        record.recent = [*record.recent, chosen.id][-RECENT:]
        return chosen

    def finish(self, puzzle: Puzzle, solved: bool, hinted: bool = False) -> float:
        """Record an attempt's result; the change in the player's rating."""
        record = self.record(puzzle.game)
        score = (HINTED_SCORE if hinted else 1.0) if solved else 0.0
        before = record.rating
        rating, deviation, volatility = glicko2(
            record.rating, record.deviation, record.volatility,
            [(puzzle.rating, PUZZLE_DEVIATION, score)])
        record.rating, record.volatility = rating, volatility
        record.deviation = max(LEAST_DEVIATION, deviation)
        record.tried += 1
        record.solved += solved
        if not solved:
            record.streak = 0
        elif not hinted:
            record.streak += 1
            record.best_streak = max(record.best_streak, record.streak)
        return record.rating - before

    def to_dict(self) -> dict[str, Any]:
        return {game: asdict(record) for game, record in self.games.items()}

    @classmethod
    def from_dict(cls, data: Any) -> PuzzlePlayer:
        """The state `to_dict` made; anything unreadable starts that game afresh."""
        games = {}
        if isinstance(data, dict):
            for game, fields in data.items():
                games[game] = _game_rating(fields)
        return cls(games)


def _game_rating(fields: Any) -> GameRating:
    try:
        record = GameRating(
            rating=float(fields["rating"]), deviation=float(fields["deviation"]),
            volatility=float(fields["volatility"]), streak=int(fields["streak"]),
            best_streak=int(fields["best_streak"]), tried=int(fields["tried"]),
            solved=int(fields["solved"]),
            recent=[str(i) for i in fields["recent"]][-RECENT:])
    except (KeyError, TypeError, ValueError):
        return GameRating()
    finite = all(math.isfinite(x) for x in (record.rating, record.deviation, record.volatility))
    return record if finite and record.deviation > 0 and record.volatility > 0 \
        else GameRating()


# -- one attempt ----------------------------------------------------------------------


def hint_cells(position: Position, move: Move) -> tuple[int, ...]:
    """What a hint shows of `move`: the piece to move (tafl), the pit to sow
    (Modiar), the quarter of the board to play in (Reversi, which has neither)."""
    if isinstance(position, TaflPosition):
        return (move[0],)
    if isinstance(position, ModiarPosition):
        return (move,)
    if isinstance(position, ReversiPosition):
        row, col = divmod(move, 8)
        top, left = row // 4 * 4, col // 4 * 4
        return tuple((top + r) * 8 + left + c for r in range(4) for c in range(4))
    raise TypeError(f"no hints for {position.GAME}")


class Attempt:
    """A player working through a puzzle: the solver's moves are the player's,
    the replies are played at once.  A wrong move is a miss (not played); the
    solution can then be stepped through (`solution`)."""

    def __init__(self, puzzle: Puzzle) -> None:
        self.puzzle = puzzle
        self.position = puzzle.position()
        self.line = puzzle.moves()
        self.ply = 0
        self.missed = False
        self.hinted = False

    @property
    def done(self) -> bool:
        return self.ply >= len(self.line)

    @property
    def solved(self) -> bool:
        return self.done and not self.missed

    def expected(self) -> Move:
        return self.line[self.ply]

    def play(self, move: Move) -> Move | None:
        """The player's move: if it is the solution's, it is played with the
        reply after it (returned, None at the end); otherwise a miss, and
        nothing is played."""
        if self.done:
            raise ValueError("the puzzle is over")
        if move != self.expected():
            self.missed = True
            raise WrongMove(self.position.move_text(move))
        self._advance()
        if self.done:
            return None
        reply = self.expected()
        self._advance()
        return reply

    def hint(self) -> tuple[int, ...]:
        self.hinted = True
        return hint_cells(self.position, self.expected())

    def solution(self) -> list[tuple[Position, Move]]:
        """Every position of the line from the start with the move played there."""
        steps, position = [], self.puzzle.position()
        for move in self.line:
            steps.append((position, move))
            position = position.play_position(move)
        return steps

    def _advance(self) -> None:
        self.position = self.position.play_position(self.line[self.ply])
        self.ply += 1


class WrongMove(Exception):
    """A move that is not the solution's; the attempt counts as missed."""
