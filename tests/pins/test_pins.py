"""The pinned engine and Druid results must not move during a redesign (see pins.py)."""

from __future__ import annotations

import pytest

from game.rules import GAME_NAMES, from_code

from .pins import POSITIONS_PER_GAME, compute, load

PINS = load()


def test_every_game_is_pinned_with_enough_positions():
    assert set(PINS) == set(GAME_NAMES)
    for game in GAME_NAMES:
        assert len(PINS[game]) == POSITIONS_PER_GAME
        assert len({entry["code"] for entry in PINS[game]}) >= POSITIONS_PER_GAME - 2


@pytest.mark.parametrize("game", GAME_NAMES)
def test_engine_and_druid_agree_with_the_pins(game):
    for now, pinned in zip(compute(game), PINS[game], strict=True):
        assert now["code"] == pinned["code"]
        assert now["legal"] == pinned["legal"], now["code"]
        assert now["perft"] == pinned["perft"], now["code"]
        assert now["druid"] == pinned["druid"], now["code"]


def test_the_pinned_codes_parse_back_to_themselves():
    for game in GAME_NAMES:
        for entry in PINS[game]:
            assert from_code(entry["code"]).code() == entry["code"]
