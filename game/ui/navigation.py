"""Which scene each request builds: the one place that knows every scene of
the navigation.  Scenes ask for each other by name (`ToMenu()`, `ToBoard(play)`,
... in game/ui/scene.py); only the app, and the tools that set scenes up as a
player would reach them (screenshots, the soak), import this module.  So the
scenes form no circle: none of them imports another.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .board.scene import BoardScene
from .context import Context
from .friends_scene import FriendsScene
from .history_scene import HistoryScene
from .lessons.chooser import LessonsScene
from .lessons.task_view import LessonScene
from .menu import MenuScene
from .puzzles.board import PuzzleScene
from .puzzles.choose import PuzzlesScene
from .rules import RulesScene
from .scene import (
    Scene,
    SceneRequest,
    ToBoard,
    ToFriends,
    ToHistory,
    ToLesson,
    ToLessons,
    ToMenu,
    ToPuzzle,
    ToPuzzles,
    ToRules,
    ToSettings,
    ToSetup,
)
from .settings import SettingsScene
from .setup import SetupScene

# One builder per kind of request; a test checks that every kind has one.
BUILDERS: dict[type, Callable[[Context, Any], Scene]] = {
    ToMenu: lambda ctx, request: MenuScene(ctx),
    ToSetup: lambda ctx, request: SetupScene(ctx, request.game),
    ToBoard: lambda ctx, request: BoardScene(ctx, request.play),
    ToRules: lambda ctx, request: RulesScene(ctx, request.game),
    ToSettings: lambda ctx, request: SettingsScene(ctx),
    ToHistory: lambda ctx, request: HistoryScene(ctx),
    ToPuzzles: lambda ctx, request: PuzzlesScene(ctx),
    ToPuzzle: lambda ctx, request: PuzzleScene(ctx, request.game),
    ToFriends: lambda ctx, request: FriendsScene(ctx),
    ToLessons: lambda ctx, request: LessonsScene(ctx, request.game),
    ToLesson: lambda ctx, request: LessonScene(ctx, request.lesson),
}


def build(ctx: Context, request: SceneRequest) -> Scene:
    """The scene `request` asks for.  Anything that is not a request is a bug
    in the scene that returned it: TypeError, which the app's frame guard
    reports without losing the scene on screen."""
    builder = BUILDERS.get(type(request))
    if builder is None:
        raise TypeError(f"not a scene request: {request!r}")
    return builder(ctx, request)
