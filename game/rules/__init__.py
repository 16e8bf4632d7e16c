"""The four rules engines behind one registry of game names and position codes.

    from game.rules import from_code, start
    position = start("brandubh")
    played = position.play(position.legal_moves()[0])
"""

from __future__ import annotations

from collections.abc import Callable

from . import modiar, reversi, tafl
from .base import CodeError, Position, short

GAME_NAMES = ("brandubh", "tawlbwrdd", "reversi", "modiar")

_PARSERS: dict[str, Callable[[str], Position]] = {
    "brandubh": tafl.from_code,
    "tawlbwrdd": tafl.from_code,
    "reversi": reversi.from_code,
    "modiar": modiar.from_code,
}

START_CODES = {
    "brandubh": tafl.start("brandubh").code(),
    "tawlbwrdd": tafl.start("tawlbwrdd").code(),
    "reversi": reversi.START_CODE,
    "modiar": modiar.START_CODE,
}

# The occurrence of a position (its `repetition_key`) that ends the game, per
# RULES.md; Reversi positions can never repeat (every move adds a disc).
REPETITION_LIMIT = {
    "brandubh": tafl.BRANDUBH.repetition_limit,
    "tawlbwrdd": tafl.TAWLBWRDD.repetition_limit,
    "modiar": 3,
}

# Games where the players may agree a draw (RULES.md §2).
DRAW_BY_AGREEMENT = frozenset({"tawlbwrdd"})


def from_code(code: str) -> Position:
    """Parse any game's position code, or raise CodeError with a one-line message."""
    if not isinstance(code, str):
        raise CodeError("a position code is text", "not_text")
    name = code.strip().split(" ", 1)[0]
    parser = _PARSERS.get(name)
    if parser is None:
        raise CodeError(f"unknown game {short(name)}: a code starts with one of "
                        f"{', '.join(GAME_NAMES)}", "unknown_game")
    try:
        return parser(code)
    except CodeError as error:
        error.game = error.game or name  # the code named its game: say which it was for
        raise


def start(name: str) -> Position:
    """The start position of a game named in GAME_NAMES."""
    if name not in START_CODES:
        raise CodeError(f"unknown game {short(name)}: choose one of {', '.join(GAME_NAMES)}",
                        "unknown_game")
    return from_code(START_CODES[name])


def position_from(text: str) -> Position:
    """A game name alone means its start position; anything else is a code."""
    return start(text.strip()) if text.strip() in START_CODES else from_code(text)
