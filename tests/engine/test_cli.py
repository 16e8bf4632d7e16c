"""The engine CLI: `python -m game perft|moves|apply`, and its one-line errors."""

from __future__ import annotations

import subprocess
import sys

import pytest

from game.cli import main

BRANDUBH = "brandubh 1A1A1A1/A5A/2DDD2/A1DKD1A/2DDD2/A5A/1A1A1A1 a -"  # the start


def run(capsys, *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.parametrize(("target", "depth", "count"), [
    ("brandubh", "2", "1148"), (BRANDUBH, "3", "59124"), ("tawlbwrdd", "2", "7620"),
    ("reversi", "5", "1396"), ("modiar", "5", "187"), ("modiar", "0", "1"),
])
def test_perft_prints_the_count(capsys, target, depth, count):
    assert run(capsys, "perft", target, depth) == (0, count + "\n", "")


def test_perft_accepts_an_unquoted_code(capsys):
    assert run(capsys, "perft", *BRANDUBH.split(), "2") == (0, "1148\n", "")


def test_moves_are_sorted_one_per_line_in_notation(capsys):
    status, out, _ = run(capsys, "moves", "modiar")
    assert (status, out) == (0, "S1\nS2\nS3\n")
    status, out, _ = run(capsys, "moves", "reversi")
    assert out.split() == ["c4", "d3", "e6", "f5"]
    status, out, _ = run(capsys, "moves", BRANDUBH)
    lines = out.splitlines()
    assert len(lines) == 60 and lines == sorted(lines) and "b7-b2" in lines
    assert "b7-b1" not in lines  # b1 holds an attacker


def test_a_forced_pass_is_listed_as_pass(capsys):
    # White cannot outflank the corner disc a1; black can play c1.
    status, out, _ = run(capsys, "moves", "reversi BW6/8/8/8/8/8/8/8 w")
    assert (status, out) == (0, "pass\n")


def test_apply_prints_the_code_then_the_status(capsys):
    status, out, _ = run(capsys, "apply", "modiar", "S1")
    assert (status, out) == (0, "modiar 2,8,8,8,8,8 0,0 n 0\nongoing\n")
    status, out, _ = run(capsys, "apply", "brandubh 7/7/3A3/7/7/7/2K4 d -", "c1-a1")
    assert out == "brandubh 7/7/3A3/7/7/7/K6 a a1\nongoing\n"
    status, out, _ = run(capsys, "apply", "brandubh 4K2/7/3A3/7/7/7/7 d a1,g1,a7", "e7-g7")
    assert out.splitlines()[1] == "win:d"


def test_apply_reports_a_repetition_draw(capsys):
    moves = ["e2-d2", "f4-i4", "d2-e2", "i4-f4"]
    status, out, _ = run(capsys, "apply", "tawlbwrdd", *moves)
    assert status == 0 and out.splitlines()[1] == "draw"


@pytest.mark.parametrize("argv", [
    ["moves", "brandubh 2AAA2/7 a -"],
    ["moves", "chess"],
    ["perft", "reversi", "deep"],
    ["perft", "reversi", "99999999999999999999"],
    ["perft", "reversi"],
    ["apply", "brandubh", "b7-b1"],
    ["apply", "brandubh", "zz"],
    ["apply", "reversi", "d3", "d3"],
    ["apply", "modiar 7,7,7,7,7,8 0,0 s 1"],
    ["moves", "reversi 8/8/8/3WB3/3BW3/8/8/8 á"],
    ["frobnicate"],
])
def test_bad_input_gets_one_line_on_stderr_and_status_2(capsys, argv):
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == ""
    assert err.startswith("error: ") and err.count("\n") == 1


def test_the_module_runs_as_a_program():
    done = subprocess.run([sys.executable, "-m", "game", "apply", "brandubh", "b7-b1"],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert len(done.stderr.splitlines()) == 1
    done = subprocess.run([sys.executable, "-m", "game", "perft", "modiar", "3"],
                          capture_output=True, text=True, check=False)
    assert (done.returncode, done.stdout) == (0, "26\n")
