"""Solve Modiar (docs/rules.md, Modiar) by retrograde analysis, then write Druid's data.

Run ``python tools/modiar_solve.py`` (numpy; about two minutes and 4 GB).
``--census`` also classifies every reachable position; ``--measure 20``
times the run-time solver's worst cases up to 20 stones.

What is solved
==============

Captured stones never come back, so what is still to be won from a position
depends only on the pits and the side to move.  The solver values every
*board state* ``(pits, side)`` with at most 42 stones on the board
(24,543,024 of them, reachable or not) by its **board value**: South's future
captures minus North's, plus South's final pit stones minus North's.  A
position's final margin for South is ``(CAPS - CAPN) + board value``, and its
result the sign of that.

Captures take stones off the board, so the states fall into layers by stone
count: a move either stays in its layer (no capture) or drops to a lower one,
already solved.  Within a layer moves can cycle, and there the rules end the
game at a position's third occurrence, scored as it stands; the result then
depends on the history, which a table cannot hold.  So the solver computes
two history-free bounds per state:

``low`` (South must finish)
    What South can *force* while bringing the layer to an end (a capture or
    the game's end) itself; an endless game would count as the layer's worst
    scoring for South, -B (every stone in North's pits), which is sound: a
    repetition ending scores some board of the layer, never below -B.
``high`` (North must finish)
    The mirror image, what North can force; computed from ``low`` of the
    half-turned board (rows swapped, the other side to move), since the rules
    are symmetric.

One retrograde pass per layer gives ``low`` and a **rank** per state: going
down the thresholds k = +B .. -B, the set of states where South forces at
least k grows from its seeds (a capture or an end worth k) in backward waves
(usual counters: a South state joins when one move gets in, a North state
when its last move does).  A state's value is the first k it joins at, its
rank the wave.  Moving to a successor of equal value and lower rank (or
capturing), South leaves the layer within ``rank`` plies; North's replies can
only raise South's value or lower the rank.  So that play never repeats a
position: the third-occurrence rule cannot touch it.

Game-theoretic value, in this table
===================================

A state is **determined** when ``low == high``: each side can force that
final margin by play that never repeats a position, so it is the exact value
of the state played with no earlier history (and of any game where the
determined player keeps to such play from there).  Otherwise the true value
lies between the bounds and depends on the history; the census then counts
the *result* as a win (even ``low`` favours the mover), a loss, a draw (both
bounds level) or **cycle** (decided by the repetition rule).

The first-move flag only ever belongs to the start (or a code saying so); its
moves capture nothing, so its value is the best of its children's.

Results (2 cores, shared): the solve takes about 45 s, the whole run with
``--census`` under two minutes and 4.2 GB.  Every state is resolved (South
can always force a way out of a layer, and so can North), 15,304 are
undetermined, all with 36 or more stones.  The start is a win for North by
two, 22-20, South's best first move being S3 (S1 loses by 18, S2 by 4).  Of
the 16,501,712 positions reachable from the start, for the side to move:
9,207,230 wins, 1,420,650 draws, 5,872,350 losses and 1,482 cycles (2,028
with an undetermined margin).

What is written
===============

``game/ai/data/modiar_table.bin``, read with the standard library by
``game.ai.modiar`` (layout in ``write_data``), 141 KB by default:

* **dense**: ``low`` and rank of every state with at most ``--small`` (14)
  stones: 77,520 states, all determined;
* **opening**: Druid's move and value for every state with more stones where
  Druid is to move, Druid playing either side from any position within
  ``--plies`` (2) plies of the start and keeping to its moves afterwards:
  48,734 states (South to move, the North ones half-turned), all determined.

Druid's move (``druid_slots``, mirrored in ``game.ai.modiar``) keeps the
mover's value, leaves the layer soonest (a capture, else the successor of
smallest rank), lowest pit on ties.  So in its own games Druid always finds
its position in one part or the other.  Elsewhere (a position loaded from a
code, or a history holding a position twice) ``game.ai.modiar`` solves at run
time up to 20 stones: the worst case (``--measure 20``) is 7,883 states, 0.1 s
natively; 21 stones would need 25,877 states, 0.4 s.  Sizes measured: --small 16 adds 46 KB,
--plies 3 adds 45 KB and 4 adds 125 KB.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
import zlib
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "game" / "ai" / "data" / "modiar_table.bin"
CACHE = Path(tempfile.gettempdir()) / "modiar_solved.npz"  # ~400 MB; --cache moves it

PITS = 6
TOTAL = 42
SOUTH, NORTH = 0, 1
UNRESOLVED = np.iinfo(np.uint16).max  # the rank of a state no side can force out of
BITS = 6  # bits per pit in a packed key: counts are at most 42 < 64


def log(message: str) -> None:
    print(f"[{time.strftime('%H:%M:%S')}] {message}", file=sys.stderr, flush=True)


# -- states ---------------------------------------------------------------------


def compositions(stones: int) -> np.ndarray:
    """Every way to put `stones` into six pits, one row each, sorted by packed key."""
    rows = np.arange(stones + 1, dtype=np.int8)[:, None]
    for _ in range(PITS - 2):
        room = stones - rows.sum(axis=1)
        counts = room + 1
        expanded = np.repeat(rows, counts, axis=0)
        starts = np.cumsum(counts) - counts
        values = np.arange(counts.sum()) - np.repeat(starts, counts)
        rows = np.hstack([expanded, values.astype(np.int8)[:, None]])
    last = (stones - rows.sum(axis=1)).astype(np.int8)[:, None]
    rows = np.hstack([rows, last])
    return rows[np.argsort(pack(rows), kind="stable")]


def pack(pits: np.ndarray) -> np.ndarray:
    """A 36-bit integer per row of six pit counts: pit i in bits 6i..6i+5."""
    keys = np.zeros(len(pits), dtype=np.int64)
    for i in range(PITS):
        keys |= pits[:, i].astype(np.int64) << (BITS * i)
    return keys


@dataclass
class Layers:
    """All board states, layer by layer.

    State ids are global: layer B's states are ``offset[B] + side * size[B] +
    rank``, where rank is the row's place in ``keys[B]`` (sorted packed pits).
    """

    pits: list[np.ndarray]
    keys: list[np.ndarray]
    offset: np.ndarray
    size: np.ndarray

    @classmethod
    def build(cls, top: int = TOTAL) -> Layers:
        """Every layer up to `top` stones (the tests build a few small ones)."""
        pits = [compositions(b) for b in range(top + 1)]
        keys = [pack(p) for p in pits]
        size = np.array([len(p) for p in pits], dtype=np.int64)
        offset = np.concatenate([[0], np.cumsum(2 * size)[:-1]])
        return cls(pits, keys, offset, size)

    @property
    def count(self) -> int:
        return int(2 * self.size.sum())

    def ids(self, stones: np.ndarray, pits: np.ndarray, side: np.ndarray) -> np.ndarray:
        """Global ids of states given per row by stone count, pits and side."""
        out = np.empty(len(stones), dtype=np.int64)
        keys = pack(pits)
        for b in np.unique(stones):
            rows = stones == b
            rank = np.searchsorted(self.keys[b], keys[rows])
            out[rows] = self.offset[b] + side[rows] * self.size[b] + rank
        return out


# -- moves ---------------------------------------------------------------------
#
# The rules are game.rules.modiar's (sow_and_capture, moves_in_frame), here
# restated on whole layers at once: calling the engine for 24 million states
# would take the solver from a minute to hours.  tests/ai/test_modiar_solver.py
# checks them against the engine on every state up to 14 stones and on
# thousands of random fuller ones.


def sow(pits: np.ndarray, origin: int) -> tuple[np.ndarray, np.ndarray]:
    """Vectorised sowing from pit `origin`: the new pits and the last pit.

    Stone t lands in origin + t, so pit origin + d gets one stone for every t
    below the count with t = d (mod 6): (count + 5 - d) // 6 of them.
    """
    count = pits[:, origin].astype(np.int16)
    after = pits.astype(np.int16)
    after[:, origin] = 0
    for d in range(PITS):
        after[:, (origin + d) % PITS] += (count + 5 - d) // 6
    last = (origin + count - 1) % PITS
    return after, last


def capture(after: np.ndarray, last: np.ndarray) -> np.ndarray:
    """Which pits the move takes: the landing pit, then backwards while 2, 4 or 6."""
    rows = np.arange(len(after))
    taken = np.zeros(after.shape, dtype=bool)
    running = np.ones(len(after), dtype=bool)
    for step in range(PITS):
        pit = (last - step) % PITS
        value = after[rows, pit]
        running &= (value == 2) | (value == 4) | (value == 6)
        taken[rows, pit] = running
    return taken


@dataclass
class Boards:
    """Vectorised moves_in_frame, in South's numbering for either side: for each
    state and move slot j (the side's own pit j), whether it is legal, the pits
    after it and the stones it takes."""

    legal: np.ndarray  # (states, 3) bool
    after: np.ndarray  # (states, 3, 6) int16, South's numbering
    gain: np.ndarray  # (states, 3) int16, 0 where illegal


def move_boards(pits: np.ndarray, side: int) -> Boards:
    """Every move of `side` from each row of `pits` (not a first move)."""
    own = range(3 * side, 3 * side + 3)
    opponent = [(pit + 3) % PITS for pit in own]
    n = len(pits)
    legal = np.zeros((n, 3), dtype=bool)
    feeds = np.zeros((n, 3), dtype=bool)
    boards = np.zeros((n, 3, PITS), dtype=np.int16)
    gains = np.zeros((n, 3), dtype=np.int16)
    for slot, origin in enumerate(own):
        after, last = sow(pits, origin)
        took = capture(after, last)
        gains[:, slot] = (after * took).sum(axis=1)
        after[took] = 0
        grabs = took[:, opponent].any(axis=1)
        slam = grabs & (after[:, opponent] == 0).all(axis=1)
        legal[:, slot] = (pits[:, origin] >= 2) & ~slam
        # Stone t lands in origin + t: the opponent's row starts 3 - slot pits on.
        feeds[:, slot] = pits[:, origin] > 3 - slot
        boards[:, slot] = after
    starving = (pits[:, opponent] == 0).all(axis=1)
    must_feed = starving & (legal & feeds).any(axis=1)
    legal &= ~must_feed[:, None] | feeds
    gains[~legal] = 0
    return Boards(legal, boards, gains)


@dataclass
class Moves:
    """The legal moves of one layer's states: for move slot j (own pit j), the
    successor's global id (-1 when illegal) and the stones it captures."""

    child: np.ndarray  # (states, 3) int64
    taken: np.ndarray  # (states, 3) int8


def layer_moves(layers: Layers, stones: int) -> Moves:
    pits = layers.pits[stones]
    n = len(pits)
    child = np.full((2 * n, 3), -1, dtype=np.int64)
    taken = np.zeros((2 * n, 3), dtype=np.int8)
    for side in (SOUTH, NORTH):
        block = slice(side * n, (side + 1) * n)
        child[block], taken[block] = side_moves(layers, pits, stones, side)
    return Moves(child, taken)


def side_moves(layers: Layers, pits: np.ndarray, stones: int,
               side: int) -> tuple[np.ndarray, np.ndarray]:
    """The successors' global ids (-1 where illegal) and the stones taken, per move slot."""
    boards = move_boards(pits, side)
    child = np.full((len(pits), 3), -1, dtype=np.int64)
    taken = np.zeros((len(pits), 3), dtype=np.int8)
    for slot in range(3):
        rows = np.flatnonzero(boards.legal[:, slot])
        gain = boards.gain[rows, slot]
        child[rows, slot] = layers.ids(stones - gain, boards.after[rows, slot],
                                       np.full(len(rows), 1 - side))
        taken[rows, slot] = gain
    return child, taken


# -- retrograde analysis ---------------------------------------------------------


@dataclass
class Values:
    """Per global state id: the low bound (board value South can force, South
    having to finish) and its rank (plies to leave the layer, or UNRESOLVED)."""

    low: np.ndarray  # int8
    rank: np.ndarray  # uint16


def gather(ptr: np.ndarray, data: np.ndarray, nodes: np.ndarray) -> np.ndarray:
    """Concatenate the CSR rows `data[ptr[v]:ptr[v + 1]]` of every v in `nodes`."""
    starts = ptr[nodes]
    lengths = ptr[nodes + 1] - starts
    total = int(lengths.sum())
    if not total:
        return data[:0]
    shift = np.repeat(starts - (np.cumsum(lengths) - lengths), lengths)
    return data[np.arange(total) + shift]


@dataclass
class LayerGame:
    """One layer as a graph game: exits (captures and game ends) already valued,
    internal moves (no capture) still to solve."""

    stones: int
    south: np.ndarray  # bool per local state: South to move
    exit_value: np.ndarray  # int: South's best exit (South to move) / worst (North)
    has_exit: np.ndarray  # bool: the state has an exit, or is itself the end
    ended: np.ndarray  # bool: no legal move, the game ends here
    degree: np.ndarray  # internal moves still unresolved, per state
    pred_ptr: np.ndarray  # CSR of internal predecessors, by local child id
    pred: np.ndarray


def layer_game(layers: Layers, stones: int, moves: Moves, solved: Values) -> LayerGame:
    n = int(2 * layers.size[stones])
    base = int(layers.offset[stones])
    south = np.arange(n) < n // 2
    legal = moves.child >= 0
    internal = legal & (moves.taken == 0)
    exits = legal & (moves.taken > 0)
    # An exit is worth the stones taken (for the mover) plus the child's low value.
    gain = np.where(south[:, None], moves.taken, -moves.taken).astype(np.int16)
    worth = gain + solved.low[np.where(exits, moves.child, 0)].astype(np.int16)
    best = np.where(exits, worth, -128).max(axis=1)
    worst = np.where(exits, worth, 127).min(axis=1)
    exit_value = np.where(south, best, worst)
    pits = layers.pits[stones]
    # The rules' ending, game.rules.modiar.board_margin: each side keeps its own pits' stones.
    board = (pits[:, :3].sum(axis=1) - pits[:, 3:].sum(axis=1)).astype(np.int16)
    ended = ~legal.any(axis=1)
    exit_value = np.where(ended, np.concatenate([board, board]), exit_value)
    src, slot = np.nonzero(internal)
    dst = moves.child[src, slot] - base
    order = np.argsort(dst, kind="stable")
    pred_ptr = np.concatenate([[0], np.cumsum(np.bincount(dst, minlength=n))])
    return LayerGame(stones, south, exit_value, exits.any(axis=1) | ended, ended,
                     internal.sum(axis=1).astype(np.int32), pred_ptr, src[order])


def buckets(values: np.ndarray, mask: np.ndarray, low: int, high: int) -> list[np.ndarray]:
    """States with `mask`, grouped by value: entry v - low lists those worth v."""
    idx = np.flatnonzero(mask)
    vals = values[idx]
    order = np.argsort(vals, kind="stable")
    idx, vals = idx[order], vals[order]
    edges = np.searchsorted(vals, np.arange(low, high + 2))
    return [idx[edges[i]:edges[i + 1]] for i in range(high - low + 1)]


def solve_layer(game: LayerGame) -> tuple[np.ndarray, np.ndarray]:
    """Values and ranks of one layer, thresholds from +B down to -B.

    At threshold k the set of states where South forces at least k grows from
    its seeds (an exit or end worth k) by backward waves: a South state joins
    when one move reaches the set, a North state when its last move does (and
    its exits are all worth k or more).  Wave w's newcomers have rank w: the
    ends of the game rank 0, a state leaving by a capture 1.
    """
    b = game.stones
    n = len(game.south)
    value = np.full(n, -b, dtype=np.int8)
    rank = np.full(n, UNRESOLVED, dtype=np.uint16)
    inside = np.zeros(n, dtype=bool)
    degree = game.degree.copy()
    by_value = buckets(game.exit_value, game.has_exit, -b, b)
    for k in range(b, -b - 1, -1):
        seeds = by_value[k + b]
        # North states may only start here once all their internal moves are in.
        seeds = seeds[~inside[seeds] & (game.south[seeds] | (degree[seeds] == 0))]
        if not len(seeds):
            continue
        frontier = _admit(seeds[game.ended[seeds]], k, 0, inside, value, rank)
        waiting = _admit(seeds[~game.ended[seeds]], k, 1, inside, value, rank)
        wave = 0
        while len(frontier) or len(waiting):
            wave += 1
            if wave >= UNRESOLVED:
                raise OverflowError("a layer needs more ranks than uint16 holds")
            fresh = _admit(_expand(game, frontier, k, degree, inside), k, wave,
                           inside, value, rank)
            frontier = np.concatenate([waiting, fresh])
            waiting = waiting[:0]
    return value, rank


def _admit(states: np.ndarray, k: int, wave: int, inside: np.ndarray, value: np.ndarray,
           rank: np.ndarray) -> np.ndarray:
    states = np.unique(states)
    states = states[~inside[states]]
    inside[states] = True
    value[states] = k
    rank[states] = wave
    return states


def _expand(game: LayerGame, frontier: np.ndarray, k: int, degree: np.ndarray,
            inside: np.ndarray) -> np.ndarray:
    """The states that join at threshold k because of the newcomers `frontier`."""
    preds = gather(game.pred_ptr, game.pred, frontier)
    if not len(preds):
        return preds
    south = game.south[preds]
    movers = preds[south & ~inside[preds]]
    north, hits = np.unique(preds[~south], return_counts=True)
    degree[north] -= hits
    # A North state whose exits include one worth less than k waits for that level.
    ready = (degree[north] == 0) & ~inside[north] & (game.exit_value[north] >= k)
    return np.concatenate([movers, north[ready]])


def solve(layers: Layers) -> tuple[Values, np.ndarray]:
    """Solve every layer from the empty board up; also return all moves (children)."""
    solved = Values(np.zeros(layers.count, dtype=np.int8),
                      np.zeros(layers.count, dtype=np.uint16))
    children = np.full((layers.count, 3), -1, dtype=np.int64)
    for stones in range(TOTAL + 1):
        start = time.perf_counter()
        moves = layer_moves(layers, stones)
        game = layer_game(layers, stones, moves, solved)
        value, rank = solve_layer(game)
        block = slice(int(layers.offset[stones]), int(layers.offset[stones]) + len(value))
        solved.low[block] = value
        solved.rank[block] = rank
        children[block] = moves.child
        unresolved = int((rank == UNRESOLVED).sum())
        log(f"layer {stones:2}: {len(value):9,} states, {unresolved:9,} unresolved, "
            f"max rank {int(rank[rank != UNRESOLVED].max(initial=0)):5}, "
            f"{time.perf_counter() - start:6.1f} s")
    return solved, children


# -- the solved table, cached ---------------------------------------------------------


@dataclass
class Solved:
    """The whole solution, with what the analysis and the writer need."""

    layers: Layers
    low: np.ndarray  # int8 per state: South's forced board value (South must finish)
    rank: np.ndarray  # uint16: plies to leave the layer keeping `low`
    children: np.ndarray  # int32 (states, 3): successor per own pit, -1 if illegal
    stones: np.ndarray  # int8 per state: its layer
    side: np.ndarray  # int8 per state: 0 South to move, 1 North

    @cached_property
    def rotated(self) -> np.ndarray:
        """Each state's half-turn image (rows swapped, the other side to move)."""
        return rotation(self.layers)

    @cached_property
    def high(self) -> np.ndarray:
        """The other bound: what North can force, North having to finish."""
        return -self.low[self.rotated]

    def taken(self) -> np.ndarray:
        """Stones each move captures (0 for no capture or no move)."""
        legal = self.children >= 0
        child_stones = self.stones[np.where(legal, self.children, 0)]
        return np.where(legal, self.stones[:, None] - child_stones, 0).astype(np.int8)


def rotation(layers: Layers) -> np.ndarray:
    out = np.empty(layers.count, dtype=np.int64)
    for b in range(len(layers.pits)):
        n, base = int(layers.size[b]), int(layers.offset[b])
        turned = np.roll(layers.pits[b], 3, axis=1)
        rank = np.searchsorted(layers.keys[b], pack(turned))
        out[base:base + n] = base + n + rank
        out[base + n:base + 2 * n] = base + rank
    return out


def solved_table(cache: Path, fresh: bool) -> Solved:
    """Solve, or read a previous run's solution from `cache`."""
    layers = Layers.build()
    if cache.exists() and not fresh:
        log(f"reading the solution from {cache}")
        data = np.load(cache)
        low, rank, children = data["low"], data["rank"], data["children"]
    else:
        start = time.perf_counter()
        solution, all_children = solve(layers)
        low, rank, children = solution.low, solution.rank, all_children.astype(np.int32)
        log(f"solved {layers.count:,} states in {time.perf_counter() - start:.0f} s")
        cache.parent.mkdir(parents=True, exist_ok=True)
        np.savez(cache, low=low, rank=rank, children=children)
    stones = np.repeat(np.arange(TOTAL + 1, dtype=np.int8), 2 * layers.size)
    side = np.concatenate([np.repeat(np.array([SOUTH, NORTH], dtype=np.int8), layers.size[b])
                           for b in range(TOTAL + 1)])
    return Solved(layers, low, rank, children, stones, side)


# -- analysis --------------------------------------------------------------------------


def start_children(solved: Solved) -> np.ndarray:
    """The states after each first move (captures forfeited), in pit order."""
    from game.rules import modiar as rules

    first = rules.start()
    moves = rules.moves_in_frame(first.frame_pits(), first.first)
    check([slot for slot, _, _ in moves] == [0, 1, 2], "the start should have three moves")
    # Each child is turned for North, who moves next; the layers number pits from South.
    boards = np.array([rules.rotate(child) for _, child, _ in moves])
    return solved.layers.ids(np.full(3, TOTAL), boards, np.full(3, NORTH))


def start_value(solved: Solved) -> tuple[int, int]:
    """South's final margin from the start and the first move that achieves it."""
    kids = start_children(solved)
    low, high = solved.low[kids], solved.high[kids]
    if not (low == high).all():
        raise AssertionError("a first move leads to an undetermined state")
    return int(low.max()), int(np.argmax(low))


def reachable(solved: Solved) -> tuple[np.ndarray, np.ndarray]:
    """Every position reachable from the start (ignoring repetition) but the start.

    A position is a board state plus South's captures; returned as two arrays.
    """
    visited = np.zeros(solved.layers.count * (TOTAL + 1), dtype=bool)
    taken = solved.taken()
    frontier = start_children(solved).astype(np.int64) * (TOTAL + 1)
    visited[frontier] = True
    while len(frontier):
        state, caps = np.divmod(frontier, TOTAL + 1)
        child = solved.children[state].astype(np.int64)
        south = solved.side[state] == SOUTH
        caps = caps[:, None] + np.where(south[:, None], taken[state], 0)
        keys = (child * (TOTAL + 1) + caps)[child >= 0]
        keys = np.unique(keys)
        frontier = keys[~visited[keys]]
        visited[frontier] = True
    keys = np.flatnonzero(visited)
    return np.divmod(keys, TOTAL + 1)


def census(solved: Solved) -> dict[str, int]:
    """Results, for the side to move, of every reachable position (start included)."""
    state, caps = reachable(solved)
    stones = solved.stones[state].astype(np.int64)
    lead = 2 * caps - (TOTAL - stones)  # South's captures minus North's
    sign = np.where(solved.side[state] == SOUTH, 1, -1)
    low = sign * (lead + solved.low[state])  # the mover's margin, each bound
    high = sign * (lead + solved.high[state])
    low, high = np.minimum(low, high), np.maximum(low, high)
    margin, _ = start_value(solved)
    counts = {"positions": len(state) + 1,
              "win": int((low > 0).sum()) + (margin > 0),
              "draw": int(((low == 0) & (high == 0)).sum()) + (margin == 0),
              "loss": int((high < 0).sum()) + (margin < 0)}
    counts["cycle"] = counts["positions"] - counts["win"] - counts["draw"] - counts["loss"]
    counts["undetermined"] = int((low != high).sum())
    return counts


# -- Druid's moves and the states it can meet -------------------------------------------


def druid_slots(solved: Solved) -> np.ndarray:
    """Druid's pit (0-2 of its own row) in every South-to-move state, -1 if none.

    The same rule as game.ai.modiar: the move keeping the most for the mover,
    then the one that leaves the stone count soonest (a capture, or the
    successor of smallest rank), then the lowest pit.  North's choice in a
    state is South's in the state's half-turn.
    """
    legal = solved.children >= 0
    child = np.where(legal, solved.children, 0)
    taken = solved.taken().astype(np.int64)
    worth = taken + solved.low[child]
    steps = np.where(taken > 0, 0, solved.rank[child].astype(np.int64))
    score = np.where(legal, worth * (1 << 20) - steps, np.iinfo(np.int64).min)
    slots = np.argmax(score, axis=1).astype(np.int8)
    slots[~legal.any(axis=1)] = -1
    return slots


def opening_plies(solved: Solved, plies: int) -> np.ndarray:
    """Every state within `plies` plies of the start (the first move's children are ply 1)."""
    level = start_children(solved).astype(np.int64)
    seen = [level]
    for _ in range(plies - 1):
        child = solved.children[level].ravel()
        level = np.unique(child[child >= 0]).astype(np.int64)
        seen.append(level)
    return np.unique(np.concatenate(seen))


def druid_states(solved: Solved, seeds: np.ndarray, druid: int,
                 slots: np.ndarray) -> np.ndarray:
    """States where Druid (playing `druid`) moves, once it keeps to its moves from `seeds`."""
    turned = solved.rotated
    visited = np.zeros(solved.layers.count, dtype=bool)
    visited[seeds] = True
    frontier = seeds
    while len(frontier):
        mine = frontier[solved.side[frontier] == druid]
        theirs = frontier[solved.side[frontier] != druid]
        own = mine if druid == SOUTH else turned[mine]
        step = np.concatenate([solved.children[mine, slots[own]],
                               solved.children[theirs].ravel()]).astype(np.int64)
        step = np.unique(step[step >= 0])
        frontier = step[~visited[step]]
        visited[frontier] = True
    return np.flatnonzero(visited & (solved.side == druid))


def opening_entries(solved: Solved, plies: int, small: int, slots: np.ndarray) -> np.ndarray:
    """Druid's states with more than `small` stones, in the mover's frame (South to move)."""
    seeds = opening_plies(solved, plies)
    as_south = druid_states(solved, seeds, SOUTH, slots)
    as_north = solved.rotated[druid_states(solved, seeds, NORTH, slots)]
    entries = np.union1d(as_south, as_north)
    # Where the game is over there is nothing to choose.
    return entries[(solved.stones[entries] > small) & (slots[entries] >= 0)]


# -- the shipped file ----------------------------------------------------------------------


def write_data(solved: Solved, path: Path, small: int, plies: int) -> dict[str, int]:
    """Write Druid's table; the layout is game.ai.modiar.load_table's.

    Header (struct "<8sHHIi"): magic, `small`, `plies`, opening entries, South's
    final margin from the start.  Then one zlib stream of five columns:
    dense values + 64 and dense ranks (one byte each, every state id below
    the first with small + 1 stones), opening ids as uint32 little-endian
    gaps, Druid's pit (0-2) in each, and its value + 64.
    """
    from game.ai.modiar import HEADER, MAGIC, VALUE_BIAS

    dense = int(solved.layers.offset[small + 1])
    high = solved.high
    check(bool((solved.low[:dense] == high[:dense]).all()), "undetermined dense states")
    check(int(solved.rank[:dense].max()) < 256, "a dense rank does not fit a byte")
    slots = druid_slots(solved)
    entries = opening_entries(solved, plies, small, slots)
    check(bool((solved.low[entries] == high[entries]).all()), "undetermined opening states")
    gaps = np.diff(entries, prepend=0).astype("<u4")
    body = b"".join([(solved.low[:dense] + VALUE_BIAS).astype(np.uint8).tobytes(),
                     solved.rank[:dense].astype(np.uint8).tobytes(),
                     gaps.tobytes(),
                     slots[entries].astype(np.uint8).tobytes(),
                     (solved.low[entries] + VALUE_BIAS).astype(np.uint8).tobytes()])
    margin, _ = start_value(solved)
    blob = HEADER.pack(MAGIC, small, plies, len(entries), margin) + zlib.compress(body, 9)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(blob)
    return {"bytes": len(blob), "dense states": dense, "opening states": len(entries)}


def check(condition: bool, problem: str) -> None:
    if not condition:
        raise AssertionError(problem)


def verify_data(solved: Solved, path: Path, samples: int = 20000) -> None:
    """Read the file back with the game's own loader and compare it with the solution."""
    from game.ai import modiar

    table = modiar.load_table.__wrapped__(path)
    rng = np.random.default_rng(1)
    dense = int(solved.layers.offset[table.small + 1])
    for state in rng.integers(0, solved.layers.count, samples):
        pits, side = state_pits(solved, int(state))
        check(modiar.state_id(pits, side) == state, f"state_id disagrees at {state}")
        if state < dense:
            expected = (int(solved.low[state]), int(solved.rank[state]))
            check(table.dense(pits, side) == expected, f"dense entry {state} differs")
    slots = druid_slots(solved)
    for state in rng.choice(np.asarray(table.ids, dtype=np.int64), samples):
        pits, _ = state_pits(solved, int(state))
        expected = (int(slots[state]), int(solved.low[state]))
        check(table.opening(pits) == expected, f"opening entry {state} differs")
    for state in rng.integers(0, dense // 2, samples):
        pits, side = state_pits(solved, int(state))
        if side == SOUTH and slots[state] >= 0:
            value, slot = modiar._dense_choice(pits, table)
            check((value, slot) == (int(solved.low[state]), int(slots[state])),
                  f"Druid's dense choice differs at {state}")
    log(f"{path.name} reads back as solved ({samples:,} samples of each part)")


def state_pits(solved: Solved, state: int) -> tuple[tuple[int, ...], int]:
    layers = solved.layers
    stones = int(solved.stones[state])
    side, rank = divmod(state - int(layers.offset[stones]), int(layers.size[stones]))
    return tuple(int(n) for n in layers.pits[stones][rank]), side


# -- measuring the run-time solver ------------------------------------------------------------


def worst_regions(solved: Solved, small: int, limit: int) -> dict[int, tuple[int, int]]:
    """Per stone count above `small`: the largest set of states the run-time solver
    explores from one position (those with more than `small` stones it can reach),
    and a state where it happens."""
    floor = int(solved.layers.offset[small + 1])
    top = int(solved.layers.offset[limit + 1])
    graph = [[c - floor for c in row if c >= floor]
             for row in solved.children[floor:top].tolist()]
    worst = {}
    for stones in range(small + 1, limit + 1):
        begin = int(solved.layers.offset[stones]) - floor
        end = begin + 2 * int(solved.layers.size[stones])
        sizes = ((len(_closure(graph, root)), root) for root in range(begin, end))
        size, root = max(sizes)
        worst[stones] = (size, root + floor)
        log(f"{stones} stones: at most {size:,} states to solve")
    return worst


def _closure(graph: list[list[int]], root: int) -> set[int]:
    seen, stack = {root}, [root]
    while stack:
        for child in graph[stack.pop()]:
            if child not in seen:
                seen.add(child)
                stack.append(child)
    return seen


def time_druid(solved: Solved, worst: dict[int, tuple[int, int]], path: Path) -> None:
    """Time Druid's run-time solve natively from each worst position, and a table move."""
    from game.ai import modiar
    from game.rules.modiar import ModiarPosition

    table = modiar.load_table.__wrapped__(path)
    for stones, (size, state) in worst.items():
        pits, side = state_pits(solved, state)
        position = ModiarPosition(pits, (TOTAL - stones, 0), "sn"[side], False)
        begin = time.perf_counter()
        modiar._drive(modiar.solve(position, table, ()))
        log(f"{stones} stones, {size:,} states: solved in "
            f"{time.perf_counter() - begin:.3f} s ({position.code()})")


# -- main ---------------------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--small", type=int, default=14,
                        help="ship every state with at most this many stones (default 14)")
    parser.add_argument("--plies", type=int, default=2,
                        help="cover Druid taking over within this many plies (default 2)")
    parser.add_argument("--output", type=Path, default=DATA)
    parser.add_argument("--cache", type=Path, default=CACHE,
                        help="where the full solution is kept between runs")
    parser.add_argument("--fresh", action="store_true", help="solve again despite the cache")
    parser.add_argument("--census", action="store_true",
                        help="classify all reachable positions (a minute more)")
    parser.add_argument("--measure", type=int, metavar="STONES",
                        help="time the run-time solver's worst cases up to STONES stones")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(ROOT))
    solved = solved_table(args.cache, args.fresh)
    margin, pit = start_value(solved)
    log(f"start: South plays S{pit + 1} and ends {(TOTAL + margin) // 2}-"
        f"{(TOTAL - margin) // 2} (margin {margin:+d})")
    log(f"undetermined board states: {int((solved.low != solved.high).sum()):,}")
    if args.census:
        log(f"reachable positions, by result for the side to move: {census(solved)}")
    written = write_data(solved, args.output, args.small, args.plies)
    log(f"wrote {args.output}: {written}")
    verify_data(solved, args.output)
    if args.measure:
        time_druid(solved, worst_regions(solved, args.small, args.measure), args.output)


if __name__ == "__main__":
    main()
