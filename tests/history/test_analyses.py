"""The analysis of a finished game is kept with its history entry once
complete, and a game opened again gets it back judged from the kept values,
without a search; an analysis that does not fit the game is not used."""

from __future__ import annotations

import math

from game.ai.analysis import Analysis
from game.history import load_history
from game.history.analyses import (
    ANALYSES_KEY,
    ANALYSES_LIMIT,
    keep_analysis,
    kept_analysis,
    restored_analysis,
    stored_analysis,
)
from game.platform.storage import MemoryStorage
from game.ui.play import Frame, Mode, Play, Setup

NODES = 300


def tick(play: Play) -> None:
    play.tick(Frame(1 / 60, math.inf, nodes=NODES))


def resigned(game: str = "modiar", moves: int = 4) -> Play:
    play = Play(Setup(game, Mode.HOTSEAT))
    play.storage = MemoryStorage()
    for _ in range(moves):
        play.play(play.position.legal_moves()[0])
        tick(play)
    play.request_resign()
    tick(play)
    return play


def analysed(play: Play) -> Analysis:
    for _ in range(10_000):
        if play.analysis.complete(play.game):
            break
        tick(play)
    tick(play)  # the frame after it is complete keeps it
    assert play.analysis.complete(play.game)
    return play.analysis.analysis


def verdicts(analysis: Analysis) -> list[tuple]:
    return [(m.ply, m.move, m.best, m.mark, m.value_before, m.value_after, m.exact, m.best_move)
            for m in analysis.results]


def test_a_finished_games_analysis_is_kept_with_its_entry_and_comes_back_unsearched():
    play = resigned()
    computed = analysed(play)
    (entry,) = load_history(play.storage)
    kept = kept_analysis(play.storage, entry.game_id)
    assert kept is not None
    again = restored_analysis(entry.to_game(), kept)
    assert again is not None and again.done and again.searched_nodes == 0
    assert verdicts(again) == verdicts(computed)
    assert again.graph_values() == computed.graph_values()


def test_a_game_opened_again_shows_the_kept_analysis_and_keeps_nothing_new():
    play = resigned("reversi", 6)
    computed = analysed(play)
    storage = play.storage
    (entry,) = load_history(storage)
    opened = Play(Setup("reversi", Mode.WATCH, "", "ovate"), entry.to_game())
    opened.game_id = entry.game_id
    opened.show_kept_analysis(storage)
    opened.storage = storage
    assert opened.analysis.complete(opened.game) and not opened.analysis.running
    before = storage.data[ANALYSES_KEY]
    tick(opened)
    assert not opened.analysis.running and opened.analysis.analysis.searched_nodes == 0
    assert verdicts(opened.analysis.analysis) == verdicts(computed)
    assert storage.data[ANALYSES_KEY] == before  # not written again


def test_an_analysis_of_other_moves_or_damaged_is_not_used():
    play = resigned()
    computed = analysed(play)
    data = stored_analysis(play.game, computed)
    other = resigned(moves=2)
    assert restored_analysis(other.game, data) is None  # another game's moves
    for broken in ({**data, "values": data["values"][:-1]},
                   {**data, "values": [["Z9", 0, True]] * len(data["values"])},
                   {**data, "nodes": 0}, {**data, "values": [[None, "x", 1]] * 6}, [], None):
        assert restored_analysis(play.game, broken) is None


def test_only_games_in_the_history_and_only_the_newest_analyses_are_kept():
    play = resigned()
    data = stored_analysis(play.game, analysed(play))
    storage = play.storage
    assert not keep_analysis(storage, "not-in-the-history", data)
    (entry,) = load_history(storage)
    for n in range(ANALYSES_LIMIT + 5):  # older analyses of the same game, as if of others
        storage.save(ANALYSES_KEY, {"games": {**storage.load(ANALYSES_KEY)["games"],
                                              f"old{n}": data}})
    assert keep_analysis(storage, entry.game_id, data)
    games = storage.load(ANALYSES_KEY)["games"]
    assert len(games) == ANALYSES_LIMIT and list(games)[-1] == entry.game_id
