"""What a beginner's board marks, as facts of the rules: what a move takes,
what the other side could take with its next move, the king's open lines to
a goal, and what a Modiar sowing would capture.

Each fact is read off the engines' own kernels (`TaflRules.slides`,
`sandwiched`, `landings`, `arrivals`, `takes_king`, `king_captures`;
Modiar's `sow_and_capture` and legal moves), never a rule written again; the
tests check every answer against `legal_moves` and the effects of `play`.
"""

from __future__ import annotations

from typing import NamedTuple

from .modiar import ModiarPosition, sow_and_capture
from .tafl import ATTACKERS, KING, Goal, TaflPosition

# --- tafl -------------------------------------------------------------------------------


def taken_by(position: TaflPosition, move: tuple[int, int]) -> tuple[int, ...]:
    """The squares of the pieces the legal `move` would take (soldiers, and the
    king last), without playing it: what `play` reports as `captured`."""
    rules, board = position.rules, position.board
    taken = rules.sandwiched(board, position.side, move[1])
    if position.side == ATTACKERS:
        king = board.find(KING)
        if king >= 0 and rules.takes_king(board, king, move[1]):
            taken.append(king)
    return tuple(taken)


def captures_from(position: TaflPosition, orig: int) -> dict[int, tuple[int, ...]]:
    """For each destination of the piece on `orig` whose move takes something,
    the squares it takes."""
    found = {}
    for move in position.legal_moves():
        if move[0] == orig:
            taken = taken_by(position, move)
            if taken:
                found[move[1]] = taken
    return found


def threatened(position: TaflPosition, by: str) -> frozenset[int]:
    """The squares of the pieces the side `by` could take with one move if it
    were its turn now (the king among them where one attacker move takes
    him); none once the game is decided."""
    rules, board = position.rules, position.board
    if rules.decided(board, position.visited) is not None:
        return frozenset()
    found = {victim for victim, dest in rules.landings(board, by)
             if rules.arrivals(board, by, dest)}
    king = board.find(KING)
    if by == ATTACKERS and rules.king_captures(board, king):
        found.add(king)
    return frozenset(found)


def king_in_danger(position: TaflPosition) -> bool:
    """Whether one attacker move would take the king (whoever is to move)."""
    king = position.board.find(KING)
    return king >= 0 and king in threatened(position, ATTACKERS)


def goal_squares(position: TaflPosition) -> frozenset[int]:
    """Where the king's arrival is a goal: the corners he has not yet visited
    (a corner tour) or any edge square (a king who escapes to the edge)."""
    rules = position.rules
    if rules.goal is Goal.CORNER_TOUR:
        return frozenset(corner for i, corner in enumerate(rules.corners)
                         if not position.visited >> i & 1)
    return rules.edge


def king_lines(position: TaflPosition) -> tuple[tuple[int, ...], ...]:
    """The king's open lines to a goal: for each goal square he could slide to
    in one move (were it his side's turn), the squares from beside him to the
    goal, in order.  None once the game is decided."""
    rules, board = position.rules, position.board
    king = board.find(KING)
    if king < 0 or rules.decided(board, position.visited) is not None:
        return ()
    goals = goal_squares(position)
    reachable = set(rules.slides(board, king, KING)) & goals
    lines = []
    for ray in rules.rays[king]:
        for i, square in enumerate(ray):
            if square in reachable:
                lines.append(tuple(ray[:i + 1]))
    return tuple(lines)


# --- Modiar -------------------------------------------------------------------------------


class Sowing(NamedTuple):
    """What sowing a pit would capture: the pits of the capture run (empty:
    none), the stones they would give, and whether the capture is forfeited
    (the game's first move takes nothing)."""

    pits: tuple[int, ...]
    stones: int
    forfeited: bool


def sowing_capture(position: ModiarPosition, pit: int) -> Sowing | None:
    """What the legal move `pit` would capture, without playing it (None: not a
    legal move)."""
    if pit not in position.legal_moves():
        return None
    after, run, gain = sow_and_capture(position.pits, pit, position.first)
    stones = sum(after[p] for p in run) if position.first else gain
    return Sowing(run, stones, position.first and bool(run))
