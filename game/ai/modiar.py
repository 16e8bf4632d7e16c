"""Modiar strategy: a stone count for Bard and Ovate, perfect play for Druid.

Modiar is scored in stones, and every level plays for the final margin, not
only the result: the biggest win, else the smallest defeat; how soon the game
ends counts only between moves whose margins are equal.

Modiar is solved (``tools/modiar_solve.py``, which explains the method): with
perfect play North wins the start position 22-20.  The solver values *board
states*, the six pits and the side to move, because captured stones never
return: a position's final margin is its capture lead plus the board value.

Druid (a search whose depth limit is Druid's, 64) plays from data shipped in
``data/modiar_table.bin``:

* a **dense** part: the exact value and rank of every board state with at
  most ``Table.small`` stones (14);
* an **opening** part: Druid's move and value for every state with more
  stones that it can meet when it plays either side from any position of the
  first ``Table.plies`` plies (2) and keeps to its own moves afterwards;
* elsewhere (a position loaded from a code), or where the game's history
  already holds a position twice, an exact retrograde solve at run time of the
  states reachable from the position, if it has at most ``SOLVE_LIMIT`` (20)
  stones, with those positions as endings scored as the rules score a third
  occurrence.  Past that, the generic search plays (or, with such a history,
  the opening part's move, which ignores it).

Values are *board values seen by the side to move*: what it can force its
final stones to exceed its opponent's by, counting only stones still on the
board, when it must itself bring the game to an end.  They are margins, not
results, in the table as in the run-time solve, so nothing there needed to
change for Druid to play for the score.  Every shipped state is determined
(the opponent can force the same value from its side), and the play that
forces it never repeats a position, so the third-occurrence rule cannot
intervene unless the history already holds a position twice.  Druid keeps
that value at every move and, among the moves that keep it, takes the one
that leaves the current stone count soonest (its *rank* is smallest), so it
always makes progress.  In a lost position that means the smallest possible
defeat.

The generic search (Bard, Ovate, and Druid past the data) scores a finished
game by its margin too (`search_score`: a stone outweighs any number of
plies, so speed only breaks ties between equal margins).  A forced result it
finds is therefore not the end of its deepening, as it is in games scored by
win or loss: a deeper look may find a bigger margin, so it deepens until an
iteration has scored every line by a finished game (its `plan`), or its budget
ends.
"""

from __future__ import annotations

import bisect
import itertools
import struct
import sys
import zlib
from array import array
from collections.abc import (
    Callable,
    Collection,
    Generator,
    Hashable,
    Iterable,
    Mapping,
    Sequence,
)
from dataclasses import dataclass
from functools import cache
from math import comb
from pathlib import Path
from typing import NamedTuple

from ..rules.base import Outcome
from ..rules.modiar import (
    PITS,
    SPEC,
    TOTAL,
    ModiarPosition,
    board_margin,
    moves_in_frame,
    pits_of,
    rotate,
    start,
)
from .strategy import (
    MAX_DEPTH,
    WIN,
    ExactSearch,
    Found,
    Limits,
    SearchPlan,
    Strategy,
    register,
)

DATA_PATH = Path(__file__).resolve().parent / "data" / "modiar_table.bin"
MAGIC = b"MODIAR\x01\n"
HEADER = struct.Struct("<8sHHIi")  # magic, small, plies, opening entries, start margin
VALUE_BIAS = 64  # values are stored as value + 64 in unsigned bytes
# Positions with at most this many stones that the tables do not answer are
# solved at run time.  Measured exhaustively (tools/modiar_solve.py --measure
# 20): at most 7,883 states to solve from any of them, 0.1 s natively.
SOLVE_LIMIT = 20


# -- board states and their ids (shared with tools/modiar_solve.py) ---------------


def state_id(pits: Sequence[int], side: int) -> int:
    """The index of a board state among all 24,543,024 (side 0 South, 1 North).

    States are ordered by stone count, then side, then by the pits read as a
    number whose most significant digit is N3 (the solver's sort order).  The
    rank within a count sums, pit by pit, how many boards put fewer stones
    there: a hockey-stick sum of binomials.
    """
    stones = sum(pits)
    rank, left = 0, stones
    for pit in range(PITS - 1, 0, -1):
        count = pits[pit]
        rank += comb(left + pit, pit) - comb(left - count + pit, pit)
        left -= count
    return 2 * comb(stones + 5, 6) + side * comb(stones + 5, 5) + rank


def frame(position: ModiarPosition) -> tuple[tuple[int, ...], int]:
    """The pits seen from the side to move (its own row first) and its capture lead."""
    mover = 0 if position.side == "s" else 1
    return position.frame_pits(), position.captured[mover] - position.captured[1 - mover]


# -- the shipped table ------------------------------------------------------------


@dataclass(frozen=True)
class Table:
    """Druid's data: see the module docstring and tools/modiar_solve.py."""

    small: int  # the dense part holds every state with at most this many stones
    plies: int  # the opening part covers play from any position this many plies in
    low: bytes  # dense: value + VALUE_BIAS per state id
    rank: bytes  # dense: plies to leave the stone count while keeping the value
    ids: array  # opening: sorted ids of South-to-move states (mover's frame)
    slots: bytes  # opening: Druid's pit there
    values: bytes  # opening: the value + VALUE_BIAS
    start_margin: int  # South's final margin from the start, as the solver found it

    def dense(self, pits: Sequence[int], side: int) -> tuple[int, int]:
        """Value and rank of a state with at most `small` stones."""
        index = state_id(pits, side)
        return self.low[index] - VALUE_BIAS, self.rank[index]

    def opening(self, pits: Sequence[int]) -> tuple[int, int] | None:
        """Druid's pit and the value, South to move, if the opening part has them."""
        index = state_id(pits, 0)
        at = bisect.bisect_left(self.ids, index)
        if at == len(self.ids) or self.ids[at] != index:
            return None
        return self.slots[at], self.values[at] - VALUE_BIAS

    def value(self, pits: Sequence[int]) -> int | None:
        """The mover's board value, South to move, from either part, else None."""
        if sum(pits) <= self.small:
            return self.dense(pits, 0)[0]
        found = self.opening(pits)
        return None if found is None else found[1]


@cache
def load_table(path: Path = DATA_PATH) -> Table:
    """Read the shipped table (stdlib only: struct, zlib, array)."""
    blob = path.read_bytes()
    magic, small, plies, entries, start_margin = HEADER.unpack_from(blob)
    if magic != MAGIC:
        raise ValueError(f"{path.name} is not a Modiar table")
    body = zlib.decompress(blob[HEADER.size:])
    dense = 2 * comb(small + 6, 6)
    parts = _split(body, (dense, dense, 4 * entries, entries, entries))
    gaps = array("I")
    if gaps.itemsize != 4:
        raise ValueError("array('I') must hold 32-bit ids on this platform")
    gaps.frombytes(parts[2])
    if sys.byteorder == "big":
        gaps.byteswap()  # the file is little-endian
    ids = array("I", itertools.accumulate(gaps))
    return Table(small, plies, parts[0], parts[1], ids, parts[3], parts[4], start_margin)


def _split(body: bytes, sizes: Iterable[int]) -> list[bytes]:
    parts, at = [], 0
    for size in sizes:
        parts.append(body[at:at + size])
        at += size
    if at != len(body):
        raise ValueError("the Modiar table has the wrong length")
    return parts


# -- values -------------------------------------------------------------------------


class SolvedValue(NamedTuple):
    """A position's game-theoretic value for the side to move.

    `result` is "win", "draw" or "loss"; `margin` the final stone difference
    (mover's minus opponent's) under perfect play, or None when only the
    result is known.
    """

    result: str
    margin: int | None

    def scores(self, side: str) -> tuple[int, int] | None:
        """The final (South, North) stones under perfect play, `side` to move."""
        if self.margin is None:
            return None
        mover = (TOTAL + self.margin) // 2
        return (mover, TOTAL - mover) if side == "s" else (TOTAL - mover, mover)


def solved_value(position: ModiarPosition, *, solve_limit: int = SOLVE_LIMIT,
                 table: Table | None = None) -> SolvedValue | None:
    """The value of `position` with no earlier history, where it is known.

    Known means: in the shipped tables, one move away from them (the start,
    whose first-move captures are forfeited), or small enough (at most
    `solve_limit` stones) to solve now.  None otherwise, and for a game
    that is over.
    """
    table = table or load_table()
    value = _board_value(position, table, solve_limit)
    if value is None:
        return None
    margin = frame(position)[1] + value
    return SolvedValue("win" if margin > 0 else "loss" if margin < 0 else "draw", margin)


def start_value() -> SolvedValue:
    """The solved value of the start position: South moves first and loses 20-22."""
    value = solved_value(start())
    if value is None:
        raise RuntimeError("the Modiar table does not cover the start position")
    return value


def _board_value(position: ModiarPosition, table: Table, solve_limit: int) -> int | None:
    if not position.legal_moves():
        return None
    pits = frame(position)[0]
    if not position.first:
        known = table.value(pits)
        if known is not None:
            return known
    else:
        known = _first_move_value(position, table)
        if known is not None:
            return known[0]
    if sum(pits) > solve_limit:
        return None
    return _drive(solve(position, table, set()))[0]


def _first_move_value(position: ModiarPosition, table: Table) -> tuple[int, int] | None:
    """Value and best pit of a first move from the opponent's table values.

    A first move captures nothing, so the mover's value is the best of minus
    the opponent's value after each move.  Ties go to the lowest pit.
    """
    best: tuple[int, int] | None = None
    own_row = _own_row(position)
    for slot, child, _ in moves_in_frame(position.frame_pits(), position.first):
        move = slot + own_row
        theirs = table.value(child)
        if theirs is None:
            return None
        if best is None or -theirs > best[0]:
            best = (-theirs, move)
    return best


# -- the run-time solver ---------------------------------------------------------

Node = tuple[tuple[int, ...], bool]  # pits in the mover's frame, whether Druid moves
Tick = Callable[[], bool]
UNRESOLVED = 1 << 16  # the rank of a state Druid cannot force out of


@dataclass
class Solved:
    """What `solve` found at the root: Druid's value, its pit, and the graph's size."""

    value: int
    move: int
    rank: int
    states: int


@dataclass
class _Graph:
    """The states reachable from the root that the dense table cannot answer.

    Each node's moves are (target node or -1 for a dense leaf, stones taken,
    the leaf's value); a node with no moves is an ending: no legal move, or a
    third occurrence.
    """

    nodes: list[Node]
    moves: list[list[tuple[int, int, int]]]
    value: list[int]
    rank: list[int]


def solve(position: ModiarPosition, table: Table, hot: Collection[Hashable] = (),
          tick: Tick = lambda: False) -> Generator[None, None, Solved]:
    """Solve exactly for the side to move (Druid), yielding when `tick` says so.

    The offline solver's retrograde analysis, on the states reachable from
    `position` that have more stones than the dense table (or as many as the
    root, whose own count the history may change).  `hot` holds repetition
    keys that have occurred twice already: reaching one ends the game, scored
    as the rules score it.
    """
    druid_side = position.side
    hot_nodes = {_node(key, druid_side) for key in hot}
    floor = min(table.small, sum(position.pits) - 1)
    graph = _Graph([], [], [], [])
    index: dict[Node, int] = {}
    roots = _root_moves(position)
    for _, child, _ in roots:
        yield from _explore(graph, index, child, table, hot_nodes, floor, tick)
    layers: dict[int, list[int]] = {}
    for at, (pits, _) in enumerate(graph.nodes):
        layers.setdefault(sum(pits), []).append(at)
    for stones in sorted(layers):
        yield from _solve_layer(graph, stones, layers[stones], tick)
    best: Solved | None = None
    for move, child, gain in roots:
        worth, steps = _root_worth(graph, index, child, gain, table, floor, hot_nodes)
        if best is None or (worth, -steps) > (best.value, -best.rank):
            best = Solved(worth, move, steps, len(graph.nodes))
    if best is None:
        raise ValueError("the game is over: there is no move to solve")
    return best


def _node(key: Hashable, druid_side: str) -> Node:
    pits, side = key  # type: ignore[misc]
    return (tuple(pits) if side == "s" else rotate(pits)), side == druid_side


def _root_moves(position: ModiarPosition) -> list[tuple[int, Node, int]]:
    """The root's moves, with the first-move rule the rest of the graph never meets."""
    own_row = _own_row(position)
    return [(slot + own_row, (child, False), gain)
            for slot, child, gain in moves_in_frame(position.frame_pits(), position.first)]


def _own_row(position: ModiarPosition) -> int:
    """The first pit of the side to move: a pit in its frame plus this is the real pit."""
    return pits_of(position.side)[0]


def _is_leaf(node: Node, floor: int, hot: Collection[Node]) -> bool:
    return sum(node[0]) <= floor and node not in hot


def _leaf(node: Node, table: Table) -> tuple[int, int]:
    """Druid's value and rank at a state the dense table answers."""
    pits, druid = node
    return table.dense(pits, 0) if druid else table.dense(rotate(pits), 1)


def _explore(graph: _Graph, index: dict[Node, int], root: Node, table: Table,
             hot: Collection[Node], floor: int, tick: Tick) -> Generator[None, None, None]:
    """Add every node reachable from `root` that the dense table cannot answer."""
    if _is_leaf(root, floor, hot) or root in index:
        return
    stack = [_add(graph, index, root)]
    while stack:
        if tick():
            yield
        at = stack.pop()
        pits, druid = graph.nodes[at]
        moves = [] if (pits, druid) in hot else moves_in_frame(pits)
        for _, child_pits, gain in moves:
            child = (child_pits, not druid)
            if _is_leaf(child, floor, hot):
                graph.moves[at].append((-1, gain, _leaf(child, table)[0]))
                continue
            if child not in index:
                stack.append(_add(graph, index, child))
            graph.moves[at].append((index[child], gain, 0))


def _add(graph: _Graph, index: dict[Node, int], node: Node) -> int:
    at = index[node] = len(graph.nodes)
    graph.nodes.append(node)
    graph.moves.append([])
    graph.value.append(0)
    graph.rank.append(UNRESOLVED)
    return at


@dataclass
class _Layer:
    """One stone count's nodes as a game: exits valued, internal moves to solve."""

    exit_value: dict[int, int]  # best exit (Druid to move) / worst (opponent); endings
    ended: set[int]
    degree: dict[int, int]  # internal moves not yet resolved
    preds: dict[int, list[int]]


def _layer(graph: _Graph, stones: int, members: list[int],
           tick: Tick) -> Generator[None, None, _Layer]:
    layer = _Layer({}, set(), {}, {at: [] for at in members})
    for at in members:
        if tick():
            yield
        pits, druid = graph.nodes[at]
        moves = graph.moves[at]
        if not moves:
            board = board_margin(pits)
            layer.exit_value[at] = board if druid else -board
            layer.ended.add(at)
            continue
        worths, layer.degree[at] = [], 0
        for target, gain, leaf in moves:
            if target >= 0 and sum(graph.nodes[target][0]) == stones:
                layer.degree[at] += 1
                layer.preds[target].append(at)
            else:
                below = leaf if target < 0 else graph.value[target]
                worths.append((gain if druid else -gain) + below)
        if worths:
            layer.exit_value[at] = max(worths) if druid else min(worths)
    return layer


def _solve_layer(graph: _Graph, stones: int, members: list[int],
                 tick: Tick) -> Generator[None, None, None]:
    """Thresholds from +stones down: see tools/modiar_solve.py, `solve_layer`."""
    layer = yield from _layer(graph, stones, members, tick)
    buckets: dict[int, list[int]] = {}
    for at, worth in layer.exit_value.items():
        buckets.setdefault(worth, []).append(at)
    for level in range(stones, -stones - 1, -1):
        seeds = [at for at in buckets.get(level, ())
                 if graph.rank[at] == UNRESOLVED
                 and (graph.nodes[at][1] or layer.degree.get(at, 0) == 0)]
        frontier = _admit(graph, [at for at in seeds if at in layer.ended], level, 0)
        waiting = _admit(graph, [at for at in seeds if at not in layer.ended], level, 1)
        wave = 0
        while frontier or waiting:
            wave += 1
            fresh: list[int] = []
            for at in frontier:
                if tick():
                    yield
                fresh.extend(_joiners(graph, layer, at, level))
            frontier = waiting + _admit(graph, fresh, level, wave)
            waiting = []
    for at in members:
        if graph.rank[at] == UNRESOLVED:
            graph.value[at] = -stones  # no way out: the rules' worst scoring for Druid


def _joiners(graph: _Graph, layer: _Layer, at: int, level: int) -> list[int]:
    """Predecessors of a newcomer that now force `level` too."""
    joined = []
    for pred in layer.preds[at]:
        if graph.rank[pred] != UNRESOLVED:
            continue
        if graph.nodes[pred][1]:
            joined.append(pred)
            continue
        layer.degree[pred] -= 1
        if layer.degree[pred] == 0 and layer.exit_value.get(pred, WIN) >= level:
            joined.append(pred)
    return joined


def _admit(graph: _Graph, nodes: list[int], level: int, wave: int) -> list[int]:
    admitted = []
    for at in nodes:
        if graph.rank[at] == UNRESOLVED:
            graph.value[at], graph.rank[at] = level, wave
            admitted.append(at)
    return admitted


def _root_worth(graph: _Graph, index: dict[Node, int], child: Node, gain: int, table: Table,
                floor: int, hot: Collection[Node]) -> tuple[int, int]:
    """A root move's value for Druid and its rank (0 when it leaves the stone count)."""
    if _is_leaf(child, floor, hot):
        value, rank = _leaf(child, table)
    else:
        at = index[child]
        value, rank = graph.value[at], graph.rank[at]
    return gain + value, 0 if gain else rank


def _drive(solver: Generator[None, None, Solved]) -> tuple[int, int]:
    """Run a solver generator to the end outside a search; its value and pit."""
    while True:
        try:
            next(solver)
        except StopIteration as done:
            return done.value.value, done.value.move


# -- Druid's choice ------------------------------------------------------------------


def druid_choice(position: ModiarPosition, table: Table, hot: Collection[Hashable] = (),
                 tick: Tick = lambda: False,
                 solve_limit: int = SOLVE_LIMIT) -> Generator[None, None, tuple[int, int] | None]:
    """Druid's move and its board value for the side to move, or None if unknown.

    `hot` holds the repetition keys of this stone count whose next occurrence
    would be the third; the tables assume no history, so with any of them a
    solve that knows them takes over where one is affordable.
    """
    if not hot:
        found = _from_tables(position, table)
        if found is not None:
            return found
    if sum(position.pits) <= solve_limit:
        result = yield from solve(position, table, hot, tick)
        return result.move, result.value
    # Too many stones to solve: the table's move, which ignores the history.
    return None if position.first else _from_tables(position, table)


def covered(position: ModiarPosition, table: Table, hot: Collection[Hashable] = (),
            solve_limit: int = SOLVE_LIMIT) -> bool:
    """Whether `druid_choice` has an answer (cheap: no solving)."""
    if sum(position.pits) <= solve_limit:
        return True
    if hot and position.first:
        return False
    return _from_tables(position, table) is not None


def _from_tables(position: ModiarPosition, table: Table) -> tuple[int, int] | None:
    if position.first:
        found = _first_move_value(position, table)
        return None if found is None else (found[1], found[0])
    pits = frame(position)[0]
    own_row = _own_row(position)
    if sum(pits) <= table.small:
        value, slot = _dense_choice(pits, table)
        return slot + own_row, value
    found = table.opening(pits)
    return None if found is None else (found[0] + own_row, found[1])


def _dense_choice(pits: tuple[int, ...], table: Table) -> tuple[int, int]:
    """The best value and pit from the dense table, with the solver's tie-breaks."""
    best: tuple[int, int, int] | None = None
    for slot, child, gain in moves_in_frame(pits):
        value, rank = table.dense(rotate(child), 1)
        key = (gain + value, -(0 if gain else rank), -slot)
        if best is None or key > best:
            best = key
    if best is None:
        raise ValueError("the game is over: there is no move to choose")
    return best[0], -best[2]


def hot_keys(position: ModiarPosition, seen: Mapping[Hashable, int],
             limit: int | None) -> set[Hashable]:
    """Positions of this stone count whose next occurrence ends the game.

    Only this count matters: a capture since then would have made the stone
    count lower, and stones never come back.
    """
    if not limit:
        return set()
    stones = sum(position.pits)
    return {key for key, count in seen.items()
            if count + 1 >= limit and sum(key[0]) == stones}  # type: ignore[index]


# A stone of margin is worth more than any number of plies the search can see
# (its depth limit plus the quiescence search's few captures stay below this).
STONE_SCORE = 2 * MAX_DEPTH


def search_score(margin: int, ply: int = 0) -> int:
    """The search's score for a game that ends `ply` plies on with a final `margin`.

    `margin` is the side to move's final stones minus its opponent's.  Margin
    first: a bigger win scores higher, a smaller defeat less low, and a draw 0;
    only among equal margins does the ply count, a win sooner scoring higher
    (so, negated for the other side, a defeat later).  Every decided game
    scores beyond any evaluation.
    """
    if margin == 0:
        return 0
    forced = WIN - STONE_SCORE * (TOTAL - abs(margin)) - ply
    return forced if margin > 0 else -forced


# -- the strategy ------------------------------------------------------------------------

# Evaluation weights, in tenths of a stone, fitted by least squares to the
# solved board values of 400,000 reachable positions (features seen by the
# side to move).  Stones still on the board are worth far less than their
# count, and being able to move matters most: a side left without a move
# ends the game, often while the other still has stones to collect.
CAPTURED = 10  # a stone already won counts in full
BOARD = 2  # a stone in one's own pits over one in the opponent's
MOBILITY = 59  # per legal move of the side to move
EXPOSURE = 43  # per legal move the opponent would have
THREAT = 10  # per stone the best capture available now would take

PLAN = SearchPlan(deepen_until_resolved=True)


@register(SPEC.name)
class ModiarStrategy(Strategy):
    """A fitted stone-and-mobility count for the shallow levels; the solved game for Druid."""

    def evaluate(self, position: ModiarPosition) -> int:
        pits, lead = frame(position)
        # Not position.first: the evaluation counts captures on the first move too
        # (elsewhere the position's own moves are the same, and already found).
        mine = moves_in_frame(pits) if position.first else position.frame_moves()
        theirs = moves_in_frame(rotate(pits))
        threat = max((gain for _, _, gain in mine), default=0)
        return (CAPTURED * lead + BOARD * board_margin(pits)
                + MOBILITY * len(mine) - EXPOSURE * len(theirs) + THREAT * threat)

    def priorities(self, position: ModiarPosition, moves: Sequence[int]) -> list[int]:
        # Captures first, biggest first; then sowing from a fuller pit, which spreads more.
        # Not position.first: on the first move its forfeited captures still lead the order.
        own_row = _own_row(position)
        moves_here = moves_in_frame(position.frame_pits()) if position.first \
            else position.frame_moves()
        gains = {slot + own_row: gain for slot, _, gain in moves_here}
        return [100 * gains.get(m, 0) + position.pits[m] for m in moves]

    def terminal_score(self, outcome: Outcome, position: ModiarPosition, ply: int) -> int:
        """Scored by the final margin in stones, then by speed (`search_score`)."""
        south, north = outcome.scores
        return search_score(south - north if position.side == "s" else north - south, ply)

    def plan(self, root: ModiarPosition) -> SearchPlan:
        """Deepening until an iteration saw every line to its end: a forced
        result found early may still be beaten by a bigger margin further down."""
        return PLAN

    def noisy_moves(self, position: ModiarPosition) -> list[int]:
        """Captures, for the quiescence search (none on the first move: forfeited)."""
        if position.first:
            return []
        own_row = _own_row(position)
        captures = [(gain, slot + own_row) for slot, _, gain in position.frame_moves() if gain]
        return [move for _, move in sorted(captures, reverse=True)]

    def exact(self, position: ModiarPosition, limits: Limits, tick: Callable[[], bool],
              seen: Mapping[Hashable, int]) -> ExactSearch | None:
        """Perfect play, when the level plays exactly and the data covers the position."""
        if not limits.exact or not position.legal_moves():
            return None
        try:
            table = load_table()
        except (OSError, ValueError):
            return None  # no data shipped: the generic search plays
        hot = hot_keys(position, seen, SPEC.repetition_limit)
        if not covered(position, table, hot):
            return None
        return self._play(position, table, hot, tick, limits.depth)

    @staticmethod
    def _play(position: ModiarPosition, table: Table, hot: set[Hashable],
              tick: Callable[[], bool], depth: int) -> ExactSearch:
        if tick():
            yield None
        found = yield from druid_choice(position, table, hot, tick)
        if found is None:
            return
        move, value = found
        # The data knows the margin, not how many plies it takes: scored as if at once.
        yield Found(move, search_score(frame(position)[1] + value), depth)
