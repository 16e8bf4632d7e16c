"""What the game's flow reads each frame and what it hands back: the frame
(`Frame`, the time a frame gives the searches) and the game as it stands
(`Snapshot`, worked out once per change of the record).  No pygame here."""

from __future__ import annotations

from dataclasses import dataclass

from ..rules.base import Outcome
from .players import FRIEND, HUMAN


@dataclass(frozen=True)
class Snapshot:
    """The game as it stands, worked out once per change of the record (the
    board reads it many times a frame)."""

    ply: int
    side: str  # to move
    outcome: Outcome | None
    player: str  # HUMAN, FRIEND, or the level of the computer playing the side to move
    only_pass: bool  # the side to move's one move is the pass: it plays itself

    @property
    def over(self) -> bool:
        return self.outcome is not None

    @property
    def human_to_move(self) -> bool:
        return self.outcome is None and self.player == HUMAN

    @property
    def computer_to_move(self) -> bool:
        return self.outcome is None and self.player not in (HUMAN, FRIEND)

    @property
    def friend_to_move(self) -> bool:
        """A friend elsewhere plays next: this device waits for their link."""
        return self.outcome is None and self.player == FRIEND


@dataclass(frozen=True)
class Frame:
    """One frame as `Play.tick` needs it."""

    dt: float  # seconds since the last frame
    deadline: float  # when this frame's searching ends (time.perf_counter)
    showing: bool = False  # the board still shows a move: the next one waits for it
    quiet: bool = True  # nothing to draw in this frame so far
    pace: float = 1.0  # the animation speed setting (the forced pass's pause follows it)
    nodes: int | None = None  # searches bounded by nodes instead of the levels' clocks
    evaluation: str = "off"  # the evaluation bar's setting: off | on | always
