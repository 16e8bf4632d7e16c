"""The page template (web/taiplis.tmpl) and its pictures.

pygbag fills `{{cookiecutter.X}}` fields from its own table and runs the
Python block at the top of the page once CPython is up; the rest is plain
HTML for the browser: meta tags, the loading screen, the canvas.
"""

from __future__ import annotations

import ast
import importlib.util
import re
import struct
from html.parser import HTMLParser
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TEMPLATE = ROOT / "web" / "taiplis.tmpl"
SLATE, GOLD = "rgb(24, 28, 38)", "rgb(222, 170, 74)"  # theme "background", "accent"


@pytest.fixture(scope="module")
def page() -> str:
    return TEMPLATE.read_text(encoding="utf-8")


class Elements(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))

    def ids(self) -> list[str]:
        return [attrs["id"] for _, attrs in self.tags if attrs.get("id")]

    def meta(self, key: str, value: str) -> str | None:
        for tag, attrs in self.tags:
            if tag == "meta" and attrs.get(key) == value:
                return attrs.get("content")
        return None


@pytest.fixture(scope="module")
def elements(page) -> Elements:
    parser = Elements()
    parser.feed(page)
    return parser


def python_block(page: str) -> str:
    start = page.index(">#<!--") + 1
    return page[start:page.index("# --></script>")]


def pygbag_fields() -> set[str]:
    """The field names pygbag 0.9's builder fills (its `CC` table in app.py)."""
    spec = importlib.util.find_spec("pygbag")
    assert spec and spec.submodule_search_locations, "pygbag is not installed"
    source = Path(spec.submodule_search_locations[0], "app.py").read_text(encoding="utf-8")
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == "CC" for t in node.targets):
            return {key.value for key in node.value.keys}
    raise AssertionError("pygbag's CC table not found")


def test_the_python_block_is_valid_and_starts_main_py(page):
    code = python_block(page)
    tree = ast.parse(code)
    assert ast.unparse(tree.body[-1]) == "asyncio.run(custom_site())"
    names = {n.name for n in tree.body if isinstance(n, ast.AsyncFunctionDef)}
    assert "custom_site" in names
    assert 'await shell.source(main)' in code
    assert 'platform.fopen("{{cookiecutter.archive}}.tar.gz", "rb")' in code
    assert 'appdir / "assets" / "main.py"' in code
    assert code.isascii(), "keep the Python block ASCII (it is read before the charset is)"


def test_only_fields_pygbag_fills_are_used(page):
    used = set(re.findall(r"{{cookiecutter\.(\w+)}}", page))
    assert used <= pygbag_fields()
    assert {"cdn", "archive", "PYBUILD", "ume_block"} <= used
    other = set(re.findall(r"{{([^}]*)}}", page)) - {f"cookiecutter.{name}" for name in used}
    # ours, filled by game/webbuild.py
    assert other == {"taiplis.base_url", "taiplis.strings", "taiplis.build"}


def test_the_runtime_loader_comes_first(page):
    head = page.split("\n", 2)
    assert head[0] == "<!DOCTYPE html>"
    assert head[1].startswith('<html lang="en"><head><meta charset="UTF-8">'
                              '<script src="{{cookiecutter.cdn}}pythons.js" type=module id="site"')
    assert 'data-python="python{{cookiecutter.PYBUILD}}"' in head[1]
    # pythons.js is the only file the page itself loads from pygbag's CDN: 0.9.3's
    # CDN has no browserfs.min.js (the 404 would bring up the error screen), and
    # its loader no longer uses BrowserFS
    assert re.findall(r'src="(\{\{cookiecutter\.cdn\}\}[^"]*)"', page) == \
        ["{{cookiecutter.cdn}}pythons.js"]
    assert "{{cookiecutter.cdn}}/" not in page  # the CDN URL already ends in a slash


def test_title_description_and_social_tags(elements, page):
    assert "<title>Táiplis — four old board games</title>" in page
    assert "Brandubh" in elements.meta("name", "description")
    for key in ("og:title", "og:description", "og:image", "og:type", "og:url"):
        assert elements.meta("property", key), key
    assert elements.meta("property", "og:image") == "{{taiplis.base_url}}social.png"
    assert elements.meta("name", "twitter:card") == "summary_large_image"
    assert elements.meta("name", "theme-color") == "#181c26"  # = rgb(24, 28, 38)


def test_mobile_viewport_and_favicon(elements):
    viewport = elements.meta("name", "viewport")
    assert "width=device-width" in viewport and "initial-scale=1" in viewport
    icons = [attrs for tag, attrs in elements.tags if tag == "link" and "icon" in attrs["rel"]]
    assert icons and all(attrs["href"] == "favicon.png" for attrs in icons)


def test_the_loading_screen_has_the_games_look_and_a_progress_bar(elements, page):
    ids = elements.ids()
    assert {"loader", "bar", "stage"} <= set(ids)
    assert SLATE in page and GOLD in page
    assert re.search(r"<h1>Táiplis</h1>", page)
    bar = next(attrs for _, attrs in elements.tags if attrs.get("id") == "bar")
    assert bar["role"] == "progressbar"
    for hook in ("taiplis_stage", "taiplis_await_tap", "taiplis_started"):
        assert f"window.{hook} = function" in page  # the page defines it...
        assert f"{hook}(" in python_block(page)  # ...and the loader calls it


def test_pygbags_elements_are_there(elements, page):
    ids = elements.ids()
    assert len(ids) == len(set(ids)), "ids are unique"
    assert {"canvas", "transfer", "status", "progress", "infobox", "pyconsole",
            "terminal"} <= set(ids)
    for hook in ("custom_onload", "custom_prerun", "custom_postrun"):
        assert f"function {hook}(" in page


def test_the_canvas_fills_the_window_and_pygbag_does_not_resize_it(page):
    css = page[page.index("canvas.emscripten {"):]
    css = css[:css.index("}")]
    assert "width: 100vw !important" in css and "height: 100dvh !important" in css
    assert "position: fixed" in css and "touch-action: none" in css
    assert re.search(r"user_canvas_managed : 1", page)


def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", f"{path.name} is not a PNG"
    return struct.unpack(">II", data[16:24])


def test_the_pictures():
    width, height = png_size(ROOT / "web" / "favicon.png")
    assert width == height >= 32
    assert png_size(ROOT / "web" / "social.png") == (1200, 630)


def test_the_loaders_3d_canvas_never_takes_a_tap(page):
    """pygbag's loader appends a 128x128 #canvas3d after our canvas (test_browser.py
    checks the effect with elementFromPoint); these are the rules that keep it harmless."""
    css = page[page.index("canvas.emscripten {"):]
    assert re.search(r"z-index: [1-9]", css[:css.index("}")])
    rule = re.search(r"#canvas3d \{([^}]*)\}", page).group(1)
    assert "pointer-events: none" in rule


def test_no_console_assets_unless_debug(page):
    head = page.split("\n", 2)[1]
    assert 'data-os="snd,gui"' in head  # no vtx: xterm.js stays on the CDN
    assert 'dataset.os = "vtx,snd,gui"' in page  # ...unless the address ends in #debug


def test_the_error_screen_is_an_alert_with_a_retry_button(elements):
    failure = next(attrs for _, attrs in elements.tags if attrs.get("id") == "failure")
    assert failure["role"] == "alert" and "hidden" in failure
    assert "retry" in elements.ids()
