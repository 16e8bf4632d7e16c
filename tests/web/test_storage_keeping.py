"""What storage keeps when things go wrong: a full quota, a store that refuses
everything, a value from a newer version, and two tabs sharing one
localStorage (two LocalStorage backends over one fake area)."""

from __future__ import annotations

import errno
import json

from game.history import HISTORY_KEY, finished_entry, keep_finished, load_history
from game.platform.storage import FORMAT_VERSION, FileStorage, LocalStorage, MemoryStorage
from game.ui.flow_state import Frame
from game.ui.play import Play, Setup, autosave_key, load_save, load_saves, save_play

from .test_storage import FakeLocalStorage


def played(moves: tuple[str, ...] = ("b7-b6", "c5-c6")) -> Play:
    play = Play(Setup("brandubh", mode="hotseat"))
    for text in moves:
        play.game.play_text(text)
    return play


def stored(area: FakeLocalStorage, key: str):
    return json.loads(area.items[f"taiplis.{key}"])["data"]


# --- versions ------------------------------------------------------------------------------


def test_a_value_without_the_stamp_still_loads_and_is_written_over_as_before():
    area = FakeLocalStorage()
    area.items["taiplis.settings"] = json.dumps({"version": 1, "data": {"sound": False}})
    storage = LocalStorage(area)
    assert storage.load("settings") == {"sound": False}
    assert storage.save("settings", {"sound": True})
    assert stored(area, "settings") == {"sound": True} and storage.notices == []


def test_a_newer_versions_value_is_kept_untouched_and_told_once():
    area = FakeLocalStorage()
    newer = json.dumps({"version": FORMAT_VERSION + 1, "data": {"future": True}})
    area.items["taiplis.autosave.brandubh"] = newer
    storage = LocalStorage(area)
    assert load_save(storage, "brandubh") is None
    play = played()
    save_play(storage, play)
    assert load_save(storage, "brandubh").game.move_texts() == ["b7-b6", "c5-c6"]  # app open
    storage.delete(autosave_key("brandubh"))
    assert load_save(storage, "brandubh") is None
    assert area.items == {"taiplis.autosave.brandubh": newer}  # not moved, not overwritten
    assert storage.notices == ["newer:autosave.brandubh"]


# --- a store that refuses ------------------------------------------------------------------


def test_a_full_quota_loses_nothing_kept_and_is_told_once_for_every_key():
    area = FakeLocalStorage()
    storage = LocalStorage(area)
    keep_finished(storage, finished_entry("one", 1.0, Setup("modiar", mode="hotseat"),
                                          finished_game()))
    before = dict(area.items)
    area.quota = sum(len(k) + len(v) for k, v in area.items.items())  # nothing more fits
    save_play(storage, played())
    setup = Setup("modiar", mode="hotseat")
    assert not keep_finished(storage, finished_entry("two", 2.0, setup, finished_game()))
    storage.save("settings", {"sound": False})
    assert area.items == before  # the kept game is still there, whole
    assert storage.notices == ["storage_full"]  # one line for every refusal
    assert [entry.game_id for entry in load_history(storage)] == ["one", "two"]  # app open
    assert [entry.game_id for entry in load_history(LocalStorage(area))] == ["one"]  # a reload


def finished_game():
    play = Play(Setup("modiar", mode="watch", level="bard", seed=1))
    while play.game.outcome() is None:
        play.play(play.game.legal_moves()[0])
    return play.game


def test_a_game_that_ends_while_the_history_cannot_be_written_stays_saved():
    area = FakeLocalStorage()
    storage = LocalStorage(area)
    play = Play(Setup("modiar", mode="hotseat"))
    play.storage = storage
    frame = Frame(dt=0.0, deadline=0.0, showing=True)  # no searching in this test
    moves = list(finished_game().moves)
    for move in moves[:-1]:
        play.play(move)
    play.tick(frame)
    kept = dict(area.items)
    area.disabled = True  # from here the browser refuses every write
    play.play(moves[-1])
    play.tick(frame)
    area.disabled = False
    assert area.items == kept  # the slot still holds the game, one move short
    assert storage.notices == ["storage_unavailable"]
    play.tick(frame)  # nothing changed since: nothing written, nothing told again
    again = LocalStorage(area)
    assert len(load_save(again, "modiar").game.move_texts()) == len(moves) - 1


def test_a_store_that_refuses_everything_never_raises_and_says_so_once():
    area = FakeLocalStorage()
    area.disabled = True  # a private mode that forbids storage
    storage = LocalStorage(area)
    assert load_history(storage) == []
    assert not storage.save("settings", {"hints": False})
    assert storage.load("settings") == {"hints": False}  # while the app runs
    storage.delete("settings")
    assert storage.notices == ["storage_unavailable"]


def test_a_full_disk_keeps_the_old_file_whole(tmp_path, monkeypatch):
    storage = FileStorage(tmp_path)
    assert storage.save("settings", {"sound": True})
    before = (tmp_path / "settings.json").read_text(encoding="utf-8")

    def full(self, *args, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr("pathlib.Path.write_text", full)
    assert not storage.save("settings", {"sound": False})
    assert not storage.save("history", {"games": []})
    monkeypatch.undo()
    assert (tmp_path / "settings.json").read_text(encoding="utf-8") == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["settings.json"]  # no stray temp file
    assert storage.notices == ["storage_full"]
    assert FileStorage(tmp_path).load("settings") == {"sound": True}


# --- two tabs ----------------------------------------------------------------------------------


def two_tabs() -> tuple[FakeLocalStorage, LocalStorage, LocalStorage]:
    area = FakeLocalStorage()
    return area, LocalStorage(area), LocalStorage(area)


def test_a_game_changed_in_another_tab_is_not_overwritten_and_ours_is_kept_aside():
    area, first, second = two_tabs()
    key = autosave_key("brandubh")
    ours, theirs = played(("b7-b6",)), played(("a4-a5", "c5-c6"))
    assert load_save(first, "brandubh") is None and load_save(second, "brandubh") is None
    save_play(first, ours)
    save_play(second, theirs)  # the second tab began its own game in the same slot
    assert stored(area, key)["game"] == ours.to_dict()["game"]
    assert stored(area, f"{key}.other-tab")["game"] == theirs.to_dict()["game"]
    assert second.notices == ["other_tab:autosave.brandubh"] and first.notices == []
    theirs.game.play_text("b7-b6")
    save_play(second, theirs)  # told once; still not written over the first tab's game
    assert stored(area, key)["game"] == ours.to_dict()["game"]
    assert stored(area, f"{key}.other-tab")["game"] == theirs.to_dict()["game"]
    assert second.notices == ["other_tab:autosave.brandubh"]
    ours.game.play_text("c5-c6")
    save_play(first, ours)  # the tab that wrote first goes on saving
    assert stored(area, key)["game"] == ours.to_dict()["game"]


def test_a_tab_that_reads_again_saves_again():
    area, first, second = two_tabs()
    key = autosave_key("brandubh")
    save_play(first, played(("b7-b6",)))
    load_save(second, "brandubh")
    save_play(second, played(("a4-a5",)))
    assert load_save(first, "brandubh").game.move_texts() == ["a4-a5"]  # a reload of the menu
    save_play(first, played(("f7-e7",)))
    assert Play.from_dict(stored(area, key)).game.move_texts() == ["f7-e7"]
    assert first.notices == [] and second.notices == []


def test_a_game_discarded_in_one_tab_is_not_deleted_when_the_other_saved_it_since():
    area, first, second = two_tabs()
    key = autosave_key("brandubh")
    save_play(first, played(("b7-b6",)))
    load_save(second, "brandubh")
    save_play(second, played(("a4-a5",)))
    first.delete(key)  # the first tab's game ended; the slot holds the second tab's now
    assert Play.from_dict(stored(area, key)).game.move_texts() == ["a4-a5"]


def test_games_finished_in_two_tabs_are_both_in_the_history():
    area, first, second = two_tabs()
    load_history(first), load_history(second)
    setup = Setup("modiar", mode="hotseat")
    assert keep_finished(first, finished_entry("a", 1.0, setup, finished_game()))
    assert keep_finished(second, finished_entry("b", 2.0, setup, finished_game()))
    assert [entry.game_id for entry in load_history(LocalStorage(area))] == ["a", "b"]
    assert HISTORY_KEY + ".other-tab" not in {k.removeprefix("taiplis.") for k in area.items}


def test_memory_storage_behaves_like_the_others():
    storage = MemoryStorage()
    assert storage.save("settings", {"a": 1}) and storage.load("settings") == {"a": 1}


def test_the_old_single_slot_is_dropped_only_once_its_game_is_kept():
    area = FakeLocalStorage()
    old = played(("b7-b6",))
    area.items["taiplis.autosave"] = json.dumps({"version": 1, "data": old.to_dict()},
                                                default=str)
    area.quota = sum(len(k) + len(v) for k, v in area.items.items())  # full
    storage = LocalStorage(area)
    assert load_saves(storage)["brandubh"].game.move_texts() == ["b7-b6"]  # while the app runs
    assert "taiplis.autosave" in area.items  # still kept: the new slot could not be written
    area.quota = 5_000_000
    load_saves(LocalStorage(area))  # the next page load carries it over
    assert set(area.items) == {"taiplis.autosave.brandubh"}
