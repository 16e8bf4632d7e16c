"""`python -m game build-web`: the browser build, packed by pygbag into `build/web/`.

The source tree is never written to.  What the game needs at run time
(`main.py`, the `game` modules it imports and their data files, `assets/`)
is copied into a temporary staging folder, and pygbag runs there:
its optimiser, its `black` pass and its caches only ever see the copy.  pygbag
is given our own page template and icon (`web/`), which also keeps the build
offline — without them it would try to download its defaults from its CDN.
The finished page (index.html, the app archive in two formats, the icons and
the link-preview picture) is then copied to `build/web/`, with what installs
the game to play offline: the web app manifest and the service worker, which
carries the build's id and the list of files to keep (docs/web.md).

This module runs only on the developer's machine and in CI, never in the
browser (it is left out of the archive), so it may use `subprocess`.
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import importlib.metadata
import json
import os
import re
import shutil
import struct
import subprocess
import sys
import tarfile
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urljoin

PYGBAG_VERSION = "0.9.3"  # the version web/taiplis.tmpl was written against
APP_NAME = "taiplis"  # names the archives: taiplis.tar.gz, taiplis.apk
TEMPLATE = Path("web") / "taiplis.tmpl"
ICON = Path("web") / "favicon.png"
# Copied beside index.html: the link preview and the manifest's large icons (drawn
# by web/make_images.py and committed: the Pages workflow installs pygbag alone).
EXTRA_PAGE_FILES = (Path("web") / "social.png", Path("web") / "icon-512.png",
                    Path("web") / "icon-maskable-512.png")
SERVICE_WORKER = Path("web") / "sw.js"
MANIFEST = "manifest.webmanifest"
BASE_URL_FIELD = "{{taiplis.base_url}}"  # ours, filled here (pygbag fills cookiecutter's)
STRINGS_FIELD = "{{taiplis.strings}}"  # ours: the page's words, from game/ui/i18n
BUILD_FIELD = "{{taiplis.build}}"  # ours: the build's id, in the page and the service worker
PAGE_KEYS = "page."  # the catalogue entries the page shows before Python runs
# What the service worker keeps for offline play: everything the page needs,
# but not taiplis.apk (itch.io's copy of the archive) or social.png (link previews).
OFFLINE_FILES = ("index.html", f"{APP_NAME}.tar.gz", MANIFEST, "favicon.png", "icon-512.png",
                 "icon-maskable-512.png")
MANIFEST_ICONS = (("favicon.png", "any"), ("icon-512.png", "any"),
                  ("icon-maskable-512.png", "maskable"))
MANIFEST_DESCRIPTION = ("Brandubh, Tawlbwrdd, Reversi and Modiar: four old board games "
                        "against the computer or a friend, online or offline.")
# pygbag's own options.  can_close 1: without it pygbag's loader installs an
# onbeforeunload handler that asks "leave this page?" on every reload or close.
PYGBAG_OPTIONS = ("--can_close", "1")

# Modules of the `game` package that the browser never runs: the text tools
# and their helpers.  The build ships only what main.py imports (see
# `runtime_files`), and tests/web/test_build.py checks that this never reaches
# these; the blocking-call scan in tests/web/test_browser_safe.py trusts them.
DESKTOP_ONLY = frozenset({
    "game/__main__.py",  # `python -m game`
    "game/cli.py",  # the engine command line
    "game/bench.py",  # benchmarks
    "game/soak.py",  # `python -m game soak`: random events through every scene
    "game/ai/match.py",  # AI-against-AI ladders (`python -m game match`)
    "game/webbuild.py",  # this build
    "game/ui/screenshots.py",  # `python -m game screenshots`
})
# What a build writes to the output folder (and all that a rebuild removes there).
OUTPUT_FILES = ("index.html", "favicon.png", "social.png", f"{APP_NAME}.apk",
                f"{APP_NAME}.tar.gz", "icon-512.png", "icon-maskable-512.png", MANIFEST, "sw.js")
PYGBAG_TIMEOUT = 300  # seconds; pygbag retries a failed download forever


class WebBuildError(Exception):
    """The build cannot be made; the message is one line for whoever runs the CLI."""


@dataclass
class WebBuild:
    out: Path
    files: dict[str, int]  # name in `out` → size in bytes
    members: list[str]  # the app archive's contents
    pygbag_version: str
    seconds: float

    @property
    def archive_bytes(self) -> int:
        return self.files[f"{APP_NAME}.tar.gz"]

    def summary(self) -> str:
        lines = [f"built {self.out} in {self.seconds:.1f} s with pygbag {self.pygbag_version}"]
        lines += [f"  {name:<20} {size:>9,} bytes" for name, size in sorted(self.files.items())]
        lines.append(f"the app archive holds {len(self.members)} files, "
                     f"{self.archive_bytes / 1024:.0f} KiB compressed")
        return "\n".join(lines)


def source_root() -> Path:
    """The checkout this module belongs to."""
    return Path(__file__).resolve().parent.parent


def pygbag_version() -> str:
    """The installed pygbag's version; a clear error when it is missing."""
    try:
        return importlib.metadata.version("pygbag")
    except importlib.metadata.PackageNotFoundError:
        raise WebBuildError(
            f"pygbag is not installed: pip install 'pygbag=={PYGBAG_VERSION}' "
            "(or pip install -e '.[test]')") from None


def runtime_files(root: Path) -> list[Path]:
    """The files the browser needs, relative to `root`, in a stable order.

    `main.py`; the `game` modules it imports (directly or not) and the data
    files beside them; everything in `assets/`.
    """
    modules = imported_game_modules(root)
    chosen = [Path("main.py")]
    for folder in ("game", "assets"):
        for path in sorted((root / folder).rglob("*")):
            relative = path.relative_to(root)
            if path.is_dir() or _skipped(relative):
                continue
            if relative.suffix == ".py" and relative.as_posix() not in modules:
                continue
            chosen.append(relative)
    return chosen


def _skipped(relative: Path) -> bool:
    return any(part == "__pycache__" or part.startswith(".") for part in relative.parts) \
        or relative.suffix in (".pyc", ".pyo")


def imported_game_modules(root: Path, start: str = "main.py") -> set[str]:
    """The `game` modules (as paths like `game/ui/app.py`) that `start` can import.

    Every import statement counts, at any depth (a lazy import inside a
    function too), so the answer errs on the side of more.
    """
    seen: set[str] = set()
    todo = [start]
    while todo:
        current = todo.pop()
        if current in seen:
            continue
        seen.add(current)
        tree = ast.parse((root / current).read_text(encoding="utf-8"))
        package = Path(current).parent.as_posix().replace("/", ".")
        for node in ast.walk(tree):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parts = package.split(".")
                    parts = parts[:len(parts) - node.level + 1]
                    base = ".".join([*parts, base] if base else parts)
                names = [base] + [f"{base}.{alias.name}" for alias in node.names]
            for name in names:
                if name == "game" or name.startswith("game."):
                    todo.extend(_module_files(root, name))
    return {path for path in seen if path != start}


def _module_files(root: Path, dotted: str) -> list[str]:
    """The file of module `dotted`, with the `__init__.py` of each package on its way."""
    parts = dotted.split(".")
    found = []
    for i in range(1, len(parts) + 1):
        stem = "/".join(parts[:i])
        if (root / stem / "__init__.py").is_file():
            found.append(f"{stem}/__init__.py")
        elif (root / f"{stem}.py").is_file():
            found.append(f"{stem}.py")
    return found


def stage(root: Path, app: Path) -> list[Path]:
    """Copy what the game needs into `app` (the folder pygbag will pack)."""
    files = runtime_files(root)
    for relative in files:
        target = app / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(root / relative, target)
    shutil.copy2(root / "pygbag.ini", app.parent / "pygbag.ini")  # read from the cwd
    return files


def build_web(root: Path | None = None, out: Path | None = None, *, base_url: str = "",
              timeout: float = PYGBAG_TIMEOUT) -> WebBuild:
    """Build the page into `out` (default `build/web` under `root`)."""
    started = time.perf_counter()
    root = Path(root) if root is not None else source_root()
    out = Path(out) if out is not None else root / "build" / "web"
    version = pygbag_version()
    for needed in (Path("main.py"), TEMPLATE, ICON, SERVICE_WORKER, Path("pygbag.ini"),
                   *EXTRA_PAGE_FILES):
        if not (root / needed).is_file():
            raise WebBuildError(f"{needed} is missing from {root}")
    if base_url and not base_url.endswith("/"):
        base_url += "/"

    with tempfile.TemporaryDirectory(prefix="taiplis-web-") as temporary:
        staging = Path(temporary)
        app = staging / APP_NAME
        stage(root, app)
        command = [sys.executable, "-m", "pygbag", "--build", "--no_opt", *PYGBAG_OPTIONS,
                   "--template", str(root / TEMPLATE), "--icon", str(root / ICON),
                   str(app)]  # pygbag takes the app folder last
        environment = dict(os.environ, PYTHONDONTWRITEBYTECODE="1")
        try:
            done = subprocess.run(command, cwd=staging, env=environment, capture_output=True,
                                  text=True, encoding="utf-8", errors="replace",
                                  timeout=timeout, check=False)
        except subprocess.TimeoutExpired:
            raise WebBuildError(f"pygbag did not finish within {timeout:.0f} s (is it trying "
                                "to download something?)") from None
        built = app / "build" / "web"
        if done.returncode != 0 or not (built / "index.html").is_file():
            tail = " | ".join((done.stdout + done.stderr).strip().splitlines()[-3:])
            raise WebBuildError(f"pygbag failed (status {done.returncode}): {tail}")
        page = _finish_page((built / "index.html").read_text(encoding="utf-8"), base_url,
                            page_strings(root))
        (built / "index.html").write_text(page, encoding="utf-8")
        for extra in EXTRA_PAGE_FILES:
            shutil.copy2(root / extra, built / extra.name)
        add_offline_files(built, (root / SERVICE_WORKER).read_text(encoding="utf-8"))
        _clear_output(out)
        out.mkdir(parents=True, exist_ok=True)
        files = {}
        for name in OUTPUT_FILES:
            if not (built / name).is_file():
                raise WebBuildError(f"pygbag did not write {name}")
            shutil.copy2(built / name, out / name)
            files[name] = (out / name).stat().st_size

    with tarfile.open(out / f"{APP_NAME}.tar.gz") as archive:
        members = sorted(member.name for member in archive.getmembers() if member.isfile())
    return WebBuild(out, files, members, version, time.perf_counter() - started)


def page_strings(root: Path) -> dict[str, dict[str, str]]:
    """The page's own words in every language: `page.*` of game/ui/i18n/<language>.json."""
    strings = {}
    # A language's own catalogue is named by its two-letter code (en.json);
    # the lesson texts beside it (lessons_en.json) hold no page.* words.
    for path in sorted((root / "game" / "ui" / "i18n").glob("??.json")):
        catalogue = json.loads(path.read_text(encoding="utf-8"))
        strings[path.stem] = {key.removeprefix(PAGE_KEYS): text
                              for key, text in catalogue.items() if key.startswith(PAGE_KEYS)}
    if not strings.get("en"):
        raise WebBuildError("game/ui/i18n/en.json has no page.* entries for the page")
    return strings


def _finish_page(page: str, base_url: str, strings: dict[str, dict[str, str]]) -> str:
    """Fill our own template fields; without a base URL, leave out what needs one."""
    if not base_url:
        page = "\n".join(line for line in page.splitlines()
                         if 'property="og:url"' not in line) + "\n"
    page = page.replace(BASE_URL_FIELD, base_url)
    # JSON is a JavaScript literal; "</" is escaped so no text can close the <script>,
    # and indented so no "}}" looks like an unfilled field
    page = page.replace(STRINGS_FIELD, json.dumps(strings, ensure_ascii=False, sort_keys=True,
                                                  indent=1).replace("</", "<\\/"))
    _check_filled(page.replace(BUILD_FIELD, ""), "the page template")  # the id comes last
    return page


def _check_filled(text: str, what: str) -> None:
    if "{{" in text:
        field = text[text.index("{{"):].split("}}", 1)[0] + "}}"
        raise WebBuildError(f"{what} has an unfilled field {field}")


# --- offline: the manifest and the service worker ---------------------------------------------

def add_offline_files(built: Path, worker: str) -> str:
    """Write the manifest and the service worker into `built`; fill in the build id; return it.

    The id is a hash of what the worker keeps (the page before its id is
    filled in, the archive, the manifest, the icons) and of the worker itself,
    so any change to what a player runs is a new version for the browser.
    """
    page = (built / "index.html").read_text(encoding="utf-8")
    (built / MANIFEST).write_text(json.dumps(web_manifest(built, page), ensure_ascii=False,
                                             indent=1) + "\n", encoding="utf-8")
    cdn, digits = runtime_location(page)
    runtime = runtime_urls(cdn, digits)
    digest = hashlib.sha256(worker.encode())
    for name in OFFLINE_FILES:
        digest.update(f"\0{name}\0".encode())
        digest.update((built / name).read_bytes())
    digest.update(json.dumps(runtime).encode())
    build = digest.hexdigest()[:16]
    (built / "index.html").write_text(page.replace(BUILD_FIELD, build), encoding="utf-8")
    kept = {name: hashlib.sha256((built / name).read_bytes()).hexdigest()
            for name in OFFLINE_FILES}
    fields = {BUILD_FIELD: build, "{{taiplis.app_files}}": json.dumps(kept, indent=1),
              "{{taiplis.runtime_files}}": json.dumps(runtime, indent=1),
              "{{taiplis.runtime}}": cdn, "{{taiplis.cdn}}": urljoin(cdn, "../")}
    for field, value in fields.items():
        worker = worker.replace(field, value)
    _check_filled(worker, "web/sw.js")
    (built / "sw.js").write_text(worker, encoding="utf-8")
    return build


def web_manifest(built: Path, page: str) -> dict:
    """The web app manifest: what a browser needs to install the page as an app.

    Its addresses are relative to the manifest, so the app is the folder the
    page is served from, also under a GitHub Pages project path.  The colours
    are the page's theme colour (its `theme-color` tag).
    """
    colour = re.search(r'<meta name="theme-color" content="(#[0-9a-fA-F]{6})">', page)
    if not colour:
        raise WebBuildError("the page template has no theme-color meta tag for the manifest")
    icons = []
    for name, purpose in MANIFEST_ICONS:
        width, height = png_size(built / name)
        icons.append({"src": name, "sizes": f"{width}x{height}", "type": "image/png",
                      "purpose": purpose})
    return {"name": "Táiplis", "short_name": "Táiplis", "description": MANIFEST_DESCRIPTION,
            "lang": "en", "start_url": "./", "scope": "./", "display": "standalone",
            "background_color": colour.group(1), "theme_color": colour.group(1),
            "categories": ["games"], "icons": icons}


def png_size(path: Path) -> tuple[int, int]:
    """A PNG's width and height, read from its header."""
    data = path.read_bytes()[:24]
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise WebBuildError(f"{path.name} is not a PNG")
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def runtime_location(page: str) -> tuple[str, str]:
    """pygbag's CDN folder and the Python version's digits ("312"), as pygbag filled the page."""
    found = re.search(r'<script src="([^"]+/)pythons\.js" type=module id="site" '
                      r'data-python="python(\d+)\.(\d+)"', page)
    if not found:
        raise WebBuildError("the page does not load pythons.js with a python version "
                            "as web/taiplis.tmpl should")
    return found.group(1), found.group(2) + found.group(3)


def runtime_urls(cdn: str, digits: str) -> list[str]:
    """Every file pygbag 0.9.3's runtime fetches from its CDN to start our page.

    Read in pygbag's own code (docs/web.md, "Offline and installed"): the
    loader; its sound unlocker; the interpreter, its WebAssembly and its
    standard library; the start-up script; and the package index that pygbag
    reads before it runs main.py, which lives one folder up.
    """
    names = ["pythons.js", "empty.ogg", f"cpython{digits}/main.js",
             f"cpython{digits}/main.wasm", f"cpython{digits}/main.data", "cpythonrc.py",
             f"../index-{PYGBAG_VERSION}-cp{digits}.json"]
    return [urljoin(cdn, name) for name in names]


def _clear_output(out: Path) -> None:
    """Remove a previous build from `out`, refusing to touch anything else there."""
    if not out.exists():
        return
    if not out.is_dir():
        raise WebBuildError(f"{out} exists and is not a folder")
    strangers = sorted(p.name for p in out.iterdir() if p.name not in OUTPUT_FILES)
    if strangers:
        raise WebBuildError(f"{out} holds files that are not a web build ({', '.join(strangers)}"
                            "): choose another --out or empty it")
    for name in OUTPUT_FILES:
        (out / name).unlink(missing_ok=True)


def add_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--out", type=Path, default=None,
                        help="where the page goes (default: build/web)")
    parser.add_argument("--base-url", default="",
                        help="the site's public address, for link previews "
                             "(e.g. https://USER.github.io/REPO/)")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game build-web",
                                     description="Pack the browser build into build/web/.")
    add_options(parser)
    parsed = parser.parse_args(argv)
    try:
        print(build_web(out=parsed.out, base_url=parsed.base_url).summary())
    except WebBuildError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
