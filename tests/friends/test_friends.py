"""The friend link's format and the rules for a link that arrives (pure)."""

from __future__ import annotations

import pytest

from game.friends import (
    FriendGame,
    FriendLink,
    LinkError,
    Verdict,
    apply_link,
    load_friend_games,
    read_friend_link,
    receive_link,
    save_friend_games,
    write_friend_link,
)
from game.friends.games import FRIENDS_KEY, keep_friend_game
from game.platform.storage import MemoryStorage
from game.rules.record import Game

GAME_ID = "a1b2c3d4e5f6a7b8"


def _start():
    from game.rules import spec
    return Game(spec("brandubh").start_code).start


def link(moves, sender, offer=False, game_id=GAME_ID) -> FriendLink:
    return FriendLink(game_id, sender, Game(_start(), moves), offer)


def test_a_link_reads_back_as_it_was_written():
    sent = link(["b7-b6", "e5-e7"], "d", offer=True)
    text = write_friend_link(sent)
    assert text.startswith(f"f1.{GAME_ID}.d.o.t1.brandubh.")
    back = read_friend_link("https://example.org/taiplis/#" + text)
    assert (back.game_id, back.sender, back.offer) == (GAME_ID, "d", True)
    assert back.game.move_texts() == ["b7-b6", "e5-e7"]
    inside = read_friend_link(f"{text}\n\nbrandubh\n1. b7-b6 e5-e7\nresult: ongoing")
    assert inside.game.move_texts() == back.game.move_texts()


def test_a_resignation_travels_in_the_link():
    game = Game(_start(), ["b7-b6"])
    game.resign("d")
    back = read_friend_link(write_friend_link(FriendLink(GAME_ID, "d", game)))
    assert back.game.outcome().winner == "a" and back.game.ending is not None


@pytest.mark.parametrize("text, kind", [
    ("hello", "not_friend_link"),
    (f"f1.{GAME_ID}.d", "friend_no_game"),
    ("f1.x.d.t1.brandubh.3.0.", "friend_no_id"),
    (f"f1.{GAME_ID}.q.t1.brandubh.3.0.", "friend_no_side"),
    (f"f1.{GAME_ID}.d.t1.brandubh.3.x.AA", "bad_link"),
    (f"f1.{GAME_ID}.d.t1.chess.3.0.", "bad_link"),
])
def test_a_damaged_link_says_what_is_wrong_in_one_line(text, kind):
    with pytest.raises(LinkError) as caught:
        read_friend_link(text)
    assert caught.value.kind == kind
    assert "\n" not in str(caught.value) and str(caught.value)


def kept(moves, my_side="a", offer_by=None, ended=None) -> FriendGame:
    game = Game(_start(), moves)
    if ended == "draw":
        game.agree_draw()
    elif ended:
        game.resign(ended)
    return FriendGame(GAME_ID, my_side, game, offer_by, 1.0)


@pytest.mark.parametrize("here, there, verdict", [
    (kept(["b7-b6"]), link(["b7-b6", "e5-e7"], "d"), Verdict.NEWER),
    (kept(["b7-b6", "e5-e7"]), link(["b7-b6"], "a"), Verdict.OLDER),
    (kept(["b7-b6", "e5-e7"]), link(["b7-b6", "e5-e7"], "d"), Verdict.SAME),
    (kept(["b7-b6"]), link(["b7-b6"], "a"), Verdict.OWN_LATEST),
    (kept(["b7-b6", "e5-e7"]), link(["b7-b6", "e3-g3"], "d"), Verdict.DIVERGED),
    (kept(["b7-b6"]), link(["d7-d6", "e5-e7"], "d"), Verdict.DIVERGED),
    (kept(["b7-b6"]), link(["b7-b6"], "d", offer=True), Verdict.NEWER),
    (kept(["b7-b6"], ended="a"), link(["b7-b6"], "a"), Verdict.OLDER),
    (kept(["b7-b6"], ended="a"), link(["b7-b6", "e5-e7"], "d"), Verdict.DIVERGED),
    (kept(["b7-b6"], ended="a"), link(["b7-b6"], "d", offer=False), Verdict.OLDER),
    (kept(["b7-b6"], ended="draw"), kept(["b7-b6"], ended="a").latest_link(), Verdict.DIVERGED),
])
def test_the_verdict_on_a_link_for_the_game_kept(here, there, verdict):
    applied = apply_link([here], there, now=5.0)
    assert applied.verdict == verdict
    if verdict == Verdict.NEWER:
        assert applied.game.game.move_texts() == there.game.move_texts()
        assert applied.game.date == 5.0 and applied.games == [applied.game]
    else:
        assert applied.games == [here] and applied.game is here  # nothing changes


def test_a_new_link_starts_a_game_with_the_other_side():
    applied = apply_link([], link(["b7-b6"], "a", offer=True), now=3.0)
    assert applied.verdict == Verdict.NEW
    game = applied.game
    assert (game.my_side, game.friend_side, game.offer_by, game.my_turn) == ("d", "a", "a", True)
    assert game.latest_link().sender == "a" and game.latest_link().offer


@pytest.mark.parametrize("ended, sender", [(None, "a"), ("a", "a"), ("d", "d"), ("draw", "d")])
def test_a_latest_link_is_sent_by_the_side_that_acted_last(ended, sender):
    # After b7-b6 the defenders are to move: they resign or accept a draw, or wait.
    assert kept(["b7-b6"], my_side="d", ended=ended).latest_link().sender == sender


def test_two_links_in_the_wrong_order_keep_the_newer_game():
    storage = MemoryStorage()
    first, second = link(["b7-b6"], "a"), link(["b7-b6", "e5-e7", "d7-d6"], "a")
    assert receive_link(storage, second, now=2.0).verdict == Verdict.NEW
    assert receive_link(storage, first, now=3.0).verdict == Verdict.OLDER
    games = load_friend_games(storage)
    assert [g.game.move_texts() for g in games] == [["b7-b6", "e5-e7", "d7-d6"]]
    assert games[0].date == 2.0


def test_the_list_is_versioned_and_damaged_entries_are_set_aside():
    storage = MemoryStorage()
    keep_friend_game(storage, kept(["b7-b6"]))
    stored = storage.load(FRIENDS_KEY)
    assert stored["version"] == 1 and len(stored["games"]) == 1
    stored["games"].append({"id": "zz", "side": "x"})
    storage.save(FRIENDS_KEY, stored)
    assert [g.game_id for g in load_friend_games(storage)] == [GAME_ID]
    assert storage.notices == [f"damaged:{FRIENDS_KEY}"]
    assert f"{FRIENDS_KEY}.damaged" in storage.data  # the value as it was, kept aside
    storage.save(FRIENDS_KEY, {"version": 99, "games": []})
    assert load_friend_games(storage) == []


class FullArea:
    """A browser storage area that takes one write, then refuses (its quota full)."""

    def __init__(self) -> None:
        self.items: dict[str, str] = {}
        self.writes = 0

    def getItem(self, key):
        return self.items.get(key)

    def setItem(self, key, value):
        self.writes += 1
        if self.writes > 1:
            raise RuntimeError("QuotaExceededError")
        self.items[key] = value

    def removeItem(self, key):
        self.items.pop(key, None)


def test_a_failed_write_says_so_once_and_loses_nothing():
    from game.platform.storage import LocalStorage
    area = FullArea()
    storage = LocalStorage(area)
    save_friend_games(storage, [kept(["b7-b6"])])
    keep_friend_game(storage, kept(["b7-b6", "e5-e7"]))
    keep_friend_game(storage, kept(["b7-b6", "e5-e7", "d7-d6"]))
    assert storage.notices == ["storage_full"]  # said once, by its kind
    assert [g.game.ply for g in load_friend_games(storage)] == [3]  # kept while the app runs
    assert "e5-e7" not in area.items["taiplis.friends"]  # the stored list is as it was
