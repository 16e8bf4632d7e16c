"""Game.effects: what each move of a record did, as the engine said when it was played."""

from __future__ import annotations

import random

import pytest

from game.rules import GAME_NAMES, spec
from game.rules.record import Game


@pytest.mark.parametrize("name", GAME_NAMES)
def test_effects_are_what_each_move_did(name):
    game = Game(spec(name).start_code)
    rng = random.Random(11)
    said = []
    while game.outcome() is None and game.ply < 40:
        said.append(game.play(rng.choice(game.legal_moves())).effects)
    assert game.effects == said
    positions = list(game.replay())
    for ply in range(1, game.ply + 1):  # the same as playing the move again
        assert positions[ply - 1].play(game.moves[ply - 1]).effects == game.effects[ply - 1]
    game.undo()
    assert len(game.effects) == game.ply  # an undone move is not in the game's moves
