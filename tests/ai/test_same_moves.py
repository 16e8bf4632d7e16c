"""tools/same_moves.py: two checkouts' computers compared answer by answer.

Searches are bounded by small node budgets; the answering processes are the
real ones (`Server`) where a test needs them, else stand-ins that answer in
this process with the same `answer_one`.
"""

from __future__ import annotations

import io
import subprocess

from game.ai.levels import accepts_draw, start_search
from game.rules import start
from game.rules.record import Game
from tools import same_moves


class InProcess:
    """Answers as a serving process would, here; `tweak` may change an answer."""

    def __init__(self, tweak=None) -> None:
        self.tweak = tweak
        self.request: dict = {}

    def send(self, request: dict) -> None:
        self.request = request

    def read(self) -> dict:
        answer = same_moves.answer_one(self.request, Game, start_search, accepts_draw)
        return self.tweak(self.request, answer) if self.tweak else answer


def test_positions_are_distinct_seeded_and_spread_over_the_game():
    for game in ("brandubh", "modiar"):
        moves = same_moves.sample_positions(game, 12, seed=3)
        assert moves == same_moves.sample_positions(game, 12, seed=3)
        assert moves != same_moves.sample_positions(game, 12, seed=4)
        codes = {Game(start(game).code(), m).position.code() for m in moves}
        assert len(codes) == 12
        assert all(Game(start(game).code(), m).outcome() is None for m in moves)
        first_band = [len(m) for i, m in enumerate(moves) if i % same_moves.BANDS == 0]
        last_band = [len(m) for i, m in enumerate(moves)
                     if i % same_moves.BANDS == same_moves.BANDS - 1]
        assert max(first_band) < min(last_band)


def test_identical_answers_pass_and_a_changed_score_is_reported():
    out = io.StringIO()
    both = [InProcess(), InProcess()]
    assert same_moves.compare("tawlbwrdd", both, 2, 0, 200, True, out) == (8, 0)
    assert out.getvalue() == ""

    def one_more(request: dict, answer: dict) -> dict:
        return dict(answer, score=answer["score"] + 1) if request["level"] == "ovate" else answer

    changed = [InProcess(), InProcess(one_more)]
    assert same_moves.compare("tawlbwrdd", changed, 2, 0, 200, True, out) == (8, 2)
    report = out.getvalue()
    assert report.count("DIFFERS tawlbwrdd") == 2 and " ovate " in report


def test_the_draw_answer_is_compared_too():
    out = io.StringIO()

    def refuses(request: dict, answer: dict) -> dict:
        return dict(answer, accepts=not answer["accepts"]) if "accepts" in answer else answer

    servers = [InProcess(), InProcess(refuses)]
    assert same_moves.compare("brandubh", servers, 1, 0, 100, True, out) == (4, 1)
    assert "accepts" in out.getvalue()
    assert same_moves.compare("brandubh", servers, 1, 0, 100, False, io.StringIO()) == (4, 0)


def answered_here(request: dict) -> dict:
    stand_in = InProcess()
    stand_in.send(request)
    return stand_in.read()


def test_a_serving_process_answers_as_this_process_does():
    server = same_moves.Server(same_moves.ROOT)
    try:
        moves = same_moves.sample_positions("reversi", 1, seed=0)[0]
        request = {"start": start("reversi").code(), "moves": moves, "level": "druid",
                   "seed": 5, "nodes": 300, "draw_side": "b"}
        server.send(request)
        answer = server.read()
    finally:
        server.close()
    assert answer == answered_here(request)
    assert set(answer) == {"move", "score", "depth", "nodes", "accepts"}


def test_a_commit_against_itself_differs_nowhere_and_exits_0(capsys):
    head = subprocess.run(["git", "-C", str(same_moves.ROOT), "rev-parse", "HEAD"],
                          check=True, capture_output=True, text=True).stdout.strip()
    status = same_moves.main(["--tree", head, "--against", head, "--games", "modiar",
                              "--positions", "2", "--nodes", "100"])
    assert status == 0
    out = capsys.readouterr().out
    assert "modiar: 8 answers compared (2 positions x 4 levels), 0 differ" in out
