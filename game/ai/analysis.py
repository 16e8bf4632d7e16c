"""The Druid looks back at a game: every move's value, the better move, and a mark.

For each ply the analysis knows the position before the move and the moves
that led there.  It searches that position with the Druid's search (the
generic `Search`, which runs a game's exact search where the strategy has
one) under a node budget, and the position after the move the same way, so

* `best` is the search's move in the position before,
* `value_before` the value of that move, and `value_after` the value of the
  move played — both from the mover's point of view, in the game's own unit
  (see the table below) — the value after is the position after's value
  turned round to the mover (when the move played is the best move, the two
  are the same value by definition),
* `exact` says whether both values are game-theoretic: the game's exact
  search ran to the end within the budget (Modiar's solved table and its
  run-time solver, Reversi's endgame solver).  A position just outside the
  exact search's reach whose every child is inside it (Reversi with one
  empty square too many; a Modiar position the table knows only through its
  replies) is valued exactly from its children, a ply deeper; so is any
  position with a single legal move (the search does not think about those).
* `mark` grades the value lost, `value_before - value_after`:

| game      | unit                        | `?!` from | `?` from | `??` from |
|-----------|-----------------------------|-----------|----------|-----------|
| modiar    | stones (final margin)       | 1         | 3        | 6         |
| reversi   | discs (final margin)        | 3         | 6        | 12        |
| brandubh  | evaluation units (*)        | 60        | 150      | 400       |
| tawlbwrdd | evaluation units (*)        | 60        | 150      | 400       |

(*) about 100 to a soldier; a win scores the strategy's WIN less the plies to it.

Where the values are exact, a move is marked exactly when it lowers the
mover's game-theoretic value: any loss at all is at least `?!` (Reversi's
first step is then 1 disc, not 3), no loss is never marked, and a move that
throws a win away to a draw, or a draw to a loss, is at least `?`, a win to
a loss `??`.  Heuristic values (the middle game of Reversi, all of tafl) are
converted as they are: Reversi's evaluation is in 1/16 disc, Modiar's in
tenths of a stone; an ending the heuristic search sees ahead is read as the
final margin it scores (both games' searches score endings by their margin).

`summarise` sums each side's moves up: how many bear each mark, and its
accuracy, the share of its moves with no mark (rounded down, in percent).

The analysis is steppable like the Search: `step(deadline)` advances it
until the clock passes the deadline and says whether it is done, so the app
runs it a slice per frame.  `cancel()` stops it (what is done stays) and
`resume()` goes on from the position it had reached.  `progress` is
(plies analysed, plies in all).  The node budget is per search (`nodes` for
the heuristic search, `exact_nodes`, by default ten times as many, for an
exact one); given it, the analysis is deterministic.
"""

from __future__ import annotations

import itertools
import time
from collections import Counter
from collections.abc import Callable, Generator, Hashable, Iterator, Sequence
from dataclasses import dataclass

from ..rules import modiar as modiar_rules
from ..rules import reversi as reversi_rules
from ..rules.base import Move, Outcome, Position, Reason
from ..rules.record import Game
from ..rules.spec import GameSpec
from ..rules.tafl import BRANDUBH, TAWLBWRDD
from . import modiar, reversi, tafl  # noqa: F401  (each registers its strategy)
from .search import Search
from .strategy import EVAL_LIMIT, MAX_DEPTH, WIN, Limits, Strategy, strategy_for

DEFAULT_NODES = 20_000  # per position, for the heuristic search
# An exact search gets this many times the budget: an exact value is worth
# far more than a deeper guess (Reversi's solver needs some 70,000 nodes
# with 14 empty squares, 11,000 with 12).
EXACT_FACTOR = 10
MARKS = ("", "?!", "?", "??")

Value = int | float


def _slices_until(work: Iterator[object], clock: Callable[[], float], deadline: float) -> bool:
    """Run `work` a slice at a time until the clock passes `deadline`; True once it
    is exhausted.  At least one slice per call, so it always makes progress."""
    try:
        while True:
            next(work)
            if clock() >= deadline:
                return False
    except StopIteration:
        return True


@dataclass(frozen=True)
class Unit:
    """How one game's search scores read in its own unit, and how much loss is a mark."""

    name: str
    convert: Callable[[int, bool], Value]  # (search score, exact) -> value
    thresholds: tuple[Value, Value, Value]  # the loss from which ?!, ? and ?? start
    span: Value  # the evaluation graph is clamped to ±span
    win: Value  # a value from which the mover has won (exact or forced)
    shows_margin: bool = True  # values are final margins (False: tafl's scores)


def _modiar_value(score: int, exact: bool) -> Value:
    if abs(score) > EVAL_LIMIT:  # a finished game: its final margin, from its score
        margin = _modiar_margin(abs(score))
        return margin if score > 0 else -margin
    return _tidy(score / modiar.CAPTURED)


def _modiar_margin(size: int) -> int:
    """The margin whose score `game.ai.modiar.search_score` gives, read back: the
    least margin scoring at least `size` (a search's ending some plies away scores
    a little less than the same margin at once, never as little as one stone less)."""
    return next((margin for margin in range(1, modiar_rules.TOTAL + 1)
                 if modiar.search_score(margin) >= size), modiar_rules.TOTAL)


def _tidy(value: float) -> Value:
    """One decimal; a whole number as an int (so a draw reads 0, never -0.0)."""
    tidy = round(value, 1) + 0.0
    return int(tidy) if tidy.is_integer() else tidy


def _reversi_value(score: int, exact: bool) -> Value:
    if abs(score) > EVAL_LIMIT:
        # Inverse of game.ai.reversi.margin_score (every ending, exact or not).
        return score - (WIN - 100) if score > 0 else score + (WIN - 100)
    return _tidy(score / 16)


def _tafl_value(score: int, exact: bool) -> Value:
    return score


_TAFL = Unit("evaluation", _tafl_value, (60, 150, 400), 1000, WIN - 2 * MAX_DEPTH, False)
UNITS: dict[str, Unit] = {
    modiar_rules.SPEC.name: Unit("stones", _modiar_value, (1, 3, 6), 12, 1),
    reversi_rules.SPEC.name: Unit("discs", _reversi_value, (3, 6, 12), 32, 1),
    BRANDUBH.name: _TAFL,
    TAWLBWRDD.name: _TAFL,
}


def unit_of(game: str) -> Unit:
    return UNITS[game]


@dataclass(frozen=True)
class Line:
    """What the moves that led to a position tell a search of it, which the
    position does not know: the repetition keys of the positions on the way
    (its own last) and the plies in a row without progress (`Game.quiet_plies`)."""

    keys: tuple[Hashable, ...]
    quiet: int = 0

    def then(self, spec: GameSpec, position: Position, child: Position) -> Line:
        """The line on to `child`, a position after `position` (this line's last)."""
        quiet = 0 if spec.made_progress(position, child) else self.quiet + 1
        return Line((*self.keys, child.repetition_key()), quiet)


def game_lines(game: Game) -> list[Line]:
    """The line to each position of `game` from its start to the current one."""
    positions = list(game.replay())
    lines = [Line((positions[0].repetition_key(),))]
    for before, after in itertools.pairwise(positions):
        lines.append(lines[-1].then(game.spec, before, after))
    return lines


@dataclass(frozen=True)
class PositionValue:
    """The Druid's verdict on a position, for its side to move (None best: it is over)."""

    best: Move | None
    value: Value
    exact: bool


@dataclass(frozen=True)
class MoveAnalysis:
    """One ply of the game as the Druid sees it (values from the mover's view)."""

    ply: int  # 1 for the first move
    side: str
    move: str
    best: str
    value_before: Value
    value_after: Value
    exact: bool
    mark: str
    best_move: Move | None = None  # `best` as the engine's move (the board's arrow)

    @property
    def lost(self) -> Value:
        return max(0, self.value_before - self.value_after)

    def as_dict(self) -> dict[str, object]:
        return {"ply": self.ply, "side": self.side, "move": self.move, "best": self.best,
                "value_before": self.value_before, "value_after": self.value_after,
                "exact": self.exact, "mark": self.mark}


@dataclass(frozen=True)
class SideSummary:
    """One side's moves in an analysis, counted: its moves, how many bear each
    mark, how many were judged on exact values, and its accuracy."""

    side: str
    moves: int
    inaccuracies: int  # ?!
    mistakes: int  # ?
    blunders: int  # ??
    exact: int

    @property
    def accuracy(self) -> int | None:
        """The share of the side's moves that bear no mark — that kept the value
        within the first mark's threshold, or lost nothing where the values are
        exact — in percent, rounded down (so 100 only when no move is marked);
        None for a side with no moves."""
        if not self.moves:
            return None
        marked = self.inaccuracies + self.mistakes + self.blunders
        return 100 * (self.moves - marked) // self.moves

    @property
    def counts(self) -> dict[str, int]:
        """How many moves bear each mark, from the mildest."""
        return dict(zip(MARKS[1:], (self.inaccuracies, self.mistakes, self.blunders),
                        strict=True))

    def as_dict(self) -> dict[str, object]:
        return {"side": self.side, "moves": self.moves, **self.counts, "exact": self.exact,
                "accuracy": self.accuracy}


def summarise(results: Sequence[MoveAnalysis], sides: Sequence[str]) -> list[SideSummary]:
    """Each of `sides` (in that order) summed up over the moves it made in `results`."""
    found = []
    for side in sides:
        own = [result for result in results if result.side == side]
        marks = Counter(result.mark for result in own)
        found.append(SideSummary(side, len(own), marks["?!"], marks["?"], marks["??"],
                                 sum(result.exact for result in own)))
    return found


def mark_for(unit: Unit, before: Value, after: Value, exact: bool) -> str:
    """The mark for a move that turned `before` into `after` (see the module's table)."""
    lost = before - after
    if lost <= 0:
        return ""
    grade = sum(lost >= threshold for threshold in unit.thresholds)
    if exact:
        grade = max(grade, 1)
        result_before, result_after = _result(before, unit), _result(after, unit)
        if result_after < result_before:
            grade = max(grade, 3 if result_before - result_after == 2 else 2)
    return MARKS[grade]


def _result(value: Value, unit: Unit) -> int:
    """1 won, 0 drawn, -1 lost, for an exact value."""
    return 1 if value >= unit.win else -1 if value <= -unit.win else 0


class Analysis:
    """The Druid's analysis of the moves of `game` (up to its current position)."""

    def __init__(self, game: Game, *, nodes: int = DEFAULT_NODES, exact_nodes: int | None = None,
                 clock: Callable[[], float] = time.perf_counter) -> None:
        if nodes < 1 or (exact_nodes is not None and exact_nodes < 1):
            raise ValueError("the node budget must be at least 1")
        self.nodes = nodes
        self.exact_nodes = EXACT_FACTOR * nodes if exact_nodes is None else exact_nodes
        self.clock = clock
        self.positions: list[Position] = list(game.replay())
        self.moves: list[Move] = list(game.moves)
        self.lines: list[Line] = game_lines(game)
        self.game_name = game.game
        self.spec = game.spec
        self.unit = unit_of(self.game_name)
        self.strategy: Strategy = strategy_for(self.game_name)
        # A strategy without an exact search (tafl) need not be asked about each child.
        self._any_exact = type(self.strategy).exact is not Strategy.exact
        self.values: list[PositionValue | None] = [None] * len(self.positions)
        self.results: list[MoveAnalysis] = []
        self.cancelled = False
        self.searched_nodes = 0  # every node of every search, for budgets in tests
        self.done = False
        self._deadline = 0.0
        self._work = self._analyse()

    # --- driving it ----------------------------------------------------------

    @property
    def total(self) -> int:
        return len(self.moves)

    @property
    def progress(self) -> tuple[int, int]:
        """(plies analysed, plies in all)."""
        return len(self.results), self.total

    def step(self, deadline: float) -> bool:
        """Analyse until the clock passes `deadline` or the analysis ends; True when done
        (or cancelled)."""
        if self.done or self.cancelled:
            return True
        self._deadline = deadline
        self.done = _slices_until(self._work, self.clock, deadline)
        return self.done

    def run(self) -> list[MoveAnalysis]:
        """Analyse to the end in one go (CLI, tests)."""
        while not self.step(self.clock() + 0.05):
            pass
        return self.results

    def cancel(self) -> None:
        """Stop; the plies analysed so far stay, and `resume` can go on."""
        if not self.done and not self.cancelled:
            self.cancelled = True
            self._work.close()

    def resume(self) -> None:
        """Go on after `cancel`, from the first position not yet valued."""
        if self.cancelled and not self.done:
            self.cancelled = False
            self._work = self._analyse()

    # --- the work --------------------------------------------------------------

    def _analyse(self) -> Generator[None, None, None]:
        for index in range(len(self.results), self.total):
            yield from self._line_value(index + 1)
            self.results.append(self._judge(index))
            yield

    def _judge(self, index: int) -> MoveAnalysis:
        before, after = self.values[index], self.values[index + 1]
        assert before is not None and after is not None
        position, move = self.positions[index], self.moves[index]
        child = self.positions[index + 1]
        value_after = after.value if child.side == position.side else -after.value
        exact = before.exact and after.exact
        value_before = before.value
        if move == before.best:
            value_after = value_before  # the best move's value, by definition
        best = position.move_text(before.best) if before.best is not None else ""
        return MoveAnalysis(index + 1, position.side, position.move_text(move), best,
                            value_before, value_after, exact,
                            mark_for(self.unit, value_before, value_after, exact), before.best)

    def _line_value(self, index: int) -> Generator[None, None, PositionValue]:
        """The value of the game's own position `index` (and of those before it that
        it decides), cached: the positions of the game are each searched once."""
        for at in range(index + 1):
            if self.values[at] is None:
                self.values[at] = yield from self._value(self.positions[at], self.lines[at], at)
        found = self.values[index]
        assert found is not None
        return found

    def _value(self, position: Position, history: Line, line: int | None,
               expand: bool = True) -> Generator[None, None, PositionValue]:
        """A position's value for its side to move; `history` is the line that led
        to it.  `line` is its index when it is one of the game's own positions (its
        child on the game's line is then cached as the game's next position).
        `expand`: whether it may be valued from its children (once: their own
        children are not expanded)."""
        ended = self._ended(position, history)
        if ended is not None:
            return PositionValue(None, self._terminal_value(ended, position), True)
        moves = list(position.legal_moves())
        can_be_exact = self._has_exact(position, history, Limits(exact=True))
        budget = self.exact_nodes if can_be_exact else self.nodes
        limits = Limits(nodes=budget, exact=True)
        if len(moves) == 1 and not can_be_exact:
            value = yield from self._child_value(position, history, moves[0], line, expand)
            return PositionValue(moves[0], value.value, value.exact)
        search = Search(position, self.strategy, history=history.keys,
                        quiet_plies=history.quiet, limits=limits, clock=self.clock)
        while not search.step(self._deadline):
            yield
        result = search.result()
        self.searched_nodes += result.nodes
        exact = can_be_exact and result.nodes < budget
        found = PositionValue(result.move, self.unit.convert(result.score, exact), exact)
        if exact or not expand or not self._any_exact or \
                not self._children_exact(position, history, moves, limits):
            return found
        return (yield from self._from_children(position, history, moves, line))

    def _from_children(self, position: Position, history: Line,
                       moves: Sequence[Move], line: int | None
                       ) -> Generator[None, None, PositionValue]:
        """The best of the children's values, a ply deeper (first best move wins)."""
        best: PositionValue | None = None
        exact = True
        for move in moves:
            value = yield from self._child_value(position, history, move, line, False)
            exact = exact and value.exact
            if best is None or value.value > best.value:
                best = PositionValue(move, value.value, True)
        assert best is not None
        return PositionValue(best.best, best.value, exact)

    def _child_value(self, position: Position, history: Line, move: Move,
                     line: int | None, expand: bool = True
                     ) -> Generator[None, None, PositionValue]:
        """The value of playing `move`, for the side to move in `position`."""
        child = position.play(move).position
        if line is not None and line + 1 < len(self.positions) and move == self.moves[line]:
            if self.values[line + 1] is None:
                self.values[line + 1] = yield from self._value(
                    child, self.lines[line + 1], line + 1)
            value = self.values[line + 1]
            assert value is not None
        else:
            value = yield from self._value(child, history.then(self.spec, position, child),
                                           None, expand)
        turned = value.value if child.side == position.side else -value.value
        return PositionValue(move, turned, value.exact)

    # --- helpers ---------------------------------------------------------------

    def _ended(self, position: Position, history: Line) -> Outcome | None:
        """How the game ended in `position` after `history`, as a Game would say."""
        occurrences = Counter(history.keys)[position.repetition_key()]
        if self.spec.ended_by_repetition(occurrences):
            return self.spec.repetition_outcome(position)
        outcome = position.outcome()
        if outcome is None and self.spec.ended_by_no_progress(history.quiet):
            return Outcome(None, Reason.NO_PROGRESS)
        return outcome

    def _terminal_value(self, outcome: Outcome, position: Position) -> Value:
        """A finished game's value for the side to move in it: the margin where the game
        is counted, else the strategy's score (a win a ply away, as a search sees it)."""
        if outcome.scores is not None:
            mover = position.SIDES.index(position.side)
            return outcome.scores[mover] - outcome.scores[1 - mover]
        return self.unit.convert(self.strategy.terminal_score(outcome, position, 1), True)

    def _has_exact(self, position: Position, history: Line, limits: Limits) -> bool:
        """Whether the strategy's exact search takes this position (asked, not run)."""
        if self._ended(position, history) is not None:
            return True
        if not self._any_exact:
            return False
        exact = self.strategy.exact(position, limits, lambda: False, Counter(history.keys))
        if exact is None:
            return False
        close = getattr(exact, "close", None)
        if close is not None:
            close()
        return True

    def _children_exact(self, position: Position, history: Line,
                        moves: Sequence[Move], limits: Limits) -> bool:
        for move in moves:
            child = position.play(move).position
            if not self._has_exact(child, history.then(self.spec, position, child), limits):
                return False
        return True

    # --- for the graph -------------------------------------------------------------

    def graph_values(self) -> list[float]:
        """The value of each analysed position for the game's first side, clamped to
        the unit's span and scaled to -1..1 (the start first)."""
        first = self.positions[0].SIDES[0]
        points = []
        for position, value in zip(self.positions, self.values, strict=True):
            if value is None:
                break
            seen = value.value if position.side == first else -value.value
            points.append(max(-1.0, min(1.0, seen / self.unit.span)))
        return points


def analyse(game: Game, nodes: int = DEFAULT_NODES,
            exact_nodes: int | None = None) -> list[MoveAnalysis]:
    """Every move of `game` analysed, in one go."""
    return Analysis(game, nodes=nodes, exact_nodes=exact_nodes).run()


class MoveValues:
    """The Druid's value of every legal move of a position (Reversi's hints with
    values): the mover's value after each move, in the game's unit, searched round
    by round with four times the nodes each round, so the values firm up as the
    search deepens.  A move whose value is exact is not searched again.  Steppable
    like the Search: `step(deadline)`, `cancel()`, `done`; `round` counts the
    rounds finished and `values` holds the latest value of each move searched.
    `history` and `quiet_plies` are the game's (`Game.repetition_keys()`,
    `Game.quiet_plies()`), as a search takes them."""

    def __init__(self, position: Position, history: Sequence[Hashable] = (), *,
                 quiet_plies: int = 0, nodes: int = 1000, rounds: int = 3,
                 clock: Callable[[], float] = time.perf_counter) -> None:
        self.position = position
        self.history = Line(tuple(history) or (position.repetition_key(),), quiet_plies)
        self.base_nodes = nodes
        self.rounds = rounds
        self.values: dict[Move, Value] = {}
        self.exact: set[Move] = set()
        self.round = 0
        self.done = False
        self.clock = clock
        self._valuer = Analysis(Game(position), nodes=nodes, clock=clock)
        self._work = self._deepen()

    def step(self, deadline: float) -> bool:
        if self.done:
            return True
        self._valuer._deadline = deadline
        self.done = _slices_until(self._work, self.clock, deadline)
        return self.done

    def cancel(self) -> None:
        if not self.done:
            self.done = True
            self._work.close()

    def best(self) -> Move | None:
        """The move of the highest value so far (None before any is known)."""
        return max(self.values, key=lambda move: self.values[move], default=None)

    def _deepen(self) -> Generator[None, None, None]:
        valuer = self._valuer
        moves = list(self.position.legal_moves())
        for finished in range(self.rounds):
            valuer.nodes = self.base_nodes * 4 ** finished
            valuer.exact_nodes = EXACT_FACTOR * valuer.nodes
            for move in moves:
                if move in self.exact:
                    continue
                value = yield from valuer._child_value(self.position, self.history, move,
                                                       None, False)
                self.values[move] = value.value
                if value.exact:
                    self.exact.add(move)
                yield
            self.round = finished + 1
            if len(self.exact) == len(moves):
                return
