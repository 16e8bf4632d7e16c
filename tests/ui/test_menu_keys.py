"""The arrow keys move the keyboard focus the way they point: in the menu (a
grid of cards, with a game kept on a card or not, wide and tall windows) and in
the choice panels (setup, settings)."""

from __future__ import annotations

import pygame
import pytest

from game.platform.storage import MemoryStorage
from game.ui.menu import MenuScene
from game.ui.play import Play, Setup, save_play
from game.ui.settings import SettingsScene
from game.ui.setup import SetupScene

from .driver import key, make_app, steps

ARROWS = {pygame.K_DOWN: (0, 1), pygame.K_UP: (0, -1), pygame.K_RIGHT: (1, 0),
          pygame.K_LEFT: (-1, 0)}
SIZES = [(1280, 800), (390, 844)]


def storage_with_a_kept_game(game: str) -> MemoryStorage:
    """A device with an unfinished `game` on it: its card shows Continue over New and Rules."""
    storage = MemoryStorage()
    play = Play(Setup(game, "hotseat"))
    play.play(play.position.legal_moves()[0])
    save_play(storage, play)
    return storage


def menu_app(monkeypatch, size, kept: str | None = None):
    storage = storage_with_a_kept_game(kept) if kept else None
    app = make_app(monkeypatch, size=size, storage=storage)
    assert isinstance(app.scene, MenuScene)
    return app


def usable(scene) -> list:
    return [b for b in scene.focus.buttons if b.visible and b.enabled]


def focused(scene):
    return scene.focus.buttons[scene.focus.index]


def focus_on(app, name: str) -> None:
    scene = app.scene
    scene.focus.index = next(i for i, b in enumerate(scene.focus.buttons) if b.name == name)


def along(rect: pygame.Rect, direction) -> int:
    """Where `rect`'s centre lies along `direction`."""
    return rect.centerx * direction[0] + rect.centery * direction[1]


def past(a: pygame.Rect, b: pygame.Rect, direction) -> bool:
    """Whether `b` lies wholly beyond `a`'s edge in `direction`."""
    near_b = (b.left, b.top) if direction[0] + direction[1] > 0 else (-b.right, -b.bottom)
    far_a = (a.right, a.bottom) if direction[0] + direction[1] > 0 else (-a.left, -a.top)
    axis = 0 if direction[0] else 1
    return near_b[axis] >= far_a[axis]


def in_line(a: pygame.Rect, b: pygame.Rect, direction) -> bool:
    """Whether `b` shares `a`'s column (for ↑↓) or row (for ←→)."""
    if direction[0]:
        return a.top < b.bottom and b.top < a.bottom
    return a.left < b.right and b.left < a.right


def check_every_arrow_from_every_button(app) -> None:
    """From each button, each arrow lands on a button lying that way, one in
    line with it when there is one; and the focus moves whenever a button lies
    wholly that way."""
    scene = app.scene
    for origin in usable(scene):
        for code, direction in ARROWS.items():
            focus_on(app, origin.name)
            key(app, code)
            landed = focused(scene)
            beyond = [b for b in usable(scene) if along(b.rect, direction) > along(origin.rect,
                                                                                   direction)]
            wholly = [b for b in beyond if past(origin.rect, b.rect, direction)]
            if landed is origin:
                assert not wholly, (origin.name, code, [b.name for b in wholly])
                continue
            assert landed in beyond, (origin.name, pygame.key.name(code), landed.name)
            if any(in_line(origin.rect, b.rect, direction) for b in beyond):
                assert in_line(origin.rect, landed.rect, direction), \
                    (origin.name, pygame.key.name(code), landed.name)
    assert app.errors == []


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("kept", [None, "reversi"])
def test_menu_arrows_go_the_way_they_point(monkeypatch, size, kept):
    check_every_arrow_from_every_button(menu_app(monkeypatch, size, kept))


def test_down_from_a_card_in_a_wide_window_reaches_the_buttons_under_the_cards(monkeypatch):
    app = menu_app(monkeypatch, (1280, 800))
    focus_on(app, "card-brandubh")
    key(app, pygame.K_RIGHT)
    assert focused(app.scene).name == "rules-brandubh"
    key(app, pygame.K_RIGHT)
    assert focused(app.scene).name == "card-tawlbwrdd"
    key(app, pygame.K_DOWN)
    # Continue is greyed: none kept
    assert focused(app.scene).name in ("lessons", "puzzles", "friends", "history",
                                       "settings", "quit")
    key(app, pygame.K_UP)
    assert focused(app.scene).name.split("-")[-1] in ("tawlbwrdd", "reversi")


def test_down_in_a_tall_window_goes_to_the_card_below(monkeypatch):
    app = menu_app(monkeypatch, (390, 844))
    focus_on(app, "rules-brandubh")
    key(app, pygame.K_DOWN)
    assert focused(app.scene).name in ("card-reversi", "rules-reversi")  # the card below
    key(app, pygame.K_RIGHT)
    assert focused(app.scene).name.split("-")[-1] in ("reversi", "modiar")


def test_a_kept_games_card_continue_then_new_and_rules(monkeypatch):
    app = menu_app(monkeypatch, (1280, 800), kept="reversi")
    focus_on(app, "card-reversi")  # Continue, across the card
    key(app, pygame.K_DOWN)
    assert focused(app.scene).name in ("new-reversi", "rules-reversi")  # both right under it
    key(app, pygame.K_LEFT)
    assert focused(app.scene).name == "new-reversi"
    key(app, pygame.K_RIGHT)
    assert focused(app.scene).name == "rules-reversi"
    key(app, pygame.K_UP)
    assert focused(app.scene).name == "card-reversi"


def test_the_first_arrow_shows_the_focus_on_the_first_button(monkeypatch):
    app = menu_app(monkeypatch, (1280, 800))
    assert app.scene.focus.index is None
    key(app, pygame.K_DOWN)
    assert focused(app.scene) is usable(app.scene)[0]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("panel", ["setup", "settings"])
def test_choice_panel_arrows_go_the_way_they_point(monkeypatch, size, panel):
    app = make_app(monkeypatch, size=size)
    app._push(SetupScene(app.ctx, "brandubh") if panel == "setup" else SettingsScene(app.ctx))
    steps(app, 1)
    check_every_arrow_from_every_button(app)


def test_down_in_setup_goes_to_the_next_row_not_the_next_mode(monkeypatch):
    app = make_app(monkeypatch)
    app._push(SetupScene(app.ctx, "brandubh"))
    steps(app, 1)
    focus_on(app, "mode-computer")
    key(app, pygame.K_DOWN)
    assert focused(app.scene).name.startswith("side-")
    key(app, pygame.K_RIGHT)
    assert focused(app.scene).name.startswith("side-")
    key(app, pygame.K_UP)
    assert focused(app.scene).name.startswith("mode-")
