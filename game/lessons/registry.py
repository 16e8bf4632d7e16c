"""Every game's lessons, in the order a player takes them."""

from __future__ import annotations

from . import brandubh, modiar, reversi, tawlbwrdd
from .tasks import Lesson, Task

LESSONS: dict[str, tuple[Lesson, ...]] = {
    "brandubh": brandubh.LESSONS,
    "tawlbwrdd": tawlbwrdd.LESSONS,
    "reversi": reversi.LESSONS,
    "modiar": modiar.LESSONS,
}
TASKS: dict[str, Task] = {task.id: task for lessons in LESSONS.values()
                          for lesson in lessons for task in lesson.tasks}
