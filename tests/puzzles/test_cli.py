"""`python -m game puzzles export|verify`: the formats, the statuses, the errors."""

from __future__ import annotations

import json

import pytest

import game.puzzles
from game.cli import main
from game.puzzles import load_all, record

WIN = record.make("tawlbwrdd AAA8/11/11/11/11/11/11/11/2K1A6/2A8/11 d", "win", 1, ["c3-a3"],
                  None, 900)
NOT_UNIQUE = record.make("tawlbwrdd AAA8/11/11/11/11/11/11/11/2K1A6/11/11 d", "win", 1,
                         ["c3-a3"], None, 900)
MODIAR = record.make("modiar 8,3,2,3,2,2 18,4 s 0", "best", 2, ["S3", "N2", "S2"], 26, 940)
KEYS = ["id", "game", "code", "goal", "depth", "solution", "value", "rating"]


def run(capsys, *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def shipped(monkeypatch, puzzles) -> None:
    """Stand `puzzles` in for the shipped data."""
    monkeypatch.setattr(game.puzzles, "load_all", lambda: tuple(puzzles))
    monkeypatch.setattr(game.puzzles, "load",
                        lambda name: tuple(p for p in puzzles if p.game == name))


def test_export_prints_every_shipped_puzzle_one_a_line(capsys):
    status, out, err = run(capsys, "puzzles", "export")
    lines = out.splitlines()
    assert (status, err) == (0, "") and len(lines) == len(load_all()) > 0
    ids = [line.split("\t")[0] for line in lines]
    assert ids == [p.id for p in load_all()]


def test_export_json_has_the_fields_in_order_and_no_value_for_tafl(capsys, monkeypatch):
    shipped(monkeypatch, [WIN, MODIAR])
    status, out, _ = run(capsys, "puzzles", "export", "--json")
    rows = [json.loads(line) for line in out.splitlines()]
    assert status == 0 and len(rows) == 2
    assert list(rows[0]) == [k for k in KEYS if k != "value"]
    assert list(rows[1]) == KEYS
    assert rows[1] == {"id": MODIAR.id, "game": "modiar", "code": MODIAR.code, "goal": "best",
                       "depth": 2, "solution": "S3 N2 S2", "value": 26, "rating": 940}


def test_export_of_one_game(capsys, monkeypatch):
    shipped(monkeypatch, [WIN, MODIAR])
    status, out, _ = run(capsys, "puzzles", "export", "--game", "modiar", "--json")
    assert status == 0 and [json.loads(line)["id"] for line in out.splitlines()] == [MODIAR.id]


def test_verify_passes_proven_puzzles(capsys, monkeypatch):
    shipped(monkeypatch, [WIN, MODIAR])
    assert run(capsys, "puzzles", "verify") == (0, "2 of 2 puzzles proven\n", "")


def test_verify_fails_with_status_1_naming_the_puzzle(capsys, monkeypatch):
    shipped(monkeypatch, [WIN, NOT_UNIQUE, MODIAR])
    status, out, _ = run(capsys, "puzzles", "verify")
    assert status == 1
    assert out.splitlines() == [f"{NOT_UNIQUE.id}: move 1 (c3-a3): the moves winning within 1 "
                                "are c3-c1 c3-a3", "2 of 3 puzzles proven"]


@pytest.mark.parametrize("argv", [("puzzles",), ("puzzles", "solve"),
                                  ("puzzles", "export", "--game", "chess"),
                                  ("puzzles", "verify", "--json")])
def test_bad_arguments_say_one_line_and_exit_2(capsys, argv):
    status, out, err = run(capsys, *argv)
    assert (status, out) == (2, "")
    assert err.startswith("error: ") and err.count("\n") == 1
