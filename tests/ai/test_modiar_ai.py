"""The Modiar strategy, Druid's solved play and its shipped table (game/ai/modiar.py).

Searches are bounded by node budgets, never by the clock.  Druid's moves are
checked against a plain minimax written here on the rules engine's positions,
which shares no search code with the solver (both stand on the engine's move
kernels, which tests/engine/test_modiar.py holds to a stone-by-stone reading
of the rules): below 11 stones no sowing can cycle back to a position (the
minimax checks that as it goes), so the third-occurrence rule can only matter
through positions the history already holds twice, which the minimax treats
as endings.

Boards are drawn from South's chair, as in docs/rules.md (Modiar):

        N3 N2 N1      North's row
        S1 S2 S3      South's row
"""

from __future__ import annotations

import random
from array import array
from collections import Counter
from collections.abc import Hashable, Iterable
from math import comb

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.ai import modiar as md
from game.ai.levels import level_for, start_search
from game.ai.search import Limits, Search
from game.rules.modiar import TOTAL, ModiarPosition, from_code, start

S1, S2, S3, N1, N2, N3 = range(6)
ACYCLIC = 10  # below this many stones (inclusive) sowing never cycles
DRUID_NODES = 200_000  # far more than any covered position needs


# -- helpers ---------------------------------------------------------------------------


def position(pits: Iterable[int], side: str = "s", caps: tuple[int, int] | None = None,
             first: bool = False) -> ModiarPosition:
    """A position; by default South holds every captured stone (values ignore it)."""
    pits = tuple(pits)
    if caps is None:
        caps = (TOTAL - sum(pits), 0)
    return ModiarPosition(pits, caps, side, first)


def random_position(rng: random.Random, stones: int, side: str | None = None) -> ModiarPosition:
    """A random position with `stones` on the board and at least one legal move."""
    while True:
        pits = [0] * 6
        for _ in range(stones):
            pits[rng.randrange(6)] += 1
        south = rng.randrange(TOTAL - stones + 1)
        found = position(pits, side or rng.choice("sn"), (south, TOTAL - stones - south))
        if found.legal_moves():
            return found


def gain(before: ModiarPosition, after: ModiarPosition) -> int:
    return sum(after.captured) - sum(before.captured)


class Minimax:
    """Plain minimax on board values (mover's stones to come minus the opponent's).

    `hot` holds repetition keys already seen twice: arriving there ends the
    game, scored on the board as it stands.  Any other repeat on the current
    line would be a cycle, which this minimax refuses to handle.
    """

    def __init__(self, hot: Iterable[Hashable] = ()) -> None:
        self.hot = frozenset(hot)
        self.memo: dict[Hashable, int] = {}
        self.line: set[Hashable] = set()

    def root(self, p: ModiarPosition) -> dict[int, int]:
        """Each legal move's value for the side to move."""
        return {m: gain(p, c) - self.value(c)
                for m in p.legal_moves() for c in [p.play(m).position]}

    def value(self, p: ModiarPosition) -> int:
        key = p.repetition_key()
        if key in self.hot or not p.legal_moves():
            board = sum(p.pits[:3]) - sum(p.pits[3:])
            return board if p.side == "s" else -board
        if key not in self.memo:
            assert key not in self.line, f"a cycle through {p.code()}"
            self.line.add(key)
            self.memo[key] = max(self.root(p).values())
            self.line.discard(key)
        return self.memo[key]


def druid(p: ModiarPosition, history: Iterable[Hashable] = ()) -> int:
    move = start_search(p, "druid", history=history, nodes=DRUID_NODES).run().move
    assert move in p.legal_moves()
    return move


def value_of(p: ModiarPosition) -> int:
    """The mover's final margin from the shipped data, looking one ply ahead if needed."""
    if not p.legal_moves():
        south, north = p.outcome().scores
        return south - north if p.side == "s" else north - south
    known = md.solved_value(p)
    if known is not None:
        return known.margin
    return max(-value_of(p.play(m).position) for m in p.legal_moves())


@pytest.fixture(scope="module")
def table() -> md.Table:
    return md.load_table()


def truncated(table: md.Table, small: int) -> md.Table:
    """The shipped table cut down to `small` stones, so `solve` must work out the rest."""
    dense = 2 * comb(small + 6, 6)
    return md.Table(small, 0, table.low[:dense], table.rank[:dense], array("I"), b"", b"",
                    table.start_margin)


# -- the shipped data ----------------------------------------------------------------------


def test_table_loads_and_has_the_expected_size(table: md.Table) -> None:
    size = md.DATA_PATH.stat().st_size
    assert 100 * 1024 < size < 300 * 1024
    assert table.small == 14 and table.plies == 2
    assert len(table.low) == len(table.rank) == 2 * comb(table.small + 6, 6) == 77_520
    assert len(table.ids) == len(table.slots) == len(table.values) == 48_734
    assert list(table.ids) == sorted(set(table.ids))
    assert set(table.slots) <= {0, 1, 2}
    assert table.start_margin == -2


def test_state_ids_count_every_board_once() -> None:
    for stones in range(8):
        boards = [pits for pits in _compositions(stones)]
        # The solver's order: the pits read as a number, N3 most significant.
        boards.sort(key=lambda pits: pits[::-1])
        base = 2 * comb(stones + 5, 6)
        for side in (0, 1):
            ids = [md.state_id(pits, side) for pits in boards]
            first = base + side * len(boards)
            assert ids == list(range(first, first + len(boards)))
    assert md.state_id((0, 0, 0, 0, 0, 42), 1) == 2 * comb(48, 6) - 1 == 24_543_023


def _compositions(stones: int, pits: int = 6) -> Iterable[tuple[int, ...]]:
    if pits == 1:
        yield (stones,)
        return
    for here in range(stones + 1):
        for rest in _compositions(stones - here, pits - 1):
            yield (here, *rest)


def test_dense_table_matches_minimax(table: md.Table) -> None:
    minimax = Minimax()
    for stones in range(9):
        for pits in _compositions(stones):
            for side in "sn":
                p = position(pits, side)
                if not p.legal_moves():
                    continue
                value, _ = table.dense(pits, 0 if side == "s" else 1)
                assert value == (minimax.value(p) if side == "s" else -minimax.value(p)), p


def test_fresh_solve_matches_minimax_and_the_table(table: md.Table) -> None:
    # Solving down to 6 stones redoes the layers above it from scratch: below 11
    # stones the minimax checks it, above (where sowing cycles) the shipped values.
    rng = random.Random(7)
    minimax = Minimax()
    small = truncated(table, 6)
    for stones in (*range(7, ACYCLIC + 1), *range(11, 15)):
        for _ in range(25):
            p = random_position(rng, stones)
            solved = md._drive(md.solve(p, small))
            expected = max(minimax.root(p).values()) if stones <= ACYCLIC \
                else md.solved_value(p).margin - md.frame(p)[1]
            assert solved[0] == expected, p


def test_opening_entries_match_a_fresh_solve(table: md.Table) -> None:
    # Opening entries with at most 20 stones can be solved afresh at run time.
    rng = random.Random(9)
    entries = set(table.ids)
    for stones in (16, 18, 20):
        boards = [pits for pits in _compositions(stones) if md.state_id(pits, 0) in entries]
        assert boards
        for pits in rng.sample(boards, min(len(boards), 8)):
            solved = md._drive(md.solve(position(pits, "s"), table))
            assert solved == (table.opening(pits)[1], table.opening(pits)[0]), pits


# -- values -----------------------------------------------------------------------------


def test_start_value_is_a_two_stone_win_for_north() -> None:
    value = md.start_value()
    assert value == md.SolvedValue("loss", -2)
    assert value.scores("s") == (20, 22)


def test_solved_value_counts_the_captures() -> None:
    # The same board is a win or a loss depending on what was captured before.
    pits = (0, 2, 4, 0, 3, 1)
    board = md.solved_value(position(pits, "s", (16, 16))).margin
    assert md.solved_value(position(pits, "s", (10, 22))) == md.SolvedValue(
        "loss" if board - 12 < 0 else "win", board - 12)
    assert md.solved_value(position((0, 0, 1, 0, 0, 1), "s", (20, 20))) is None  # over


def test_unknown_positions_have_no_value() -> None:
    crowded = position((7, 7, 7, 9, 5, 7), "n", (0, 0))  # 42 stones, far from any table
    assert md.solved_value(crowded) is None


# -- Druid --------------------------------------------------------------------------------


def test_druid_opens_with_the_only_move_that_keeps_the_value() -> None:
    p = start()
    move = druid(p)
    assert move == S3  # S1 loses by 18, S2 by 4, S3 by only 2
    assert value_of(p.play(move).position) == 2


def test_druid_keeps_the_value_after_random_openings() -> None:
    rng = random.Random(3)
    for _ in range(100):
        p = start()
        for _ in range(rng.randrange(1, 3)):
            p = p.play(rng.choice(p.legal_moves())).position
        move = druid(p)
        assert -value_of(p.play(move).position) == value_of(p), p.code()


def test_druid_keeps_the_value_in_small_endgames() -> None:
    rng = random.Random(11)
    minimax = Minimax()
    for stones in range(2, ACYCLIC + 1):
        for _ in range(40):
            p = random_position(rng, stones)
            values = minimax.root(p)
            assert values[druid(p)] == max(values.values()), p.code()


def test_druid_keeps_the_value_above_the_dense_table() -> None:
    # 15-20 stones outside the opening: Druid solves at run time.
    rng = random.Random(5)
    for stones in range(15, 21):
        for _ in range(8):
            p = random_position(rng, stones)
            move = druid(p)
            child = p.play(move).position
            assert value_of(child) == -md.solved_value(p).margin, p.code()


def test_druid_avoids_or_seeks_a_third_occurrence() -> None:
    # Positions the history holds twice end the game if reached again, scored
    # as the board stands: sometimes better for Druid than playing on (seek),
    # sometimes worse (avoid).  Check until both kinds have come up often.
    rng = random.Random(13)
    changed: Counter[str] = Counter()
    while min(changed["seek"], changed["avoid"]) < 10:
        p = random_position(rng, rng.randrange(4, ACYCLIC + 1))
        layer = _same_count(p, rng)
        if not layer:
            continue
        hot = rng.sample(layer, min(len(layer), 3))
        values = Minimax(hot).root(p)
        move = druid(p, history=[*hot, *hot])
        assert values[move] == max(values.values()), (p.code(), hot)
        plain = max(Minimax().root(p).values())
        changed["seek" if values[move] > plain else "avoid" if values[move] < plain
                else "same"] += 1


def _same_count(p: ModiarPosition, rng: random.Random) -> list[Hashable]:
    """Repetition keys reachable from `p` without a capture (short random walks)."""
    keys = set()
    for _ in range(6):
        q = p
        for _ in range(6):
            moves = q.legal_moves()
            if not moves:
                break
            nxt = q.play(rng.choice(moves)).position
            if sum(nxt.pits) != sum(p.pits):
                break
            q = nxt
            keys.add(q.repetition_key())
    return sorted(keys)


def test_druid_takes_the_capture_chain_that_wins() -> None:
    #      N3 N2 N1
    #       1  3  0       captured: South 14, North 18
    #       0  2  4
    #      S1 S2 S3
    # S3 sows S3, N1, N2, N3: N3 holds 2 and N2 holds 4, so South takes 6 and
    # N1's lone stone stops the chain.  North has no move left: 23-19.
    # S2 instead leaves S3 holding 5 and no capture: South loses.
    p = from_code("modiar 0,2,4,0,3,1 14,18 s 0")
    assert druid(p) == S3
    after = p.play(S3).position
    assert after.captured == (20, 18) and after.outcome().scores == (23, 19)
    assert md.solved_value(p) == md.SolvedValue("win", 4)


def test_druid_keeps_the_value_for_whole_games() -> None:
    # Druid on either side against a shallow search that blunders now and then,
    # from the start or two plies in: what Druid can guarantee never drops,
    # and the game ends with at least that.
    rng = random.Random(17)
    for game in range(24):
        p = start()
        for _ in range(game % 3):
            p = p.play(rng.choice(p.legal_moves())).position
        side = "sn"[game % 2]
        promised = value_of(p) if p.side == side else -value_of(p)
        seen: Counter[Hashable] = Counter([p.repetition_key()])
        while p.legal_moves():
            if p.side == side:
                assert md.solved_value(p).margin >= promised
                p = p.play(druid(p, seen.elements())).position
            else:
                p = p.play(_opponent(p, rng)).position
            seen[p.repetition_key()] += 1
            assert seen[p.repetition_key()] < 3  # Druid never lets a position repeat
        south, north = p.outcome().scores
        assert (south - north if side == "s" else north - south) >= promised


def _opponent(p: ModiarPosition, rng: random.Random) -> int:
    if rng.random() < 0.3:
        return rng.choice(p.legal_moves())
    return start_search(p, "ovate", nodes=400, seed=rng.randrange(100)).run().move


def test_druid_yields_while_it_solves() -> None:
    # The largest run-time solve (7,883 states): the search must hand back
    # control many times, and finish well inside a node budget.
    p = from_code("modiar 8,6,4,2,0,0 22,0 n 0")
    ticks = iter(range(10**9))
    search = Search(p, md.ModiarStrategy(), limits=Limits(nodes=DRUID_NODES, depth=64),
                    clock=lambda: float(next(ticks)))
    steps = 0
    while not search.step(search.clock() + 1.5):  # one slice per step with this clock
        steps += 1
    assert steps > 500
    assert search.nodes < DRUID_NODES
    assert search.best_move == druid(p)


def test_only_druid_plays_exactly() -> None:
    p = start()
    strategy = md.ModiarStrategy()
    for level in ("bard", "ovate", "druid"):
        setting = level_for("modiar", level)
        limits = Limits(nodes=100, depth=setting.depth, exact=setting.exact)
        exact = strategy.exact(p, limits, lambda: False, {})
        assert (exact is not None) == (level == "druid")


# -- the shallow levels ---------------------------------------------------------------------


codes = st.tuples(st.lists(st.integers(0, 10), min_size=6, max_size=6),
                  st.integers(0, 42), st.sampled_from("sn"), st.booleans())


@given(codes, st.integers(0, 1000))
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_every_level_returns_a_legal_move(spec: tuple, seed: int) -> None:
    pits, south, side, first = spec
    if sum(pits) > TOTAL:
        return
    south = min(south, TOTAL - sum(pits))
    p = position(pits, side, (south, TOTAL - sum(pits) - south), first)
    legal = p.legal_moves()
    for level, nodes in (("bard", 300), ("ovate", 600), ("druid", 3000)):
        move = start_search(p, level, seed=seed, nodes=nodes).run().move
        assert (move in legal) if legal else move is None


def test_evaluation_prefers_captures_and_moves() -> None:
    strategy = md.ModiarStrategy()
    ahead = position((2, 2, 2, 2, 2, 2), "s", (20, 10))
    behind = position((2, 2, 2, 2, 2, 2), "s", (10, 20))
    assert strategy.evaluate(ahead) > 0 > strategy.evaluate(behind)
    stuck = position((1, 1, 1, 3, 3, 3), "n", (15, 15))  # South to move next would be stuck
    free = position((3, 3, 3, 1, 1, 1), "n", (15, 15))
    assert strategy.evaluate(stuck) > strategy.evaluate(free)
    p = from_code("modiar 0,2,4,0,3,1 14,18 s 0")
    assert strategy.noisy_moves(p) == [S3]
    assert strategy.order(p, p.legal_moves())[0] == S3
