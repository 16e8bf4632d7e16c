"""The program is browser-safe: nothing blocks, every frame yields, assets are relative.

In the browser CPython shares one thread with the page: a `time.sleep`, a
thread, a subprocess or an `input()` freezes the tab (or fails).  This scans
the source that ships (main.py and the game package) for the obvious ones.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from game.webbuild import DESKTOP_ONLY

ROOT = Path(__file__).resolve().parents[2]

# Where a blocking call is allowed, and why.  A whole file is listed when the
# browser never runs it; `path::function` when only that function is native.
ALLOWED = {
    # Not shipped to the browser at all (game/webbuild.py: DESKTOP_ONLY; the
    # build test checks main.py never imports them): the text tools, the
    # benchmarks, the screenshot writer and the web build itself.
    **{name: "desktop/developer tool, never shipped" for name in DESKTOP_ONLY},
    # The desktop window's loop paces frames with Clock.tick(60); the browser
    # runs main.py's loop instead, which awaits asyncio.sleep(0) every frame.
    "game/ui/start.py::run_native": "desktop window only",
}

BLOCKING_MODULES = {
    "threading": "threads", "_thread": "threads", "multiprocessing": "processes",
    "concurrent": "threads or processes", "subprocess": "processes",
    "socket": "blocking network I/O", "urllib.request": "blocking network I/O",
    "http.client": "blocking network I/O", "requests": "blocking network I/O",
}
BLOCKING_CALLS = {
    "time.sleep": "sleeps", "sleep": "sleeps (from time import sleep)",
    "input": "waits for a console", "os.system": "runs a process", "os.popen": "runs a process",
    "pygame.time.wait": "sleeps", "pygame.time.delay": "busy-waits",
}


def shipped_sources() -> list[Path]:
    return [ROOT / "main.py", *sorted((ROOT / "game").rglob("*.py"))]


def dotted(node: ast.AST) -> str:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return f"{dotted(node.value)}.{node.attr}"
    return ""


class Finder(ast.NodeVisitor):
    """Blocking constructs in one file, each with the function it sits in."""

    def __init__(self) -> None:
        self.found: list[tuple[str, int, str]] = []  # (function, line, what)
        self.scope: list[str] = []

    def _add(self, node: ast.AST, what: str) -> None:
        self.found.append((".".join(self.scope), node.lineno, what))

    def _visit_function(self, node) -> None:
        self.scope.append(node.name)
        if isinstance(node, ast.AsyncFunctionDef):
            for loop in ast.walk(node):
                if isinstance(loop, ast.While) and isinstance(loop.test, ast.Constant) \
                        and loop.test.value is True \
                        and not any(isinstance(n, ast.Await) for n in ast.walk(loop)):
                    self._add(loop, "`while True` in a coroutine that never awaits")
        self.generic_visit(node)
        self.scope.pop()

    visit_FunctionDef = visit_AsyncFunctionDef = _visit_function

    def visit_ClassDef(self, node: ast.ClassDef) -> None:
        self.scope.append(node.name)
        self.generic_visit(node)
        self.scope.pop()

    def visit_Import(self, node: ast.Import) -> None:
        for alias in node.names:
            self._check_module(node, alias.name)

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        if node.level == 0 and node.module:
            self._check_module(node, node.module)
            if node.module == "time" and any(a.name == "sleep" for a in node.names):
                self._add(node, "imports time.sleep")

    def _check_module(self, node: ast.AST, module: str) -> None:
        for blocked, why in BLOCKING_MODULES.items():
            if module == blocked or module.startswith(blocked + "."):
                self._add(node, f"imports {module} ({why})")

    def visit_Call(self, node: ast.Call) -> None:
        name = dotted(node.func)
        if name in BLOCKING_CALLS:
            self._add(node, f"calls {name}() ({BLOCKING_CALLS[name]})")
        elif name.endswith(".tick_busy_loop") or (
                name.endswith(".tick") and node.args and isinstance(node.args[0], ast.Constant)):
            self._add(node, f"calls {name}({ast.unparse(node.args[0]) if node.args else ''}) "
                            "(a frame-rate cap sleeps)")
        self.generic_visit(node)


def blocking_calls(path: Path) -> list[str]:
    relative = path.relative_to(ROOT).as_posix()
    if relative in ALLOWED:
        return []
    finder = Finder()
    finder.visit(ast.parse(path.read_text(encoding="utf-8"), filename=relative))
    return [f"{relative}:{line}: {what}" for function, line, what in finder.found
            if f"{relative}::{function.split('.')[0]}" not in ALLOWED
            and f"{relative}::{function}" not in ALLOWED]


def test_nothing_shipped_blocks():
    problems = [problem for path in shipped_sources() for problem in blocking_calls(path)]
    assert problems == []


@pytest.mark.parametrize("source", [
    "import time\ntime.sleep(0.1)\n",
    "from time import sleep\n",
    "import threading\n",
    "from concurrent.futures import ThreadPoolExecutor\n",
    "import subprocess\n",
    "name = input('?')\n",
    "import os\nos.system('ls')\n",
    "import pygame\npygame.time.wait(10)\n",
    "def loop(clock):\n    clock.tick(60)\n",
    "async def spin():\n    while True:\n        pass\n",
])
def test_the_scan_finds_each_kind(source):
    finder = Finder()
    finder.visit(ast.parse(source))
    assert finder.found, source


def test_the_desktop_loop_is_found_and_allowed_by_name():
    finder = Finder()
    finder.visit(ast.parse((ROOT / "game" / "ui" / "start.py").read_text(encoding="utf-8")))
    assert finder.found  # the frame-rate cap of the desktop window...
    assert {function for function, _, _ in finder.found} == {"run_native"}  # ...and only it
    assert blocking_calls(ROOT / "game" / "ui" / "start.py") == []


def test_the_scan_lets_the_games_own_ticks_and_awaited_loops_be():
    finder = Finder()
    finder.visit(ast.parse(
        "dt = clock.tick() / 1000\nsearch.tick()\ndiagram.tick(dt)\n"
        "async def main():\n    while True:\n        await asyncio.sleep(0)\n"))
    assert finder.found == []


def test_every_allowed_place_still_exists():
    for entry in ALLOWED:
        path, _, function = entry.partition("::")
        assert (ROOT / path).is_file(), entry
        if function:
            tree = ast.parse((ROOT / path).read_text(encoding="utf-8"))
            names = {n.name for n in ast.walk(tree)
                     if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)}
            assert function in names, entry


def test_main_py_is_shaped_for_pygbag():
    tree = ast.parse((ROOT / "main.py").read_text(encoding="utf-8"))
    last = tree.body[-1]
    assert isinstance(last, ast.Expr) and ast.unparse(last) == "asyncio.run(main())", \
        "main.py must end with asyncio.run(main())"
    mains = [n for n in tree.body if isinstance(n, ast.AsyncFunctionDef) and n.name == "main"]
    assert len(mains) == 1, "main.py needs one coroutine named main"
    loops = [n for n in ast.walk(mains[0]) if isinstance(n, ast.While)]
    assert loops, "main() runs the frame loop"
    for loop in loops:
        awaited = [ast.unparse(n) for n in ast.walk(loop) if isinstance(n, ast.Await)]
        assert "await asyncio.sleep(0)" in awaited, "every frame awaits asyncio.sleep(0)"
    top_level = [n for n in tree.body if not isinstance(
        n, ast.Import | ast.ImportFrom | ast.AsyncFunctionDef | ast.FunctionDef)]
    assert top_level == [last] or (isinstance(top_level[0], ast.Expr)
                                   and isinstance(top_level[0].value, ast.Constant)
                                   and top_level[1:] == [last]), \
        "nothing but imports, definitions and a docstring before asyncio.run(main())"


def test_only_game_platform_asks_which_platform_this_is():
    askers = []
    for path in sorted((ROOT / "game").rglob("*.py")):
        relative = path.relative_to(ROOT).as_posix()
        if relative.startswith("game/platform/") or relative in DESKTOP_ONLY:
            continue
        text = path.read_text(encoding="utf-8")
        if "sys.platform" in text or "emscripten" in text or "import platform" in text:
            askers.append(relative)
    assert askers == []


def test_assets_load_relative_to_the_package():
    from game.ui.theme import ASSETS

    assert ASSETS == ROOT / "assets"
    tree_strings = []
    for path in shipped_sources():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) \
                    and node.value.startswith(("/", "C:\\", "~")) \
                    and node.value.rsplit(".", 1)[-1] in ("ttf", "ogg", "png", "json", "wav"):
                tree_strings.append((path.name, node.value))
    assert tree_strings == []


def test_audio_is_ogg():
    audio = [p for p in (ROOT / "assets").rglob("*")
             if p.suffix.lower() in (".ogg", ".wav", ".mp3", ".flac", ".aiff", ".m4a")]
    assert audio and all(p.suffix == ".ogg" for p in audio)
    from game.ui.sound import NAMES

    for name in NAMES:
        assert (ROOT / "assets" / "sounds" / f"{name}.ogg").is_file(), name
