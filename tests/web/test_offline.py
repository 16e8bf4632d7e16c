"""Installed and offline: the web app manifest, the service worker (sw.js) and the page's notices.

The files are checked as the build writes them; then the built page runs in
headless Chromium, served on 127.0.0.1 (a secure context, as the published
https site is) with pygbag's CDN routed to the stand-in loader
(tests/web/browser.py).  The service worker fetches the runtime's files
through the same routes, so what it asks of the "CDN" is recorded too.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import struct
from pathlib import Path

import pytest
from playwright.sync_api import sync_playwright

from game.webbuild import APP_NAME, MANIFEST, OFFLINE_FILES, build_web, runtime_urls

from .browser import (
    CDN,
    CHROMIUM_ARGS,
    STANDIN,
    Runtime,
    ensure_chromium,
    replay_script,
    serve,
)
from .test_browser import run_python_block

ROOT = Path(__file__).resolve().parents[2]
STRINGS = {language: json.loads((ROOT / "game" / "ui" / "i18n" / f"{language}.json")
                                .read_text(encoding="utf-8"))
           for language in ("en", "da")}
SIZE = (390, 844)
# The template's Python block reads the app archive with pygbag's platform.fopen,
# which is a fetch() by the loader (cross_file, in pythons.js); the replaying
# "interpreter" does the same fetch, so the archive is asked for as in the real page.
FETCH_ARCHIVE = f"""fetch("{APP_NAME}.tar.gz", {{credentials: "omit", redirect: "follow"}})
    .then((response) => response.arrayBuffer())
    .then((body) => {{ window.archive_bytes = body.byteLength }});
"""


# --- the files the build writes ---------------------------------------------------------------

@pytest.fixture(scope="module")
def builds(tmp_path_factory) -> tuple[Path, Path]:
    """Two builds of this checkout that differ (the second has a base URL): two deployments."""
    folder = tmp_path_factory.mktemp("builds")
    first = build_web(out=folder / "first" / "web")
    second = build_web(out=folder / "second" / "web", base_url="https://example.org/taiplis/")
    return first.out, second.out


def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", f"{path.name} is not a PNG"
    return struct.unpack(">II", data[16:24])


def build_id(site: Path) -> str:
    page = (site / "index.html").read_text(encoding="utf-8")
    return re.search(r'<meta name="taiplis-build" content="([0-9a-f]+)">', page).group(1)


def worker_constant(site: Path, name: str):
    """A constant of the built sw.js (its JSON literal)."""
    worker = (site / "sw.js").read_text(encoding="utf-8")
    found = re.search(rf"^const {name} = (.*?)(?:  //.*)?$\n(?=const |\n)", worker, re.M | re.S)
    return json.loads(found.group(1))


def test_the_manifest_has_what_installing_needs_and_the_page_links_it(builds):
    site = builds[0]
    page = (site / "index.html").read_text(encoding="utf-8")
    assert f'<link rel="manifest" href="{MANIFEST}">' in page
    manifest = json.loads((site / MANIFEST).read_text(encoding="utf-8"))
    assert manifest["name"] == manifest["short_name"] == "Táiplis"
    assert manifest["display"] == "standalone"
    # relative to the manifest: the folder the page is served from, under any project path
    assert manifest["start_url"] == manifest["scope"] == "./"
    assert "id" not in manifest  # "./" would resolve against the origin, shared on GitHub Pages
    theme = re.search(r'<meta name="theme-color" content="(#[0-9a-f]{6})">', page).group(1)
    assert manifest["theme_color"] == manifest["background_color"] == theme
    from game.ui.theme import COLOURS
    assert theme == "#{:02x}{:02x}{:02x}".format(*COLOURS["background"])


def test_the_manifests_icons_exist_at_their_sizes_one_of_them_maskable(builds):
    site = builds[0]
    icons = json.loads((site / MANIFEST).read_text(encoding="utf-8"))["icons"]
    for icon in icons:
        width, height = png_size(site / icon["src"])
        assert icon["sizes"] == f"{width}x{height}" and icon["type"] == "image/png"
    kinds = {(icon["sizes"], icon["purpose"]) for icon in icons}
    assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= kinds
    maskable = next(icon["src"] for icon in icons if icon["purpose"] == "maskable")
    assert png_size(ROOT / "web" / maskable) == (512, 512)  # committed, drawn by make_images.py


def test_the_service_worker_knows_its_build_and_the_files_to_keep(builds):
    first, second = builds
    for site in builds:
        assert worker_constant(site, "BUILD") == build_id(site)
        kept = worker_constant(site, "APP_FILES")
        assert sorted(kept) == sorted(OFFLINE_FILES)
        for name, digest in kept.items():
            assert hashlib.sha256((site / name).read_bytes()).hexdigest() == digest, name
        assert not {f"{APP_NAME}.apk", "social.png", "sw.js"} & set(kept)
    assert build_id(first) != build_id(second)  # a different page: a new version
    runtime = worker_constant(first, "RUNTIME_FILES")
    assert runtime == runtime_urls(CDN, "312")
    assert CDN + "pythons.js" in runtime and CDN + "cpython312/main.wasm" in runtime
    assert '<script src="https://pygame-web.github.io/cdn/0.9.3/pythons.js"' in \
        (first / "index.html").read_text(encoding="utf-8")


def test_nothing_for_offline_play_goes_into_the_app_archive(builds):
    import tarfile

    with tarfile.open(builds[0] / f"{APP_NAME}.tar.gz") as archive:
        names = {Path(member.name).name for member in archive.getmembers()}
    assert not {"sw.js", MANIFEST, "icon-512.png", "icon-maskable-512.png"} & names


# --- the page in Chromium ---------------------------------------------------------------------

@pytest.fixture(scope="module")
def playwright():
    with sync_playwright() as driver:
        yield driver


@pytest.fixture(scope="module")
def browser(playwright):
    chromium = playwright.chromium.launch(executable_path=str(ensure_chromium()),
                                          args=CHROMIUM_ARGS)
    yield chromium
    chromium.close()


@pytest.fixture(scope="module")
def page_calls(builds, tmp_path_factory):
    """What the template's Python block tells the page on a good start (test_browser.py)."""
    monkeypatch = pytest.MonkeyPatch()
    try:
        calls, _ = run_python_block(builds[0], tmp_path_factory.mktemp("unpacked"), monkeypatch)
    finally:
        monkeypatch.undo()
    return calls


class Visit:
    """A browser context on one served copy of a build, recording every request."""

    def __init__(self, browser, site: Path, calls: list[str], locale: str = "en-GB") -> None:
        self.site = site
        self.log: list[str] = []  # what reached the server
        self.server, self.url = serve(site, self.log)
        # every runtime file answers 200, as pygbag's CDN does (the stand-in loader,
        # the replaying "interpreter", and small bodies for the rest)
        self.runtime = Runtime(main_js=FETCH_ARCHIVE + replay_script(calls), bodies={
            url: b"runtime file" for url in runtime_urls(CDN, "312")
            if url not in (CDN + "pythons.js", CDN + "cpython312/main.js")})
        self.context = browser.new_context(viewport={"width": SIZE[0], "height": SIZE[1]},
                                           locale=locale)
        self.context.route("https://pygame-web.github.io/**", self.runtime.route)
        self.requests: list = []
        self.failed: list[str] = []
        self.context.on("request", lambda request: self.requests.append(request))
        self.context.on("requestfailed", lambda request: self.failed.append(request.url))
        self.page = self.context.new_page()

    def start(self, fragment: str = "", keep_runtime_first: bool = False) -> None:
        """Load the page and play up to the game's start, as a player does.

        `keep_runtime_first` puts pygbag's runtime into the worker's cache
        before the worker exists (as an earlier build's worker would have), so
        the worker never fetches through Playwright's routes: once Playwright
        has intercepted a service worker's own requests, Chromium installs and
        activates the worker afresh on every load of the page, as DevTools'
        "update on reload" does, which would hide how updates really go.
        """
        self.page.goto(self.url + fragment)
        self.to_the_tap()
        if keep_runtime_first:
            self.page.evaluate("""async ([name, files]) => {
                const cache = await caches.open(name)
                const headers = {"Content-Type": "text/javascript"}
                for (const [url, body] of Object.entries(files))
                    await cache.put(url, new Response(body, {headers}))
            }""", [f"taiplis {self.url} runtime {CDN}", self.runtime_bodies()])
        self.tap()

    def runtime_bodies(self) -> dict[str, str]:
        """What the routed CDN answers for each runtime file (the stand-in loader, ...)."""
        bodies = {url: body.decode() for url, body in self.runtime.bodies.items()}
        bodies[CDN + "pythons.js"] = STANDIN.read_text(encoding="utf-8")
        bodies[CDN + "cpython312/main.js"] = self.runtime.main_js
        return bodies

    def to_the_tap(self) -> None:
        # null-safe: the check may run while a reload replaces the document
        self.page.wait_for_function(
            "document.getElementById('loader')?.classList.contains('tap')")

    def tap(self) -> None:
        self.page.mouse.click(SIZE[0] // 2, SIZE[1] // 2)
        self.page.wait_for_function("document.getElementById('loader')?.hidden")

    def to_the_start(self) -> None:
        self.to_the_tap()
        self.tap()

    def wait_until_kept(self) -> None:
        """Until the service worker has installed and serves the page."""
        self.page.wait_for_function("navigator.serviceWorker.controller !== null")

    def back_online(self) -> None:
        """The network goes and comes back: the page's cue to look for a new version."""
        self.context.set_offline(True)
        self.page.wait_for_function("!navigator.onLine")
        self.context.set_offline(False)

    def forget_requests(self) -> None:
        self.log.clear()
        self.runtime.requested.clear()
        self.requests.clear()
        self.failed.clear()

    def caches(self) -> dict[str, list[str]]:
        return self.page.evaluate("""async () => {
            const found = {}
            for (const name of await caches.keys())
                found[name] = (await (await caches.open(name)).keys()).map((r) => r.url).sort()
            return found }""")

    def build(self) -> str:
        return self.page.evaluate("document.querySelector('meta[name=taiplis-build]').content")

    def close(self) -> None:
        self.context.close()
        self.server.shutdown()


def copy_site(site: Path, target: Path) -> Path:
    shutil.copytree(site, target)
    return target


@pytest.fixture(scope="module")
def installed(browser, builds, page_calls, tmp_path_factory):
    """One online visit of the first build, played up to the start: the game is kept."""
    visit = Visit(browser, copy_site(builds[0], tmp_path_factory.mktemp("installed") / "web"),
                  page_calls)
    visit.start()
    visit.wait_until_kept()
    yield visit
    visit.close()


@pytest.fixture
def online(installed):
    """The installed visit, with the network back on after the test whatever happens."""
    yield installed
    installed.context.set_offline(False)


def installability_errors(page) -> set[str]:
    answer = page.context.new_cdp_session(page).send("Page.getInstallabilityErrors")
    return {error["errorId"] for error in answer["installabilityErrors"]}


def test_the_page_is_installable_by_chromiums_criteria(playwright, builds, page_calls,
                                                       tmp_path):
    # a profile on disk: Chromium never offers to install from an incognito one,
    # which is what a browser context otherwise is
    visit_log: list[str] = []
    server, url = serve(builds[0], visit_log)
    runtime = Runtime(main_js=replay_script(page_calls))
    context = playwright.chromium.launch_persistent_context(
        tmp_path / "profile", executable_path=str(ensure_chromium()), args=CHROMIUM_ARGS,
        viewport={"width": SIZE[0], "height": SIZE[1]})
    try:
        context.route("https://pygame-web.github.io/**", runtime.route)
        page = context.new_page()
        page.goto(url)
        page.wait_for_function("document.getElementById('loader').classList.contains('tap')")
        assert installability_errors(page) == set()
        # the check can fail: the same page without its manifest link is not installable
        html = (builds[0] / "index.html").read_text(encoding="utf-8")
        bare = html.replace(f'<link rel="manifest" href="{MANIFEST}">', "")
        assert bare != html
        page.route(url + "bare.html", lambda route: route.fulfill(body=bare,
                                                                   content_type="text/html"))
        page.goto(url + "bare.html")
        assert "no-manifest" in installability_errors(page)
    finally:
        context.close()
        server.shutdown()


def test_after_one_visit_a_reload_with_no_network_starts_the_game(online):
    online.context.set_offline(True)
    online.forget_requests()
    online.page.reload()
    online.to_the_start()
    assert online.log == [], "nothing reached the server"
    assert online.runtime.requested == [], "nothing reached pygbag's CDN"
    assert online.failed == []
    assert online.page.evaluate("window.archive_bytes") == \
        (online.site / f"{APP_NAME}.tar.gz").stat().st_size, "the whole archive, offline"
    asked = {request.url for request in online.requests}
    assert {online.url, online.url + f"{APP_NAME}.tar.gz", CDN + "pythons.js", CDN + "empty.ogg",
            CDN + "cpython312/main.js"} <= asked, "the page did load its files..."
    assert all(request.service_worker is None for request in online.requests), \
        "...and the worker asked the network for none of them"
    assert all(request.response() and request.response().from_service_worker
               for request in online.requests)


def test_the_worker_keeps_exactly_the_page_the_archive_and_the_runtime(online):
    online.page.evaluate("""async () => {  // fetched by the page: none of these is kept
        await fetch("social.png"); await fetch("taiplis.apk")
        await fetch("index.html", {method: "POST"}).catch(() => null) }""")
    assert {"GET /social.png", "GET /taiplis.apk", "POST /index.html"} <= set(online.log)
    caches = online.caches()
    scope = online.url
    build = [name for name in caches if name.endswith(" build " + online.build())]
    runtime = [name for name in caches if name.endswith(" runtime " + CDN)]
    assert len(build) == len(runtime) == 1 and len(caches) == 2
    assert build[0].startswith(f"taiplis {scope} ")  # this site's own, on a shared origin
    assert caches[build[0]] == sorted(scope + name for name in OFFLINE_FILES)
    assert caches[runtime[0]] == sorted(runtime_urls(CDN, "312"))


def test_the_page_says_for_a_while_when_it_is_offline(browser, builds, page_calls, tmp_path):
    visit = Visit(browser, copy_site(builds[0], tmp_path / "web"), page_calls, locale="da-DK")
    try:
        visit.start()
        page = visit.page
        page.clock.install()  # from here on the page's new timers wait for the test's clock
        assert page.is_hidden("#offline")
        visit.context.set_offline(True)
        page.wait_for_selector("#offline", state="visible")
        assert page.inner_text("#offline") == STRINGS["da"]["page.offline"]
        # a line, not a wall: taps still reach the game beneath it
        box = page.locator("#offline").bounding_box()
        centre = (box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        assert page.evaluate("([x, y]) => document.elementFromPoint(x, y).id", centre) == "canvas"
        page.clock.run_for(9_000)
        assert page.is_visible("#offline")
        page.clock.run_for(2_000)  # it lies over the top of the board: it goes after 10 s
        assert page.is_hidden("#offline")
        visit.context.set_offline(False)
        visit.context.set_offline(True)  # the next time the network goes, it says so again
        page.wait_for_selector("#offline", state="visible")
        visit.context.set_offline(False)
        page.wait_for_selector("#offline", state="hidden")
    finally:
        visit.close()


def test_a_shared_link_opens_under_the_worker_with_no_network(online):
    from game.rules.record import Game
    from game.rules.transcript import write_link

    fragment = write_link(Game("modiar 7,7,7,7,7,7 0,0 s 1", ["S1", "N3"]))
    online.context.set_offline(True)
    online.forget_requests()
    page = online.context.new_page()  # a link opens a new tab
    response = page.goto(online.url + "#" + fragment)
    assert response.from_service_worker
    page.wait_for_function("document.getElementById('loader').classList.contains('tap')")
    assert page.evaluate("taiplis_fragment()") == fragment
    assert page.evaluate("location.hash") == "#" + fragment
    assert online.log == [] and online.runtime.requested == [] and online.failed == []
    page.close()


def test_debug_still_loads_pygbags_console_under_the_worker(online):
    online.forget_requests()
    page = online.context.new_page()
    page.goto(online.url + "#debug")
    page.wait_for_function("window.standin && window.standin.events.includes('onload')")
    assert page.evaluate("window.standin.features") == ["vtx", "snd", "gui"]
    assert page.evaluate("navigator.serviceWorker.controller !== null")
    assert any(url.endswith("/vtx.js") for url in online.runtime.requested), \
        "the console's files are fetched through the worker"
    page.close()
    # a file the CDN does not have (a 404) is never kept
    assert not any(url.endswith("/vtx.js") for urls in online.caches().values() for url in urls)


def test_a_runtime_file_the_cdn_cannot_give_keeps_nothing_and_the_game_still_plays(
        browser, builds, page_calls, tmp_path):
    visit = Visit(browser, copy_site(builds[0], tmp_path / "web"), page_calls)
    missing = CDN + "cpython312/main.data"
    del visit.runtime.bodies[missing]  # answered 404
    try:
        visit.start()  # the first visit plays as ever
        wait_for(visit, lambda: missing in visit.runtime.requested)
        visit.page.wait_for_function("""async () =>
            !(await navigator.serviceWorker.getRegistration())""")  # the install failed
        kept = {name: urls for name, urls in visit.caches().items() if " runtime " in name}
        assert all(urls == [] for urls in kept.values()), "no part of the runtime is kept"
        assert visit.page.evaluate("navigator.serviceWorker.controller") is None
    finally:
        visit.close()


# --- a new deployment -------------------------------------------------------------------------

def deploy(build: Path, site: Path, *, cut_archive: bool = False) -> None:
    """Copy a build over the served one, as a new deployment does (optionally a broken one).

    Each file is dated later than the one it replaces: the test server, like a
    real one, answers a conditional request for an unchanged date with "304 Not
    Modified", and a new deployment is never older than the last.
    """
    for path in build.iterdir():
        target = site / path.name
        later = (target.stat().st_mtime_ns if target.exists() else 0) + 2_000_000_000
        shutil.copyfile(path, target)
        os.utime(target, ns=(later, later))
    if cut_archive:  # a partial upload, or a download broken off
        archive = site / f"{APP_NAME}.tar.gz"
        archive.write_bytes(archive.read_bytes()[:50_000])


def wait_for(visit: Visit, condition, steps: int = 400) -> None:
    for _ in range(steps):
        if condition():
            return
        visit.page.wait_for_timeout(25)
    raise AssertionError("the condition never came true")


def test_a_new_build_is_offered_and_runs_after_a_reload_never_a_broken_one(
        browser, builds, page_calls, tmp_path):
    first, second = builds
    visit = Visit(browser, copy_site(first, tmp_path / "web"), page_calls)
    try:
        visit.start(keep_runtime_first=True)
        visit.wait_until_kept()
        assert visit.build() == build_id(first)
        kept = kept_history_items()
        for name, value in kept.items():  # the history as the game writes it in the page
            visit.page.evaluate("([name, value]) => localStorage.setItem(name, value)",
                                [name, value])
        visit.forget_requests()

        deploy(second, visit.site, cut_archive=True)
        visit.back_online()  # the page looks for a new version (as it does every hour)
        wait_for(visit, lambda: "GET /taiplis.tar.gz" in visit.log)  # the new worker's install...
        visit.page.wait_for_function("""async () =>
            !(await navigator.serviceWorker.getRegistration()).installing""")  # ...is over
        assert visit.page.evaluate("""async () =>
            (await navigator.serviceWorker.getRegistration()).waiting""") is None
        assert visit.page.is_hidden("#update"), "a broken download is never offered"
        visit.page.reload()
        visit.to_the_start()
        assert visit.build() == build_id(first)

        deploy(second, visit.site)  # whole this time
        visit.back_online()
        visit.page.wait_for_selector("#update", state="visible")
        assert visit.page.inner_text("#update") == STRINGS["en"]["page.update"]
        assert visit.build() == build_id(first), "offered, not yet running"
        visit.page.reload()  # the player's reload runs the new version
        wait_for_build(visit, build_id(second))
        visit.to_the_start()
        assert visit.page.is_hidden("#update")
        assert not any(build_id(first) in name for name in visit.caches()), \
            "the old version's cache is gone"
        assert history_in(visit) == kept, "the history survives the new version and the reload"

        deploy(first, visit.site)  # and back: the notice's button reloads into it
        visit.back_online()
        visit.page.wait_for_selector("#update", state="visible")
        visit.page.click("#update")
        wait_for_build(visit, build_id(first))
        visit.to_the_start()
        assert visit.runtime.requested == [], "pygbag's runtime came from the worker's cache"
    finally:
        visit.close()


def kept_history_items() -> dict[str, str]:
    """The page's localStorage items holding a history of two finished games,
    written by the game's own storage code (as main.py writes them in a page)."""
    from game.history import finished_entry, keep_finished, load_history
    from game.platform.storage import LocalStorage
    from game.rules import start
    from game.rules.record import Game
    from game.ui.players import Mode, Setup

    class Items(dict):
        getItem, setItem, removeItem = dict.get, dict.__setitem__, dict.pop

    items = Items()
    storage = LocalStorage(items)
    for number, game in enumerate(("brandubh", "reversi")):
        played = Game(start(game))
        played.resign(played.position.side)
        keep_finished(storage, finished_entry(f"game-{number}", 1.0e9 + number,
                                              Setup(game, Mode.HOTSEAT), played))
    assert len(load_history(storage)) == 2
    return dict(items)


def history_in(visit: Visit) -> dict[str, str]:
    return visit.page.evaluate("""() => Object.fromEntries(Object.keys(localStorage)
        .filter(name => name.startsWith("taiplis.history")).map(name =>
            [name, localStorage.getItem(name)]))""")


def wait_for_build(visit: Visit, build: str) -> None:
    visit.page.wait_for_function(
        f"document.querySelector('meta[name=taiplis-build]')?.content == {json.dumps(build)}")
