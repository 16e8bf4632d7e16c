"""`python -m game build-web`: pygbag builds the page offline and never touches the source.

The build runs on a copy of the checkout, with a stand-in `black` on the PATH
that rewrites every Python file it is pointed at (as pygbag's real `black`
pass would): the copy's own files must come out byte for byte the same.
"""

from __future__ import annotations

import hashlib
import importlib.metadata
import os
import shutil
import stat
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest

from game import webbuild
from game.webbuild import (
    APP_NAME,
    DESKTOP_ONLY,
    OUTPUT_FILES,
    WebBuildError,
    build_web,
    imported_game_modules,
)

ROOT = Path(__file__).resolve().parents[2]
MIB = 1024 * 1024
# The app archive's budget: one and a half mebibytes with the lessons' and the
# puzzles' data in it, read at start-up by every visitor's browser.
ARCHIVE_BUDGET = MIB * 3 // 2
BLACK_MARK = "# touched by the stand-in black"
CHECKOUT = ("main.py", "game", "assets", "web", "pygbag.ini", "pyproject.toml", "README.md",
            "tests", "tools", "docs")


def copy_checkout(target: Path) -> Path:
    """The parts of the checkout a build could reach, with the clutter pygbag must skip."""
    target.mkdir(parents=True)
    for name in CHECKOUT:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, target / name, ignore=shutil.ignore_patterns(
                "node_modules", "__pycache__", "*.pyc", ".*"))
        elif source.is_file():
            shutil.copy2(source, target / name)
    cache = target / "game" / "__pycache__"
    cache.mkdir(exist_ok=True)
    (cache / "app.cpython-311.pyc").write_bytes(b"not for the browser")
    return target


def fingerprint(root: Path) -> dict[str, str]:
    return {path.relative_to(root).as_posix(): hashlib.sha256(path.read_bytes()).hexdigest()
            for path in sorted(root.rglob("*")) if path.is_file()}


def install_fake_black(where: Path) -> dict[str, str]:
    """A `black` command and an importable `black` module; returns the environment."""
    bin_dir, lib_dir = where / "bin", where / "lib"
    (lib_dir / "black").mkdir(parents=True)
    (lib_dir / "black" / "__init__.py").write_text("")
    bin_dir.mkdir()
    script = bin_dir / "black"
    script.write_text(f"""#!{sys.executable}
import pathlib, sys
for path in pathlib.Path(sys.argv[-1]).rglob("*.py"):
    path.write_text(path.read_text(encoding="utf-8") + "\\n{BLACK_MARK}\\n", encoding="utf-8")
""")
    script.chmod(script.stat().st_mode | stat.S_IXUSR)
    return {"PATH": f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}",
            "PYTHONPATH": str(lib_dir)}


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """One build of a copied checkout (the slow part, about a second)."""
    work = tmp_path_factory.mktemp("build")
    root = copy_checkout(work / "checkout")
    before = fingerprint(root)
    with pytest.MonkeyPatch.context() as patch:
        for name, value in install_fake_black(work / "black").items():
            patch.setenv(name, value)
        result = build_web(root, base_url="https://example.org/taiplis")
    return root, before, result


def archive_names(result) -> list[str]:
    with tarfile.open(result.out / f"{APP_NAME}.tar.gz") as archive:
        return sorted(m.name for m in archive.getmembers() if m.isfile())


def test_the_build_writes_the_page_into_build_web(built):
    root, _, result = built
    assert result.out == root / "build" / "web"
    assert sorted(p.name for p in result.out.iterdir()) == sorted(OUTPUT_FILES)
    assert result.pygbag_version == importlib.metadata.version("pygbag")
    assert "taiplis.tar.gz" in result.summary()


def test_the_source_tree_is_never_modified(built):
    root, before, _ = built
    after = fingerprint(root)
    after = {name: digest for name, digest in after.items() if not name.startswith("build/")}
    assert after == before
    assert not list(root.rglob("*-pygbag.*"))


def test_pygbag_and_its_black_pass_only_saw_the_staging_copy(built):
    _, _, result = built
    with tarfile.open(result.out / f"{APP_NAME}.tar.gz") as archive:
        shipped_main = archive.extractfile("assets/main.py").read().decode()
    assert BLACK_MARK in shipped_main  # the stand-in ran, on the copy


def test_the_archive_holds_only_what_the_game_needs(built):
    root, _, result = built
    names = archive_names(result)
    assert all(name.startswith("assets/") for name in names)
    shipped = {name.removeprefix("assets/") for name in names}
    assert "main.py" in shipped
    for folder in ("tests/", "tools/", "docs/", "web/", "build/", "node_modules/"):
        assert not any(name.startswith(folder) for name in shipped), folder
    assert not any("__pycache__" in name or name.endswith((".pyc", ".pyo")) for name in shipped)
    assert not {"pygbag.ini", "pyproject.toml", "README.md"} & shipped
    assert not DESKTOP_ONLY & shipped
    needed = imported_game_modules(root)
    assert needed <= shipped, needed - shipped
    assert {name for name in shipped if name.endswith(".py")} == needed | {"main.py"}
    assets = {p.relative_to(root).as_posix() for p in (root / "assets").rglob("*") if p.is_file()}
    assert assets <= shipped
    data = {p.relative_to(root).as_posix() for p in (root / "game").rglob("*")
            if p.is_file() and p.suffix not in (".py", ".pyc")}
    assert data <= shipped  # catalogues and other data beside the code


def test_the_zip_archive_has_the_same_files(built):
    _, _, result = built
    with zipfile.ZipFile(result.out / f"{APP_NAME}.apk") as archive:
        assert sorted(archive.namelist()) == archive_names(result)


def test_the_archive_is_within_its_budget(built):
    _, _, result = built
    print(f"\napp archive: {result.archive_bytes} bytes ({result.archive_bytes / 1024:.0f} KiB)")
    assert result.archive_bytes < ARCHIVE_BUDGET
    assert result.files[f"{APP_NAME}.apk"] < ARCHIVE_BUDGET


def test_audio_is_ogg_only(built):
    _, _, result = built
    audio = [n for n in archive_names(result) if n.endswith((".ogg", ".wav", ".mp3", ".flac"))]
    assert audio and all(name.endswith(".ogg") for name in audio)


def test_the_page_is_filled_in(built):
    _, _, result = built
    page = (result.out / "index.html").read_text(encoding="utf-8")
    assert "{{" not in page and "}}" not in page
    assert 'content="https://example.org/taiplis/social.png"' in page
    assert '<meta property="og:url" content="https://example.org/taiplis/">' in page
    assert f'platform.fopen("{APP_NAME}.tar.gz", "rb")' in page
    assert '<script src="https://pygame-web.github.io/cdn/0.9.3/pythons.js"' in page
    assert (result.out / "favicon.png").read_bytes() == (ROOT / "web" / "favicon.png").read_bytes()


def test_without_a_base_url_the_page_leaves_out_what_needs_one(tmp_path):
    root = copy_checkout(tmp_path / "checkout")
    result = build_web(root, tmp_path / "site")
    page = (result.out / "index.html").read_text(encoding="utf-8")
    assert 'property="og:url"' not in page and 'content="social.png"' in page
    result = build_web(root, tmp_path / "site")  # a rebuild replaces the last one
    assert sorted(p.name for p in result.out.iterdir()) == sorted(OUTPUT_FILES)


def test_the_build_never_empties_a_folder_it_did_not_make(tmp_path):
    root = copy_checkout(tmp_path / "checkout")
    (tmp_path / "mine").mkdir()
    (tmp_path / "mine" / "notes.txt").write_text("keep")
    with pytest.raises(WebBuildError, match="not a web build"):
        build_web(root, tmp_path / "mine")
    assert (tmp_path / "mine" / "notes.txt").read_text() == "keep"


def test_a_missing_pygbag_is_a_clear_error(monkeypatch, capsys):
    def missing(name):
        raise importlib.metadata.PackageNotFoundError(name)

    monkeypatch.setattr(webbuild.importlib.metadata, "version", missing)
    assert webbuild.main([]) == 2
    error = capsys.readouterr().err
    assert error.startswith("error: pygbag is not installed: pip install 'pygbag==0.9.3'")
    assert error.count("\n") == 1


def test_the_desktop_only_modules_exist_and_main_never_imports_them():
    for name in DESKTOP_ONLY:
        assert (ROOT / name).is_file(), f"{name} is gone: update DESKTOP_ONLY in game/webbuild.py"
    reached = imported_game_modules(ROOT)
    assert "game/ui/app.py" in reached and "game/rules/tafl.py" in reached
    assert not DESKTOP_ONLY & reached, "main.py now reaches a desktop-only module"


def test_the_documented_command_is_wired_into_the_cli():
    done = subprocess.run([sys.executable, "-m", "game", "build-web", "--help"], cwd=ROOT,
                          capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0, (
        "`python -m game build-web` is missing: add the build-web hook to game/cli.py "
        "(a build-web subcommand that delegates to game.webbuild)")
    assert "--base-url" in done.stdout and "--out" in done.stdout
