"""The Druid's analysis of a game (game/ai/analysis.py) and `python -m game analyse`.

Where a game has exact values the marks are checked against values computed
here without the analysis or the search: a plain minimax on the rules
engine's Modiar positions (below 11 stones sowing cannot cycle, so no
position repeats and the third-occurrence rule never applies), the shipped
Modiar table read directly (`solved_value`), and a plain minimax on Reversi
endgames.  Every search is bounded by nodes, never by the clock.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable
from functools import cache

import pytest

from game.ai import modiar as md
from game.ai.analysis import MARKS, Analysis, MoveAnalysis, analyse, mark_for, summarise, unit_of
from game.ai.levels import start_search
from game.cli import main
from game.rules import start
from game.rules.modiar import TOTAL, ModiarPosition
from game.rules.record import Game
from game.rules.reversi import ReversiPosition
from game.rules.transcript import write_record

NODES = 3000  # per position: enough for every exact Modiar search, far below a frame's worth


# -- independent values --------------------------------------------------------------


def final_margin(position) -> int:
    """The mover's final margin in a finished counted game (Modiar, Reversi)."""
    scores = position.outcome().scores
    mover = position.SIDES.index(position.side)
    return scores[mover] - scores[1 - mover]


@cache
def modiar_minimax(position: ModiarPosition) -> int:
    """The mover's final margin under perfect play, by plain minimax (acyclic boards)."""
    if not position.legal_moves():
        return final_margin(position)
    return max(-modiar_minimax(position.play(m).position) for m in position.legal_moves())


@cache
def reversi_minimax(position: ReversiPosition) -> int:
    """The mover's final disc margin under perfect play (a pass is a move)."""
    if position.outcome() is not None:
        return final_margin(position)
    return max(_turned(position, position.play(m).position, reversi_minimax(
        position.play(m).position)) for m in position.legal_moves())


def _turned(position, child, value: int) -> int:
    return value if child.side == position.side else -value


def modiar_table_value(position: ModiarPosition, ahead: int = 1) -> int | None:
    """The shipped table's value (or a fresh solve under 21 stones), a ply ahead if needed;
    None where neither knows it."""
    if not position.legal_moves():
        return final_margin(position)
    known = md.solved_value(position)
    if known is not None:
        return known.margin
    if not ahead:
        return None
    children = [modiar_table_value(position.play(m).position, ahead - 1)
                for m in position.legal_moves()]
    return None if None in children else max(-value for value in children)


def repeated_plies(game: Game) -> set[int]:
    """The plies (from 1) at or after which some position has occurred twice: the
    table's values, which know no history, may not hold there."""
    seen: Counter = Counter()
    found, repeated = set(), False
    for ply, key in enumerate(game.repetition_keys()):
        seen[key] += 1
        repeated = repeated or seen[key] > 1
        if repeated:
            found.update((ply, ply + 1))
    return found


def check_exact_marks(game: Game, results: list[MoveAnalysis],
                      value: Callable[[object], int | None], skip: set[int] = frozenset()
                      ) -> int:
    """Every move the oracle values must be analysed exactly, with its values, and
    marked exactly when it loses value; returns how many moves were checked."""
    positions = list(game.replay())
    checked = 0
    for result, before, after in zip(results, positions[:-1], positions[1:], strict=True):
        if result.ply in skip:
            continue
        best, reply = value(before), value(after)
        if best is None or reply is None:
            continue
        played = _turned(before, after, reply)
        assert result.exact, f"ply {result.ply} should be exact"
        assert (result.value_before, result.value_after) == (best, played), result
        assert (result.mark != "") == (played < best), result
        checked += 1
    return checked


def play_with_mistakes(game: Game, seed: int, mistakes: float, nodes: int = 2000) -> Game:
    """The Druid plays both sides, but a seeded share of the moves are random."""
    rng = random.Random(seed)
    while game.legal_moves():
        if rng.random() < mistakes:
            game.play(rng.choice(game.legal_moves()))
        else:
            game.play(start_search(game.position, "druid", history=game.repetition_keys(),
                                   nodes=nodes).run().move)
    return game


def random_modiar(rng: random.Random, stones: int) -> ModiarPosition:
    while True:
        pits = [0] * 6
        for _ in range(stones):
            pits[rng.randrange(6)] += 1
        south = rng.randrange(TOTAL - stones + 1)
        found = ModiarPosition(tuple(pits), (south, TOTAL - stones - south), rng.choice("sn"),
                               False)
        if found.legal_moves():
            return found


# -- Modiar: exact marks ---------------------------------------------------------------


@pytest.mark.parametrize("seed", range(6))
def test_modiar_endgames_are_marked_exactly_as_a_minimax_values_them(seed: int) -> None:
    rng = random.Random(seed)
    game = play_with_mistakes(Game(random_modiar(rng, rng.randrange(7, 11))), seed, 0.5)
    results = analyse(game, nodes=NODES)
    assert len(results) == game.ply
    assert check_exact_marks(game, results, modiar_minimax) == game.ply


def test_modiar_games_from_the_start_mark_the_value_losing_moves() -> None:
    """Whole games: wherever the table (read directly) knows both values, the
    analysis is exact and marks exactly the moves that lose value."""
    checked = marked = 0
    for seed in range(3):
        game = play_with_mistakes(Game(start("modiar")), 100 + seed, 0.3, nodes=500)
        results = analyse(game, nodes=NODES)
        checked += check_exact_marks(game, results, modiar_table_value, repeated_plies(game))
        marked += sum(result.mark != "" for result in results)
        for result in results:  # stones are whole: a draw is 0, never 0.0 or -0.0
            if result.exact:
                assert type(result.value_before) is int and type(result.value_after) is int
    assert checked >= 30 and marked >= 3  # the games hold mistakes, and most moves are known


def test_a_druid_game_has_no_marks_and_the_start_value() -> None:
    game = play_with_mistakes(Game(start("modiar")), 7, 0.0)
    results = analyse(game, nodes=NODES)
    assert all(result.exact and result.mark == "" for result in results)
    assert results[0].value_before == md.start_value().margin == -2


# -- Reversi: the endgame solver -------------------------------------------------------


def reversi_endgame(seed: int, empties: int) -> Game:
    """A seeded random game of Reversi played until `empties` squares are left."""
    rng = random.Random(seed)
    game = Game(start("reversi"))
    while game.legal_moves() and 64 - (game.position.mover | game.position.opponent
                                       ).bit_count() > empties:
        game.play(rng.choice(game.legal_moves()))
    return Game(game.position)


@pytest.mark.parametrize("seed", range(3))
def test_reversi_endgame_moves_are_marked_exactly(seed: int) -> None:
    game = play_with_mistakes(reversi_endgame(seed, 9), seed, 0.5, nodes=500)
    results = analyse(game, nodes=NODES)
    assert check_exact_marks(game, results, reversi_minimax) == game.ply
    assert all(isinstance(r.value_before, int) and abs(r.value_before) <= 64 for r in results)


# -- marks and units ------------------------------------------------------------------


def test_marks_follow_the_thresholds_and_the_exact_rule() -> None:
    reversi = unit_of("reversi")
    assert [mark_for(reversi, 10, 10 - lost, False) for lost in (0, 2, 3, 6, 12)] == \
        ["", "", "?!", "?", "??"]
    assert mark_for(reversi, 10, 9, True) == "?!"  # any exact loss is marked
    assert mark_for(reversi, 1, -1, True) == "??"  # a win thrown into a loss
    assert mark_for(reversi, 1, 0, True) == "?"  # a win thrown into a draw
    assert mark_for(reversi, 5, 7, True) == ""
    tafl = unit_of("brandubh")
    assert mark_for(tafl, 999_990, 200, False) == "??"
    assert mark_for(tafl, 999_990, 999_980, False) == ""  # a slower win is no mistake


def test_tafl_values_are_evaluation_units_and_the_search_is_node_bounded() -> None:
    game = play_with_mistakes(Game(start("brandubh")), 3, 0.3, nodes=300)
    game = Game(game.start, game.move_texts()[:12])
    analysis = Analysis(game, nodes=400)
    results = analysis.run()
    assert len(results) == 12 and not any(result.exact for result in results)
    # At most one search per position (tafl has no exact search to expand into).
    assert analysis.searched_nodes <= 400 * 13
    assert [r.as_dict() for r in results] == [r.as_dict() for r in analyse(game, nodes=400)]
    for result in results:
        assert isinstance(result.value_before, int) and isinstance(result.value_after, int)
        lost = result.value_before - result.value_after
        assert result.mark == MARKS[sum(lost >= t for t in unit_of("brandubh").thresholds)]


def test_steps_cancel_and_resume_give_the_same_analysis() -> None:
    game = Game(start("brandubh"), ["d7-e7", "e3-f3", "d1-e1", "f3-e3", "b7-b2", "e5-g5"])
    whole = [r.as_dict() for r in analyse(game, nodes=300)]
    ticks = iter(range(10**9))
    analysis = Analysis(game, nodes=300, clock=lambda: next(ticks) * 1e-4)
    steps = 0
    while analysis.progress[0] < 3:
        analysis.step(0)  # a deadline already past: one slice per call
        steps += 1
    analysis.cancel()
    assert analysis.step(0) and not analysis.done
    kept = analysis.progress[0]
    assert kept >= 3 and steps > 10 * kept  # a search takes many slices
    analysis.resume()
    while not analysis.step(0):
        pass
    assert analysis.done and analysis.progress == (game.ply, game.ply)
    assert [r.as_dict() for r in analysis.results] == whole


def test_graph_values_are_clamped_and_from_the_first_sides_view() -> None:
    game = play_with_mistakes(Game(start("modiar")), 2, 0.4)
    analysis = Analysis(game, nodes=NODES)
    analysis.run()
    points = analysis.graph_values()
    assert len(points) == game.ply + 1 and all(-1 <= p <= 1 for p in points)
    assert points[0] == pytest.approx(md.start_value().margin / unit_of("modiar").span)


# -- the summary -------------------------------------------------------------------------


def judged(ply: int, side: str, before: float, after: float, exact: bool = False
           ) -> MoveAnalysis:
    """A Reversi move as the analysis would judge it from these two values."""
    mark = mark_for(unit_of("reversi"), before, after, exact)
    return MoveAnalysis(ply, side, "a1", "a1", before, after, exact, mark)


def test_the_summary_counts_each_sides_marks_and_its_accuracy() -> None:
    results = [judged(1, "b", 4, 4),  # the best move: no mark
               judged(2, "w", 0, -3),  # 3 discs lost: ?!
               judged(3, "b", 10, 2),  # 8 discs lost: ?
               judged(4, "w", 2, 1, exact=True),  # a disc of an exact margin: ?!
               judged(5, "b", 1, 0)]  # a disc of a heuristic value: within the threshold
    black, white = summarise(results, ("b", "w"))
    assert (black.side, black.moves, black.counts) == ("b", 3, {"?!": 0, "?": 1, "??": 0})
    assert black.accuracy == 66  # 2 of 3 unmarked, rounded down
    assert (white.moves, white.counts, white.exact) == (2, {"?!": 2, "?": 0, "??": 0}, 1)
    assert white.accuracy == 0
    # A blunder among 8 moves; 7 of 8 = 87.5%, rounded down to 87.
    eight = [judged(2 * k + 1, "b", 0, -20 if k == 5 else 0) for k in range(8)]
    (only,) = summarise(eight, ("b",))
    assert only.counts["??"] == 1 and only.accuracy == 87
    assert summarise(eight, ("w",))[0].accuracy is None  # no moves: no accuracy
    assert summarise([], ("b", "w"))[1].as_dict() == {
        "side": "w", "moves": 0, "?!": 0, "?": 0, "??": 0, "exact": 0, "accuracy": None}


# -- the command line ------------------------------------------------------------------


def test_cli_json_has_every_field_per_move(tmp_path, capsys) -> None:
    game = play_with_mistakes(Game(start("modiar")), 5, 0.3)
    path = tmp_path / "game.txt"
    path.write_text(write_record(game), encoding="utf-8")
    assert main(["analyse", str(path), "--nodes", str(NODES), "--json"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == game.ply + 1
    rows = [json.loads(line) for line in lines[:-1]]
    assert [row["ply"] for row in rows] == list(range(1, game.ply + 1))
    assert [row["move"] for row in rows] == game.move_texts()
    assert [row["side"] for row in rows] == [p.side for p in list(game.replay())[:-1]]
    for row in rows:
        assert set(row) == {"ply", "side", "move", "best", "value_before", "value_after",
                            "exact", "mark"}
        assert isinstance(row["value_before"], int) and abs(row["value_before"]) <= TOTAL
        assert row["mark"] in MARKS and isinstance(row["exact"], bool)
    assert any(row["mark"] for row in rows)
    # The last object sums each side's moves up, South first.
    summary = json.loads(lines[-1])["summary"]
    assert [side["side"] for side in summary] == ["s", "n"]
    for side in summary:
        own = [row for row in rows if row["side"] == side["side"]]
        unmarked = sum(not row["mark"] for row in own)
        assert side["moves"] == len(own)
        assert side["accuracy"] == 100 * unmarked // len(own)
        assert side["exact"] == sum(row["exact"] for row in own)
        for mark in MARKS[1:]:
            assert side[mark] == sum(row["mark"] == mark for row in own)


def test_cli_text_and_bad_input(tmp_path, capsys, monkeypatch) -> None:
    import io

    game = Game(start("modiar"), ["S3", "N3"])
    monkeypatch.setattr("sys.stdin", io.StringIO(write_record(game)))
    assert main(["analyse", "-", "--nodes", str(NODES)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 3 and "stones" in lines[0] and "exact" in lines[0]
    # S3 is the Druid's own first move (no mark); N3 gives 2 stones of an exact margin away.
    assert lines[0].split()[3] == "best" and "?" in lines[1].split()
    assert lines[2] == ("summary  s: moves 1, ?! 0, ? 0, ?? 0, exact 1, accuracy 100%; "
                        "n: moves 1, ?! 0, ? 1, ?? 0, exact 1, accuracy 0%")
    assert main(["analyse", str(tmp_path / "missing.txt")]) == 2
    assert main(["analyse", "-", "--nodes", "0"]) == 2
    bad = tmp_path / "bad.txt"
    bad.write_text("modiar 7,7,7,7,7,7 0,0 s 1\n1. S9\n", encoding="utf-8")
    assert main(["analyse", str(bad)]) == 2
    errors = capsys.readouterr().err.splitlines()
    assert len(errors) == 3 and all(line.startswith("error: ") for line in errors)
    assert "S9" in errors[2]


# -- values on every legal square (Reversi's hints) -------------------------------------


def test_move_values_in_an_endgame_are_the_exact_margins() -> None:
    from game.ai.analysis import MoveValues

    position = reversi_endgame(6, 9).position
    values = MoveValues(position, nodes=NODES)
    while not values.step(0):
        pass
    moves = position.legal_moves()
    assert set(values.values) == set(moves) and values.exact == set(moves)
    for move in moves:
        child = position.play(move).position
        assert values.values[move] == _turned(position, child, reversi_minimax(child))
    assert values.values[values.best()] == reversi_minimax(position)


def test_move_values_deepen_round_by_round() -> None:
    from game.ai.analysis import MoveValues

    position = reversi_endgame(1, 40).position
    ticks = iter(range(10**9))
    values = MoveValues(position, nodes=200, rounds=2, clock=lambda: next(ticks) * 1e-4)
    firsts = None
    while not values.step(0):
        if values.round == 1 and firsts is None:
            firsts = dict(values.values)
    assert firsts is not None and set(firsts) == set(position.legal_moves())
    assert values.round == 2 and set(values.values) == set(firsts)
