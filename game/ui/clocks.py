"""The players' clocks of a game played with a time control: each side's
remaining time, the increment added after each move (Fischer), and the
side whose clock ran out.  No pygame here; `Play` owns the clocks and says
when they run (see docs/design-notes.md, Clocks).

The times are kept per ply: `at[ply]` is each side's time when that ply's
position came on the board, so an undo or a redo puts the clocks back with
the position (a move taken back takes back the time it cost).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..rules.base import RulesError
from .i18n import decimal

# The time controls the setup offers ("": no clocks): minutes each, then
# seconds added after each move.
TIME_CONTROLS = ("", "3+2", "5+3", "10+5")


@dataclass(frozen=True)
class TimeControl:
    """Minutes for each side, and the seconds added after each of its moves."""

    seconds: float
    increment: float

    @staticmethod
    def parse(text: str) -> TimeControl | None:
        """The control a setup names ("5+3"), or None for none ("")."""
        if not text:
            return None
        minutes, _, increment = text.partition("+")
        return TimeControl(int(minutes) * 60.0, float(int(increment)))


class Clocks:
    """Each side's remaining time, ply by ply."""

    def __init__(self, control: TimeControl, sides: tuple[str, str], ply: int = 0) -> None:
        """Full clocks at ply `ply` (a game loaded part-way starts them there)."""
        self.control, self.sides = control, sides
        start = (control.seconds, control.seconds)
        self.at: list[tuple[float, float]] = [start] * (ply + 1)  # each ply's, as it came on
        self.ply = ply  # the ply on the board
        self.left = list(start)  # the times now, as they run

    def remaining(self, side: str) -> float:
        return max(0.0, self.left[self.sides.index(side)])

    def run(self, side: str, seconds: float) -> str | None:
        """`side`'s clock runs for `seconds`; `side` when that ran it out."""
        index = self.sides.index(side)
        self.left[index] -= seconds
        if self.left[index] <= 0:
            self.left[index] = 0.0
            return side
        return None

    def moved(self, side: str, ply: int) -> None:
        """`side` moved, leaving ply `ply` on the board: its increment is added,
        and the times are kept for that ply (times of plies after it, which
        a redo would have brought back, are dropped with those moves)."""
        self.left[self.sides.index(side)] += self.control.increment
        del self.at[ply:]
        self.at.append((self.left[0], self.left[1]))
        self.ply = ply

    def went_to(self, ply: int) -> None:
        """An undo or a redo left ply `ply` on the board: its times come back."""
        ply = min(ply, len(self.at) - 1)
        self.left = list(self.at[ply])
        self.ply = ply

    # --- saving ---------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        return {"at": [list(times) for times in self.at], "ply": self.ply, "left": self.left}

    def restore(self, data: Any) -> None:
        """The times a save kept; RulesError when they are damaged."""
        try:
            at = [(float(a), float(b)) for a, b in data["at"]]
            ply, left = data["ply"], [float(x) for x in data["left"]]
        except (TypeError, KeyError, ValueError):
            raise RulesError("the saved game's clocks are damaged") from None
        if not at or not isinstance(ply, int) or not 0 <= ply < len(at) or len(left) != 2 \
                or any(t < 0 for times in (*at, left) for t in times):
            raise RulesError("the saved game's clocks are damaged")
        self.at, self.ply, self.left = at, ply, left


def clock_text(seconds: float) -> str:
    """A clock as the board shows it: minutes and seconds ("4:07"), and
    tenths under ten seconds ("9.4", in Danish "9,4"), when every moment counts."""
    if seconds < 10:
        tenths = int(seconds * 10)  # rounded down: 0.0 only once it ran out
        return decimal(tenths / 10)
    whole = int(seconds)
    return f"{whole // 60}:{whole % 60:02d}"
