"""A save remembers the edition of its game's rules, and is not replayed under others."""

from __future__ import annotations

import pytest

from game.rules import GAME_NAMES, spec, start
from game.rules.base import RulesError
from game.rules.record import Game


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
