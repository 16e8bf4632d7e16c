"""The board's input state and replay cursor without a window: gestures on a
laid-out view become intents (a move picked, a cell refused), the keyboard
cursor moves the way the arrows point, and looking back holds the game."""

from __future__ import annotations

import math

import pygame
import pytest

from game.rules import GAME_NAMES, spec, start
from game.rules.record import Game
from game.ui import i18n
from game.ui.board.games import game_ui
from game.ui.board.input import (
    DRAG_START_PIXELS,
    REFUSAL_SECONDS,
    BoardInput,
    PickMove,
    RefuseCell,
)
from game.ui.board.replay import ReplayCursor
from game.ui.i18n import t
from game.ui.play import Play, Setup


@pytest.fixture(autouse=True)
def english():
    i18n.set_language("en")


def board_input(game: str) -> BoardInput:
    ui = game_ui(game)
    ui.view.layout(pygame.Rect(0, 0, 660, 660))
    return BoardInput(ui)


def centre(state: BoardInput, cell: int) -> tuple[int, int]:
    return state.ui.view.cell(cell).center


# --- pointer ----------------------------------------------------------------------------------


def test_a_piece_is_picked_up_then_a_click_on_its_destination_picks_the_move():
    state, position = board_input("brandubh"), start("brandubh")
    rules = state.ui.rules
    b7, b6 = rules.square_index("b7"), rules.square_index("b6")
    assert state.pointer_down(centre(state, b7), position) is None
    assert state.selected == b7
    assert state.pointer_up(centre(state, b7), position) is None  # a click, not a drag
    intent = state.pointer_down(centre(state, b6), position)
    assert intent == PickMove((b7, b6)) and (b7, b6) in position.legal_moves()


def test_a_drag_drops_the_piece_where_it_is_let_go():
    state, position = board_input("brandubh"), start("brandubh")
    rules = state.ui.rules
    b7, b5 = rules.square_index("b7"), rules.square_index("b5")
    state.pointer_down(centre(state, b7), position)
    x, y = centre(state, b7)
    state.pointer_motion((x + DRAG_START_PIXELS - 1, y))
    assert state.drag is None  # a tremble is no drag
    state.pointer_motion(centre(state, b5))
    assert state.drag == centre(state, b5)
    assert state.pointer_up(centre(state, b5), position) == PickMove((b7, b5))
    assert state.drag is None and state.press is None


def test_a_press_on_the_other_sides_piece_is_refused_with_the_reason():
    state, position = board_input("brandubh"), start("brandubh")
    king = state.ui.rules.square_index("d4")
    assert state.pointer_down(centre(state, king), position) == \
        RefuseCell(king, t("refuse.turn.a"))
    assert state.refused == (king, REFUSAL_SECONDS) and state.selected is None
    state.tick(REFUSAL_SECONDS / 2)
    assert state.refused is not None
    state.tick(REFUSAL_SECONDS)
    assert state.refused is None  # the flash is short


def test_a_click_on_an_empty_square_with_nothing_picked_up_is_quietly_nothing():
    state, position = board_input("brandubh"), start("brandubh")
    assert state.pointer_down(centre(state, state.ui.rules.square_index("c6")), position) is None
    assert state.refused is None


@pytest.mark.parametrize("target, legal", [(19, True), (0, False)])  # d3, a1 for Black
def test_one_click_games_pick_a_move_or_refuse_the_square(target, legal):
    state, position = board_input("reversi"), start("reversi")
    intent = state.activate(target, position)
    if legal:
        assert intent == PickMove(19)
    else:
        assert intent == RefuseCell(0, t("refuse.no_flips"))


def test_the_captures_are_asked_of_the_game_once_per_selection():
    state = board_input("brandubh")
    position = start("brandubh")
    asked = []
    real = state.ui.captures
    state.ui.captures = lambda pos, orig: asked.append(orig) or real(pos, orig)
    origin = sorted(state.ui.origins(position))[0]
    for _ in range(5):
        state.captures(position, origin)
    assert asked == [origin]


# --- the keyboard cursor --------------------------------------------------------------------


@pytest.mark.parametrize("game", GAME_NAMES)
def test_the_cursor_starts_on_the_movers_own_playable_cell_nearest_the_middle(game):
    state, position = board_input(game), start(game)
    state.move_cursor(-1, 0, position, spec(game).cells)
    playable = state.playable(position)
    assert state.cursor in playable
    middle = state.ui.view.rect.center
    distance = math.dist(centre(state, state.cursor), middle)
    assert all(distance <= math.dist(centre(state, cell), middle) for cell in playable)


@pytest.mark.parametrize("game", GAME_NAMES)
def test_the_arrows_move_the_cursor_the_way_they_point_on_screen(game):
    state, position = board_input(game), start(game)
    moved = 0
    for cell in range(spec(game).cells):
        for drow, dcol in ((0, -1), (0, 1), (-1, 0), (1, 0)):
            state.cursor = cell
            state.move_cursor(drow, dcol, position, spec(game).cells)
            if state.cursor == cell:
                continue  # the edge of the board
            moved += 1
            (x0, y0), (x1, y1) = centre(state, cell), centre(state, state.cursor)
            along = (x1 - x0) * dcol + (y1 - y0) * drow
            across = abs((x1 - x0) * drow) + abs((y1 - y0) * dcol)
            assert along > 0 and across < along, (cell, drow, dcol, state.cursor)
    assert moved >= spec(game).cells


def test_the_cursor_starts_on_the_piece_picked_up():
    state, position = board_input("brandubh"), start("brandubh")
    b7 = state.ui.rules.square_index("b7")
    state.activate(b7, position)
    state.move_cursor(1, 0, position, spec("brandubh").cells)
    assert state.cursor == b7


# --- the replay cursor --------------------------------------------------------------------


def test_looking_back_holds_the_game_and_going_back_lets_it_carry_on():
    game = Game(start("reversi"), ["f5", "d6", "c3", "d3"])
    play = Play(Setup("reversi", "hotseat"), game)
    replay = ReplayCursor(play)
    told = []
    replay.listeners.append(told.append)
    assert replay.show(1) and play.paused and replay.viewing == 1
    assert replay.shown_position == list(game.replay())[1] and replay.shown_ply == 1
    assert replay.mover(1) == "b" and replay.mover(2) == "w"
    assert not replay.show(1)  # the same ply: nothing changes, nobody is told
    assert replay.show(99) and replay.viewing is None and not play.paused  # the game itself
    assert told == [1, None]
    assert not replay.back()
    assert replay.shown_position is play.position and replay.shown_ply == 4
