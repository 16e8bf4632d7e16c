"""Fit the classic Reversi evaluation's weights from self-play; benchmark the endgame solver.

Run from the repository root (numpy is needed for `tune` only)::

    python tools/reversi_tune.py tune [--games 2000] [--depth 2] [--jobs 2]
    python tools/reversi_tune.py match [--games 100] [--depth 3] [--against defaults]
    python tools/reversi_tune.py bench [--empties 14] [--count 10]

tune
    Plays self-play games — a few random opening moves for variety, then a
    fixed-depth alpha-beta on the current evaluation, and the exact solver
    from `ENDGAME_EMPTIES` empties on, so the last stretch is perfect.  Every
    position is labelled with the game's final disc margin from its mover's
    view; per phase (discs // 8) the weights are the least-squares fit of
    16 x margin on the features (`tools.reversi_classic.features`), lightly
    ridged; the parity weight stays hand-set, and the opening phases (under
    16 discs, mostly random plies here) copy the first fitted phase (see
    `fit`).  Writes `tools/reversi_classic_weights.json`, which
    `tools/reversi_classic.py` loads (the pattern fit's prior; no level
    plays it).
match
    Plays the weights in the file against the hand-set defaults (or another
    file) at a fixed depth, each random opening twice with colours swapped.
bench
    Solves positions with the given number of empties, reached by sensible
    self-play, through the real `start_search(..., "druid")`; prints the time,
    nodes and result of each.

The games here use a small bitboard alpha-beta on the engine's kernels and
the classic evaluation, not the game's Search: it is several times faster
and is all a tuner needs.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from multiprocessing import Pool
from pathlib import Path
from types import SimpleNamespace

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai import reversi as rv
from game.ai.levels import start_search
from game.ai.strategy import Found
from game.rules.reversi import PASS, ReversiPosition, mobility, place, start
from tools import reversi_classic as classic

TERMINAL = 100_000  # a finished game, per disc of margin: beyond any evaluation
PARITY = classic.FEATURES.index("parity")
FIRST_FITTED = 2  # phases before this one copy its weights (see `fit`)


# -- a small player ----------------------------------------------------------------

def children(p: int, o: int) -> list[tuple[int, int, int]]:
    """(square, child's p, child's o) per move, corners first, X-squares last."""
    out = []
    moves = mobility(p, o)
    while moves:
        bit = moves & -moves
        moves ^= bit
        sq = bit.bit_length() - 1
        out.append((sq, *place(sq, p, o)))
    out.sort(key=lambda child: -rv._SQUARE_VALUE[child[0]])
    return out


def negamax(p: int, o: int, depth: int, alpha: int, beta: int) -> int:
    if depth == 0:
        return classic.evaluate(p, o)
    kids = children(p, o)
    if not kids:
        if not mobility(o, p):
            return TERMINAL * (p.bit_count() - o.bit_count())
        return -negamax(o, p, depth, -beta, -alpha)
    best = -TERMINAL * 100
    for _, child_p, child_o in kids:
        value = -negamax(child_p, child_o, depth - 1, -beta, -alpha)
        if value > best:
            best = value
            if value >= beta:
                break
            alpha = max(alpha, value)
    return best


def solve_to_the_end(solver: rv.Solver, p: int, o: int) -> Found:
    """The solver's last (so proven) result for the side owning `p`."""
    found = None
    for step in solver.solve_root(p, o):
        if step is not None:
            found = step
    assert found is not None  # solve_root yields its first guess at once
    return found


def solve(p: int, o: int) -> tuple[int, int]:
    """(best move, exact margin) by the strategy's own solver, run to the end."""
    found = solve_to_the_end(rv.Solver(lambda: False), p, o)
    score = found.score
    margin = 0 if score == 0 else score - (rv.WIN - 100) if score > 0 else score + rv.WIN - 100
    return found.move, margin


def choose(p: int, o: int, depth: int, rng: random.Random, noise: int = 0) -> int:
    """A move for the side owning `p`: the solver late, else a depth-limited search."""
    kids = children(p, o)
    if not kids:
        return PASS
    if 64 - (p | o).bit_count() <= rv.ENDGAME_EMPTIES:
        return solve(p, o)[0]
    best, best_value = kids[0][0], None
    for sq, child_p, child_o in kids:
        value = -negamax(child_p, child_o, depth - 1, -TERMINAL * 100, TERMINAL * 100)
        value += rng.randint(-noise, noise) if noise else 0
        if best_value is None or value > best_value:
            best, best_value = sq, value
    return best


def choose_in(position: ReversiPosition, depth: int, rng: random.Random,
              noise: int = 0) -> ReversiPosition:
    """The position after `choose` picked the mover's move (a pass when it must)."""
    move = choose(position.mover, position.opponent, depth, rng, noise)
    return position.play(move).position


def opening(rng: random.Random, plies: int) -> ReversiPosition:
    """The start, then up to `plies` random moves (no passes)."""
    position = start()
    for _ in range(plies):
        moves = [sq for sq, _, _ in children(position.mover, position.opponent)]
        if not moves:
            break
        position = position.play(rng.choice(moves)).position
    return position


# -- tune ------------------------------------------------------------------------------

Sample = tuple[tuple[int, ...], int, int]  # (features, discs on the board, final margin)


def self_play(args: tuple[int, int, tuple | None]) -> list[Sample]:
    """One game: a sample for every position in it, the margin from its mover's view."""
    seed, depth, weights = args
    if weights is not None:
        classic.use_tables(classic.EvalTables(weights))
    rng = random.Random(seed)
    position = opening(rng, rng.randint(4, 14))
    seen: list[tuple[int, int]] = []  # (p, o), the mover first
    while position.outcome() is None:
        seen.append((position.mover, position.opponent))
        position = choose_in(position, depth, rng)
    # Every ply (a pass too) hands the move over, so a position's mover is the
    # final mover when an even number of plies separates them.
    final = position.mover.bit_count() - position.opponent.bit_count()
    return [(classic.features(sp, so), (sp | so).bit_count(),
             final if (len(seen) - i) % 2 == 0 else -final)
            for i, (sp, so) in enumerate(seen)]


def fit(samples: list[Sample], ridge: float) -> list[list[int]]:
    """Per phase, least squares of 16 x margin on the features (ridge-damped)."""
    import numpy as np

    phases = []
    for phase in range(classic.PHASES):
        rows = [(f, y) for f, discs, y in samples if min(discs, 63) // 8 == phase]
        if phase < FIRST_FITTED or len(rows) < 50:
            phases.append(list(classic.DEFAULT_WEIGHTS[phase]))  # replaced below
            continue
        x = np.array([f for f, _ in rows], dtype=float)
        y = 16.0 * np.array([label for _, label in rows], dtype=float)
        w = np.linalg.solve(x.T @ x + ridge * len(rows) * np.eye(x.shape[1]), x.T @ y)
        residual = y - x @ w
        r2 = 1 - residual.var() / max(y.var(), 1e-9)
        print(f"phase {phase}: {len(rows):6d} positions, R^2 {r2:.3f}, "
              f"weights {np.round(w).astype(int).tolist()}")
        weights = [round(v) for v in w]
        # Without passes "odd empties" is "white to move", so the parity weight
        # also soaks up the self-play's colour bias: fit it (to keep that bias
        # out of the others), then keep the hand-set value.
        weights[PARITY] = classic.DEFAULT_WEIGHTS[phase][PARITY]
        phases.append(weights)
    # Below 16 discs the games are still in their random opening plies: what
    # fits there is noise (phase 1 came out with a positive frontier weight),
    # so the opening phases take the first phase fitted on real play.
    for phase in range(FIRST_FITTED):
        phases[phase] = [*phases[FIRST_FITTED][:PARITY], classic.DEFAULT_WEIGHTS[phase][PARITY],
                         *phases[FIRST_FITTED][PARITY + 1:]]
    return phases


def tune(games: int, depth: int, jobs: int, rounds: int, ridge: float, out: Path) -> None:
    weights = None
    for round_ in range(rounds):
        began = time.perf_counter()
        tasks = [(round_ * 1_000_003 + seed, depth, weights) for seed in range(games)]
        with Pool(jobs) as pool:
            games_samples = pool.map(self_play, tasks, chunksize=8)
        samples = [s for game in games_samples for s in game]
        print(f"round {round_ + 1}: {games} games, {len(samples)} positions "
              f"in {time.perf_counter() - began:.0f} s")
        phases = fit(samples, ridge)
        weights = tuple(tuple(phase) for phase in phases)
    out.write_text(json.dumps({
        "features": list(classic.FEATURES),
        "phases": [list(phase) for phase in weights],
        "note": f"reversi_tune.py: {rounds} rounds of {games} self-play games at depth {depth}",
    }, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {out}")


# -- match -----------------------------------------------------------------------------

def match_game(args: tuple[int, int, tuple, tuple, bool]) -> int:
    """One game from a random opening; the margin for `first` (weights A)."""
    seed, depth, weights_a, weights_b, a_is_black = args
    tables = {True: classic.EvalTables(weights_a), False: classic.EvalTables(weights_b)}
    rng = random.Random(seed)
    position = opening(rng, 8)
    a_to_move = a_is_black == (position.side == "b")
    while position.outcome() is None:
        classic.use_tables(tables[a_to_move])
        position = choose_in(position, depth, rng)
        a_to_move = not a_to_move
    margin = position.mover.bit_count() - position.opponent.bit_count()  # for the side to move
    return margin if a_to_move else -margin


def match(games: int, depth: int, jobs: int, weights_a: tuple, weights_b: tuple) -> None:
    tasks = [(seed, depth, weights_a, weights_b, colour)
             for seed in range(games // 2) for colour in (True, False)]
    began = time.perf_counter()
    with Pool(jobs) as pool:
        margins = pool.map(match_game, tasks, chunksize=4)
    wins = sum(m > 0 for m in margins)
    draws = sum(m == 0 for m in margins)
    print(f"{len(margins)} games at depth {depth} in {time.perf_counter() - began:.0f} s: "
          f"A wins {wins}, draws {draws}, loses {len(margins) - wins - draws}; "
          f"mean margin {sum(margins) / len(margins):+.2f}")


# -- bench -------------------------------------------------------------------------------

def bench_positions(empties: int, count: int, seed: int) -> list[ReversiPosition]:
    """Positions with `empties` empty squares and the mover to play (not pass)."""
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        position = opening(rng, rng.randint(2, 10))
        while 64 - sum(position.counts()) > empties and position.outcome() is None:
            position = choose_in(position, 2, rng, noise=12)
        if 64 - sum(position.counts()) == empties and mobility(position.mover, position.opponent):
            found.append(position)
    return found


def bench(empties: int, count: int, seed: int) -> None:
    """Solve each position; wall and CPU time (the box may be shared).

    Up to ENDGAME_EMPTIES through the Druid's own search; beyond, the solver
    directly (the Druid would run its midgame search there instead).
    """
    wall = cpu = 0.0
    for position in bench_positions(empties, count, seed):
        began, began_cpu = time.perf_counter(), time.process_time()
        if empties <= rv.ENDGAME_EMPTIES:
            result = start_search(position, "druid", nodes=10**12).run()
            move, score, depth, nodes = result.move, result.score, result.depth, result.nodes
        else:
            counter = SimpleNamespace(nodes=0)

            def tick(counter: SimpleNamespace = counter) -> bool:
                counter.nodes += 1
                return False

            move, score, depth = solve_to_the_end(rv.Solver(tick), position.mover,
                                                  position.opponent)
            nodes = counter.nodes
        used, seconds = time.process_time() - began_cpu, time.perf_counter() - began
        wall, cpu = wall + seconds, cpu + used
        print(f"{position.code()}  {position.move_text(move):>4} score {score:+d} "
              f"depth {depth} nodes {nodes:>8} {seconds:6.3f} s wall {used:6.3f} s CPU "
              f"{nodes / max(used, 1e-9):>9,.0f} nodes/CPU-s")
    print(f"mean {wall / count:.3f} s wall, {cpu / count:.3f} s CPU")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    t = sub.add_parser("tune")
    t.add_argument("--games", type=int, default=2000)
    t.add_argument("--depth", type=int, default=2)
    t.add_argument("--jobs", type=int, default=2)
    t.add_argument("--rounds", type=int, default=2)
    t.add_argument("--ridge", type=float, default=0.01)
    t.add_argument("--out", type=Path, default=classic.WEIGHTS_FILE)
    m = sub.add_parser("match")
    m.add_argument("--games", type=int, default=100)
    m.add_argument("--depth", type=int, default=3)
    m.add_argument("--jobs", type=int, default=2)
    m.add_argument("--weights", type=Path, default=classic.WEIGHTS_FILE)
    m.add_argument("--against", default="defaults")
    b = sub.add_parser("bench")
    b.add_argument("--empties", type=int, default=14)
    b.add_argument("--count", type=int, default=10)
    b.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if args.command == "tune":
        tune(args.games, args.depth, args.jobs, args.rounds, args.ridge, args.out)
    elif args.command == "match":
        a = classic.load_weights(args.weights)
        b_weights = classic.DEFAULT_WEIGHTS if args.against == "defaults" \
            else classic.load_weights(Path(args.against))
        match(args.games, args.depth, args.jobs, a, b_weights)
    else:
        bench(args.empties, args.count, args.seed)


if __name__ == "__main__":
    main()
