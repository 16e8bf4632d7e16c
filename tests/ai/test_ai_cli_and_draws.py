"""The `ai` and `match` commands, and the computer's answer to a draw offer."""

from __future__ import annotations

from game.ai.levels import accepts_draw
from game.cli import main
from game.rules import tafl
from game.rules.record import Game

from ..engine.diagrams import tafl_code
from .test_tafl_ai import CRUSHED


def run(capsys, *argv):
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_ai_prints_the_move_then_its_numbers(capsys):
    status, out, err = run(capsys, "ai", "brandubh", "--level", "druid", "--nodes", "500",
                           "--seed", "3")
    lines = out.splitlines()
    assert status == 0 and err == ""
    position = tafl.start("brandubh")
    assert position.parse_move(lines[0]) in position.legal_moves()
    assert [line.split(":")[0] for line in lines[1:]] == ["score", "depth", "nodes", "seconds"]
    assert int(lines[3].split(": ")[1]) <= 500


def test_ai_refuses_a_finished_game_and_bad_budgets(capsys):
    status, out, err = run(capsys, "ai", "brandubh 7/7/3A3/7/7/7/7 d -")
    assert status == 2 and out == "" and err.count("\n") == 1
    status, _, err = run(capsys, "ai", "reversi", "--nodes", "0")
    assert status == 2 and "--nodes" in err
    status, _, err = run(capsys, "ai", "reversi", "--nodes", "5", "--time", "1")
    assert status == 2


def test_ai_takes_the_plies_without_progress_that_a_code_does_not_carry(capsys):
    # From the start nothing can be taken in one move: with 99 quiet plies
    # behind it, every move draws (scored with the Druid's contempt).
    status, out, _ = run(capsys, "ai", "brandubh", "--quiet", "99", "--nodes", "2000")
    assert status == 0 and "score: -30" in out.splitlines()
    status, out, _ = run(capsys, "ai", "brandubh", "--nodes", "2000")
    assert status == 0 and "score: -30" not in out.splitlines()
    for game, quiet in (("brandubh", "100"), ("brandubh", "-1"), ("reversi", "5")):
        status, out, err = run(capsys, "ai", game, "--quiet", quiet)
        assert status == 2 and out == "" and "--quiet" in err and err.count("\n") == 1


def test_match_reports_both_sides_and_move_times(capsys):
    status, out, _ = run(capsys, "match", "modiar", "--a", "ovate", "--b", "random",
                         "--games", "2", "--nodes", "200")
    assert status == 0
    assert "A as s: wins" in out and "A as n: wins" in out and "B as s:" in out
    assert "move time mean" in out


def test_the_computer_accepts_a_draw_only_when_it_stands_worse():
    # Tawlbwrdd, king shut in by 24 attackers: the defenders are lost.
    game = Game(tafl_code("tawlbwrdd", CRUSHED, "d"))
    assert accepts_draw(game, computer_side="d")
    assert not accepts_draw(game, computer_side="a")
