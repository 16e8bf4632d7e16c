"""Lessons: short tasks that teach each game's rules by playing them.

Each game has a few lessons of a few tasks each (`LESSONS`, by game name).
A task is a position, an instruction and a goal; `Task.check(choice)` plays
the player's move on a game record and says, from what the engine reports
the move did, whether it meets the goal and which line to show.  `Progress`
keeps what the player has done.  Nothing here imports pygame.
"""

from .goals import Action, Goal, Kind, Winner
from .progress import Progress, ProgressError
from .registry import LESSONS, TASKS
from .tasks import Lesson, Task, Verdict

__all__ = ["LESSONS", "TASKS", "Action", "Goal", "Kind", "Lesson", "Progress", "ProgressError",
           "Task", "Verdict", "Winner"]
