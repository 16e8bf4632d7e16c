"""The puzzle record and the shipped data: one small gzipped text file per game.

A data line holds one puzzle as tab-separated fields::

    CODE <tab> GOAL <tab> DEPTH <tab> VALUE <tab> RATING <tab> SOLUTION

CODE is the position code (docs/rules.md, Position codes), GOAL `best`, `win`
or `save`, VALUE a number or `-` (tafl has none), SOLUTION the line in move
notation, the solver's moves and the replies alternating, space-separated.
A puzzle's id is not stored: it is the game's name and a checksum of its code
and goal, so it stays the same when the file is made again.

Nothing is read until a game's puzzles are asked for (`load`), so starting
the game costs nothing for them.
"""

from __future__ import annotations

import gzip
import zlib
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from ..rules import GAME_NAMES, from_code
from ..rules.base import Move, Position

DATA_DIR = Path(__file__).resolve().parent / "data"
GOALS = ("best", "win", "save")
NO_VALUE = "-"
FIELDS = 6


class PuzzleDataError(ValueError):
    """A data line that is not a puzzle; the message says which line and why."""


@dataclass(frozen=True)
class Puzzle:
    """A position, its goal and the line that proves it (docs/puzzles.md).

    `goal` is `best` (Modiar, Reversi: the best final margin, `value`, for
    the side to move), `win` (tafl: a win in `depth` moves of the side to
    move) or `save` (tafl: the only move after which the opponent does not
    win within `depth` of its moves; every other move lets it).  `solution`
    holds the solver's moves and the replies alternating, in notation; a
    save's is its one move.  `rating` is the puzzle's difficulty on the
    players' rating scale.
    """

    id: str
    game: str
    code: str
    goal: str
    depth: int
    solution: tuple[str, ...]
    value: int | None
    rating: int

    def position(self) -> Position:
        return from_code(self.code)

    @property
    def side(self) -> str:
        """The solver's side letter: the side to move in `code`."""
        return self.position().side

    def moves(self) -> list[Move]:
        """The solution as engine moves, each parsed in the position it is played in."""
        position, moves = self.position(), []
        for text in self.solution:
            move = position.parse_move(text)
            moves.append(move)
            position = position.play_position(move)
        return moves

    def as_dict(self) -> dict[str, Any]:
        """The export form: `value` left out where the game has none (tafl)."""
        found: dict[str, Any] = {"id": self.id, "game": self.game, "code": self.code,
                                 "goal": self.goal, "depth": self.depth,
                                 "solution": " ".join(self.solution)}
        if self.value is not None:
            found["value"] = self.value
        found["rating"] = self.rating
        return found


def puzzle_id(game: str, code: str, goal: str) -> str:
    """A short id that depends only on the puzzle's position and goal."""
    return f"{game}-{zlib.crc32(f'{code}|{goal}'.encode()):08x}"


def make(code: str, goal: str, depth: int, solution: tuple[str, ...] | list[str],
         value: int | None, rating: int) -> Puzzle:
    game = code.split(" ", 1)[0]
    return Puzzle(puzzle_id(game, code, goal), game, code, goal, depth, tuple(solution),
                  value, rating)


def to_line(puzzle: Puzzle) -> str:
    value = NO_VALUE if puzzle.value is None else str(puzzle.value)
    return "\t".join((puzzle.code, puzzle.goal, str(puzzle.depth), value,
                      str(puzzle.rating), " ".join(puzzle.solution)))


def from_line(line: str) -> Puzzle:
    """One data line as a Puzzle, or PuzzleDataError naming what is wrong."""
    fields = line.rstrip("\n").split("\t")
    if len(fields) != FIELDS:
        raise PuzzleDataError(f"a puzzle line has {FIELDS} tab-separated fields, "
                              f"got {len(fields)}")
    code, goal, depth, value, rating, solution = fields
    if goal not in GOALS:
        raise PuzzleDataError(f"unknown goal {goal!r}")
    try:
        numbers = int(depth), None if value == NO_VALUE else int(value), int(rating)
    except ValueError:
        raise PuzzleDataError("depth, value and rating must be whole numbers") from None
    if not solution.split():
        raise PuzzleDataError("the solution is empty")
    return make(code, goal, numbers[0], solution.split(" "), numbers[1], numbers[2])


def data_path(game: str, folder: Path = DATA_DIR) -> Path:
    return folder / f"{game}.tsv.gz"


def write(game: str, puzzles: list[Puzzle], folder: Path = DATA_DIR) -> Path:
    """Write a game's data file (mtime 0: the same puzzles give the same bytes)."""
    path = data_path(game, folder)
    text = "".join(to_line(puzzle) + "\n" for puzzle in puzzles)
    path.write_bytes(gzip.compress(text.encode("ascii"), compresslevel=9, mtime=0))
    return path


def read(path: Path) -> tuple[Puzzle, ...]:
    """Every puzzle of a data file, in its order."""
    text = gzip.decompress(path.read_bytes()).decode("ascii")
    puzzles = []
    for number, line in enumerate(text.splitlines(), 1):
        try:
            puzzles.append(from_line(line))
        except PuzzleDataError as error:
            raise PuzzleDataError(f"{path.name} line {number}: {error}") from None
    return tuple(puzzles)


@cache
def load(game: str) -> tuple[Puzzle, ...]:
    """The shipped puzzles of `game` (none if its file is missing), read once."""
    if game not in GAME_NAMES:
        raise ValueError(f"unknown game {game!r}: choose one of {', '.join(GAME_NAMES)}")
    path = data_path(game)
    return read(path) if path.is_file() else ()


def load_all() -> tuple[Puzzle, ...]:
    """Every shipped puzzle, game by game in the order of GAME_NAMES."""
    return tuple(puzzle for game in GAME_NAMES for puzzle in load(game))
