"""What the board says about whose turn it is: "your turn" exactly when the
player can act, and a sign of thinking on *Hint* from the frame after the
press until the hint is found.  Animations on, stepped clock; the searches
are stand-ins that take a counted number of frames."""

from __future__ import annotations

import pygame

from game.ui import play as play_module
from game.ui.board.scene import BoardScene
from game.ui.i18n import t

from .driver import busy, button, click, make_app, press, settle, steps


class FramedSearch:
    """Settles on the first legal move after `frames` steps, whatever the clock."""

    def __init__(self, position, frames: int) -> None:
        self.best_move = sorted(position.legal_moves())[0]
        self.left = frames
        self.done = False
        self.nodes = 0

    def step(self, deadline: float) -> bool:
        self.left -= 1
        self.done = self.left <= 0
        return self.done

    def cancel(self) -> None:
        self.done = True

    def result(self):
        raise AssertionError("not a draw check")


def searches_take(monkeypatch, frames: int) -> list[FramedSearch]:
    started: list[FramedSearch] = []

    def start_search(position, level="druid", **kwargs):
        started.append(FramedSearch(position, frames))
        return started[-1]
    monkeypatch.setattr(play_module, "start_search", start_search)
    return started


def reversi_board(app, mode: str, side: str = "") -> BoardScene:
    press(app, "card-reversi")
    press(app, f"mode-{mode}")
    if side:
        press(app, f"side-{side}")
    press(app, "start")
    assert isinstance(app.scene, BoardScene)
    return app.scene


def pixels(app, rect: pygame.Rect) -> bytes:
    return pygame.image.tobytes(app.screen.subsurface(rect), "RGB")


def test_hint_shows_it_is_thinking_from_the_frame_after_the_press(monkeypatch):
    app = make_app(monkeypatch)
    searches_take(monkeypatch, frames=40)
    scene = reversi_board(app, "hotseat")
    settle(app)
    hint = button(app, "hint")
    app.redraw()
    steps(app, 1)
    idle = pixels(app, hint.rect)
    press(app, "hint")  # one frame: the press, then the frame is drawn
    assert scene.play.hint is None, "the stand-in search takes frames"
    assert pixels(app, hint.rect) != idle, "no sign of thinking on Hint after the press"
    thinking = 1
    while scene.play.hint is None:
        app.redraw()
        steps(app, 1)
        thinking += 1
        assert thinking < 200
        if scene.play.hint is None:
            assert pixels(app, hint.rect) != idle, f"the sign went away at frame {thinking}"
    app.redraw()
    steps(app, 1)
    assert pixels(app, hint.rect) == idle, "the sign stays once the hint is found"
    assert app.errors == []


def test_your_turn_shows_only_when_the_player_can_act(monkeypatch):
    app = make_app(monkeypatch)  # the computer's moves slide, at normal speed
    searches_take(monkeypatch, frames=5)
    scene = reversi_board(app, "computer", side="w")  # the computer (black) moves first
    you = t("status.you")
    sliding = 0
    moves_made = 0
    for _ in range(2000):
        steps(app, 1)
        status = scene.status_line()
        can_act = button(app, "hint").enabled
        assert (you in status) == can_act, (status, can_act, scene.animation)
        if you in status:
            assert scene.animation is None and not busy(app)
        sliding += scene.animation is not None
        if can_act:
            if moves_made == 2:
                break
            move = sorted(scene.play.position.legal_moves())[0]
            click(app, scene.ui.view.cell(move).center)
            moves_made += 1
    assert moves_made == 2 and scene.play.game.ply >= 4
    assert sliding > 10, "the moves were seen sliding"
    assert app.errors == []
