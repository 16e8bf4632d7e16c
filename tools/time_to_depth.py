"""CPU seconds and nodes for the Druid's search to finish each depth, in one checkout.

    python tools/time_to_depth.py TREE GAME DEPTH [--positions 6]

TREE is a checkout of this repository (`.`, a worktree, or
`git archive COMMIT | tar -x -C DIR`); its own `game` package is imported.
The positions are seeded random openings of 10, 16, 22, ... plies
(`game.ai.match.random_opening`), so two trees run one after the other
search the same positions; the search is the game's strategy with no node or
time limit, stopped by depth alone.  Where pruning changes the tree, nodes
per second say little and the time to a depth is what to compare.
"""

from __future__ import annotations

import argparse
import sys
import time


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("tree")
    parser.add_argument("game")
    parser.add_argument("depth", type=int)
    parser.add_argument("--positions", type=int, default=6)
    args = parser.parse_args()
    sys.path.insert(0, args.tree)
    import game.ai.levels  # noqa: F401  (registers every game's strategy)
    from game.ai.match import random_opening
    from game.ai.search import Search
    from game.ai.strategy import Limits, strategy_for

    seconds = [0.0] * args.depth
    nodes = [0] * args.depth
    for seed in range(args.positions):
        record = random_opening(args.game, 10 + 6 * seed, seed)
        for depth in range(1, args.depth + 1):
            started = time.process_time()
            result = Search(record.position, strategy_for(args.game),
                            history=record.repetition_keys(), limits=Limits(depth=depth)).run()
            seconds[depth - 1] += time.process_time() - started
            nodes[depth - 1] += result.nodes
    for depth in range(1, args.depth + 1):
        print(f"{args.game} depth {depth}: {seconds[depth - 1]:.2f} CPU s, "
              f"{nodes[depth - 1]:,} nodes")


if __name__ == "__main__":
    main()
