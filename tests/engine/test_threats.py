"""The beginner's marks are facts of the rules: each answer of game/rules/threats.py
is checked against the engine's own legal moves and the effects of `play`, on
the positions of seeded random games (and a few drawn by hand)."""

from __future__ import annotations

import random
from itertools import pairwise

import pytest

from game.rules import from_code, start
from game.rules.tafl import ATTACKERS, DEFENDERS, KING, SIDES, Reason, TaflPosition
from game.rules.threats import (
    captures_from,
    goal_squares,
    king_in_danger,
    king_lines,
    sowing_capture,
    taken_by,
    threatened,
)

TAFL = ("brandubh", "tawlbwrdd")


def positions(name: str, games: int, seed: int = 1, longest: int = 400) -> list:
    """Every position of `games` seeded random games of `name`."""
    rng, found = random.Random(seed), []
    for _ in range(games):
        position = start(name)
        for _ in range(longest):
            found.append(position)
            moves = position.legal_moves()
            if not moves:
                break
            position = position.play(rng.choice(moves)).position
    return found


def to_move(position: TaflPosition, side: str) -> TaflPosition:
    return TaflPosition(position.rules, position.board, side, position.visited)


@pytest.mark.parametrize("name", TAFL)
def test_what_a_move_takes_is_what_playing_it_captures(name):
    moves_that_take = 0
    for position in positions(name, 6):
        for move in position.legal_moves():
            captured = position.play(move).effects.captured
            assert set(taken_by(position, move)) == set(captured)
            moves_that_take += bool(captured)
        for orig in {orig for orig, _ in position.legal_moves()}:
            assert captures_from(position, orig) == {
                dest: taken_by(position, (o, dest))
                for o, dest in position.legal_moves()
                if o == orig and position.play((o, dest)).effects.captured}
    assert moves_that_take > 50  # the games took pieces: the check had something to check


@pytest.mark.parametrize("name", TAFL)
def test_the_threatened_pieces_are_those_one_move_of_the_other_side_takes(name):
    seen = {side: 0 for side in SIDES}
    for position in positions(name, 6, seed=2):
        for side in SIDES:
            turned = to_move(position, side)
            expected = {square for move in turned.legal_moves()
                        for square in turned.play(move).effects.captured}
            assert threatened(position, side) == expected
            seen[side] += bool(expected)
    assert min(seen.values()) > 20


@pytest.mark.parametrize("name", TAFL)
def test_the_king_in_danger_is_the_king_one_attacker_move_takes(name):
    dangers = 0
    for position in positions(name, 8, seed=3):
        turned = to_move(position, ATTACKERS)
        taken = any(turned.play(move).position.board.find(KING) < 0
                    for move in turned.legal_moves())
        assert king_in_danger(position) == taken
        dangers += taken
    assert dangers > 0


@pytest.mark.parametrize("name", TAFL)
def test_the_kings_open_lines_end_on_the_goals_his_move_reaches(name):
    lines_seen = 0
    for position in positions(name, 8, seed=4):
        turned = to_move(position, DEFENDERS)
        king = position.board.find(KING)
        goals = {dest for orig, dest in turned.legal_moves()
                 if orig == king and reaches_goal(turned, (orig, dest))}
        lines = king_lines(position)
        assert {line[-1] for line in lines} == goals
        for line in lines:  # a line runs from beside him, square by square, over empty squares
            assert all(position.board[square] == "." for square in line)
            steps = [king, *line]
            assert len({b - a for a, b in pairwise(steps)}) == 1
        lines_seen += len(lines)
    assert lines_seen > 10


def reaches_goal(position: TaflPosition, move: tuple[int, int]) -> bool:
    """The king's move wins the game (Tawlbwrdd's edge) or visits a new corner."""
    after = position.play(move).position
    outcome = after.outcome()
    won = outcome is not None and outcome.reason is Reason.KING_ESCAPED
    return won or after.visited != position.visited


def test_brandubh_goals_are_the_corners_not_yet_visited():
    position = from_code("brandubh 7/7/7/K6/7/7/1A5 a a1")
    assert {position.rules.square_name(s) for s in goal_squares(position)} == {"g1", "a7", "g7"}
    assert [position.rules.square_name(line[-1]) for line in king_lines(position)] == ["a7"]
    fresh = from_code("brandubh 7/7/7/K6/7/7/1A5 a -")
    assert {fresh.rules.square_name(line[-1]) for line in king_lines(fresh)} == {"a7", "a1"}


def test_an_open_line_in_tawlbwrdd_is_a_clear_way_to_the_edge():
    position = from_code("tawlbwrdd 11/11/11/11/11/3K7/11/11/11/11/A10 a")
    names = {position.rules.square_name(line[-1]) for line in king_lines(position)}
    assert names == {"d11", "d1", "a6", "k6"}


def test_nothing_is_threatened_once_the_game_is_decided():
    position = from_code("tawlbwrdd 11/11/11/11/11/K10/A10/11/11/11/11 a")
    assert position.outcome() is not None
    assert threatened(position, ATTACKERS) == frozenset() and king_lines(position) == ()


# --- Modiar ---------------------------------------------------------------------------------


def test_a_sowings_capture_is_what_playing_the_pit_takes():
    captures = forfeits = 0
    for position in positions("modiar", 40, seed=5, longest=200):
        for pit in range(6):
            preview = sowing_capture(position, pit)
            if pit not in position.legal_moves():
                assert preview is None
                continue
            played = position.play(pit)
            effects, after = played.effects, played.position
            gain = sum(after.captured) - sum(position.captured)
            if preview.forfeited:
                assert effects.forfeited == preview.pits and effects.captured == ()
                assert gain == 0
                forfeits += 1
            else:
                assert effects.captured == preview.pits and preview.stones == gain
                captures += bool(preview.pits)
    assert captures > 50 and forfeits > 0


def test_the_first_moves_forfeited_capture_names_what_it_would_have_taken():
    first = from_code("modiar 3,7,7,1,7,17 0,0 s 1")
    assert sowing_capture(first, 1) == ((1, 0), 6, True)  # S2 ends in S2 (2), S1 (4) before it
    assert sowing_capture(first, 0) == ((), 0, False)  # S1's last stone makes S3 8
    later = from_code("modiar 3,7,7,1,7,17 0,0 s 0")
    assert sowing_capture(later, 1) == ((1, 0), 6, False)
