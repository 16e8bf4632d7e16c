"""The built page in a real browser: headless Chromium, driven by Playwright.

The page is the output of `python -m game build-web`, served on 127.0.0.1.
pygbag's loader is replaced by our stand-in (tests/web/standin/pythons.js),
which does to the page what the real one was seen to do (docs/web.md), and the
interpreter by a script replaying what the template's Python block tells the
page, recorded by running that block natively on the built archive.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import platform as stdlib_platform
import re
import shutil
import sys
import threading
import types
from pathlib import Path

import pytest
from playwright.sync_api import sync_playwright

from game.platform import clipboard
from game.platform.web import Viewport
from game.webbuild import build_web

from .browser import CDN, CHROMIUM_ARGS, Runtime, ensure_chromium, open_page, replay_script, serve

PORTRAIT, LANDSCAPE = (390, 844), (1280, 800)
STRINGS = {language: json.loads((Path(__file__).parents[2] / "game" / "ui" / "i18n" /
                                 f"{language}.json").read_text(encoding="utf-8"))
           for language in ("en", "ga", "da")}


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    out = tmp_path_factory.mktemp("site") / "web"
    build_web(out=out)
    server, url = serve(out)
    yield out, url
    server.shutdown()


@pytest.fixture(scope="module")
def browser():
    executable = ensure_chromium()
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(executable), args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


# --- the template's Python block, run natively -------------------------------------------

def python_block(page: str) -> str:
    return page[page.index(">#<!--") + 1:page.index("# --></script>")]


def run_python_block(site_dir: Path, tmp_path: Path, monkeypatch, *, archive: str | None = None,
                     main_fails: bool = False) -> tuple[list[str], list]:
    """Run the built page's Python block with pygbag's objects faked; return its page calls.

    `archive` replaces the archive's file name (a missing file: the fetch fails).
    """
    calls: list[str] = []
    sourced: list = []

    class MM:
        UME = False

    class Window:
        location = types.SimpleNamespace(host="127.0.0.1:8000")
        python = types.SimpleNamespace(config=types.SimpleNamespace(debug=False))

        def eval(self, code):
            calls.append(code)
            if code == "taiplis_await_tap()":
                MM.UME = True  # the player taps

    Window.MM = MM

    @contextlib.asynccontextmanager
    async def fopen(name, mode="rb"):
        with open(site_dir / (archive or name), mode) as handle:
            yield handle

    async def source(main):
        sourced.append(main)
        if main_fails:
            raise RuntimeError("main.py failed")

    async def start_toplevel(shell, console=False):
        return None

    shell = types.SimpleNamespace(source=source)
    for name, value in {"window": Window(), "fopen": fopen, "shell": shell,
                        "run_main": lambda *args, **kwargs: None}.items():
        monkeypatch.setattr(stdlib_platform, name, value, raising=False)
    monkeypatch.setitem(sys.modules, "embed", types.SimpleNamespace(counter=lambda: 0))
    code = python_block((site_dir / "index.html").read_text(encoding="utf-8"))
    code = code.replace('"/data/data/', f'"{tmp_path.as_posix()}/')  # unpack into tmp_path
    namespace = {"PyConfig": {}, "shell": shell, "window": Window(),
                 "TopLevel_async_handler": types.SimpleNamespace(start_toplevel=start_toplevel)}
    code = code.replace("asyncio.run(custom_site())", "")
    exec(compile(code, "python block", "exec"), namespace)
    errors: list[BaseException] = []

    def run() -> None:  # in a thread of its own: Playwright's loop may own this one
        try:
            asyncio.run(namespace["custom_site"]())
        except BaseException as error:
            errors.append(error)

    worker = threading.Thread(target=run)
    worker.start()
    worker.join(60)
    assert not worker.is_alive() and not errors, errors
    return calls, sourced


def test_the_python_block_unpacks_waits_for_the_tap_and_starts_main_py(site, tmp_path,
                                                                       monkeypatch):
    calls, sourced = run_python_block(site[0], tmp_path, monkeypatch)
    assert calls == ['taiplis_stage(0.62, "unpacking")', 'taiplis_stage(0.8, "starting")',
                     'taiplis_stage(1.0, "tap")', "taiplis_await_tap()", "taiplis_started()"]
    assert [Path(main).relative_to(tmp_path).as_posix() for main in sourced] == \
        ["taiplis/assets/main.py"]


def test_the_python_block_reports_a_failed_archive_instead_of_freezing(site, tmp_path,
                                                                       monkeypatch):
    calls, sourced = run_python_block(site[0], tmp_path, monkeypatch, archive="missing.tar.gz")
    assert calls[0] == 'taiplis_stage(0.62, "unpacking")'
    assert calls[1].startswith('taiplis_fail("archive", "FileNotFoundError')
    assert len(calls) == 2 and sourced == []


def test_the_python_block_reports_a_damaged_archive(site, tmp_path, monkeypatch):
    damaged_site = tmp_path / "site"
    damaged_site.mkdir()
    shutil.copy2(site[0] / "index.html", damaged_site / "index.html")
    (damaged_site / "taiplis.tar.gz").write_bytes(b"\x1f\x8b not really gzip")
    calls, sourced = run_python_block(damaged_site, tmp_path / "unpacked", monkeypatch)
    assert calls[-1].startswith('taiplis_fail("archive", ') and sourced == []


def test_the_python_block_reports_a_failing_start(site, tmp_path, monkeypatch):
    calls, _ = run_python_block(site[0], tmp_path, monkeypatch, main_fails=True)
    assert calls[-1].startswith('taiplis_fail("app", "RuntimeError: main.py failed')


@pytest.fixture(scope="module")
def page_calls(site, tmp_path_factory):
    """What the Python block tells the page on a good start (for the fake interpreter)."""
    monkeypatch = pytest.MonkeyPatch()
    try:
        calls, _ = run_python_block(site[0], tmp_path_factory.mktemp("unpacked"), monkeypatch)
    finally:
        monkeypatch.undo()
    return calls


# --- the page in Chromium ------------------------------------------------------------------

def started_page(browser, site, page_calls, size, **options):
    """The page after the loader's work, the tap, and the game's start."""
    runtime = Runtime(main_js=replay_script(page_calls))
    page = open_page(browser, site[1], runtime, size=size, **options)
    page.wait_for_function("document.getElementById('loader').classList.contains('tap')")
    page.mouse.click(size[0] // 2, size[1] // 2)
    page.wait_for_function("document.getElementById('loader').hidden")
    return page, runtime


def hit_points(width: int, height: int) -> list[tuple[int, int]]:
    """Corners, edges, and a fine grid over the bottom rows where portrait buttons sit."""
    edge = [0, 1, width // 2, width - 2, width - 1]
    points = [(x, y) for x in edge for y in (0, 1, height // 2, height - 2, height - 1)]
    points += [(x, y) for y in range(height - 160, height, 8) for x in range(0, width, 10)]
    points += [(x, y) for y in range(0, height, 40) for x in range(0, width, 40)]
    return points


@pytest.mark.parametrize("size", [PORTRAIT, LANDSCAPE], ids=["390x844", "1280x800"])
def test_every_point_of_the_window_reaches_the_games_canvas(browser, site, page_calls, size):
    page, _ = started_page(browser, site, page_calls, size)
    canvas3d = page.evaluate("""() => { const c = document.getElementById('canvas3d')
        const box = c.getBoundingClientRect(); return [box.left, box.bottom, box.width] }""")
    assert canvas3d == [0, size[1], 128], "the loader appended its 128x128 canvas at bottom left"
    missed = page.evaluate("""(points) => points.filter(([x, y]) => {
        const hit = document.elementFromPoint(x, y); return !hit || hit.id !== 'canvas' })""",
                           hit_points(*size))
    assert missed == []
    page.context.close()


def test_the_hit_check_would_see_the_loaders_canvas(browser, site, page_calls):
    """The check above can fail: without the page's rule the bottom-left corner is lost."""
    page, _ = started_page(browser, site, page_calls, PORTRAIT)
    page.add_style_tag(content="#canvas3d { pointer-events: auto !important; z-index: 5 !important;"
                               " visibility: visible !important }")
    hit = page.evaluate(f"document.elementFromPoint(10, {PORTRAIT[1] - 10}).id")
    assert hit == "canvas3d"
    page.context.close()


def dialogs_on_reload(page) -> list[str]:
    seen: list[str] = []

    def answer(dialog):
        seen.append(dialog.type)
        dialog.accept()

    page.on("dialog", answer)
    page.mouse.click(200, 300)  # a tap: browsers only ask "leave?" after one
    page.reload()
    page.wait_for_load_state("load")
    return seen


def test_no_leave_site_prompt_on_reload(browser, site, page_calls):
    page, _ = started_page(browser, site, page_calls, LANDSCAPE)
    assert page.evaluate("window.config.can_close") == 1
    assert page.evaluate("window.onbeforeunload") is None
    assert dialogs_on_reload(page) == []
    page.context.close()


def test_the_leave_prompt_check_sees_a_prompt_when_can_close_is_0(browser, site, page_calls):
    """The same check on a page built the old way (can_close 0) sees the loader's prompt."""
    html = (site[0] / "index.html").read_text(encoding="utf-8")
    old = html.replace("can_close : 1,", "can_close : 0,")
    assert old != html
    runtime = Runtime(main_js=replay_script(page_calls))
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.route(CDN + "**", runtime.route)
    context.route(site[1], lambda route: route.fulfill(body=old, content_type="text/html"))
    page = context.new_page()
    page.goto(site[1])
    page.wait_for_function("window.standin && window.standin.events.includes('onload')")
    assert "beforeunload" in dialogs_on_reload(page)
    context.close()


def test_viewport_meta_and_title(browser, site, page_calls):
    page, _ = started_page(browser, site, page_calls, PORTRAIT)
    assert page.title() == "Táiplis — four old board games"
    viewport = page.get_attribute("meta[name=viewport]", "content")
    assert "width=device-width" in viewport and "initial-scale=1" in viewport
    page.context.close()


@pytest.mark.parametrize("language", ["en", "ga", "da"])
def test_the_loading_screen_shows_the_stages_in_the_browsers_language(browser, site,
                                                                       page_calls, language):
    runtime = Runtime(main_js=replay_script(page_calls))
    page = open_page(browser, site[1], runtime, size=PORTRAIT, locale=f"{language}-XX")
    assert page.inner_text("#loader h1") == "Táiplis"
    page.wait_for_function("document.getElementById('loader').classList.contains('tap')")
    assert page.inner_text("#stage") == STRINGS[language]["page.tap"]
    assert page.get_attribute("#bar", "aria-valuenow") == "100"
    assert page.evaluate("document.documentElement.lang") == language
    assert page.is_hidden("#failure")
    assert not any("vtx" in url or "xterm" in url for url in runtime.requested), \
        "no console assets without #debug"
    page.context.close()


def test_the_progress_bar_follows_the_runtimes_download(browser, site):
    runtime = Runtime(main_js=None)  # the interpreter hangs: only the download moves
    page = open_page(browser, site[1], runtime, size=PORTRAIT)
    page.wait_for_function("document.getElementById('bar').getAttribute('aria-valuenow') == '60'")
    assert page.inner_text("#stage") == STRINGS["en"]["page.loading"]
    page.context.close()


def expect_failure(page, language: str, key: str) -> None:
    page.wait_for_selector("[role=alert]", state="visible")
    assert page.inner_text("[role=alert] h2") == STRINGS[language]["page.error_title"]
    assert page.inner_text("#failure-why") == STRINGS[language][key]
    assert page.inner_text("#retry") == STRINGS[language]["page.retry"]
    assert page.is_hidden("#loader")


@pytest.mark.parametrize("language", ["en", "ga", "da"])
def test_a_loader_that_cannot_load_shows_the_error_and_retry_works(browser, site, page_calls,
                                                                   language):
    runtime = Runtime(main_js=replay_script(page_calls), pythons_js=False)
    page = open_page(browser, site[1], runtime, size=PORTRAIT, locale=f"{language}-XX")
    expect_failure(page, language, "page.error_runtime")
    runtime.pythons_js = True  # the network is back
    with page.expect_navigation(wait_until="domcontentloaded"):
        page.click("#retry")  # reloads the page
    # Null-safe: on a loaded machine the check may run before the new page's
    # loader is parsed, and a predicate that throws fails the wait at once.
    page.wait_for_function("document.getElementById('loader')?.classList.contains('tap')")
    assert page.is_hidden("#failure")
    page.context.close()


def test_a_runtime_that_never_arrives_shows_the_error_after_45_seconds(browser, site):
    runtime = Runtime(main_js=None)
    page = open_page(browser, site[1], runtime, size=PORTRAIT, clock=True)
    page.wait_for_function("document.getElementById('bar').getAttribute('aria-valuenow') == '60'")
    page.clock.run_for(30_000)
    assert page.is_hidden("#failure") and page.is_visible("#slow")
    page.clock.run_for(20_000)
    expect_failure(page, "en", "page.error_runtime")
    page.context.close()


@pytest.mark.parametrize("kind, key", [("archive", "page.error_archive"),
                                       ("app", "page.error_app")])
def test_a_failed_archive_or_start_shows_the_error(browser, site, tmp_path, monkeypatch,
                                                   kind, key):
    options = {"archive": "missing.tar.gz"} if kind == "archive" else {"main_fails": True}
    calls, _ = run_python_block(site[0], tmp_path, monkeypatch, **options)
    runtime = Runtime(main_js=replay_script(calls))
    page = open_page(browser, site[1], runtime, size=PORTRAIT, locale="da-DK")
    if kind == "app":  # the failure comes after the tap
        page.wait_for_function("document.getElementById('loader').classList.contains('tap')")
        page.mouse.click(100, 100)
    expect_failure(page, "da", key)
    assert page.get_attribute("#failure", "data-kind") == kind
    page.context.close()


# --- game/platform against the real page ------------------------------------------------

class PageWindow:
    """The page's `window` as game/platform sees it, each call run in Chromium."""

    def __init__(self, page) -> None:
        self.page = page
        self.document = types.SimpleNamespace(getElementById=self._element)

    def _element(self, name):
        width, height = self.page.evaluate(
            "(name) => [document.getElementById(name).width, document.getElementById(name).height]",
            name)
        return types.SimpleNamespace(width=width, height=height)

    def __getattr__(self, name):
        if not name.startswith("taiplis_"):
            raise AttributeError(name)
        return lambda *args: self.page.evaluate(f"(args) => window.{name}(...args)", list(args))


def test_the_game_follows_the_page_in_device_pixels(browser, site, page_calls):
    page, _ = started_page(browser, site, page_calls, PORTRAIT, scale=3)
    now = [0.0]
    viewport = Viewport(PageWindow(page), clock=lambda: now[0])
    resized = []
    assert viewport.follow(lambda size, pixel_ratio: resized.append((size, pixel_ratio)))
    assert resized == [((780, 1688), 2.0)]  # a 3x phone is drawn at 2x (MAX_PIXEL_RATIO)
    assert page.evaluate("[canvas.width, canvas.height]") == [780, 1688]
    assert page.evaluate("[canvas.clientWidth, canvas.clientHeight]") == list(PORTRAIT)
    now[0] += 1
    assert not viewport.follow(lambda *a, **k: resized.append("again"))  # nothing changed
    page.set_viewport_size({"width": 844, "height": 390})  # turned to landscape
    now[0] += 1
    assert viewport.follow(lambda size, pixel_ratio: resized.append((size, pixel_ratio)))
    assert resized[-1] == ((1688, 780), 2.0)
    assert page.evaluate("[canvas.width, canvas.height]") == [1688, 780]
    page.context.close()


def test_copy_and_paste_go_through_the_browsers_clipboard(browser, site, page_calls, monkeypatch):
    page, _ = started_page(browser, site, page_calls, LANDSCAPE,
                           permissions=("clipboard-read", "clipboard-write"))
    window = PageWindow(page)
    monkeypatch.setattr("game.platform.clipboard.browser_window", lambda: window)
    answers = []
    assert clipboard.copy("modiar 444/444 S", answers.append) is None  # the browser decides
    for _ in range(50):
        clipboard.poll()
        if answers:
            break
        page.wait_for_timeout(20)
    assert answers == [True]
    assert page.evaluate("navigator.clipboard.readText()") == "modiar 444/444 S"
    pasted = []
    clipboard.paste(pasted.append, prompt="Code?", current="")
    for _ in range(50):
        clipboard.poll()
        if pasted:
            break
        page.wait_for_timeout(20)
    assert pasted == ["modiar 444/444 S"]
    page.context.close()


def test_a_refused_copy_says_so(browser, site, page_calls, monkeypatch):
    page, _ = started_page(browser, site, page_calls, LANDSCAPE)
    page.evaluate("() => { navigator.clipboard.writeText = () => Promise.reject(new Error('no')) }")
    window = PageWindow(page)
    monkeypatch.setattr("game.platform.clipboard.browser_window", lambda: window)
    answers = []
    clipboard.copy("reversi 8/8/8/3WB3/3BW3/8/8/8 b", answers.append)
    for _ in range(50):
        clipboard.poll()
        if answers:
            break
        page.wait_for_timeout(20)
    assert answers == [False]
    page.context.close()


def test_on_a_touch_screen_paste_opens_a_text_prompt(browser, site, page_calls, monkeypatch):
    page, _ = started_page(browser, site, page_calls, PORTRAIT, touch=True)
    window = PageWindow(page)
    monkeypatch.setattr("game.platform.clipboard.browser_window", lambda: window)
    prompts = []

    def type_a_code(dialog):
        prompts.append((dialog.type, dialog.message, dialog.default_value))
        dialog.accept("brandubh 3a3/3a3/3d3/aadKdaa/3d3/3a3/3a3 a")

    page.on("dialog", type_a_code)
    pasted = []
    clipboard.paste(pasted.append, prompt="Type or paste a code", current="reversi")
    for _ in range(50):
        clipboard.poll()
        if pasted:
            break
        page.wait_for_timeout(20)
    assert prompts == [("prompt", "Type or paste a code", "reversi")]
    assert pasted == ["brandubh 3a3/3a3/3d3/aadKdaa/3d3/3a3/3a3 a"]
    cancelled = []
    page.remove_listener("dialog", type_a_code)
    page.on("dialog", lambda dialog: dialog.dismiss())
    clipboard.paste(cancelled.append, prompt="Code?")
    for _ in range(50):
        clipboard.poll()
        if cancelled:
            break
        page.wait_for_timeout(20)
    assert cancelled == [None]
    page.context.close()


def test_debug_loads_pygbags_console(browser, site, page_calls):
    runtime = Runtime(main_js=replay_script(page_calls))
    page = open_page(browser, site[1] + "#debug", runtime, size=LANDSCAPE)
    page.wait_for_function("window.standin && window.standin.events.includes('onload')")
    assert page.evaluate("window.standin.features") == ["vtx", "snd", "gui"]
    assert any(re.search(r"/vtx\.js$", url) for url in runtime.requested)
    assert page.is_visible("#pyconsole") or page.evaluate("!pyconsole.hidden")
    page.context.close()


def test_a_shared_games_link_goes_through_the_pages_address(browser, site, page_calls,
                                                             monkeypatch):
    from game.platform import web
    from game.rules.record import Game
    from game.rules.transcript import read_link, write_link

    game = Game("modiar 7,7,7,7,7,7 0,0 s 1", ["S1", "N3", "S2"])
    fragment = write_link(game)
    runtime = Runtime(main_js=replay_script(page_calls))
    page = open_page(browser, site[1] + "#" + fragment, runtime, size=LANDSCAPE)
    window = PageWindow(page)
    monkeypatch.setattr(web, "browser_window", lambda: window)
    assert web.page_fragment() == fragment
    assert read_link(web.page_fragment()).move_texts() == game.move_texts()
    steps_before = page.evaluate("history.length")
    game.play_text("N1")
    link = web.share_link(write_link(game))
    assert link == site[1] + "#" + write_link(game)
    assert page.evaluate("location.href") == link  # the address bar shows the new link...
    assert page.evaluate("history.length") == steps_before  # ...with no new step to go Back to
    assert web.page_fragment() == write_link(game)
    page.context.close()


@pytest.mark.parametrize("fragment", ["f1.c0ffee00d15ea5e5.a.t1.brandubh.3.1.GQ",
                                      "f1.c0ffee00d15ea5e5.a.t1.brandubh.3.1.GQ%2"],
                         ids=["friend-link", "cut-in-an-escape"])
def test_a_link_in_the_address_reaches_the_loader_and_the_app_unchanged(browser, site,
                                                                         page_calls, fragment,
                                                                         monkeypatch):
    """pygbag's loader puts the address's "#" part through decodeURI() (the stand-in
    does too), which throws on a stray "%": the page must not let that stop it."""
    from game.platform import web

    runtime = Runtime(main_js=replay_script(page_calls))
    page = open_page(browser, site[1] + "#" + fragment, runtime, size=PORTRAIT)
    page.wait_for_function("document.getElementById('loader').classList.contains('tap')",
                           timeout=10_000)
    assert page.evaluate("window.standin.argv") == [fragment], "the loader read the address"
    page.mouse.click(PORTRAIT[0] // 2, PORTRAIT[1] // 2)
    page.wait_for_function("document.getElementById('loader').hidden")
    assert page.evaluate("document.getElementById('failure').hidden")
    window = PageWindow(page)
    monkeypatch.setattr(web, "browser_window", lambda: window)
    assert web.page_fragment() == fragment, "the app reads the text the address had"
    if "%" not in fragment:
        assert page.evaluate("location.href") == site[1] + "#" + fragment, "left as it was"
    page.context.close()
