"""Benchmarks behind `python -m game bench …`; results go in docs/benchmarks.md.

Speed is measured here, never asserted in tests: the machine is shared and
noisy, so compare figures taken in one run.
"""

from __future__ import annotations

import time

from .rules import start
from .rules.base import perft

# (game, depth, the leaf count RULES.md §6 gives) for `bench perft`.
PERFT_RUNS = (
    ("brandubh", 4, 127_624),
    ("brandubh", 5, 3_750_796),
    ("tawlbwrdd", 3, 1_042_016),
    ("reversi", 9, 3_005_288),
    ("modiar", 5, 187),
)


def bench_perft() -> str:
    """Time perft from each start position; flag any count that disagrees."""
    lines = [f"{'game':<10} {'depth':>5} {'leaves':>10} {'seconds':>8} {'leaves/s':>11}  check"]
    for game, depth, expected in PERFT_RUNS:
        began = time.perf_counter()
        leaves = perft(start(game), depth)
        seconds = time.perf_counter() - began
        check = "ok" if leaves == expected else f"MISMATCH (expected {expected})"
        lines.append(f"{game:<10} {depth:>5} {leaves:>10} {seconds:>8.3f} "
                     f"{leaves / max(seconds, 1e-9):>11,.0f}  {check}")
    return "\n".join(lines)
