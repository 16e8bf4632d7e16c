"""The engine CLI: `python -m game perft|moves|apply`, and its one-line errors."""

from __future__ import annotations

import subprocess
import sys

import pytest

from game.cli import main

from .editions import second_edition_link
from .walks import walk

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
    assert out == "brandubh 7/7/3A3/7/7/7/K6 a a1\nongoing quiet 0/100\n"
    status, out, _ = run(capsys, "apply", "brandubh 7/7/3A3/7/7/7/2K4 d a1", "c1-a1")
    assert out == "brandubh 7/7/3A3/7/7/7/K6 a a1\nongoing quiet 1/100\n"
    status, out, _ = run(capsys, "apply", "brandubh 4K2/7/3A3/7/7/7/7 d a1,g1,a7", "e7-g7")
    assert out.splitlines()[1] == "win:d quiet 0/100"


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


# --- game records -------------------------------------------------------------------------

MODIAR_RECORD = "modiar 7,7,7,7,7,7 0,0 s 1\n1. S1 N3x\n2. S2 N2x\nresult: ongoing\n"


def test_replay_prints_the_code_after_each_move(capsys, tmp_path):
    from game.rules import from_code
    path = tmp_path / "game.txt"
    path.write_text(MODIAR_RECORD, encoding="utf-8")
    status, out, err = run(capsys, "replay", str(path))
    lines = out.splitlines()
    assert status == 0 and err == ""
    assert lines[0] == "start\t\tmodiar 7,7,7,7,7,7 0,0 s 1"
    assert [line.split("\t")[:2] for line in lines[1:5]] == [
        ["1.", "S1"], ["1...", "N3x"], ["2.", "S2"], ["2...", "N2x"]]
    position = from_code("modiar 7,7,7,7,7,7 0,0 s 1")
    for line in lines[1:5]:  # each code is the position after that move, as the engine plays it
        position = position.play(position.parse_move(line.split("\t")[1].rstrip("x"))).position
        assert line.split("\t")[2] == position.code()
    assert lines[-1] == "ongoing"


def test_replay_reads_standard_input(capsys, monkeypatch):
    import io
    monkeypatch.setattr(sys, "stdin", io.StringIO("f5d6c3\n"))
    status, out, _ = run(capsys, "replay", "-")
    assert status == 0 and [line.split("\t")[1] for line in out.splitlines()[1:4]] == \
        ["f5", "d6", "c3"]


def test_apply_plays_on_after_a_records_moves(capsys, tmp_path):
    path = tmp_path / "game.txt"
    path.write_text(MODIAR_RECORD, encoding="utf-8")
    status, out, _ = run(capsys, "apply", str(path), "S1")
    expected = main(["apply", "modiar", "S1", "N3", "S2", "N2", "S1"])
    again, _ = capsys.readouterr()
    assert status == 0 == expected and out == again
    status, out, _ = run(capsys, "apply", MODIAR_RECORD)  # a record given as its text
    assert status == 0 and out.splitlines()[1] == "ongoing"


@pytest.mark.parametrize("argv", [
    ["replay", "/no/such/file.txt"],
    ["replay", "."],
    ["apply", "brandubh\n1. b7-b1"],
    ["apply", "t1.brandubh.2.5.%%%"],
    ["--open"],
    ["--open", "a.txt", "b.txt"],
])
def test_bad_records_get_one_line_on_stderr_and_status_2(capsys, argv):
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == ""
    assert err.startswith("error: ") and err.count("\n") == 1


def test_a_bad_move_in_a_record_file_is_named(capsys, tmp_path):
    path = tmp_path / "game.txt"
    path.write_text("brandubh\n1. b7-b6 e5-e7x\n2. b6-b1\n", encoding="utf-8")
    status, _, err = run(capsys, "replay", str(path))
    assert status == 2 and err == "error: move 2. b6-b1: illegal move 'b6-b1' in this position\n"


# --- the no-progress draw through the status line -------------------------------------
# Lines of quiet moves (no capture, no new corner) come from seeded walks over
# the legal moves (tests/engine/walks.py), never written by hand, and never
# repeat a position, so no repetition draw interferes.

LIMIT = 100


def status_after(capsys, start: str, moves: list[str]) -> str:
    """The status line of `apply` from `start` (a game's name or a code)."""
    status, out, err = run(capsys, "apply", start, *moves)
    assert status == 0 and err == "", err
    return out.splitlines()[1]


@pytest.mark.parametrize("seed", range(3))
def test_99_quiet_plies_go_on_and_the_100th_draws(capsys, seed):
    line = walk(BRANDUBH, "q" * LIMIT, seed)
    assert status_after(capsys, "brandubh", line[:-1]) == "ongoing quiet 99/100"
    assert status_after(capsys, "brandubh", line) == "draw quiet 100/100"
    status, _, err = run(capsys, "apply", "brandubh", *line, line[-1])
    assert status == 2 and "the game is over (draw no-progress)" in err


@pytest.mark.parametrize("seed", range(2))
def test_a_capture_inside_the_line_starts_the_count_again(capsys, seed):
    line = walk(BRANDUBH, "q" * 70 + "x" + "q" * LIMIT, seed)
    assert status_after(capsys, "brandubh", line[:71]) == "ongoing quiet 0/100"
    assert status_after(capsys, "brandubh", line[:-1]) == "ongoing quiet 99/100"
    assert status_after(capsys, "brandubh", line) == "draw quiet 100/100"


def test_a_game_from_a_code_counts_from_the_code(capsys):
    line = walk(BRANDUBH, "q" * (LIMIT + 40), 7)
    _, out, _ = run(capsys, "apply", "brandubh", *line[:40])
    code = out.splitlines()[0]
    assert out.splitlines()[1] == "ongoing quiet 40/100"
    assert status_after(capsys, code, line[40:-1]) == "ongoing quiet 99/100"
    assert status_after(capsys, code, line[40:]) == "draw quiet 100/100"


def test_replay_ends_with_the_status_and_the_count(capsys, tmp_path):
    line = walk(BRANDUBH, "q" * LIMIT, 8)
    path = tmp_path / "game.txt"
    path.write_text("brandubh " + " ".join(line), encoding="utf-8")
    status, out, _ = run(capsys, "replay", str(path))
    assert status == 0 and out.splitlines()[-1] == "draw quiet 100/100"
    assert len(out.splitlines()) == 1 + LIMIT + 1  # start, every move, status


@pytest.mark.parametrize("game", ["tawlbwrdd", "reversi", "modiar"])
def test_games_without_the_limit_keep_a_bare_status(capsys, game):
    status, out, _ = run(capsys, "apply", game)
    assert status == 0 and out.splitlines()[1] == "ongoing"


def test_a_link_from_the_second_brandubh_edition_is_cut_at_the_draw_and_says_so(capsys):
    line = walk(BRANDUBH, "q" * (LIMIT + 20), 9)
    status, out, err = run(capsys, "apply", second_edition_link(line))
    assert status == 0 and out.splitlines()[1] == "draw quiet 100/100"
    assert err.startswith("note: ") and err.count("\n") == 1
    assert "edition 2" in err and "50..." in err and "20 later move(s)" in err
    status, out, err = run(capsys, "apply", second_edition_link(line[:LIMIT - 1]))
    assert (status, out.splitlines()[1], err) == (0, "ongoing quiet 99/100", "")
