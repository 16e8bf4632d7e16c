"""Reversi's exact endgame solver: the final disc margin with perfect play.

It works on the engine's raw bitboards (`p` = the side to move's discs, `o`
= the opponent's, bit `row * 8 + col`) through the engine's own kernels
(`mobility`, `place`, `stable_discs`, `NEIGHBOURS`); values are final disc
margins for the side to move (empty squares left at the end count for
nobody: docs/rules.md, Reversi), and every window is fail-soft.

How it is fast enough in Python
    * the root runs null-window probes (MTD(f)): "is there a win?" first —
      the win/draw/loss answer comes far sooner than the margin — then on to
      the exact margin, the transposition table keeping every subtree's
      bounds from one probe to the next (a full-window principal variation
      search at the root, with or without a win/draw/loss probe first, took
      20-27% more nodes on FFO #1-#19);
    * upper nodes (more than `MID_EMPTIES` empties) are generators, so the
      UI gets a slice every few nodes; they order their moves fastest-first
      (fewest replies for the opponent, a reply on a corner counting extra,
      the table's move before all, and from `DEEP_SORT_EMPTIES` on a look
      one ply further), and first look the children up in the table: one
      already refuted proves the cut without a search (enhanced
      transposition cutoff);
    * every node above the shallow ones tries a stability cutoff: the
      opponent's stable discs cap the margin, tried only when alpha is high
      enough for the cap to fail low (`STABILITY_FROM`, by empties);
    * the middle nodes are plain recursion with the same table; the last of
      them (SHALLOW_EMPTIES + 1 empties), whose children need no move sets,
      orders by the opponent's potential mobility and parity instead of a
      `mobility` per child (on FFO #1-#19 7% more nodes, 8% less time);
    * the last `SHALLOW_EMPTIES` empties have no table and no sorting: parity
      order (squares in a quadrant with an odd number of empties first, the
      last move in such a region tending to be the mover's); below five
      empties the squares are arguments, not lists (`_last4` .. `_last2`),
      and the last empty is counted by table (`_last1`), not played.

Measured (docs/benchmarks.md, "Reversi's exact endgame, faster"): the time
goes to the engine's `place` and `mobility` (half of it) and to the nodes
below seven empties (over half of the nodes); what the alternatives tried
there saved in nodes (a table at 6 empties: 7-16% fewer) they cost in time.

Every node with two or more empties counts one `tick` (the Search's node
counter), so a node budget bounds the solver as it bounds the midgame search.
"""

from __future__ import annotations

from collections.abc import Callable, Generator

from ..rules.reversi import NEIGHBOURS, PASS, mobility, place, stable_discs
from .strategy import WIN, ExactSearch, Found

SHALLOW_EMPTIES = 6  # at or below: parity order, no table, no sorting
MID_EMPTIES = 8  # at or below: plain recursion (no generators)
DEEP_SORT_EMPTIES = 15  # at or above (and at the root): a look one ply further to order
TABLE_LIMIT = 300_000  # transposition entries before the table is cleared
INFINITY = 65  # beyond any margin
NO_MOVE = -INFINITY  # what a side without a move returns
FULL = (1 << 64) - 1

CORNERS = 0x8100000000000081
COLUMN_A = 0x0101010101010101
_GATHER = 0x0102040810204080  # (x & COLUMN_A) * _GATHER >> 56 & 255: column a, row r -> bit r
_FOLD = 0x0101010101010101  # (x & diagonal) * _FOLD >> 56 & 255: the square in column c -> bit c

# A static order for the shallow nodes: corners, then edges and the inner ring,
# X- and C-squares (beside a corner) last.
_SQUARE_RANK = (
    0, 5, 1, 2, 2, 1, 5, 0,
    5, 6, 3, 3, 3, 3, 6, 5,
    1, 3, 2, 4, 4, 2, 3, 1,
    2, 3, 4, 9, 9, 4, 3, 2,
    2, 3, 4, 9, 9, 4, 3, 2,
    1, 3, 2, 4, 4, 2, 3, 1,
    5, 6, 3, 3, 3, 3, 6, 5,
    0, 5, 1, 2, 2, 1, 5, 0,
)
SOLVE_ORDER = tuple(sorted(range(64), key=lambda sq: (_SQUARE_RANK[sq], sq)))
# Each square's quadrant as one bit: the parity of a region's empties is the
# XOR of these over its empty squares.
QUADRANT = tuple(1 << ((sq >> 5) * 2 + ((sq & 7) >> 2)) for sq in range(64))

# Stability cutoff: with n empties, look for the opponent's stable discs only
# when alpha is at least STABILITY_FROM[n] (a higher alpha is more often out
# of reach; with fewer empties more discs are stable).
STABILITY_FROM = (99, 99, 99, 99, 6, 8, 10, 12, 14, 16, 20, 22, 24, 26, 28, 30,
                  32, 34, 36, 38, 40, 42, 44, 46, 48, 48, 50, 50, 52, 52, 54, 54,
                  56, 56, 58, 58, 60, 60, 62, 62, *([64] * 25))


def margin_score(margin: int) -> int:
    """A final disc margin in the search's units: a win beats any evaluation."""
    if margin > 0:
        return WIN - 100 + margin
    if margin < 0:
        return margin - WIN + 100
    return 0


def margin_of(score: int) -> int:
    """The margin a `margin_score` stands for."""
    if score > 0:
        return score - (WIN - 100)
    if score < 0:
        return score + WIN - 100
    return 0


def parity_of(empties: list[int]) -> int:
    """The quadrants holding an odd number of `empties`, one bit each."""
    parity = 0
    for sq in empties:
        parity ^= QUADRANT[sq]
    return parity


# -- the last empty: flips counted by table ---------------------------------------
#
# With one square empty every line through it is full, so the discs a move
# there turns depend only on which squares of its four lines the mover owns.
# Per square and line, a table from that pattern (8 bits, read off the board
# by a shift or a multiplication) to the count the mover turns, and one to the
# count the opponent would turn.  The tables are built with the engine's own
# `place` on a lone line of discs (row 1 of an otherwise empty board: an empty
# square stops a run as the wall does), so the rule stays in game/rules.

def _line_counts(first: int, length: int, at: int) -> tuple[list[int], list[int]]:
    """(mover's, opponent's) flip counts per pattern for a full line of `length`
    squares from column `first` with `at` empty, the mover's discs as bits by
    column."""
    line = sum(1 << c for c in range(first, first + length)) & ~(1 << at)
    mine, theirs = [0] * 256, [0] * 256
    pattern = line
    while True:  # every subset of the line, the mover's discs
        other = line & ~pattern
        for counts, p, o in ((mine, pattern, other), (theirs, other, pattern)):
            after = place(at, p, o)
            counts[pattern] = after[1].bit_count() - p.bit_count() - 1 if after else 0
        if not pattern:
            break
        pattern = (pattern - 1) & line
    return mine, theirs


def _diagonal(sq: int, step: int) -> tuple[int, int, int]:
    """(mask, first column, length) of the diagonal through `sq` whose squares
    differ by `step` (9: a1-h8 direction, 7: h1-a8)."""
    row, col = divmod(sq, 8)
    dc = 1 if step == 9 else -1
    squares = []
    for k in range(-7, 8):
        r, c = row + k, col + k * dc
        if 0 <= r < 8 and 0 <= c < 8:
            squares.append(r * 8 + c)
    columns = [s & 7 for s in squares]
    return sum(1 << s for s in squares), min(columns), len(squares)


def _last_tables() -> tuple[tuple, ...]:
    """Per square: (row shift, column shift, the two diagonals' masks, then the
    mover's four count tables and the opponent's four)."""
    cache: dict[tuple[int, int, int], tuple[list[int], list[int]]] = {}

    def counts(first: int, length: int, at: int) -> tuple[list[int], list[int]]:
        if (first, length, at) not in cache:
            cache[first, length, at] = _line_counts(first, length, at)
        return cache[first, length, at]

    tables = []
    for sq in range(64):
        row, col = divmod(sq, 8)
        mask9, first9, length9 = _diagonal(sq, 9)
        mask7, first7, length7 = _diagonal(sq, 7)
        lines = (counts(0, 8, col), counts(0, 8, row), counts(first9, length9, col),
                 counts(first7, length7, col))
        tables.append((8 * row, col, mask9, mask7, *(mine for mine, _ in lines),
                       *(theirs for _, theirs in lines)))
    return tuple(tables)


_LAST = _last_tables()


def _last1(p: int, sq: int) -> int:
    """The final margin for the mover (discs `p`) when only `sq` is empty."""
    shift, col, mask9, mask7, row_p, col_p, d9_p, d7_p, row_o, col_o, d9_o, d7_o = _LAST[sq]
    i_row = p >> shift & 255
    i_col = ((p >> col) & COLUMN_A) * _GATHER >> 56 & 255
    i_9 = (p & mask9) * _FOLD >> 56 & 255
    i_7 = (p & mask7) * _FOLD >> 56 & 255
    turned = row_p[i_row] + col_p[i_col] + d9_p[i_9] + d7_p[i_7]
    if turned:
        return 2 * (p.bit_count() + turned) - 62
    turned = row_o[i_row] + col_o[i_col] + d9_o[i_9] + d7_o[i_7]
    if turned:
        return 2 * (p.bit_count() - turned) - 64
    return 2 * p.bit_count() - 63


# -- the last empties: plain functions, squares as arguments ---------------------------

def _last2(p: int, o: int, alpha: int, beta: int, x1: int, x2: int,
           tick: Callable[[], bool]) -> int:
    """The margin with two empties, `x1` and `x2`."""
    tick()
    best = NO_MOVE
    if NEIGHBOURS[x1] & o:
        after = place(x1, p, o)
        if after:
            best = -_last1(after[0], x2)
            if best >= beta:
                return best
    if NEIGHBOURS[x2] & o:
        after = place(x2, p, o)
        if after:
            value = -_last1(after[0], x1)
            if value > best:
                best = value
    if best != NO_MOVE:
        return best
    # The mover passes: the opponent chooses, the least for the mover.
    worst = INFINITY
    if NEIGHBOURS[x1] & p:
        after = place(x1, o, p)
        if after:
            worst = _last1(after[0], x2)
            if worst <= alpha:
                return worst
    if NEIGHBOURS[x2] & p:
        after = place(x2, o, p)
        if after:
            value = _last1(after[0], x1)
            if value < worst:
                worst = value
    if worst != INFINITY:
        return worst
    return p.bit_count() - o.bit_count()  # neither can move: the game is over


def _try3(p: int, o: int, alpha: int, beta: int, x1: int, x2: int, x3: int,
          tick: Callable[[], bool]) -> int:
    """The best of the mover's moves with three empties; NO_MOVE without one."""
    best = NO_MOVE
    if NEIGHBOURS[x1] & o:
        after = place(x1, p, o)
        if after:
            best = -_last2(after[0], after[1], -beta, -alpha, x2, x3, tick)
            if best >= beta:
                return best
            if best > alpha:
                alpha = best
    if NEIGHBOURS[x2] & o:
        after = place(x2, p, o)
        if after:
            value = -_last2(after[0], after[1], -beta, -alpha, x1, x3, tick)
            if value > best:
                if value >= beta:
                    return value
                best = value
                if value > alpha:
                    alpha = value
    if NEIGHBOURS[x3] & o:
        after = place(x3, p, o)
        if after:
            value = -_last2(after[0], after[1], -beta, -alpha, x1, x2, tick)
            if value > best:
                best = value
    return best


def _last3(p: int, o: int, alpha: int, beta: int, x1: int, x2: int, x3: int,
           tick: Callable[[], bool]) -> int:
    """The margin with three empties, tried in the order given."""
    tick()
    best = _try3(p, o, alpha, beta, x1, x2, x3, tick)
    if best != NO_MOVE:
        return best
    best = _try3(o, p, -beta, -alpha, x1, x2, x3, tick)  # the mover passes
    if best != NO_MOVE:
        return -best
    return p.bit_count() - o.bit_count()


def _try4(p: int, o: int, alpha: int, beta: int, x1: int, x2: int, x3: int, x4: int,
          tick: Callable[[], bool]) -> int:
    """The best of the mover's moves with four empties; NO_MOVE without one."""
    best = NO_MOVE
    for sq, a, b, c in ((x1, x2, x3, x4), (x2, x1, x3, x4), (x3, x1, x2, x4),
                        (x4, x1, x2, x3)):
        if NEIGHBOURS[sq] & o:
            after = place(sq, p, o)
            if after:
                value = -_last3(after[0], after[1], -beta, -alpha, a, b, c, tick)
                if value > best:
                    if value >= beta:
                        return value
                    best = value
                    if value > alpha:
                        alpha = value
    return best


def _last4(p: int, o: int, alpha: int, beta: int, x1: int, x2: int, x3: int, x4: int,
           tick: Callable[[], bool]) -> int:
    """The margin with four empties: a square alone in its quadrant first."""
    tick()
    q1, q2, q3, q4 = QUADRANT[x1], QUADRANT[x2], QUADRANT[x3], QUADRANT[x4]
    odd = q1 ^ q2 ^ q3 ^ q4
    if odd and odd != q1 | q2 | q3 | q4:  # two odd quadrants and one even: odd first
        order = sorted((x1, x2, x3, x4), key=lambda sq: not odd & QUADRANT[sq])
        x1, x2, x3, x4 = order
    best = _try4(p, o, alpha, beta, x1, x2, x3, x4, tick)
    if best != NO_MOVE:
        return best
    best = _try4(o, p, -beta, -alpha, x1, x2, x3, x4, tick)  # the mover passes
    if best != NO_MOVE:
        return -best
    return p.bit_count() - o.bit_count()


def _shallow(p: int, o: int, alpha: int, beta: int, empties: list[int], parity: int,
             tick: Callable[[], bool], passed: bool = False) -> int:
    """The margin with 5..SHALLOW_EMPTIES empties: plain recursion in parity order.

    Squares in odd quadrants are tried first, each pass over `empties` in the
    order given (SOLVE_ORDER).  It neither yields nor sorts: subtrees this
    small finish in well under a millisecond, and the caller yields after each.
    """
    tick()
    best = NO_MOVE
    five = len(empties) == 5
    for odd in (True, False):
        for sq in empties:
            if (parity & QUADRANT[sq] != 0) is not odd or not NEIGHBOURS[sq] & o:
                continue  # the other pass's square, or nothing to flip beside it
            after = place(sq, p, o)
            if after:
                rest = empties.copy()
                rest.remove(sq)  # a third of the time of a comprehension
                if five:
                    value = -_last4(after[0], after[1], -beta, -alpha, *rest, tick)
                else:
                    value = -_shallow(after[0], after[1], -beta, -alpha, rest,
                                      parity ^ QUADRANT[sq], tick)
                if value > best:
                    if value >= beta:
                        return value
                    best = value
                    if value > alpha:  # not max(): this is the hottest loop
                        alpha = value
    if best == NO_MOVE:  # no move: pass, or the game is over
        if passed:
            return p.bit_count() - o.bit_count()
        return -_shallow(o, p, -beta, -alpha, empties, parity, tick, True)
    return best


def _low_value(p: int, o: int, alpha: int, beta: int, empties: list[int],
               tick: Callable[[], bool]) -> int:
    """The margin with at most SHALLOW_EMPTIES empties, any number of them."""
    count = len(empties)
    if count >= 5:
        return _shallow(p, o, alpha, beta, empties, parity_of(empties), tick)
    if count == 4:
        return _last4(p, o, alpha, beta, *empties, tick)
    if count == 3:
        return _last3(p, o, alpha, beta, *empties, tick)
    if count == 2:
        return _last2(p, o, alpha, beta, empties[0], empties[1], tick)
    tick()
    if count == 1:  # the board is full but for it
        return _last1(p, empties[0])
    return p.bit_count() - o.bit_count()


# -- move ordering ----------------------------------------------------------------

def fastest_first(p: int, o: int, moves: int, first: int,
                  deep: bool = False) -> list[tuple[int, int, int, int, int]]:
    """The children (key, square, child's p, child's o, child's moves), best first.

    Fewest replies first, a reply on a corner counting as four; the table's
    move `first` before all.  With `deep` (near the root, where nodes are few
    and each heads a big subtree) a look one ply further: the moves we keep
    after the opponent's reply that leaves us fewest count for the move.
    Each child's move set is kept so the child does not generate it again.
    """
    children = []
    while moves:
        bit = moves & -moves
        moves ^= bit
        sq = bit.bit_length() - 1
        child_p, child_o = place(sq, p, o)
        replies = mobility(child_p, child_o)
        key = replies.bit_count() + 3 * (replies & CORNERS).bit_count()
        if deep:
            key = 4 * key - _our_answers(child_p, child_o, replies)
        if sq == first:
            key -= 10_000
        children.append((key, sq, child_p, child_o, replies))
    children.sort()
    return children


def nearest_first(p: int, o: int, moves: int, first: int,
                  empties: list[int]) -> list[tuple[int, int, int, int, int]]:
    """`fastest_first` for a node whose children are shallow: the same tuples
    (the child's moves 0: a shallow node finds its own), keyed without a
    `mobility` per child.

    The opponent's replies are approximated by the empty squares beside our
    discs (its potential mobility), a corner among them counting three, and a
    move into a quadrant with an odd number of empties is preferred among
    equals.  At 7 empties this orders nearly as well (7% more nodes on FFO
    #1-#19) and saves more time than those nodes cost (8% in all).
    """
    parity = parity_of(empties)
    children = []
    for sq in empties:
        if moves >> sq & 1:
            child_p, child_o = place(sq, p, o)
            near = _beside(child_o) & (FULL ^ child_p ^ child_o)
            key = 4 * (near.bit_count() + 2 * (near & CORNERS).bit_count())
            if parity & QUADRANT[sq]:
                key -= 1
            if sq == first:
                key -= 10_000
            children.append((key, sq, child_p, child_o, 0))
    children.sort()
    return children


def _beside(x: int) -> int:
    """The squares next to some square of `x` (any of the 8 directions), and
    maybe squares of `x` and bits above the board: the caller masks them."""
    side = ((x << 1) & 0xFEFEFEFEFEFEFEFE) | ((x >> 1) & 0x7F7F7F7F7F7F7F7F)
    wide = x | side
    return side | (wide << 8) | (wide >> 8)


def _our_answers(p: int, o: int, replies: int) -> int:
    """The fewest moves we keep after any of the opponent's `replies` (it owns `p`)."""
    fewest = 32
    while replies:
        bit = replies & -replies
        replies ^= bit
        after_p, after_o = place(bit.bit_length() - 1, p, o)
        count = mobility(after_p, after_o).bit_count()
        if count < fewest:
            fewest = count
    return 0 if fewest == 32 else fewest


Tree = Generator[None, None, int]


class Solver:
    """An exact endgame search on bitboards; `tick` is the Search's node counter.

    `order(p, o)` scores a root child (the position after a move, its mover
    being the opponent) for the first guess at the best move: the lowest
    score is tried first and stands until a move is proven.
    """

    def __init__(self, tick: Callable[[], bool],
                 order: Callable[[int, int], int] | None = None) -> None:
        self.tick = tick
        self.order = order
        self.table: dict[int, tuple[int, int, int]] = {}

    # -- the tree --

    def value(self, p: int, o: int, alpha: int, beta: int, empties: list[int]) -> Tree:
        """The exact margin (fail-soft in the window) for any number of empties."""
        if len(empties) > SHALLOW_EMPTIES:
            return (yield from self._node(p, o, alpha, beta, mobility(p, o), empties))
        value = _low_value(p, o, alpha, beta, empties, self.tick)
        yield
        return value

    def _node(self, p: int, o: int, alpha: int, beta: int, moves: int, empties: list[int]) -> Tree:
        """More than SHALLOW_EMPTIES empties; `moves` is the mover's move set."""
        count = len(empties)
        if count <= MID_EMPTIES:
            value = self._mid(p, o, alpha, beta, moves, empties)
            yield  # a small subtree ran without yielding: give the frame its turn now
            return value
        if self.tick():
            yield
        if not moves:
            replies = mobility(o, p)
            if not replies:
                return p.bit_count() - o.bit_count()
            return -(yield from self._node(o, p, -beta, -alpha, replies, empties))
        settled, alpha, beta, first = self._narrow(p, o, alpha, beta, count)
        if settled is not None:
            return settled
        key = p << 64 | o
        table = self.table
        start_alpha, start_beta = alpha, beta
        children = fastest_first(p, o, moves, first, count >= DEEP_SORT_EMPTIES)
        # Enhanced transposition cutoff: a child the table already refutes
        # (its value at most -beta) proves the cut without a search.
        for _, sq, child_p, child_o, _ in children:
            known = table.get(child_p << 64 | child_o)
            if known is not None and -known[1] >= beta:
                self._store(key, -known[1], start_alpha, start_beta, sq)
                return -known[1]
        best, best_move = NO_MOVE, -1
        for _, sq, child_p, child_o, replies in children:
            rest = empties.copy()
            rest.remove(sq)
            if best == NO_MOVE or beta - alpha == 1:
                value = -(yield from self._node(child_p, child_o, -beta, -alpha, replies, rest))
            else:
                # Principal variation search: a null window to refute the move cheaply,
                # a real one only when it fails high.
                value = -(yield from self._node(child_p, child_o, -alpha - 1, -alpha,
                                                replies, rest))
                if alpha < value < beta:
                    value = -(yield from self._node(child_p, child_o, -beta, -value,
                                                    replies, rest))
            if value > best:
                best, best_move = value, sq
                if value >= beta:
                    break
                if value > alpha:
                    alpha = value
        self._store(key, best, start_alpha, start_beta, best_move)
        return best

    def _mid(self, p: int, o: int, alpha: int, beta: int, moves: int, empties: list[int]) -> int:
        """SHALLOW_EMPTIES < empties <= MID_EMPTIES: `_node` as plain recursion."""
        tick = self.tick
        tick()
        if not moves:
            replies = mobility(o, p)
            if not replies:
                return p.bit_count() - o.bit_count()
            return -self._mid(o, p, -beta, -alpha, replies, empties)
        count = len(empties)
        settled, alpha, beta, first = self._narrow(p, o, alpha, beta, count)
        if settled is not None:
            return settled
        key = p << 64 | o
        start_alpha, start_beta = alpha, beta
        best, best_move = NO_MOVE, -1
        shallow_next = count == SHALLOW_EMPTIES + 1
        if shallow_next:  # its children need no move sets: a cheaper order will do
            children = nearest_first(p, o, moves, first, empties)
        else:
            children = fastest_first(p, o, moves, first)
        for _, sq, child_p, child_o, replies in children:
            rest = empties.copy()
            rest.remove(sq)
            if shallow_next:
                value = -_shallow(child_p, child_o, -beta, -alpha, rest, parity_of(rest), tick)
            else:
                value = -self._mid(child_p, child_o, -beta, -alpha, replies, rest)
            if value > best:
                best, best_move = value, sq
                if value >= beta:
                    break
                if value > alpha:
                    alpha = value
        self._store(key, best, start_alpha, start_beta, best_move)
        return best

    def _narrow(self, p: int, o: int, alpha: int, beta: int,
                count: int) -> tuple[int | None, int, int, int]:
        """What a node knows before it looks at a move: the stability cap and
        the table's bounds.  Returns (a settled value or None, the narrowed
        alpha and beta, the table's best move or -1)."""
        if alpha >= STABILITY_FROM[count]:
            # Stable opponent discs cap the margin: no need to look if the cap fails low.
            ceiling = 64 - 2 * stable_discs(o, p | o).bit_count()
            if ceiling <= alpha:
                return ceiling, alpha, beta, -1
            if ceiling < beta:
                beta = ceiling
        entry = self.table.get(p << 64 | o)
        if entry is None:
            return None, alpha, beta, -1
        low, high, first = entry
        if low >= beta or low == high:
            return low, alpha, beta, first
        if high <= alpha:
            return high, alpha, beta, first
        return None, max(alpha, low), min(beta, high), first

    def _store(self, key: int, value: int, alpha: int, beta: int, move: int) -> None:
        table = self.table
        entry = table.get(key)
        low, high = (entry[0], entry[1]) if entry is not None else (-INFINITY, INFINITY)
        if value <= alpha:
            high = min(high, value)
        elif value >= beta:
            low = max(low, value)
        else:
            low = high = value
        if len(table) >= TABLE_LIMIT:
            table.clear()  # crude, but bounds memory in the browser
        table[key] = (low, high, move)

    # -- the root --

    def solve_root(self, p: int, o: int) -> ExactSearch:
        """Solve the root by null-window probes (MTD(f)), yielding what is proven.

        The first probe asks "is there a win?"; each later one tests the bound
        between what is proven and what is refuted.  Every Found after the
        first (the ordering's guess) carries a proven bound; the last is exact.
        """
        empties = [sq for sq in SOLVE_ORDER if not (p | o) >> sq & 1]
        children = self._root_children(p, o, empties)
        best = children[0][0]  # the ordering's choice until one is proven
        yield Found(best, 0, 0)
        lower, upper, guess = -INFINITY, INFINITY, 1
        while lower < upper:
            beta = max(guess, lower + 1)
            guess, move = yield from self._probe(children, beta)
            if guess >= beta:
                lower = guess
                best = move  # proven to reach `lower`: the best yet
                children.sort(key=lambda child: child[0] != move)
            else:
                upper = guess
            # The proven bound (a win, a loss) while the margin is still open.
            yield Found(best, margin_score(lower if guess >= beta else upper), len(empties))

    def prove_result(self, p: int, o: int) -> ExactSearch:
        """Prove the root's result, not its margin: a winning move, else a
        drawing one, each yielded once proven (a null-window probe at +1, then
        at 0); nothing where every move loses (the midgame search's move then
        keeps its practical chances).  The score is the proven bound: a win
        scores the margin the probe's fail-soft value reached, which the real
        margin may exceed.  Two probes cost a fraction of the MTD(f) steps that
        pin the margin, so this reaches empties where a full solve does not.
        """
        empties = [sq for sq in SOLVE_ORDER if not (p | o) >> sq & 1]
        children = self._root_children(p, o, empties)
        for beta in (1, 0):
            value, move = yield from self._probe(children, beta)
            if value >= beta:
                yield Found(move, margin_score(value), len(empties))
                return

    def _probe(self, children: list[tuple[int, int, int, list[int]]],
               beta: int) -> Generator[None, None, tuple[int, int]]:
        """(value, move) for the window (beta - 1, beta): the first root move
        reaching beta, else the highest bound (no move: none is proven)."""
        best = NO_MOVE
        for move, child_p, child_o, rest in children:
            value = -(yield from self.value(child_p, child_o, -beta, 1 - beta, rest))
            if value >= beta:
                return value, move
            best = max(best, value)
        return best, -1

    def _root_children(self, p: int, o: int,
                       empties: list[int]) -> list[tuple[int, int, int, list[int]]]:
        """(move, child's p, child's o, child's empties) for each root move, the
        ordering's favourite first (it stands while the solver is cut short)."""
        moves = mobility(p, o)
        if not moves:
            return [(PASS, o, p, empties)]
        children = []
        for key, sq, child_p, child_o, _ in fastest_first(p, o, moves, -1, True):
            if self.order is not None:
                key = self.order(child_p, child_o)
            children.append((key, sq, child_p, child_o, [e for e in empties if e != sq]))
        children.sort(key=lambda child: (child[0], child[1]))
        return [(sq, child_p, child_o, rest) for _, sq, child_p, child_o, rest in children]
