"""The four rules engines behind one registry of game names and position codes.

    from game.rules import from_code, start
    position = start("brandubh")
    played = position.play(position.legal_moves()[0])
"""

from __future__ import annotations

from . import modiar, reversi, tafl
from .base import CodeError, Position, short
from .spec import GameSpec

SPECS: dict[str, GameSpec] = {spec.name: spec for spec in (*tafl.SPECS, reversi.SPEC,
                                                            modiar.SPEC)}
GAME_NAMES = tuple(SPECS)
START_CODES = {name: spec.start_code for name, spec in SPECS.items()}


def spec(name: str) -> GameSpec:
    """The record of the game called `name`, or CodeError naming the games there are."""
    found = SPECS.get(name)
    if found is None:
        raise CodeError(f"unknown game {short(name)}: choose one of {', '.join(GAME_NAMES)}",
                        "unknown_game")
    return found


def spec_of(position: Position) -> GameSpec:
    """The record of the game a position belongs to."""
    return SPECS[position.GAME]


def from_code(code: str) -> Position:
    """Parse any game's position code, or raise CodeError with a one-line message."""
    if not isinstance(code, str):
        raise CodeError("a position code is text", "not_text")
    name = code.strip().split(" ", 1)[0]
    if name not in SPECS:
        raise CodeError(f"unknown game {short(name)}: a code starts with one of "
                        f"{', '.join(GAME_NAMES)}", "unknown_game")
    try:
        return SPECS[name].parse(code)
    except CodeError as error:
        error.game = error.game or name  # the code named its game: say which it was for
        raise


def start(name: str) -> Position:
    """The start position of a game named in GAME_NAMES."""
    return from_code(spec(name).start_code)


def position_from(text: str) -> Position:
    """A game name alone means its start position; anything else is a code."""
    return start(text.strip()) if text.strip() in SPECS else from_code(text)
