"""The result panel can be closed to study the final board, and reopened."""

from __future__ import annotations

import pygame

from game.rules import from_code
from game.rules.record import Game
from game.ui.board.scene import BoardScene
from game.ui.play import Play, Setup
from game.ui.scene import Push

from .driver import button, click, key, make_app, press, settle, tap

# Defenders to move; the king steps b1-a1 into the last corner of its tour and wins.
ONE_MOVE_FROM_THE_END = "brandubh 7/7/7/7/7/A6/1K3A1 d g1,a7,g7"


def finished_game(monkeypatch, size=(1280, 800)) -> tuple:
    """A hot-seat Brandubh won by clicks, with the result panel on show."""
    app = make_app(monkeypatch, size=size)
    setup = Setup("brandubh", "hotseat", "d", "bard", 0)
    app._apply(Push(BoardScene(app.ctx, Play(setup, Game(from_code(ONE_MOVE_FROM_THE_END))))))
    scene = app.scene
    view, rules = scene.ui.view, scene.ui.rules
    click(app, view.cell(rules.square_index("b1")).center)
    click(app, view.cell(rules.square_index("a1")).center)
    assert scene.play.game.outcome() is not None
    settle(app)
    assert scene.game_over_panel
    return app, scene


def board_pixel(app, scene) -> tuple[int, int, int]:
    """A board square well away from the result panel (the a7 corner)."""
    centre = scene.ui.view.cell(scene.ui.rules.square_index("a7")).center
    assert not scene._over_box().collidepoint(centre)
    return tuple(app.screen.get_at(centre))[:3]


def test_escape_closes_the_panel_undims_the_board_and_show_result_reopens_it(monkeypatch):
    app, scene = finished_game(monkeypatch)
    dimmed = board_pixel(app, scene)
    assert not button(app, "show-result").visible  # not while the panel is on show
    key(app, pygame.K_ESCAPE)
    assert not scene.game_over_panel
    clear = board_pixel(app, scene)
    assert sum(clear) > sum(dimmed) + 30, "the board is still dimmed"
    assert button(app, "show-result").visible
    press(app, "show-result")
    assert scene.game_over_panel
    assert not button(app, "show-result").visible
    assert board_pixel(app, scene) == dimmed


def test_the_close_cross_is_big_enough_for_a_finger_and_a_tap_on_it_closes(monkeypatch):
    app, scene = finished_game(monkeypatch, size=(390, 844))
    close = button(app, "over-close")
    box = scene._over_box()
    assert close.rect.height >= 44 and close.rect.width >= 44
    assert box.contains(close.rect) and close.rect.right > box.centerx  # in its corner
    tap(app, close.rect.center)
    assert not scene.game_over_panel
    assert button(app, "show-result").visible
    tap(app, button(app, "show-result").rect.center)
    assert scene.game_over_panel


def test_a_click_outside_the_panel_closes_it_and_the_board_stays_view_only(monkeypatch):
    app, scene = finished_game(monkeypatch)
    ply, code = scene.play.game.ply, scene.play.position.code()
    rematch = button(app, "rematch").rect.center
    corner = scene.ui.view.cell(scene.ui.rules.square_index("g7")).center
    click(app, corner)
    assert not scene.game_over_panel
    # The board only shows the final position now: clicks on squares and where
    # the panel's buttons were change nothing.
    for square in ("a1", "a2", "g7", "b1"):
        click(app, scene.ui.view.cell(scene.ui.rules.square_index(square)).center)
    click(app, rematch)
    assert app.scene is scene and scene.play.game.ply == ply
    assert scene.play.position.code() == code and not scene.game_over_panel


def test_a_side_panel_button_still_works_while_the_panel_is_open(monkeypatch):
    app, scene = finished_game(monkeypatch)
    press(app, "copy")
    assert scene.game_over_panel  # copying the code is not a request to close
    assert app.notice is not None and "brandubh" in app.notice[0]


def test_show_result_only_after_the_game_ends_and_a_new_ending_shows_its_panel(monkeypatch):
    app, scene = finished_game(monkeypatch)
    key(app, pygame.K_ESCAPE)
    assert button(app, "show-result").visible
    press(app, "undo")
    settle(app)
    assert scene.play.game.outcome() is None
    assert not button(app, "show-result").visible
    view, rules = scene.ui.view, scene.ui.rules
    click(app, view.cell(rules.square_index("b1")).center)
    click(app, view.cell(rules.square_index("a1")).center)
    settle(app)
    assert scene.game_over_panel and not button(app, "show-result").visible
