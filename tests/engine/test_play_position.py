"""The search's fast path, `play_position`, is `play(move).position` exactly.

Every engine offers it so that the search and perft need not build an effects
record per node; and the caches that let one position answer several
questions (Reversi's placements, Modiar's frame moves) must answer as a fresh
position would.
"""

from __future__ import annotations

import random

import pytest

from game.ai import modiar as modiar_ai
from game.ai import reversi as reversi_ai
from game.rules import GAME_NAMES, from_code, start, tafl
from game.rules import modiar as md
from game.rules import reversi as rv
from game.rules.base import IllegalMove
from game.rules.record import Game


def sampled_positions(game: str, games: int, seed: str) -> list:
    """Every position of a few seeded random games, to their ends."""
    rng = random.Random(seed)
    found = []
    for _ in range(games):
        record = Game(start(game))
        while record.outcome() is None and record.ply < 200:
            found.append(record.position)
            record.play(rng.choice(record.legal_moves()))
        found.append(record.position)
    return found


# Games sampled per engine: enough for a few thousand moves each (Modiar's are short).
GAMES = {"brandubh": 2, "tawlbwrdd": 1, "reversi": 5, "modiar": 60}


@pytest.mark.parametrize("game", GAME_NAMES)
def test_play_position_is_the_position_play_makes(game):
    checked = 0
    for position in sampled_positions(game, GAMES[game], f"fast-{game}"):
        for move in position.legal_moves():
            fast = position.play_position(move)
            played = position.play(move).position
            assert fast == played and fast.key == played.key, (position.code(), move)
            assert fast.code() == played.code()
            # The child's own questions, asked of a position that kept nothing.
            fresh = from_code(fast.code())
            assert fast.legal_moves() == fresh.legal_moves()
            assert fast.outcome() == fresh.outcome()
            checked += 1
    assert checked > 800


def reference_tafl_play(position: tafl.TaflPosition, move: tuple[int, int]) -> tuple[str, list]:
    """The board after a move, the plain way: move the piece on a list, then take
    what `sandwiched` and `takes_king` find on the board after the move."""
    orig, dest = move
    rules, board = position.rules, list(position.board)
    board[orig], board[dest] = tafl.EMPTY, board[orig]
    captured = rules.sandwiched(board, position.side, dest)
    for victim in captured:
        board[victim] = tafl.EMPTY
    king = position.board.find(tafl.KING)
    if position.side == tafl.ATTACKERS and king >= 0 and rules.takes_king(board, king, dest):
        board[king] = tafl.EMPTY
        captured.append(king)
    return "".join(board), captured


@pytest.mark.parametrize("game", ["brandubh", "tawlbwrdd"])
def test_tafl_captures_read_before_the_move_are_those_after_it(game):
    """`TaflPosition.play` reads the captures on the board before the move (see
    `_apply`); a board that moves the piece first must give the same."""
    captures = kings = 0
    for position in sampled_positions(game, 6, f"before-{game}"):
        for move in position.legal_moves():
            board, captured = reference_tafl_play(position, move)
            played = position.play(move)
            assert played.position.board == board, (position.code(), move)
            assert list(played.effects.captured) == captured
            captures += bool(captured)
            kings += position.board.find(tafl.KING) in captured
    assert captures > 100 and kings > 0


def reference_tafl_moves(rules: tafl.TaflRules, board: str, side: str) -> list:
    """The slide square by square: over empty squares along each ray, ending
    where the piece may stop (`moves` reads each ray's run off its slice)."""
    found = []
    for orig, piece in enumerate(board):
        if piece not in tafl.FRIENDS[side]:
            continue
        for ray in rules.rays[orig]:
            for dest in ray:
                if board[dest] != tafl.EMPTY:
                    break
                if rules.stops[piece][dest]:
                    found.append((orig, dest))
    return found


@pytest.mark.parametrize("game", ["brandubh", "tawlbwrdd"])
def test_tafl_moves_read_off_slices_are_the_slides_square_by_square(game):
    checked = 0
    for position in sampled_positions(game, 6, f"slides-{game}"):
        rules, board = position.rules, position.board
        for side in tafl.SIDES:
            assert rules.moves(board, side) == reference_tafl_moves(rules, board, side), \
                (position.code(), side)
            checked += 1
    # Special squares crossed but not stopped on are in the sample, too.
    assert checked > 400


def test_reversi_placements_are_mobility_and_the_evaluation_agrees():
    for position in sampled_positions("reversi", 4, "placements"):
        p, o = position.mover, position.opponent
        assert position.placements() == rv.mobility(p, o)
        # The kept placements stand in for a fresh mobility call: the
        # evaluation, which reads them, scores alike either way.
        assert reversi_ai.ReversiStrategy().evaluate(position) == reversi_ai.evaluate_bits(p, o)
        assert reversi_ai.evaluate_bits(p, o, position.placements()) == \
            reversi_ai.evaluate_bits(p, o)


def test_modiar_frame_moves_are_the_engines_moves():
    for position in sampled_positions("modiar", 20, "frames"):
        assert position.frame_moves() == md.moves_in_frame(position.frame_pits(),
                                                            position.first)
        strategy = modiar_ai.ModiarStrategy()
        fresh = from_code(position.code())
        assert strategy.evaluate(position) == strategy.evaluate(fresh)


def test_play_position_refuses_what_play_refuses():
    with pytest.raises(IllegalMove):
        rv.start().play_position(0)  # a1 turns nothing at the start
    with pytest.raises(IllegalMove):
        md.start().play_position(3)  # N1 is North's pit; South is to move
