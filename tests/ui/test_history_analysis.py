"""A finished game opened from the History scene shows the analysis made when
it ended, at once, with no search of its own."""

from __future__ import annotations

from game.history import load_history
from game.history.analyses import kept_analysis
from game.platform.storage import MemoryStorage
from game.ui.board.scene import BoardScene

from .driver import make_app, steps
from .test_history_scene import back_to_menu_then_history, finish_a_game, press_named


def test_a_history_game_opens_with_its_kept_analysis(monkeypatch):
    storage = MemoryStorage()
    app = make_app(monkeypatch, storage=storage)
    board = finish_a_game(app, "modiar", moves=4)
    for _ in range(3000):
        if board.play.analysis.complete(board.play.game):
            break
        steps(app, 1)
    steps(app, 1)
    marks = board.play.analysis.marks(board.play.game.ply)
    (entry,) = load_history(storage)
    assert kept_analysis(storage, entry.game_id) is not None
    back_to_menu_then_history(app)
    press_named(app, "game-0")
    replay = app.scene
    assert isinstance(replay, BoardScene)
    run = replay.play.analysis
    assert run.complete(replay.play.game) and not run.running  # on the first frame
    assert run.analysis.searched_nodes == 0
    assert run.marks(replay.play.game.ply) == marks
    assert app.errors == []
