"""The lessons on screen: the list of each game's lessons (`LessonsScene`)
and a lesson taken task by task on the game's board (`LessonScene`); the
player's progress kept in storage (`store`).  The lessons themselves, their
tasks and how a move is judged, are `game.lessons`'."""

from .chooser import LessonsScene
from .task_view import LessonScene

__all__ = ["LessonScene", "LessonsScene"]
