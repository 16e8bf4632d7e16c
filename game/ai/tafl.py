"""What decides a tafl game, as numbers: the Brandubh and Tawlbwrdd strategy.

The defenders win by the king's routes (to the unvisited corners in Brandubh,
to any edge square in Tawlbwrdd), so most of the evaluation is about those
routes: lines already open, squares one king move away that would open one,
attackers standing guard on them, and how closely the king is hemmed in.
Material counts too, with a defender worth more than an attacker because
the attackers start with more pieces.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from ..rules.tafl import ATTACKERS, EMPTY, FRIENDS, KING, PREY, TaflPosition, TaflRules
from .strategy import Strategy


@dataclass(frozen=True)
class TaflWeights:
    attacker: int
    defender: int
    open_line: int  # a clear line from the king to a goal square
    two_open_lines: int  # extra when he has two: one move cannot block both
    route: int  # a square one king move away with a clear line to a goal
    corner_visited: int  # Brandubh's tour: each corner already visited
    guard: int  # an attacker on a square next to a goal corner
    king_neighbour: int  # an attacker (or hostile square) beside the king
    king_mobility: int  # each square the king can reach


WEIGHTS = {
    "brandubh": TaflWeights(attacker=100, defender=130, open_line=90, two_open_lines=250,
                            route=25, corner_visited=220, guard=30, king_neighbour=45,
                            king_mobility=4),
    "tawlbwrdd": TaflWeights(attacker=100, defender=170, open_line=400, two_open_lines=3000,
                             route=60, corner_visited=0, guard=0, king_neighbour=60,
                             king_mobility=3),
}


@cache
def _guard_squares(rules: TaflRules) -> frozenset[int]:
    """Squares beside a corner (Brandubh): attackers there shut the king out."""
    return frozenset(n for corner in rules.corners for n, _ in rules.flanks[corner])


def goals(position: TaflPosition) -> frozenset[int]:
    """The squares the king is trying to reach."""
    rules = position.rules
    if rules.goal == "edge":
        return rules.edge
    return frozenset(c for i, c in enumerate(rules.corners) if not position.visited >> i & 1)


def king_reach(position: TaflPosition, king: int) -> list[int]:
    """Every square the king could move to (passing over empty special squares)."""
    board, rules = position.board, position.rules
    reach = []
    for ray in rules.rays[king]:
        for sq in ray:
            if board[sq] != EMPTY:
                break
            if sq not in rules.restricted or sq in rules.king_squares:
                reach.append(sq)
    return reach


def open_lines(position: TaflPosition, sq: int, targets: frozenset[int]) -> int:
    """How many of the four lines from `sq` run clear to a target square."""
    board, rules = position.board, position.rules
    count = 0
    for ray in rules.rays[sq]:
        for step in ray:
            if board[step] != EMPTY:
                break
            if step in targets:
                count += 1
                break
    return count


class TaflStrategy(Strategy):
    def evaluate(self, position: TaflPosition) -> int:
        score = self._for_defenders(position)
        return -score if position.side == ATTACKERS else score

    def _for_defenders(self, position: TaflPosition) -> int:
        rules, board = position.rules, position.board
        w = WEIGHTS[rules.name]
        score = w.defender * board.count("D") - w.attacker * board.count("A")
        king = board.find(KING)
        if king < 0:
            return score
        targets = goals(position)
        score += w.corner_visited * bin(position.visited).count("1")
        lines = open_lines(position, king, targets)
        score += w.open_line * lines + (w.two_open_lines if lines >= 2 else 0)
        reach = king_reach(position, king)
        score += w.king_mobility * len(reach)
        score += w.route * sum(1 for sq in reach if open_lines(position, sq, targets))
        score -= w.king_neighbour * self._pressure(position, king)
        if w.guard:
            score -= w.guard * sum(1 for sq in _guard_squares(rules) if board[sq] == "A")
        return score

    @staticmethod
    def _pressure(position: TaflPosition, king: int) -> int:
        """Attackers and hostile empty squares beside the king."""
        board, rules = position.board, position.rules
        hostile = rules.hostile_when_empty if rules.king_capture == "enclosed" else ()
        return sum(1 for sq, _ in rules.flanks[king]
                   if board[sq] == "A" or (board[sq] == EMPTY and sq in hostile))

    def priorities(self, position: TaflPosition, moves: Sequence[tuple[int, int]]) -> list[int]:
        board = position.board
        targets = goals(position) if position.side != ATTACKERS else frozenset()
        king = board.find(KING)
        near_king = {sq for sq, _ in position.rules.flanks[king]} if king >= 0 else set()
        result = []
        for orig, dest in moves:
            priority = 100 * captures(position, orig, dest)
            if board[orig] == KING and dest in targets:
                priority += 1000
            elif position.side == ATTACKERS and dest in near_king:
                priority += 20
            result.append(priority)
        return result

    def noisy_moves(self, position: TaflPosition) -> list[tuple[int, int]]:
        """Captures, and king moves onto a goal square."""
        board = position.board
        targets = goals(position) if position.side != ATTACKERS else frozenset()
        return [(orig, dest) for orig, dest in position.legal_moves()
                if captures(position, orig, dest)
                or (board[orig] == KING and dest in targets)]


def captures(position: TaflPosition, orig: int, dest: int) -> int:
    """How many soldiers the move orig-dest would take (without playing it).

    The square the piece leaves never matters: it cannot lie beyond a victim,
    since the victim would have blocked the way.
    """
    board, rules = position.board, position.rules
    prey, friends = PREY[position.side], FRIENDS[position.side]
    count = 0
    for victim, beyond in rules.flanks[dest]:
        if board[victim] != prey:
            continue
        if beyond is None:
            count += rules.edge_hostile
        elif board[beyond] in friends or (board[beyond] == EMPTY
                                          and beyond in rules.hostile_when_empty):
            count += 1
    return count
