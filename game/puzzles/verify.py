"""`verify(puzzle)`: prove a puzzle again from its position, goal and line.

Each check asks the exact sources again (`proofs`): that every move of the
solver is the only one reaching the goal, that the value is the exact one,
and that every reply is the longest defence.  A puzzle that passes is a
puzzle by the definition of docs/puzzles.md; one that fails is reported
with the first reason found, in one line.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..rules.base import CodeError, IllegalMove, Move, Position, legal
from ..rules.modiar import ModiarPosition
from ..rules.reversi import PASS, ReversiPosition
from ..rules.tafl import TaflPosition
from .proofs import (
    MOST_MOVES,
    REVERSI_EMPTIES,
    ModiarValues,
    ReversiValues,
    ValueUnknown,
    placements,
    reversi_empties,
    reversi_threshold,
)
from .record import Puzzle
from .tafl_mate import PUZZLE_ENDINGS, MateSearch, SearchBudget

MOST_TAFL_MOVES = 4  # a win in at most this many moves; a save against one as long
# The work one verification may do before it gives up (and fails the puzzle).
DEFAULT_NODES = 200_000_000


class Unproven(Exception):
    """The reason a puzzle is not proven, in one line."""


@dataclass(frozen=True)
class Verdict:
    """What `verify` found: `reason` is empty when the puzzle is proven."""

    puzzle_id: str
    reason: str = ""

    @property
    def ok(self) -> bool:
        return not self.reason


def verify(puzzle: Puzzle, *, nodes: int | None = DEFAULT_NODES) -> Verdict:
    """Prove `puzzle` again; `nodes` bounds the search (None: no bound)."""
    try:
        position = puzzle.position()
        if puzzle.game != position.GAME:
            raise Unproven(f"the code is a {position.GAME} position, not {puzzle.game}")
        moves = line_moves(position, puzzle.solution)
        check = CHECKS.get(type(position))
        if check is None:
            raise Unproven(f"no puzzles for {puzzle.game}")
        check(position, puzzle, moves, nodes)
    except (CodeError, IllegalMove) as error:
        return Verdict(puzzle.id, f"the line does not play: {error}")
    except Unproven as error:
        return Verdict(puzzle.id, str(error))
    except SearchBudget as error:
        return Verdict(puzzle.id, f"the proof ran out of its budget ({error})")
    except ValueUnknown as error:
        return Verdict(puzzle.id, str(error))
    return Verdict(puzzle.id)


def line_moves(position: Position, solution: tuple[str, ...]) -> list[Move]:
    """The solution's moves, each checked legal where it is played."""
    moves = []
    for text in solution:
        if not position.legal_moves():
            raise Unproven(f"the game is over before {text}")
        move = legal(position, text)
        moves.append(move)
        position = position.play_position(move)
    return moves


def _expect(condition: bool, reason: str) -> None:
    if not condition:
        raise Unproven(reason)


def _line_shape(puzzle: Puzzle, most: int) -> None:
    _expect(1 <= puzzle.depth <= most, f"depth {puzzle.depth} is outside 1-{most}")
    _expect(len(puzzle.solution) == 2 * puzzle.depth - 1,
            f"a line of {puzzle.depth} moves of the solver has {2 * puzzle.depth - 1} "
            f"moves in all, not {len(puzzle.solution)}")


def _mover_label(position: Position, move: Move, ply: int) -> str:
    return f"move {ply + 1} ({position.move_text(move)})"


# -- Modiar ------------------------------------------------------------------------


def check_modiar(position: ModiarPosition, puzzle: Puzzle, moves: list[Move],
                 nodes: int | None) -> None:
    """Every solver move the only one keeping the best final margin, which is
    `value`; every reply one keeping the opponent's best; no position twice."""
    _expect(puzzle.goal == "best", "a Modiar puzzle's goal is best")
    _expect(puzzle.value is not None, "a Modiar puzzle has a value")
    _line_shape(puzzle, MOST_MOVES)
    values = ModiarValues()
    seen = {position.repetition_key()}
    for ply, move in enumerate(moves):
        margins = values.move_margins(position)
        best = max(margins.values())
        label = _mover_label(position, move, ply)
        if ply % 2 == 0:
            _expect(len(margins) >= 2, f"{label}: the only legal move")
            _expect(best == puzzle.value,
                    f"{label}: the best margin is {best}, not {puzzle.value}")
            keeping = [m for m, margin in margins.items() if margin == best]
            _expect(keeping == [move], f"{label}: the moves keeping the best margin are "
                    + " ".join(position.move_text(m) for m in keeping))
        else:
            _expect(margins[move] == best, f"{label}: not the best defence "
                    f"(it gives {margins[move]}, the best {best})")
        position = position.play_position(move)
        _expect(position.repetition_key() not in seen, f"{label}: the position repeats")
        seen.add(position.repetition_key())


# -- Reversi -----------------------------------------------------------------------


def check_reversi(position: ReversiPosition, puzzle: Puzzle, moves: list[Move],
                  nodes: int | None) -> None:
    """The exact margin is `value`; every solver move keeps it, and every other
    move keeps at most `reversi_threshold(value)`; every reply keeps the
    margin at `value` (the opponent's best)."""
    _expect(puzzle.goal == "best", "a Reversi puzzle's goal is best")
    _expect(puzzle.value is not None, "a Reversi puzzle has a value")
    _line_shape(puzzle, MOST_MOVES)
    low, high = REVERSI_EMPTIES
    empties = reversi_empties(position)
    _expect(low <= empties <= high, f"{empties} empty squares, not {low}-{high}")
    value = puzzle.value
    values = ReversiValues(nodes)
    _expect(values.at_least(position, value) and not values.at_least(position, value + 1),
            f"the exact margin is not {value}")
    most_other = reversi_threshold(value)
    for ply, move in enumerate(moves):
        label = _mover_label(position, move, ply)
        if ply % 2 == 0:
            options = placements(position)
            _expect(len(options) >= 2, f"{label}: the only legal move")
            _expect(values.move_keeps(position, move, value),
                    f"{label}: does not keep the margin {value}")
            for other in options:
                _expect(other == move or values.move_at_most(position, other, most_other),
                        f"{label}: {position.move_text(other)} keeps more than {most_other}")
        elif move != PASS:
            _expect(not values.at_least(position.play_position(move), value + 1),
                    f"{label}: not the best defence")
        position = position.play_position(move)


# -- tafl ----------------------------------------------------------------------------


def check_tafl(position: TaflPosition, puzzle: Puzzle, moves: list[Move],
               nodes: int | None) -> None:
    search = MateSearch(nodes)
    if puzzle.goal == "win":
        check_tafl_win(search, position, puzzle, moves)
    elif puzzle.goal == "save":
        check_tafl_save(search, position, puzzle, moves)
    else:
        raise Unproven(f"a {puzzle.game} puzzle's goal is win or save, not {puzzle.goal}")


def check_tafl_win(search: MateSearch, position: TaflPosition, puzzle: Puzzle,
                   moves: list[Move]) -> None:
    """A win in exactly `depth` moves: at each of the solver's turns the move
    played is the only one winning within the moves left, each reply holds
    out longest, and the last move ends the game by the king."""
    _line_shape(puzzle, MOST_TAFL_MOVES)
    depth, solver = puzzle.depth, position.side
    _expect(not search.wins_within(position, depth - 1),
            f"a faster win than in {depth} exists")
    for ply, move in enumerate(moves):
        label = _mover_label(position, move, ply)
        left = depth - ply // 2
        if ply % 2 == 0:
            _expect(len(position.legal_moves()) >= 2, f"{label}: the only legal move")
            winning = search.winning_moves(position, left)
            _expect(winning == [move], f"{label}: the moves winning within {left} are "
                    + (" ".join(position.move_text(m) for m in winning) or "none"))
        else:
            after = position.play_position(move)
            _expect(not search.wins_within(after, left - 2),
                    f"{label}: not the longest defence (a win in {left - 2} follows)")
        position = position.play_position(move)
    outcome = position.outcome()
    _expect(outcome is not None and outcome.winner == solver
            and outcome.reason in PUZZLE_ENDINGS, "the line does not end in the solver's win")


def check_tafl_save(search: MateSearch, position: TaflPosition, puzzle: Puzzle,
                    moves: list[Move]) -> None:
    """After the one move of the line the opponent cannot win within `depth`
    of its moves; after every other move it can, and after one of them not
    within fewer (so `depth` is the threat's length)."""
    depth = puzzle.depth
    _expect(1 <= depth <= MOST_TAFL_MOVES, f"depth {depth} is outside 1-{MOST_TAFL_MOVES}")
    _expect(len(moves) == 1, "a save's line is its one move")
    save = moves[0]
    others = [m for m in position.legal_moves() if m != save]
    _expect(bool(others), "the only legal move")
    after = position.play_position(save)
    _expect(bool(after.legal_moves()), "the move ends the game")
    _expect(not search.wins_within(after, depth),
            f"the opponent still wins within {depth} after {position.move_text(save)}")
    for other in others:
        _expect(search.wins_within(position.play_position(other), depth),
                f"{position.move_text(other)} saves too")
    _expect(depth == 1 or any(not search.wins_within(position.play_position(other), depth - 1)
                              for other in others),
            f"every other move loses within {depth - 1}: the threat is shorter")


CHECKS: dict[type, Callable[[Position, Puzzle, list[Move], int | None], None]] = {
    ModiarPosition: check_modiar,
    ReversiPosition: check_reversi,
    TaflPosition: check_tafl,
}
