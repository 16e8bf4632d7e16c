"""The replay cursor: which ply the board shows, the game's own position or
an earlier one the player looks back at.

Looking back holds the game (`Play.pause`: the computer neither thinks nor
plays, a forced pass and the hint wait) and going back to the game lets it
carry on; this is the one place that does either.  Each change of the ply
shown is told to every listener, with the new value.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import islice

from ...rules.base import Position
from ..play import Play


class ReplayCursor:
    def __init__(self, play: Play) -> None:
        self.play = play
        self.viewing: int | None = None  # the ply shown (None: the game itself)
        self.listeners: list[Callable[[int | None], None]] = []

    @property
    def shown_ply(self) -> int:
        """The ply whose position the board shows."""
        return self.play.game.ply if self.viewing is None else self.viewing

    @property
    def shown_position(self) -> Position:
        if self.viewing is None:
            return self.play.position
        return next(islice(self.play.game.replay(), self.viewing, None))

    def mover(self, ply: int) -> str:
        """The side that made move `ply` (from 1)."""
        return next(islice(self.play.game.replay(), ply - 1, None)).side

    def show(self, ply: int) -> bool:
        """Show the position after `ply` plies (0: the start); the game's own
        ply is the game itself.  Whether the ply shown changed."""
        ply = max(0, min(ply, self.play.game.ply))
        if ply == self.play.game.ply:
            return self.back()
        if ply == self.viewing:
            return False
        if self.viewing is None:
            self.play.pause()
        self.viewing = ply
        self._tell()
        return True

    def back(self) -> bool:
        """Show the game itself again; whether anything changed."""
        if self.viewing is None:
            return False
        self.viewing = None
        self.play.resume()
        self._tell()
        return True

    def _tell(self) -> None:
        for listener in list(self.listeners):
            listener(self.viewing)
