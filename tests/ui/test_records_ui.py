"""Records and links in the app, as a player meets them (animations on).

A game shared from one board (Share: a link on the web, the record's text on
the desktop) opens as the same game: the link through the page's address as
the app starts (game/platform/web.py reading a fake page), the record through
the code dialog or `--open FILE`.  Whatever is damaged gives a notice and the
game on the board, or the one saved, stays as it was.
"""

from __future__ import annotations

import random

import pygame
import pytest

from game.platform import clipboard, web
from game.platform.storage import MemoryStorage
from game.rules import GAME_NAMES, START_CODES
from game.rules.record import Game
from game.rules.transcript import read_link, read_record, write_link, write_record
from game.ui.board.scene import BoardScene
from game.ui.dialogs import CodeDialog, ConfirmDialog
from game.ui.i18n import t
from game.ui.menu import MenuScene

from .driver import click, key, make_app, post, press, settle, steps
from .test_app import start_game
from .test_saves import play_moves, to_menu

PAGE = "https://example.org/taiplis/"


class LinkPage:
    """The page's functions the address and the clipboard go through."""

    def __init__(self, fragment: str = "") -> None:
        self.fragment = fragment
        self.copied: list[str] = []
        self.answers: dict[int, str] = {}

    def taiplis_fragment(self) -> str:
        return self.fragment

    def taiplis_share(self, fragment: str) -> str:
        self.fragment = fragment
        return PAGE + "#" + fragment

    def taiplis_copy(self, text: str) -> int:
        self.copied.append(text)
        return len(self.copied)

    def taiplis_clipboard_result(self, request: int) -> str:
        return self.answers.pop(request, "")


@pytest.fixture
def page(monkeypatch) -> LinkPage:
    page = LinkPage()
    monkeypatch.setattr(web, "browser_window", lambda: page)
    monkeypatch.setattr(clipboard, "browser_window", lambda: page)
    return page


def random_game(name: str, seed: int, plies: int) -> Game:
    rng = random.Random(seed)
    game = Game(START_CODES[name])
    while game.legal_moves() and game.ply < plies:
        game.play(rng.choice(game.legal_moves()))
    return game


def same_game(a: Game, b: Game) -> bool:
    return list(a.replay()) == list(b.replay()) and a.move_texts() == b.move_texts() and \
        a.outcome() == b.outcome()


# --- Share ----------------------------------------------------------------------------------

@pytest.mark.parametrize("answer, key_", [("ok", "notice.link_copied"),
                                          ("failed", "notice.link_in_address")])
def test_share_on_the_web_copies_a_link_to_this_game(monkeypatch, page, answer, key_):
    app = make_app(monkeypatch)
    scene = start_game(app, "brandubh", "hotseat")
    play_moves(app, scene, 4)
    press(app, "share")
    assert len(page.copied) == 1 and page.copied[0] == PAGE + "#" + page.fragment
    assert same_game(read_link(page.fragment), scene.play.game)  # the address holds it too
    page.answers[1] = answer
    clipboard.poll()
    steps(app, 1)
    assert app.notice is not None and app.notice[0] == t(key_)
    assert app.errors == []


def test_share_on_the_desktop_copies_the_record(monkeypatch):
    copied: list[str] = []
    monkeypatch.setattr(clipboard, "copy",
                        lambda text, done=None: (copied.append(text), done and done(True)))
    app = make_app(monkeypatch)
    scene = start_game(app, "modiar", "hotseat")
    play_moves(app, scene, 5)
    press(app, "share")
    assert len(copied) == 1 and same_game(read_record(copied[0]), scene.play.game)
    assert app.notice[0] == t("notice.record_copied")


def test_copy_code_still_copies_the_position_only(monkeypatch):
    copied: list[str] = []
    monkeypatch.setattr(clipboard, "copy",
                        lambda text, done=None: (copied.append(text), done and done(True)))
    app = make_app(monkeypatch)
    scene = start_game(app, "reversi", "hotseat")
    play_moves(app, scene, 3)
    press(app, "copy")
    assert copied == [scene.play.position.code()]


# --- a shared link opens the same game ------------------------------------------------------

@pytest.mark.parametrize("name", GAME_NAMES)
def test_a_shared_link_opens_the_same_game(monkeypatch, page, name):
    shared = random_game(name, 7, plies=24)
    page.fragment = write_link(shared)
    app = make_app(monkeypatch)  # reads the page's address as it starts
    settle(app)
    scene = app.scene
    assert isinstance(scene, BoardScene) and same_game(scene.play.game, shared)
    assert scene.play.setup.mode == "hotseat"  # nobody's computer plays on a shared game
    assert app.notice is not None and app.notice[0] == t("notice.record_loaded")
    assert app.errors == []


def test_a_shared_finished_game_opens_at_its_end(monkeypatch, page):
    shared = random_game("modiar", 2, plies=500)
    assert shared.outcome() is not None
    page.fragment = write_link(shared)
    app = make_app(monkeypatch)
    settle(app)
    assert isinstance(app.scene, BoardScene) and same_game(app.scene.play.game, shared)
    assert app.scene.game_over_panel


def test_a_shared_link_asks_before_it_replaces_an_unfinished_game(monkeypatch, page):
    storage = MemoryStorage()
    app = make_app(monkeypatch, storage=storage)
    scene = start_game(app, "tawlbwrdd", "hotseat")
    play_moves(app, scene, 3)
    mine = scene.play.game.move_texts()
    shared = random_game("tawlbwrdd", 1, plies=10)
    page.fragment = write_link(shared)
    app = make_app(monkeypatch, storage=storage)  # the page opened again, with the link
    assert isinstance(app.scene, ConfirmDialog)
    press(app, "keep")
    assert isinstance(app.scene, BoardScene) and app.scene.play.game.move_texts() == mine
    app = make_app(monkeypatch, storage=storage)
    press(app, "confirm")
    assert same_game(app.scene.play.game, shared)
    app = make_app(monkeypatch, storage=storage)  # reloaded: the same game, nothing to ask
    assert isinstance(app.scene, BoardScene) and same_game(app.scene.play.game, shared)
    assert app.errors == []


def test_a_damaged_link_says_so_and_loses_nothing(monkeypatch, page):
    storage = MemoryStorage()
    app = make_app(monkeypatch, storage=storage)
    scene = start_game(app, "reversi", "hotseat")
    play_moves(app, scene, 4)
    mine = scene.play.game.move_texts()
    good = write_link(random_game("reversi", 3, plies=12))
    page.fragment = good[:-3] + "!!!"
    app = make_app(monkeypatch, storage=storage)
    assert isinstance(app.scene, MenuScene) and len(app.scenes) == 1
    assert app.notice is not None and app.notice[0] == t("record_error.link")
    press(app, "card-reversi")
    assert app.scene.play.game.move_texts() == mine
    assert app.errors == []


def test_a_fragment_that_is_no_game_link_is_left_alone(monkeypatch, page):
    page.fragment = "debug"  # pygbag's own: its console
    app = make_app(monkeypatch)
    assert isinstance(app.scene, MenuScene) and app.notice is None


# --- the code dialog and --open --------------------------------------------------------------

def paste_into_dialog(app, text: str) -> None:
    press(app, "load")
    assert isinstance(app.scene, CodeDialog)
    press(app, "clear")
    post(pygame.TEXTINPUT, text=text)
    key(app, pygame.K_RETURN)


def test_the_code_dialog_loads_a_record_with_its_moves(monkeypatch):
    app = make_app(monkeypatch)
    scene = start_game(app, "brandubh", "hotseat")
    shared = random_game("brandubh", 5, plies=14)
    paste_into_dialog(app, " ".join(write_record(shared).split()))  # one line, as a prompt gives
    settle(app)
    assert app.scene is scene and same_game(scene.play.game, shared)
    assert scene.play.game.can_undo  # the moves came too: each can be taken back


def test_the_code_dialog_loads_a_reversi_transcript(monkeypatch):
    app = make_app(monkeypatch)
    scene = start_game(app, "reversi", "hotseat")
    paste_into_dialog(app, "F5d6C3d3")
    settle(app)
    assert scene.play.game.move_texts() == ["f5", "d6", "c3", "d3"]


def test_a_bad_record_in_the_dialog_names_the_move_and_keeps_the_game(monkeypatch):
    app = make_app(monkeypatch)
    scene = start_game(app, "modiar", "hotseat")
    play_moves(app, scene, 2)
    mine = scene.play.game.move_texts()
    paste_into_dialog(app, "modiar 1. S1 N3 2. S2 S1")  # North cannot play a South pit
    dialog = app.scene
    assert isinstance(dialog, CodeDialog)
    assert dialog.error == t("record_error.move", move="2... S1")
    key(app, pygame.K_ESCAPE)
    assert app.scene is scene and scene.play.game.move_texts() == mine
    assert app.errors == []


def test_open_file_starts_on_that_game(monkeypatch, tmp_path):
    shared = random_game("tawlbwrdd", 9, plies=30)
    record = tmp_path / "game.txt"
    record.write_text(write_record(shared), encoding="utf-8")
    app = make_app(monkeypatch, open_file=str(record))
    settle(app)
    assert isinstance(app.scene, BoardScene) and same_game(app.scene.play.game, shared)
    to_menu(app)  # the menu is beneath, as after any game
    assert app.errors == []


@pytest.mark.parametrize("content", [None, b"\xff\xfe\x00binary", b"brandubh\n1. a4-a9\n"])
def test_open_file_that_holds_no_game_gives_a_notice_over_the_menu(monkeypatch, tmp_path,
                                                                   content):
    path = tmp_path / "game.txt"
    if content is not None:
        path.write_bytes(content)
    app = make_app(monkeypatch, open_file=str(path))
    assert isinstance(app.scene, MenuScene) and app.notice is not None
    if content is None or content.startswith(b"\xff"):
        assert app.notice[0] == t("record_error.file", name="game.txt")
    else:
        assert app.notice[0] == t("record_error.move", move="1. a4-a9")
    assert app.errors == []


def test_a_shared_game_can_be_replayed_from_its_move_list(monkeypatch, page):
    shared = random_game("brandubh", 4, plies=16)
    page.fragment = write_link(shared)
    app = make_app(monkeypatch)
    settle(app)
    scene = app.scene
    target = shared.ply - 3
    click(app, scene.move_list.rect_of(target).center)  # as a player picks it
    settle(app)
    assert scene.viewing == target
    assert scene.shown_position == list(shared.replay())[target]
    press(app, "replay-back")
    assert scene.viewing is None and scene.play.position == shared.position
    assert app.errors == []
