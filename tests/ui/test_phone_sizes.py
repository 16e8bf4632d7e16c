"""Phones first-class: at 360×640 and 390×844, in every scene and language,
every button a finger can hit (at least 44 CSS px tall, inside the window, no
two overlapping) and every text a player reads at least 14 CSS px; and on a
big window the board's side panel grows with it.

What is measured: every `draw_text` call of the scenes, the app's notices and
the buttons' labels (the size asked for and the size really used after
`fit_font` shrank it to fit), and every rules paragraph and heading.  Exempt,
and not recorded: the small labels the board views draw on the boards
themselves (coordinates, pit names, the sowing order on a rules diagram), which
scale with the board's squares and are not read as text.
"""

from __future__ import annotations

import random

import pygame
import pytest

from game.rules import GAME_NAMES, spec
from game.ui import app as app_module
from game.ui import choices as choices_module
from game.ui import dialogs as dialogs_module
from game.ui import menu as menu_module
from game.ui import rules as rules_module
from game.ui import setup as setup_scene_module
from game.ui import widgets as widgets_module
from game.ui.board import move_list as move_list_module
from game.ui.board import panel as board_panel_module
from game.ui.board import result as board_result_module
from game.ui.board.more import MoreMenu
from game.ui.board.scene import BoardScene
from game.ui.dialogs import CodeDialog, ConfirmDialog
from game.ui.play import Play, Setup, save_play
from game.ui.rules import RulesScene
from game.ui.settings import BoardSettingsScene, SettingsScene
from game.ui.setup import SetupScene
from game.ui.theme import font, set_pixel_ratio, text_size
from game.ui.widgets import label_lines, label_width

from .driver import button as find_button
from .driver import key, make_app, press, settle, steps, tap

PHONES = [(360, 640), (390, 844)]
LANGUAGES = ["en", "ga", "da"]
TOUCH_CSS, TEXT_CSS = 44, 14
TEXT_MODULES = (menu_module, choices_module, setup_scene_module, dialogs_module, rules_module,
                board_panel_module, board_result_module, move_list_module, app_module,
                widgets_module)  # board/games.py imports late


def drawn(app) -> list[tuple[str, int, int]]:
    """(text, pixel size used, width drawn past the window's right edge) of
    everything the next frame draws, after a fresh layout (rules pages render
    their text and diagrams when laid out)."""
    seen: list[tuple[str, int, int]] = []
    width = app.screen.get_width()
    with pytest.MonkeyPatch.context() as patch:
        for module in TEXT_MODULES:
            real = module.draw_text

            def recording(surface, text, size, *args, _real=real, **kwargs):
                used = widgets_module.fit_size(text, size, kwargs.get("max_width"),
                                               kwargs.get("bold", False))
                rect = _real(surface, text, size, *args, **kwargs)
                offset = surface.get_abs_offset()[0] if surface.get_parent() else 0
                spill = max(0, rect.right + offset - min(width, surface.get_width() + offset),
                            -(rect.left + offset))
                seen.append((text, used, spill))
                return rect
            patch.setattr(module, "draw_text", recording)
        real_surface = rules_module._text_surface

        def paragraph(text, size, *args):
            seen.append((text, size, 0))  # wrapped to the page's width by the scene
            return real_surface(text, size, *args)
        patch.setattr(rules_module, "_text_surface", paragraph)
        for scene in app.scenes:
            scene.resize(app.screen.get_size())
        app.redraw()
        steps(app, 1)
    return [entry for entry in seen if entry[0].strip()]


def touch_buttons(app) -> list:
    """Every button on screen that the player can reach, scene by scene, with
    the size its label is asked for (the scene's unit)."""
    shown = []
    for scene in app._visible():
        focuses = [scene.focus]
        if getattr(scene, "game_over_panel", False):
            focuses.append(scene.over_focus)
        shown.append(([b for focus in focuses for b in focus.buttons if b.visible], scene.unit))
    return shown


def label_fits(button, unit: int) -> bool:
    """The label as draw_button lays it out: inside the button, on at most two lines."""
    room = label_width(button.rect)
    lines, size = label_lines(button.text, text_size(unit), room)
    return len(lines) <= 2 and all(font(size).size(line)[0] <= room for line in lines) and \
        font(size).get_linesize() * len(lines) <= button.rect.height


def check_phone_frame(app, where: str, ratio: float = 1.0) -> None:
    w, h = app.screen.get_size()
    for text, size, spill in drawn(app):
        assert size >= TEXT_CSS * ratio, f"{where}: {text!r} drawn at {size} px"
        assert spill == 0, f"{where}: {text!r} runs {spill} px off its surface"
    for buttons, unit in touch_buttons(app):
        assert buttons, f"{where}: no buttons"
        for button in buttons:
            rect = button.rect
            assert rect.height >= TOUCH_CSS * ratio, f"{where}: {button.name} is {rect.height}"
            assert label_fits(button, unit), f"{where}: {button.text!r} spills out of its button"
            assert rect.left >= 0 and rect.top >= 0 and rect.right <= w and rect.bottom <= h, \
                f"{where}: {button.name} {rect} leaves the window"
        for i, a in enumerate(buttons):
            for b in buttons[i + 1:]:
                assert not a.rect.colliderect(b.rect), f"{where}: {a.name} overlaps {b.name}"
    assert app.errors == []


def phone_app(monkeypatch, size, language):
    # Animations off: these tests measure still frames, not how moves move.
    app = make_app(monkeypatch, size=size, animation="off")
    app.ctx.change("language", language)
    steps(app, 1)
    return app


def played(game: str, over: bool, seed: int = 4) -> Play:
    play = Play(Setup(game, "computer", spec(game).suggested_side, "ovate"))
    rng = random.Random(seed)
    plies = 10_000 if over else {"modiar": 7, "reversi": 21}.get(game, 16)
    while play.game.outcome() is None and play.game.ply < plies:
        play.game.play(rng.choice(play.game.legal_moves()))
    if not over and play.game.outcome() is None and not play.human_to_move:
        play.game.play(rng.choice(play.game.legal_moves()))
    return play


def show(app, scene) -> None:
    app.scenes[1:] = []
    app._push(scene)
    steps(app, 1)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", PHONES)
def test_menu_setup_settings_and_dialogs_fit_a_phone(monkeypatch, size, language):
    app = phone_app(monkeypatch, size, language)
    check_phone_frame(app, f"menu {size} {language}")
    for game in GAME_NAMES:
        show(app, SetupScene(app.ctx, game))
        check_phone_frame(app, f"setup {game} {size} {language}")
    show(app, SettingsScene(app.ctx))
    check_phone_frame(app, f"settings {size} {language}")
    for part in ("board", "pieces"):
        show(app, BoardSettingsScene(app.ctx, part))
        check_phone_frame(app, f"{part} settings {size} {language}")
    show(app, CodeDialog(app.ctx, "brandubh"))
    check_phone_frame(app, f"code dialog {size} {language}")
    for game in GAME_NAMES:
        save_play(app.ctx.storage, played(game, over=False))
    app.scenes[1:] = []
    app.scene.enter()
    steps(app, 1)
    check_phone_frame(app, f"menu with saves {size} {language}")


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", PHONES)
def test_rules_pages_fit_a_phone(monkeypatch, size, language):
    app = phone_app(monkeypatch, size, language)
    for game in GAME_NAMES:
        scene = RulesScene(app.ctx, game)
        show(app, scene)
        check_phone_frame(app, f"rules {game} {size} {language}")
        scene.show_first_pair()
        check_phone_frame(app, f"rules {game} diagrams {size} {language}")


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", PHONES)
def test_board_scenes_fit_a_phone(monkeypatch, size, language):
    app = phone_app(monkeypatch, size, language)
    for game in GAME_NAMES:
        scene = BoardScene(app.ctx, played(game, over=False))
        show(app, scene)
        check_phone_frame(app, f"{game} midgame {size} {language}")
        if scene.commands.more_button.visible:
            press(app, "more")
            check_phone_frame(app, f"{game} more menu {size} {language}")
            app._pop(None)
            steps(app, 1)
        press(app, "resign")  # through the overflow menu when Resign is in it
        assert isinstance(app.scene, ConfirmDialog)
        check_phone_frame(app, f"{game} confirm {size} {language}")
        scene = BoardScene(app.ctx, played(game, over=True))
        show(app, scene)
        settle(app)
        assert scene.game_over_panel
        check_phone_frame(app, f"{game} over {size} {language}")
        press(app, "over-close")
        assert not scene.game_over_panel
        check_phone_frame(app, f"{game} over, closed {size} {language}")


def test_a_phone_at_pixel_ratio_two_gets_twice_the_pixels(monkeypatch):
    app = phone_app(monkeypatch, (780, 1688), "ga")
    try:
        app.resize((780, 1688), pixel_ratio=2)
        check_phone_frame(app, "menu at ratio 2", ratio=2)
        scene = BoardScene(app.ctx, played("tawlbwrdd", over=False))
        show(app, scene)
        check_phone_frame(app, "tawlbwrdd at ratio 2", ratio=2)
        show(app, RulesScene(app.ctx, "modiar"))
        check_phone_frame(app, "rules at ratio 2", ratio=2)
    finally:
        set_pixel_ratio(1)


def panel_text_sizes(monkeypatch, size) -> tuple[int, int]:
    """The largest status-line size and the move list's size in the board scene."""
    app = make_app(monkeypatch, size=size, animation="off")
    play = played("brandubh", over=False)
    show(app, BoardScene(app.ctx, play))
    texts = {text: size for text, size, _ in drawn(app)}
    status = texts[app.scene.status_line()]
    move_line = texts["1."]  # the move list's first number (each move is drawn on its own)
    return status, move_line


def test_a_big_window_grows_the_side_panel(monkeypatch):
    status_small, moves_small = panel_text_sizes(monkeypatch, (1280, 800))
    status_big, moves_big = panel_text_sizes(monkeypatch, (1920, 1080))
    assert status_big > status_small and moves_big > moves_small


def test_the_more_menu_works_by_keyboard_touch_and_esc(monkeypatch):
    app = phone_app(monkeypatch, (360, 640), "en")
    scene = BoardScene(app.ctx, played("tawlbwrdd", over=False))
    show(app, scene)
    assert scene.commands.more_button.visible and not find_button(app, "copy").visible
    for _ in range(len(scene.focus.buttons)):  # Tab round to More, then Enter
        if scene.focus.index is not None and scene.focus.buttons[scene.focus.index].name == \
                "more":
            break
        key(app, pygame.K_TAB)
    key(app, pygame.K_RETURN)
    assert isinstance(app.scene, MoreMenu)
    assert [b.name for b in app.scene.buttons] == ["analyse", "copy", "share", "load", "draw",
                                                   "rules", "resign", "menu", "more-close"]
    key(app, pygame.K_RETURN)  # the first choice that applies has the focus: Copy code
    assert app.scene is scene and scene.play.position.code() in app.notice[0]
    tap(app, scene.commands.more_button.rect.center)
    assert isinstance(app.scene, MoreMenu)
    key(app, pygame.K_ESCAPE)
    assert app.scene is scene
    tap(app, scene.commands.more_button.rect.center)
    tap(app, find_button(app, "load").rect.center)
    assert isinstance(app.scene, CodeDialog)
    assert app.errors == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_phone_held_sideways(monkeypatch, language):
    """A short, wide window (as short as the app allows): choices go in two
    columns, the board's panel keeps its buttons apart."""
    app = phone_app(monkeypatch, (844, 480), language)
    check_phone_frame(app, f"menu sideways {language}")
    show(app, SetupScene(app.ctx, "tawlbwrdd"))
    check_phone_frame(app, f"setup sideways {language}")
    show(app, SettingsScene(app.ctx))
    check_phone_frame(app, f"settings sideways {language}")
    for part in ("board", "pieces"):
        show(app, BoardSettingsScene(app.ctx, part))
        check_phone_frame(app, f"{part} settings sideways {language}")
    for game in GAME_NAMES:
        show(app, BoardScene(app.ctx, played(game, over=False)))
        check_phone_frame(app, f"{game} sideways {language}")
