"""Nothing is lost by one click: Resign asks, every game keeps its own
autosave on its menu card, and starting or loading over an unfinished game
asks first.  Played with animations on, by clicks and keys, as a person would."""

from __future__ import annotations

import random
import re

import pygame
import pytest

from game.platform.storage import MemoryStorage
from game.rules import START_CODES, start
from game.ui import menu as menu_module
from game.ui.board import move_list as move_list_module
from game.ui.board import panel as board_panel_module
from game.ui.board import result as board_result_module
from game.ui.board.scene import BoardScene
from game.ui.dialogs import CodeDialog, ConfirmDialog
from game.ui.i18n import t
from game.ui.menu import MenuScene
from game.ui.play import Play, Setup
from game.ui.setup import SetupScene

from .driver import button, key, make_app, post, press, settle, steps
from .test_app import play_move_by_hand, start_game


def drawn_texts(app) -> list[str]:
    """Every text the board scene and the menu show: the next frame, drawn in full
    (an idle app draws nothing, so the frame is asked for)."""
    seen: list[str] = []
    with pytest.MonkeyPatch.context() as patch:
        for module in (board_panel_module, board_result_module, move_list_module, menu_module):
            real = module.draw_text

            def recording(surface, text, *args, _real=real, **kwargs):
                seen.append(text)
                return _real(surface, text, *args, **kwargs)
            patch.setattr(module, "draw_text", recording)
        app.redraw()
        steps(app, 1)
    return seen


def play_moves(app, scene: BoardScene, count: int, seed: int = 3) -> None:
    """`count` random moves by mouse, each animation played out first."""
    rng = random.Random(seed)
    for _ in range(count):
        settle(app)
        before = scene.play.game.ply
        play_move_by_hand(app, scene, rng, "mouse")
        assert scene.play.game.ply == before + 1
    settle(app)


def to_menu(app) -> MenuScene:
    press(app, "menu")
    assert isinstance(app.scene, MenuScene)
    return app.scene


def type_code(app, code: str) -> None:
    press(app, "load")
    assert isinstance(app.scene, CodeDialog)
    press(app, "clear")
    post(pygame.TEXTINPUT, text=code)
    key(app, pygame.K_RETURN)


# --- resigning ---------------------------------------------------------------------------


def test_resign_asks_and_keeping_on_keeps_the_game(monkeypatch):
    app = make_app(monkeypatch)
    scene = start_game(app, "tawlbwrdd", "hotseat")
    play_moves(app, scene, 3)
    moves = scene.play.game.move_texts()
    press(app, "resign")
    assert isinstance(app.scene, ConfirmDialog), "one click on Resign must not end the game"
    press(app, "keep")
    assert app.scene is scene and scene.play.game.outcome() is None
    press(app, "resign")
    key(app, pygame.K_ESCAPE)  # Esc keeps playing too
    assert app.scene is scene and scene.play.game.outcome() is None
    press(app, "resign")
    key(app, pygame.K_RETURN)  # the focus starts on the safe answer
    assert app.scene is scene and scene.play.game.outcome() is None
    assert scene.play.game.move_texts() == moves
    assert app.errors == []


def test_confirmed_resignation_on_one_device_names_the_side(monkeypatch):
    app = make_app(monkeypatch)
    scene = start_game(app, "tawlbwrdd", "hotseat")
    play_moves(app, scene, 3)  # the defenders are to move
    press(app, "resign")
    press(app, "confirm")
    assert app.scene is scene and scene.play.game.outcome().winner == "a"
    settle(app)
    texts = drawn_texts(app)
    assert "The defenders resigned" in texts and "Winner: Attackers" in texts
    assert "A player resigned" not in texts
    assert app.errors == []


def test_confirmed_resignation_against_the_computer_says_you_resigned(monkeypatch):
    app = make_app(monkeypatch)
    scene = start_game(app, "reversi", "computer", side="b")
    press(app, "resign")
    assert isinstance(app.scene, ConfirmDialog)
    key(app, pygame.K_TAB)  # from "Keep playing" to "Resign", by keyboard
    key(app, pygame.K_RETURN)
    assert scene.play.game.outcome().winner == "w"
    settle(app)
    texts = drawn_texts(app)
    assert "You resigned" in texts and "You lose" in texts
    assert app.errors == []


# --- one autosave per game --------------------------------------------------------------


def test_another_game_leaves_an_unfinished_one_continuable_from_its_card(monkeypatch):
    storage = MemoryStorage()
    app = make_app(monkeypatch, storage=storage)
    scene = start_game(app, "tawlbwrdd", "hotseat")
    play_moves(app, scene, 21)
    tawlbwrdd = scene.play.game.move_texts()
    to_menu(app)
    modiar = start_game(app, "modiar", "hotseat")
    play_moves(app, modiar, 2)
    menu = to_menu(app)
    texts = drawn_texts(app)
    assert "Tawlbwrdd · move 11" in texts and "Modiar · move 1" in texts
    assert button(app, "card-tawlbwrdd").text == "Continue"
    assert button(app, "new-tawlbwrdd").visible and not button(app, "new-brandubh").visible
    press(app, "card-tawlbwrdd")
    assert isinstance(app.scene, BoardScene) and app.scene is not menu
    assert app.scene.play.game.move_texts() == tawlbwrdd
    assert app.scene.play.setup.mode == "hotseat"
    restarted = make_app(monkeypatch, storage=storage)  # and after closing the app
    press(restarted, "card-tawlbwrdd")
    assert restarted.scene.play.game.move_texts() == tawlbwrdd
    assert app.errors == [] and restarted.errors == []


def test_the_big_continue_takes_the_most_recent_game(monkeypatch):
    app = make_app(monkeypatch)
    play_moves(app, start_game(app, "brandubh", "hotseat"), 2)
    to_menu(app)
    play_moves(app, start_game(app, "reversi", "hotseat"), 3)
    to_menu(app)
    press(app, "continue")
    assert app.scene.play.setup.game == "reversi" and app.scene.play.game.ply == 3


def test_a_new_game_over_an_unfinished_one_asks_first(monkeypatch):
    app = make_app(monkeypatch)
    scene = start_game(app, "tawlbwrdd", "hotseat")
    play_moves(app, scene, 5)
    moves = scene.play.game.move_texts()
    to_menu(app)
    press(app, "new-tawlbwrdd")
    assert isinstance(app.scene, SetupScene)
    press(app, "start")
    assert isinstance(app.scene, ConfirmDialog), "the unfinished game is not replaced unasked"
    press(app, "keep")
    assert isinstance(app.scene, SetupScene)
    press(app, "back")
    press(app, "card-tawlbwrdd")
    assert app.scene.play.game.move_texts() == moves  # kept, every move
    to_menu(app)
    press(app, "new-tawlbwrdd")
    press(app, "start")
    press(app, "confirm")
    assert isinstance(app.scene, BoardScene) and app.scene.play.game.ply == 0
    to_menu(app)
    assert button(app, "card-tawlbwrdd").text == "Tawlbwrdd"  # replaced, as it said
    assert app.errors == []


def test_a_new_game_of_a_game_with_no_save_starts_at_once(monkeypatch):
    app = make_app(monkeypatch)
    play_moves(app, start_game(app, "tawlbwrdd", "hotseat"), 2)
    to_menu(app)
    assert isinstance(start_game(app, "brandubh", "hotseat"), BoardScene)  # nothing asked


# --- loading a code -----------------------------------------------------------------------


def test_loading_a_code_over_an_unfinished_game_asks_and_cancel_keeps_every_move(monkeypatch):
    app = make_app(monkeypatch)
    scene = start_game(app, "brandubh", "hotseat")
    play_moves(app, scene, 3)
    moves = scene.play.game.move_texts()
    type_code(app, START_CODES["brandubh"])
    assert isinstance(app.scene, ConfirmDialog)
    press(app, "keep")
    assert app.scene is scene and scene.play.game.move_texts() == moves
    type_code(app, START_CODES["brandubh"])
    press(app, "confirm")
    assert app.scene is scene and scene.play.game.ply == 0
    assert app.errors == []


def test_a_code_of_another_game_does_not_overwrite_that_games_save_unasked(monkeypatch):
    storage = MemoryStorage()
    app = make_app(monkeypatch, storage=storage)
    play_moves(app, start_game(app, "modiar", "hotseat"), 2)
    modiar = app.scene.play.game.move_texts()
    to_menu(app)
    scene = start_game(app, "brandubh", "hotseat")
    play_moves(app, scene, 2)
    brandubh = scene.play.game.move_texts()
    type_code(app, "modiar 2,8,8,8,8,8 0,0 n 0")
    assert isinstance(app.scene, ConfirmDialog)
    key(app, pygame.K_ESCAPE)
    assert app.scene is scene and scene.play.game.move_texts() == brandubh
    to_menu(app)
    press(app, "card-modiar")
    assert app.scene.play.game.move_texts() == modiar
    to_menu(app)
    press(app, "card-brandubh")
    type_code(app, "modiar 2,8,8,8,8,8 0,0 n 0")
    press(app, "confirm")
    assert app.scene.play.setup.game == "modiar" and app.scene.play.game.ply == 0
    to_menu(app)
    press(app, "card-brandubh")  # the game it was loaded over is still in its own slot
    assert app.scene.play.game.move_texts() == brandubh
    assert app.errors == []


def test_a_code_of_another_game_asks_before_leaving_the_game_on_the_board(monkeypatch):
    """No save of the other game to replace: leaving this one still asks first."""
    storage = MemoryStorage()
    app = make_app(monkeypatch, storage=storage)
    scene = start_game(app, "brandubh", "hotseat")
    play_moves(app, scene, 2)
    brandubh = scene.play.game.move_texts()
    assert "autosave.modiar" not in storage.data
    type_code(app, "modiar 2,8,8,8,8,8 0,0 n 0")
    assert isinstance(app.scene, ConfirmDialog), "switched games without asking"
    press(app, "keep")
    assert app.scene is scene and scene.play.game.move_texts() == brandubh
    assert "autosave.modiar" not in storage.data  # nothing loaded, nothing lost
    type_code(app, "modiar 2,8,8,8,8,8 0,0 n 0")
    press(app, "confirm")
    assert isinstance(app.scene, BoardScene) and app.scene.play.setup.game == "modiar"
    to_menu(app)
    press(app, "card-brandubh")  # the game left is kept on its own card
    assert app.scene.play.game.move_texts() == brandubh
    assert app.errors == []


def test_a_code_over_a_game_with_no_moves_loads_at_once(monkeypatch):
    app = make_app(monkeypatch)
    scene = start_game(app, "reversi", "hotseat")
    type_code(app, "reversi 8/8/8/3WB3/3BW3/8/8/8 w")
    assert app.scene is scene and scene.play.position.side == "w"


# --- old saves and damaged ones -------------------------------------------------------------


def old_single_slot_save(storage: MemoryStorage, game: str, plies: int) -> list[str]:
    """What the app wrote before each game had its own slot; its move texts."""
    play = Play(Setup(game, "hotseat"))
    rng = random.Random(2)
    for _ in range(plies):
        play.game.play(rng.choice(play.game.legal_moves()))
    storage.save("autosave", play.to_dict())
    return play.game.move_texts()


def test_an_old_single_slot_save_is_carried_over_to_its_games_card(monkeypatch):
    storage = MemoryStorage()
    moves = old_single_slot_save(storage, "tawlbwrdd", 7)
    app = make_app(monkeypatch, storage=storage)
    assert "autosave" not in storage.data and "autosave.tawlbwrdd" in storage.data
    assert button(app, "card-tawlbwrdd").text == "Continue"
    press(app, "card-tawlbwrdd")
    assert app.scene.play.game.move_texts() == moves
    assert app.notice is None and app.errors == []


def test_a_damaged_save_of_one_game_is_set_aside_and_the_others_stay(monkeypatch):
    storage = MemoryStorage()
    storage.data["autosave.reversi"] = "{not json"
    storage.save("autosave.brandubh", {"setup": {"game": "chess"}})  # readable, unusable
    play = Play(Setup("modiar", "hotseat"))
    play.game.play(start("modiar").legal_moves()[0])
    storage.save("autosave.modiar", play.to_dict())
    app = make_app(monkeypatch, storage=storage)
    assert "autosave.reversi.damaged" in storage.data and "autosave.reversi" not in storage.data
    assert "autosave.brandubh.damaged" in storage.data
    assert button(app, "card-reversi").text == "Reversi"
    assert button(app, "card-modiar").text == "Continue"
    steps(app, 2)
    assert app.notice is not None and "set aside" in app.notice[0]
    assert app.errors == []


# --- captions count like the move list --------------------------------------------------------


def test_the_menu_captions_say_the_number_the_move_list_shows(monkeypatch):
    app = make_app(monkeypatch)
    scene = start_game(app, "reversi", "hotseat")
    play_moves(app, scene, 9)
    numbers = [int(m.group(1)) for text in drawn_texts(app)
               if (m := re.fullmatch(r"(\d+)\.", text))]  # a line's number, drawn alone
    last_line = max(numbers)
    assert last_line == 5 and scene.play.game.ply == 9
    to_menu(app)
    captions = [text for text in drawn_texts(app) if text.startswith("Reversi ·")]
    assert captions == [f"Reversi · move {last_line}"] * 2  # on the card and over Continue


OLD_BRANDUBH_START = "brandubh 2AAA2/7/A1DDD1A/A1DKD1A/A1DDD1A/7/2AAA2 a -"


def brandubh_save_from_the_first_rules() -> dict:
    """A Brandubh autosave as the game wrote it before the rules were revised:
    the old start, moves legal under either rules, and no edition field."""
    return {"setup": {"game": "brandubh", "mode": "hotseat", "human_side": "",
                      "level": "ovate", "seed": 0},
            "game": {"version": 1, "start": OLD_BRANDUBH_START, "moves": ["c7-c6", "c5-b5"],
                     "cursor": 2, "ending": None},
            "saved_at": 5.0}


@pytest.mark.parametrize("language", ["en", "ga", "da"])
def test_a_brandubh_game_saved_under_the_first_rules_is_set_aside_with_word_why(
        monkeypatch, language):
    storage = MemoryStorage()
    storage.save("settings", {"language": language})
    storage.save("autosave.brandubh", brandubh_save_from_the_first_rules())
    play = Play(Setup("reversi", "hotseat"))
    play.game.play(start("reversi").legal_moves()[0])
    storage.save("autosave.reversi", play.to_dict())
    app = make_app(monkeypatch, storage=storage)
    assert "autosave.brandubh.damaged" in storage.data  # kept, not deleted
    assert "autosave.brandubh" not in storage.data  # and never continued
    assert button(app, "card-brandubh").text == t("game.brandubh")
    assert button(app, "card-reversi").text == t("menu.continue")
    steps(app, 2)
    expected = t("notice.old_rules", what=t("storage.autosave.brandubh"))
    assert app.notice is not None and app.notice[0] == expected
    assert app.errors == []
