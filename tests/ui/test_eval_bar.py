"""The evaluation bar (a setting, off by default): when it shows, what it
says, and that it never changes a move the computer plays.  Frames are
records with a stepped clock and searches bounded by nodes."""

from __future__ import annotations

import math
import random

from game.ai.analysis import unit_of
from game.ai.search import Search
from game.ai.strategy import Limits, strategy_for
from game.rules import start
from game.rules.record import Game
from game.ui.context import DEFAULT_SETTINGS
from game.ui.play import Frame, Mode, Play, Setup

from .driver import make_app, press, steps

NODES = 300


def frame(evaluation: str, deadline: float = math.inf) -> Frame:
    return Frame(1 / 60, deadline, nodes=NODES, evaluation=evaluation)


def reversi_game(plies: int, seed: int = 3) -> Game:
    game, rng = Game(start("reversi")), random.Random(seed)
    while game.ply < plies and game.legal_moves():
        game.play(rng.choice(game.legal_moves()))
    return game


def test_it_is_off_by_default_and_hidden_against_the_computer_until_the_end():
    assert DEFAULT_SETTINGS["evaluation"] == "off"
    hotseat = Play(Setup("reversi", Mode.HOTSEAT, "b"), reversi_game(10))
    against = Play(Setup("reversi", Mode.COMPUTER, "b", "bard"), reversi_game(10))
    assert not hotseat.shows_evaluation("off")
    assert hotseat.shows_evaluation("on") and hotseat.shows_evaluation("always")
    assert not against.shows_evaluation("on")  # it would tell what the computer thinks
    assert against.shows_evaluation("always")  # unless the player turns it on for that
    hotseat.pause()  # replay: the analysis's graph is for looking back
    assert not hotseat.shows_evaluation("always")
    over = reversi_game(200)
    assert over.outcome() is not None
    finished = Play(Setup("reversi", Mode.COMPUTER, "b", "bard"), over)
    assert finished.shows_evaluation("on")


def test_the_value_is_the_druids_search_of_the_position_and_goes_deeper():
    game = reversi_game(12)
    play = Play(Setup("reversi", Mode.HOTSEAT, "b"), game)
    play.tick(frame("off"))
    assert play.evaluation.reading is None
    play.tick(frame("on"))  # one frame with no limit but the nodes: the whole search
    reading = play.evaluation.reading
    alone = Search(game.position, strategy_for("reversi"), history=game.repetition_keys(),
                   limits=Limits(nodes=NODES)).run()
    assert reading.position is game.position and reading.depth == alone.depth
    assert reading.value == unit_of("reversi").convert(alone.score, False)
    # Sliced a frame at a time it deepens: each reading is a finished depth.
    sliced = Play(Setup("reversi", Mode.HOTSEAT, "b"), reversi_game(12))
    depths = []
    for _ in range(2000):
        sliced.tick(frame("on", deadline=0.0))
        found = sliced.evaluation.reading
        if found is not None and (not depths or depths[-1] != found.depth):
            depths.append(found.depth)
        if sliced.evaluation.search.done:
            break
    assert depths == list(range(1, alone.depth + 1))
    play.tick(frame("off"))  # turned off: searched no more, nothing kept
    assert play.evaluation.reading is None and play.evaluation.search is None


def computer_game(evaluation: str, plies: int = 24) -> tuple[list[str], int]:
    """A game against the computer, the person's moves drawn from a seeded
    chance, with the bar as `evaluation` says: the moves played, and the
    frames in which the bar's search was stepped."""
    play = Play(Setup("reversi", Mode.COMPUTER, "b", "druid", seed=5))
    rng = random.Random(8)
    stepped = waited = 0
    for _ in range(20_000):
        if play.game.ply >= plies or play.game.outcome() is not None:
            break
        if play.human_to_move and play.may_move(False):
            waited += 1
            if waited > 5:  # a person takes a few frames to move
                play.request_move(rng.choice(play.position.legal_moves()))
                waited = 0
        thinking = play.state.computer_to_move
        search = play.evaluation.search
        before = search.nodes if search is not None else 0
        play.tick(Frame(1 / 60, 0.0, nodes=NODES, evaluation=evaluation))
        after = play.evaluation.search
        if after is not None and (after.nodes > before if after is search else after.nodes):
            assert not thinking, "the bar searched while the computer was thinking"
            stepped += 1
    return play.game.move_texts(), stepped


def test_the_bar_never_changes_a_move_the_computer_plays():
    shown, stepped = computer_game("always")
    assert len(shown) >= 24 and stepped > 0
    assert shown == computer_game("off")[0]


def test_the_board_shows_the_bar_and_the_value_in_words(monkeypatch):
    from game.ui.board.scene import BoardScene
    from game.ui.scene import Push
    from game.ui.settings import SettingsScene

    app = make_app(monkeypatch)
    app._apply(Push(SettingsScene(app.ctx)))
    steps(app, 1)
    press(app, "help-settings")  # the bar is among the board's help
    press(app, "evaluation-on")
    assert app.ctx.settings["evaluation"] == "on"
    press(app, "done")
    game = reversi_game(14)
    app._apply(Push(BoardScene(app.ctx, Play(Setup("reversi", Mode.HOTSEAT, "b"), game))))
    scene = app.scene
    for _ in range(600):
        steps(app, 1)
        if scene.play.evaluation.reading is not None:
            break
    steps(app, 1)
    bar, board = scene.eval_bar.rect, scene.ui.view.rect
    assert bar.width >= 4 and bar.left >= board.right  # beside the board, clear of it
    assert bar.right <= scene.panel.rect.left
    words = scene.eval_bar.words()
    reading = scene.play.evaluation.reading
    value = reading.value if reading.position.side == "b" else -reading.value
    favoured = "Black" if value > 0 else "White"
    assert words.startswith("The Druid: ") and f"depth {reading.depth}" in words
    assert value == 0 or f"for {favoured}" in words
    # Black's share (the first side's, on one device) from the bar's foot.
    share = scene.eval_bar.share()
    assert (share > 0.5) == (value > 0) and (share < 0.5) == (value < 0)
    foot = app.screen.get_at((bar.centerx, bar.bottom - 2))[:3]
    top = app.screen.get_at((bar.centerx, bar.top + 2))[:3]
    assert foot != top
    # Off in the settings: gone from the board.
    app.ctx.change("evaluation", "off")
    steps(app, 2)
    assert scene.eval_bar.words() is None
    assert app.errors == []


def test_a_value_searched_to_the_games_end_says_solved_and_a_finished_game_its_result():
    from game.ui import i18n
    from game.ui.eval_bar import EvalBar

    i18n.set_language("en")
    play = Play(Setup("modiar", Mode.HOTSEAT, "s"), Game(start("modiar")))
    play.tick(frame("on"))
    bar = EvalBar(play)
    assert play.evaluation.reading is not None
    assert bar.words().endswith(" · solved"), bar.words()  # the solved table's value
    finished = Game(start("modiar"))
    rng = random.Random(2)
    while finished.legal_moves():
        finished.play(rng.choice(finished.legal_moves()))
    south, north = finished.outcome().scores
    over = Play(Setup("modiar", Mode.HOTSEAT, "s"), finished)
    over.tick(frame("on"))
    words = EvalBar(over).words()
    if south == north:
        assert words == "The Druid: even"
    else:
        ahead = "South" if south > north else "North"
        assert words == f"The Druid: +{abs(south - north)} stones for {ahead}"
