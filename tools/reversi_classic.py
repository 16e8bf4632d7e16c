"""Reversi's hand-built evaluation, the one before the patterns: the pattern
fit's prior and the yardstick the tools measure the shipped evaluation against.

Nothing the game plays uses it (every level evaluates with
`game.ai.reversi.evaluate_bits`, the pattern evaluation); it lives here, with
the tools that use it (`reversi_tune.py`, `reversi_patterns_fit.py`,
`reversi_eval_match.py`), so that the game does not build its tables on import.

A weighted sum, per phase (eight, by the number of discs, `discs // 8`), of
mobility, potential mobility, frontier discs, X-squares next to an empty
corner, late parity, the disc count and an edge table (corners, C-squares
next to an empty corner, stable edge discs, other edge discs), in 1/16 of a
disc of final margin for the side to move.  The weights are read from
`reversi_classic_weights.json` beside this file (written by
`tools/reversi_tune.py tune`), or are the hand-set defaults below.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai.reversi import _X_DANGER, CORNERS
from game.ai.strategy import EVAL_LIMIT
from game.rules.reversi import FULL, NOT_A, NOT_H, mobility, stable_discs

COLUMN_A = 0x0101010101010101
_GATHER = 0x0102040810204080  # (x & COLUMN_A) * _GATHER >> 56: column a, row r -> bit r


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
DEFAULT_WEIGHTS: tuple[tuple[int, ...], ...] = tuple(
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

WEIGHTS_FILE = Path(__file__).with_name("reversi_classic_weights.json")


def load_weights(path: Path = WEIGHTS_FILE) -> tuple[tuple[int, ...], ...]:
    """Tuned weights if the file is there and well formed, else the defaults."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if data.get("features") != list(FEATURES):
            return DEFAULT_WEIGHTS
        weights = tuple(tuple(int(w) for w in phase) for phase in data["phases"])
    except (OSError, ValueError, KeyError, TypeError):
        return DEFAULT_WEIGHTS
    if len(weights) != PHASES or any(len(phase) != len(FEATURES) for phase in weights):
        return DEFAULT_WEIGHTS
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


def evaluate(p: int, o: int, moves: int | None = None) -> int:
    """The evaluation for the side owning `p`, clamped to the search's range.
    `moves` is `mobility(p, o)` if the caller knows it (a position keeps it),
    so that this can stand in for `game.ai.reversi.evaluate_bits`."""
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
    if moves is None:
        moves = mobility(p, o)
    score += w_mob * (moves.bit_count() - mobility(o, p).bit_count())
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
