"""What a lesson's task asks of the player's move, read from what the engine
reports about that move.

A goal is a few conditions that must all hold.  Each condition is one of a
small closed set of kinds (`Kind`), and each is decided from the engine's own
account of the move: the `Effects` that `Position.play` returns (squares
captured, discs flipped, pits sown, captures forfeited), the game record's
outcome after it (which knows repetition and the no-progress draw), the
moves the record then allows, and, for `SURVIVES`, the effects of each reply.
Nothing here knows a rule of any game: a capture is what the engine says was
captured, an ending is what the record says ended the game.
"""

from __future__ import annotations

import enum
from collections.abc import Hashable
from dataclasses import dataclass
from functools import cached_property

from game.rules import spec_of
from game.rules.base import Effects, Outcome, Position, Reason


class Kind(enum.Enum):
    """What a condition looks at."""

    CAPTURES = "captures"  # the cells the move captured (exactly), or how many
    FLIPS = "flips"  # the discs it turned over (exactly), or how many
    FORFEITS = "forfeits"  # the pits whose capture the first-move rule cancelled
    LAST_STONE = "last-stone"  # the pit the sowing's last stone fell into is one of `cells`
    SOWS_INTO = "sows-into"  # a stone fell into one of `cells`
    ENDS_ON = "ends-on"  # the move ends on one of `cells` (its destination or placement)
    SURVIVES = "survives"  # no reply captures what now stands where the move ended
    ENDS_GAME = "ends-game"  # the game is over after it, with `winner` and `reason`
    PASSES = "passes"  # the move is the game's pass
    OPPONENT_PASSES = "opponent-passes"  # the other side's only move is then to pass


class Winner(enum.Enum):
    """Who an ending favours, seen from the side that made the move."""

    MOVER = "mover"
    OPPONENT = "opponent"
    NOBODY = "nobody"  # a draw


class Action(enum.Enum):
    """What a player may do on their turn besides a move."""

    OFFER_DRAW = "offer-draw"  # accepted at once: a lesson's opponent always agrees
    RESIGN = "resign"


Choice = Hashable  # an engine move (as in `legal_moves`) or an `Action`


@dataclass(frozen=True)
class Condition:
    """One test of a move's report.  `cells` are names in the game's notation
    (`d5`, `e3`, `N2`); for CAPTURES, FLIPS and FORFEITS they must match the
    cells affected exactly, for the others one of them must be the one.
    `count` (CAPTURES, FLIPS, FORFEITS) is how many cells must be affected;
    with neither `cells` nor `count`, any at all will do."""

    kind: Kind
    cells: frozenset[str] | None = None
    count: int | None = None
    winner: Winner | None = None
    reason: Reason | None = None

    def met(self, report: Report) -> bool:
        return _TESTS[self.kind](self, report)


@dataclass(frozen=True)
class Goal:
    """Conditions that must all hold."""

    conditions: tuple[Condition, ...]

    def met(self, report: Report) -> bool:
        return all(condition.met(report) for condition in self.conditions)

    @property
    def reasons(self) -> frozenset[Reason]:
        """The endings this goal asks for (what the coverage of endings reads)."""
        return frozenset(c.reason for c in self.conditions
                         if c.kind is Kind.ENDS_GAME and c.reason is not None)


class Report:
    """What one choice did, as the engine and the game record report it.

    Built by `game.lessons.tasks` right after the choice is played on a
    record, from the position before it, the choice, the effects the engine
    returned, and the record's outcome and legal moves after it.  The
    replies' effects (for SURVIVES) are found only when asked for.
    """

    def __init__(self, before: Position, choice: Choice, effects: Effects,
                 after: Position, outcome: Outcome | None, replies: list[Hashable]) -> None:
        spec = spec_of(before)
        self.mover = before.side
        self.is_move = not isinstance(choice, Action)
        self.text = before.move_text(choice) if self.is_move else choice.value
        self.is_pass = self.is_move and spec.pass_move is not None and choice == spec.pass_move
        name = spec.cell_name
        self.captured = frozenset(name(cell) for cell in effects.captured)
        self.flipped = frozenset(name(cell) for cell in effects.flipped)
        self.forfeited = frozenset(name(cell) for cell in effects.forfeited)
        self.sown = tuple(name(cell) for cell in effects.sown)
        self.after = after
        self.outcome = outcome
        self.replies = replies
        self._pass_move = spec.pass_move
        self._cell_name = name

    @property
    def end_cell(self) -> str | None:
        """The cell the move ends on: the last one its notation names (the
        destination of `c4-b4`, the square of `d3`); None for a pass or an action."""
        if not self.is_move or self.is_pass:
            return None
        return self.text.rsplit("-", 1)[-1]

    @property
    def opponent_must_pass(self) -> bool:
        return self._pass_move is not None and self.replies == [self._pass_move]

    @cached_property
    def reply_captures(self) -> frozenset[str]:
        """Every cell some reply would capture."""
        return frozenset(self._cell_name(cell) for reply in self.replies
                         for cell in self.after.play(reply).effects.captured)

    def winner(self) -> Winner | None:
        """Who the outcome favours, from the mover's side; None while the game goes on."""
        if self.outcome is None:
            return None
        if self.outcome.winner is None:
            return Winner.NOBODY
        return Winner.MOVER if self.outcome.winner == self.mover else Winner.OPPONENT


def _affected(condition: Condition, cells: frozenset[str]) -> bool:
    if condition.cells is not None and cells != condition.cells:
        return False
    if condition.count is not None:
        return len(cells) == condition.count
    return condition.cells is not None or bool(cells)


def _one_of(condition: Condition, cell: str | None) -> bool:
    return cell is not None and condition.cells is not None and cell in condition.cells


def _ends_game(condition: Condition, report: Report) -> bool:
    winner = report.winner()
    if winner is None:
        return False
    if condition.winner is not None and winner is not condition.winner:
        return False
    assert report.outcome is not None
    return condition.reason is None or report.outcome.reason is condition.reason


def _survives(condition: Condition, report: Report) -> bool:
    cell = report.end_cell
    return cell is not None and cell not in report.reply_captures


_TESTS = {
    Kind.CAPTURES: lambda c, r: _affected(c, r.captured),
    Kind.FLIPS: lambda c, r: _affected(c, r.flipped),
    Kind.FORFEITS: lambda c, r: _affected(c, r.forfeited),
    Kind.LAST_STONE: lambda c, r: _one_of(c, r.sown[-1] if r.sown else None),
    Kind.SOWS_INTO: lambda c, r: any(_one_of(c, pit) for pit in r.sown),
    Kind.ENDS_ON: lambda c, r: _one_of(c, r.end_cell),
    Kind.SURVIVES: _survives,
    Kind.ENDS_GAME: _ends_game,
    Kind.PASSES: lambda c, r: r.is_pass,
    Kind.OPPONENT_PASSES: lambda c, r: r.opponent_must_pass,
}


# --- the constructors the lesson tables use -------------------------------------------


def captures(*cells: str, count: int | None = None) -> Condition:
    """The move captures exactly `cells` (or `count` cells; or anything)."""
    return Condition(Kind.CAPTURES, frozenset(cells) if cells else None, count)


def flips(*cells: str, count: int | None = None) -> Condition:
    """The move turns over exactly `cells` (or `count` discs)."""
    return Condition(Kind.FLIPS, frozenset(cells) if cells else None, count)


def forfeits(*cells: str, count: int | None = None) -> Condition:
    """The first move's capture of exactly `cells` (or `count` pits, or any) is forfeited."""
    return Condition(Kind.FORFEITS, frozenset(cells) if cells else None, count)


def last_stone(*cells: str) -> Condition:
    return Condition(Kind.LAST_STONE, frozenset(cells))


def sows_into(*cells: str) -> Condition:
    return Condition(Kind.SOWS_INTO, frozenset(cells))


def ends_on(*cells: str) -> Condition:
    return Condition(Kind.ENDS_ON, frozenset(cells))


def survives() -> Condition:
    return Condition(Kind.SURVIVES)


def ends_game(winner: Winner, reason: Reason | None = None) -> Condition:
    return Condition(Kind.ENDS_GAME, winner=winner, reason=reason)


def passes() -> Condition:
    return Condition(Kind.PASSES)


def opponent_passes() -> Condition:
    return Condition(Kind.OPPONENT_PASSES)
