"""A save or a link remembers the edition of its game's rules, and is not
replayed under others, but for the earlier editions today's rules replay."""

from __future__ import annotations

import pytest

from game.rules import GAME_NAMES, spec, start
from game.rules.base import Outcome, Reason, RulesError
from game.rules.record import Game, RulesChange
from game.rules.transcript import RecordError, read_link, write_link

from .editions import BRANDUBH, second_edition_link, second_edition_save
from .walks import walk


def _saved(name: str) -> dict:
    game = Game(start(name))
    for _ in range(3):
        game.play(game.legal_moves()[0])
    return game.to_dict()


@pytest.mark.parametrize("name", GAME_NAMES)
def test_a_save_records_its_rules_edition_and_loads_back(name):
    data = _saved(name)
    assert data["edition"] == spec(name).rules_edition
    assert Game.from_dict(data).move_texts() == Game.from_dict(_saved(name)).move_texts()


@pytest.mark.parametrize("name", GAME_NAMES)
def test_a_save_from_another_edition_is_refused_by_kind(name):
    data = {**_saved(name), "edition": spec(name).rules_edition + 1}
    with pytest.raises(RulesError) as refused:
        Game.from_dict(data)
    assert refused.value.kind == "old_rules" and refused.value.game == name


def test_a_save_without_an_edition_is_from_the_first_edition():
    data = _saved("reversi")
    del data["edition"]
    assert spec("reversi").rules_edition == 1  # Reversi's rules were never revised
    assert Game.from_dict(data).ply == 3


# --- Brandubh's second edition, replayed under the third ------------------------------
# The third edition added the no-progress draw (and the agreed draw) to the
# second.  A game of the second edition is replayed under today's rules: one
# they never end sooner is the same game; one they do is cut where they end it,
# and `Game.rules_change` says so.  The first edition had another start.

LIMIT = 100


def test_brandubh_replays_its_second_edition_only():
    assert spec("brandubh").rules_edition == 3
    assert spec("brandubh").replayed_editions == frozenset({2})
    for name in GAME_NAMES:
        assert all(edition < spec(name).rules_edition
                   for edition in spec(name).replayed_editions)


def test_a_second_edition_game_the_limit_never_ends_is_the_same_game():
    line = walk(BRANDUBH, "q" * 60 + "x" + "q" * (LIMIT - 1), 1)
    for game in (Game.from_dict(second_edition_save(line, cursor=150)),
                 read_link(second_edition_link(line))):
        assert game.rules_change is None and game.outcome() is None
        assert game.move_texts()[:150] == line[:150]
    game = Game.from_dict(second_edition_save(line, cursor=150))
    assert game.ply == 150
    while game.redo():
        pass
    assert game.move_texts() == line and game.rules_change is None
    assert game.to_dict()["edition"] == 3  # saved again, under today's rules


def test_a_second_edition_save_past_the_limit_is_cut_there_and_says_so():
    line = walk(BRANDUBH, "q" * (LIMIT + 30), 2)
    game = Game.from_dict(second_edition_save(line))
    assert game.ply == LIMIT and game.move_texts() == line[:LIMIT]
    assert game.outcome() == Outcome(None, Reason.NO_PROGRESS)
    assert game.rules_change == RulesChange(2, LIMIT, Outcome(None, Reason.NO_PROGRESS), 30, None)
    assert not game.can_redo


def test_a_second_edition_save_ending_on_the_limit_is_now_drawn_and_says_so():
    line = walk(BRANDUBH, "q" * LIMIT, 3)
    game = Game.from_dict(second_edition_save(line))
    assert game.outcome() == Outcome(None, Reason.NO_PROGRESS)
    assert game.rules_change.ply == LIMIT and game.rules_change.moves_dropped == 0


def test_a_second_edition_save_taken_back_before_the_limit_keeps_its_board():
    line = walk(BRANDUBH, "q" * (LIMIT + 30), 4)
    game = Game.from_dict(second_edition_save(line, cursor=50))
    assert game.ply == 50 and game.outcome() is None and game.quiet_plies() == 50
    assert game.rules_change.moves_dropped == 30
    while game.redo():
        pass
    assert game.ply == LIMIT and game.outcome().reason is Reason.NO_PROGRESS


def test_a_resignation_after_the_limit_is_dropped_with_the_moves():
    line = walk(BRANDUBH, "q" * (LIMIT + 10), 5)
    ending = {"winner": "a", "reason": "resignation"}
    game = Game.from_dict(second_edition_save(line, ending=ending))
    assert game.outcome().reason is Reason.NO_PROGRESS and game.ending is None
    assert game.rules_change.ending_dropped == Outcome("a", Reason.RESIGNATION)


def test_a_second_edition_link_past_the_limit_is_cut_there_and_says_so():
    line = walk(BRANDUBH, "q" * (LIMIT + 25), 6)
    game = read_link(second_edition_link(line))
    assert game.move_texts() == line[:LIMIT]
    assert game.outcome().reason is Reason.NO_PROGRESS
    assert (game.rules_change.edition, game.rules_change.moves_dropped) == (2, 25)
    assert write_link(game).startswith("t1.brandubh.3.100.")


def test_a_damaged_second_edition_link_is_still_refused():
    link = second_edition_link(walk(BRANDUBH, "q" * (LIMIT + 5), 7))
    head, plies, moves = link.rsplit(".", 2)
    with pytest.raises(RecordError) as caught:  # its number holds more moves than it says
        read_link(f"{head}.{int(plies) - 3}.{moves}")
    assert caught.value.kind == "bad_link"


@pytest.mark.parametrize("edition", [1, 4])
def test_a_brandubh_game_of_another_edition_is_refused(edition):
    data = {**second_edition_save(["b7-b6"]), "edition": edition}
    with pytest.raises(RulesError) as refused:
        Game.from_dict(data)
    assert refused.value.kind == "old_rules"
    link = second_edition_link(["b7-b6"]).replace(".2.", f".{edition}.", 1)
    with pytest.raises(RecordError) as refused:
        read_link(link)
    assert refused.value.kind == "old_rules"
