"""The computer's levels, per game, in one table — and how to start a player.

| level  | what it does                                                        |
|--------|---------------------------------------------------------------------|
| random | a uniformly random legal move (the ladder's floor)                  |
| bard   | a shallow search with noise on the root scores: sensible, beatable  |
| ovate  | a deeper search with a shorter clock than the Druid's               |
| druid  | the full search (and exact solvers where a game has one) for 2 s    |

The settings (seconds / depth / noise; Druid always 2 s and depth 64):

| game      | bard          | ovate       | bard, defenders | ovate, defenders |
|-----------|---------------|-------------|-----------------|------------------|
| brandubh  | 0.3 / 2 / 60  | 1.0 / 4 / 0 | 0.3 / 1 / 600   | 0.3 / 1 / 300    |
| tawlbwrdd | 0.3 / 1 / 150 | 1.0 / 2 / 0 |                 |                  |
| reversi   | 0.3 / 2 / 150 | 1.0 / 4 / 0 |                 |                  |
| modiar    | 0.3 / 3 / 2   | 1.0 / 7 / 0 |                 |                  |

Reversi's Druid solves the endgame exactly from 14 empty squares, and
Modiar's plays from its solved table (see each game's module).

`seconds` is wall-clock time from the search's first step, so the budget
holds in the browser too, where CPython runs about half as fast; `depth` caps
the iterative deepening; `noise` is the spread, in evaluation units, added to
each root move's score.

Brandubh, with the rules as RULES.md decides them, is a defenders' game: every
attacker starts on the hostile edge, where one defender stepping beside it
takes it, and the defenders threaten twelve such captures on their first move.
Even the Bard's defenders beat the Druid's attackers, so a level's strength
would never show.  Below the Druid, the defenders therefore play with a
handicap (`HANDICAPS`): a one-ply search with wide noise, weaker at the Bard
than at the Ovate.  The Druid plays both sides at full strength.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Iterable
from dataclasses import dataclass, replace

from ..rules.base import Move, Position
from . import modiar, reversi, tafl  # noqa: F401  (each registers its strategy)
from .search import Search, SearchResult
from .strategy import MAX_DEPTH, Limits, strategy_for


@dataclass(frozen=True)
class Level:
    seconds: float
    depth: int
    noise: int = 0
    exact: bool = False  # may play perfectly from data where a game has it


LEVEL_NAMES = ("random", "bard", "ovate", "druid")

_DEFAULT = {
    "random": Level(seconds=0.0, depth=0),
    "bard": Level(seconds=0.3, depth=2, noise=60),
    "ovate": Level(seconds=1.0, depth=4),
    "druid": Level(seconds=2.0, depth=MAX_DEPTH, exact=True),
}

LEVELS: dict[str, dict[str, Level]] = {
    # Tafl: the Druid reaches depth 4-5 in Brandubh but only 3-4 in Tawlbwrdd
    # (some 80 moves a side), so Tawlbwrdd's Ovate stops at 2 to stay a level
    # below it, and its Bard at 1 with wide noise: Tawlbwrdd's second
    # occurrence already draws, and with less noise (60) Ovate drew a quarter of
    # its games against Bard (75% in one 20-game match).  Brandubh's defenders:
    # see HANDICAPS.
    "brandubh": {**_DEFAULT, "bard": Level(seconds=0.3, depth=2, noise=60),
                 "ovate": Level(seconds=1.0, depth=4)},
    "tawlbwrdd": {**_DEFAULT, "bard": Level(seconds=0.3, depth=1, noise=150),
                  "ovate": Level(seconds=1.0, depth=2)},
    "reversi": {**_DEFAULT, "bard": Level(seconds=0.3, depth=2, noise=150)},
    "modiar": {**_DEFAULT, "bard": Level(seconds=0.3, depth=3, noise=2),
               "ovate": Level(seconds=1.0, depth=7)},
}


# Levels for the side a game favours, replacing the table's row for that side.
HANDICAPS: dict[tuple[str, str], dict[str, Level]] = {
    ("brandubh", "d"): {"bard": Level(seconds=0.3, depth=1, noise=600),
                        "ovate": Level(seconds=0.3, depth=1, noise=300)},
}


def preload() -> None:
    """Build every game's strategy now (their tables take a moment to build),
    so that no frame pays for it when a game starts."""
    for game in LEVELS:
        strategy_for(game)


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


def level_for(game: str, name: str, side: str | None = None) -> Level:
    """The settings of level `name` in `game`, for `side` when it is given."""
    if name not in LEVEL_NAMES:
        raise ValueError(f"unknown level {name!r}; choose one of {', '.join(LEVEL_NAMES)}")
    return HANDICAPS.get((game, side), {}).get(name) or LEVELS[game][name]


def is_handicapped(game: str, name: str, side: str) -> bool:
    """Whether level `name` plays `side` of `game` with a handicap."""
    return name in HANDICAPS.get((game, side), {})


def start_search(position: Position, level: str = "druid", *,
                 history: Iterable[Hashable] = (), seed: int = 0,
                 nodes: int | None = None, seconds: float | None = None) -> Search | RandomPlayer:
    """A player for `position` at `level`; `nodes`/`seconds` override its clock.

    With `nodes` given and no `seconds`, the search is bounded by nodes alone
    and is deterministic.
    """
    spec = level_for(position.GAME, level, position.side)
    if level == "random":
        return RandomPlayer(position, seed)
    if nodes is not None or seconds is not None:
        spec = replace(spec, seconds=seconds)
    limits = Limits(nodes=nodes, seconds=spec.seconds, depth=spec.depth, exact=spec.exact)
    return Search(position, strategy_for(position.GAME), history=history, limits=limits,
                  noise=spec.noise, seed=seed)


# How much worse (in evaluation units) the computer must judge its position
# before it accepts a draw offer.
DRAW_MARGIN = 50
DRAW_CHECK_NODES = 6000


def accepts_draw(game, computer_side: str, *, nodes: int = DRAW_CHECK_NODES) -> bool:
    """Whether the computer playing `computer_side` accepts a draw in `game`.

    It accepts only when a short search says it stands worse.
    """
    position = game.position
    result = start_search(position, "druid", history=game.repetition_keys(), nodes=nodes).run()
    score = result.score if position.side == computer_side else -result.score
    return score < -DRAW_MARGIN
