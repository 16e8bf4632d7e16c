"""The computer's levels, per game, in one table — and how to start a player.

| level  | what it does                                                        |
|--------|---------------------------------------------------------------------|
| random | a uniformly random legal move (the ladder's floor)                  |
| bard   | a shallow search with noise on the root scores: sensible, beatable  |
| ovate  | a deeper search with a shorter clock than the Druid's               |
| druid  | the full search (and exact solvers where a game has one) for 2 s    |

The settings (seconds / depth / noise / contempt; the Druid always 2 s and
depth 64, with the game's contempt and no noise):

| game      | bard              | ovate             | contempt |
|-----------|-------------------|-------------------|----------|
| brandubh  | 0.3 / 2 / 60 / 0  | 1.0 / 4 / 15 / 30 | 30       |
| tawlbwrdd | 0.3 / 1 / 150 / 0 | 1.0 / 2 / 15 / 30 | 30       |
| reversi   | 0.3 / 2 / 100 / 0 | 1.0 / 2 / 12 / 0  | 0        |
| modiar    | 0.3 / 3 / 2 / 0   | 1.0 / 7 / 10 / 0  | 0        |

Reversi's Druid solves the endgame exactly from 13 empty squares (and tries
from 16, keeping its midgame move when the solve does not finish in time),
and Modiar's plays from its solved table (see each game's module).

`seconds` is wall-clock time from the search's first step, so the budget
holds in the browser too, where CPython runs about half as fast; `depth` caps
the iterative deepening; `noise` is the spread, in evaluation units, added to
each root move's score (seeded: a game's seed gives the same moves again).

The Bard and the Ovate are defined by their depth, not their clock: a level
then plays alike on a fast desktop and a slow phone, and their clock is only
a ceiling they reach on slow devices (natively they use a small part of it).
The Druid alone is bounded by time, so it gets stronger on a faster machine.

The Ovate's small noise picks among moves its search finds about equal, so
it does not replay the same game from the same position; the Druid has none
and stays deterministic under a node budget.  `contempt` is what a drawn
ending costs the computer, in evaluation units (tafl: about a third of a
soldier): the tafl Ovate and Druid do not settle for a repetition, or for
Brandubh's no-progress draw, unless they stand worse.  In Reversi the Ovate
searches as deep as the Bard (2 plies) and differs by its far smaller
noise: with the pattern evaluation a 3-ply Ovate won 95% of 40 games
against the Bard, a 2-ply one 84%, which keeps the gap between the two
levels narrow without making the Bard harder for beginners
(docs/benchmarks.md).
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Iterable, Iterator
from dataclasses import dataclass, replace

from ..rules import spec_of, start
from ..rules.base import Move, Position
from . import modiar, reversi, reversi_patterns, tafl  # noqa: F401  (the games register their strategies)
from .search import Search, SearchResult
from .strategy import EVAL_LIMIT, MAX_DEPTH, Limits, strategy_for


@dataclass(frozen=True)
class Level:
    seconds: float
    depth: int
    noise: int = 0
    contempt: int = 0  # what a draw costs the computer (see the module's notes)
    exact: bool = False  # may play perfectly from data where a game has it


LEVEL_NAMES = ("random", "bard", "ovate", "druid")
DRUID = Level(seconds=2.0, depth=MAX_DEPTH, exact=True)
RANDOM = Level(seconds=0.0, depth=0)
TAFL_CONTEMPT = 30

LEVELS: dict[str, dict[str, Level]] = {
    # Tafl: the Druid reaches depth 4-5 in Brandubh but only 3-4 in Tawlbwrdd
    # (some 80 moves a side), so Tawlbwrdd's Ovate stops at 2 to stay a level
    # below it, and its Bard at 1 with wide noise: Tawlbwrdd's second
    # occurrence already draws, and with less noise (60) Ovate drew a quarter of
    # its games against Bard (75% in one 20-game match).
    "brandubh": {"random": RANDOM, "bard": Level(seconds=0.3, depth=2, noise=60),
                 "ovate": Level(seconds=1.0, depth=4, noise=15, contempt=TAFL_CONTEMPT),
                 "druid": replace(DRUID, contempt=TAFL_CONTEMPT)},
    "tawlbwrdd": {"random": RANDOM, "bard": Level(seconds=0.3, depth=1, noise=150),
                  "ovate": Level(seconds=1.0, depth=2, noise=15, contempt=TAFL_CONTEMPT),
                  "druid": replace(DRUID, contempt=TAFL_CONTEMPT)},
    "reversi": {"random": RANDOM, "bard": Level(seconds=0.3, depth=2, noise=100),
                "ovate": Level(seconds=1.0, depth=2, noise=12), "druid": DRUID},
    "modiar": {"random": RANDOM, "bard": Level(seconds=0.3, depth=3, noise=2),
               "ovate": Level(seconds=1.0, depth=7, noise=10), "druid": DRUID},
}


def preload() -> None:
    """Build the tables a first search needs now (the engines' capture tables,
    the strategies' geometry and Reversi's pattern weights are made on first
    use), so that no search pays for them when a game starts."""
    for _ in preloading():
        pass


def preloading() -> Iterator[None]:
    """`preload` a piece at a time, pausing (yielding) between pieces of a
    few milliseconds each natively: an app steps it between frames."""
    yield from reversi_patterns.reading()
    for game in LEVELS:
        position = start(game)
        strategy = strategy_for(game)
        strategy.evaluate(position)
        strategy.priorities(position, position.legal_moves())
        yield


class RandomPlayer:
    """The `random` level, with the same driving interface as a Search."""

    def __init__(self, position: Position, seed: int = 0) -> None:
        moves = list(position.legal_moves())
        self.best_move: Move | None = random.Random(seed).choice(moves) if moves else None
        self.done = True
        self.nodes = self.depth = self.score = 0

    def step(self, deadline: float) -> bool:
        return True

    def run(self) -> SearchResult:
        return self.result()

    def cancel(self) -> None:
        pass

    def result(self) -> SearchResult:
        return SearchResult(self.best_move, 0, 0, 0, 0.0)


def level_for(game: str, name: str) -> Level:
    """The settings of level `name` in `game`."""
    if name not in LEVEL_NAMES:
        raise ValueError(f"unknown level {name!r}; choose one of {', '.join(LEVEL_NAMES)}")
    return LEVELS[game][name]


def start_search(position: Position, level: str = "druid", *,
                 history: Iterable[Hashable] = (), quiet_plies: int = 0, seed: int = 0,
                 nodes: int | None = None, seconds: float | None = None) -> Search | RandomPlayer:
    """A player for `position` at `level`; `nodes`/`seconds` override its clock.

    `history` and `quiet_plies` are what the game's record knows and the
    position does not (`Game.repetition_keys()`, `Game.quiet_plies()`): the
    search then sees the repetitions and the no-progress draw ahead.  With
    `nodes` given and no `seconds`, the search is bounded by nodes alone and
    is deterministic.
    """
    spec = level_for(position.GAME, level)
    if level == "random":
        return RandomPlayer(position, seed)
    if nodes is not None or seconds is not None:
        spec = replace(spec, seconds=seconds)
    limits = Limits(nodes=nodes, seconds=spec.seconds, depth=spec.depth, exact=spec.exact,
                    results=spec.exact)
    return Search(position, strategy_for(position.GAME), history=history,
                  quiet_plies=quiet_plies, limits=limits, noise=spec.noise, seed=seed,
                  contempt=spec.contempt)


# How much worse (in evaluation units) the computer must judge its position
# before it accepts a draw offer.
DRAW_MARGIN = 50
DRAW_CHECK_NODES = 6000
# How few plies may be left before the no-progress draw for the computer to
# count on it: from there it takes a draw, and offers one, unless its search
# says it stands better than a draw (the board shows the count from there too).
NEAR_NO_PROGRESS = 20
# How many plies a fortress must have stood before the computer offers a draw
# for it (it accepts one at once): a game's first moves are no siege.
FORTRESS_STOOD = 12


def draw_check(game) -> Search:
    """The short search the computer's answer to a draw offer in `game` rests
    on: a search like any other, so the board steps it a slice a frame."""
    return start_search(game.position, "druid", history=game.repetition_keys(),
                        quiet_plies=game.quiet_plies(), nodes=DRAW_CHECK_NODES)


def accepts_draw_after(position: Position, computer_side: str, result: SearchResult, *,
                       quiet_plies: int = 0) -> bool:
    """Whether the computer playing `computer_side` accepts a draw in `position`,
    given its `draw_check` there; `quiet_plies` is the game's count of plies
    without progress (`Game.quiet_plies()`).

    It accepts when the search says it stands worse, or when it cannot win
    (`cannot_win_after`).
    """
    score = result.score if position.side == computer_side else -result.score
    return score < -DRAW_MARGIN or \
        cannot_win_after(position, computer_side, result, quiet_plies=quiet_plies)


def accepts_draw(game, computer_side: str) -> bool:
    """`accepts_draw_after` with its search run at once, holding the caller
    until it ends (tests and scripts; the board steps `draw_check` instead)."""
    return accepts_draw_after(game.position, computer_side, draw_check(game).run(),
                              quiet_plies=game.quiet_plies())


def cannot_win_after(position: Position, computer_side: str, result: SearchResult, *,
                     quiet_plies: int = 0) -> bool:
    """Whether the computer playing `computer_side` has nothing better than a
    draw to play for in `position`, given a Druid's search there (`result`,
    with the game's history and `quiet_plies`, as `draw_check` runs it):

    - it cannot win while the other side holds on (`Strategy.cannot_win`: a
      tafl king in a fortress; without a draw a player holding one could
      only resign or play on for ever), unless the search finds a forced
      win all the same;
    - or the no-progress draw is at most `NEAR_NO_PROGRESS` plies away and
      the search scores the position no better for it than a draw (the
      score a drawn line gets in that search, its contempt included).
    """
    score = result.score if position.side == computer_side else -result.score
    if score < EVAL_LIMIT and strategy_for(position.GAME).cannot_win(position, computer_side):
        return True
    limit = spec_of(position).no_progress_plies
    return limit is not None and limit - quiet_plies <= NEAR_NO_PROGRESS and \
        score <= _draw_score(position, computer_side)


def _draw_score(position: Position, side: str) -> int:
    """What a drawn ending scores for `side` in a Druid's search from `position`:
    the contempt is a cost to the side to move there, so a gain to the other."""
    contempt = level_for(position.GAME, "druid").contempt
    return -contempt if position.side == side else contempt


def offers_draw(game, result: SearchResult) -> bool:
    """Whether the computer, to move in `game`, offers a draw before it moves.

    `result` is its own search of the current position for this move (a
    search started with the game's history and `Game.quiet_plies()`, as
    `start_search` takes them; its score is read as a Druid's, the other
    levels' noise makes it rougher); the computer is the side to move.  It
    offers where the game allows an agreed draw (`GameSpec.draw_by_agreement`)
    and the game is not over, and it has nothing better than a draw to play
    for (`cannot_win_after`: the no-progress draw at most `NEAR_NO_PROGRESS`
    plies away, or a fortress it cannot break that has stood for the last
    `FORTRESS_STOOD` plies).  An
    offer it makes, it would accept: `accepts_draw_after` says yes in the
    same circumstances.  The player accepting ends the game
    (`Game.agree_draw`); declining, the computer plays `result.move`.  The
    answer is pure (the same game and result, the same answer), so a flow
    that asks on every turn keeps itself from repeating an offer the player
    has just declined.
    """
    if not game.spec.draw_by_agreement or game.outcome() is not None:
        return False
    position, quiet = game.position, game.quiet_plies()
    if not cannot_win_after(position, position.side, result, quiet_plies=quiet):
        return False
    limit = spec_of(position).no_progress_plies
    if limit is not None and limit - quiet <= NEAR_NO_PROGRESS:
        return True
    # A fortress must have stood a while: Tawlbwrdd's start is one too, and
    # there the defenders will leave it of their own accord to win.
    recent = list(game.replay())[-(FORTRESS_STOOD + 1):]
    fortress = strategy_for(position.GAME).cannot_win
    return len(recent) > FORTRESS_STOOD and all(fortress(p, position.side) for p in recent)
