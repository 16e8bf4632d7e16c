"""The game's storage against a real browser's localStorage: headless Chromium.

pygbag's runtime comes from its CDN, which tests cannot reach, and the
stand-in loader of the other browser tests runs no Python.  So these pages load
Pyodide (the same CPython on WebAssembly, from tests/web/node_modules, see
test_wasm.py) with game/ unpacked, and `platform.window` set to the page's
window as pygbag sets it; `default_storage()` then gives the LocalStorage the
game gets in its page.  What only a real browser shows is checked here:
Chromium's own QuotaExceededError when the origin's quota is full, two tabs of one
browser sharing one localStorage, and the history's export as a download.
"""

from __future__ import annotations

import json
import zipfile
from pathlib import Path

import pytest
from playwright.sync_api import sync_playwright

from game.ui.history_scene import EXPORT_NAME

from .browser import CHROMIUM_ARGS, ensure_chromium, serve
from .test_wasm import HERE, ensure_pyodide

ROOT = HERE.parents[1]
PAGE = """<!doctype html><meta charset="utf-8"><title>storage</title>
<script src="pyodide/pyodide.js"></script>
<script>
window.ready = (async () => {
    const py = await loadPyodide({ indexURL: "pyodide/" })
    const game = await (await fetch("game.zip")).arrayBuffer()
    py.unpackArchive(game, "zip", { extractDir: "/app" })
    // pygbag gives Python the page's window as `platform.window`: so here.
    py.runPython("import sys, js, platform; sys.path.insert(0, '/app'); platform.window = js")
    window.py = py
})()
</script>
"""
FILL = """() => {
    // Fill the origin's quota with filler items, halving their size until not
    // even one more character fits.
    let count = 0
    for (let size = 1 << 20; size >= 1; ) {
        try { localStorage.setItem("filler." + count, "x".repeat(size)); count += 1 }
        catch (error) { size = Math.floor(size / 2) }
    }
    return count
}"""
START = """
import json
from game.platform.storage import default_storage
from game.ui.play import Play, Setup, load_save, save_play

storage = default_storage()
play = Play(Setup("brandubh", mode="hotseat"))
"""


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    ensure_pyodide()
    folder = tmp_path_factory.mktemp("storage-site")
    (folder / "index.html").write_text(PAGE, encoding="utf-8")
    (folder / "pyodide").symlink_to(HERE / "node_modules" / "pyodide")
    with zipfile.ZipFile(folder / "game.zip", "w") as archive:
        for path in sorted((ROOT / "game").rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts:
                archive.write(path, path.relative_to(ROOT).as_posix())
    server, url = serve(folder)
    yield url
    server.shutdown()


@pytest.fixture(scope="module")
def browser():
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(ensure_chromium()),
                                              args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


def python(page, code: str):
    """Run `code` in the page's Python; its last expression, a JSON text, decoded."""
    return json.loads(page.evaluate(
        "async (code) => { await window.ready; return window.py.runPython(code) }", code))


def open_tab(context, url: str):
    page = context.new_page()
    page.goto(url)
    python(page, START + "json.dumps(type(storage).__name__)")
    return page


def item(page, key: str):
    text = page.evaluate("(key) => localStorage.getItem(key)", f"taiplis.{key}")
    return None if text is None else json.loads(text)["data"]


def test_a_full_quota_is_told_once_and_loses_nothing_kept(browser, site):
    context = browser.new_context()
    page = open_tab(context, site)
    assert python(page, "json.dumps(type(storage).__name__)") == "LocalStorage"
    kept = python(page, """
load_save(storage, "brandubh")
play.game.play_text("b7-b6")
save_play(storage, play)
json.dumps(play.game.move_texts())""")
    assert page.evaluate(FILL) > 0
    told = python(page, """
from game.history import finished_entry, keep_finished, load_history
ended = Play(Setup("modiar", mode="hotseat"))
while ended.game.outcome() is None:
    ended.play(ended.game.legal_moves()[0])
history_kept = keep_finished(storage, finished_entry("g1", 1.0, ended.setup, ended.game))
# Two moves before each write: a value no longer than the kept one could
# still replace it (the clock's digits in `saved_at` vary in number).
play.game.play_text("c5-c6")
play.game.play_text("a4-a5")
save_play(storage, play)
storage.save("settings", {"sound": False})
json.dumps([storage.notices, load_save(storage, "brandubh").game.move_texts(),
            history_kept, len(load_history(storage))])""")
    # Chromium's QuotaExceededError, told once; the running game plays on with all of it.
    assert told == [["storage_full"], ["b7-b6", "c5-c6", "a4-a5"], False, 1]
    page.reload()
    again = python(page, START + """
json.dumps([load_save(storage, "brandubh").game.move_texts(), storage.notices])""")
    assert again == [kept, []]  # after a reload the kept game is there, whole
    second = open_tab(context, site)  # a second tab, the quota still full
    told = python(second, """
play = load_save(storage, "brandubh")
play.game.play_text("c5-c6")
play.game.play_text("a4-a5")
save_play(storage, play)
json.dumps([play.game.move_texts(), storage.notices])""")
    assert told == [[*kept, "c5-c6", "a4-a5"], ["storage_full"]]
    assert item(page, "autosave.brandubh")["game"]["moves"] == kept  # still whole
    context.close()


def test_a_second_tabs_write_is_detected_and_told(browser, site):
    context = browser.new_context()
    first, second = open_tab(context, site), open_tab(context, site)
    for page in (first, second):
        python(page, 'json.dumps(load_save(storage, "brandubh") is None)')
    python(first, 'play.game.play_text("b7-b6"); save_play(storage, play); "null"')
    # Chromium hands one tab's write to the others' processes a moment later;
    # a player's next move in the other tab comes later still.
    second.wait_for_function("() => localStorage.getItem('taiplis.autosave.brandubh') !== null")
    told = python(second, """
play.game.play_text("a4-a5")
save_play(storage, play)
json.dumps(storage.notices)""")
    assert told == ["other_tab:autosave.brandubh"]
    assert item(first, "autosave.brandubh")["game"]["moves"] == ["b7-b6"]  # not overwritten
    assert item(first, "autosave.brandubh.other-tab")["game"]["moves"] == ["a4-a5"]  # kept
    python(first, 'play.game.play_text("c5-c6"); save_play(storage, play); "null"')
    second.wait_for_function("() => localStorage.getItem('taiplis.autosave.brandubh')"
                             ".includes('c5-c6')")
    assert item(second, "autosave.brandubh")["game"]["moves"] == ["b7-b6", "c5-c6"]
    assert python(first, "json.dumps(storage.notices)") == []
    context.close()


def test_the_history_export_is_a_download_of_every_record(browser, site):
    context = browser.new_context(accept_downloads=True)
    page = open_tab(context, site)
    expected = python(page, """
from game.history import export_text, finished_entry, keep_finished, load_history
for n, name in enumerate(("modiar", "reversi")):
    ended = Play(Setup(name, mode="hotseat"))
    while ended.game.outcome() is None:
        ended.play(ended.game.legal_moves()[0])
    keep_finished(storage, finished_entry(f"g{n}", 1.0 + n, ended.setup, ended.game))
json.dumps(export_text(load_history(storage)))""")
    with page.expect_download() as started:
        where = python(page, """
from game.platform.export import export_file
json.dumps(export_file("taiplis-history.txt", export_text(load_history(storage))))""")
    download = started.value
    assert where == download.suggested_filename == EXPORT_NAME == "taiplis-history.txt"
    assert Path(download.path()).read_text(encoding="utf-8") == expected
    assert expected.count("\n\n") == 1  # two records, a blank line between them
    context.close()
