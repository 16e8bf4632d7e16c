"""A lesson being taken, with no window: the task on the board, what the
player's last choice did, and the way on to the next task and lesson.

The verdict is the task's own (`Task.check`); this only keeps what the board
must show meanwhile: the move played, kept on the board when it met the
goal, taken back when it did not.  No pygame here.
"""

from __future__ import annotations

from typing import NamedTuple

from ...lessons import LESSONS, Action, Lesson, Progress, Task, Verdict
from ...rules.base import Effects, Move, Position


class Shown(NamedTuple):
    """A move of the player's on the board: from `before` to `after`."""

    before: Position
    after: Position
    move: Move
    effects: Effects


class LessonRun:
    def __init__(self, lesson_id: str, progress: Progress) -> None:
        game = lesson_id.split(".", 1)[0]
        self.lessons: tuple[Lesson, ...] = LESSONS[game]
        self.progress = progress
        self.lesson_index = next(i for i, lesson in enumerate(self.lessons)
                                 if lesson.id == lesson_id)
        self.task_index = self._first_task()
        self.verdict: Verdict | None = None
        self.shown: Shown | None = None  # the player's move on the board, if any
        self.solved = False

    def _first_task(self) -> int:
        """Where a lesson opens: a lesson begun goes on where it was left, one
        done (or not begun) starts at its first task."""
        lesson = self.lesson
        return lesson.tasks.index(self.progress.next_task(lesson) or lesson.tasks[0])

    @property
    def game(self) -> str:
        return self.lesson.game

    @property
    def lesson(self) -> Lesson:
        return self.lessons[self.lesson_index]

    @property
    def task(self) -> Task:
        return self.lesson.tasks[self.task_index]

    @property
    def position(self) -> Position:
        """The position on the board: after the player's move while it stands."""
        return self.shown.after if self.shown is not None else self.task.position

    @property
    def last_lesson(self) -> bool:
        return self.lesson_index == len(self.lessons) - 1

    @property
    def last_task(self) -> bool:
        return self.task_index == len(self.lesson.tasks) - 1

    def choose(self, choice: Move | Action) -> Verdict:
        """The player's move (or action): checked by the task, shown on the
        board when the rules allow it, and the task solved if it meets the goal."""
        verdict = self.task.check(choice)
        self.verdict = verdict
        if verdict.legal and not isinstance(choice, Action):
            before = self.task.position
            played = before.play(choice)
            self.shown = Shown(before, played.position, choice, played.effects)
        if verdict.ok:
            self.solved = True
            self.progress.solve(self.task)
        return verdict

    def take_back(self) -> None:
        """A move that missed the goal leaves the board; its line stays."""
        if not self.solved:
            self.shown = None

    def advance(self) -> bool:
        """On to the next task, or the next lesson's first; False after the
        game's last task (nothing changes then)."""
        if not self.solved:
            return False
        if not self.last_task:
            self.task_index += 1
        elif not self.last_lesson:
            self.lesson_index += 1
            self.task_index = self._first_task()
        else:
            return False
        self.verdict, self.shown, self.solved = None, None, False
        return True
