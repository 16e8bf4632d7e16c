"""Reversi strategy: a pattern-and-mobility evaluation and an exact endgame solver.

Everything here works on the engine's raw bitboards (`p` = the side to move's
discs, `o` = the opponent's, bit `row * 8 + col` with row 0 at the top: a
position's `mover` and `opponent`), through the engine's own kernels
(`mobility`, `place`, `stable_discs`), because the evaluation runs at every
leaf and the solver visits hundreds of thousands of positions.

Evaluation (units: 1/16 of a disc of expected final margin, side to move's view)
    `evaluate_bits` is the pattern evaluation of `reversi_patterns` (per phase,
    a weight for every configuration of the edges, corner blocks, lines and
    diagonals, plus mobility, potential mobility, frontier and parity, fitted
    by `tools/reversi_patterns_fit.py`).  `evaluate_classic` is the evaluation
    it replaced, kept as the fit's starting point and the yardstick of its
    tests and matches: a weighted sum of mobility, potential mobility, frontier
    discs, X-squares next to an empty corner, an edge table (corners, C-squares
    next to an empty corner, stable edge discs, other edge discs), late parity
    and the disc count, in eight phases by the number of discs, with weights
    from `reversi_weights.json` (written by `tools/reversi_tune.py`).

Endgame solver
    with at most `ENDGAME_EMPTIES` empty squares (and a search allowed that
    deep) the Search runs `exact` instead: null-window alpha-beta probes on the
    final disc margin (MTD(f)) — "is there a win?" first, then on to the exact
    margin — with fastest-first ordering, a transposition table and a
    stability cutoff on the upper nodes (generators, so the UI gets a slice
    every few nodes) and a plain recursive solver over a static square order
    for the last few empties.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Generator, Hashable, Mapping, Sequence
from pathlib import Path

from ..rules.base import Outcome
from ..rules.reversi import (
    FULL,
    NEIGHBOURS,
    NOT_A,
    NOT_H,
    PASS,
    SPEC,
    ReversiPosition,
    mobility,
    place,
    stable_discs,
)
from .reversi_patterns import evaluate as pattern_evaluate
from .strategy import EVAL_LIMIT, WIN, ExactSearch, Found, Limits, Strategy, register

# Solve exactly from here.  Measured (`tools/reversi_tune.py bench`, CPU s per
# position): 14 empties 0.05-0.24, 15 ~0.5 on average, 16 0.2-7 — and the
# browser runs at about half speed within the Druid's 2 s.
ENDGAME_EMPTIES = 14
LOW_EMPTIES = 6  # at or below this many empties the plain (non-yielding) solver takes over
STABILITY_FROM = 8  # try the stability cutoff when alpha is at least this margin
TABLE_LIMIT = 300_000  # solver transposition entries before the table is cleared

CORNERS = 0x8100000000000081
COLUMN_A = 0x0101010101010101
_GATHER = 0x0102040810204080  # (x & COLUMN_A) * _GATHER >> 56: column a, row r -> bit r

_BIT = tuple(1 << sq for sq in range(64))

# (corner, its X-square, its two C-squares)
_CORNER_GROUPS = ((0, 9, (1, 8)), (7, 14, (6, 15)), (56, 49, (48, 57)), (63, 54, (55, 62)))


def _corner_masks(bit_of_square: Callable[[int, tuple[int, ...]], int]) -> dict[int, int]:
    """Per set of occupied corners (the key is `occupied & CORNERS`), a mask of the
    squares `bit_of_square(X, Cs)` picks next to the still-empty corners."""
    table = {}
    for occupied in range(16):
        key = mask = 0
        for i, (corner, x_square, c_squares) in enumerate(_CORNER_GROUPS):
            if occupied >> i & 1:
                key |= 1 << corner
            else:
                mask |= bit_of_square(x_square, c_squares)
        table[key] = mask
    return table


_X_DANGER = _corner_masks(lambda x, cs: 1 << x)
_C_DANGER = _corner_masks(lambda x, cs: (1 << cs[0]) | (1 << cs[1]))


def _dilate(x: int) -> int:
    """The squares next to (any of the 8 directions) some square of `x`."""
    side = ((x << 1) & NOT_A) | ((x >> 1) & NOT_H)
    wide = x | side
    return (side | (wide << 8) | (wide >> 8)) & FULL


# -- edge table -----------------------------------------------------------------
#
# An edge is 8 cells read as a base-3 number (0 empty, 1 the mover's, 2 the
# opponent's); its cells 0 and 7 are corners.  An edge disc can only ever be
# turned along the edge, so which of its discs are stable is the engine's
# `stable_discs` of that edge alone on the board (laid on row 1), answered
# once per pattern here instead of at every leaf.

_BASE3 = tuple(sum(3 ** i for i in range(8) if bits >> i & 1) for bits in range(256))
EDGE_FEATURES = ("corners", "c_squares", "stable", "edge_discs")
EdgeStability = dict[tuple[int, int], int]


def _edge_features(index: int, stable_on_edge: EdgeStability) -> tuple[int, int, int, int]:
    """(corners, exposed C-squares, stable discs, other edge discs), mover minus opponent."""
    cells = [index // 3 ** i % 3 for i in range(8)]
    sign = (0, 1, -1)
    corners = sign[cells[0]] + sign[cells[7]]
    c_squares = sum(sign[cells[c]] for c, corner in ((1, 0), (6, 7)) if cells[corner] == 0)
    mine = sum(1 << i for i, cell in enumerate(cells) if cell == 1)
    theirs = sum(1 << i for i, cell in enumerate(cells) if cell == 2)
    safe = stable_on_edge[mine, theirs] | stable_on_edge[theirs, mine]
    stable = [safe >> i & 1 for i in range(8)]
    stable_diff = sum(sign[cell] for cell, s in zip(cells, stable, strict=True) if s)
    others = sum(sign[cell] for i, cell in enumerate(cells)
                 if not stable[i] and i not in (0, 7))
    return corners, c_squares, stable_diff, others


def _edge_table() -> tuple[tuple[int, int, int, int], ...]:
    """The features of every edge pattern, by base-3 index."""
    # Per (one side's cells, the other's) as 8-bit masks: the first side's stable
    # discs, asked once per pattern and side; dropped once the table is built.
    stable_on_edge = {(mine, theirs): stable_discs(mine, mine | theirs)
                      for mine in range(256) for theirs in range(256) if not mine & theirs}
    return tuple(_edge_features(index, stable_on_edge) for index in range(3 ** 8))


_EDGE_FEATURES = _edge_table()


# -- weights --------------------------------------------------------------------

FEATURES = ("mobility", "potential", "frontier", "x_squares", "parity", "discs", *EDGE_FEATURES)
PHASES = 8  # phase = min(discs, 63) // 8

# Hand-set defaults, per phase (4-7 discs, 8-15, ..., 56-64), in 1/16 disc.
# Mobility rules the middle game; corners and stable edges grow in worth as
# the board fills; disc count is a liability early and all that counts late.
_DEFAULT_WEIGHTS: tuple[tuple[int, ...], ...] = tuple(
    (mob, pot, front, x, par, disc, corner, c_sq, stab, edge)
    for mob, pot, front, x, par, disc, corner, c_sq, stab, edge in (
        (20, 6, -8, -60, 0, -2, 80, -20, 20, 0),
        (20, 6, -8, -80, 0, -2, 80, -25, 20, 0),
        (18, 6, -8, -80, 0, -2, 80, -25, 20, 0),
        (16, 5, -7, -80, 0, -1, 75, -25, 20, 1),
        (14, 4, -6, -70, 4, 0, 70, -20, 20, 1),
        (12, 3, -5, -60, 12, 2, 60, -15, 18, 2),
        (10, 2, -3, -40, 20, 8, 45, -10, 16, 2),
        (6, 0, -1, -20, 24, 14, 25, -4, 12, 2),
    ))

WEIGHTS_FILE = Path(__file__).with_name("reversi_weights.json")


def load_weights(path: Path = WEIGHTS_FILE) -> tuple[tuple[int, ...], ...]:
    """Tuned weights if the file is there and well formed, else the defaults."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if data.get("features") != list(FEATURES):
            return _DEFAULT_WEIGHTS
        weights = tuple(tuple(int(w) for w in phase) for phase in data["phases"])
    except (OSError, ValueError, KeyError, TypeError):
        return _DEFAULT_WEIGHTS
    if len(weights) != PHASES or any(len(phase) != len(FEATURES) for phase in weights):
        return _DEFAULT_WEIGHTS
    return weights


class EvalTables:
    """Per disc count: the scalar weights and the edge table of its phase."""

    def __init__(self, weights: tuple[tuple[int, ...], ...]) -> None:
        self.weights = weights
        edges = []
        for phase in weights:
            wc, wcs, wst, wed = phase[6:]
            edges.append([wc * c + wcs * cs + wst * st + wed * ed
                          for c, cs, st, ed in _EDGE_FEATURES])
        self.scalars = tuple(weights[min(d, 63) // 8][:6] for d in range(65))
        self.edges = tuple(edges[min(d, 63) // 8] for d in range(65))


_TABLES = EvalTables(load_weights())


def use_tables(tables: EvalTables) -> EvalTables:
    """Evaluate with other weights from now on (the tuner's matches); returns the old."""
    global _TABLES
    old, _TABLES = _TABLES, tables
    return old


# -- evaluation -----------------------------------------------------------------

def features(p: int, o: int) -> tuple[int, ...]:
    """The evaluation's feature values in FEATURES order (for the tuner and tests)."""
    occupied = p | o
    empty = ~occupied & FULL
    edge = [0, 0, 0, 0]
    for index in _edge_indices(p, o):
        for i, value in enumerate(_EDGE_FEATURES[index]):
            edge[i] += value
    near_empty, near_p, near_o = _dilate(empty), _dilate(p), _dilate(o)
    x_mask = _X_DANGER[occupied & CORNERS]
    return (mobility(p, o).bit_count() - mobility(o, p).bit_count(),
            (empty & near_o).bit_count() - (empty & near_p).bit_count(),
            (p & near_empty).bit_count() - (o & near_empty).bit_count(),
            (p & x_mask).bit_count() - (o & x_mask).bit_count(),
            1 if empty.bit_count() & 1 else -1,
            p.bit_count() - o.bit_count(),
            *edge)


def _edge_indices(p: int, o: int) -> tuple[int, int, int, int]:
    """Base-3 indices of the top, bottom, left and right edges."""
    b3 = _BASE3
    left_p = ((p & COLUMN_A) * _GATHER >> 56) & 0xFF
    left_o = ((o & COLUMN_A) * _GATHER >> 56) & 0xFF
    right_p = (((p >> 7) & COLUMN_A) * _GATHER >> 56) & 0xFF
    right_o = (((o >> 7) & COLUMN_A) * _GATHER >> 56) & 0xFF
    return (b3[p & 0xFF] + 2 * b3[o & 0xFF], b3[p >> 56] + 2 * b3[o >> 56],
            b3[left_p] + 2 * b3[left_o], b3[right_p] + 2 * b3[right_o])


def evaluate_bits(p: int, o: int) -> int:
    """The evaluation of a position given as bitboards, for the side owning `p`:
    the pattern evaluation (`reversi_patterns`)."""
    return max(-EVAL_LIMIT, min(EVAL_LIMIT, pattern_evaluate(p, o)))


def evaluate_classic(p: int, o: int) -> int:
    """The evaluation before the patterns (features, `reversi_weights.json`): the
    tools and tests measure the pattern evaluation against it."""
    occupied = p | o
    discs = occupied.bit_count()
    tables = _TABLES
    w_mob, w_pot, w_front, w_x, w_par, w_disc = tables.scalars[discs]
    edge = tables.edges[discs]
    b3 = _BASE3
    # The edges, inlined from _edge_indices: this runs at every leaf.
    score = (edge[b3[p & 0xFF] + 2 * b3[o & 0xFF]] + edge[b3[p >> 56] + 2 * b3[o >> 56]]
             + edge[b3[((p & COLUMN_A) * _GATHER >> 56) & 0xFF]
                    + 2 * b3[((o & COLUMN_A) * _GATHER >> 56) & 0xFF]]
             + edge[b3[(((p >> 7) & COLUMN_A) * _GATHER >> 56) & 0xFF]
                    + 2 * b3[(((o >> 7) & COLUMN_A) * _GATHER >> 56) & 0xFF]])
    score += w_mob * (mobility(p, o).bit_count() - mobility(o, p).bit_count())
    empty = ~occupied & FULL
    if w_pot:
        score += w_pot * ((empty & _dilate(o)).bit_count() - (empty & _dilate(p)).bit_count())
    if w_front:
        near_empty = _dilate(empty)
        score += w_front * ((p & near_empty).bit_count() - (o & near_empty).bit_count())
    x_mask = _X_DANGER[occupied & CORNERS]
    if x_mask:
        score += w_x * ((p & x_mask).bit_count() - (o & x_mask).bit_count())
    if w_par:
        score += w_par if (64 - discs) & 1 else -w_par
    if w_disc:
        score += w_disc * (p.bit_count() - o.bit_count())
    return max(-EVAL_LIMIT, min(EVAL_LIMIT, score))


# -- move ordering hints --------------------------------------------------------

# Classic static square values: corners best, X-squares (b2 and the like)
# worst, C-squares poor; `_order_value` drops the X/C penalties once the corner
# beside them is taken, when those squares become ordinary edge squares.
_SQUARE_VALUE = (
    60, -12, 8, 6, 6, 8, -12, 60,
    -12, -30, -2, -2, -2, -2, -30, -12,
    8, -2, 2, 1, 1, 2, -2, 8,
    6, -2, 1, 0, 0, 1, -2, 6,
    6, -2, 1, 0, 0, 1, -2, 6,
    8, -2, 2, 1, 1, 2, -2, 8,
    -12, -30, -2, -2, -2, -2, -30, -12,
    60, -12, 8, 6, 6, 8, -12, 60,
)
_SAFE_VALUE = tuple(4 if v < -2 else v for v in _SQUARE_VALUE)  # corner beside it taken


def move_hints(p: int, o: int, moves: Sequence[int]) -> list[int]:
    """Ordering hints for moves (squares or PASS) of the side owning `p`.

    Square values only, X/C squares bad only next to an empty corner.  Also
    counting the replies each move leaves (fastest-first) cut the generic
    search's nodes by ~28% at depth 6-7 but cost 30-50% more time: a
    `mobility` per move at every interior node is dearer than the nodes it
    saves once the table move, killers and history have their say.  The
    endgame solver, whose nodes are cheap bitboard operations, does use it.
    """
    danger = _X_DANGER[(p | o) & CORNERS] | _C_DANGER[(p | o) & CORNERS]
    return [0 if move == PASS
            else _SQUARE_VALUE[move] if _BIT[move] & danger else _SAFE_VALUE[move]
            for move in moves]


# -- the strategy ---------------------------------------------------------------

def margin_score(margin: int) -> int:
    """A final disc margin in the search's units: a win beats any evaluation."""
    if margin > 0:
        return WIN - 100 + margin
    if margin < 0:
        return margin - WIN + 100
    return 0


@register(SPEC.name)
class ReversiStrategy(Strategy):
    def evaluate(self, position: ReversiPosition) -> int:
        # The position keeps (mover, opponent) boards, exactly what we need.
        return evaluate_bits(position.mover, position.opponent)

    def priorities(self, position: ReversiPosition, moves: Sequence[int]) -> list[int]:
        return move_hints(position.mover, position.opponent, moves)

    def terminal_score(self, outcome: Outcome, position: ReversiPosition, ply: int) -> int:
        black, white = outcome.scores
        return margin_score(black - white if position.side == "b" else white - black)

    def exact(self, position: ReversiPosition, limits: Limits, tick: Callable[[], bool],
              seen: Mapping[Hashable, int]) -> ExactSearch | None:
        """The endgame solver, from ENDGAME_EMPTIES empties (fewer when the level's
        depth is less: a shallow level sees the end only as far as it searches)."""
        p, o = position.mover, position.opponent
        empties = 64 - (p | o).bit_count()
        if empties > min(ENDGAME_EMPTIES, limits.depth):
            return None
        if not position.legal_moves():
            return None  # the game is over: nothing to choose
        return Solver(tick).solve_root(p, o)


# -- the endgame solver ---------------------------------------------------------
#
# Values are final disc margins for the side to move (empty squares left at
# the end count for nobody, as in RULES.md).  All windows are fail-soft.

# Deep in the tree moves are tried in a fixed order: corners first, X-squares
# last; it costs nothing per node, unlike sorting by the opponent's replies.
_SOLVE_ORDER = tuple(sorted(range(64), key=lambda sq: (-_SQUARE_VALUE[sq], sq)))
_INFINITY = 65  # beyond any margin


def _last1(p: int, o: int, sq: int) -> int:
    """The final margin when only `sq` is empty (63 discs on the board)."""
    # After a placement the board is full: the margin is 2 x the mover's discs - 64.
    if NEIGHBOURS[sq] & o:
        after = place(sq, p, o)
        if after:
            return 2 * after[1].bit_count() - 64
    if NEIGHBOURS[sq] & p:
        after = place(sq, o, p)  # the mover passes; the opponent may play it
        if after:
            return 2 * after[0].bit_count() - 64
    return 2 * p.bit_count() - 63


def _low(p: int, o: int, alpha: int, beta: int, empties: list[int], tick: Callable[[], bool],
         passed: bool = False) -> int:
    """Exact value with 2..LOW_EMPTIES empties: plain recursion, tried in `empties` order.

    It neither yields nor sorts: subtrees this small finish in well under a
    millisecond, and the caller yields after each.  Every node still counts.
    """
    tick()
    best = -_INFINITY
    for sq in empties:
        if NEIGHBOURS[sq] & o:  # no enemy neighbour: nothing can flip
            after = place(sq, p, o)
            if after:
                child_p, child_o = after  # not *after: a starred call is a slower call
                if len(empties) == 2:
                    value = -_last1(child_p, child_o,
                                    empties[0] if empties[1] == sq else empties[1])
                else:
                    rest = empties.copy()
                    rest.remove(sq)  # a third of the time of a comprehension
                    value = -_low(child_p, child_o, -beta, -alpha, rest, tick)
                if value > best:
                    if value >= beta:
                        return value
                    best = value
                    if value > alpha:  # not max(): this is the hottest loop
                        alpha = value
    if best == -_INFINITY:  # no move: pass, or the game is over
        if passed:
            return p.bit_count() - o.bit_count()
        return -_low(o, p, -beta, -alpha, empties, tick, True)
    return best


Tree = Generator[None, None, int]


class Solver:
    """An exact endgame search on bitboards; `tick` is the Search's node counter."""

    def __init__(self, tick: Callable[[], bool]) -> None:
        self.tick = tick
        self.table: dict[tuple[int, int], tuple[int, int, int]] = {}

    # -- the tree --

    def value(self, p: int, o: int, alpha: int, beta: int, empties: list[int]) -> Tree:
        """The exact margin (fail-soft in the window) for any number of empties."""
        if len(empties) >= 2:
            return (yield from self._node(p, o, alpha, beta, mobility(p, o), empties))
        self.tick()
        if empties:
            return _last1(p, o, empties[0])
        return p.bit_count() - o.bit_count()

    def _node(self, p: int, o: int, alpha: int, beta: int, moves: int, empties: list[int]) -> Tree:
        """At least two empties; `moves` is the mover's move set (the parent had it)."""
        if len(empties) <= LOW_EMPTIES:
            value = _low(p, o, alpha, beta, empties, self.tick)
            yield  # a small subtree ran without yielding: give the frame its turn now
            return value
        if self.tick():
            yield
        if not moves:
            replies = mobility(o, p)
            if not replies:
                return p.bit_count() - o.bit_count()
            return -(yield from self._node(o, p, -beta, -alpha, replies, empties))
        if alpha >= STABILITY_FROM:
            # Stable opponent discs cap the margin: no need to look if the cap fails low.
            ceiling = 64 - 2 * stable_discs(o, p | o).bit_count()
            if ceiling <= alpha:
                return ceiling
            beta = min(beta, ceiling)
        key = (p, o)
        entry = self.table.get(key)
        first = -1
        if entry is not None:
            low, high, first = entry
            if low >= beta or low == high:
                return low
            if high <= alpha:
                return high
            alpha, beta = max(alpha, low), min(beta, high)
        start_alpha, start_beta = alpha, beta
        best, best_move = -_INFINITY, -1
        for _, sq, child_p, child_o, replies in _fastest_first(p, o, moves, first):
            rest = empties.copy()
            rest.remove(sq)
            if best == -_INFINITY or beta - alpha == 1:
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
                alpha = max(alpha, value)
        self._store(key, best, start_alpha, start_beta, best_move)
        return best

    def _store(self, key: tuple[int, int], value: int, alpha: int, beta: int, move: int) -> None:
        table = self.table
        entry = table.get(key)
        low, high = (entry[0], entry[1]) if entry is not None else (-_INFINITY, _INFINITY)
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

        The first probe asks "is there a win?" — the win/draw/loss answer comes
        far sooner than the margin.  Each later probe tests the bound between
        what is proven and what is refuted, the table keeping every subtree's
        bounds from one probe to the next; on these positions that beat a
        full-window principal-variation pass by about a third.
        """
        empties = [sq for sq in _SOLVE_ORDER if not (p | o) >> sq & 1]
        children = _root_children(p, o, empties)
        best = children[0][0]  # the evaluation's choice until one is proven
        yield Found(best, 0, 0)
        lower, upper, guess = -_INFINITY, _INFINITY, 1
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

    def _probe(self, children: list[tuple[int, int, int, list[int]]],
               beta: int) -> Generator[None, None, tuple[int, int]]:
        """(value, move) for the window (beta - 1, beta): the first root move
        reaching beta, else the highest bound (no move: none is proven)."""
        best = -_INFINITY
        for move, child_p, child_o, rest in children:
            value = -(yield from self.value(child_p, child_o, -beta, 1 - beta, rest))
            if value >= beta:
                return value, move
            best = max(best, value)
        return best, -1


def _fastest_first(p: int, o: int, moves: int,
                   first: int) -> list[tuple[int, int, int, int, int]]:
    """The children (key, square, child's p, child's o, child's moves), best first.

    Fewest replies first, a reply on a corner counting three, then the static
    square value; the table's move before all.  Each child's move set is kept
    so the child does not generate it again.
    """
    children = []
    while moves:
        bit = moves & -moves
        moves ^= bit
        sq = bit.bit_length() - 1
        child_p, child_o = place(sq, p, o)
        replies = mobility(child_p, child_o)
        key = 16 * replies.bit_count() + 32 * (replies & CORNERS).bit_count() \
            - _SQUARE_VALUE[sq] // 8 - (10_000 if sq == first else 0)
        children.append((key, sq, child_p, child_o, replies))
    children.sort()
    return children


def _root_children(p: int, o: int, empties: list[int]) -> list[tuple[int, int, int, list[int]]]:
    """(move, child's p, child's o, child's empties) for each root move, the
    evaluation's favourite first (it stands while the solver is cut short)."""
    moves = mobility(p, o)
    if not moves:
        return [(PASS, o, p, empties)]
    children = []
    while moves:
        bit = moves & -moves
        moves ^= bit
        sq = bit.bit_length() - 1
        child_p, child_o = place(sq, p, o)
        children.append((evaluate_bits(child_p, child_o), sq, child_p, child_o,
                         [e for e in empties if e != sq]))
    children.sort(key=lambda child: (child[0], child[1]))
    return [(sq, child_p, child_o, rest) for _, sq, child_p, child_o, rest in children]
