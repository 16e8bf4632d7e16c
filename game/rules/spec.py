"""What every layer asks about a game, in one record per game.

Each engine module describes its game(s) with a `GameSpec` next to its own
code, and `game.rules` registers them (`SPECS`, `spec`).  The UI, the CLI, the
levels and the tools read these fields instead of comparing game names, so a
fact about a game — its sides, its code's fields, whether a draw may be
agreed, how a repetition ends, how long a game may go without progress — is
written once, here in `game/rules`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .base import Effects, Move, Outcome, Position, Reason


def drawn_by_repetition(position: Position) -> Outcome:
    """How tafl scores a repetition: a draw, whatever the board."""
    return Outcome(None, Reason.REPETITION)


def every_move_progresses(before: Position, after: Position) -> bool:
    """The progress rule of a game without a no-progress limit: nothing to count."""
    return True


def marked_if_captured(effects: Effects) -> str:
    """The capture mark of a move: `x` when it took pieces or stones (tafl,
    Modiar), nothing otherwise — Reversi's flips are not captures, and a
    Modiar first move whose capture was forfeited took nothing."""
    return "x" if effects.captured else ""


@dataclass(frozen=True)
class GameSpec:
    """One game as every layer sees it.

    `sides` are the side letters in turn order (the first moves first);
    `code_fields` name the fields of a position code after the game's name;
    `cells` is how many squares or pits the board has, numbered 0..cells-1 as
    the engine numbers them, `cell_name` their names in notation;
    `pass_move` is the move that passes (only where the rules force a pass);
    `repetition_limit` is the occurrence of a position that ends the game
    (None where positions cannot repeat) and `repetition_outcome` how that
    ending is scored; `no_progress_plies` is how many plies in a row without
    progress draw the game (None: no such limit) and `made_progress(before,
    after)` whether the move from `before` to `after` made progress (for tafl:
    it captured, or took the king to a corner he had not visited), which
    starts the count again; `draw_by_agreement` says whether the players may
    agree a draw; `suggested_side` is the side a newcomer is offered first;
    `rules_edition` counts revisions of the rules: a game saved under another
    edition is not continued under these rules, except one of
    `replayed_editions`, earlier editions that lacked only the no-progress
    limit (and the agreed draw, which only players make): such a game is
    replayed and ends where the limit ends it (`Game.rules_change`);
    `capture_mark` is the mark a game record and the move list write after a
    move with these effects (`x` for a capture, else "").
    """

    name: str
    sides: tuple[str, str]
    start_code: str
    parse: Callable[[str], Position]
    code_fields: tuple[str, ...]
    cells: int
    cell_name: Callable[[int], str]
    pass_move: Move | None = None
    repetition_limit: int | None = None
    repetition_outcome: Callable[[Position], Outcome] = drawn_by_repetition
    no_progress_plies: int | None = None
    made_progress: Callable[[Position, Position], bool] = every_move_progresses
    draw_by_agreement: bool = False
    suggested_side: str = ""
    rules_edition: int = 1
    replayed_editions: frozenset[int] = frozenset()
    capture_mark: Callable[[Effects], str] = marked_if_captured

    def __post_init__(self) -> None:
        if not self.suggested_side:
            object.__setattr__(self, "suggested_side", self.sides[0])

    def ended_by_repetition(self, occurrences: int) -> bool:
        """Whether a position seen `occurrences` times ends the game."""
        return self.repetition_limit is not None and occurrences >= self.repetition_limit

    def ended_by_no_progress(self, quiet_plies: int) -> bool:
        """Whether `quiet_plies` plies in a row without progress end the game."""
        return self.no_progress_plies is not None and quiet_plies >= self.no_progress_plies
