"""The engines under CPython compiled to WebAssembly (Pyodide in Node).

pygbag's runtime comes from its CDN at page load, so the page itself cannot
run here; Pyodide is the same CPython on WebAssembly, installed from npm
(pinned in tests/web/package.json and its lock file).  It runs
tests/web/wasm_checks.py with (a snapshot of) game/ mounted, while the same
script runs natively; the WebAssembly answers must be right and equal the
native ones.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.rules import GAME_NAMES

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
PYODIDE_VERSION = "314.0.7"
ARGS = {
    "perft": {"brandubh": 3, "tawlbwrdd": 2, "reversi": 5, "modiar": 5},
    "nodes": 1000,  # per move, Ovate against Ovate: small, but real searches
    "coop_nodes": 3000,
    "code_plies": 60,
    # Seed 0 gives a Brandubh game the two Ovates at 1000 nodes cannot end in
    # 400 plies (a lone king a corner short of his tour, and neither side takes
    # a repetition): a real weakness of the search, but this test is about the
    # browser playing the very game native Python plays, so a seed whose games
    # all end (at 23 to 67 plies) keeps it short.
    "seed": 2,
}
PERFT = {"brandubh": 59124, "tawlbwrdd": 7620, "reversi": 1396, "modiar": 187}  # rules.md#perft
TIMEOUT = 600
NODE_HELP = ("Node.js 20 or later (with npm) is needed for the WebAssembly tests: "
             "apt-get install nodejs npm (Debian/Ubuntu), or see https://nodejs.org/")


def node() -> str:
    found = shutil.which("node")
    if found is None:
        pytest.fail(NODE_HELP)
    major = subprocess.run([found, "--version"], capture_output=True, text=True,
                           check=True).stdout.strip().lstrip("v").split(".")[0]
    if int(major) < 20:
        pytest.fail(f"Node.js {major} is too old. {NODE_HELP}")
    return found


def ensure_pyodide() -> None:
    """`npm ci` from the lock file when node_modules/pyodide is not there yet."""
    installed = HERE / "node_modules" / "pyodide" / "package.json"
    if not installed.is_file():
        npm = shutil.which("npm")
        if npm is None:
            pytest.fail(f"npm is missing. {NODE_HELP}")
        done = subprocess.run([npm, "ci", "--no-audit", "--no-fund"], cwd=HERE,
                              capture_output=True, text=True, timeout=TIMEOUT, check=False)
        if done.returncode != 0:
            pytest.fail(f"npm ci in tests/web failed:\n{done.stdout}\n{done.stderr}")
    version = json.loads(installed.read_text(encoding="utf-8"))["version"]
    assert version == PYODIDE_VERSION, f"tests/web/node_modules has pyodide {version}: npm ci"


def results(output: str) -> dict[str, list[dict]]:
    found: dict[str, list[dict]] = {}
    for line in output.splitlines():
        if line.startswith("WASM-RESULT "):
            entry = json.loads(line.removeprefix("WASM-RESULT "))
            found.setdefault(entry.pop("check"), []).append(entry)
    return found


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    """The checks in WebAssembly and natively, side by side (two processes).

    Both read one snapshot of game/, so they run the very same code even while
    someone edits the working tree.
    """
    node_path = node()
    ensure_pyodide()
    args = json.dumps(ARGS)
    snapshot = tmp_path_factory.mktemp("snapshot")
    shutil.copytree(ROOT / "game", snapshot / "game",
                    ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    started = time.perf_counter()
    wasm = subprocess.Popen(
        [node_path, "--experimental-wasm-stack-switching", str(HERE / "run_pyodide.mjs"),
         str(snapshot / "game"), str(HERE / "wasm_checks.py"), args],
        cwd=HERE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    native = subprocess.run(
        [sys.executable, "-B", str(HERE / "wasm_checks.py")], cwd=snapshot,
        capture_output=True, text=True, timeout=TIMEOUT, check=False,
        env=dict(os.environ, CHECK_ARGS=args, PYTHONPATH=str(snapshot)))
    try:
        out, err = wasm.communicate(timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        wasm.kill()
        pytest.fail(f"the WebAssembly checks took over {TIMEOUT} s")
    seconds = time.perf_counter() - started
    assert native.returncode == 0, native.stderr[-3000:]
    assert wasm.returncode == 0, (out + err)[-3000:]
    wasm_results = results(out)
    timing = wasm_results["timing"][0]
    print(f"\nPyodide {PYODIDE_VERSION}: loaded in {timing['load_seconds']:.1f} s, checks ran in "
          f"{timing['run_seconds']:.1f} s; {seconds:.1f} s in all")
    return {"wasm": wasm_results, "native": results(native.stdout),
            "pyc_written": sorted(str(p) for p in (snapshot / "game").rglob("*.pyc"))}


def by_game(entries: list[dict]) -> dict[str, dict]:
    return {entry["game"]: entry for entry in entries}


def test_it_really_ran_in_webassembly(runs):
    (env,) = runs["wasm"]["environment"]
    assert env["platform"] == "emscripten" and env["is_web"] is True
    assert env["python"].startswith("3.")
    assert runs["native"]["environment"][0]["platform"] != "emscripten"


@pytest.mark.parametrize("name", GAME_NAMES)
def test_perft(runs, name):
    result = by_game(runs["wasm"]["perft"])[name]
    assert (result["depth"], result["leaves"]) == (ARGS["perft"][name], PERFT[name])


@pytest.mark.parametrize("name", GAME_NAMES)
def test_position_codes_round_trip(runs, name):
    wasm, native = by_game(runs["wasm"]["codes"])[name], by_game(runs["native"]["codes"])[name]
    assert len(wasm["codes"]) > 5 and wasm["rejects_garbage"]
    assert wasm["codes"] == native["codes"]


@pytest.mark.parametrize("name", GAME_NAMES)
def test_a_whole_ovate_game(runs, name):
    wasm = by_game(runs["wasm"]["ai_game"])[name]
    native = by_game(runs["native"]["ai_game"])[name]
    assert wasm["status"] is not None, f"{name} did not finish within the ply cap"
    assert wasm["plies"] == len(wasm["moves"]) > 0
    assert (wasm["moves"], wasm["status"], wasm["reason"]) == \
        (native["moves"], native["status"], native["reason"])


SLICE_NODES = 1000  # the most nodes one step of a search may take before it yields


@pytest.mark.parametrize("name", GAME_NAMES)
def test_a_cooperative_search_through_asyncio_steps(runs, name):
    wasm = by_game(runs["wasm"]["cooperative"])[name]
    native = by_game(runs["native"]["cooperative"])[name]
    assert wasm["frames_between_steps"] == wasm["steps"], "a frame ran between every step"
    # Bounded by nodes, not seconds: a loaded machine may pause any step.
    assert 0 < wasm["longest_slice_nodes"] <= SLICE_NODES, "a slice held up the frames"
    if wasm["nodes"] == ARGS["coop_nodes"]:  # it searched to the budget: that takes slices
        assert wasm["steps"] > 1, "the search ran in one go"
    # (a search can end sooner: an exact solver or a table may know the answer)
    assert (wasm["move"], wasm["score"], wasm["depth"], wasm["nodes"]) == \
        (native["move"], native["score"], native["depth"], native["nodes"])


def test_the_searches_really_were_sliced(runs):
    sliced = [e["game"] for e in runs["wasm"]["cooperative"] if e["steps"] > 1]
    assert {"brandubh", "tawlbwrdd"} <= set(sliced)  # no solver shortcuts there


def test_storage_round_trips_through_a_javascript_local_storage(runs):
    (wasm,) = runs["wasm"]["storage"]
    assert wasm["area"] == "javascript" and wasm["games"] == list(GAME_NAMES)


def test_pygame_is_never_needed(runs):
    assert runs["wasm"]["pygame"] == [{"imported": False}]


def test_the_mounted_game_folder_is_left_as_it_was(runs):
    assert runs["pyc_written"] == []
