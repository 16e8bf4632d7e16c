"""The board's commands keep their places: while playing, while looking back at
a move, and after the game (result panel open or closed), each command stands
where it stood, greyed where it does not apply, so a habit click never lands
on another command.  Animations on, stepped clock."""

from __future__ import annotations

import pygame
import pytest

from game.ui.board.scene import BoardScene
from game.ui.dialogs import ConfirmDialog

from .driver import make_app, press, settle, steps
from .test_phone_sizes import played, show

SIZES = [(1280, 800), (390, 844), (360, 640)]
# Shown only while they apply, in a row of their own above the commands: the
# replay's steps and the way back to the game's end.
NAVIGATION = ("replay-prev", "replay-next", "replay-back", "show-result")


def places(scene: BoardScene) -> dict[str, tuple[int, int, int, int]]:
    """Where each side-panel button on show stands (More included)."""
    return {b.name: tuple(b.rect) for b in scene.focus.buttons if b.visible}


def states(app, scene: BoardScene) -> dict[str, dict]:
    """The buttons' places while playing, in replay, and after the game."""
    found = {"playing": places(scene)}
    scene.show_ply(1)
    steps(app, 1)
    found["replay"] = places(scene)
    press(app, "replay-back")
    press(app, "resign")  # through More where the panel is short
    assert isinstance(app.scene, ConfirmDialog)
    press(app, "confirm")
    settle(app)
    assert scene.game_over_panel
    found["over"] = places(scene)
    press(app, "over-close")
    found["over, closed"] = places(scene)
    scene.show_ply(1)
    steps(app, 1)
    found["over, replay"] = places(scene)
    return found


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
@pytest.mark.parametrize("game", ["tawlbwrdd", "reversi", "modiar"])
def test_every_command_keeps_its_place_in_play_replay_and_after_the_game(monkeypatch, game,
                                                                         size):
    app = make_app(monkeypatch, size=size)
    scene = BoardScene(app.ctx, played(game, over=False))
    show(app, scene)
    settle(app)
    assert scene.play.human_to_move
    seen = states(app, scene)
    commands = set(seen["playing"]) - set(NAVIGATION)
    assert commands, "no commands on show"
    for state, shown in seen.items():
        assert commands <= set(shown), f"{state}: {sorted(commands - set(shown))} went away"
    everywhere: dict[str, set] = {}
    for shown in seen.values():
        for name, rect in shown.items():
            everywhere.setdefault(name, set()).add(rect)
    moved = {name: rects for name, rects in everywhere.items() if len(rects) > 1}
    assert moved == {}, f"commands moved between states: {sorted(moved)}"
    window = pygame.Rect((0, 0), size)
    for shown in seen.values():
        rects = [pygame.Rect(rect) for rect in shown.values()]
        assert all(window.contains(rect) for rect in rects)
        for i, rect in enumerate(rects):
            assert rect.collidelist(rects[i + 1:]) == -1, "two buttons overlap"
    assert app.errors == []
