"""Games with a friend through the real page, in headless Chromium: two
browser contexts stand for two devices, each with its own storage.  A link
is sent from one page (the share sheet where the browser has one, else the
clipboard; the page's address shows it too) and opened as the other page's
address; two links of one game arrive in the right order on one device and
in the wrong order on the other; a link opened in a page already running
opens its game too."""

from __future__ import annotations

from game.friends import (
    FriendGame,
    Verdict,
    keep_friend_game,
    load_friend_games,
    receive_link,
    write_friend_link,
)
from game.friends.link import read_friend_link
from game.platform import clipboard, web
from game.platform.storage import MemoryStorage
from game.rules import START_CODES
from game.rules.record import Game
from game.ui.board.scene import BoardScene
from game.ui.menu import MenuScene
from game.ui.opening import requested_friend_link
from tests.ui.driver import make_app, steps

from . import test_browser as shared
from .browser import Runtime, replay_script
from .test_browser import LANDSCAPE, PageWindow

# The built page, Chromium, and what the page's Python block calls: the same
# fixtures as test_browser.py's.
site, browser, page_calls = shared.site, shared.browser, shared.page_calls

GAME_ID = "c0ffee00d15ea5e5"


def on_device(monkeypatch, page) -> None:
    """game/platform talks to `page` from now on."""
    window = PageWindow(page)
    monkeypatch.setattr(web, "browser_window", lambda: window)
    monkeypatch.setattr(clipboard, "browser_window", lambda: window)


def sent_from(page, monkeypatch, entry: FriendGame) -> tuple[str, str]:
    """Send `entry`'s latest link from `page`; the link and how it went."""
    on_device(monkeypatch, page)
    link = web.share_link(write_friend_link(entry.latest_link()))
    answers: list[str] = []
    clipboard.send(link, "Your move", "", answers.append)
    for _ in range(100):
        clipboard.poll()
        if answers:
            break
        page.wait_for_timeout(20)
    assert page.evaluate("location.href") == link  # the address shows it too
    return link, answers[0]


def opened_on(context_page, monkeypatch, storage, link: str) -> Verdict:
    """The link opened as a page's address, read as the app reads it at start."""
    page = context_page(link)
    on_device(monkeypatch, page)
    text = requested_friend_link(None)
    assert text is not None
    return receive_link(storage, read_friend_link(text)).verdict


def test_two_links_of_one_game_in_the_right_and_the_wrong_order(browser, site, page_calls,
                                                              monkeypatch):
    runtime = Runtime(main_js=replay_script(page_calls))
    devices = {}
    for name in ("one", "two"):
        context = browser.new_context(viewport={"width": LANDSCAPE[0], "height": LANDSCAPE[1]})
        context.grant_permissions(["clipboard-read", "clipboard-write"],
                                  origin=site[1].rstrip("/"))
        context.route("https://pygame-web.github.io/cdn/**", runtime.route)
        devices[name] = context

    def opener(context):
        def open_link(url):
            page = context.new_page()
            page.goto(url)
            return page
        return open_link

    # Device one makes the first move and sends it: no share sheet here, so it is copied.
    first_game = FriendGame(GAME_ID, "a", Game(START_CODES["brandubh"], ["b7-b6"]))
    sender = opener(devices["one"])(site[1])
    first, how = sent_from(sender, monkeypatch, first_game)
    assert how == clipboard.COPIED
    assert sender.evaluate("navigator.clipboard.readText()") == first
    # The friend's reply, sent where the browser has a share sheet (a phone's).
    reply = FriendGame(GAME_ID, "d", Game(START_CODES["brandubh"], ["b7-b6", "e5-e7"]))
    phone = opener(devices["two"])(site[1])
    phone.evaluate("() => { navigator.share = (data) => {"
                   " window.sharedData = data; return Promise.resolve() } }")
    second, how = sent_from(phone, monkeypatch, reply)
    assert how == clipboard.SHARED and phone.evaluate("window.sharedData.url") == second

    # Device one has the game it sent; device two is a fresh one of the friend's.
    player, friend = MemoryStorage(), MemoryStorage()
    keep_friend_game(player, first_game)
    assert opened_on(opener(devices["two"]), monkeypatch, friend, first) == Verdict.NEW
    # The right order on device one: the reply continues the game it has.
    assert opened_on(opener(devices["one"]), monkeypatch, player, second) == Verdict.NEWER
    assert opened_on(opener(devices["one"]), monkeypatch, player, first) == Verdict.OLDER
    # The wrong order on a device that has neither: the newer link first.
    late = MemoryStorage()
    assert opened_on(opener(devices["two"]), monkeypatch, late, second) == Verdict.NEW
    assert opened_on(opener(devices["two"]), monkeypatch, late, first) == Verdict.OLDER
    for storage in (player, late):
        [kept] = load_friend_games(storage)
        assert kept.game.move_texts() == ["b7-b6", "e5-e7"] and kept.my_turn
    for context in devices.values():
        context.close()


def test_a_link_opened_in_the_running_page_opens_the_friends_game(browser, site, page_calls,
                                                                  monkeypatch):
    """Only the address's `#` changes (no reload): the page keeps the new
    fragment for the app, which opens the game as from a link at start."""
    context = browser.new_context(viewport={"width": LANDSCAPE[0], "height": LANDSCAPE[1]})
    context.route("https://pygame-web.github.io/cdn/**",
                  Runtime(main_js=replay_script(page_calls)).route)
    page = context.new_page()
    page.goto(site[1])
    on_device(monkeypatch, page)
    app = make_app(monkeypatch)  # the app running in the page, its address with no link
    assert isinstance(app.scene, MenuScene)
    sent = FriendGame(GAME_ID, "a", Game(START_CODES["brandubh"], ["b7-b6"]))
    link = write_friend_link(sent.latest_link())
    page.evaluate("(link) => { location.hash = link }", link)
    page.wait_for_function("location.hash.length > 1")
    assert page.evaluate("location.pathname") == "/"  # the same page: nothing reloaded it
    steps(app, round(web.POLL_SECONDS * 60) + 1)
    assert isinstance(app.scene, BoardScene) and app.scene.play.game.move_texts() == ["b7-b6"]
    assert app.scene.play.setup.mode == "friend"
    assert page.evaluate("window.taiplis_arrived()") == ""  # handed over once
    web.share_link(link + "0")  # the game's own Share is no arrival
    assert page.evaluate("window.taiplis_arrived()") == ""
    context.close()
