"""The board by keyboard: the cursor starts on something the side to move can
play, the arrows move the focus the way they point, and Esc from a board
with nothing picked asks to go back to the menu (the game is saved anyway).
Animations on, stepped clock."""

from __future__ import annotations

import random

import pygame
import pytest

from game.rules import GAME_NAMES, from_code, start
from game.rules.record import Game
from game.ui.board.scene import BoardScene
from game.ui.dialogs import ConfirmDialog
from game.ui.menu import MenuScene
from game.ui.play import Play, Setup, autosave_key
from game.ui.scene import Push

from .driver import button, key, make_app, press, settle, steps

ARROWS = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1),
          pygame.K_DOWN: (0, 1)}


def hotseat_board(app, game: str, plies: int = 0, seed: int = 2) -> BoardScene:
    record = Game(start(game))
    rng = random.Random(seed)
    for _ in range(plies):
        record.play(rng.choice(record.legal_moves()))
    app._apply(Push(BoardScene(app.ctx, Play(Setup(game, "hotseat"), record))))
    steps(app, 1)
    return app.scene


def playable(scene: BoardScene) -> set[int]:
    """The cells the side to move can start a move from."""
    position = scene.play.position
    return set(scene.ui.origins(position)) | set(scene.ui.targets(position))


@pytest.mark.parametrize("plies", [0, 1], ids=["first side", "second side"])
@pytest.mark.parametrize("game", GAME_NAMES)
def test_the_cursor_starts_on_a_piece_or_pit_the_mover_can_play(monkeypatch, game, plies):
    app = make_app(monkeypatch)
    scene = hotseat_board(app, game, plies)
    key(app, pygame.K_UP)  # the first arrow shows the cursor
    assert scene.input.cursor in playable(scene), (game, scene.input.cursor)
    assert app.errors == []


def direction_ok(before: pygame.Rect, after: pygame.Rect, arrow: int) -> bool:
    """Whether `after` lies the way `arrow` points from `before`: its near edge
    past `before`'s centre that way (the rule the menus follow too)."""
    dx, dy = ARROWS[arrow]
    if dx:
        return after.left >= before.centerx if dx > 0 else after.right <= before.centerx
    return after.top >= before.centery if dy > 0 else after.bottom <= before.centery


def test_the_arrows_move_through_the_result_panel_the_way_they_point(monkeypatch):
    app = make_app(monkeypatch)
    record = Game(start("brandubh"))
    rng = random.Random(5)
    while record.outcome() is None:
        record.play(rng.choice(record.legal_moves()))
    setup = Setup("brandubh", "computer", "a", "bard", 0)
    app._apply(Push(BoardScene(app.ctx, Play(setup, record))))
    settle(app)
    scene = app.scene
    assert scene.game_over_panel
    focus = scene.over_focus
    rematch = next(i for i, b in enumerate(focus.buttons) if b.name == "rematch")
    moves = 0
    for start_index in range(len(focus.buttons)):
        for arrow in ARROWS:
            focus.index = start_index
            before = focus.buttons[start_index].rect
            key(app, arrow)
            assert scene.game_over_panel
            after = focus.buttons[focus.index].rect
            if focus.index != start_index:
                moves += 1
                assert direction_ok(before, after, arrow), \
                    (focus.buttons[start_index].name, pygame.key.name(arrow),
                     focus.buttons[focus.index].name)
    assert moves >= 4
    focus.index = rematch
    key(app, pygame.K_DOWN)  # from Rematch straight down, not sideways to Swap
    assert focus.buttons[focus.index].name == "over-undo"
    assert app.errors == []


def test_esc_on_an_idle_board_asks_to_go_back_to_the_menu(monkeypatch):
    app = make_app(monkeypatch)
    scene = hotseat_board(app, "modiar", plies=3)
    scene.play.play(scene.play.position.legal_moves()[0])  # a move played here: saved
    settle(app)
    moves = scene.play.game.move_texts()
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, ConfirmDialog), "Esc on an idle board asks"
    key(app, pygame.K_ESCAPE)  # Esc again keeps playing
    assert app.scene is scene and scene.play.game.move_texts() == moves
    key(app, pygame.K_ESCAPE)
    press(app, "keep")
    assert app.scene is scene
    key(app, pygame.K_ESCAPE)
    press(app, "confirm")
    assert isinstance(app.scene, MenuScene) and len(app.scenes) == 1
    assert autosave_key("modiar") in app.ctx.storage.data  # the game is kept
    assert button(app, "card-modiar").text == "Continue"
    assert app.errors == []


def test_esc_with_a_piece_picked_only_puts_it_down(monkeypatch):
    app = make_app(monkeypatch)
    code = "brandubh 1A1A1A1/A5A/2DDD2/A1DKD1A/2DDD2/A5A/1A1A1A1 a -"
    app._apply(Push(BoardScene(app.ctx, Play(Setup("brandubh", "hotseat"),
                                             Game(from_code(code))))))
    steps(app, 1)
    scene = app.scene
    origin = sorted(scene.ui.origins(scene.play.position))[0]
    press_cell = scene.ui.view.cell(origin).center
    from .driver import click
    click(app, press_cell)
    assert scene.input.selected == origin
    key(app, pygame.K_ESCAPE)
    assert app.scene is scene and scene.input.selected is None
    assert app.errors == []
