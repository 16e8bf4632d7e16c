"""The History scene, played into as a player would: a game played to its end
on the board appears in the list from the menu, opens in replay, is counted
in the statistics and exported; a damaged history costs a notice, no game
that can be read, and no traceback."""

from __future__ import annotations

import pygame

from game.history import HISTORY_KEY, finished_entry, keep_finished, load_history
from game.platform.storage import MemoryStorage
from game.rules import START_CODES
from game.rules.record import Game
from game.rules.transcript import read_record
from game.ui.board.scene import BoardScene
from game.ui.history_scene import HistoryScene
from game.ui.menu import MenuScene
from game.ui.play import Mode, Setup

from .driver import click, key, make_app, press, settle, steps
from .test_app import start_game
from .test_saves import play_moves


def said(app) -> list[str]:
    """The notices shown or waiting."""
    return [*([app.notice[0]] if app.notice else []), *app.ctx.notices]


def press_named(app, name: str) -> None:
    """Press the History scene's (or the menu's) button called `name`."""
    scene = app.scene
    (target,) = [b for b in scene.focus.buttons if b.name == name]
    assert target.visible and target.enabled, f"{name} is not pressable"
    click(app, target.rect.center)


def finish_a_game(app, game: str = "tawlbwrdd", moves: int = 3) -> BoardScene:
    scene = start_game(app, game, "hotseat")
    play_moves(app, scene, moves)
    press(app, "resign")
    press(app, "confirm")
    steps(app, 2)
    settle(app)
    return scene


def back_to_menu_then_history(app) -> HistoryScene:
    key(app, pygame.K_ESCAPE)  # the board asks nothing once the game is over
    while not isinstance(app.scene, MenuScene):
        press(app, "menu") if isinstance(app.scene, BoardScene) else key(app, pygame.K_ESCAPE)
    press_named(app, "history")
    assert isinstance(app.scene, HistoryScene)
    return app.scene


def test_a_finished_game_is_listed_opened_in_replay_and_counted(monkeypatch):
    app = make_app(monkeypatch)
    board = finish_a_game(app)
    moves = board.play.game.move_texts()
    history = back_to_menu_then_history(app)
    (row,) = history.rows
    assert "Tawlbwrdd" in row.text and "Attackers won" in row.text
    assert any("Attackers 1 won, 0 drawn, 0 lost" in line for line in history.stats_lines)
    press_named(app, "game-0")
    replay = app.scene
    assert isinstance(replay, BoardScene) and replay.play.game.move_texts() == moves
    # Watched: the finished game is neither taken back nor played on.
    assert replay.play.setup.mode == Mode.WATCH
    assert replay.play.request_undo()[0].why.value == "not_in_this_mode"
    assert app.errors == []


def test_the_filter_shows_one_game_newest_first(monkeypatch):
    app = make_app(monkeypatch)
    finish_a_game(app, "tawlbwrdd")
    back_to_menu_then_history(app)
    key(app, pygame.K_ESCAPE)
    finish_a_game(app, "brandubh")
    history = back_to_menu_then_history(app)
    assert ["Brandubh" in r.text for r in history.rows] == [True, False]
    press_named(app, "filter-tawlbwrdd")
    (row,) = history.rows
    assert "Tawlbwrdd" in row.text
    assert all(line.startswith("Tawlbwrdd") for line in history.stats_lines)


def test_export_writes_every_record(monkeypatch, tmp_path):
    monkeypatch.setenv("TAIPLIS_EXPORT_DIR", str(tmp_path))
    app = make_app(monkeypatch)
    board = finish_a_game(app)
    back_to_menu_then_history(app)
    press_named(app, "export")
    (written,) = tmp_path.iterdir()
    assert read_record(written.read_text(encoding="utf-8")).move_texts() == \
        board.play.game.move_texts()
    assert any(str(written) in notice for notice in said(app))


def test_a_damaged_history_says_so_and_keeps_what_it_can(monkeypatch):
    storage = MemoryStorage()
    app = make_app(monkeypatch, storage=storage)
    finish_a_game(app)
    stored = storage.load(HISTORY_KEY)
    stored["games"].append({"id": "broken"})
    storage.save(HISTORY_KEY, stored)
    history = back_to_menu_then_history(app)
    assert len(history.rows) == 1
    assert any("could not be read" in notice for notice in said(app))
    assert len(load_history(storage)) == 1
    assert app.errors == []


def test_an_empty_history_says_so(monkeypatch):
    app = make_app(monkeypatch)
    press_named(app, "history")
    assert isinstance(app.scene, HistoryScene) and app.scene.rows == []
    press_named(app, "export")
    assert any("No finished games" in notice for notice in said(app))
    assert app.errors == []


def test_a_watched_game_shows_each_sides_level_and_reopens_with_them(monkeypatch):
    storage = MemoryStorage()
    game = Game(START_CODES["modiar"])
    while game.outcome() is None:
        game.play(game.legal_moves()[0])
    setup = Setup("modiar", Mode.WATCH, "", "bard", second_level="druid")
    keep_finished(storage, finished_entry("watched", 1.0, setup, game))
    app = make_app(monkeypatch, storage=storage)
    press_named(app, "history")
    (row,) = app.scene.rows
    assert "Modiar · Bard v Druid · " in row.text
    assert not any("Bard" in line or "Druid" in line for line in app.scene.stats_lines)
    press_named(app, "game-0")
    assert isinstance(app.scene, BoardScene) and app.scene.play.setup.levels() == ("bard", "druid")
    assert app.errors == []


def test_a_long_history_turns_page_by_page(monkeypatch):
    storage = MemoryStorage()
    game = Game(START_CODES["modiar"])
    game.resign(game.position.side)
    for number in range(40):  # more games than one page holds
        keep_finished(storage, finished_entry(f"game-{number}", 1.0e9 + 3600 * number,
                                              Setup("modiar", Mode.HOTSEAT), game))
    app = make_app(monkeypatch, size=(390, 844), storage=storage)
    press_named(app, "history")
    scene = app.scene
    first_page = [row.text for row in scene.rows]
    assert 1 < len(first_page) < 40
    assert not scene.previous_button.enabled and scene.next_button.enabled
    press_named(app, "next")
    second_page = [row.text for row in scene.rows]
    assert second_page and not set(second_page) & set(first_page)
    assert scene.previous_button.enabled
    while scene.next_button.enabled:
        press_named(app, "next")
    seen = len(first_page) * scene.pager.page + len(scene.rows)
    assert seen == 40  # the last page holds the rest, and no page is skipped
    press_named(app, "previous")
    assert scene.next_button.enabled
    assert app.errors == []
