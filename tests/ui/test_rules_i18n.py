"""Rules pages and the three languages: complete catalogues, pages that fit,
diagrams that agree with the engine."""

from __future__ import annotations

import re
from pathlib import Path

import pygame
import pytest

from game.rules import from_code
from game.rules.base import legal
from game.ui import i18n
from game.ui.board.scene import BoardScene
from game.ui.rules import RulesScene
from game.ui.rules_pages import PAGES, Diagram, Heading, Text
from game.ui.screenshots import scenes
from game.ui.theme import font
from game.ui.widgets import wrap

from .driver import make_app, press, steps

REVIEW = Path(__file__).resolve().parents[2] / "build" / "review"
PLACEHOLDER = re.compile(r"\{(\w+)\}")
IRISH_FORMS = {"one", "two", "few", "many", "other"}


def placeholders(entry) -> list[set[str]]:
    forms = entry.values() if isinstance(entry, dict) else [entry]
    return [set(PLACEHOLDER.findall(form)) for form in forms]


@pytest.mark.parametrize("language", ["ga", "da"])
def test_every_key_exists_in_every_catalogue_with_the_same_placeholders(language):
    english, other = i18n.catalogue("en"), i18n.catalogue(language)
    assert set(other) == set(english), set(english) ^ set(other)
    for key, entry in english.items():
        wanted = set().union(*placeholders(entry))
        for found in placeholders(other[key]):
            assert found == wanted, (language, key)
        if isinstance(entry, dict):
            forms = IRISH_FORMS if language == "ga" else {"one", "other"}
            assert set(other[key]) == forms, (language, key)


# The mutation follows the last digit: 11 like 1, 12 like 2, 13-16 like 3-6,
# 17-19 like 7-9; 10 eclipses, 20, 30, 100 leave the noun plain.
@pytest.mark.parametrize(("count", "form"), [(0, "other"), (1, "one"), (2, "two"), (3, "few"),
                                              (6, "few"), (7, "many"), (10, "many"),
                                              (11, "one"), (12, "two"), (13, "few"),
                                              (16, "few"), (17, "many"), (19, "many"),
                                              (20, "other"), (21, "one"), (27, "many"),
                                              (30, "other"), (42, "two"), (64, "few"),
                                              (100, "other"), (110, "many")])
def test_irish_plural_forms(count, form):
    assert i18n.plural_form("ga", count) == form


def test_the_first_start_language_follows_the_locale():
    assert i18n.pick_language("ga_IE.UTF-8") == "ga"
    assert i18n.pick_language("da-DK") == "da"
    assert i18n.pick_language("fr_FR") == "en"
    assert i18n.pick_language(None) == "en"


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_no_scene_shows_a_missing_key(monkeypatch, language):
    missing = []
    real = i18n.t

    def watching(key, **values):
        text = real(key, **values)
        if text.startswith("⟦"):
            missing.append(key)
        return text
    for module in ("game.ui.i18n", "game.ui.menu", "game.ui.setup", "game.ui.settings",
                   "game.ui.board.scene", "game.ui.board.games", "game.ui.rules",
                   "game.ui.dialogs", "game.ui.widgets", "game.ui.app", "game.ui.context"):
        monkeypatch.setattr(f"{module}.t", watching, raising=False)
    app = make_app(monkeypatch, size=(1280, 800))
    app.ctx.change("language", language)
    for name, make in scenes(app).items():
        app.scenes[1:] = []
        scene = make()
        if scene is not None:
            app._push(scene)
        steps(app, 2)
        assert missing == [], (language, name, missing)
    assert app.errors == []


@pytest.mark.parametrize("size", [(360, 640), (1920, 1080)])
@pytest.mark.parametrize("language", i18n.LANGUAGES)
@pytest.mark.parametrize("game", sorted(PAGES))
def test_every_rules_page_fits_the_screen(monkeypatch, size, language, game):
    app = make_app(monkeypatch, size=size)
    app.ctx.change("language", language)
    scene = RulesScene(app.ctx, game)
    app._push(scene)
    steps(app, 1)
    width, u = scene.view.width, scene.unit
    window = pygame.Rect((0, 0), size)
    assert window.contains(scene.view) and window.contains(scene.back.rect)
    for block in PAGES[game]:
        if isinstance(block, (Heading, Text)):
            size_px, bold = (int(u * 1.3), True) if isinstance(block, Heading) else (u, False)
            for line in wrap(i18n.t(block.key), size_px, width, bold):
                assert font(size_px, bold).size(line)[0] <= width, (language, block.key, line)
    for item in scene.items:
        assert item.surface.get_width() <= width
        if item.diagram is not None:
            for board in item.diagram.boards:
                assert item.surface.get_rect().contains(board)
    # Written for review: build/review/ (git-ignored).
    REVIEW.mkdir(parents=True, exist_ok=True)
    pygame.image.save(app.screen, REVIEW / f"rules-{game}-{language}-{size[0]}x{size[1]}.png")
    # Scrolling reaches the end and the last block can be seen.
    for _ in range(200):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PAGEDOWN, mod=0))
    steps(app, 1)
    assert scene.scroll == max(0, scene.content_height - scene.view.height)
    assert app.errors == []


@pytest.mark.parametrize("game", sorted(PAGES))
def test_every_diagram_shows_what_the_engine_does(game):
    pygame.init()
    for block in PAGES[game]:
        if not isinstance(block, Diagram):
            continue
        before = from_code(block.code)
        assert before.code() == block.code
        from game.ui.rules import DiagramView
        view = DiagramView(block, 600, 16)
        assert view.before == before
        if block.move is not None:
            played = before.play(legal(before, block.move))
            assert view.after == played.position
            assert view.effects == played.effects


def test_diagrams_cover_the_rules_players_do_not_expect():
    # Captures and wins each have a before → after pair.
    moves = {game: [b.move for b in blocks if isinstance(b, Diagram) and b.move]
             for game, blocks in PAGES.items()}
    assert len(moves["brandubh"]) >= 6 and len(moves["tawlbwrdd"]) >= 4
    assert "pass" in moves["reversi"] and moves["modiar"]


def test_switching_language_mid_game_changes_the_board_text(monkeypatch):
    app = make_app(monkeypatch)
    press(app, "card-brandubh")
    press(app, "mode-hotseat")
    press(app, "start")
    assert isinstance(app.scene, BoardScene)
    english = app.scene.status_line()
    app.ctx.change("language", "da")
    danish = app.scene.status_line()
    assert english != danish and not danish.startswith("⟦")
    app.ctx.change("language", "en")
