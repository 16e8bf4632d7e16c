"""One resumable game-tree search for every game.

Iterative-deepening negamax alpha-beta with principal-variation search, a
transposition table keyed on the immutable position, move ordering (table
move, then the game's own hints, killers and history) and a quiescence
search over the moves a game calls noisy (captures), as deep as the game's
plan allows, skipping a noisy move whose largest gain (the strategy's
bound) cannot lift the score to alpha, and remembering results where the
plan asks for it.  Where a game bounds what its quiet moves may gain
(tafl), the moves the ordering puts last are pruned one ply from the
horizon when even that gain cannot reach alpha (futility), and searched a
ply shallower first elsewhere (late-move reductions).  Where a game's
evaluation predicts deeper searches well (Reversi), a null-window node is
cut when a shallower search clears its window by the game's measured
margin (ProbCut).  Which of these a search uses, and how far, is the
`SearchPlan` its strategy gives for the root, read once at the start.

Endings that depend on the game's history come with the root: the positions
that led to it (repetition) and, where a game draws after so many plies
without progress (Brandubh), how many plies in a row made none.  A line that
reaches that limit is a draw, scored like every draw (with contempt).

The search never blocks a frame: it is a chain of generators that yields
every few nodes, and `Search.step(deadline)` advances it until the deadline.
The best move found so far is always in `best_move`.  Given a node budget and
a seed the search is deterministic; a time budget stops it by the clock.
"""

from __future__ import annotations

import contextlib
import random
import sys
import time
from collections import Counter
from collections.abc import Callable, Generator, Hashable, Iterable, Sequence
from dataclasses import dataclass

from ..rules import spec_of
from ..rules.base import Move, Outcome, Position, Reason
from .strategy import EVAL_LIMIT, MAX_DEPTH, WIN, Limits, SearchPlan, Strategy, Tentative

YIELD_EVERY = 8  # nodes between yields: keeps each slice far under a frame
# A time-limited search stops this long before its budget runs out: the clock is
# read between slices, so the last slice may run over by up to one slice.
TIME_MARGIN = 0.01
TABLE_LIMIT = 400_000
EXACT, LOWER, UPPER = 0, 1, 2

Tree = Generator[None, None, int]
UNLIMITED = Limits()
NO_PROGRESS_DRAW = Outcome(None, Reason.NO_PROGRESS)
NEVER = sys.maxsize  # a ply no search reaches


class _Stop(Exception):
    """The node budget ran out: unwind to the root, keep what we have."""


@dataclass(frozen=True)
class SearchResult:
    move: Move | None
    score: int
    depth: int
    nodes: int
    seconds: float


class Search:
    """A search from `position`, advanced a slice at a time.

    `history` is the repetition keys of the positions that led here (the root
    included or not — the root is counted once either way), so the search
    knows which positions would end the game by repetition.  `quiet_plies`
    is how many plies in a row without progress led to the root
    (`Game.quiet_plies()`), so the search knows which lines the game's
    no-progress limit draws (`GameSpec.no_progress_plies`; ignored in a game
    without one).  `contempt` is what a drawn ending costs the side to move
    at the root, in evaluation units: with it, the search avoids a
    repetition or a no-progress draw unless it stands worse by more than
    that.
    """

    def __init__(self, position: Position, strategy: Strategy, *,
                 history: Iterable[Hashable] = (), quiet_plies: int = 0,
                 limits: Limits = UNLIMITED, noise: int = 0, seed: int = 0, contempt: int = 0,
                 clock: Callable[[], float] = time.perf_counter) -> None:
        self.root = position
        self.strategy = strategy
        plan: SearchPlan = strategy.plan(position)
        self.plan = plan
        self.limits = limits
        self.noise = noise
        self.contempt = contempt
        self.rng = random.Random(seed)
        self.clock = clock
        self.seen: Counter[Hashable] = Counter(history)
        self.seen[position.repetition_key()] = max(1, self.seen[position.repetition_key()])
        self.spec = spec_of(position)
        # A game whose positions cannot repeat (Reversi) needs no count of the
        # positions on the way down: none could end the game by repetition.
        self.repeats = self.spec.repetition_limit is not None
        self.first_ends = self.spec.ended_by_repetition(1)
        self._count_quiet_plies(quiet_plies, plan)
        # How a node asks whether the game is over: the position's `outcome`,
        # found once on its class, without a bound-method lookup per node.
        self.outcome_of: Callable[[Position], Outcome | None] = type(position).outcome
        # The node budget as a number the hot loop compares without a test for None.
        self.node_limit = sys.maxsize if limits.nodes is None else limits.nodes
        # depth, score, bound flag, best move, and whether the subtree met no horizon
        self.table: dict[Hashable, tuple[int, int, int, Move | None, bool]] = {}
        # The plan, copied into attributes of the search: the hot loop reads
        # each of them at every node.
        self.quiescence_depth = plan.quiescence_depth
        self.reduction = plan.reduction
        # No node is deep enough for a reduction when the plan asks for none.
        self.reduce_from_depth = plan.reduce_from_depth if plan.reduction else MAX_DEPTH + 1
        self.reduce_after = plan.reduce_after
        self.futility = plan.futility
        # ProbCut: asked only at nodes this deep.
        self.probcut_from = MAX_DEPTH + 1 if plan.probcut_from is None else plan.probcut_from
        # Whether `_ordered` need say where the late moves begin (Reversi and
        # Modiar prune none, and their nodes should not pay for it).
        self.prunes = bool(plan.reduction or plan.futility)
        # Quiescence results: (noisy plies looked ahead, score, bound).
        self.quiet_table: dict[Hashable, tuple[int, int, int]] | None = \
            {} if plan.quiescence_table else None
        # With no noisy plies to follow (Reversi) the quiescence search would
        # only stand pat, so a leaf is scored by the evaluation directly.
        self.stands_pat = plan.quiescence_depth <= 0
        self.killers: dict[int, list[Move]] = {}
        # A plain dict: Counter's __missing__ is a Python call per unseen move.
        self.history_scores: dict[Move, int] = {}
        self.nodes = 0
        # Leaves scored by evaluation (or by a table entry that was): while an
        # iteration adds none, every leaf it scored was a finished game.
        self.horizons = 0
        self.depth = 0
        self.score = 0
        moves = list(position.legal_moves())
        self.best_move: Move | None = strategy.order(position, moves)[0] if moves else None
        self.done = not moves
        self._started: float | None = None
        self._finished: float | None = None
        self._tree = self._deepen()

    def _count_quiet_plies(self, quiet_plies: int, plan: SearchPlan) -> None:
        """Where lines from the root are drawn for want of progress.

        Progress cannot be undone (a piece taken stays off the board, a corner
        visited stays visited), so a node's line made progress since the root
        exactly when `made_progress(root, node)` says so; and a line that made
        progress needs the whole limit again, more plies than any search goes
        (`MAX_DEPTH` and the quiescence plies).  So a node `draw_ply` or more
        plies below the root whose line made no progress is drawn, and no
        count need follow the moves: a game without the limit pays nothing.
        """
        limit = self.spec.no_progress_plies
        self.made_progress = self.spec.made_progress
        # The ply from the root at which a line without progress is drawn.
        self.draw_ply = NEVER if limit is None else max(1, limit - quiet_plies)
        # A node at `ply` with `depth` plies left may meet that draw in its
        # subtree (quiescence included) once ply + depth reaches this: its
        # score then depends on the ply it was reached at, which the
        # transposition table does not know.
        self.counted_from = self.draw_ply - plan.quiescence_depth

    def _counted(self, position: Position, ply: int, depth: int) -> bool:
        """Whether the no-progress draw may fall inside the subtree of `position`,
        `ply` plies below the root with `depth` to go (`_count_quiet_plies`)."""
        return ply + depth >= self.counted_from and \
            not self.made_progress(self.root, position)

    # --- driving it ------------------------------------------------------------

    def step(self, deadline: float) -> bool:
        """Search until the clock passes `deadline` or the search ends; True when done."""
        if self.done:
            return True
        now = self.clock()
        if self._started is None:
            self._started = now
        stop_at = deadline
        budget_end = None
        if self.limits.seconds is not None:
            budget_end = self._started + max(0.0, self.limits.seconds - TIME_MARGIN)
            stop_at = min(deadline, budget_end)
        try:
            # At least one slice per call, so a search always makes progress.
            while True:
                next(self._tree)
                now = self.clock()
                if now >= stop_at:
                    break
        except StopIteration:
            self._finish()
            return True
        if budget_end is not None and now >= budget_end:
            self._finish()
        return self.done

    def run(self) -> SearchResult:
        """Search to the end of the limits in one go (CLI, tests, matches)."""
        while not self.step(self.clock() + 0.05):
            pass
        return self.result()

    def cancel(self) -> None:
        """Stop now; `best_move` stays the best found so far."""
        self._finish()

    def result(self) -> SearchResult:
        end = self._finished if self._finished is not None else self.clock()
        seconds = end - self._started if self._started is not None else 0.0
        return SearchResult(self.best_move, self.score, self.depth, self.nodes, seconds)

    def _finish(self) -> None:
        if not self.done:
            self.done = True
            self._tree.close()
        if self._finished is None:
            self._finished = self.clock()

    # --- iterative deepening ------------------------------------------------------

    def _deepen(self) -> Generator[None, None, None]:
        exact = self.strategy.exact(self.root, self.limits, self.tick, self.seen)
        if isinstance(exact, Tentative):
            yield from self._race(exact)
            return
        if exact is not None:
            with contextlib.suppress(_Stop):
                for found in exact:
                    if found is None:
                        yield
                    else:
                        self.best_move, self.score, self.depth = found
            return
        if len(self.root.legal_moves()) == 1 and not self.noise:
            return  # a forced move needs no thought
        yield from self._iterate()

    def _race(self, tentative: Tentative) -> Generator[None, None, None]:
        """The exact search and the midgame search in turns, until the exact one ends.

        Only the exact search's last Found is adopted, and only when it ran to
        its end; until then (and if the budget runs out first) the midgame
        search's best move, score and depth stand.
        """
        midgame: Generator[None, None, None] | None = self._iterate()
        exact = tentative.search
        last = None
        ended = False
        try:
            while True:
                for _ in range(tentative.turns):
                    found = next(exact)
                    if found is not None:
                        last = found
                    yield  # each slice, so the clock is read as often as without a race
                if midgame is not None:
                    try:
                        next(midgame)
                    except StopIteration:
                        midgame = None  # the midgame search is done; the exact one goes on
                    yield
        except StopIteration:
            ended = True
            if last is not None:
                self.best_move, self.score, self.depth = last
        except _Stop:
            pass  # the budget ran out in the exact search: the midgame result stands
        finally:
            close = getattr(exact, "close", None)
            if close is not None:
                close()
        try:
            # An exact search that ended with nothing to adopt (a proof that
            # every move loses) leaves the rest of the budget to the midgame.
            if ended and last is None and midgame is not None:
                yield from midgame
        finally:
            if midgame is not None:
                midgame.close()

    def _iterate(self) -> Generator[None, None, None]:
        """Iterative deepening, adopting each iteration's result."""
        for depth in range(1, self.limits.depth + 1):
            horizons = self.horizons
            try:
                score = yield from self._root(depth)
            except _Stop:
                return
            self.depth, self.score = depth, score
            if self._settled(score, resolved=self.horizons == horizons):
                return  # deeper search cannot change the result

    def _settled(self, score: int, resolved: bool) -> bool:
        """Whether an iteration's root `score` ends the iterative deepening.

        `resolved`: the iteration scored no leaf by evaluation, only finished
        games, so its score and move are exact.  Unless the plan waits for
        that (`deepen_until_resolved`), a forced result is enough: scored WIN
        less its plies, a deeper search can only find slower ones.
        """
        if self.plan.deepen_until_resolved:
            return resolved
        return abs(score) >= WIN - MAX_DEPTH * 2

    def _root(self, depth: int) -> Tree:
        position = self.root
        horizons = self.horizons
        moves, _ = self._ordered(position, position.legal_moves(), 0, self.best_move)
        alpha, beta = -WIN - 1, WIN + 1
        best_score, best_move = -WIN - 1, None
        for i, move in enumerate(moves):
            child = position.play_position(move)
            if self.noise or i == 0:
                score = -(yield from self._negamax(child, depth - 1, -beta, -alpha, 1))
            else:
                score = -(yield from self._negamax(child, depth - 1, -alpha - 1, -alpha, 1))
                if score > alpha:
                    score = -(yield from self._negamax(child, depth - 1, -beta, -alpha, 1))
            if self.noise:
                score += self.rng.randint(-self.noise, self.noise)
            if best_move is None or score > best_score:  # noise may push below -WIN
                best_score, best_move = score, move
                if not self.noise:
                    alpha = max(alpha, score)
                    # Adopt at once: this move beat the previous best at this depth.
                    self.best_move, self.score = move, score
                elif not self.depth:
                    # No iteration has finished yet (a budget too small for depth 1
                    # where captures run long): the noisy best of the moves looked
                    # at so far, rather than always the first move of the ordering.
                    self.best_move = move
        if self.noise and best_move is not None:
            self.best_move = best_move
        stored_depth = 0 if self._counted(position, 0, depth) else depth
        self._store(position, stored_depth, best_score, EXACT, best_move,
                    self.horizons == horizons)
        return best_score

    # --- the tree -------------------------------------------------------------------

    def tick(self) -> bool:
        """Count a node; True when it is time to yield.  Raises _Stop past the budget.
        (`_negamax` and `_quiesce` count their nodes the same way, inlined.)"""
        if self.nodes >= self.node_limit:
            raise _Stop
        self.nodes += 1
        return not self.nodes % YIELD_EVERY

    def _negamax(self, position: Position, depth: int, alpha: int, beta: int, ply: int) -> Tree:
        nodes = self.nodes
        if nodes >= self.node_limit:
            raise _Stop
        self.nodes = nodes = nodes + 1
        if not nodes % YIELD_EVERY:
            yield
        ended = self._ended(position, ply)
        if ended is not None:
            return ended
        if depth <= 0:
            self.horizons += 1
            if self.stands_pat:
                return self.strategy.evaluate(position)
            return (yield from self._quiesce(position, alpha, beta, ply, 0))
        # Near the no-progress limit a node's score depends on its ply: the
        # table gives it a move to try first but no score, and keeps none of it
        # (stored at depth 0, no node cuts on it).
        counted = ply + depth >= self.counted_from and self._counted(position, ply, depth)
        entry = self.table.get(position.key)
        table_move = None
        if entry is not None:
            entry_depth, entry_score, flag, table_move, resolved = entry
            if not counted and entry_depth >= depth and (
                    flag == EXACT or (flag == LOWER and entry_score >= beta)
                    or (flag == UPPER and entry_score <= alpha)):
                self.horizons += not resolved
                return entry_score
        if depth >= self.probcut_from and beta - alpha == 1 and abs(beta) < EVAL_LIMIT:
            cut = yield from self._probcut(position, depth, alpha, ply)
            if cut is not None:
                return cut
        original_alpha = alpha
        horizons = self.horizons
        best_score, best_move = -WIN - 1, None
        key = None
        if self.repeats:
            key = position.repetition_key()
            seen = self.seen
            seen[key] = seen.get(key, 0) + 1
        try:
            moves, late = self._ordered(position, position.legal_moves(), ply, table_move)
            reduced = depth - 1 - self.reduction if depth >= self.reduce_from_depth else None
            reduce_from = max(late, self.reduce_after)
            # Futility: one ply from the horizon, where even a quiet move's
            # largest gain leaves the score at or below alpha, the late moves
            # (all quiet, and all at the end of the order) are not played.
            futile = None
            # (Not where a quiet move may reach the no-progress draw: a draw
            # is worth far more than a quiet move's gain to the side behind.)
            if depth == 1 and self.futility and not counted:
                bound = self.strategy.evaluate(position) + self.futility
                if bound <= alpha:
                    futile = bound
            for i, move in enumerate(moves):
                if futile is not None and i >= late and i:
                    best_score = max(best_score, futile)  # what they might reach bounds it
                    self.horizons += 1  # unplayed moves: this subtree's score is no proof
                    break
                child = position.play_position(move)
                if i == 0:
                    score = -(yield from self._negamax(child, depth - 1, -beta, -alpha, ply + 1))
                else:
                    score = alpha + 1  # what makes the full-depth search below run
                    if reduced is not None and i >= reduce_from:
                        score = -(yield from self._negamax(child, reduced, -alpha - 1, -alpha,
                                                           ply + 1))
                    if score > alpha:
                        score = -(yield from self._negamax(child, depth - 1, -alpha - 1,
                                                           -alpha, ply + 1))
                    if alpha < score < beta:
                        score = -(yield from self._negamax(child, depth - 1, -beta, -alpha,
                                                           ply + 1))
                if score > best_score:
                    best_score, best_move = score, move
                    alpha = max(alpha, score)
                if alpha >= beta:
                    self._reward(move, ply, depth)
                    break
        finally:
            if key is not None:
                self._forget(key)
        flag = UPPER if best_score <= original_alpha else LOWER if best_score >= beta else EXACT
        self._store(position, 0 if counted else depth, best_score, flag, best_move,
                    self.horizons == horizons)
        return best_score

    def _probcut(self, position: Position, depth: int, alpha: int, ply: int) -> Generator[
            None, None, int | None]:
        """A null-window node's probabilistic cut (`Strategy.probcut`): the bound
        it fails to (alpha + 1 high, alpha low) when a shallow search, its bias
        added, clears alpha's window by the margin, else None (search in full).

        Only null-window nodes try it, so the principal variation is always
        searched in full; a cut is no proof, so it counts as a horizon.
        """
        cut = self.strategy.probcut(position, depth)
        if cut is None:
            return None
        shallow, bias, margin = cut
        high = alpha + 1 + margin - bias
        value = yield from self._negamax(position, shallow, high - 1, high, ply)
        if value >= high:
            self.horizons += 1
            return alpha + 1
        low = alpha - margin - bias
        if value > low:  # the first search's bound (fail-soft) does not settle it: ask
            value = yield from self._negamax(position, shallow, low, low + 1, ply)
        if value <= low:
            self.horizons += 1
            return alpha
        return None

    def _quiesce(self, position: Position, alpha: int, beta: int, ply: int, qdepth: int) -> Tree:
        """Follow the noisy moves until the position is quiet, standing pat on the eval.

        A noisy move that could not lift the score to alpha even by its largest
        gain is not played (delta pruning); where the game asks for it, results
        are remembered with how many noisy plies they looked ahead.
        """
        stand = self.strategy.evaluate(position)
        left = self.quiescence_depth - qdepth
        if stand >= beta or left <= 0:
            return stand
        table = self.quiet_table
        if table is not None:
            entry = table.get(position.key)
            if entry is not None:
                entry_left, score, flag = entry
                if entry_left >= left and (
                        flag == EXACT or (flag == LOWER and score >= beta)
                        or (flag == UPPER and score <= alpha)):
                    return score
        original_alpha = alpha
        alpha = max(alpha, stand)
        best = stand
        for move, gain in self.strategy.valued_noisy_moves(position):
            if stand + gain <= alpha:
                # The moves come largest gain first: none after this one can
                # reach alpha either.  What they might reach bounds the result.
                best = max(best, stand + gain)
                break
            nodes = self.nodes
            if nodes >= self.node_limit:
                raise _Stop
            self.nodes = nodes = nodes + 1
            if not nodes % YIELD_EVERY:
                yield
            child = position.play_position(move)
            ended = self._ended(child, ply + 1)
            if ended is not None:
                score = -ended
            else:
                score = -(yield from self._quiesce(child, -beta, -alpha, ply + 1, qdepth + 1))
            if score > best:
                best = score
                alpha = max(alpha, score)
                if alpha >= beta:
                    break
        if table is not None and abs(best) < EVAL_LIMIT:  # a won game's score depends on ply
            if len(table) >= TABLE_LIMIT:
                table.clear()
            flag = UPPER if best <= original_alpha else LOWER if best >= beta else EXACT
            table[position.key] = (left, best, flag)
        return best

    # --- helpers ---------------------------------------------------------------------

    def _ended(self, position: Position, ply: int) -> int | None:
        """The score of a position that ends the game, for the side to move in it."""
        # seen.get: a Counter's missing key is a Python call (__missing__) per node;
        # and most positions were not seen before, which needs no question to the spec.
        count = self.seen.get(position.repetition_key(), 0) if self.repeats else 0
        if (count or self.first_ends) and self.spec.ended_by_repetition(count + 1):
            outcome = self.spec.repetition_outcome(position)
        else:
            outcome = self.outcome_of(position)
            if outcome is None:
                # The no-progress draw, unless the move ended the game otherwise.
                if ply < self.draw_ply or self.made_progress(self.root, position):
                    return None
                outcome = NO_PROGRESS_DRAW
        if outcome.winner is None and self.contempt:
            return -self.contempt if position.side == self.root.side else self.contempt
        return self.strategy.terminal_score(outcome, position, ply)

    def _ordered(self, position: Position, moves: Sequence[Move], ply: int,
                 first: Move | None) -> tuple[list[Move], int]:
        """Table move, then the game's hints, with killers and history breaking ties:
        a new list (`moves` may be the position's own, which it keeps), and the
        index of its first late move, the first that is none of those (history
        alone put it there), which the pruning may skip or search shallower
        (the list's length where the search prunes nothing)."""
        priorities = self.strategy.priorities(position, moves)
        killers = self.killers.get(ply, ())
        history = self.history_scores.get
        # The keys built in one pass (a key function would be a Python call per move).
        keys = [(m != first, -p, m not in killers, -history(m, 0))
                for m, p in zip(moves, priorities, strict=True)]
        order = sorted(range(len(moves)), key=keys.__getitem__)
        if not self.prunes:
            return [moves[i] for i in order], len(moves)
        # The table move, hinted moves and killers without a hint sort before
        # every late move, so the first late one in the order ends the count.
        late = 0
        for i in order:
            key = keys[i]
            if key[0] and key[1] >= 0 and (key[1] or key[2]):
                break
            late += 1
        return [moves[i] for i in order], late

    def _forget(self, key: Hashable) -> None:
        """Leave a position on the way back up (dropping the entry keeps `seen` small)."""
        self.seen[key] -= 1
        if not self.seen[key]:
            del self.seen[key]

    def _reward(self, move: Move, ply: int, depth: int) -> None:
        killers = self.killers.setdefault(ply, [])
        if move not in killers:
            killers.insert(0, move)
            del killers[2:]
        self.history_scores[move] = self.history_scores.get(move, 0) + depth * depth

    def _store(self, position: Position, depth: int, score: int, flag: int,
               move: Move | None, resolved: bool) -> None:
        if len(self.table) >= TABLE_LIMIT:
            self.table.clear()  # crude, but bounds memory in the browser
        self.table[position.key] = (depth, score, flag, move, resolved)

