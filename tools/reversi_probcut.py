"""Measure what Reversi's ProbCut margins are made of (`game/ai/reversi.py`).

Run from the repository root::

    python tools/reversi_probcut.py collect --positions 200 --depth 8 --out /tmp/pc.txt
    python tools/reversi_probcut.py fit /tmp/pc.txt

collect
    Midgame positions from varied self-play games (`reversi_patterns_fit`'s
    `diverse_game`, one position a game, with 14 to 50 empties), each
    searched by the Druid's own search to every depth from 1 to `--depth`
    with ProbCut off: one line a position, its disc count and the value at
    each depth (1/16 disc, the side to move's).
fit
    Per pair of depths (deep, shallow) the strategy uses and per band of disc
    counts, the mean and the standard deviation of deep minus shallow value,
    with how many positions they rest on; then the `PROBCUT_SPREAD` table to
    paste into `game/ai/reversi.py` (both, rounded).  The cut's margin is
    `PROBCUT_CONFIDENCE` deviations: a shallow value that far beyond the
    window predicts the deep one beyond it with high probability.

The mean is the pair's bias: the strategy adds it to the shallow value before
comparing, and the pairs keep the parity of the depth (d - 2 and d - 4),
since an evaluation of the side to move leans with whose turn it is.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai import reversi as rv
from game.ai.search import Search
from game.ai.strategy import Limits, SearchPlan
from game.rules.reversi import ReversiPosition
from tools.reversi_patterns_fit import diverse_game


class NoCut(rv.ReversiStrategy):
    """The Druid's strategy with ProbCut off: the values it predicts."""

    def plan(self, root: ReversiPosition) -> SearchPlan:
        return replace(rv.PLAN, probcut_from=None)


def midgame_position(rng: random.Random) -> ReversiPosition:
    """One position of a varied game, with 14 to 50 empties and a move to make."""
    while True:
        seen = [(p, o) for p, o in diverse_game(rng) if 14 <= 64 - (p | o).bit_count() <= 50]
        rng.shuffle(seen)
        for p, o in seen:
            position = ReversiPosition(p, o, "b")
            if position.legal_moves():
                return position


def collect(count: int, depth: int, seed: int, out: Path) -> None:
    began = time.perf_counter()
    rng = random.Random(seed)
    with out.open("w", encoding="utf-8") as stream:
        for i in range(count):
            position = midgame_position(rng)
            values = []
            for d in range(1, depth + 1):
                search = Search(position, NoCut(), limits=Limits(depth=d))
                values.append(search.run().score)
            discs = (position.mover | position.opponent).bit_count()
            stream.write(f"{discs} {' '.join(map(str, values))}\n")
            stream.flush()
            print(f"{i + 1}/{count} {time.perf_counter() - began:.0f} s", file=sys.stderr)


def fit(data: Path) -> None:
    rows = [list(map(int, line.split())) for line in data.read_text().splitlines() if line]
    depth = min(len(row) - 1 for row in rows)
    print("deep shallow band: n, mean, sd of deep - shallow (1/16 disc)")
    table = {}
    for deep in range(rv.PROBCUT_FROM, depth + 1):
        shallow = rv.probcut_shallow(deep)
        spreads = []
        for band, (low, high) in enumerate(rv.PROBCUT_BANDS):
            diffs = [row[deep] - row[shallow] for row in rows
                     if low <= row[0] <= high and abs(row[deep]) < rv.EVAL_LIMIT
                     and abs(row[shallow]) < rv.EVAL_LIMIT]
            if len(diffs) < 5:
                spreads.append(None)
                continue
            mean, sd = statistics.fmean(diffs), statistics.pstdev(diffs)
            spreads.append((round(mean), round(sd)))
            print(f"{deep} {shallow} {band} ({low}-{high} discs): {len(diffs)}, "
                  f"{mean:.0f}, {sd:.0f}")
        table[deep] = tuple(spreads)
    print("PROBCUT_SPREAD = {")
    for deep, spreads in table.items():
        print(f"    {deep}: {spreads},")
    print("}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    c = sub.add_parser("collect")
    c.add_argument("--positions", type=int, default=200)
    c.add_argument("--depth", type=int, default=8)
    c.add_argument("--seed", type=int, default=1)
    c.add_argument("--out", type=Path, required=True)
    f = sub.add_parser("fit")
    f.add_argument("data", type=Path)
    args = parser.parse_args()
    if args.command == "collect":
        collect(args.positions, args.depth, args.seed, args.out)
    else:
        fit(args.data)


if __name__ == "__main__":
    main()
