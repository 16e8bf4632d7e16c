"""The browser's storage backend: LocalStorage over a fake `localStorage`.

The fake has the Web Storage interface the backend uses (getItem, setItem,
removeItem; a missing item is null), and can refuse like a browser does.
The same backend meets a real JavaScript object under Pyodide in test_wasm.py.
"""

from __future__ import annotations

import json
from unittest.mock import ANY

import pytest

import game.platform
from game.platform import storage as storage_module
from game.platform.storage import (
    FORMAT_VERSION,
    BrowserStorageArea,
    FileStorage,
    LocalStorage,
    MemoryStorage,
    default_storage,
)
from game.rules import GAME_NAMES
from game.ui.context import DEFAULT_SETTINGS
from game.ui.play import Play, Setup


class FakeLocalStorage:
    """window.localStorage as far as the game uses it, with a quota and an off switch."""

    def __init__(self, quota: int = 5_000_000) -> None:
        self.items: dict[str, str] = {}
        self.quota = quota
        self.disabled = False

    def _check(self) -> None:
        if self.disabled:
            raise RuntimeError("SecurityError: The operation is insecure.")

    def getItem(self, key):
        self._check()
        return self.items.get(key)

    def setItem(self, key, value):
        self._check()
        value = str(value)
        used = sum(len(k) + len(v) for k, v in self.items.items() if k != key)
        if used + len(key) + len(value) > self.quota:
            raise RuntimeError("QuotaExceededError: the quota has been exceeded.")
        self.items[key] = value

    def removeItem(self, key):
        self._check()
        self.items.pop(key, None)


class JsNull:
    """How a JavaScript bridge may hand back `null` (Pyodide's is `jsnull`)."""

    def __str__(self) -> str:
        return "jsnull"

    def __bool__(self) -> bool:
        return False


class BridgedLocalStorage(FakeLocalStorage):
    def getItem(self, key):
        value = super().getItem(key)
        return JsNull() if value is None else value


def reload(area) -> LocalStorage:
    """A new page load: a fresh backend over the same browser storage."""
    return LocalStorage(area)


def test_settings_and_autosave_survive_a_reload():
    area = FakeLocalStorage()
    first = LocalStorage(area)
    settings = dict(DEFAULT_SETTINGS, sound=False, language="en", animation="slow")
    first.save("settings", settings)
    play = Play(Setup("brandubh", mode="hotseat"))
    for text in ("b7-b6", "c5-c6", "a4-a5"):
        play.game.play_text(text)
    first.save("autosave", play.to_dict())

    again = reload(area)
    assert again.load("settings") == settings
    restored = Play.from_dict(again.load("autosave"))
    assert restored.game.move_texts() == ["b7-b6", "c5-c6", "a4-a5"]
    assert restored.position.code() == play.position.code()
    assert again.notices == []


def test_items_are_versioned_json_under_the_game_prefix():
    area = FakeLocalStorage()
    LocalStorage(area).save("settings", {"language": "ga", "name": "Táiplis"})
    assert set(area.items) == {"taiplis.settings"}
    storage = LocalStorage(area)
    assert json.loads(area.items["taiplis.settings"]) == {
        "version": FORMAT_VERSION, "writer": ANY, "revision": 1,
        "data": {"language": "ga", "name": "Táiplis"}}
    storage.load("settings")
    storage.save("settings", {})
    assert json.loads(area.items["taiplis.settings"])["revision"] == 2
    assert json.loads(area.items["taiplis.settings"])["writer"] == storage.writer


@pytest.mark.parametrize("name", GAME_NAMES)
def test_every_games_autosave_round_trips_through_json_text(name):
    area = FakeLocalStorage()
    play = Play(Setup(name, mode="watch", level="bard", seed=3))
    for _ in range(10):
        moves = play.game.legal_moves()
        if play.game.outcome() is not None or not moves:
            break
        play.play(moves[len(moves) // 2])
    LocalStorage(area).save("autosave", play.to_dict())
    text = area.items["taiplis.autosave"]
    assert isinstance(text, str) and json.loads(text)["version"] == FORMAT_VERSION
    restored = Play.from_dict(reload(area).load("autosave"))
    assert restored.to_dict() == play.to_dict()


def test_a_missing_item_loads_as_none_and_delete_forgets():
    area = FakeLocalStorage()
    storage = LocalStorage(area)
    assert storage.load("autosave") is None
    storage.save("autosave", {"x": 1})
    storage.delete("autosave")
    storage.delete("autosave")  # twice is fine
    assert storage.load("autosave") is None and area.items == {}


@pytest.mark.parametrize(("text", "notice"), [
    ("{not json", "damaged:autosave"),
    ("[" * 100_000, "damaged:autosave"),
    (json.dumps({"data": {}}), "outdated:autosave"),
    (json.dumps([1, 2]), "outdated:autosave"),
])
def test_unreadable_items_are_set_aside_with_a_notice(text, notice):
    area = FakeLocalStorage()
    area.items["taiplis.autosave"] = text
    storage = reload(area)
    assert storage.load("autosave") is None
    assert storage.notices == [notice]
    assert area.items == {"taiplis.autosave.damaged": text}  # kept, never deleted
    assert storage.load("autosave") is None and storage.notices == [notice]  # told once


def test_a_second_damaged_item_replaces_the_first_copy():
    area = FakeLocalStorage()
    area.items["taiplis.settings"] = "{one"
    reload(area).load("settings")
    area.items["taiplis.settings"] = "{two"
    reload(area).load("settings")
    assert area.items == {"taiplis.settings.damaged": "{two"}


def test_the_app_sets_aside_a_damaged_autosave_it_cannot_rebuild():
    area = FakeLocalStorage()
    storage = LocalStorage(area)
    storage.save("autosave", {"setup": {"game": "chess"}})  # valid JSON, unusable game
    storage.set_aside("autosave", "damaged:autosave")  # what the menu does then
    assert "taiplis.autosave" not in area.items and "taiplis.autosave.damaged" in area.items
    assert storage.notices == ["damaged:autosave"]


def test_a_full_quota_keeps_the_game_going_in_memory_and_says_so_once():
    area = FakeLocalStorage(quota=200)
    storage = LocalStorage(area)
    big = {"moves": ["c7-c6"] * 100}
    storage.save("autosave", big)
    storage.save("autosave", big)
    assert storage.load("autosave") == big  # the running app still has it
    assert storage.notices == ["storage_full"]
    area.quota = 5_000_000
    storage.save("autosave", {"moves": []})
    assert json.loads(area.items["taiplis.autosave"])["data"] == {"moves": []}
    assert storage.load("autosave") == {"moves": []}


def test_disabled_storage_never_raises():
    area = FakeLocalStorage()
    area.disabled = True
    storage = LocalStorage(area)
    assert storage.load("settings") is None
    storage.save("settings", {"sound": True})
    assert storage.load("settings") == {"sound": True}
    storage.delete("settings")
    storage.set_aside("autosave", "damaged:autosave")
    assert storage.notices == ["storage_unavailable", "damaged:autosave"]


def test_the_adapter_turns_bridge_nulls_into_none():
    area = BrowserStorageArea(BridgedLocalStorage())
    assert area.getItem("taiplis.settings") is None
    area.setItem("taiplis.settings", "null")  # a stored text "null" stays text
    assert area.getItem("taiplis.settings") == "null"
    storage = LocalStorage(BrowserStorageArea(BridgedLocalStorage()))
    assert storage.load("autosave") is None and storage.notices == []


def test_the_adapter_passes_calls_through():
    js = FakeLocalStorage()
    area = BrowserStorageArea(js)
    LocalStorage(area).save("settings", {"hints": False})
    assert reload(area).load("settings") == {"hints": False}
    assert list(js.items) == ["taiplis.settings"]


class FakeWindow:
    def __init__(self, local_storage) -> None:
        self.localStorage = local_storage


def test_default_storage_in_the_browser_is_localstorage(monkeypatch):
    js = FakeLocalStorage()
    monkeypatch.setattr(game.platform, "IS_WEB", True)
    monkeypatch.setattr(storage_module, "browser_window", lambda: FakeWindow(js))
    storage = default_storage()
    assert isinstance(storage, LocalStorage)
    assert isinstance(storage.area, BrowserStorageArea)
    storage.save("settings", {"sound": False})
    assert default_storage().load("settings") == {"sound": False}  # the next page load


def test_default_storage_in_a_page_without_storage_keeps_memory(monkeypatch):
    monkeypatch.setattr(game.platform, "IS_WEB", True)
    monkeypatch.setattr(storage_module, "browser_window", lambda: None)
    assert isinstance(default_storage(), MemoryStorage)

    class Refusing:
        @property
        def localStorage(self):
            raise RuntimeError("SecurityError")

    monkeypatch.setattr(storage_module, "browser_window", lambda: Refusing())
    assert isinstance(default_storage(), MemoryStorage)


def test_default_storage_on_the_desktop_is_still_a_folder(monkeypatch, tmp_path):
    monkeypatch.setattr(game.platform, "IS_WEB", False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    storage = default_storage()
    assert isinstance(storage, FileStorage) and storage.folder == tmp_path / "taiplis"


def test_browser_window_is_none_off_the_web():
    assert game.platform.browser_window() is None
