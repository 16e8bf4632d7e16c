"""One random-simulation test run against every game (OpenSpiel's habit).

For each game, seeded random playouts check what every engine promises:
codes round-trip, move texts round-trip, a position has moves exactly when
it has no outcome, and a game record reaches an outcome within a bound.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.rules import GAME_NAMES, from_code, start
from game.rules.base import Position
from game.rules.record import Game

# Longest random game we accept per game: Reversi fills at most 60 squares
# (plus passes); the others end by capture, goal or repetition.
PLY_BOUND = {"brandubh": 3000, "tawlbwrdd": 5000, "reversi": 130, "modiar": 500}


def check_position(position: Position) -> None:
    assert from_code(position.code()) == position
    assert hash(from_code(position.code())) == hash(position)
    moves = position.legal_moves()
    texts = [position.move_text(m) for m in moves]
    assert len(set(texts)) == len(texts)
    assert [position.parse_move(t) for t in texts] == list(moves)
    assert (position.outcome() is None) == bool(moves)


def random_game(name: str, seed: int) -> Game:
    rng = random.Random(seed)
    game = Game(start(name))
    while game.outcome() is None:
        assert game.ply < PLY_BOUND[name], f"{name} seed {seed} did not end"
        check_position(game.position)
        game.play(rng.choice(game.legal_moves()))
    check_position(game.position)
    return game


@pytest.mark.parametrize("name", GAME_NAMES)
@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_random_games_end_consistently(name, seed):
    game = random_game(name, seed)
    assert game.legal_moves() == []
    # Replaying the record reproduces the same final position.
    again = Game(game.start.code(), game.move_texts())
    assert again.position == game.position and again.outcome() == game.outcome()


@pytest.mark.parametrize("name", GAME_NAMES)
def test_undo_and_redo_walk_the_same_positions(name):
    game = random_game(name, 7)
    forward = list(game.replay())
    while game.undo():
        pass
    assert game.position == game.start and game.ply == 0
    while game.redo():
        pass
    assert list(game.replay()) == forward


@pytest.mark.parametrize("name", GAME_NAMES)
def test_a_saved_record_loads_back_the_same_game(name):
    game = random_game(name, 11)
    for _ in range(3):
        game.undo()
    loaded = Game.from_dict(game.to_dict())
    assert loaded.position == game.position and loaded.can_redo
    assert loaded.move_texts() == game.move_texts()


@pytest.mark.parametrize("name", ["brandubh", "tawlbwrdd"])
@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_tafl_soldiers_never_stand_on_special_squares(name, seed):
    rng = random.Random(seed)
    position = start(name)
    rules = position.rules
    while position.legal_moves():
        before = position
        move = rng.choice(position.legal_moves())
        position, effects = position.play(move)
        assert all(position.board[sq] in ".K" for sq in rules.restricted)
        # Only enemies of the mover are captured, and their squares are emptied.
        assert all(before.board[sq] not in ".A" if before.side == "a" else
                   before.board[sq] == "A" for sq in effects.captured)
        assert all(position.board[sq] == "." for sq in effects.captured)
        for letter in "ADK":
            assert position.board.count(letter) <= before.board.count(letter)
