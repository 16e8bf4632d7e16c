"""A game record: the start position and the moves, which owns all history.

Positions know nothing of the past, so everything that depends on it lives
here: repetition endings, agreed draws and resignations, undo/redo and the
move list in notation.  The record is also what a save file stores.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Iterable, Iterator
from typing import Any

from . import from_code, spec_of
from .base import (
    Effects,
    IllegalMove,
    Move,
    Outcome,
    Played,
    Position,
    Reason,
    RulesError,
    legal,
    other,
)
from .spec import GameSpec

SAVE_VERSION = 1


class Game:
    """Start position + moves, with a cursor for undo and redo."""

    def __init__(self, start: Position | str, moves: Iterable[str] = ()) -> None:
        self.start: Position = from_code(start) if isinstance(start, str) else start
        self._positions: list[Position] = [self.start]
        self._moves: list[Move] = []  # every move, those undone included
        self._effects: list[Any] = []
        self._cursor = 0  # how many of _moves are on the board
        self._seen: Counter[Hashable] = Counter([self.start.repetition_key()])
        self._ending: Outcome | None = None  # resignation or agreed draw
        for text in moves:
            self.play_text(text)

    # --- the present -----------------------------------------------------

    @property
    def game(self) -> str:
        return self.start.GAME

    @property
    def spec(self) -> GameSpec:
        return spec_of(self.start)

    @property
    def position(self) -> Position:
        return self._positions[self._cursor]

    @property
    def ply(self) -> int:
        return self._cursor

    @property
    def moves(self) -> list[Move]:
        """The moves that led to the current position."""
        return self._moves[:self._cursor]

    @property
    def last_effects(self) -> Any:
        return self._effects[self._cursor - 1] if self._cursor else None

    def legal_moves(self) -> list[Move]:
        return [] if self.outcome() is not None else list(self.position.legal_moves())

    def outcome(self) -> Outcome | None:
        """The position's own result, else a resignation/agreement, else repetition."""
        return self._ending or self.position.outcome() or self._repetition()

    def _repetition(self) -> Outcome | None:
        if not self.spec.ended_by_repetition(self.occurrences()):
            return None
        return self.spec.repetition_outcome(self.position)

    def occurrences(self) -> int:
        """How many times the current position has arisen in this game."""
        return self._seen[self.position.repetition_key()]

    # --- changing it -------------------------------------------------------

    def play(self, move: Move) -> Played:
        """Play a legal move, dropping whatever could have been redone."""
        if self.outcome() is not None:
            self._refuse(self.position.move_text(move))
        if move not in self.position.legal_moves():
            raise IllegalMove(f"illegal move {self.position.move_text(move)} in this position")
        played = self.position.play(move)
        del self._moves[self._cursor:], self._effects[self._cursor:]
        del self._positions[self._cursor + 1:]
        self._moves.append(move)
        self._effects.append(played.effects)
        self._positions.append(played.position)
        self._cursor += 1
        self._seen[played.position.repetition_key()] += 1
        return played

    def play_text(self, text: str) -> Played:
        """Play a move written in notation (checked; raises IllegalMove)."""
        if self.outcome() is not None:
            self._refuse(text)
        return self.play(legal(self.position, text))

    def _refuse(self, text: str) -> Move:
        raise IllegalMove(f"the game is over; {text.strip()!r} cannot be played")

    def undo(self) -> bool:
        """Take back the last move (or a resignation/agreed draw first)."""
        if self._ending is not None:
            self._ending = None
            return True
        if not self._cursor:
            return False
        self._seen[self.position.repetition_key()] -= 1
        self._cursor -= 1
        return True

    def redo(self) -> bool:
        if self._ending is not None or self._cursor == len(self._moves):
            return False
        self._cursor += 1
        self._seen[self.position.repetition_key()] += 1
        return True

    @property
    def can_undo(self) -> bool:
        return self._cursor > 0 or self._ending is not None

    @property
    def can_redo(self) -> bool:
        return self._ending is None and self._cursor < len(self._moves)

    def resign(self, side: str) -> Outcome:
        """`side` gives up; the other side wins."""
        if self.outcome() is not None:
            raise RulesError("the game is already over")
        if side not in self.start.SIDES:
            raise RulesError(f"unknown side {side!r}")
        self._ending = Outcome(other(self.start.SIDES, side), Reason.RESIGNATION)
        return self._ending

    def agree_draw(self) -> Outcome:
        """Both players agree to a draw, where the game allows it (Tawlbwrdd)."""
        if not self.spec.draw_by_agreement:
            raise RulesError(f"a draw cannot be agreed in {self.game}")
        if self.outcome() is not None:
            raise RulesError("the game is already over")
        self._ending = Outcome(None, Reason.DRAW_AGREED)
        return self._ending

    # --- reading it ----------------------------------------------------------

    def move_texts(self) -> list[str]:
        """The moves played so far in notation."""
        return [self._positions[i].move_text(m) for i, m in enumerate(self.moves)]

    @property
    def effects(self) -> list[Effects]:
        """What each move on the board did (captures, flips, sowing), in
        step with `moves`: the engine's own account, kept as it was played."""
        return self._effects[:self._cursor]

    def capture_marks(self) -> list[str]:
        """The mark of each move on the board (`x` after a capture, else ""),
        as the game's spec writes it."""
        return [self.spec.capture_mark(effects) for effects in self.effects]

    @property
    def ending(self) -> Outcome | None:
        """A resignation or an agreed draw, if the players ended the game so;
        None when the game is running or ended by its rules."""
        return self._ending

    def replay(self) -> Iterator[Position]:
        """Every position from the start to the current one."""
        return iter(self._positions[:self._cursor + 1])

    def repetition_keys(self) -> list[Hashable]:
        """The repetition key of every position from the start to the current
        one: the history a search needs to know which moves would repeat."""
        return [position.repetition_key() for position in self.replay()]

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready record (moves undone are kept so redo survives a save)."""
        texts = [self._positions[i].move_text(m) for i, m in enumerate(self._moves)]
        ending = self._ending
        return {
            "version": SAVE_VERSION,
            "edition": self.spec.rules_edition,
            "start": self.start.code(),
            "moves": texts,
            "cursor": self._cursor,
            "ending": None if ending is None else {"winner": ending.winner,
                                                   "reason": ending.reason.value},
        }

    @classmethod
    def from_dict(cls, data: Any) -> Game:
        """Rebuild a record from `to_dict` output; RulesError if it is unusable."""
        if not isinstance(data, dict) or data.get("version") != SAVE_VERSION:
            raise RulesError("the saved game is from another version or damaged")
        moves, cursor = data.get("moves"), data.get("cursor")
        if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves) \
                or not isinstance(cursor, int) or not 0 <= cursor <= len(moves):
            raise RulesError("the saved game's move list is damaged")
        start = data.get("start")
        if not isinstance(start, str):
            raise RulesError("the saved game's start position is damaged")
        position = from_code(start)
        _check_edition(data.get("edition", 1), position)
        game = cls(position, moves)
        while game.ply > cursor:
            game.undo()
        game._ending = _read_ending(data.get("ending"), game)
        return game


def _check_edition(edition: Any, start: Position) -> None:
    """Refuse a game saved under other rules of its game (kind `old_rules`):
    replaying its moves under today's rules would silently change the game."""
    spec = spec_of(start)
    if edition != spec.rules_edition:
        raise RulesError(f"the saved game was played under another edition of the "
                         f"{spec.name} rules", "old_rules", spec.name)


def _read_ending(data: Any, game: Game) -> Outcome | None:
    if data is None:
        return None
    try:
        reason = Reason(data["reason"])
        winner = data["winner"]
    except (TypeError, KeyError, ValueError):
        raise RulesError("the saved game's result is damaged") from None
    if reason not in (Reason.RESIGNATION, Reason.DRAW_AGREED) or \
            (winner is not None and winner not in game.start.SIDES):
        raise RulesError("the saved game's result is damaged")
    return Outcome(winner, reason)
