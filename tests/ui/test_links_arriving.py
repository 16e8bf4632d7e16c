"""A link opened in the page while the app runs: the browser changes only the
address's `#` and keeps the app running; the page keeps the new fragment
and the app (game/platform/web.py's AddressWatch, a fake page here) reads
it as it reads a link at start: the game opens, a damaged link says so and
loses nothing."""

from __future__ import annotations

import pytest

from game.friends import FriendGame, load_friend_games, write_friend_link
from game.platform import clipboard, web
from game.platform.storage import MemoryStorage
from game.rules import START_CODES
from game.rules.record import Game
from game.rules.transcript import write_link
from game.ui.board.scene import BoardScene
from game.ui.i18n import side_name, t
from game.ui.menu import MenuScene
from game.ui.play import load_save

from .driver import make_app, settle, steps
from .test_app import start_game
from .test_records_ui import LinkPage, random_game, same_game
from .test_saves import play_moves

POLL_FRAMES = round(web.POLL_SECONDS * 60) + 1  # frames until the page is asked once


class RunningPage(LinkPage):
    """A page whose address's `#` a link changes while the app runs."""

    def __init__(self) -> None:
        super().__init__()
        self.arrived = ""
        self.asked = 0

    def open_link(self, fragment: str) -> None:
        """What the page's hashchange does: the fragment waits to be taken."""
        self.fragment = self.arrived = fragment

    def taiplis_arrived(self) -> str:
        self.asked += 1
        fragment, self.arrived = self.arrived, ""
        return fragment


@pytest.fixture
def page(monkeypatch) -> RunningPage:
    page = RunningPage()
    monkeypatch.setattr(web, "browser_window", lambda: page)
    monkeypatch.setattr(clipboard, "browser_window", lambda: page)
    return page


def notice(app) -> str:
    return app.notice[0] if app.notice else ""


def test_a_friends_link_opened_while_a_game_is_played_opens_the_friends_game(monkeypatch, page):
    storage = MemoryStorage()
    app = make_app(monkeypatch, storage=storage)
    scene = start_game(app, "reversi", "hotseat")
    play_moves(app, scene, 3)
    mine = scene.play.game.move_texts()
    friends = FriendGame("c0ffee00d15ea5e5", "a", Game(START_CODES["brandubh"], ["b7-b6"]))
    page.open_link(write_friend_link(friends.latest_link()))
    steps(app, POLL_FRAMES)
    settle(app)
    assert isinstance(app.scene, BoardScene) and app.scene.play.setup.mode == "friend"
    assert app.scene.play.game.move_texts() == ["b7-b6"]
    assert notice(app) == t("friend.new", game=t("game.brandubh"), side=side_name("d"))
    [kept] = load_friend_games(storage)
    assert kept.game.move_texts() == ["b7-b6"]
    assert [type(scene) for scene in app.scenes] == [MenuScene, BoardScene]
    # The game left behind is kept as the menu button keeps it.
    assert load_save(storage, "reversi").game.move_texts() == mine
    assert app.errors == []


def test_a_shared_link_opened_while_the_app_runs_opens_its_game(monkeypatch, page):
    app = make_app(monkeypatch)
    assert isinstance(app.scene, MenuScene)
    shared = random_game("modiar", 4, plies=9)
    page.open_link(write_link(shared))
    steps(app, POLL_FRAMES)
    settle(app)
    assert isinstance(app.scene, BoardScene) and same_game(app.scene.play.game, shared)
    assert notice(app) == t("notice.record_loaded")
    assert app.errors == []


def test_a_damaged_link_opened_while_a_game_is_played_says_so_and_changes_nothing(
        monkeypatch, page):
    app = make_app(monkeypatch)
    scene = start_game(app, "tawlbwrdd", "hotseat")
    play_moves(app, scene, 2)
    mine = scene.play.game.move_texts()
    good = write_link(random_game("reversi", 3, plies=12))
    page.open_link(good[:-3] + "!!!")
    steps(app, POLL_FRAMES)
    assert app.scene is scene and scene.play.game.move_texts() == mine
    assert notice(app) == t("record_error.link")
    page.open_link("debug")  # no link at all (pygbag's console): let be
    steps(app, POLL_FRAMES)
    assert app.scene is scene and app.errors == []


def test_the_page_is_asked_a_few_times_a_second_not_every_frame(monkeypatch, page):
    app = make_app(monkeypatch)
    page.asked = 0
    steps(app, 60)
    assert 1 <= page.asked <= round(1 / web.POLL_SECONDS)
