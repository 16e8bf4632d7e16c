"""The frame guard and the animations it used to hide errors in."""

from __future__ import annotations

import pygame
import pytest

from game.rules import start
from game.ui.board.games import SOW_STONE_SECONDS, Animation, ModiarUI
from game.ui.i18n import t
from game.ui.scene import Scene

from .driver import FRAME_SECONDS, make_app, steps


class BrokenScene(Scene):
    """Draws with a bug every frame, and a second, different one on every tenth."""

    def __init__(self, ctx) -> None:
        super().__init__(ctx)
        self.frames = 0

    def draw(self, surface) -> None:
        self.frames += 1
        if self.frames % 10 == 0:
            raise KeyError("another bug")
        raise ValueError("invalid color")


@pytest.mark.expects_app_errors
def test_a_bug_that_fires_every_frame_is_told_once(monkeypatch):
    app = make_app(monkeypatch, animation="off")  # the scene under test does not animate
    app._push(BrokenScene(app.ctx))
    steps(app, 120)
    assert len(app.errors) == 120  # every one logged for the developer ...
    told = [app.notice[0]] if app.notice else []
    told += app.ctx.notices
    # ... one notice per distinct bug, and the same words never twice in a row
    assert len(app._reported) == 2 and told == [t("notice.error")]


def test_the_same_notice_is_never_stacked(monkeypatch):
    app = make_app(monkeypatch, animation="off")  # about notices only
    for _ in range(5):
        app.ctx.notify("The computer declines the draw")
    steps(app, 1)
    assert app.notice is not None and app.ctx.notices == []


def capturing_modiar_move():
    """A Modiar position and move that captures (found by playing, not typed in)."""
    position = start("modiar")
    frontier = [position]
    while frontier:
        position = frontier.pop(0)
        for move in position.legal_moves():
            played = position.play(move)
            if played.effects.captured:
                return position, move, played
            frontier.append(played.position)
    raise AssertionError("no capture found")


@pytest.mark.parametrize("scale", [0.5, 1.0, 1.8])
def test_the_modiar_capture_fade_stays_in_range_and_waits_for_the_last_stone(scale):
    ui = ModiarUI()
    before, move, played = capturing_modiar_move()
    duration = ui.animation_time(played.effects) * scale
    animation = Animation(before, played.position, move, played.effects, duration)
    sowing = len(played.effects.sown) * SOW_STONE_SECONDS * scale
    while not animation.done:
        shown = ui.sowing_at(animation)
        assert all(0.0 <= progress <= 1.0 for progress in shown.fading.values())
        if animation.elapsed < sowing - 1e-9:  # the fade waits for the last stone
            assert not shown.fading and shown.flying is not None
        else:
            assert shown.flying is None
        animation.elapsed += FRAME_SECONDS / 3
    shown = ui.sowing_at(animation)
    assert not shown.fading and all(shown.counts[pit] == 0 for pit in played.effects.captured)


@pytest.mark.parametrize("game", ["brandubh", "tawlbwrdd", "reversi", "modiar"])
@pytest.mark.parametrize("height", [-50, 0, 3])
def test_a_board_with_no_room_draws_nothing_rather_than_failing(monkeypatch, game, height):
    """Found by the soak: a menu card too short for its preview asked for a
    board of negative size, and drawing it raised on every frame."""
    from game.ui.board.games import game_ui
    from game.ui.views.base import Marks
    app = make_app(monkeypatch, animation="off")  # a view drawn on its own: nothing moves
    ui = game_ui(game)
    ui.view.layout(pygame.Rect(10, 10, 100, height))
    ui.draw(app.screen, start(game), Marks(), None)
    assert ui.view.rect.width >= 0 and ui.view.rect.height >= 0
