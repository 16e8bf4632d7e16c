"""The History scene on a small phone: the statistics move to a page of their
own behind the Statistics button, so the list keeps its room; on a large
screen they stay above the list."""

from __future__ import annotations

import random

from game.history import finished_entry, keep_finished
from game.platform.storage import MemoryStorage
from game.rules import GAME_NAMES
from game.ui.history_scene import HistoryScene
from game.ui.play import Mode, Play, Setup

from .driver import make_app
from .test_history_scene import press_named


def kept_games(count: int) -> MemoryStorage:
    storage = MemoryStorage()
    rng = random.Random(5)
    for n in range(count):
        name = GAME_NAMES[n % len(GAME_NAMES)]
        mode = (Mode.COMPUTER, Mode.HOTSEAT)[n % 2]
        setup = Setup(name, mode, "", ("bard", "ovate", "druid")[n % 3])
        play = Play(setup)
        while play.game.outcome() is None and play.game.ply < 30:
            play.game.play(rng.choice(play.game.legal_moves()))
        if play.game.outcome() is None:
            play.game.resign(play.position.side)
        keep_finished(storage, finished_entry(f"g{n}", 1_700_000_000.0 + n, setup, play.game))
    return storage


def history_at(monkeypatch, size) -> tuple:
    app = make_app(monkeypatch, size=size, storage=kept_games(12))
    press_named(app, "history")
    assert isinstance(app.scene, HistoryScene)
    return app, app.scene


def names(scene: HistoryScene) -> set[str]:
    return {button.name for button in scene.focus.buttons}


def test_on_a_small_phone_the_statistics_have_their_own_page(monkeypatch):
    app, scene = history_at(monkeypatch, (360, 640))
    assert not scene.stats_inline and scene.stats_lines
    assert len(scene.rows) >= 5  # the list has the room the statistics would take
    assert "statistics" in names(scene)
    press_named(app, "statistics")
    assert scene.rows == [] and scene.stats_button.selected
    assert not scene.previous_button.visible and not scene.next_button.visible
    press_named(app, "statistics")
    assert len(scene.rows) >= 5 and not scene.stats_button.selected
    assert app.errors == []


def test_on_a_large_screen_the_statistics_stay_above_the_list(monkeypatch):
    app, scene = history_at(monkeypatch, (1280, 800))
    assert scene.stats_inline and scene.stats_lines
    assert "statistics" not in names(scene) and not scene.stats_button.visible
    assert len(scene.rows) >= 5
    assert app.errors == []
