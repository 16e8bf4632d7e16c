"""Benchmark the Reversi endgame solver on the FFO test positions.

Run from the repository root::

    python tools/reversi_endgame.py ffo [--file F] [--first N] [--last N] [--max-empties E]
                                        [--nodes N]
    python tools/reversi_endgame.py sample [--empties 14 16] [--count 8] [--seed 1]
    python tools/reversi_endgame.py druid [--empties 13 14 15 16] [--count 6] [--seconds 2]
    python tools/reversi_endgame.py versus CHECKOUT [--files F ...] [--sizes 14 16 18]
                                           [--nodes N]
    python tools/reversi_endgame.py positions [--count 40] [--sizes 18 16 14]

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

versus
    This checkout's solver (A) and CHECKOUT's `game/ai/reversi_solver.py` (B,
    loaded on this checkout's rules engine) in one run, A then B on each
    position: the FFO files, then the self-play file's positions of the given
    sizes; nodes, CPU seconds and both values.  `--nodes` gives up past N
    (the same cap for both).  An old checkout: `git archive COMMIT | tar -x -C DIR`.
positions
    Writes tests/ai/data/reversi_selfplay_endgames.txt: seeded self-play
    games (depth-2 searches with noise, `reversi_tune.py`), each game's
    positions at the given sizes, `--count` per size, with the solver's exact
    margin.

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
from game.rules.reversi import PASS, ReversiPosition, from_code

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


def solve(position: ReversiPosition, nodes: int | None,
          solver: type = rv.Solver) -> tuple[int, int, int, float]:
    """(move, margin, nodes, CPU seconds) of `solver` run to the end."""
    count = 0

    def tick() -> bool:
        nonlocal count
        count += 1
        if nodes is not None and count > nodes:
            raise GaveUp
        return False

    began = time.process_time()
    found = None
    for step in solver(tick).solve_root(position.mover, position.opponent):
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
    end to the winner, our rules to nobody (a margin has the parity of 64 - k)."""
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


SELF_PLAY = ROOT / "tests" / "ai" / "data" / "reversi_selfplay_endgames.txt"


def make_positions(per_size: int, sizes: list[int]) -> list[tuple[int, int, str]]:
    """(empties, seed, position code): from seeded self-play games (depth-2
    searches with noise, after a few random opening moves: `reversi_tune`),
    each game's positions at `sizes` empties where the mover has a move, until
    every size has `per_size`."""
    import random

    from reversi_tune import choose_in, opening
    found: dict[int, list[tuple[int, str]]] = {size: [] for size in sizes}
    seed = 0
    while min(len(codes) for codes in found.values()) < per_size:
        seed += 1
        rng = random.Random(seed)
        position = opening(rng, rng.randint(2, 10))
        while position.outcome() is None and empties_of(position) > min(sizes):
            position = choose_in(position, 2, rng, noise=12)
            codes = found.get(empties_of(position))
            if codes is not None and len(codes) < per_size and position.legal_moves() != [PASS] \
                    and (not codes or codes[-1][0] != seed):
                codes.append((seed, position.code()))
    return [(size, seed, code) for size in sizes for seed, code in found[size]]


def write_positions(per_size: int, sizes: list[int]) -> None:
    """The self-play file: each position with its exact margin (the solver's)."""
    lines = ["# Positions from seeded self-play games (tools/reversi_endgame.py positions).",
             "# Columns: empties, game seed, exact final margin for the side to move, code."]
    for size, seed, code in make_positions(per_size, sizes):
        _, margin, _, _ = solve(from_code(code), None)
        lines.append(f"{size} {seed} {margin:+d} {code}")
        print(lines[-1], flush=True)
    SELF_PLAY.write_text("\n".join(lines) + "\n")


def read_positions(path: Path = SELF_PLAY) -> list[tuple[int, ReversiPosition, int | None]]:
    """(empties, position, exact margin or None where the file has "?")."""
    rows = []
    for line in path.read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            size, _seed, margin, code = line.split(maxsplit=3)
            rows.append((int(size), from_code(code), None if margin == "?" else int(margin)))
    return rows


def load_solver(checkout: Path) -> type:
    """The Solver class of another checkout's game/ai/reversi_solver.py, on this
    checkout's rules engine (the solver's relative imports resolve here)."""
    import importlib.util
    spec = importlib.util.spec_from_file_location(
        "game.ai._other_solver", checkout / "game" / "ai" / "reversi_solver.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.Solver


def run_versus(checkout: Path, files: list[str], sizes: list[int], nodes: int | None) -> None:
    """This solver (A) and another checkout's (B) on the same positions, A then
    B on each: nodes, CPU seconds and value; the ratios B/A at the end."""
    other = load_solver(checkout)
    print("| # | empties | value A | value B | known | nodes A | nodes B | CPU s A | CPU s B |\n"
          "|---|---|---|---|---|---|---|---|---|")
    jobs = []
    for name in files:
        path = ffo_file(name)
        jobs += [(str(problem.number), problem.position, problem.value)
                 for problem in parse_obf(path.read_text(), first_number_of(path))]
    counters = dict.fromkeys(sizes, 0)
    for size, position, margin in read_positions():
        if size in counters:
            counters[size] += 1
            jobs.append((f"{size}.{counters[size]}", position, margin))
    for label, position, known in jobs:
        cells = []
        for solver in (rv.Solver, other):
            try:
                _, margin, count, seconds = solve(position, nodes, solver)
                cells.append((f"{margin:+d}", f"{count:,}", f"{seconds:.2f}"))
            except GaveUp:
                cells.append(("-", f"> {nodes:,}", "-"))
        (va, na, sa), (vb, nb, sb) = cells
        known_text = "" if known is None else f"{known:+d}"
        print(f"| {label} | {empties_of(position)} | {va} | {vb} | {known_text} | {na} | {nb} | "
              f"{sa} | {sb} |", flush=True)


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
    v = sub.add_parser("versus")
    v.add_argument("checkout", type=Path)
    v.add_argument("--files", nargs="*", default=["fforum-1-19.obf", "fforum-20-39.obf"])
    v.add_argument("--sizes", type=int, nargs="*", default=[14, 16, 18])
    v.add_argument("--nodes", type=int, default=None)
    g = sub.add_parser("positions")
    g.add_argument("--count", type=int, default=40)
    g.add_argument("--sizes", type=int, nargs="+", default=[18, 16, 14])
    args = parser.parse_args()
    if args.command == "ffo":
        run_ffo(args.file, args.first, args.last, args.max_empties, args.nodes)
    elif args.command == "sample":
        sys.path.insert(0, str(Path(__file__).resolve().parent))
        run_sample(args.empties, args.count, args.seed)
    elif args.command == "versus":
        run_versus(args.checkout, args.files, args.sizes, args.nodes)
    elif args.command == "positions":
        sys.path.insert(0, str(Path(__file__).resolve().parent))
        write_positions(args.count, args.sizes)
    else:
        sys.path.insert(0, str(Path(__file__).resolve().parent))
        run_druid(args.empties, args.count, args.seed, args.seconds)


if __name__ == "__main__":
    main()
