"""Notices never cover a control or the board, at phone and desktop sizes, in
every language and every scene."""

from __future__ import annotations

import sys

import pygame
import pytest

from game.rules import START_CODES
from game.ui import i18n
from game.ui.i18n import t
from game.ui.screenshots import scenes, show_scene
from game.ui.widgets import Focus

from .driver import make_app, steps

SIZES = [(1280, 800), (1920, 1080), (390, 844), (360, 640)]


def copied_code() -> str:
    """The longest notice the game shows: a copied Tawlbwrdd code."""
    return t("notice.copied", code=START_CODES["tawlbwrdd"])


def longer_than_any() -> str:
    return copied_code() + " · " + t("notice.draw_offered") + " · " + t("notice.error")


def controls(scene) -> list[pygame.Rect]:
    """Every button the scene shows (the result panel's only while it is open)."""
    rects = []
    for name, value in vars(scene).items():
        if not isinstance(value, Focus):
            continue
        if name == "over_focus" and not scene.game_over_panel:
            continue
        rects += [b.rect for b in value.buttons if b.visible]
    return rects


@pytest.mark.parametrize("language", i18n.LANGUAGES)
@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
def test_a_long_notice_covers_no_button_and_no_board(monkeypatch, size, language):
    # Animations off: these scenes are built in their final state (a game over,
    # a selection) and the test is about where the notice lands, not motion.
    app = make_app(monkeypatch, size=size, animation="off")
    app.ctx.settings["language"] = language
    i18n.set_language(language)
    try:
        for name, make in scenes(app).items():
            show_scene(app, make)
            for text in (copied_code(), longer_than_any()):
                box = show_notice(app, text)
                assert app.screen.get_rect().contains(box), name
                for rect in controls(app.scene):
                    assert not box.colliderect(rect), f"{name}: the notice covers a button"
                view = getattr(getattr(app.scene, "ui", None), "view", None)
                if view is not None:
                    assert not box.colliderect(view.rect), f"{name}: the notice covers the board"
            # Wrapped (at spaces, a long code after its slashes), not cut short.
            lines = app._notice_layout(copied_code())[1]
            assert "".join(lines).replace(" ", "") == copied_code().replace(" ", ""), name
    finally:
        i18n.set_language("en")


def show_notice(app, text: str) -> pygame.Rect:
    app.notice = None
    app.ctx.notify(text)
    steps(app, 2)
    assert app.notice is not None and app.notice[0] == text
    assert app.notice_box is not None
    return app.notice_box


BOARD_NOTICES = ("refuse.turn.d", "notice.draw_declined", "notice.copied")
BOARD_SIZES = [(1280, 800), (390, 844), (360, 640)]


def read_on_screen(app) -> list[tuple[str, pygame.Rect]]:
    """Everything the board scene shows that a player reads, as the next frame
    draws it: every text it draws (status, players, counts, moves, analysis,
    button labels), and the board, the move list and the buttons whole."""
    texts: list[tuple[str, pygame.Rect]] = []
    with pytest.MonkeyPatch.context() as patch:
        for name, module in list(sys.modules.items()):
            if not name.startswith("game.ui.") or name == "game.ui.app":
                continue  # the app draws the notice itself
            real = getattr(module, "draw_text", None)
            if real is None or getattr(real, "__module__", "") != "game.ui.widgets":
                continue

            def recording(surface, text, *args, _real=real, **kwargs):
                rect = _real(surface, text, *args, **kwargs)
                if text.strip() and surface is app.screen:
                    texts.append((text, rect))
                return rect
            patch.setattr(module, "draw_text", recording)
        app.redraw()
        steps(app, 1)
    scene = app.scene
    wholes = [("the board", scene.ui.view.rect), ("the move list", scene.panel.moves_rect)]
    wholes += [(b.name, b.rect) for b in scene.focus.buttons if b.visible]
    return texts + wholes


@pytest.mark.parametrize("language", i18n.LANGUAGES)
@pytest.mark.parametrize("size", BOARD_SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
def test_a_notice_on_the_board_covers_nothing_the_player_reads(monkeypatch, size, language):
    app = make_app(monkeypatch, size=size, animation="off")  # placement only: nothing moves
    app.ctx.settings["language"] = language
    i18n.set_language(language)
    try:
        for game in ("tawlbwrdd", "reversi", "modiar"):
            board = scenes(app)[f"{game}-midgame"]
            show_scene(app, board)
            for key in BOARD_NOTICES:
                text = t(key, code=START_CODES[game])
                box = show_notice(app, text)
                for what, rect in read_on_screen(app):
                    assert not box.colliderect(rect), f"{game}: {text!r} covers {what!r}"
                assert app.screen.get_rect().contains(box)
    finally:
        i18n.set_language("en")
