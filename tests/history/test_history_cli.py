"""`python -m game history export`: the desktop's kept games as one text of
records, the same text the History scene's Export button gives."""

from __future__ import annotations

import pytest

import game.platform
from game.cli import main
from game.history import export_text, finished_entry, keep_finished, load_history
from game.platform.storage import FileStorage
from game.rules.transcript import read_record
from game.ui.play import Mode, Play, Setup


def finished(name: str, seed: int) -> Play:
    play = Play(Setup(name, Mode.HOTSEAT, seed=seed))
    while play.game.outcome() is None:
        moves = play.game.legal_moves()
        play.play(moves[seed % len(moves)])
    return play


@pytest.fixture
def kept(monkeypatch, tmp_path):
    """Two finished games in the desktop's storage folder."""
    monkeypatch.setattr(game.platform, "IS_WEB", False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    storage = FileStorage(tmp_path / "data" / "taiplis")
    for n, name in enumerate(("modiar", "reversi")):
        play = finished(name, n)
        assert keep_finished(storage, finished_entry(f"g{n}", 1000.0 + n, play.setup, play.game))
    return load_history(storage)


def test_the_export_prints_every_kept_game_oldest_first(kept, capsys):
    assert main(["history", "export"]) == 0
    printed = capsys.readouterr().out
    assert printed == export_text(kept) + "\n"
    games = [read_record(part) for part in printed.strip().split("\n\n")]
    assert [g.game for g in games] == ["modiar", "reversi"]
    assert [g.moves for g in games] == [entry.to_game().moves for entry in kept]


def test_the_export_goes_to_a_file_with_out(kept, capsys, tmp_path):
    out = tmp_path / "mine.txt"
    assert main(["history", "export", "--out", str(out)]) == 0
    assert out.read_text(encoding="utf-8") == export_text(kept) + "\n"
    assert capsys.readouterr().out == f"2 games written to {out}\n"


def test_a_file_that_cannot_be_written_is_one_line(kept, capsys, tmp_path):
    assert main(["history", "export", "--out", str(tmp_path / "no" / "such" / "x.txt")]) == 2
    error = capsys.readouterr().err
    assert error.startswith("error: cannot write") and error.count("\n") == 1


def test_an_empty_history_exports_nothing(monkeypatch, tmp_path, capsys):
    monkeypatch.setattr(game.platform, "IS_WEB", False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert main(["history", "export"]) == 0
    assert capsys.readouterr().out == ""
