"""Reversi strategy: a pattern-and-mobility evaluation and an exact endgame solver.

Everything here works on the engine's raw bitboards (`p` = the side to move's
discs, `o` = the opponent's, bit `row * 8 + col` with row 0 at the top: a
position's `mover` and `opponent`), through the engine's own kernels
(`mobility`, `place`, `stable_discs`), because the evaluation runs at every
leaf and the solver visits hundreds of thousands of positions.

Evaluation (units: 1/16 of a disc of expected final margin, side to move's view)
    `evaluate_bits`, every level's, is the pattern evaluation of
    `reversi_patterns` (per phase, a weight for every configuration of the
    edges, corner blocks, lines and diagonals, plus mobility, potential
    mobility, frontier and parity, fitted by `tools/reversi_patterns_fit.py`).
    The hand-built evaluation before it (`tools/reversi_classic.py`) is the
    fit's prior and the yardstick of the tools.

Endgame solver (`reversi_solver.py`)
    with at most `ENDGAME_EMPTIES` empty squares (and a search allowed that
    deep) the Search runs the exact solver instead; up to `TRY_EMPTIES` it
    races the solver against its midgame search and takes the solver's move
    only if the solve finishes within the budget.  The two thresholds are
    set from measured full solves (the comment at `ENDGAME_EMPTIES`): alone
    where the worst case fits the budget even in the browser, raced where a
    solve natively finishes in time in most positions, not beyond.

ProbCut (`probcut`)
    the midgame search cuts a null-window node where a search a few plies
    shallower, its measured bias added, clears the window by 1.5 of the
    measured deviations between the two depths (`PROBCUT_SPREAD`, from
    `tools/reversi_probcut.py`): some two plies more in the same nodes.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence

from ..rules.base import Outcome
from ..rules.reversi import PASS, SPEC, ReversiPosition
from .reversi_patterns import evaluate as pattern_evaluate
from .reversi_solver import Solver, margin_of, margin_score  # noqa: F401  (re-exported)
from .strategy import (  # noqa: F401  (WIN re-exported)
    EVAL_LIMIT,
    MAX_DEPTH,
    WIN,
    ExactSearch,
    Limits,
    SearchPlan,
    Strategy,
    Tentative,
    register,
)

# The thresholds, from a full solve of 40 positions per size from seeded
# self-play (docs/benchmarks.md, Reversi's exact endgame; CPU seconds
# natively on a loaded machine, worst of the 40):
#   13 empties: at most 49,000 nodes, 0.40 s;  14: 157,000 nodes, 0.72 s;
#   16: 696,000 nodes, 3.6 s (median 1.1 s);  18: median 4.7 s, and 14 of
#   the 40 need more than a million nodes (over 7 s).
# Solve alone up to here, adopting every bound it proves: the worst case is a
# fifth of the 2 s natively, so even the browser, at a quarter to a third of
# the native speed, finishes it (14: a third natively, over 2 s there).
ENDGAME_EMPTIES = 13
# Up to here, try: the solve races the midgame search (RACE_TURNS of its slices
# to one of the midgame's, a midgame node being the dearer: two thirds to five
# sixths of the 2 s, 1.3-1.7 s) and only a finished solve replaces the
# midgame's move, so a slow machine (the browser) keeps a midgame move where
# the solve cannot end.  At 16 empties 23-29 of the 40 finish within that; at
# 18 none or one does, so racing there would only starve the midgame search
# for a solve that almost never ends.
TRY_EMPTIES = 16
RACE_TURNS = 5
# Up to here, where the player's move (not the analysis) may settle for a
# proven result (`Limits.results`), race a proof of the result alone: a win,
# else a draw (`Solver.prove_result`).  Natively, from the positions of 100
# Druid games at 2 s, the proof took a median 0.10 s at 18 empties, 0.72 s
# at the 90th percentile and 1.6 s at worst, on a loaded machine; the Druid's
# moves there lost the result in 1 to 2 positions of some 50 per empties
# count (docs/benchmarks.md, "A proven result from 18 empties").  The proof
# gets RESULT_TURNS slices to one of the midgame's, fewer than the full
# solve: where it does not finish (a slow machine) the midgame move stands
# and should not be a starved one.
RESULT_EMPTIES = 18
RESULT_TURNS = 2

CORNERS = 0x8100000000000081

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


def evaluate_bits(p: int, o: int, moves: int | None = None) -> int:
    """The evaluation of a position given as bitboards, for the side owning `p`
    (`moves`: `mobility(p, o)` when the caller has it already, as a position
    does: the search asked for it to see whether the game is over).

    The pattern evaluation (`reversi_patterns`), clamped to the evaluation's
    range: fitted on chained labels it beat the hand-built one at equal time
    and at equal nodes (docs/benchmarks.md, Reversi's evaluation).
    """
    return max(-EVAL_LIMIT, min(EVAL_LIMIT, pattern_evaluate(p, o, moves)))


# -- move ordering hints --------------------------------------------------------

# Classic static square values: corners best, X-squares (b2 and the like)
# worst, C-squares poor; `_hint_table` drops the X/C penalties once the corner
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
    hints = _HINTS[(p | o) & CORNERS]
    return [hints[move] for move in moves]


def _hint_table(corners: int) -> tuple[int, ...]:
    """The hint of every move, by its number (the squares, then PASS, 64), with
    `corners` occupied."""
    danger = _X_DANGER[corners] | _C_DANGER[corners]
    return tuple(0 if move == PASS
                 else _SQUARE_VALUE[move] if _BIT[move] & danger else _SAFE_VALUE[move]
                 for move in range(PASS + 1))


# Per set of occupied corners (the key `occupied & CORNERS`), each move's hint:
# one lookup a move, where the search orders the moves of every interior node.
_HINTS = {corners: _hint_table(corners) for corners in _X_DANGER}


# -- ProbCut -------------------------------------------------------------------
#
# A node `depth` plies from the horizon first asks a search `probcut_shallow`
# plies deep.  The deep value is about the shallow one plus a bias, give or
# take a spread: where the shallow value plus the bias clears the window by
# PROBCUT_CONFIDENCE standard deviations, the node is cut without the deep
# search.  Bias and deviation were measured per pair of depths and band of
# disc counts by `tools/reversi_probcut.py` (docs/benchmarks.md, "Reversi
# ProbCut"), in 1/16 disc.

PROBCUT_FROM = 3
PROBCUT_BANDS = ((0, 24), (25, 34), (35, 44), (45, 64))  # disc counts, both ends in
# depth: ((mean, standard deviation) of deep - shallow value, per band)
PROBCUT_SPREAD: dict[int, tuple[tuple[int, int], ...]] = {
    3: ((8, 50), (7, 46), (10, 48), (21, 62)),
    4: ((9, 40), (-2, 48), (-6, 46), (14, 56)),
    5: ((13, 69), (9, 65), (25, 74), (31, 91)),
    6: ((12, 51), (-9, 62), (-2, 69), (5, 60)),
    7: ((5, 46), (5, 57), (20, 75), (27, 54)),
    8: ((3, 47), (-21, 52), (5, 61), (-10, 46)),
}
PROBCUT_CONFIDENCE = 1.5


def probcut_shallow(depth: int) -> int:
    """The shallow search that predicts a `depth`-ply one: of the same parity
    (an evaluation of the side to move is biased by whose turn it is), two
    plies less up to 4 and four from 5 (3 -> 1, 4 -> 2, 5 -> 1, 8 -> 4)."""
    return depth - 2 if depth < 5 else depth - 4


def _probcut_cuts() -> tuple[tuple[tuple[int, int, int], ...], ...]:
    """Per depth (0 to MAX_DEPTH) and disc count (0-64): (shallow depth, bias,
    margin).  Deeper than measured, the deepest measured pair's bias and
    spread (which change little with depth, docs/benchmarks.md) with the
    depth's own shallow search; rows below PROBCUT_FROM are never read."""
    deepest = max(PROBCUT_SPREAD)
    cuts = []
    for depth in range(MAX_DEPTH + 1):
        spreads = PROBCUT_SPREAD.get(min(max(depth, PROBCUT_FROM), deepest))
        per_disc: list[tuple[int, int, int]] = [(0, 0, 0)] * 65
        for (low, high), (mean, sd) in zip(PROBCUT_BANDS, spreads, strict=True):
            for discs in range(low, high + 1):
                per_disc[discs] = (probcut_shallow(depth), mean,
                                   round(PROBCUT_CONFIDENCE * sd))
        cuts.append(tuple(per_disc))
    return tuple(cuts)


_PROBCUT_CUTS = _probcut_cuts()


# -- the strategy ---------------------------------------------------------------

# No noisy moves to follow past the horizon (a leaf is its evaluation), and
# ProbCut from PROBCUT_FROM plies.
PLAN = SearchPlan(quiescence_depth=0, probcut_from=PROBCUT_FROM)


@register(SPEC.name)
class ReversiStrategy(Strategy):
    def plan(self, root: ReversiPosition) -> SearchPlan:
        return PLAN

    def evaluate(self, position: ReversiPosition) -> int:
        # The position keeps (mover, opponent) boards, exactly what we need,
        # and the mover's placements, which the search's outcome check found.
        return evaluate_bits(position.mover, position.opponent, position.placements())

    def priorities(self, position: ReversiPosition, moves: Sequence[int]) -> list[int]:
        return move_hints(position.mover, position.opponent, moves)

    def probcut(self, position: ReversiPosition, depth: int) -> tuple[int, int, int]:
        return _PROBCUT_CUTS[depth][(position.mover | position.opponent).bit_count()]

    def terminal_score(self, outcome: Outcome, position: ReversiPosition, ply: int) -> int:
        black, white = outcome.scores
        return margin_score(black - white if position.side == "b" else white - black)

    def exact(self, position: ReversiPosition, limits: Limits, tick: Callable[[], bool],
              seen: Mapping[Hashable, int]) -> ExactSearch | Tentative | None:
        """The endgame solver: alone from ENDGAME_EMPTIES empties, racing the
        midgame search up to TRY_EMPTIES, and a proof of the result alone up
        to RESULT_EMPTIES where the limits allow it (none when the level's
        depth is less: a shallow level sees the end only as far as it searches)."""
        p, o = position.mover, position.opponent
        empties = 64 - (p | o).bit_count()
        reach = RESULT_EMPTIES if limits.results else TRY_EMPTIES
        if empties > min(reach, limits.depth):
            return None
        moves = position.legal_moves()
        if not moves:
            return None  # the game is over: nothing to choose
        if empties <= ENDGAME_EMPTIES:
            return Solver(tick, evaluate_bits).solve_root(p, o)
        if len(moves) == 1:
            return None  # a forced move: the solve would not change it
        if empties <= TRY_EMPTIES:
            return Tentative(Solver(tick, evaluate_bits).solve_root(p, o), RACE_TURNS)
        return Tentative(Solver(tick, evaluate_bits).prove_result(p, o), RESULT_TURNS)
