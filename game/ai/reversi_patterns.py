"""Reversi's pattern evaluation: per game phase, a weight for every configuration
of a set of board shapes, summed over every place the shape occurs.

Boards are the engine's bitboards (`p` the mover's discs, `o` the opponent's,
bit `row * 8 + col`, row 0 at the top).  A cell reads 0 empty, 1 the mover's,
2 the opponent's, and a shape instance is the base-3 number of its cells in
the instance's reading order; the eight symmetries of the board map the
instances of a shape onto each other with their reading orders, so one table
per shape serves every instance (and the fit ties each configuration to its
mirror image where the shape maps onto itself).

Shapes (instances):
    edge2x  an edge, corner to corner, and the two X-squares beside its
            corners: 3^10 (4)
    corner3 the 3x3 block at a corner: 3^9 (4)
    corner5 a 2x5 block along an edge from a corner, both ways: 3^10 (8)
    line2, line3, line4   the 2nd, 3rd and 4th row or column from an edge: 3^8 (4 each)
    diag4 .. diag8        the diagonals of 4-8 squares (4 each, diag8 2)
plus a weight per square and cell (see `SQUARES`), the mobility difference,
potential mobility, frontier discs and parity (`scalar_features`).

How the index of each instance is found cheaply: every row of the board (and
of its transpose, for the columns) is read once as a base-3 number from its
two bytes (`_B3`, `_B3_2`), and small per-row tables pick and scale the cells
a shape takes from that row.  The diagonals are read in "wrapped" pairs: the
squares with (col - row) mod 8 = k (or (row + col) mod 8 = k) lie one in each
column, so one multiplication gathers them into a byte; the pair's combined
table holds the sum of both diagonals' weights (lengths 1-3 weigh nothing).

Weights, units 1/16 of a disc of final margin, come from
`tools/reversi_patterns_fit.py` as `reversi_patterns.bin` (zlib-compressed
little-endian int16 tables, per phase in `TABLE_SIZES` order but for the
wrapped diagonals, which `load` derives), read once, when first needed (see
KEEP_PHASES for when they become lists).

The shipped weights were fitted on 90,969 positions drawn from 396,214
distinct ones of 8,000 varied self-play games (random openings, a depth-1 or
depth-2 player with its own noise and carelessness per game): exact values
at 12 empties or fewer, earlier phases labelled by a two-ply search whose
leaves the already-fitted later phases score (chained from the end of the
game backwards), every tenth game held out.  Held-out error at the exact
phases, in discs, patterns / the classic evaluation scaled by its best
factor: phase 8 (7-12 empties) 8.4/11.1, phase 9 5.7/7.6; at 13-14 empties
against exact values 8.0/10.9.  `tools/reversi_patterns_fit.py` says how,
`docs/benchmarks.md` ("Reversi patterns, chained labels") has the figures.
"""

from __future__ import annotations

import sys
import zlib
from array import array
from collections.abc import Generator, Iterator
from functools import cache
from pathlib import Path

from ..rules.reversi import FULL, NOT_A, NOT_H, mobility

DATA_FILE = Path(__file__).with_name("reversi_patterns.bin")
MAGIC = b"RVP2"  # RVP1 stored the wrapped diagonal tables too
PHASES = 10
SCALARS = ("mobility", "potential", "frontier", "parity", "bias")


def phase_of(discs: int) -> int:
    """The phase of a position with this many discs (4..64): bands of six."""
    return min((discs - 4) // 6, PHASES - 1)


# Tables stored per phase, in this order: the shape tables; per square and cell
# (`3 * square + cell`) half a square's own weight, which the fit learns beside
# the shapes as a fallback for configurations it saw too rarely; the eight
# combined diagonal tables (derived from the diagonals' tables and the squares:
# every square lies on one wrapped diagonal of each direction, hence the half;
# the evaluation reads only these); then the scalar weights.
SHAPES = ("edge2x", "corner3", "corner5", "line2", "line3", "line4",
          "diag4", "diag5", "diag6", "diag7", "diag8")
TABLE_NAMES = (*SHAPES, "squares", *(f"wrap{k}" for k in range(8)), "scalars")
TABLE_SIZES = (3 ** 10, 3 ** 9, 3 ** 10, 3 ** 8, 3 ** 8, 3 ** 8, *(3 ** n for n in range(4, 9)),
               64 * 3, *(3 ** 8,) * 8, len(SCALARS))
SQUARES = TABLE_NAMES.index("squares")
WRAP0 = TABLE_NAMES.index("wrap0")

# -- the shapes, as lists of squares in reading order ---------------------------
#
# One instance per shape is written out; `symmetries` gives the others.  Used by
# the fitting tool and the tests (the slow reference); the fast path below
# reads the same cells in the same order.


def _sq(row: int, col: int) -> int:
    return row * 8 + col


BASE_SHAPES: dict[str, tuple[int, ...]] = {
    "edge2x": (*(_sq(0, c) for c in range(8)), _sq(1, 1), _sq(1, 6)),
    "corner3": tuple(_sq(r, c) for r in range(3) for c in range(3)),
    "corner5": tuple(_sq(r, c) for r in range(2) for c in range(5)),
    "line2": tuple(_sq(1, c) for c in range(8)),
    "line3": tuple(_sq(2, c) for c in range(8)),
    "line4": tuple(_sq(3, c) for c in range(8)),
    **{f"diag{n}": tuple(_sq(i, i + 8 - n) for i in range(n)) for n in range(4, 9)},
}


def _transform(sq: int, t: int) -> int:
    """Square `sq` under symmetry t (0-7): bit 0 mirror columns, 1 mirror rows, 2 transpose."""
    row, col = divmod(sq, 8)
    if t & 4:
        row, col = col, row
    if t & 1:
        col = 7 - col
    if t & 2:
        row = 7 - row
    return row * 8 + col


@cache
def instances(shape: str) -> list[tuple[int, ...]]:
    """Every distinct instance of a shape (as a square set), in some reading order."""
    seen, found = set(), []
    for t in range(8):
        squares = tuple(_transform(sq, t) for sq in BASE_SHAPES[shape])
        if frozenset(squares) not in seen:
            seen.add(frozenset(squares))
            found.append(squares)
    return found


def self_maps(shape: str) -> list[tuple[int, ...]]:
    """Permutations of a shape's cells that a symmetry mapping it onto itself makes
    (position i of the result = which cell goes there); identity included."""
    base = BASE_SHAPES[shape]
    where = {sq: i for i, sq in enumerate(base)}
    maps = []
    for t in range(8):
        image = [_transform(sq, t) for sq in base]
        if set(image) == set(base):
            perm = tuple(where[sq] for sq in image)
            if perm not in maps:
                maps.append(perm)
    return maps


def cell(p: int, o: int, sq: int) -> int:
    return (p >> sq & 1) + 2 * (o >> sq & 1)


def reference_index(p: int, o: int, squares: tuple[int, ...]) -> int:
    """The slow, obvious base-3 index of an instance (for the tools and tests)."""
    return sum(cell(p, o, sq) * 3 ** i for i, sq in enumerate(squares))


# -- fast index tables -----------------------------------------------------------

_B3 = [sum(3 ** i for i in range(8) if bits >> i & 1) for bits in range(256)]
_B3_2 = [2 * v for v in _B3]


def _digits(index: int) -> list[int]:
    return [index // 3 ** i % 3 for i in range(8)]


def _pick(cols: tuple[int, ...], scale: int) -> list[int]:
    """Per row index (3^8): the base-3 number of the cells at `cols` (in that order) x scale."""
    table = [0]
    for c in range(7, -1, -1):  # built digit by digit, the lowest (column 0) varying fastest
        unit = scale * 3 ** cols.index(c) if c in cols else 0
        table = [v + unit * digit for v in table for digit in range(3)]
    return table


_X_PAIR = _pick((1, 6), 3 ** 8)  # the X-squares b2, g2 as digits 8 and 9 of edge2x
_LEFT3 = tuple(_pick((0, 1, 2), 27 ** k) for k in range(3))
_RIGHT3 = tuple(_pick((7, 6, 5), 27 ** k) for k in range(3))
_LEFT5 = tuple(_pick((0, 1, 2, 3, 4), 243 ** k) for k in range(2))
_RIGHT5 = tuple(_pick((7, 6, 5, 4, 3), 243 ** k) for k in range(2))

_MAGIC = 0x0101010101010101  # (x & one-square-per-column mask) * _MAGIC >> 56: column c -> bit c


def _wrap_masks() -> tuple[tuple[int, int], ...]:
    """(mask, table number) of the 16 wrapped diagonals (see the module notes)."""
    masks = []
    for k in range(8):
        down = sum(1 << _sq(r, c) for r in range(8) for c in range(8) if (c - r) % 8 == k)
        masks.append((down, k))
    for j in range(8):
        up = sum(1 << _sq(r, c) for r in range(8) for c in range(8) if (r + c) % 8 == j)
        masks.append((up, (j + 1) % 8))
    return tuple(masks)


WRAPS = _wrap_masks()


def wrap_pieces(k: int) -> tuple[tuple[int, int], tuple[int, int]]:
    """Wrapped table k: ((first digit, length) of its two diagonals) in its byte:
    columns k..7 hold a diagonal of 8 - k squares, columns 0..k-1 one of k."""
    return (k, 8 - k), (0, k)


def _transpose(x: int) -> int:
    """The board mirrored in the a1-h8 diagonal (row <-> column)."""
    t = (x ^ (x >> 7)) & 0x00AA00AA00AA00AA
    x ^= t ^ (t << 7)
    t = (x ^ (x >> 14)) & 0x0000CCCC0000CCCC
    x ^= t ^ (t << 14)
    t = (x ^ (x >> 28)) & 0x00000000F0F0F0F0
    return x ^ t ^ (t << 28)


def _dilate(x: int) -> int:
    """The squares next to (any of the 8 directions) some square of `x`."""
    side = ((x << 1) & NOT_A) | ((x >> 1) & NOT_H)
    wide = x | side
    return (side | (wide << 8) | (wide >> 8)) & FULL


# -- the weights -------------------------------------------------------------------

Phase = tuple[array, ...]


# The tables the file holds: all but the wrapped diagonals, which `load`
# derives from the diagonals and squares (they would be a third of the file).
STORED = tuple(i for i, name in enumerate(TABLE_NAMES) if not name.startswith("wrap"))


def load(path: Path = DATA_FILE) -> tuple[Phase, ...]:
    """The phases' tables from the data file (raises ValueError if malformed)."""
    steps = loading(path)
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value


def loading(path: Path = DATA_FILE) -> Generator[None, None, tuple[Phase, ...]]:
    """`load` a piece at a time: it pauses (yields) after each derived table,
    the dearest part (a few ms each natively), and returns the phases."""
    raw = path.read_bytes()
    if raw[:4] != MAGIC:
        raise ValueError(f"{path.name}: not a pattern file")
    data = zlib.decompress(raw[4:])
    per_phase = sum(TABLE_SIZES[i] for i in STORED)
    if len(data) != 2 * per_phase * PHASES:
        raise ValueError(f"{path.name}: {len(data)} bytes, expected {2 * per_phase * PHASES}")
    flat = array("h")
    flat.frombytes(data)
    if sys.byteorder != "little":
        flat.byteswap()
    view = memoryview(flat)  # slices of it share the one buffer
    phases, at = [], 0
    yield
    for _ in range(PHASES):
        tables: list = [None] * len(TABLE_SIZES)
        for i in STORED:
            tables[i] = view[at:at + TABLE_SIZES[i]]
            at += TABLE_SIZES[i]
        diagonals = {n: tables[SHAPES.index(f"diag{n}")].tolist() for n in range(4, 9)}
        squares = tables[SQUARES].tolist()
        for k in range(8):
            tables[WRAP0 + k] = array("h", combined_wrap(diagonals, squares, k))
            yield
        phases.append(tuple(tables))
    return tuple(phases)


def save(path: Path, phases: list[list[list[int]]]) -> None:
    """Write per-phase tables (lists of ints in TABLE_SIZES order; the wrapped
    diagonal tables must be `combined_wrap`'s, as `load` remakes them) as the data file."""
    flat = array("h")
    for tables in phases:
        assert [len(table) for table in tables] == list(TABLE_SIZES)
        for i in STORED:
            flat.extend(max(-32768, min(32767, int(v))) for v in tables[i])
    if sys.byteorder != "little":
        flat.byteswap()
    path.write_bytes(MAGIC + zlib.compress(flat.tobytes(), 9))


def _for_evaluation(tables: Phase) -> tuple:
    """A phase's tables as `evaluate` unpacks them, as lists (indexing a list is a
    third faster than an array here), the eight diagonal tables paired with the
    masks that read them."""
    wraps = tuple((mask, tables[WRAP0 + k].tolist()) for mask, k in WRAPS)
    return (*(table.tolist() for table in tables[:6]), wraps, tuple(tables[-1].tolist()))


# The tables are kept packed and turned into lists a phase at a time, when a
# search first needs that phase (20-80 ms natively), and at most KEEP_PHASES
# at once, the oldest made dropped first.  A phase as lists holds about
# 4.5 MB (measured with tracemalloc), and a game passes through all ten:
# kept, they would end every game at some 45 MB, a lot for a phone's
# browser.  Four is what one search needs: Druid searches of 80,000 nodes
# from the positions of two games touched one to three phases, two of them
# four.  A game and its analysis move forward through the phases, so a phase
# once dropped is not needed again until a new game (or a replay) goes back.
KEEP_PHASES = 4
# Read on first use (the app reads them between its first frames, see
# `reading` and levels.preloading; a process that never evaluates Reversi
# pays nothing).
_PHASES: tuple[Phase, ...] | None = None
_READY: list[tuple | None] = [None] * 65  # per disc count, its phase's lists once made
_MADE: list[int] = []  # phases made, the oldest first


def _ready(discs: int) -> tuple:
    """The lists for a disc count's phase, made now (and the oldest dropped)."""
    phase = phase_of(max(discs, 4))
    made = _for_evaluation(phases()[phase])
    if len(_MADE) >= KEEP_PHASES:
        gone = _MADE.pop(0)
        for d in range(65):
            if phase_of(max(d, 4)) == gone:
                _READY[d] = None
    _MADE.append(phase)
    for d in range(65):
        if phase_of(max(d, 4)) == phase:
            _READY[d] = made
    return made


def use_phases(phases: tuple[Phase, ...]) -> tuple[Phase, ...]:
    """Evaluate with other tables from now on (tests, tools); returns the old ones."""
    global _PHASES
    old, _PHASES = globals()["phases"](), phases
    _READY[:] = [None] * 65
    _MADE.clear()
    return old


def reading() -> Iterator[None]:
    """Read the shipped tables a piece at a time (see `loading`), unless they
    are in use already: an app steps this between frames before its first
    Reversi search, so that no frame pays for the whole file."""
    global _PHASES
    if _PHASES is not None:
        return
    read = yield from loading()
    if _PHASES is None:  # not read meanwhile by a search that could not wait
        _PHASES = read


def phases() -> tuple[Phase, ...]:
    """The tables in use, per phase (the shipped ones, read now if not yet)."""
    global _PHASES
    if _PHASES is None:
        _PHASES = load()
    return _PHASES


# -- evaluation ----------------------------------------------------------------------

def evaluate(p: int, o: int, moves: int | None = None) -> int:
    """The pattern evaluation, 1/16 disc, for the side owning `p` (unclamped);
    `moves` is `mobility(p, o)` where the caller has it already (a position
    keeps its placements), saving the dearest single term here."""
    occupied = p | o
    discs = occupied.bit_count()
    tables = _READY[discs]
    if tables is None:
        tables = _ready(discs)
    edge2x, corner3, corner5, line2, line3, line4, wraps, scalars = tables
    b3, b3_2, xp = _B3, _B3_2, _X_PAIR
    l0, l1, l2 = _LEFT3
    r0, r1, r2 = _RIGHT3
    f0, f1 = _LEFT5
    g0, g1 = _RIGHT5
    # The rows, then the rows of the transpose (the columns); written out twice
    # rather than looped: this runs at every leaf.
    a0 = b3[p & 255] + b3_2[o & 255]
    a1 = b3[p >> 8 & 255] + b3_2[o >> 8 & 255]
    a2 = b3[p >> 16 & 255] + b3_2[o >> 16 & 255]
    a5 = b3[p >> 40 & 255] + b3_2[o >> 40 & 255]
    a6 = b3[p >> 48 & 255] + b3_2[o >> 48 & 255]
    a7 = b3[p >> 56] + b3_2[o >> 56]
    score = (edge2x[a0 + xp[a1]] + edge2x[a7 + xp[a6]]
             + corner5[f0[a0] + f1[a1]] + corner5[g0[a0] + g1[a1]]
             + corner5[f0[a7] + f1[a6]] + corner5[g0[a7] + g1[a6]]
             + corner3[l0[a0] + l1[a1] + l2[a2]] + corner3[r0[a0] + r1[a1] + r2[a2]]
             + corner3[l0[a7] + l1[a6] + l2[a5]] + corner3[r0[a7] + r1[a6] + r2[a5]]
             + line2[a1] + line2[a6] + line3[a2] + line3[a5]
             + line4[b3[p >> 24 & 255] + b3_2[o >> 24 & 255]]
             + line4[b3[p >> 32 & 255] + b3_2[o >> 32 & 255]])
    x, y = _transpose(p), _transpose(o)
    a0 = b3[x & 255] + b3_2[y & 255]
    a1 = b3[x >> 8 & 255] + b3_2[y >> 8 & 255]
    a6 = b3[x >> 48 & 255] + b3_2[y >> 48 & 255]
    a7 = b3[x >> 56] + b3_2[y >> 56]
    score += (edge2x[a0 + xp[a1]] + edge2x[a7 + xp[a6]]
              + corner5[f0[a0] + f1[a1]] + corner5[g0[a0] + g1[a1]]
              + corner5[f0[a7] + f1[a6]] + corner5[g0[a7] + g1[a6]]
              + line2[a1] + line2[a6]
              + line3[b3[x >> 16 & 255] + b3_2[y >> 16 & 255]]
              + line3[b3[x >> 40 & 255] + b3_2[y >> 40 & 255]]
              + line4[b3[x >> 24 & 255] + b3_2[y >> 24 & 255]]
              + line4[b3[x >> 32 & 255] + b3_2[y >> 32 & 255]])
    m = _MAGIC
    for mask, table in wraps:
        score += table[b3[(p & mask) * m >> 56 & 255] + b3_2[(o & mask) * m >> 56 & 255]]
    w_mob, w_pot, w_front, w_par, bias = scalars
    empty = ~occupied & FULL
    near_empty = _dilate(empty)
    if moves is None:
        moves = mobility(p, o)
    score += w_mob * (moves.bit_count() - mobility(o, p).bit_count())
    score += w_pot * ((empty & _dilate(o)).bit_count() - (empty & _dilate(p)).bit_count())
    score += w_front * ((p & near_empty).bit_count() - (o & near_empty).bit_count())
    return score + bias + (w_par if discs & 1 else -w_par)


def combined_wrap(diagonals: dict[int, list[int]], squares: list[int], k: int) -> list[int]:
    """Wrapped table k from the diagonals' tables by length (absent lengths weigh 0)
    and the squares' half weights (its byte's bit c is the square on column c of the
    wrapped diagonal (col - row) mod 8 = k; the other direction's squares there are
    their mirror images, so they weigh the same)."""
    (_, upper), (_, lower) = wrap_pieces(k)
    high, low = diagonals.get(upper), diagonals.get(lower)
    by_squares = [0]
    for c in range(7, -1, -1):  # the lowest digit varies fastest, so column 0 comes last
        at = 3 * _sq((c - k) % 8, c)
        by_squares = [v + squares[at + digit] for v in by_squares for digit in range(3)]
    split = 3 ** k
    return [(high[index // split] if high else 0) + (low[index % split] if low else 0) + v
            for index, v in enumerate(by_squares)]


def reference_evaluate(p: int, o: int, tables: Phase) -> int:
    """`evaluate` the slow way: every instance of every shape read square by square
    through the shapes' own tables (the tests hold `evaluate` to this)."""
    score = 0
    for number, shape in enumerate(SHAPES):
        for squares in instances(shape):
            score += tables[number][reference_index(p, o, squares)]
    score += 2 * sum(tables[SQUARES][3 * sq + cell(p, o, sq)] for sq in range(64))
    return score + sum(w * f for w, f in zip(tables[-1], scalar_features(p, o), strict=True))


def scalar_features(p: int, o: int) -> tuple[int, int, int, int, int]:
    """The values the SCALARS weigh: mobility and potential mobility (empty squares
    beside the opponent's discs less those beside the mover's), frontier discs
    (the mover's beside an empty square less the opponent's), parity, 1."""
    empty = ~(p | o) & FULL
    near_empty = _dilate(empty)
    return (mobility(p, o).bit_count() - mobility(o, p).bit_count(),
            (empty & _dilate(o)).bit_count() - (empty & _dilate(p)).bit_count(),
            (p & near_empty).bit_count() - (o & near_empty).bit_count(),
            1 if empty.bit_count() & 1 else -1, 1)
