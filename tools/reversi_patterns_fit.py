"""Fit the Reversi pattern evaluation (`game/ai/reversi_patterns.py`) offline.

Run from the repository root (numpy needed)::

    nice -n 10 python tools/reversi_patterns_fit.py positions --games 8000 --out /tmp/pos.txt
    nice -n 10 python tools/reversi_patterns_fit.py chain /tmp/pos.txt --per-phase 15000 \
        --labels /tmp/labels.txt
    nice -n 10 python tools/reversi_patterns_fit.py fit /tmp/labels.txt   # the last step again

positions
    Self-play games, each of its own style (`diverse_game`: 2-18 random
    opening plies, then a depth-1 or depth-2 player on the classic
    evaluation with its own chance of a random move and its own noise), every
    distinct position once (`p o empties game` lines).  Fast: the labels cost
    the time, not the games.
chain
    Draws up to `--per-phase` positions of each phase and labels them from
    the end of the game backwards: positions with at most `EXACT_EMPTIES`
    (12) empties by the exact solver (phases 8-9); then, one phase at a time
    from phase 7 down to 0, by CHAINED labels: a `LABEL_DEPTH` (2) ply
    alpha-beta whose leaves are scored by the tables fitted for the later
    phases (leaves still in the phase being labelled use the next phase's
    tables first; the phase is fitted, those positions labelled again with
    its own tables, and fitted again).  A phase's fit therefore learns what
    the later, better-grounded phases think of the position two plies on,
    and the exact endgame values reach back, phase by phase, to the
    opening.  Writes the labels (`p o empties game label` lines, 1/16 disc)
    and then makes the final fit (below) to `game/ai/reversi_patterns.bin`.
fit
    The final fit from a labels file: per phase (`phase_of`: ten bands of
    six disc counts) a ridge-regularised least-squares fit of the labels on
    the features: one weight per configuration class of each shape
    (configurations a symmetry of the shape maps onto each other share one),
    a weight per square class and cell, and mobility, potential mobility,
    frontier, parity and a bias; solved by preconditioned conjugate gradients
    on the sparse design (numpy bincount for the transpose).  The ridge pulls
    towards the classic evaluation written in these parameters
    (`classic_prior`), not towards zero, so a configuration seen too rarely
    keeps the classic value.  Each phase trains on its own positions and, at
    half weight, those one band away (a quarter two away): the phases stay
    smooth where the data is thin.  Every tenth game is held out; per phase
    the ridge is the one of RIDGES with the least held-out error, then the
    fit is redone on every game.  Prints per phase the sizes and the held-out
    root-mean-square errors, in discs, of the fit, the prior, the classic
    evaluation, and the classic evaluation times the factor that fits it best
    to the labels (the classic evaluation's scale is not quite discs).

The run that made the shipped file, its size and per-phase errors, is in
`docs/benchmarks.md` ("Reversi patterns, chained labels").
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from array import array
from functools import cache
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai import reversi_patterns as rp
from game.rules.reversi import PASS, mobility
from tools import reversi_classic as classic
from tools import reversi_tune as rt

# -- positions ---------------------------------------------------------------------------

def diverse_game(rng: random.Random) -> list[tuple[int, int]]:
    """The positions (p, o) of one varied self-play game, every ply from the start.

    Each game draws its own style: 2-18 random opening plies, then a player
    that moves at random with a chance of 0-20% and otherwise takes the best
    move by the classic evaluation at depth 1 (depth 2 in a fifth of the
    games) with a noise of 0-48 (1/16 disc) on each move's score.  The search
    meets good and bad positions alike, so the set holds both.
    """
    position = rt.opening(rng, rng.randint(2, 18))
    careless = rng.choice((0.0, 0.05, 0.1, 0.2))
    noise = rng.choice((0, 8, 16, 32, 48))
    depth = 2 if rng.random() < 0.2 else 1
    seen = []
    while position.outcome() is None:
        p, o = position.mover, position.opponent
        seen.append((p, o))
        kids = rt.children(p, o)
        if not kids:
            move = PASS
        elif rng.random() < careless:
            move = rng.choice(kids)[0]
        else:
            def score(kid: tuple[int, int, int]) -> int:
                value = (-classic.evaluate(kid[1], kid[2]) if depth == 1 else
                         -rt.negamax(kid[1], kid[2], 1, -rt.TERMINAL * 100, rt.TERMINAL * 100))
                return value + (rng.randint(-noise, noise) if noise else 0)
            move = max(kids, key=score)[0]
        position = position.play(move).position
    return seen


def positions(games: int, out: Path, seed: int) -> None:
    """`games` diverse games, each distinct position once (`p o empties game` lines)."""
    began = time.perf_counter()
    seen: set[tuple[int, int]] = set()
    # The depth-2 games search with `reversi_tune`'s player, which evaluates
    # with the classic evaluation, as when the shipped set was made.
    with out.open("w", encoding="utf-8") as stream:
        for game in range(games):
            rng = random.Random(seed * 1_000_003 + game)
            for p, o in diverse_game(rng):
                if (p, o) not in seen:
                    seen.add((p, o))
                    stream.write(f"{p:x} {o:x} {64 - (p | o).bit_count()} {game}\n")
    print(f"{games} games, {len(seen)} distinct positions in {time.perf_counter() - began:.0f} s")


# -- chained labels --------------------------------------------------------------------

LABEL_DEPTH = 2  # plies the chained label searches before the later phases' tables judge
EXACT_EMPTIES = 12  # labelled by the exact solver up to here


def label_search(p: int, o: int, depth: int, alpha: int, beta: int) -> int:
    """Negamax value, 1/16 disc, with the pattern tables in use at the leaves and the
    exact margin where the game ends."""
    if depth == 0:
        return rp.evaluate(p, o)
    kids = rt.children(p, o)
    if not kids:
        if not mobility(o, p):
            return 16 * (p.bit_count() - o.bit_count())
        return -label_search(o, p, depth, -beta, -alpha)
    best = -(1 << 30)
    for _, child_p, child_o in kids:
        value = -label_search(child_p, child_o, depth - 1, -beta, -alpha)
        if value > best:
            best = value
            if value >= beta:
                break
            alpha = max(alpha, value)
    return best


def as_phase(tables: list[list[int]]) -> tuple[array, ...]:
    """A phase's tables (TABLE_SIZES order) as the arrays `rp.use_phases` takes."""
    return tuple(array("h", (max(-32768, min(32767, v)) for v in table)) for table in tables)


# -- fit -------------------------------------------------------------------------------

RIDGES = (10.0, 40.0, 160.0, 640.0)  # tried per phase; the best on the held-out games wins
NEIGHBOUR_WEIGHT = 0.5  # a position's weight in the fit of a phase next to its own (squared
# two phases away)
CHAIN_RIDGE = 40.0  # while chaining (one fit, no search); the final fit searches RIDGES
HELD_OUT = 10  # every tenth game is held out


def read_positions(data: Path):
    """A positions file (`p o empties game` lines): p, o as Python ints, empties and
    game numbers as arrays."""
    import numpy as np

    ps, os_, empties, games = [], [], [], []
    for line in data.read_text(encoding="utf-8").splitlines():
        p, o, empty, game = line.split()[:4]
        ps.append(int(p, 16))
        os_.append(int(o, 16))
        empties.append(int(empty))
        games.append(int(game))
    return ps, os_, np.array(empties), np.array(games)


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
    """The classic evaluation (`tools/reversi_classic.py`, its weights at the band's
    middle disc count) written in this evaluation's parameters: its edge table in
    edge2x (X-squares ignored), its X-square term in corner3, its disc count in
    the squares, its mobility, potential, frontier and parity as they are.  The
    fit starts from it and the ridge pulls towards it, not towards zero: what the
    games show too rarely keeps the classic value."""
    import numpy as np

    discs = min(64, 4 + 6 * ph + 3)
    tables = classic.EvalTables(classic.load_weights())
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


def band_top(ph: int) -> int:
    """The most discs a position of phase `ph` has."""
    return 64 if ph == rp.PHASES - 1 else 4 + 6 * ph + 5


class Fitter:
    """The design of a set of positions and their labels (NaN until labelled), and
    the per-phase ridge fit on it."""

    def __init__(self, ps: list[int], os_: list[int], empties, games) -> None:
        import numpy as np

        self.ps, self.os = ps, os_
        self.empties, self.games = empties, games
        self.sparse, self.dense, self.layout, self.params = design(ps, os_)
        self.phase = np.array([rp.phase_of(64 - e) for e in empties])
        self.held = games % HELD_OUT == 0
        self.y = np.full(len(ps), np.nan)
        self.classic = np.array([classic.evaluate(p, o) for p, o in zip(ps, os_, strict=True)],
                                dtype=float)

    def predict(self, w, rows):
        return w[:self.params][self.sparse[rows]].sum(axis=1) + self.dense[rows] @ w[self.params:]

    def fit(self, ph: int, ridge_choice: float | None = None, quick: bool = False):
        """Phase `ph`'s weights: ridge towards the classic prior on the labelled
        positions of its band and (at NEIGHBOUR_WEIGHT per band) up to two bands
        away, the ridge chosen on the held-out games, then refitted on all.
        `quick`: one ridge (CHAIN_RIDGE unless given), the training games only.
        Returns (weights, ridge, a row of held-out figures)."""
        import numpy as np

        labelled = ~np.isnan(self.y)
        near = (np.abs(self.phase - ph) <= 2) & labelled
        weight = NEIGHBOUR_WEIGHT ** np.abs(self.phase - ph)
        train, test = near & ~self.held, (self.phase == ph) & self.held & labelled
        prior = classic_prior(self.layout, self.params, ph)
        y = np.nan_to_num(self.y)
        residual = y - self.predict(prior, slice(None))
        best = None
        if quick:
            ridge_choice = ridge_choice or CHAIN_RIDGE
        for ridge in (ridge_choice,) if ridge_choice else RIDGES:
            w = prior + ridge_fit(self.sparse[train], self.dense[train], residual[train],
                                  weight[train], self.params, ridge)
            rms = rms_of(self.predict(w, test) - y[test])
            if best is None or rms < best[0]:
                best = (rms, ridge, w)
        rms, ridge, w = best
        if not quick:
            w = prior + ridge_fit(self.sparse[near], self.dense[near], residual[near],
                                  weight[near], self.params, ridge)
        own_train = (self.phase == ph) & labelled & ~self.held
        classic, target = self.classic[own_train], y[own_train]
        scale = float(classic @ target / max(classic @ classic, 1e-9))
        row = {"train": int(own_train.sum()), "held": int(test.sum()), "ridge": ridge,
               "patterns": rms, "prior": rms_of(self.predict(prior, test) - y[test]),
               "classic": rms_of(self.classic[test] - y[test]),
               "scale": scale, "scaled": rms_of(scale * self.classic[test] - y[test])}
        return w, ridge, row


def rms_of(error) -> float:
    """Root mean square, in discs, of errors in 1/16 disc."""
    import numpy as np

    return float(np.sqrt(np.mean(error ** 2))) / 16 if len(error) else float("nan")


def print_row(ph: int, row: dict, note: str = "") -> None:
    low = 4 + 6 * ph
    print(f"{ph:5d} {low:2d}-{band_top(ph):<2d} {row['train']:7d} {row['held']:5d} "
          f"{row['ridge']:6.0f} {row['patterns']:8.2f} {row['prior']:6.2f} "
          f"{row['classic']:7.2f} {row['scaled']:7.2f} (x{row['scale']:.2f}) {note}", flush=True)


HEADER = ("phase discs   train  held  ridge  held-out RMS, discs: patterns  prior  classic"
          "  classic scaled")


def chain_main(data: Path, per_phase: int, seed: int, labels_out: Path,
               out: Path = rp.DATA_FILE) -> None:
    """Label and fit from the end of the game backwards (see the module notes)."""
    import numpy as np

    began = time.perf_counter()
    ps, os_, empties, games = read_positions(data)
    phase = np.array([rp.phase_of(64 - e) for e in empties])
    rng = np.random.default_rng(seed)
    keep = []
    for ph in range(rp.PHASES):
        rows = np.flatnonzero(phase == ph)
        keep.append(rng.choice(rows, per_phase, replace=False) if len(rows) > per_phase else rows)
    keep = np.sort(np.concatenate(keep))
    fitter = Fitter([ps[i] for i in keep], [os_[i] for i in keep], empties[keep], games[keep])
    print(f"{len(keep)} of {len(ps)} positions from {len(set(games[keep].tolist()))} games, "
          f"{fitter.params} pattern classes + {len(rp.SCALARS)} scalars; design in "
          f"{time.perf_counter() - began:.0f} s", flush=True)
    print(HEADER)
    tables = list(rp.load())  # the phases not fitted yet are never reached (see below)
    discs = 64 - fitter.empties
    with labels_out.open("w", encoding="utf-8") as stream:
        for ph in reversed(range(rp.PHASES)):
            own = np.flatnonzero(fitter.phase == ph)
            solved = own[fitter.empties[own] <= EXACT_EMPTIES]
            for i in solved:
                fitter.y[i] = 16 * rt.solve(fitter.ps[i], fitter.os[i])[1]
            chained = own[fitter.empties[own] > EXACT_EMPTIES]
            if len(chained):
                # A search's leaves have as many discs as its root or more, so only
                # this phase and later ones are read; this phase starts as the next.
                tables[ph] = tables[ph + 1]
                label(fitter, chained, tables)
            w, _, row = fitter.fit(ph, quick=True)
            tables[ph] = as_phase(tables_of(w, fitter.layout, fitter.params))
            inner = chained[discs[chained] + LABEL_DEPTH <= band_top(ph)]
            if len(inner):
                # Those whose leaves stayed in this phase, again with its own fit.
                label(fitter, inner, tables)
                w, _, row = fitter.fit(ph, quick=True)
                tables[ph] = as_phase(tables_of(w, fitter.layout, fitter.params))
            print_row(ph, row, f"{len(solved)} exact, {len(chained)} chained, "
                      f"{time.perf_counter() - began:.0f} s")
            stream.write("".join(f"{fitter.ps[i]:x} {fitter.os[i]:x} {fitter.empties[i]} "
                                 f"{fitter.games[i]} {fitter.y[i]:.0f}\n" for i in own))
            stream.flush()
    refit(fitter, out, began)


def label(fitter: Fitter, rows, tables: list) -> None:
    """Chained labels: a LABEL_DEPTH search with `tables` at the leaves."""
    rp.use_phases(tuple(tables))
    for i in rows:
        fitter.y[i] = label_search(fitter.ps[i], fitter.os[i], LABEL_DEPTH, -(1 << 30), 1 << 30)


def refit(fitter: Fitter, out: Path, began: float, ridge: float | None = None) -> None:
    """Every phase again, now with labelled neighbours on both sides; writes `out`."""
    print("final fit, neighbours on both sides")
    print(HEADER)
    phases = []
    for ph in range(rp.PHASES):
        w, _, row = fitter.fit(ph, ridge)
        print_row(ph, row)
        phases.append(tables_of(w, fitter.layout, fitter.params))
    rp.save(out, phases)
    print(f"wrote {out} ({out.stat().st_size} bytes) in {time.perf_counter() - began:.0f} s")


def fit_main(labels: Path, ridge: float | None, out: Path = rp.DATA_FILE) -> None:
    """The final fit again from a labels file (`p o empties game label` lines)."""
    import numpy as np

    began = time.perf_counter()
    ps, os_, empties, games = read_positions(labels)
    fitter = Fitter(ps, os_, empties, games)
    fitter.y = np.array([float(line.split()[4]) for line in
                         labels.read_text(encoding="utf-8").splitlines()])
    refit(fitter, out, began, ridge)


# The big tables are stored in steps of 1/8 disc (even values): the file shrinks
# by a fifth (602 -> 495 KB), which keeps the browser's archive under 1 MiB, and
# a position's evaluation moves by 0.2 disc on average (0.7 at most in 300
# positions).  The small tables and the squares (whose rounding errors would
# add up over the board's symmetric squares) keep steps of 1/16.
EVEN_SHAPES = ("edge2x", "corner3", "corner5", "line2", "line3", "line4")


def tables_of(w, layout, params: int) -> list[list[int]]:
    """A phase's tables in the data file's order from its fitted weights."""
    import numpy as np

    shapes = {shape: (np.rint(w[offset + classes] / 2) * 2 if shape in EVEN_SHAPES
                      else np.rint(w[offset + classes])).astype(int).tolist()
              for shape, (offset, classes) in layout.items() if shape != "squares"}
    offset, where = layout["squares"]
    squares = np.rint(w[offset + where] / 2).astype(int).tolist()  # half: see rp.SQUARES
    diagonals = {n: shapes[f"diag{n}"] for n in range(4, 9)}
    wraps = [rp.combined_wrap(diagonals, squares, k) for k in range(8)]
    scalars = np.rint(w[params:]).astype(int).tolist()
    return [*(shapes[shape] for shape in rp.SHAPES), squares, *wraps, scalars]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    g = sub.add_parser("positions")
    g.add_argument("--games", type=int, default=3000)
    g.add_argument("--out", type=Path, required=True)
    g.add_argument("--seed", type=int, default=14)
    c = sub.add_parser("chain")
    c.add_argument("data", type=Path)
    c.add_argument("--per-phase", type=int, default=12_000)
    c.add_argument("--seed", type=int, default=0)
    c.add_argument("--labels", type=Path, required=True, help="write the labels here")
    c.add_argument("--out", type=Path, default=rp.DATA_FILE)
    f = sub.add_parser("fit")
    f.add_argument("labels", type=Path)
    f.add_argument("--ridge", type=float, default=None, help="one ridge instead of a search")
    f.add_argument("--out", type=Path, default=rp.DATA_FILE)
    args = parser.parse_args()
    if args.command == "positions":
        positions(args.games, args.out, args.seed)
    elif args.command == "chain":
        chain_main(args.data, args.per_phase, args.seed, args.labels, args.out)
    else:
        fit_main(args.labels, args.ridge, args.out)


if __name__ == "__main__":
    main()
