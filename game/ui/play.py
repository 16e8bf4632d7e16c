"""A game being played in the app: the record, who plays each side, the
computer's thinking, hints, undo/redo and autosave.  No pygame here, so the
flow can be tested on its own; the board scene draws what this decides.
"""

from __future__ import annotations

import random
from dataclasses import asdict, dataclass, replace
from typing import Any

from ..ai.levels import LEVEL_NAMES, RandomPlayer, start_search
from ..ai.search import Search
from ..rules import GAME_NAMES, START_CODES
from ..rules.base import Move, Played, RulesError
from ..rules.record import Game

MODES = ("computer", "hotseat", "watch")
HINT_SECONDS = 1.0
AUTOSAVE_KEY = "autosave"


@dataclass(frozen=True)
class Setup:
    """How a game was set up: which game, who plays, at what level."""

    game: str
    mode: str = "computer"  # computer | hotseat | watch
    human_side: str = ""  # the person's side in computer mode
    level: str = "ovate"
    seed: int = 0

    def player(self, side: str) -> str:
        """'human' or the level name of the computer playing `side`."""
        if self.mode == "hotseat" or (self.mode == "computer" and side == self.human_side):
            return "human"
        return self.level

    def swapped(self, sides: tuple[str, str]) -> Setup:
        if self.mode != "computer":
            return self
        other = sides[1] if self.human_side == sides[0] else sides[0]
        return replace(self, human_side=other)

    @staticmethod
    def read(data: Any) -> Setup:
        if not isinstance(data, dict):
            raise RulesError("the saved setup is damaged")
        setup = Setup(**{k: data[k] for k in ("game", "mode", "human_side", "level", "seed")
                         if k in data})
        if setup.game not in GAME_NAMES or setup.mode not in MODES \
                or setup.level not in LEVEL_NAMES or not isinstance(setup.seed, int) \
                or not isinstance(setup.human_side, str):
            raise RulesError("the saved setup is damaged")
        return setup


def resolve_side(choice: str, sides: tuple[str, str], rng: random.Random) -> str:
    """The person's side from a setup choice (`random` picks one)."""
    return rng.choice(sides) if choice == "random" else choice


class Play:
    def __init__(self, setup: Setup, game: Game | None = None) -> None:
        self.setup = setup
        self.game = game or Game(START_CODES[setup.game])
        self.search: Search | RandomPlayer | None = None
        self.hint_search: Search | None = None
        self.hint: Move | None = None
        self.thinking_for: float = 0.0  # seconds the current search has run

    # --- who moves -----------------------------------------------------------------

    @property
    def position(self):
        return self.game.position

    def player(self, side: str | None = None) -> str:
        return self.setup.player(side or self.position.side)

    @property
    def human_to_move(self) -> bool:
        return self.game.outcome() is None and self.player() == "human"

    @property
    def computer_to_move(self) -> bool:
        return self.game.outcome() is None and self.player() != "human"

    # --- the computer --------------------------------------------------------------

    def think(self, deadline: float, dt: float, nodes: int | None = None) -> Move | None:
        """Advance the computer's search until `deadline`; its move once decided.

        `nodes`, when given, bounds the search by nodes instead of the level's clock.
        """
        if not self.computer_to_move:
            self.cancel()
            return None
        if self.search is None:
            history = [p.repetition_key() for p in self.game.replay()]
            self.search = start_search(self.position, self.player(), history=history,
                                       seed=self.setup.seed * 7919 + self.game.ply,
                                       nodes=nodes)
            self.thinking_for = 0.0
        self.thinking_for += dt
        if self.search.step(deadline):
            move, self.search = self.search.best_move, None
            return move if move in self.game.legal_moves() else None
        return None

    def cancel(self) -> None:
        if self.search is not None:
            self.search.cancel()
            self.search = None
        self.cancel_hint()

    # --- hints ------------------------------------------------------------------------

    def ask_hint(self, nodes: int | None = None) -> None:
        """Start the hint's search: for HINT_SECONDS, or for `nodes` when given."""
        if not self.human_to_move:
            return
        self.cancel_hint()
        history = [p.repetition_key() for p in self.game.replay()]
        self.hint_search = start_search(self.position, "druid", history=history, nodes=nodes,
                                        seconds=None if nodes else HINT_SECONDS)

    def advance_hint(self, deadline: float) -> None:
        if self.hint_search is not None and self.hint_search.step(deadline):
            self.hint = self.hint_search.best_move
            self.hint_search = None

    def cancel_hint(self) -> None:
        if self.hint_search is not None:
            self.hint_search.cancel()
        self.hint_search, self.hint = None, None

    # --- moves and history ------------------------------------------------------------

    def play(self, move: Move) -> Played:
        """Play a move (checked against the legal moves by the record)."""
        self.cancel_hint()
        return self.game.play(move)

    def undo(self) -> bool:
        """Take back a move; against the computer, back to the person's last turn."""
        self.cancel()
        if not self.game.undo():
            return False
        if self.setup.mode == "computer":
            while self.player() != "human" and self.game.undo():
                pass
            if self.player() != "human":  # the computer moved first: replay its move
                self.game.redo()
        return True

    def redo(self) -> bool:
        self.cancel()
        if not self.game.redo():
            return False
        if self.setup.mode == "computer":
            while self.player() != "human" and self.game.outcome() is None and self.game.redo():
                pass
        return True

    def resign(self) -> None:
        self.cancel()
        side = self.setup.human_side if self.setup.mode == "computer" else self.position.side
        self.game.resign(side)

    # --- saving -------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        return {"setup": asdict(self.setup), "game": self.game.to_dict()}

    @staticmethod
    def from_dict(data: Any) -> Play:
        """Rebuild a saved play; RulesError when anything in it is unusable."""
        if not isinstance(data, dict):
            raise RulesError("the saved game is damaged")
        setup = Setup.read(data.get("setup"))
        game = Game.from_dict(data.get("game"))
        if game.game != setup.game:
            raise RulesError("the saved game is damaged")
        return Play(setup, game)
