"""Who plays a game: a person against the computer, two people on one
device, a person against a friend elsewhere (moves sent by link), or the
computer against itself; and the whole setup of a game (which
game, who plays, at what level, with what clocks).  No pygame here."""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any

from ..ai.levels import LEVEL_NAMES
from ..rules import GAME_NAMES, spec
from ..rules.base import RulesError, other
from .clocks import TIME_CONTROLS

HUMAN = "human"  # who plays a side that is not the computer's
FRIEND = "friend"  # who plays the other side of a game with a friend: no one here


class Mode(StrEnum):
    """Who plays: a person against the computer, two people on one device, a
    person against a friend by link, or the computer against itself (the
    stored strings are these values)."""

    COMPUTER = "computer"
    HOTSEAT = "hotseat"
    FRIEND = "friend"
    WATCH = "watch"


MODES = tuple(Mode)
# The modes a game may be played with clocks in: the players are both here
# (a friend's moves come by link, hours apart; watching has no one to time).
TIMED_MODES = (Mode.COMPUTER, Mode.HOTSEAT)


@dataclass(frozen=True)
class Setup:
    """How a game was set up: which game, who plays, at what level, and its
    time control (one of `TIME_CONTROLS`; "": no clocks, as in games set up
    before there were clocks)."""

    game: str
    mode: Mode = Mode.COMPUTER
    human_side: str = ""  # the person's side against the computer or a friend
    level: str = "ovate"  # the computer's; watching, the first side's
    seed: int = 0
    # Watching: the level of the side that moves second ("": `level`, as in
    # games set up before each side had its own).
    second_level: str = ""
    clock: str = ""

    def __post_init__(self) -> None:
        object.__setattr__(self, "mode", Mode(self.mode))  # a stored or chosen string

    def player(self, side: str) -> str:
        """HUMAN, FRIEND, or the level name of the computer playing `side`."""
        if self.mode == Mode.FRIEND:
            return HUMAN if side == self.human_side else FRIEND
        if self.mode == Mode.HOTSEAT or (self.mode == Mode.COMPUTER and side == self.human_side):
            return HUMAN
        if self.mode == Mode.WATCH and self.second_level and side == spec(self.game).sides[1]:
            return self.second_level
        return self.level

    def levels(self) -> tuple[str, ...]:
        """The levels of the computer's sides, in the order the sides move."""
        return tuple(self.player(side) for side in spec(self.game).sides
                     if self.player(side) != HUMAN)

    def swapped(self, sides: tuple[str, str]) -> Setup:
        if self.mode != Mode.COMPUTER:
            return self
        return replace(self, human_side=other(sides, self.human_side))

    @staticmethod
    def read(data: Any) -> Setup:
        """A stored setup (its mode one of the strings `Mode` stands for)."""
        if not isinstance(data, dict) or data.get("mode", Mode.COMPUTER) not in MODES:
            raise RulesError("the saved setup is damaged")
        setup = Setup(**{k: data[k] for k in ("game", "mode", "human_side", "level", "seed",
                                              "second_level", "clock") if k in data})
        if setup.game not in GAME_NAMES or setup.level not in LEVEL_NAMES \
                or setup.second_level not in ("", *LEVEL_NAMES) \
                or setup.clock not in TIME_CONTROLS \
                or (setup.clock and setup.mode not in TIMED_MODES) \
                or not isinstance(setup.seed, int) or not isinstance(setup.human_side, str):
            raise RulesError("the saved setup is damaged")
        return setup


def resolve_side(choice: str, sides: tuple[str, str], rng: random.Random) -> str:
    """The person's side from a setup choice (`random` picks one)."""
    return rng.choice(sides) if choice == "random" else choice
