"""`python -m game soak`, run in-process through the command line's entry point.

The soak is itself a test of the app: a storm of random events through every
scene, with real moves, finished games and pressed buttons.  These tests check
that a short storm finds nothing, that it does find a bug planted in the
drawing, and that one seed always gives the same run.
"""

from __future__ import annotations

import re

import pytest

from game.cli import main
from game.soak import SCENES
from game.ui.views.reversi import ReversiView

SHORT_SOAK_EVENTS = 10_000


def soak_report(capsys, *args: str) -> tuple[int, str]:
    status = main(["soak", *args])
    return status, capsys.readouterr().out


def numbers(report: str) -> dict[str, int]:
    """The totals the report's first lines give."""
    found = {}
    for name, pattern in (("events", r"(\d+) events"), ("frames", r"(\d+) frames"),
                          ("games", r"games finished: (\d+)"), ("plies", r"plies played: (\d+)"),
                          ("errors", r"errors caught: (\d+)")):
        match = re.search(pattern, report)
        assert match, f"no {name} in the report:\n{report}"
        found[name] = int(match.group(1))
    return found


def scene_rows(report: str) -> dict[str, tuple[int, int]]:
    rows = {}
    for line in report.splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[0] in SCENES and parts[1].isdigit():
            rows[parts[0]] = (int(parts[1]), int(parts[2]))
    return rows


def test_a_short_soak_through_every_scene_catches_no_error(capsys):
    status, report = soak_report(capsys, "--events", str(SHORT_SOAK_EVENTS), "--seed", "1")
    totals = numbers(report)
    assert status == 0, report
    assert totals["errors"] == 0, report
    assert totals["events"] >= SHORT_SOAK_EVENTS
    assert totals["games"] > 0 and totals["plies"] > 0, report
    rows = scene_rows(report)
    assert set(rows) == set(SCENES), report
    unvisited = [name for name, (events, frames) in rows.items() if not (events and frames)]
    assert unvisited == [], report
    assert sum(events for events, _ in rows.values()) <= totals["events"]


@pytest.mark.expects_app_errors  # the planted bug is what this test is about
def test_the_soak_reports_a_bug_in_drawing_and_fails(capsys, monkeypatch):
    real_draw = ReversiView.draw_position
    calls = {"count": 0}

    def sometimes_broken(self, *args, **kwargs):
        calls["count"] += 1
        if calls["count"] % 7 == 0:
            raise RuntimeError("planted: a broken Reversi frame")
        return real_draw(self, *args, **kwargs)

    monkeypatch.setattr(ReversiView, "draw_position", sometimes_broken)
    status, report = soak_report(capsys, "--events", "600", "--seed", "2", "--scene", "reversi")
    assert status == 1, report
    assert numbers(report)["errors"] > 1
    assert "(1 distinct)" in report
    # The distinct error's traceback is printed once, however often it fired.
    assert report.count("Traceback (most recent call last)") == 1
    assert "RuntimeError: planted: a broken Reversi frame" in report
    assert "sometimes_broken" in report


def test_one_seed_gives_the_same_run_and_another_seed_another(capsys):
    first = soak_report(capsys, "--events", "1500", "--seed", "4")
    again = soak_report(capsys, "--events", "1500", "--seed", "4")
    other = soak_report(capsys, "--events", "1500", "--seed", "5")
    assert first == again
    assert first[0] == 0 and numbers(first[1])["events"] >= 1500
    # Not the same counts whatever the seed (the seed itself is in the first line).
    assert (numbers(other[1]), scene_rows(other[1])) != (numbers(first[1]), scene_rows(first[1]))


def test_a_bad_soak_command_is_one_line_and_status_2(capsys):
    assert main(["soak", "--scene", "chess"]) == 2
    assert main(["soak", "--events", "0"]) == 2
    errors = capsys.readouterr().err.splitlines()
    assert errors == ["error: --scene must be one of " + ", ".join(SCENES),
                      "error: --events must be between 1 and 10000000"]


@pytest.mark.parametrize("scene", ["lessons", "lesson", "puzzles", "puzzle", "friends"])
def test_the_lessons_puzzles_and_friends_scenes_take_a_storm(capsys, scene):
    status, report = soak_report(capsys, "--events", "600", "--seed", "3", "--scene", scene)
    assert status == 0 and numbers(report)["errors"] == 0, report
    events, frames = scene_rows(report)[scene]
    assert events > 0 and frames > 0, report
