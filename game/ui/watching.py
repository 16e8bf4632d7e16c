"""Watching the computer play itself: going or paused, one move asked for
while paused, and how long each move is held on show before it is played
(the pause between moves: the search and its moves stay the level's).
No pygame here; `Play` owns it and asks it before the computer plays."""

from __future__ import annotations

WATCH_SPEEDS = ("slow", "normal", "fast")
# Seconds a move is held before it is played, by speed; "normal" is the
# computer's usual pause (None: the flow's own `SHOW_THINKING_AT_LEAST`).
HOLD_SECONDS: dict[str, float | None] = {"slow": 1.6, "normal": None, "fast": 0.1}


class Watching:
    def __init__(self) -> None:
        self.paused = False
        self.step_due = False  # one move asked for while paused
        self.speed = "normal"

    def may_play(self) -> bool:
        """Whether the computer may play its next move now."""
        return not self.paused or self.step_due

    def hold_seconds(self, usual: float) -> float:
        """How long a move is held on show at this speed (`usual`: normal's)."""
        seconds = HOLD_SECONDS[self.speed]
        return usual if seconds is None else seconds

    def toggle_pause(self) -> None:
        self.paused = not self.paused
        self.step_due = False

    def ask_step(self) -> None:
        self.step_due = True

    def played(self) -> None:
        """A move was played: a step asked for is done."""
        self.step_due = False

    def next_speed(self) -> str:
        """Go on to the next speed (slow, normal, fast, then slow again)."""
        self.speed = WATCH_SPEEDS[(WATCH_SPEEDS.index(self.speed) + 1) % len(WATCH_SPEEDS)]
        return self.speed
