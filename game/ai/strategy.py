"""What the generic search needs to know about one game.

A strategy scores positions and suggests an order for moves; the search does
the rest.  Each game subclasses it in its own module.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from ..rules.base import Move, Outcome, Position

# Scores are ints from the side to move's point of view.  A won game scores
# WIN less the plies it takes, so the search prefers the quickest win and the
# slowest loss; evaluations stay far below WIN.
WIN = 1_000_000
EVAL_LIMIT = WIN // 2
# A noisy move's gain when nothing bounds it (a won game, or a game that does
# not say): more than any score can rise, so the search never skips it.
UNBOUNDED_GAIN = 4 * WIN


MAX_DEPTH = 64


@dataclass(frozen=True)
class Limits:
    """How much a search may do.  `None` means no limit of that kind.

    `exact` allows a game's perfect play from data (Modiar's solved table),
    which only the Druid uses; solvers bounded by depth (Reversi's endgame)
    read `depth`.  `results` allows settling for a proven result (a win, a
    draw) where the exact margin would not be found in time (Reversi a few
    empties beyond its solver's reach): for choosing a move, never for the
    analysis, whose values must be margins.
    """

    nodes: int | None = None
    seconds: float | None = None
    depth: int = MAX_DEPTH
    exact: bool = True
    results: bool = False


class Found(NamedTuple):
    """What an exact search has proved so far: its best move, score and depth."""

    move: Move
    score: int
    depth: int


# An exact search: it yields None to let a frame pass and a Found whenever its
# best move, score or depth changes, and stops by returning.
ExactSearch = Iterator[Found | None]


@dataclass(frozen=True)
class Tentative:
    """An exact search that may not finish within the budget.

    The Search runs it in turns with its own midgame search — `turns` of its
    slices to one of the midgame's — and adopts only its last Found, once it
    has run to its end.  Stopped earlier (by the clock or the node budget),
    it has proven nothing the player may rely on, and the midgame search's
    result stands.  One that ends without any Found (a proof that found no
    move worth playing over the midgame's) leaves the rest of the budget to
    the midgame search.
    """

    search: ExactSearch
    turns: int = 1


@dataclass(frozen=True)
class SearchPlan:
    """How a search from one root searches: what its game decides once, before
    the first node (`Strategy.plan`), and the search reads once.

    The defaults: a quiescence search of up to six noisy plies, nothing
    remembered there, no pruning, no ProbCut, and an iterative deepening that
    a forced result ends.
    """

    # How many noisy plies past the horizon the quiescence search follows; 0
    # scores a leaf by its evaluation alone (a game with no noisy moves).
    quiescence_depth: int = 6
    # Whether it remembers their results (worth it where captures commute, so
    # the same position is reached by several orders of the same captures).
    quiescence_table: bool = False
    # Late-move reductions: by how many plies the late moves (those the
    # ordering puts after the hinted ones: no priority, no table move, no
    # killer) are first searched, with a null window, searched again at full
    # depth only when they beat alpha; 0: off.  They apply at nodes with at
    # least `reduce_from_depth` plies left, after at least `reduce_after`
    # moves.  Worth it where many moves are quiet and few matter (tafl).
    reduction: int = 0
    reduce_from_depth: int = 3
    reduce_after: int = 3
    # Futility: the most a late (quiet) move may raise the mover's score,
    # quiescence included.  One ply from the horizon the late moves are not
    # played where the static score plus this stays at or below alpha.  0:
    # off (a game that cannot bound it).
    futility: int = 0
    # ProbCut (`Strategy.probcut`) at null-window nodes with at least this
    # many plies left; None: off.
    probcut_from: int | None = None
    # Whether only an iteration that scored every leaf by a finished game ends
    # the iterative deepening.  False: a forced result (a win or a loss, scored
    # WIN less its plies) ends it too, since a deeper search can only find
    # slower ones; a game whose results are worth more or less (Modiar's
    # margins) must wait for the exact score.
    deepen_until_resolved: bool = False


class Strategy:
    """Defaults: no knowledge.  Subclasses override what they know."""

    def evaluate(self, position: Position) -> int:
        """A heuristic score of a non-final position for the side to move."""
        return 0

    def plan(self, root: Position) -> SearchPlan:
        """How a search from `root` searches (the defaults, unless the game says)."""
        return DEFAULT_PLAN

    def priorities(self, position: Position, moves: Sequence[Move]) -> list[int]:
        """A number per move, higher for moves worth searching first (cheap!)."""
        return [0] * len(moves)

    def order(self, position: Position, moves: Sequence[Move]) -> list[Move]:
        """The moves, most promising first, by `priorities`."""
        priority = self.priorities(position, moves)
        return [m for _, _, m in sorted(zip([-p for p in priority], range(len(moves)), moves,
                                            strict=True))]

    def cannot_win(self, position: Position, side: str) -> bool:
        """Whether `side` has no way to win in `position` for as long as the
        other side keeps what it holds, however far ahead `side` stands (a tafl
        king in a fortress): the computer then takes a draw it is offered.
        False where a game knows of no such thing."""
        return False

    def probcut(self, position: Position, depth: int) -> tuple[int, int, int] | None:
        """(shallow depth, bias, margin) for a probabilistic cut (ProbCut) at a
        node with `depth` plies left, or None for none; asked only where the
        plan's `probcut_from` allows.  The deep search's value is taken to be
        the `shallow` one's plus `bias`, give or take `margin`: where the
        shallow value plus the bias beats beta by the margin (or falls below
        alpha by it), the node is cut without the deep search.  The two are
        measured offline (a few standard deviations of the difference between
        the depths' values).  Worth it where an evaluation predicts deeper
        searches well (Reversi)."""
        return None

    def noisy_moves(self, position: Position) -> list[Move]:
        """Moves the quiescence search follows past the horizon (captures)."""
        return []

    def valued_noisy_moves(self, position: Position) -> list[tuple[Move, int]]:
        """The noisy moves, each with the most it could raise the mover's score
        (the search skips those that cannot lift the evaluation to alpha), in
        order of that gain, largest first.  By default: no bound."""
        return [(move, UNBOUNDED_GAIN) for move in self.noisy_moves(position)]

    def terminal_score(self, outcome: Outcome, position: Position, ply: int) -> int:
        """The score of a finished game for the side to move in `position`."""
        if outcome.winner is None:
            return 0
        return WIN - ply if outcome.winner == position.side else ply - WIN

    def exact(self, position: Position, limits: Limits, tick: Callable[[], bool],
              seen: Mapping[Hashable, int]) -> ExactSearch | Tentative | None:
        """A game-specific exact search (a solver or a table) to run instead, or None
        (or, wrapped in `Tentative`, one to race against the midgame search).

        `tick` counts a node (True: time to yield; it raises when the node
        budget is spent); `seen` counts the repetition keys on the way to
        `position`.  The search adopts every `Found` the exact search yields.
        """
        return None


DEFAULT_PLAN = SearchPlan()


_STRATEGIES: dict[str, Callable[[], Strategy]] = {}


def register(*games: str) -> Callable[[type[Strategy]], type[Strategy]]:
    """Class decorator: `games` are played by this strategy (each game's AI
    module registers itself, next to its own code)."""
    def add(cls: type[Strategy]) -> type[Strategy]:
        for game in games:
            _STRATEGIES[game] = cls
        return cls
    return add


def strategy_for(game: str) -> Strategy:
    """A fresh strategy for a game, its evaluation and move hints."""
    return _STRATEGIES[game]()
