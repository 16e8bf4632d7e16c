"""Playing a friend by link, as two players meet it: each on their own
device (an app with its own storage), a move made and sent, the link opened
by the friend (`--open LINK`, as the page's address would give it), and the
reply sent back; links opened in the wrong order, a link of another game
under the same id, one's own latest link and a damaged link each say so in
one line and change nothing."""

from __future__ import annotations

import pygame
import pytest

from game.friends import load_friend_games, read_friend_link, write_friend_link
from game.friends.link import FriendLink
from game.history import load_history
from game.platform import clipboard
from game.platform.storage import MemoryStorage
from game.rules.record import Game
from game.ui.board.scene import BoardScene
from game.ui.dialogs import ConfirmDialog
from game.ui.friends_scene import FriendsScene
from game.ui.i18n import t
from game.ui.menu import MenuScene
from game.ui.setup import SetupScene

from .driver import click, make_app, press, settle

GAME = "brandubh"


@pytest.fixture
def sent(monkeypatch) -> list[str]:
    """What Send copied (the desktop copies the link, then the record)."""
    copied: list[str] = []
    monkeypatch.setattr(clipboard, "copy",
                        lambda text, done=None: (copied.append(text), done and done(True)))
    return copied


def start_friend_game(app, side: str) -> BoardScene:
    press(app, f"card-{GAME}")
    assert isinstance(app.scene, SetupScene)
    press(app, "mode-friend")
    press(app, f"side-{side}")
    press(app, "start")
    assert isinstance(app.scene, BoardScene) and app.scene.play.setup.mode == "friend"
    return app.scene


def move(app, scene: BoardScene, text: str) -> None:
    """Make the move `text` with the mouse, as a player would."""
    settle(app)
    position = scene.play.position
    chosen = next(m for m in position.legal_moves() if position.move_text(m) == text)
    for square in scene.ui.move_squares(chosen):
        click(app, scene.ui.view.cell(square).center)
    settle(app)


def send(app, sent: list[str]) -> str:
    """Press Send; the link it copied."""
    share = app.scene.commands.button("share")
    assert share.label == "board.send" and share.selected  # offered: waiting to be sent
    press(app, "share")
    assert not share.selected
    assert t("friend.sent.copied") in (notice(app), *app.ctx.notices)  # shown, or next
    link = sent[-1].split("\n", 1)[0]
    assert read_friend_link(link)  # a link, and the record after it
    return link


def opened(monkeypatch, storage, link: str):
    """The friend's device started on `link` (`--open LINK`)."""
    app = make_app(monkeypatch, storage=storage, open_file=link)
    settle(app)
    return app


def notice(app) -> str:
    return app.notice[0] if app.notice else ""


def test_a_move_goes_by_link_and_the_reply_comes_back(monkeypatch, sent):
    mine, theirs = MemoryStorage(), MemoryStorage()
    app = make_app(monkeypatch, storage=mine)
    scene = start_friend_game(app, "a")
    assert not scene.commands.button("share").enabled  # nothing to send before a move
    move(app, scene, "b7-b6")
    assert scene.play.state.friend_to_move
    assert scene.status_line() == t("friend.waiting", side=t("side.d"))
    first = send(app, sent)
    # The player cannot move the friend's side: a click on a defender does nothing.
    defender = next(m for m in scene.play.position.legal_moves())
    click(app, scene.ui.view.cell(scene.ui.move_squares(defender)[0]).center)
    settle(app)
    assert scene.play.game.ply == 1 and scene.input.selected is None

    friend = opened(monkeypatch, theirs, first)
    board = friend.scene
    assert isinstance(board, BoardScene) and board.play.setup.human_side == "d"
    assert board.play.game.move_texts() == ["b7-b6"] and board.play.may_move()
    assert notice(friend) == t("friend.new", game=t(f"game.{GAME}"), side=t("side.d"))
    move(friend, board, "e5-e7")
    second = send(friend, sent)

    back = opened(monkeypatch, mine, second)
    assert isinstance(back.scene, BoardScene)
    assert back.scene.play.game.move_texts() == ["b7-b6", "e5-e7"]
    assert notice(back) == t("friend.your_move", game=t(f"game.{GAME}"))
    assert [g.game.ply for g in load_friend_games(mine)] == [2]
    assert mine.load(f"autosave.{GAME}") is None  # the player's own game slot is untouched
    assert back.errors == friend.errors == app.errors == []


def test_links_in_the_wrong_order_own_latest_diverged_and_damaged(monkeypatch, sent):
    mine, theirs = MemoryStorage(), MemoryStorage()
    app = make_app(monkeypatch, storage=mine)
    scene = start_friend_game(app, "a")
    move(app, scene, "b7-b6")
    first = send(app, sent)
    friend = opened(monkeypatch, theirs, first)
    move(friend, friend.scene, "e5-e7")
    second = send(friend, sent)
    name = t(f"game.{GAME}")

    back = opened(monkeypatch, mine, second)
    move(back, back.scene, "d7-d6")
    third = send(back, sent)
    stored = mine.data["friends"]

    older = opened(monkeypatch, mine, first)  # the first link again, after the third
    assert isinstance(older.scene, MenuScene)
    assert notice(older) == t("friend.older", game=name)
    own = opened(monkeypatch, mine, third)
    assert isinstance(own.scene, BoardScene) and own.scene.play.state.friend_to_move
    assert notice(own) == t("friend.own_latest", game=name)

    link = read_friend_link(second)
    other = FriendLink(link.game_id, "d", Game(link.game.start, ["b7-b6", "e3-g3"]))
    diverged = opened(monkeypatch, mine, write_friend_link(other))
    assert isinstance(diverged.scene, MenuScene)
    assert notice(diverged) == t("friend.diverged", game=name, number=1)

    damaged = opened(monkeypatch, mine, third[:third.index(".t1.")] + ".t1.brandubh.3.x.AA")
    assert isinstance(damaged.scene, MenuScene)
    assert notice(damaged) == t("record_error.link")
    no_id = opened(monkeypatch, mine, "f1..a.t1.brandubh.3.0.")
    assert notice(no_id) == t("friend.no_id")
    assert mine.data["friends"] == stored  # none of them changed anything
    for each in (older, own, diverged, damaged, no_id):
        assert each.errors == []


def test_a_resignation_is_sent_like_a_move(monkeypatch, sent):
    mine, theirs = MemoryStorage(), MemoryStorage()
    app = make_app(monkeypatch, storage=mine)
    scene = start_friend_game(app, "d")  # the attackers move first: the friend starts
    assert scene.play.state.friend_to_move
    first = send(app, sent)  # the empty game, for the friend to start
    friend = opened(monkeypatch, theirs, first)
    assert friend.scene.play.setup.human_side == "a"
    move(friend, friend.scene, "b7-b6")
    second = send(friend, sent)

    back = opened(monkeypatch, mine, second)
    press(back, "resign")
    assert isinstance(back.scene, ConfirmDialog)
    press(back, "confirm")
    assert back.scene.play.game.outcome().winner == "a"
    resigned = send(back, sent)

    ended = opened(monkeypatch, theirs, resigned)
    assert notice(ended) == t("friend.ended", game=t(f"game.{GAME}"))
    assert ended.scene.play.game.outcome().winner == "a"
    assert not ended.scene.commands.button("share").selected  # the friend's act: nothing to send
    [kept] = load_history(theirs)
    assert (kept.mode, kept.human_side, kept.winner) == ("friend", "a", "a")


def test_a_draw_offered_by_link_is_accepted_by_link(monkeypatch, sent):
    mine, theirs = MemoryStorage(), MemoryStorage()
    app = make_app(monkeypatch, storage=mine)
    scene = start_friend_game(app, "a")
    press(app, "draw")  # offered on the player's turn, sent with the move
    move(app, scene, "b7-b6")
    offer = send(app, sent)
    assert read_friend_link(offer).offer

    friend = opened(monkeypatch, theirs, offer)
    assert notice(friend) == t("friend.draw_offered", game=t(f"game.{GAME}"))
    assert friend.scene.commands.button("draw").label == "board.accept_draw"
    press(friend, "draw")
    assert friend.scene.play.game.outcome().winner is None
    accepted = send(friend, sent)

    back = opened(monkeypatch, mine, accepted)
    assert back.scene.play.game.outcome().winner is None
    assert notice(back) == t("friend.ended", game=t(f"game.{GAME}"))


def test_the_menu_lists_the_games_with_friends_and_opens_them(monkeypatch, sent):
    storage = MemoryStorage()
    app = make_app(monkeypatch, storage=storage)
    scene = start_friend_game(app, "a")
    move(app, scene, "b7-b6")
    press(app, "menu")
    press(app, "friends")
    assert isinstance(app.scene, FriendsScene)
    row = app.scene.game_rows[0]
    assert t(f"game.{GAME}") in row.text and t("friends.waiting") in row.text
    press(app, "friend-0")
    assert isinstance(app.scene, BoardScene) and app.scene.play.game.move_texts() == ["b7-b6"]
    assert app.scene.play.state.friend_to_move
    assert app.errors == []


def test_a_link_pasted_in_the_friends_scene_opens_its_game(monkeypatch, sent):
    link = write_friend_link(FriendLink("abcdef123456", "a",
                                        Game(_start(), ["b7-b6"])))
    monkeypatch.setattr(clipboard, "paste", lambda done, prompt="", current="": done(link))
    app = make_app(monkeypatch)
    press(app, "friends")
    press(app, "open-link", frames=2)
    assert isinstance(app.scene, BoardScene) and app.scene.play.may_move()
    monkeypatch.setattr(clipboard, "paste", lambda done, prompt="", current="": done("hello"))
    press(app, "menu")
    press(app, "friends")
    press(app, "open-link")
    assert isinstance(app.scene, FriendsScene)
    assert t("friend.not_link") in (notice(app), *app.ctx.notices)
    assert len(app.scene.game_rows) == 1


def _start() -> str:
    from game.rules import START_CODES
    return START_CODES[GAME]


def test_keys_do_not_move_the_friends_side(monkeypatch, sent):
    app = make_app(monkeypatch)
    scene = start_friend_game(app, "d")
    for _ in range(3):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0,
                                             unicode="", scancode=0))
        app.step(1 / 60)
    assert scene.play.game.ply == 0 and not scene.play.may_move()
