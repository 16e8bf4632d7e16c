"""Win-in-N proofs for tafl: an exact AND/OR search over the rules engine.

`MateSearch.wins_within(position, n)` answers whether the side to move can
force a win within `n` of its own moves, whatever the other side does; it
asks the engine (`legal_moves`, `play_position`, `outcome`) for every move
and ending, and the engine's kernels for the one thing it needs fast: the
moves that win at once (`immediate_wins`).

No repetition rule is applied, and none is needed: along a proof in which
the winner always takes a move that wins soonest, the number of moves still
needed falls by one at each of its moves, so no position can come back (it
would need as many moves as the first time).  A win found here is therefore
a win under the repetition rules of either game, whatever the history, and
a move shown not to win here cannot win under them either (a repetition only
adds draws).  Nor can Brandubh's no-progress count matter within four moves
of a position with no history.

The search is bounded by nodes (`nodes`), never by time: a run that hits the
bound raises `SearchBudget`, the same way every time.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache

from ..rules.base import Reason
from ..rules.tafl import (
    ATTACKERS,
    DEFENDERS,
    EMPTY,
    ENEMY,
    FRIENDS,
    KING,
    Goal,
    Move,
    TaflPosition,
    TaflRules,
)

# The endings a tafl puzzle may be won by (the king's goal, or the king taken).
PUZZLE_ENDINGS = frozenset({Reason.KING_CAPTURED, Reason.KING_ESCAPED, Reason.CORNER_TOUR})
# A move takes at most three soldiers: one beside its landing square on each
# side but the one it came from.
MOST_TAKEN = 3
KILLERS = 6  # refuting replies remembered


class SearchBudget(Exception):
    """The search ran past its node budget."""


def null_move(position: TaflPosition) -> TaflPosition:
    """The same board with the other side to move: what a side threatens."""
    return TaflPosition(position.rules, position.board, ENEMY[position.side], position.visited)


def immediate_wins(position: TaflPosition) -> list[Move]:
    """Every move that wins at once for the side to move, in board order.

    The usual wins come from the kernels: the attackers' king captures, the
    king's moves to a goal, the defenders' captures of the last attackers.
    Only where a side left without a move loses and one move might leave
    the other side none is every legal move played and judged by `outcome`.
    """
    rules, board, side = position.rules, position.board, position.side
    if rules.decided(board, position.visited):
        return []
    king = board.find(KING)
    if side == ATTACKERS:
        wins = set(rules.king_captures(board, king))
    else:
        goals = _king_goals(rules, position.visited)
        wins = {(king, dest) for dest in rules.slides(board, king, KING) if dest in goals}
        attackers = board.count("A")
        if attackers <= MOST_TAKEN:
            wins.update(_clearing_captures(rules, board, attackers))
    if rules.stalemate_loses and _may_leave_no_move(rules, board, side):
        wins.update(move for move in position.legal_moves()
                    if _won_by(position.play_position(move), side))
    return sorted(wins)


def _won_by(position: TaflPosition, side: str) -> bool:
    outcome = position.outcome()
    return outcome is not None and outcome.winner == side


def _king_goals(rules: TaflRules, visited: int) -> frozenset[int]:
    """The squares whose reaching wins for the king now."""
    if rules.goal is Goal.EDGE:
        return rules.edge
    missing = [corner for i, corner in enumerate(rules.corners) if not visited >> i & 1]
    return frozenset(missing) if len(missing) == 1 else frozenset()


def _clearing_captures(rules: TaflRules, board: str, attackers: int) -> list[Move]:
    """The defenders' moves that take every one of the `attackers` left."""
    taken: dict[Move, int] = {}
    for orig, dest, _ in rules.capture_moves(board, DEFENDERS):
        taken[orig, dest] = taken.get((orig, dest), 0) + 1
    return [move for move, count in taken.items() if count == attackers]


def _may_leave_no_move(rules: TaflRules, board: str, side: str) -> bool:
    """Whether one move of `side` might leave the other side without a move.

    A piece that can move in two directions keeps one after any single move
    of the other side that does not take it: that move fills one square,
    which lies in at most one of the piece's directions, and only empties
    others.  So one such piece that no capture can reach this move (the king
    is taken only by a capture that wins anyway) keeps the other side a move.
    """
    enemy = ENEMY[side]
    mobile = _two_way_pieces(rules, board, enemy, MOST_TAKEN + 1)
    if len(mobile) > MOST_TAKEN:
        return False
    if any(board[sq] == KING for sq in mobile):
        return False
    reachable = {victim for _, _, victim in rules.capture_moves(board, side)}
    return not mobile - reachable


def _two_way_pieces(rules: TaflRules, board: str, side: str, enough: int) -> set[int]:
    """Squares of `side`'s pieces that can move in two directions (at most `enough`)."""
    found, stops, friends = set(), rules.stops, FRIENDS[side]
    for sq, piece in enumerate(board):
        if piece not in friends:
            continue
        allowed, open_directions = stops[piece], 0
        for ray in rules.rays[sq]:
            for dest in ray:
                if board[dest] != EMPTY:
                    break
                if allowed[dest]:
                    open_directions += 1
                    break
        if open_directions >= 2:
            found.add(sq)
            if len(found) >= enough:
                break
    return found


def _legal_here(position: TaflPosition, move: Move) -> bool:
    """Whether `move` is legal in `position` (the game not over), without
    generating every move."""
    orig, dest = move
    piece = position.board[orig]
    return piece in FRIENDS[position.side] and \
        dest in position.rules.slides(position.board, orig, piece)


@cache
def _between(size: int, orig: int, dest: int) -> tuple[int, ...]:
    """The squares a rook move from orig to dest passes over, and dest."""
    step = (1 if dest > orig else -1) if orig // size == dest // size \
        else (size if dest > orig else -size)
    return tuple(range(orig + step, dest + step, step))


class MateSearch:
    """Exact win-within-N answers for one game, with a table shared between
    questions (a position's answers do not depend on how it was reached).

    `nodes` bounds the work of the whole object's life: past it, SearchBudget.
    """

    def __init__(self, nodes: int | None = None) -> None:
        self.limit = nodes
        self.nodes = 0
        # key -> (the most moves known not to win, the fewest known to win)
        self._wins: dict[tuple, tuple[int, int]] = {}
        # key -> (the most moves within which the mover is known to hold,
        #         the fewest within which it is known to lose)
        self._losses: dict[tuple, tuple[int, int]] = {}
        self._killer_list: list[Move] = []  # the last refuting replies, newest first

    # -- the questions ------------------------------------------------------------

    def wins_within(self, position: TaflPosition, n: int) -> bool:
        """Whether the side to move can force a win within `n` of its moves."""
        if n < 1:
            return False
        self._tick()
        if immediate_wins(position):
            return True
        if n == 1:
            return False
        key = position.key
        no, yes = self._wins.get(key, (1, 99))
        if n <= no:
            return False
        if n >= yes:
            return True
        found = False
        for child in self._tries(position, n):
            if self.loses_within(child, n - 1):
                found = True
                break
        no, yes = self._wins.get(key, (1, 99))
        self._wins[key] = (no, min(yes, n)) if found else (max(no, n), yes)
        return found

    def loses_within(self, position: TaflPosition, n: int) -> bool:
        """Whether, whatever the side to move plays, the other side wins
        within `n` of its moves (a finished game: whether the mover lost)."""
        rules, enemy = position.rules, ENEMY[position.side]
        ended = rules.decided(position.board, position.visited)
        if ended is not None:
            return ended.winner == enemy
        if n < 1:
            return False
        self._tick()
        if immediate_wins(position):
            return False
        key = position.key
        holds, loses = self._losses.get(key, (0, 99))
        if n <= holds:
            return False
        if n >= loses:
            return True
        refuted, replied = False, False
        for reply in self._replies(position):
            replied = True
            if not self.wins_within(position.play_position(reply), n):
                refuted = True
                self._remember(n, reply)
                break
        if not replied:  # no move: the rules say whether that loses
            return _won_by(position, enemy)
        holds, loses = self._losses.get(key, (0, 99))
        self._losses[key] = (max(holds, n), loses) if refuted else (holds, min(loses, n))
        return not refuted

    def distance(self, position: TaflPosition, most: int) -> int | None:
        """The fewest moves within which the side to move forces a win, if at most `most`."""
        return next((n for n in range(1, most + 1) if self.wins_within(position, n)), None)

    def winning_moves(self, position: TaflPosition, n: int) -> list[Move]:
        """Every move after which the mover wins within `n` moves in all (that one included)."""
        side, found = position.side, []
        for move in position.legal_moves():
            child = position.play_position(move)
            if _won_by(child, side) or self.loses_within(child, n - 1):
                found.append(move)
        return found

    # -- order --------------------------------------------------------------------

    def _tries(self, position: TaflPosition, n: int) -> Iterator[TaflPosition]:
        """The positions after the mover's moves.  With three moves or more to
        go, those that threaten to win at once come first (two threats before
        one), the rest in the engine's order.  With two, in the engine's order:
        most such positions are refuted by the first reply tried, and ordering
        would cost more than it saves."""
        if n <= 2:
            for move in position.legal_moves():
                yield position.play_position(move)
            return
        scored = []
        for index, move in enumerate(position.legal_moves()):
            after = position.play_position(move)
            scored.append((-len(immediate_wins(null_move(after))), index, after))
        scored.sort(key=lambda entry: entry[:2])
        for _, _, after in scored:
            yield after

    def _replies(self, position: TaflPosition) -> Iterator[Move]:
        """The defender's moves, likeliest refutations first: the replies that
        refuted before (checked one by one, so that a refutation found at
        once costs no move generation), then those that touch the threats
        (land on a threat's path, move the king, capture), then the rest."""
        tried = []
        for move in self._killer_list:
            if _legal_here(position, move):
                tried.append(move)
                yield move
        threats = immediate_wins(null_move(position))
        rules, board, side = position.rules, position.board, position.side
        zone = {sq for orig, dest in threats for sq in (orig, *_between(rules.size, orig, dest))}
        king = board.find(KING)
        rest = []
        for move in position.legal_moves():
            if move in tried:
                continue
            orig, dest = move
            if dest in zone or orig == king or rules.sandwiched(board, side, dest):
                yield move
            else:
                rest.append(move)
        yield from rest

    def _remember(self, n: int, move: Move) -> None:
        killers = self._killer_list
        if move in killers:
            killers.remove(move)
        killers.insert(0, move)
        del killers[KILLERS:]

    def _tick(self) -> None:
        self.nodes += 1
        if self.limit is not None and self.nodes > self.limit:
            raise SearchBudget(f"more than {self.limit} nodes")
