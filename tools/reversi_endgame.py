"""Benchmark the Reversi endgame solver on the FFO test positions.

Run from the repository root::

    python tools/reversi_endgame.py ffo [--file F] [--first N] [--last N] [--max-empties E]
                                        [--nodes N]
    python tools/reversi_endgame.py sample [--empties 14 16] [--count 8] [--seed 1]
    python tools/reversi_endgame.py druid [--empties 13 14 15 16] [--count 6] [--seconds 2]

ffo
    Solves each position of an FFO file (default: the first one in
    ../shared/data/ffo/, or tests' copy) with the solver run to the end, and
    prints its empties, best move, value, the known value, nodes and time.
    `--nodes` gives up on a position past that many nodes (reported as such).
sample
    The same for positions reached by sensible self-play with a given number
    of empties (`tools/reversi_tune.py`'s bench positions): a fixed set, so two
    versions of the solver can be timed against each other.
druid
    The Druid itself on the `sample` positions, by the clock (`--seconds`,
    its 2 s by default; 1 s stands in for the browser, where CPython runs
    about half as fast): whether its solve finished in time (depth = empties)
    or the midgame search's move stood.

Only `game.ai.reversi.Solver(tick).solve_root(p, o)` is used, so the same
script times an older checkout: `PYTHONPATH=/path/to/checkout python
tools/reversi_endgame.py ...` (the checkout first on the path).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path
from typing import NamedTuple

if not os.environ.get("PYTHONPATH"):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai import reversi as rv
from game.rules.reversi import ReversiPosition

ROOT = Path(__file__).resolve().parent.parent
FFO_DIRS = (ROOT.parent / "shared" / "data" / "ffo", Path("/work/shared/data/ffo"),
            ROOT / "tests" / "ai" / "data" / "ffo")


class Problem(NamedTuple):
    number: int
    position: ReversiPosition
    best: str  # the first listed (best) move, lower case, e.g. "g8"
    value: int  # its exact disc difference for the side to move (FFO's count)


def parse_obf(text: str, first_number: int = 1) -> list[Problem]:
    """The problems of an OBF file: board, side to move, first listed move and value."""
    problems = []
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith("%"):
            continue
        board_and_side, *answers = (part.strip() for part in line.split(";"))
        board, side = board_and_side.split()
        black = sum(1 << sq for sq, c in enumerate(board) if c == "X")
        white = sum(1 << sq for sq, c in enumerate(board) if c == "O")
        mover = "b" if side == "X" else "w"
        move, value = answers[0].split(":")
        position = ReversiPosition.from_colours(black, white, mover)
        problems.append(Problem(first_number + len(problems), position, move.lower(),
                                int(value)))
    return problems


def ffo_file(name: str) -> Path:
    for folder in FFO_DIRS:
        if (folder / name).exists():
            return folder / name
    raise SystemExit(f"no FFO file {name!r} in {', '.join(map(str, FFO_DIRS))}")


def first_number_of(path: Path) -> int:
    """fforum-20-39.obf starts at problem 20."""
    try:
        return int(path.stem.split("-")[1])
    except (IndexError, ValueError):
        return 1


class GaveUp(Exception):
    pass


def solve(position: ReversiPosition, nodes: int | None) -> tuple[int, int, int, float]:
    """(move, margin, nodes, CPU seconds) of the solver run to the end."""
    count = 0

    def tick() -> bool:
        nonlocal count
        count += 1
        if nodes is not None and count > nodes:
            raise GaveUp
        return False

    began = time.process_time()
    found = None
    for step in rv.Solver(tick).solve_root(position.mover, position.opponent):
        if step is not None:
            found = step
    seconds = time.process_time() - began
    assert found is not None
    score = found.score
    margin = 0 if score == 0 else score - (rv.WIN - 100) if score > 0 else score + rv.WIN - 100
    return found.move, margin, count, seconds


def empties_of(position: ReversiPosition) -> int:
    return 64 - sum(position.counts())


def report(label: str, position: ReversiPosition, nodes: int | None,
           known: int | None = None, best: str = "") -> tuple[int, float] | None:
    empties = empties_of(position)
    try:
        move, margin, count, seconds = solve(position, nodes)
    except GaveUp:
        print(f"| {label} | {empties} | gave up past {nodes:,} nodes | | | | |", flush=True)
        return None
    name = position.move_text(move) if move is not None else "-"
    known_text = "" if known is None else f"{known:+d} ({best})"
    agree = "" if known is None else agreement(margin, known, empties)
    print(f"| {label} | {empties} | {name} | {margin:+d} | {known_text} | {agree} | "
          f"{count:,} | {seconds:.2f} | {count / max(seconds, 1e-9):,.0f} |", flush=True)
    return count, seconds


def agreement(margin: int, known: int, empties: int) -> str:
    """"yes", or how FFO's value differs: it gives the squares left empty at the
    end to the winner, RULES.md to nobody (a margin has the parity of 64 - k)."""
    if margin == known:
        return "yes"
    left = abs(known) - abs(margin)
    if margin and (known > 0) == (margin > 0) and 0 < left < empties and left % 2 == margin % 2:
        return f"yes ({left} left empty)"
    return "NO"


HEADER = ("| # | empties | move | value | FFO value (move) | agree | nodes | CPU s | nodes/s |\n"
          "|---|---|---|---|---|---|---|---|---|")


def run_ffo(name: str, first: int, last: int, max_empties: int, nodes: int | None) -> None:
    path = ffo_file(name)
    print(HEADER)
    total_nodes, total_seconds = 0, 0.0
    for problem in parse_obf(path.read_text(), first_number_of(path)):
        if not first <= problem.number <= last or empties_of(problem.position) > max_empties:
            continue
        done = report(str(problem.number), problem.position, nodes, problem.value, problem.best)
        if done:
            total_nodes += done[0]
            total_seconds += done[1]
    print(f"total {total_nodes:,} nodes, {total_seconds:.1f} CPU s")


def run_sample(empties_list: list[int], count: int, seed: int) -> None:
    from reversi_tune import bench_positions
    print(HEADER)
    for empties in empties_list:
        total_nodes, total_seconds = 0, 0.0
        for i, position in enumerate(bench_positions(empties, count, seed)):
            done = report(f"{empties}.{i + 1}", position, None)
            total_nodes += done[0]
            total_seconds += done[1]
        print(f"{empties} empties: {total_nodes:,} nodes, {total_seconds:.2f} CPU s")


def run_druid(empties_list: list[int], count: int, seed: int, seconds: float) -> None:
    from reversi_tune import bench_positions

    from game.ai.levels import start_search
    print("| empties | solved in time | wall s (mean, max) | midgame depth when not |\n"
          "|---|---|---|---|")
    for empties in empties_list:
        solved, times, depths = 0, [], []
        for position in bench_positions(empties, count, seed):
            result = start_search(position, "druid", seconds=seconds).run()
            times.append(result.seconds)
            if result.depth == empties:
                solved += 1
            else:
                depths.append(str(result.depth))
        print(f"| {empties} | {solved} of {count} | {sum(times) / count:.2f}, {max(times):.2f} | "
              f"{', '.join(depths) or '-'} |", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    f = sub.add_parser("ffo")
    f.add_argument("--file", default="fforum-1-19.obf")
    f.add_argument("--first", type=int, default=1)
    f.add_argument("--last", type=int, default=99)
    f.add_argument("--max-empties", type=int, default=64)
    f.add_argument("--nodes", type=int, default=None)
    s = sub.add_parser("sample")
    s.add_argument("--empties", type=int, nargs="+", default=[14, 16])
    s.add_argument("--count", type=int, default=8)
    s.add_argument("--seed", type=int, default=1)
    d = sub.add_parser("druid")
    d.add_argument("--empties", type=int, nargs="+", default=[13, 14, 15, 16])
    d.add_argument("--count", type=int, default=6)
    d.add_argument("--seed", type=int, default=1)
    d.add_argument("--seconds", type=float, default=2.0)
    args = parser.parse_args()
    if args.command == "ffo":
        run_ffo(args.file, args.first, args.last, args.max_empties, args.nodes)
    elif args.command == "sample":
        sys.path.insert(0, str(Path(__file__).resolve().parent))
        run_sample(args.empties, args.count, args.seed)
    else:
        sys.path.insert(0, str(Path(__file__).resolve().parent))
        run_druid(args.empties, args.count, args.seed, args.seconds)


if __name__ == "__main__":
    main()
