"""The small protocol every game satisfies, and the pieces all engines share.

A position is an immutable, hashable value.  It knows whose turn it is, its
legal moves, what happens when a move is played, and whether the game is over
(`outcome`).  History — repetition, undo, the move list — is not part of a
position; it lives in `game.rules.record.Game`.

Moves are small plain values (an int or a tuple of ints) because the search
creates millions of them; every game converts them to and from the notation of
docs/rules.md with `move_text` / `parse_move`.
"""

from __future__ import annotations

import enum
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple, Protocol, runtime_checkable

Move = Hashable


class RulesError(ValueError):
    """Bad input to an engine: the message is one precise line (the CLI prints it).

    `kind` names what went wrong in a stable, machine-readable word, so that a
    player-facing front end can say it in plain words in its own language
    without reading the message; `game` is the game the input was for, when
    that is known.
    """

    def __init__(self, message: str, kind: str = "other", game: str | None = None) -> None:
        super().__init__(message)
        self.kind = kind
        self.game = game


class CodeError(RulesError):
    """A position code that is not a valid position.

    Kinds: not_text, unknown_game, not_ascii, spacing, field_count, board_shape,
    bad_piece, bad_side, piece_count, piece_placement, visited, stone_count,
    stone_total, first_flag.
    """


class IllegalMove(RulesError):
    """A move text that does not parse, or a move the rules do not allow."""


class Reason(enum.Enum):
    """Why a game ended.  The value is a stable key (used by saves and i18n)."""

    KING_CAPTURED = "king-captured"
    CORNER_TOUR = "corner-tour"
    KING_ESCAPED = "king-escaped"
    ATTACKERS_CAPTURED = "attackers-captured"
    NO_LEGAL_MOVE = "no-legal-move"
    BOARD_FULL = "board-full"
    NEITHER_CAN_MOVE = "neither-can-move"
    REPETITION = "repetition"
    NO_PROGRESS = "no-progress"
    DRAW_AGREED = "draw-agreed"
    RESIGNATION = "resignation"
    TIME = "time"  # a player's clock ran out (a game played with clocks)


REASON_TEXT = {
    Reason.KING_CAPTURED: "the king was captured",
    Reason.CORNER_TOUR: "the king visited all four corners",
    Reason.KING_ESCAPED: "the king reached the edge",
    Reason.ATTACKERS_CAPTURED: "every attacker was captured",
    Reason.NO_LEGAL_MOVE: "no legal move",
    Reason.BOARD_FULL: "board full",
    Reason.NEITHER_CAN_MOVE: "neither side can move",
    Reason.REPETITION: "the position repeated",
    Reason.NO_PROGRESS: "too many plies in a row with no capture and no new corner",
    Reason.DRAW_AGREED: "draw agreed",
    Reason.RESIGNATION: "resignation",
    Reason.TIME: "a clock ran out",
}


@dataclass(frozen=True)
class Outcome:
    """The end of a game: the winning side's letter (None for a draw) and why.

    `scores` is set for games decided by counting (Reversi discs, Modiar
    stones), in the order of the game's `SIDES`.
    """

    winner: str | None
    reason: Reason
    scores: tuple[int, int] | None = None

    @property
    def status(self) -> str:
        """The CLI form: `win:<side>` or `draw`."""
        return f"win:{self.winner}" if self.winner else "draw"

    def describe(self) -> str:
        text = REASON_TEXT[self.reason]
        if self.scores is not None:
            text += f" ({self.scores[0]}-{self.scores[1]})"
        return text


class Effects(NamedTuple):
    """What a move did, for the UI to animate.  Squares/pits are engine indices.

    `captured` — squares or pits emptied by capture, in the order taken;
    `flipped` — Reversi discs turned over; `sown` — Modiar pits in sowing order
    (the origin first); `forfeited` — Modiar pits whose capture the first-move
    rule cancelled.
    """

    captured: tuple[int, ...] = ()
    flipped: tuple[int, ...] = ()
    sown: tuple[int, ...] = ()
    forfeited: tuple[int, ...] = ()


class Played(NamedTuple):
    """The result of `Position.play`: the new position and what happened."""

    position: Any
    effects: Effects


@runtime_checkable
class Position(Protocol):
    """What every game's position offers.  Implementations are immutable."""

    GAME: str  # the game's name, as in position codes
    SIDES: tuple[str, str]  # side letters, the first one moves first

    @property
    def side(self) -> str: ...

    def legal_moves(self) -> Sequence[Move]: ...

    def play(self, move: Move) -> Played: ...

    def play_position(self, move: Move) -> Position:
        """`play(move).position`, without building the effects record: the fast
        path of the search and perft, which look at millions of positions and
        never at what a move did."""
        ...

    def outcome(self) -> Outcome | None: ...

    def code(self) -> str: ...

    def move_text(self, move: Move) -> str: ...

    def parse_move(self, text: str) -> Move: ...

    def repetition_key(self) -> Hashable: ...

    @property
    def key(self) -> Hashable:
        """The position as a tuple of plain values (str, int), equal exactly when
        the positions are.  The AI's tables use it rather than the position so
        that the garbage collector need not walk millions of objects."""
        ...


def other(sides: tuple[str, str], side: str) -> str:
    return sides[1] if side == sides[0] else sides[0]


def legal(position: Position, text: str) -> Move:
    """Parse `text` and check it against the legal moves, or raise IllegalMove."""
    move = position.parse_move(text)
    if move not in position.legal_moves():
        raise IllegalMove(f"illegal move {text.strip()!r} in this position")
    return move


def perft(position: Position, depth: int) -> int:
    """Count the leaves of the move tree `depth` plies deep (docs/rules.md, Perft).

    The last ply is bulk-counted: a position's `move_count()` when it has one,
    else the length of its move list.
    """
    if depth <= 0:
        return 1
    if depth == 1:
        count = getattr(position, "move_count", None)
        return count() if count else len(position.legal_moves())
    return sum(perft(position.play_position(move), depth - 1) for move in position.legal_moves())


def check_ascii(text: str, what: str) -> None:
    """Reject anything but printable ASCII, so later parsing sees plain text."""
    if not text.isascii() or not text.isprintable():
        raise CodeError(f"{what} must be plain ASCII text", "not_ascii")


def short(text: str, limit: int = 24) -> str:
    """Quote user text in an error message without letting it run on."""
    shown = text if len(text) <= limit else text[:limit] + "…"
    return repr(shown)
