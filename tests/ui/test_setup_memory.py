"""A game's setup opens with the choices that game was last started with,
kept in storage across restarts; each game keeps its own."""

from __future__ import annotations

import json

import pytest

from game.platform.storage import MemoryStorage
from game.ui import i18n
from game.ui.setup import CHOICES_KEY, SetupScene, default_choice

from .driver import button, make_app, press, settle, steps

SHOWN = ("mode", "side", "level")


def open_setup(app, game: str) -> SetupScene:
    """The setup of `game` as the menu opens it: New on a card with a game kept
    on it, else the card's own button."""
    new = button(app, f"new-{game}")
    press(app, f"new-{game}" if new.visible else f"card-{game}")
    assert isinstance(app.scene, SetupScene) and app.scene.game == game
    return app.scene


def start(app, game: str, **choice: str) -> None:
    """Set `game` up with `choice` (pressed in the order given) and start it."""
    open_setup(app, game)
    for field, value in choice.items():
        press(app, f"{field}-{value}")
    press(app, "start")
    steps(app, 2)


def selected(app) -> dict[str, str]:
    """Which button of each row on screen is shown as chosen."""
    rows = {}
    for field in SHOWN:
        for candidate in getattr(app.scene, f"{field}_buttons"):
            if candidate.visible and candidate.selected:
                rows[field] = candidate.name.partition("-")[2]
    return rows


def test_new_opens_with_the_choices_that_game_was_last_started_with(monkeypatch):
    app = make_app(monkeypatch)
    start(app, "reversi", side="w", level="druid")
    settle(app)  # the computer, as Black, has moved: the game is kept, the card offers New
    assert button(app, "menu").visible
    press(app, "menu")
    steps(app, 1)
    assert button(app, "new-reversi").visible
    scene = open_setup(app, "reversi")
    assert scene.choice == {"mode": "computer", "side": "w", "level": "druid",
                            "second_level": "ovate", "clock": ""}
    assert selected(app) == {"mode": "computer", "side": "w", "level": "druid"}
    assert app.errors == []


def test_each_game_keeps_its_own_choices(monkeypatch):
    app = make_app(monkeypatch)
    start(app, "brandubh", mode="hotseat")
    press(app, "menu")
    start(app, "tawlbwrdd", mode="watch", level="bard")
    press(app, "menu")
    assert open_setup(app, "brandubh").choice["mode"] == "hotseat"
    assert selected(app) == {"mode": "hotseat"}  # two players: no side, no level shown
    press(app, "back")
    assert open_setup(app, "tawlbwrdd").choice == {**default_choice("tawlbwrdd"),
                                                   "mode": "watch", "level": "bard"}
    press(app, "back")
    assert open_setup(app, "modiar").choice == default_choice("modiar")  # never set up
    assert app.errors == []


def test_the_choices_outlast_a_restart(monkeypatch):
    storage = MemoryStorage()
    app = make_app(monkeypatch, storage=storage)
    start(app, "modiar", side="random", level="bard")
    again = make_app(monkeypatch, storage=storage)  # the app started afresh on the same device
    assert open_setup(again, "modiar").choice == {"mode": "computer", "side": "random",
                                                  "level": "bard", "second_level": "ovate",
                                                  "clock": ""}
    assert selected(again) == {"mode": "computer", "side": "random", "level": "bard"}


def test_a_setup_left_by_back_is_not_remembered(monkeypatch):
    """Only choices a game was started with count: looking is not choosing."""
    app = make_app(monkeypatch)
    open_setup(app, "reversi")
    press(app, "level-druid")
    press(app, "back")
    assert open_setup(app, "reversi").choice == default_choice("reversi")


def stored(value) -> MemoryStorage:
    storage = MemoryStorage()
    storage.save(CHOICES_KEY, value)
    return storage


@pytest.mark.parametrize("kept", [
    ["reversi", "druid"],
    {"reversi": "druid"},
    {"reversi": {"mode": "chess", "side": "x", "level": 3}},
    {"reversi": {"mode": ["watch"], "side": {"w": 1}, "level": None}},
    {"reversi": {"level": "random"}},  # a level the app has but setup does not offer
])
def test_odd_kept_choices_fall_back_to_the_defaults(monkeypatch, kept):
    app = make_app(monkeypatch, storage=stored(kept))
    assert open_setup(app, "reversi").choice == default_choice("reversi")
    steps(app, 2)
    assert app.errors == []


def test_a_kept_field_that_still_makes_sense_is_used_beside_odd_ones(monkeypatch):
    app = make_app(monkeypatch, storage=stored({"reversi": {"mode": "chess", "side": "w",
                                                            "extra": "x"}}))
    assert open_setup(app, "reversi").choice == {**default_choice("reversi"), "side": "w"}


def test_an_unreadable_file_is_set_aside_with_a_notice_and_the_defaults_used(monkeypatch):
    storage = MemoryStorage()
    storage.data[CHOICES_KEY] = "{not json"
    app = make_app(monkeypatch, storage=storage)
    assert open_setup(app, "brandubh").choice == default_choice("brandubh")
    steps(app, 2)
    said = i18n.t("notice.damaged", what=i18n.t("storage.setups"))
    assert "⟦" not in said and said in [app.notice[0] if app.notice else "", *app.ctx.notices]
    press(app, "start")
    settle(app)
    assert json.loads(storage.data[CHOICES_KEY])["data"]["brandubh"] == \
        default_choice("brandubh")  # written afresh; the damaged copy is kept aside
    assert storage.data[f"{CHOICES_KEY}.damaged"] == "{not json"
    assert app.errors == []
