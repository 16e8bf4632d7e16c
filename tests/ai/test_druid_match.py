"""tools/druid_match.py: the Druid of this tree against a commit's, each in its own process."""

import json
import subprocess

import pytest

from game.rules import start
from tools import druid_match


def test_a_tiny_match_against_head_itself_scores_even(tmp_path):
    # Both sides are the same deterministic search, each pair of games starts
    # from one opening with the colours swapped: each side wins once.
    log = tmp_path / "games.jsonl"
    head = subprocess.run(["git", "-C", str(druid_match.ROOT), "rev-parse", "HEAD"],
                          check=True, capture_output=True, text=True).stdout.strip()
    args = druid_match.parse(["tawlbwrdd", "--against", head, "--games", "2",
                              "--nodes", "60", "--log", str(log)])
    text = druid_match.run(args)
    records = [json.loads(line) for line in log.read_text().splitlines()]
    assert [r["new_side"] for r in records] == ["a", "d"]
    assert records[0]["opening"] == records[1]["opening"]
    assert records[0]["winner"] is not None  # 60 nodes a move: one side wins
    unchanged = subprocess.run(["git", "-C", str(druid_match.ROOT), "diff", "--quiet", "HEAD",
                                "--", "game"]).returncode == 0
    if unchanged:  # (uncommitted edits to game/ make this tree differ from HEAD)
        assert records[0]["moves"] == records[1]["moves"]
        assert "A score 50.0%" in text and "B score 50.0%" in text
        assert "A as a: wins 1" in text or "A as d: wins 1" in text


def test_a_match_started_again_skips_the_games_in_its_log(tmp_path, monkeypatch):
    log = tmp_path / "games.jsonl"
    record = {"i": 0, "new_side": "a", "winner": "d", "reason": "edge-escape", "plies": 9,
              "moves": [], "seconds": {}, "opening": []}
    log.write_text(json.dumps(record) + "\n")
    played = []
    monkeypatch.setattr(druid_match, "play",
                        lambda *a, **k: played.append(a) or dict(record, winner="a"))
    text = druid_match.run(druid_match.parse(["tawlbwrdd", "--against", "HEAD",
                                              "--games", "2", "--log", str(log)]))
    assert len(played) == 1  # game 1 only
    assert "A as a: wins 0, draws 0, losses 1" in text
    assert "A as d: wins 0, draws 0, losses 1" in text


def test_openings_are_distinct_and_run_out_with_a_message():
    first_moves = len(start("modiar").legal_moves())
    openings = druid_match.distinct_openings("modiar", 1, first_moves, seed=0)
    assert len({tuple(o) for o in openings}) == first_moves
    with pytest.raises(SystemExit, match=f"only {first_moves} different 1-ply openings"):
        druid_match.distinct_openings("modiar", 1, first_moves + 1, seed=0)


def test_schedule_plays_each_opening_twice_with_the_colours_swapped():
    games = list(druid_match.schedule("brandubh", 5, 2, seed=3))
    assert [i for i, _, _ in games] == [0, 1, 2, 3, 4]
    assert [side for _, _, side in games] == ["a", "d", "a", "d", "a"]
    assert games[0][1] == games[1][1] != games[2][1] == games[3][1]


def test_a_budget_is_nodes_or_time_not_both():
    with pytest.raises(SystemExit):
        druid_match.parse(["brandubh", "--against", "HEAD", "--nodes", "5", "--time", "1"])
    assert druid_match.parse(["brandubh", "--against", "HEAD", "--time", "1"]).nodes is None


def test_the_parts_of_a_match_share_out_its_games_by_opening():
    whole = list(druid_match.schedule("brandubh", 7, 2, seed=3))
    parts = [list(druid_match.schedule("brandubh", 7, 2, seed=3, part=(k, 3))) for k in range(3)]
    assert sorted(game for part in parts for game in part) == sorted(whole)
    assert [i for i, _, _ in parts[1]] == [2, 3]  # the second opening, both colours
    assert druid_match.parse(["brandubh", "--against", "HEAD", "--part", "1/3"]).part == (1, 3)
    for wrong in ("3/3", "x", "1/0"):
        with pytest.raises(SystemExit):
            druid_match.parse(["brandubh", "--against", "HEAD", "--part", wrong])


def test_a_match_carried_on_from_a_game_plays_the_same_later_games():
    whole = list(druid_match.schedule("brandubh", 9, 2, seed=3))
    later = list(druid_match.schedule("brandubh", 9, 2, seed=3, first=4))
    assert later == [game for game in whole if game[0] >= 4]
    assert druid_match.parse(["brandubh", "--against", "HEAD", "--first-game", "4"]).first_game == 4
    for wrong in ("3", "-2", "x"):
        with pytest.raises(SystemExit):
            druid_match.parse(["brandubh", "--against", "HEAD", "--first-game", wrong])


def _game(number, winner, opening=("f3-f2",), nodes=(100, 200)):
    new_side = "a" if number % 2 == 0 else "d"
    old_side = "d" if new_side == "a" else "a"
    return {"i": number, "new_side": new_side, "winner": winner, "reason": "king-escaped",
            "plies": 40 + number, "moves": [*opening, str(number)], "opening": list(opening),
            "seconds": {"a": 1.0, "d": 1.0}, "nodes": {new_side: nodes[0], old_side: nodes[1]}}


def _write(path, records):
    path.write_text("".join(json.dumps(record) + "\n" for record in records))
    return str(path)


def test_a_report_counts_whole_opening_pairs_from_every_log_and_plays_nothing(tmp_path,
                                                                              monkeypatch):
    monkeypatch.setattr(druid_match, "play", lambda *a, **k: pytest.fail("played a game"))
    # Part 0 of a match: opening 0 whole (the new side won both), opening 2's
    # first game only (stopped mid-pair).  Part 1: opening 1 whole, new side lost both.
    first = _write(tmp_path / "p0.jsonl", [_game(0, "a"), _game(1, "d"), _game(4, "a")])
    second = _write(tmp_path / "p1.jsonl", [_game(2, "d", ("e2-e3",), (300, 500)),
                                            _game(3, "a", ("e2-e3",), (300, 500))])
    text = druid_match.report_logs("tawlbwrdd", "abc123", [first, second])
    assert "4 games in whole opening pairs, 1 unpaired left out" in text
    assert "A as a: wins 1, draws 0, losses 1" in text
    assert "A as d: wins 1, draws 0, losses 1" in text
    assert "A score 50.0%" in text
    assert "nodes a move: A 200, B 350" in text


def test_a_report_refuses_a_game_given_twice_or_a_file_that_is_not_a_log(tmp_path):
    log = _write(tmp_path / "p0.jsonl", [_game(0, "a"), _game(1, "d")])
    with pytest.raises(SystemExit, match="game 0 is in an earlier log too"):
        druid_match.report_logs("tawlbwrdd", "abc123", [log, log])
    for text in ("not json\n", '{"i": 0}\n', "[1, 2]\n"):
        junk = tmp_path / "junk.jsonl"
        junk.write_text(text)
        with pytest.raises(SystemExit, match="not a match log"):
            druid_match.report_logs("tawlbwrdd", "abc123", [str(junk)])
    assert druid_match.parse(["brandubh", "--against", "HEAD", "--report", log]).report == [log]


def test_self_play_plays_each_distinct_opening_once_with_one_druid(tmp_path):
    log = tmp_path / "self.jsonl"
    args = druid_match.parse(["brandubh", "--self-play", "--games", "3", "--nodes", "60",
                              "--seed", "5", "--log", str(log)])
    text = druid_match.run_self_play(args)
    records = [json.loads(line) for line in log.read_text().splitlines()]
    assert [r["i"] for r in records] == [0, 1, 2]
    assert len({tuple(r["opening"]) for r in records}) == 3
    assert [r["opening"] for r in records] == druid_match.distinct_openings("brandubh", 2, 3, 5)
    for record in records:
        assert record["moves"][:2] == record["opening"]
        assert f"game {record['i']}: opening {' '.join(record['opening'])}:" in text
    # Split in two parts, the same games: part 1 holds game 1 only.
    assert [i for i, _ in druid_match.self_play_schedule("brandubh", 3, 2, 5, (1, 2))] == [1]
    assert druid_match.parse(["brandubh", "--self-play", "--first-game", "3"]).first_game == 3


def _self_play_game(number, winner, reason):
    return {"i": number, "new_side": None, "winner": winner, "reason": reason,
            "plies": 100 + number, "moves": [], "opening": [f"m{number}"],
            "seconds": {"a": 2.0, "d": 2.0}, "nodes": {"a": 1000, "d": 3000}}


def test_a_self_play_report_gives_the_first_sides_share_of_the_decisive_games(tmp_path):
    first = _write(tmp_path / "p0.jsonl", [_self_play_game(0, "a", "king-captured"),
                                           _self_play_game(2, None, "no-progress")])
    second = _write(tmp_path / "p1.jsonl", [_self_play_game(1, "d", "corner-tour"),
                                            _self_play_game(3, "a", "king-captured")])
    text = druid_match.self_play_logs("brandubh", [first, second])
    assert "4 games" in text
    assert "ended a by king-captured: 2" in text and "ended draw by no-progress: 1" in text
    # 2 of 3: Wilson's 95% interval is 21-94%.
    assert "a won 2 of 3 decisive games: 66.7% (95% interval 21-94%); 1 drawn" in text
    assert "0 of 4 reached the 400-ply cap" in text
    assert "nodes a move: 2,000" in text
    with pytest.raises(SystemExit):
        druid_match.parse(["brandubh", "--self-play", "--against", "HEAD"])
