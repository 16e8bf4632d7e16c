"""Modiar's Druid plays for the final margin, not only for the result.

Every check here is against `Prover`, a brute force written for these tests on
the rules engine's positions alone: it shares nothing with the Druid's search,
its table or its solver.  Above the run-time solver's 20 stones the Druid plays
by the generic search, whose finished games are scored by margin; at fewer
stones by its table and its solver.  Both must pick a move whose exact final
margin is the best there is.

All work is bounded by node counts: the prover's, and the Druid's budget.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Hashable, Iterable

from game.ai import modiar as md
from game.ai.levels import start_search
from game.ai.strategy import MAX_DEPTH, WIN
from game.rules.modiar import SPEC, TOTAL, ModiarPosition, from_code

from .test_modiar_ai import DRUID_NODES, random_position

UNFINISHED = TOTAL + 1  # beyond any margin: a line the prover has not seen to its end
PROVER_NODES = 20_000  # per position; positions it cannot settle within this are skipped


class OutOfNodes(Exception):
    """The prover spent its node budget."""


class Prover:
    """Exact final margins of each move, by brute force.

    Alpha-beta to a fixed depth, twice per move: once scoring every line not
    finished by then as the worst possible for the mover (a lower bound), once
    as the best (an upper bound); deepened until the bounds meet.  It keeps no
    table, so the history is exact along each line: a third occurrence ends the
    game as the rules score it.
    """

    def __init__(self, max_nodes: int = PROVER_NODES) -> None:
        self.nodes = 0
        self.max_nodes = max_nodes

    def margins(self, p: ModiarPosition, history: Iterable[Hashable] = ()) -> dict[int, int] | None:
        """Each legal move's exact final margin for the side to move, or None (out of nodes)."""
        seen = Counter(history)
        seen[p.repetition_key()] = max(1, seen[p.repetition_key()])
        bounds = {move: (-UNFINISHED, UNFINISHED) for move in p.legal_moves()}
        depth = 0
        try:
            while any(low < high for low, high in bounds.values()):
                depth += 1
                for move, (low, high) in bounds.items():
                    if low < high:
                        bounds[move] = self._bounds(p, move, seen, depth)
        except OutOfNodes:
            return None
        return {move: low for move, (low, _) in bounds.items()}

    def _bounds(self, p: ModiarPosition, move: int, seen: Counter, depth: int) -> tuple[int, int]:
        child = p.play(move).position
        key = child.repetition_key()
        seen[key] += 1
        try:
            # In the child the opponent moves: its unfinished lines count for it
            # (our lower bound), then against it (our upper bound).
            low = -self._value(child, seen, depth - 1, -UNFINISHED, UNFINISHED, UNFINISHED)
            high = -self._value(child, seen, depth - 1, -UNFINISHED, UNFINISHED, -UNFINISHED)
        finally:
            seen[key] -= 1
        return low, high

    def _value(self, p: ModiarPosition, seen: Counter, depth: int, alpha: int, beta: int,
               unfinished: int) -> int:
        self.nodes += 1
        if self.nodes > self.max_nodes:
            raise OutOfNodes
        if SPEC.ended_by_repetition(seen[p.repetition_key()]):
            ended = SPEC.repetition_outcome(p)
        else:
            ended = p.outcome()
        if ended is not None:
            south, north = ended.scores
            return south - north if p.side == "s" else north - south
        if depth == 0:
            return unfinished
        best = -UNFINISHED
        for move in p.legal_moves():
            child = p.play(move).position
            key = child.repetition_key()
            seen[key] += 1
            try:
                value = -self._value(child, seen, depth - 1, -beta, -max(alpha, best),
                                     -unfinished)
            finally:
                seen[key] -= 1
            best = max(best, value)
            if best >= beta:
                break
        return best


def druid_result(p: ModiarPosition):
    return start_search(p, "druid", nodes=DRUID_NODES).run()


def assert_score_tells_the_margin(score: int, margin: int) -> None:
    """The search's score lies in the band of `margin` (whatever the plies)."""
    edges = (md.search_score(margin, 0), md.search_score(margin, 2 * MAX_DEPTH - 1))
    assert min(edges) <= score <= max(edges)


# -- the scores ----------------------------------------------------------------------


def test_a_stone_of_margin_outweighs_any_number_of_plies() -> None:
    late_big, soon_small = md.search_score(6, 2 * MAX_DEPTH - 1), md.search_score(4, 0)
    assert WIN >= md.search_score(42, 0) > late_big > soon_small > md.search_score(1, 0) > 0
    assert md.search_score(4, 3) > md.search_score(4, 9)  # equal margins: sooner is better
    assert md.search_score(0, 5) == 0
    for margin in (1, 2, 17, 42):  # the other side's view of the same ending
        assert md.search_score(-margin, 7) == -md.search_score(margin, 7)
    # A smaller defeat beats a bigger one however long either takes.
    assert md.search_score(-2, 0) > md.search_score(-16, 2 * MAX_DEPTH - 1)


# -- positions outside the table and above the solver ---------------------------------


def check_druid_keeps_the_best_margin(code: str) -> dict[int, int]:
    p = from_code(code)
    assert sum(p.pits) > md.SOLVE_LIMIT and md.solved_value(p) is None  # the search plays
    margins = Prover().margins(p)
    assert margins is not None, code
    result = druid_result(p)
    best = max(margins.values())
    assert margins[result.move] == best, (code, margins, p.move_text(result.move))
    assert_score_tells_the_margin(result.score, best)
    assert result.depth < MAX_DEPTH  # it saw every line to its end and stopped
    return margins


def test_in_a_lost_position_druid_loses_by_the_least() -> None:
    margins = check_druid_keeps_the_best_margin("modiar 0,8,6,3,7,0 8,10 s 0")
    # Every move loses, and not by the same: the test could tell them apart.
    assert max(margins.values()) < 0 and len(set(margins.values())) == len(margins)


def test_in_a_won_position_druid_wins_by_the_most() -> None:
    margins = check_druid_keeps_the_best_margin("modiar 5,2,3,0,5,17 4,6 s 0")
    wins = sorted(value for value in margins.values() if value > 0)
    assert len(wins) >= 2 and wins[-1] > wins[-2]  # more than one move wins, by different margins


# -- random positions ------------------------------------------------------------------


def check_random_positions(seed: int, stones: range, wanted: int, *,
                           searched: bool = False) -> int:
    """Druid keeps the best margin in random positions the prover settles; returns
    how many had moves whose margins differ (where a result-only choice could slip).
    `searched`: only positions the shipped data does not answer."""
    rng = random.Random(seed)
    checked = distinct = 0
    for _ in range(3 * wanted):
        p = random_position(rng, rng.choice(stones))
        if searched and md.solved_value(p) is not None:
            continue
        margins = Prover().margins(p)
        if margins is None:
            continue  # too long a game to prove within the prover's budget
        move = druid_result(p).move
        assert margins[move] == max(margins.values()), (p.code(), margins, p.move_text(move))
        checked += 1
        distinct += len(set(margins.values())) > 1
        if checked == wanted:
            break
    assert checked == wanted, f"the prover settled only {checked} positions"
    return distinct


def test_druid_keeps_the_best_margin_where_its_search_plays() -> None:
    # 21-26 stones from random codes: neither the table nor the run-time solver.
    distinct = check_random_positions(1, range(md.SOLVE_LIMIT + 1, 27), 24, searched=True)
    assert distinct >= 12


def test_druid_keeps_the_best_margin_where_its_table_and_solver_play() -> None:
    # 11-20 stones: sowing can cycle here, so the third-occurrence rule matters.
    distinct = check_random_positions(2, range(11, md.SOLVE_LIMIT + 1), 30)
    assert distinct >= 15
