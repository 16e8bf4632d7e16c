"""The history of finished games: what goes in (games that ended, once each,
in their final version), what is dropped (the oldest beyond the limit), what
a damaged history costs (a notice; every readable game stays), and the
statistics and export read from it."""

from __future__ import annotations

import math

import pytest

from game import history as history_module
from game.history import (
    HISTORY_KEY,
    Finished,
    export_text,
    finished_entry,
    games_played,
    keep_finished,
    load_history,
    newest_first,
    statistics,
)
from game.platform.storage import MemoryStorage
from game.rules import spec
from game.rules.record import Game
from game.rules.transcript import read_record
from game.ui.play import Frame, Mode, Play, Setup


def tick(play: Play) -> None:
    play.tick(Frame(1 / 60, math.inf, nodes=50))


def hotseat(game: str = "reversi") -> Play:
    play = Play(Setup(game, Mode.HOTSEAT))
    play.storage = MemoryStorage()
    return play


def first_moves(play: Play, count: int) -> None:
    for _ in range(count):
        play.play(play.position.legal_moves()[0])
        tick(play)


def test_a_game_in_progress_is_not_kept():
    play = hotseat()
    first_moves(play, 3)
    assert load_history(play.storage) == []


def test_a_resigned_game_is_kept_with_its_setup_result_and_record():
    play = hotseat()
    first_moves(play, 2)
    play.request_resign()
    tick(play)
    (kept,) = load_history(play.storage)
    assert (kept.game, kept.mode, kept.level) == ("reversi", "hotseat", "")
    assert kept.winner == play.game.outcome().winner and kept.reason == "resignation"
    assert kept.to_game().move_texts() == play.game.move_texts()


def test_taken_back_and_ended_again_the_game_is_kept_once_in_its_final_version():
    play = hotseat()
    first_moves(play, 2)
    play.request_resign()
    tick(play)
    play.request_undo()
    tick(play)
    first_moves(play, 2)
    play.request_resign()
    tick(play)
    (kept,) = load_history(play.storage)
    assert kept.to_game().ply == 4


def test_a_saved_game_continued_keeps_its_id():
    play = hotseat()
    first_moves(play, 2)
    again = Play.from_dict(play.to_dict())
    assert again.game_id == play.game_id


def test_undo_onto_an_ended_game_adds_nothing_new():
    play = hotseat()
    first_moves(play, 1)
    play.request_resign()
    tick(play)
    play.request_undo()
    tick(play)
    play.request_redo()
    tick(play)
    assert len(load_history(play.storage)) == 1


def entry(n: int, game: str = "reversi", mode: str = "computer", winner: str | None = "b",
          level: str = "bard", human_side: str = "b") -> Finished:
    record = Game(spec(game).start_code).to_dict()
    return Finished(f"id{n}", float(n), game, mode, human_side, level, winner, "count", record)


def test_the_oldest_games_are_dropped_beyond_the_limit(monkeypatch):
    monkeypatch.setattr(history_module, "HISTORY_LIMIT", 3)
    storage = MemoryStorage()
    for n in range(5):
        keep_finished(storage, entry(n))
    assert [kept.game_id for kept in load_history(storage)] == ["id2", "id3", "id4"]


def test_a_damaged_entry_is_dropped_the_rest_kept_and_the_whole_set_aside():
    storage = MemoryStorage()
    keep_finished(storage, entry(1))
    keep_finished(storage, entry(2))
    stored = storage.load(HISTORY_KEY)
    stored["games"][0]["game"] = "chess"
    storage.save(HISTORY_KEY, stored)
    assert [kept.game_id for kept in load_history(storage)] == ["id2"]
    assert storage.notices == [f"damaged:{HISTORY_KEY}"]
    assert f"{HISTORY_KEY}.damaged" in storage.data  # the original, as it was
    assert [kept.game_id for kept in load_history(storage)] == ["id2"]


def test_unreadable_history_is_set_aside_with_a_notice():
    storage = MemoryStorage()
    storage.data[HISTORY_KEY] = "{not json"
    assert load_history(storage) == []
    assert storage.notices == [f"damaged:{HISTORY_KEY}"]
    storage.save(HISTORY_KEY, ["not", "a", "history"])
    assert load_history(storage) == []


def test_the_games_played_are_read_from_the_entries_names_alone():
    storage = MemoryStorage()
    assert games_played(storage) == set()
    keep_finished(storage, entry(1, "modiar"))
    keep_finished(storage, entry(2, "brandubh"))
    keep_finished(storage, entry(3, "modiar"))
    assert games_played(storage) == {"modiar", "brandubh"}
    stored = storage.load(HISTORY_KEY)
    stored["games"][1]["game"] = "chess"  # names no game: counts for none
    stored["games"].append("not an entry")
    storage.save(HISTORY_KEY, stored)
    assert games_played(storage) == {"modiar"}
    assert storage.notices == []  # setting aside is load_history's business
    storage.save(HISTORY_KEY, ["not", "a", "history"])
    assert games_played(storage) == set()


def test_newest_first_and_by_game():
    games = [entry(1), entry(2, game="brandubh", human_side="a"), entry(3)]
    assert [e.game_id for e in newest_first(games)] == ["id3", "id2", "id1"]
    assert [e.game_id for e in newest_first(games, "reversi")] == ["id3", "id1"]


def test_statistics_by_level_against_the_computer_and_by_side_on_one_device():
    games = [entry(1, winner="b"), entry(2, winner="w"), entry(3, winner=None),
             entry(4, level="druid", winner="w"),
             entry(5, mode="hotseat", level="", human_side="", winner="w"),
             entry(6, mode="watch", winner="w")]
    tallies = statistics(games)
    assert vars(tallies[("reversi", "bard")]) == {"won": 1, "drawn": 1, "lost": 1}
    assert vars(tallies[("reversi", "druid")]) == {"won": 0, "drawn": 0, "lost": 1}
    assert vars(tallies[("reversi", "side:w")]) == {"won": 1, "drawn": 0, "lost": 0}
    assert vars(tallies[("reversi", "side:b")]) == {"won": 0, "drawn": 0, "lost": 1}
    assert len(tallies) == 4  # the computer's games against itself are not counted


def test_the_export_holds_every_record_readable_again():
    play = hotseat()
    first_moves(play, 3)
    play.request_resign()
    tick(play)
    other = hotseat("brandubh")
    other.storage = play.storage
    first_moves(other, 2)
    other.request_resign()
    tick(other)
    text = export_text(load_history(play.storage))
    records = text.split("\n\n")
    assert len(records) == 2
    assert read_record(records[0]).move_texts() == play.game.move_texts()
    assert read_record(records[1]).move_texts() == other.game.move_texts()


def test_finished_entry_refuses_a_game_in_progress():
    play = hotseat()
    with pytest.raises(ValueError):
        finished_entry("x", 0.0, play.setup, play.game)


def watched_game() -> Game:
    game = Game(spec("modiar").start_code)
    while game.outcome() is None:
        game.play(game.legal_moves()[0])
    return game


def test_a_watched_game_keeps_each_sides_level_and_old_entries_still_load():
    storage = MemoryStorage()
    setup = Setup("modiar", Mode.WATCH, "", "bard", second_level="druid")
    keep_finished(storage, finished_entry("watched", 1.0, setup, watched_game()))
    (kept,) = load_history(storage)
    first, second = spec("modiar").sides
    assert kept.side_levels() == {first: "bard", second: "druid"}
    # An entry kept before each side had its own level: both sides at its one.
    old = kept.to_dict()
    del old["second_level"]
    storage.save(HISTORY_KEY, {"games": [old]})
    (loaded,) = load_history(storage)
    assert loaded.side_levels() == {first: "bard", second: "bard"}
    assert storage.load(HISTORY_KEY) == {"games": [old]}  # nothing set aside or rewritten
    # Neither level's tally against the person counts the computer's own games.
    assert statistics([kept, loaded]) == {}
