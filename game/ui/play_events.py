"""What `Play.tick` reports to the board each frame: the things that happened
in the game, in the order they happened.  The board animates, sounds and
announces these; it never works them out for itself.  No pygame here.

Later features hang on the same events: `GameEnded` is the moment a game
that ends goes into a history; a lesson checks its goal on each `Moved`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from functools import wraps
from typing import Any

from ..rules.base import Move, Outcome, Played, Position


class Actor(StrEnum):
    """Who made a move."""

    PERSON = "person"
    COMPUTER = "computer"
    FORCED = "forced"  # the rules left one move, the pass: it played itself


class Why(StrEnum):
    """Why a request, or the computer's move, was refused."""

    REPLAY = "replay"  # the board shows an earlier position
    GAME_OVER = "game_over"
    NOT_YOUR_TURN = "not_your_turn"  # the computer's turn, or a forced pass
    ILLEGAL = "illegal"  # a move the rules do not allow here
    COMPUTER_ILLEGAL = "computer_illegal"  # the computer offered a move the rules refuse
    NOT_IN_THIS_MODE = "not_in_this_mode"  # e.g. a draw offered while watching
    NOTHING_TO_DO = "nothing_to_do"  # nothing to undo, to redo, or to analyse


@dataclass(frozen=True)
class Turn:
    """A move just played: the position it was played in, the move, and what
    it did (the board animates this)."""

    before: Position
    move: Move
    played: Played


@dataclass(frozen=True)
class Moved:
    """A move was played: by a person, by the computer, or a forced pass."""

    turn: Turn
    by: Actor


@dataclass(frozen=True)
class PassDue:
    """`side` has no move but the pass: it is announced now and played by
    itself after a pause (a `Moved` by `Actor.FORCED`)."""

    side: str


@dataclass(frozen=True)
class DrawOffered:
    """On one device, `side` offered a draw; the other side may accept it on
    their turn (by offering too), or decline it by moving."""

    side: str


@dataclass(frozen=True)
class DrawAnswered:
    """The computer's answer to a draw offered to it (accepted: the game then
    ends, and a `GameEnded` follows)."""

    accepted: bool


@dataclass(frozen=True)
class GameEnded:
    """The game has ended: by a move, a resignation, an agreed draw or a
    clock run out."""

    outcome: Outcome
    ply: int


@dataclass(frozen=True)
class HistoryChanged:
    """The record's history changed other than by a move: an undo, a redo,
    another game loaded.  A ply the board showed from the old one means nothing."""


@dataclass(frozen=True)
class HintFound:
    move: Move


@dataclass(frozen=True)
class Refused:
    """A request, or the computer's move, was refused: nothing changed."""

    why: Why
    move: Move | None = None


Event = Moved | PassDue | DrawOffered | DrawAnswered | GameEnded | HistoryChanged | HintFound \
    | Refused


def reported(request: Callable[..., None]) -> Callable[..., list[Event]]:
    """A request to a Play: it returns at once what it did (its events, e.g. the
    move played, or why it was refused), for the board to show."""
    @wraps(request)
    def run(play: Any, *args: Any, **kwargs: Any) -> list[Event]:
        request(play, *args, **kwargs)
        events, play._events = play._events, []
        return events
    return run
