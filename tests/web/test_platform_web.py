"""game/platform's page-facing parts with a fake page: viewport, failure report, clipboard, main.py.

The same JavaScript functions run in Chromium in test_browser.py; here the
page is a Python object, so every branch (SDL undoing a size, a refused copy,
a failed start) can be played out on purpose.
"""

from __future__ import annotations

import runpy
from pathlib import Path
from types import SimpleNamespace

import pytest

from game.platform import clipboard, web
from game.platform.web import MAX_DEVICE_PIXELS, Viewport, device_size
from game.ui.i18n import t
from tests.ui.driver import make_app, press, steps

ROOT = Path(__file__).resolve().parents[2]


class FakePage:
    """The page's functions as game/platform calls them; SDL's canvas as a number pair."""

    def __init__(self, css=(390, 844), ratio=3.0) -> None:
        self.css, self.ratio = css, ratio
        self.canvas = SimpleNamespace(width=1, height=1)
        self.document = SimpleNamespace(getElementById=lambda name: self.canvas)
        self.failures: list[tuple[str, str]] = []
        self.answers: dict[int, str] = {}
        self.requests: list[tuple] = []

    def taiplis_viewport(self) -> str:
        return f"{self.css[0]},{self.css[1]},{self.ratio}"

    def taiplis_size_canvas(self, width, height) -> None:
        self.canvas.width, self.canvas.height = width, height

    def taiplis_fail(self, kind, detail) -> None:
        self.failures.append((kind, detail))

    def taiplis_copy(self, text) -> int:
        self.requests.append(("copy", text))
        return len(self.requests)

    def taiplis_paste(self, question, current) -> int:
        self.requests.append(("paste", question, current))
        return len(self.requests)

    def taiplis_clipboard_result(self, request) -> str:
        return self.answers.pop(request, "")


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_device_size_is_css_size_times_the_capped_ratio():
    assert device_size(390, 844, 1.0) == ((390, 844), 1.0)
    assert device_size(390, 844, 2.0) == ((780, 1688), 2.0)
    assert device_size(390, 844, 3.0) == ((780, 1688), 2.0)  # 3x phones are drawn at 2x
    assert device_size(400, 800, 0.5) == ((400, 800), 1.0)  # zoomed out: never below CSS
    (w, h), ratio = device_size(2560, 1440, 2.0)  # a large 2x desktop screen
    assert 1.0 <= ratio < 2.0 and w * h <= MAX_DEVICE_PIXELS * 1.001


def test_the_viewport_follows_the_page_and_polls_it_at_most_four_times_a_second():
    page, clock, resized = FakePage(), Clock(), []
    viewport = Viewport(page, clock=clock)
    follow = lambda: viewport.follow(lambda size, pixel_ratio: resized.append((size, pixel_ratio)))  # noqa: E731
    assert follow() and resized == [((780, 1688), 2.0)]
    assert (page.canvas.width, page.canvas.height) == (780, 1688)
    page.css = (844, 390)  # turned to landscape...
    clock.now += 0.1
    assert not follow()  # ...seen at the next poll, not before
    clock.now += 0.2
    assert follow() and resized[-1] == ((1688, 780), 2.0)
    clock.now += 1
    assert not follow() and len(resized) == 2  # nothing changed, nothing done


def test_the_viewport_restores_device_pixels_after_sdl_resets_the_canvas():
    page, clock, resized = FakePage(css=(1280, 800), ratio=2.0), Clock(), []
    viewport = Viewport(page, clock=clock)
    viewport.follow(lambda size, pixel_ratio: resized.append(size))
    page.canvas.width, page.canvas.height = 1280, 800  # SDL's resize handler: CSS pixels
    clock.now += 1
    assert viewport.follow(lambda size, pixel_ratio: resized.append(size))
    assert resized == [(2560, 1600), (2560, 1600)]


def test_the_viewport_falls_back_to_css_pixels_when_the_canvas_will_not_keep_device_pixels():
    page, resized = FakePage(css=(390, 844), ratio=2.0), []

    def sdl_in_css_pixels(size, pixel_ratio):  # an SDL that counts its window in CSS pixels
        resized.append((size, pixel_ratio))
        page.canvas.width, page.canvas.height = 390, 844

    Viewport(page, clock=Clock()).follow(sdl_in_css_pixels)
    assert resized == [((780, 1688), 2.0), ((390, 844), 1.0)]


def test_natively_the_page_functions_do_nothing():
    assert Viewport().follow(lambda *args, **kwargs: pytest.fail("resized natively")) is False
    assert web.report_failure("app", "boom") is False


def test_a_failure_is_reported_to_the_page(monkeypatch):
    page = FakePage()
    monkeypatch.setattr(web, "browser_window", lambda: page)
    assert web.report_failure("app", "x" * 5000)
    assert page.failures == [("app", "x" * 2000)]


def test_main_py_shows_the_error_screen_when_the_app_cannot_start(monkeypatch):
    page = FakePage()
    monkeypatch.setenv("SDL_VIDEO_HIGHDPI_DISABLED", "0")  # restored after the test
    monkeypatch.setattr(web, "browser_window", lambda: page)

    class Broken:
        def __init__(self, *args, **kwargs):
            raise RuntimeError("no display")

    monkeypatch.setattr("game.ui.app.App", Broken)
    runpy.run_path(str(ROOT / "main.py"), run_name="__main__")  # no exception escapes
    assert [kind for kind, _ in page.failures] == ["app"]
    assert "RuntimeError: no display" in page.failures[0][1]
    assert web.os.environ["SDL_VIDEO_HIGHDPI_DISABLED"] == "1"  # prepare(): SDL in canvas pixels


def test_natively_main_py_lets_a_failed_start_raise(monkeypatch):
    class Broken:
        def __init__(self, *args, **kwargs):
            raise RuntimeError("no display")

    monkeypatch.setattr("game.ui.app.App", Broken)
    with pytest.raises(RuntimeError, match="no display"):
        runpy.run_path(str(ROOT / "main.py"), run_name="__main__")


def test_natively_copy_answers_at_once():
    answers = []
    copied = clipboard.copy("modiar 444/444 S", answers.append)
    assert copied in (True, False) and answers == [copied]


# --- the board's Copy code and the dialog's Paste, with a browser page --------------------

@pytest.fixture
def page(monkeypatch):
    page = FakePage()
    monkeypatch.setattr(clipboard, "browser_window", lambda: page)
    return page


def start_hotseat(app):
    from tests.ui.test_app import start_game
    return start_game(app, "modiar", "hotseat")


@pytest.mark.parametrize("answer, key", [("ok", "notice.copied"),
                                         ("failed", "notice.copy_by_hand")])
def test_copy_code_says_copied_only_when_the_browser_copied(monkeypatch, page, answer, key):
    app = make_app(monkeypatch)
    scene = start_hotseat(app)
    code = scene.play.position.code()
    press(app, "copy")
    steps(app, 3)
    assert page.requests == [("copy", code)] and app.notice is None  # the browser decides
    page.answers[1] = answer
    clipboard.poll()
    steps(app, 1)
    assert app.notice is not None and app.notice[0] == t(key, code=code)
    assert clipboard.pending() == 0


def test_the_dialogs_paste_asks_the_page_and_takes_its_text(monkeypatch, page):
    app = make_app(monkeypatch)
    start_hotseat(app)
    press(app, "load")
    dialog = app.scene
    before = dialog.text
    press(app, "paste")
    assert page.requests[-1] == ("paste", t("dialog.record_help"), before)
    page.answers[len(page.requests)] = "cancel"  # the player closed the prompt
    clipboard.poll()
    assert dialog.text == before
    press(app, "paste")
    page.answers[len(page.requests)] = "text:  reversi 8/8/8/3WB3/3BW3/8/8/8 b \n"
    clipboard.poll()
    assert dialog.text == "reversi 8/8/8/3WB3/3BW3/8/8/8 b"


# --- the page's address: a shared game's link ---------------------------------------------

class AddressPage(FakePage):
    """A page at an address: its fragment, and Share setting it."""

    def __init__(self, href="https://example.org/taiplis/", fragment="") -> None:
        super().__init__()
        self.href, self.fragment = href, fragment

    def taiplis_fragment(self) -> str:
        return self.fragment

    def taiplis_share(self, fragment) -> str:
        self.fragment = fragment
        return self.href + "#" + fragment


def test_natively_there_is_no_address():
    assert web.page_fragment() is None
    assert web.share_link("t1.modiar.1.0.") is None


def test_the_fragment_is_read_from_the_page(monkeypatch):
    page = AddressPage(fragment="t1.reversi.1.4.Ag")
    monkeypatch.setattr(web, "browser_window", lambda: page)
    assert web.page_fragment() == "t1.reversi.1.4.Ag"
    page.fragment = ""
    assert web.page_fragment() is None  # an address with no fragment has no shared game


def test_share_link_puts_the_fragment_in_the_address_and_returns_the_link(monkeypatch):
    page = AddressPage()
    monkeypatch.setattr(web, "browser_window", lambda: page)
    assert web.share_link("t1.modiar.1.2.Bw") == "https://example.org/taiplis/#t1.modiar.1.2.Bw"
    assert web.page_fragment() == "t1.modiar.1.2.Bw"


def test_an_old_page_without_the_functions_shares_nothing(monkeypatch):
    page = FakePage()
    monkeypatch.setattr(web, "browser_window", lambda: page)
    assert web.page_fragment() is None and web.share_link("t1.x") is None


def test_a_link_made_by_share_opens_the_same_game_as_the_app_starts(monkeypatch):
    from game.rules.record import Game
    from game.rules.transcript import write_link
    from game.ui.board.scene import BoardScene

    game = Game("reversi 8/8/8/3WB3/3BW3/8/8/8 b", ["f5", "d6", "c3", "d3", "c4"])
    page = AddressPage()
    monkeypatch.setattr(web, "browser_window", lambda: page)
    link = web.share_link(write_link(game))
    opened = AddressPage(fragment=link.split("#", 1)[1])  # the link, opened in a new page
    monkeypatch.setattr(web, "browser_window", lambda: opened)
    app = make_app(monkeypatch)
    assert isinstance(app.scene, BoardScene)
    assert app.scene.play.game.move_texts() == game.move_texts()
    assert list(app.scene.play.game.replay()) == list(game.replay())
