"""A player's progress through the lessons, as plain data for the save file.

Progress keeps the ids of the tasks solved, the lessons completed and the
games whose lesson offer before a first game the player skipped.  A lesson
once completed stays completed, even if a task is added to it later; ids the
lessons no longer have are dropped on reading, since lessons change between
versions and old progress must still load.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from game.rules import GAME_NAMES

from .registry import LESSONS
from .tasks import Lesson, Task

PROGRESS_VERSION = 1


class ProgressError(ValueError):
    """Saved progress that cannot be read: the message is one plain line."""


@dataclass
class Progress:
    """What the player has done; `to_dict` / `from_dict` round-trip it."""

    tasks_done: set[str] = field(default_factory=set)
    lessons_done: set[str] = field(default_factory=set)
    offers_skipped: set[str] = field(default_factory=set)  # game names

    def solve(self, task: Task) -> None:
        """Record `task` solved, and its lesson once all the lesson's tasks are."""
        self.tasks_done.add(task.id)
        lesson = next(lesson for lesson in LESSONS[task.game] if lesson.id == task.lesson_id)
        if all(t.id in self.tasks_done for t in lesson.tasks):
            self.lessons_done.add(lesson.id)

    def is_done(self, lesson: Lesson) -> bool:
        return lesson.id in self.lessons_done

    def next_task(self, lesson: Lesson) -> Task | None:
        """The first task of `lesson` not yet solved; None when all are."""
        return next((t for t in lesson.tasks if t.id not in self.tasks_done), None)

    def offer_due(self, game: str) -> bool:
        """Whether to offer `game`'s lessons before a first game of it: not if
        the offer was skipped, nor once any of its lessons was begun."""
        begun = any(t.id in self.tasks_done for lesson in LESSONS.get(game, ())
                    for t in lesson.tasks)
        return game not in self.offers_skipped and not begun

    def skip_offer(self, game: str) -> None:
        self.offers_skipped.add(game)

    def to_dict(self) -> dict[str, Any]:
        return {"version": PROGRESS_VERSION,
                "tasks_done": sorted(self.tasks_done),
                "lessons_done": sorted(self.lessons_done),
                "offers_skipped": sorted(self.offers_skipped)}

    @classmethod
    def from_dict(cls, data: Any) -> Progress:
        """Read `to_dict` output, keeping only the ids of tasks, lessons and
        games there are; ProgressError if it is not progress at all."""
        if not isinstance(data, dict) or data.get("version") != PROGRESS_VERSION:
            raise ProgressError("the saved lesson progress is from another version or damaged")
        lessons = [lesson for game in LESSONS.values() for lesson in game]
        return cls(_ids(data, "tasks_done", [t.id for lesson in lessons for t in lesson.tasks]),
                   _ids(data, "lessons_done", [lesson.id for lesson in lessons]),
                   _ids(data, "offers_skipped", GAME_NAMES))


def _ids(data: dict[str, Any], name: str, known: Iterable[str]) -> set[str]:
    found = data.get(name, [])
    if not isinstance(found, list) or not all(isinstance(item, str) for item in found):
        raise ProgressError("the saved lesson progress is damaged")
    return set(found) & set(known)
