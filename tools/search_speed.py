"""Nodes per CPU second of the Druid's search in two checkouts, taken in turns.

Run from the repository root::

    python tools/search_speed.py OLD_TREE NEW_TREE [--rounds 8] [--nodes 20000]
                                 [--games brandubh reversi ...]

OLD_TREE and NEW_TREE are checkouts of this repository (a worktree, or
`git archive COMMIT | tar -x -C DIR`).  One worker process runs in each,
loads its own `game` and waits; the driver then hands both the same search,
one after the other, alternating which goes first, so that a machine whose
speed drifts (load from other processes) weighs on both alike.  A search is
the Druid under a node budget from a fixed position (`game.bench`'s sample
positions; for Modiar, whose Druid reads its table, positions outside the
table searched with `exact` off), timed by the worker's thread CPU time.
Both must find the same move, score, depth and node count, or the driver
stops: the comparison is of speed alone.

It prints, per game, both trees' median nodes per CPU second over the rounds
and the median of the rounds' CPU-time ratios (new / old), with their range.
A first round, not counted, warms both workers up.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time

GAMES = ("brandubh", "tawlbwrdd", "reversi", "modiar")
# Positions beyond the Druid's data, searched with `exact` off: Modiar's, with
# too many stones for its table and its run-time solve.
BEYOND_DATA = {"modiar": ("modiar 0,8,6,3,7,0 8,10 s 0", "modiar 5,2,3,0,5,17 4,6 s 0",
                          "modiar 4,6,5,3,2,7 8,7 n 0")}
PLIES = {"brandubh": (0, 12, 30, 45), "tawlbwrdd": (0, 12, 30, 45),
         "reversi": (0, 12, 24, 34), "modiar": (2, 10)}


def worker(tree: str) -> None:
    """Answer 'game index nodes' lines with '[cpu seconds, nodes, signature]'."""
    sys.path.insert(0, tree)
    import game
    if not game.__file__.startswith(tree):
        sys.exit(f"imported {game.__file__}, not the tree {tree}")
    from game.ai.levels import start_search
    from game.ai.search import Search
    from game.ai.strategy import Limits, strategy_for
    from game.bench import sample_positions
    from game.rules import from_code

    positions = {name: [from_code(code) for code in BEYOND_DATA.get(name, ())]
                 + sample_positions(name, PLIES[name]) for name in GAMES}
    print(json.dumps({name: len(found) for name, found in positions.items()}), flush=True)
    for line in sys.stdin:
        name, index, nodes = line.split()
        position = positions[name][int(index)]
        if BEYOND_DATA.get(name):
            search = Search(position, strategy_for(name),
                            limits=Limits(nodes=int(nodes), exact=False))
        else:
            search = start_search(position, "druid", nodes=int(nodes))
        began = time.thread_time()
        result = search.run()
        cpu = time.thread_time() - began
        move = None if result.move is None else position.move_text(result.move)
        print(json.dumps([cpu, result.nodes, [move, result.score, result.depth, result.nodes]]),
              flush=True)


class Worker:
    def __init__(self, tree: str) -> None:
        self.process = subprocess.Popen([sys.executable, __file__, "--worker", tree],
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        self.counts = json.loads(self.process.stdout.readline())

    def search(self, name: str, index: int, nodes: int) -> list:
        self.process.stdin.write(f"{name} {index} {nodes}\n")
        self.process.stdin.flush()
        return json.loads(self.process.stdout.readline())

    def close(self) -> None:
        self.process.stdin.close()
        self.process.wait()


def compare(old_tree: str, new_tree: str, rounds: int, nodes: int, games: list[str]) -> str:
    old, new = Worker(old_tree), Worker(new_tree)
    if old.counts != new.counts:
        sys.exit(f"the trees sample different positions: {old.counts} / {new.counts}")
    totals: dict[str, list[list[tuple[float, int]]]] = {name: [[], []] for name in games}
    try:
        # Round 0 warms both up (tables built on first use) and is not counted.
        for round_ in range(rounds + 1):
            for name in games:
                cpu_old = cpu_new = count_old = count_new = 0
                for index in range(old.counts[name]):
                    first, second = (old, new) if (round_ + index) % 2 == 0 else (new, old)
                    a, b = first.search(name, index, nodes), second.search(name, index, nodes)
                    here_old, here_new = (a, b) if first is old else (b, a)
                    if here_old[2] != here_new[2]:
                        sys.exit(f"{name} #{index}: the trees disagree: "
                                 f"{here_old[2]} / {here_new[2]}")
                    cpu_old += here_old[0]
                    cpu_new += here_new[0]
                    count_old += here_old[1]
                    count_new += here_new[1]
                if round_:
                    totals[name][0].append((cpu_old, count_old))
                    totals[name][1].append((cpu_new, count_new))
    finally:
        old.close()
        new.close()
    lines = [f"{'game':<10} {'old n/s':>9} {'new n/s':>9}  CPU new/old: median (range), rounds"]
    for name in games:
        olds, news = totals[name]
        ratios = [n[0] / o[0] for o, n in zip(olds, news, strict=True)]
        lines.append(f"{name:<10} {statistics.median(c / s for s, c in olds):>9,.0f} "
                     f"{statistics.median(c / s for s, c in news):>9,.0f}  "
                     f"{statistics.median(ratios):.3f} ({min(ratios):.3f}-{max(ratios):.3f}), "
                     f"{len(ratios)}")
    return "\n".join(lines)


def main() -> None:
    if sys.argv[1:2] == ["--worker"]:
        worker(sys.argv[2])
        return
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("old_tree")
    parser.add_argument("new_tree")
    parser.add_argument("--rounds", type=int, default=8)
    parser.add_argument("--nodes", type=int, default=20000)
    parser.add_argument("--games", nargs="+", choices=GAMES, default=list(GAMES))
    args = parser.parse_args()
    print(compare(args.old_tree, args.new_tree, args.rounds, args.nodes, args.games))


if __name__ == "__main__":
    main()
