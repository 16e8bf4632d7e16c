"""Fit the Reversi pattern evaluation (`game/ai/reversi_patterns.py`) offline.

Run from the repository root (numpy needed)::

    nice -n 10 python tools/reversi_patterns_fit.py generate --minutes 35 --out /tmp/rv.txt
    nice -n 10 python tools/reversi_patterns_fit.py fit /tmp/rv.txt [--ridge R]

generate
    Self-play games, one process, until the time is up, each game appending
    one line per position (`p o margin empties game`, boards in hex, the
    margin from the mover's view) to the output file.  Every game varies:
    4-14 random opening plies, then a depth-2 alpha-beta (`reversi_tune`'s
    small player) with a per-game noise of 0, 8, 16, 24 or 40 (1/16 disc) on
    each root score — some games clean, some sloppy, so the positions spread
    wide — and from `ENDGAME_EMPTIES` (14) empties on the exact solver
    (`reversi.Solver`, one per game so its table carries over) for both
    sides.  Since both play perfectly from there, the final margin IS the
    exact value of every position at 14 empties or fewer; earlier positions
    carry the final margin of their game (the exact value of its first
    position within the solver's reach), a noisy label of how the middle
    game went.
fit
    Per phase (`phase_of`: ten bands of six disc counts) a ridge-regularised
    least-squares fit of 16 x margin on the features: one weight per
    configuration class of each shape (configurations a symmetry of the shape
    maps onto each other share one), a weight per square class and cell, and
    mobility, potential mobility, frontier, parity and a bias; solved by
    preconditioned conjugate gradients on the sparse design (numpy bincount
    for the transpose).  The ridge pulls towards the classic evaluation
    written in these parameters (`classic_prior`), not towards zero: a
    configuration the games show too rarely keeps the classic value, so the
    little data a 2-core machine makes in half an hour cannot make it worse
    than what it replaces.  Each phase trains on its own positions and,
    at half weight, those one band away (a quarter two away).  Every tenth
    game is held out; per phase the ridge is the one of RIDGES with the least
    held-out error, then the fit is redone on every game.  Writes
    `game/ai/reversi_patterns.bin` and prints per phase the sizes and the
    held-out root-mean-square errors of the fit, the prior and the classic
    evaluation, in discs.

The run that made the shipped file, its size and per-phase errors, is in
`docs/benchmarks.md` ("Reversi pattern evaluation").
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from functools import cache
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai import reversi as rv
from game.ai import reversi_patterns as rp
from game.rules.reversi import mobility
from tools import reversi_tune as rt

# -- generate --------------------------------------------------------------------------

def play_game(rng: random.Random) -> list[tuple[int, int, int, int]]:
    """One varied self-play game: (p, o, margin for p's side, empties) per position."""
    position = rt.opening(rng, rng.randint(4, 14))
    noise = rng.choice((0, 0, 8, 16, 24, 40))
    seen: list[tuple[int, int]] = []
    # One solver for the game's whole endgame: the bounds its table proved for one
    # move's tree answer most of the next move's (the same positions, two plies on).
    solver = rv.Solver(lambda: False)
    while position.outcome() is None:
        seen.append((position.mover, position.opponent))
        p, o = position.mover, position.opponent
        if 64 - (p | o).bit_count() <= rv.ENDGAME_EMPTIES and mobility(p, o):
            move = rt.solve_to_the_end(solver, p, o).move
        else:
            move = rt.choose(p, o, 2, rng, noise)
        position = position.play(move).position
    final = position.mover.bit_count() - position.opponent.bit_count()
    return [(sp, so, final if (len(seen) - i) % 2 == 0 else -final,
             64 - (sp | so).bit_count()) for i, (sp, so) in enumerate(seen)]


def generate(minutes: float, out: Path, seed: int, first_game: int) -> None:
    began = time.perf_counter()
    games, positions = first_game, 0
    with out.open("a", encoding="utf-8") as stream:
        while time.perf_counter() - began < minutes * 60:
            rng = random.Random(seed * 1_000_003 + games)
            rows = play_game(rng)
            stream.write("".join(f"{p:x} {o:x} {m} {e} {games}\n" for p, o, m, e in rows))
            stream.flush()
            games += 1
            positions += len(rows)
            if games % 100 == 0:
                print(f"{games} games, {positions} positions, "
                      f"{time.perf_counter() - began:.0f} s", flush=True)
    print(f"done: {games} games, {positions} positions in {time.perf_counter() - began:.0f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    g = sub.add_parser("generate")
    g.add_argument("--minutes", type=float, default=35)
    g.add_argument("--out", type=Path, required=True)
    g.add_argument("--seed", type=int, default=14)
    g.add_argument("--first-game", type=int, default=0, help="number games on from here")
    f = sub.add_parser("fit")
    f.add_argument("data", type=Path)
    f.add_argument("--ridge", type=float, default=None, help="one ridge instead of a search")
    args = parser.parse_args()
    if args.command == "generate":
        generate(args.minutes, args.out, args.seed, args.first_game)
    else:
        fit_main(args.data, args.ridge)


# -- fit -------------------------------------------------------------------------------

RIDGES = (40.0, 160.0, 640.0)  # tried per phase; the best on the held-out games wins
NEIGHBOUR_WEIGHT = 0.5  # a position's weight in the fit of a phase next to its own (squared
# two phases away)
HELD_OUT = 10  # every tenth game is held out


def read_positions(data: Path):
    """Arrays of the data file: p, o (Python ints), margin, empties, game number."""
    import numpy as np

    ps, os_, margins, empties, games = [], [], [], [], []
    for line in data.read_text(encoding="utf-8").splitlines():
        p, o, margin, empty, game = line.split()
        ps.append(int(p, 16))
        os_.append(int(o, 16))
        margins.append(int(margin))
        empties.append(int(empty))
        games.append(int(game))
    return ps, os_, np.array(margins), np.array(empties), np.array(games)


def cells_of(ps: list[int], os_: list[int]):
    """(N, 64) cells: 0 empty, 1 the mover's, 2 the opponent's."""
    import numpy as np

    p = np.array(ps, dtype=np.uint64)[:, None]
    o = np.array(os_, dtype=np.uint64)[:, None]
    shifts = np.arange(64, dtype=np.uint64)[None, :]
    return (((p >> shifts) & np.uint64(1)) + 2 * ((o >> shifts) & np.uint64(1))).astype(np.int64)


@cache
def classes_of(shape: str):
    """Per configuration index of a shape, its class (configurations a symmetry of the
    shape maps onto each other share one), and the number of classes."""
    import numpy as np

    n = len(rp.BASE_SHAPES[shape])
    powers = 3 ** np.arange(n)
    digits = (np.arange(3 ** n)[:, None] // powers[None, :]) % 3
    canonical = np.min([digits[:, list(perm)] @ powers for perm in rp.self_maps(shape)], axis=0)
    _, classes = np.unique(canonical, return_inverse=True)
    return classes, int(classes.max()) + 1


def square_classes():
    """Per square, its class under the board's symmetries (10 classes, 0..9)."""
    import numpy as np

    canonical = [min(rp._transform(sq, t) for t in range(8)) for sq in range(64)]
    _, classes = np.unique(canonical, return_inverse=True)
    return classes


def design(ps: list[int], os_: list[int]):
    """The sparse part (N, instances) of class numbers, offset per shape, the dense part
    (N, SCALARS), per shape (offset, class of each configuration), the class count."""
    import numpy as np

    cells = cells_of(ps, os_)
    columns, layout, offset = [], {}, 0
    for shape in rp.SHAPES:
        classes, count = classes_of(shape)
        powers = 3 ** np.arange(len(rp.BASE_SHAPES[shape]))
        for squares in rp.instances(shape):
            columns.append(offset + classes[cells[:, list(squares)] @ powers])
        layout[shape] = (offset, classes)
        offset += count
    squares = square_classes()
    for sq in range(64):
        columns.append(offset + 3 * squares[sq] + cells[:, sq])
    layout["squares"] = (offset, np.repeat(3 * squares, 3) + np.tile(np.arange(3), 64))
    offset += 30
    dense = np.array([rp.scalar_features(p, o) for p, o in zip(ps, os_, strict=True)],
                     dtype=float)
    return np.stack(columns, axis=1), dense, layout, offset


def ridge_fit(sparse, dense, y, weight, params: int, ridge: float, iterations: int = 150):
    """argmin sum weight (y - X w)^2 + ridge |w|^2, by conjugate gradients with the
    normal matrix's diagonal as preconditioner (configurations seen thousands of
    times and never sit side by side in one design)."""
    import numpy as np

    width = sparse.shape[1]
    flat = sparse.ravel()

    def forward(w):
        return w[:params][sparse].sum(axis=1) + dense @ w[params:]

    def backward(v):
        return np.concatenate([np.bincount(flat, weights=np.repeat(v, width), minlength=params),
                               dense.T @ v])

    def normal(w):
        return backward(weight * forward(w)) + ridge * w

    diagonal = np.concatenate([np.bincount(flat, weights=np.repeat(weight, width),
                                           minlength=params),
                               (weight[:, None] * dense ** 2).sum(axis=0)]) + ridge
    w = np.zeros(params + dense.shape[1])
    r = backward(weight * y)
    target = 1e-8 * (r @ r)
    z = r / diagonal
    d = z.copy()
    rz = r @ z
    for _ in range(iterations):
        ad = normal(d)
        step = rz / (d @ ad)
        w += step * d
        r -= step * ad
        if r @ r < target:
            break
        z = r / diagonal
        new = r @ z
        d = z + (new / rz) * d
        rz = new
    return w


def classic_prior(layout, params: int, ph: int):
    """The classic evaluation (`reversi.evaluate_classic`, its weights at the band's
    middle disc count) written in this evaluation's parameters: its edge table in
    edge2x (X-squares ignored), its X-square term in corner3, its disc count in
    the squares, its mobility, potential, frontier and parity as they are.  The
    fit starts from it and the ridge pulls towards it, not towards zero: what the
    games show too rarely keeps the classic value."""
    import numpy as np

    discs = min(64, 4 + 6 * ph + 3)
    tables = rv.EvalTables(rv.load_weights())
    w_mob, w_pot, w_front, w_x, w_par, w_disc = tables.scalars[discs]
    sign = np.array([0, 1, -1])
    prior = np.zeros(params + len(rp.SCALARS))
    offset, classes = layout["edge2x"]
    prior[offset + classes] = np.array(tables.edges[discs])[np.arange(3 ** 10) % 3 ** 8]
    offset, classes = layout["corner3"]
    digits = np.arange(3 ** 9)
    corner_empty = digits % 3 == 0
    x_cell = digits // 3 ** 4 % 3
    prior[offset + classes] = np.where(corner_empty, w_x * sign[x_cell], 0)
    offset, where = layout["squares"]
    prior[offset + where] = w_disc * sign[np.arange(192) % 3]
    prior[params:] = (w_mob, w_pot, w_front, w_par, 0)
    return prior


def fit_main(data: Path, ridge_choice: float | None, out: Path = rp.DATA_FILE) -> None:
    import numpy as np

    began = time.perf_counter()
    ps, os_, margins, empties, games = read_positions(data)
    sparse, dense, layout, params = design(ps, os_)
    discs = 64 - empties
    phase = np.array([rp.phase_of(d) for d in discs])
    held = games % HELD_OUT == 0
    y = 16.0 * margins
    old = np.array([rv.evaluate_classic(p, o) for p, o in zip(ps, os_, strict=True)], dtype=float)
    print(f"{len(ps)} positions from {len(set(games.tolist()))} games, {params} pattern "
          f"classes + {len(rp.SCALARS)} scalars; design in {time.perf_counter() - began:.0f} s")
    print("phase discs   train  held  exact%  ridge  held RMS (discs): new  prior  old  "
          "train RMS")
    phases = []
    for ph in range(rp.PHASES):
        near = np.abs(phase - ph) <= 2
        weight = NEIGHBOUR_WEIGHT ** np.abs(phase - ph)
        train, test = near & ~held, (phase == ph) & held
        prior = classic_prior(layout, params, ph)
        residual = y - (prior[:params][sparse].sum(axis=1) + dense @ prior[params:])
        best = None
        for ridge in (ridge_choice,) if ridge_choice else RIDGES:
            w = prior + ridge_fit(sparse[train], dense[train], residual[train], weight[train],
                                  params, ridge)
            pred = w[:params][sparse[test]].sum(axis=1) + dense[test] @ w[params:]
            rms = float(np.sqrt(np.mean((pred - y[test]) ** 2))) / 16
            if best is None or rms < best[0]:
                best = (rms, ridge, w)
        rms, ridge, _ = best
        prior_pred = prior[:params][sparse[test]].sum(axis=1) + dense[test] @ prior[params:]
        prior_rms = float(np.sqrt(np.mean((prior_pred - y[test]) ** 2))) / 16
        # The chosen ridge again on every game of the band, held-out ones too.
        every = near
        w = prior + ridge_fit(sparse[every], dense[every], residual[every], weight[every],
                              params, ridge)
        own = phase == ph
        fitted = w[:params][sparse[own & ~held]].sum(axis=1) + dense[own & ~held] @ w[params:]
        train_rms = float(np.sqrt(np.mean((fitted - y[own & ~held]) ** 2))) / 16
        old_rms = float(np.sqrt(np.mean((old[test] - y[test]) ** 2))) / 16
        exact = float(np.mean(empties[own] <= rv.ENDGAME_EMPTIES)) * 100
        low = 4 + 6 * ph
        high = 64 if ph == rp.PHASES - 1 else low + 5
        print(f"{ph:5d} {low:2d}-{high:<2d} {int((own & ~held).sum()):7d} {int(test.sum()):5d} "
              f"{exact:6.0f}  {ridge:5.0f}  {rms:26.2f} {prior_rms:5.2f} {old_rms:5.2f} "
              f"{train_rms:9.2f}",
              flush=True)
        phases.append(tables_of(w, layout, params))
    rp.save(out, phases)
    print(f"wrote {out} ({out.stat().st_size} bytes) in {time.perf_counter() - began:.0f} s")


def tables_of(w, layout, params: int) -> list[list[int]]:
    """A phase's tables in the data file's order from its fitted weights."""
    import numpy as np

    shapes = {shape: np.rint(w[offset + classes]).astype(int).tolist()
              for shape, (offset, classes) in layout.items() if shape != "squares"}
    offset, where = layout["squares"]
    squares = np.rint(w[offset + where] / 2).astype(int).tolist()  # half: see rp.SQUARES
    diagonals = {n: shapes[f"diag{n}"] for n in range(4, 9)}
    wraps = [rp.combined_wrap(diagonals, squares, k) for k in range(8)]
    scalars = np.rint(w[params:]).astype(int).tolist()
    return [*(shapes[shape] for shape in rp.SHAPES), squares, *wraps, scalars]


if __name__ == "__main__":
    main()
