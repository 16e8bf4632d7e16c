"""A draw offered on the board: against the computer it weighs the offer with
a short search, stepped a slice a frame like its moves (never a frame held),
and takes a draw it cannot avoid (a Tawlbwrdd king in a fortress); on one
device the other player accepts on their turn.  Animations on, stepped clock."""

from __future__ import annotations

from game.rules import tafl
from game.rules.base import Reason
from game.rules.record import Game
from game.ui.board.scene import BoardScene
from game.ui.i18n import side_name, t
from game.ui.play import Frame, Play, Setup
from game.ui.play_events import DrawAnswered
from game.ui.scene import Push

from ..ai.test_tafl_fortress import ON_THE_CASTLE, moved
from ..engine.diagrams import tafl_code
from .driver import click, make_app, press, settle, steps

# Far more frames than the weighing's slices need; a weighing that never ends fails.
MAX_FRAMES = 2000


def open_board(app, code: str, mode: str = "computer") -> BoardScene:
    game = Game(tafl.from_code(code))
    setup = Setup("tawlbwrdd", mode, human_side=tafl.DEFENDERS, level="druid")
    app._apply(Push(BoardScene(app.ctx, Play(setup, game))))
    steps(app, 1)
    return app.scene


def click_move(app, scene: BoardScene, move) -> None:
    """Play `move` as a player does: a click on the piece, one on where it goes."""
    for square in scene.ui.move_squares(move):
        click(app, scene.ui.view.cell(square).center)


def answer_frames(app, scene: BoardScene) -> int:
    """Frames until the computer has answered the offer."""
    for frame in range(MAX_FRAMES):
        if scene.play.draw_weighing is None:
            return frame
        steps(app, 1)
    raise AssertionError("the computer never answered the draw offer")


def test_the_computer_weighs_an_offer_over_frames_and_takes_a_draw_it_cannot_avoid(monkeypatch):
    app = make_app(monkeypatch)
    scene = open_board(app, tafl_code("tawlbwrdd", ON_THE_CASTLE, "d"))
    press(app, "draw")
    # The press's frame only starts the search: its nodes are spread over frames.
    assert scene.play.draw_weighing is not None
    assert answer_frames(app, scene) > 1
    settle(app)
    outcome = scene.play.game.outcome()
    assert outcome is not None and outcome.winner is None
    assert outcome.reason is Reason.DRAW_AGREED


def test_the_computer_declines_where_it_can_still_win_and_the_game_goes_on(monkeypatch):
    app = make_app(monkeypatch)
    # One defender off the king's block: the attackers' lead is worth playing for.
    scene = open_board(app, tafl_code("tawlbwrdd", moved(ON_THE_CASTLE, "f5", "h4"), "d"))
    press(app, "draw")
    answer_frames(app, scene)
    steps(app, 1)
    assert scene.play.game.outcome() is None
    assert app.notice is not None and app.notice[0] == t("notice.draw_declined")


def test_an_offer_the_player_moved_on_from_lapses_without_an_answer(monkeypatch):
    app = make_app(monkeypatch)
    scene = open_board(app, tafl_code("tawlbwrdd", ON_THE_CASTLE, "d"))
    press(app, "draw")
    assert scene.play.draw_weighing is not None  # still weighing: the player moves instead
    click_move(app, scene, scene.play.position.legal_moves()[0])
    assert scene.play.draw_weighing is None  # dropped with the move, not weighed on
    settle(app)
    assert scene.play.game.outcome() is None
    assert app.notice is None or app.notice[0] != t("notice.draw_declined")
    assert scene.play.game.ply == 2  # and the computer has answered the move instead


def test_an_undo_withdraws_an_offer(monkeypatch):
    app = make_app(monkeypatch)
    scene = open_board(app, tafl_code("tawlbwrdd", ON_THE_CASTLE, "d"))
    play = scene.play
    play.offer_draw()
    assert play.draw_weighing is not None
    play.cancel()  # what undo, redo and resign do first
    assert play.draw_weighing is None
    assert not any(isinstance(event, DrawAnswered)
                   for event in play.tick(Frame(dt=0.0, deadline=float("inf"))))


def test_the_status_line_says_the_computer_weighs_the_offer(monkeypatch):
    app = make_app(monkeypatch)
    scene = open_board(app, tafl_code("tawlbwrdd", ON_THE_CASTLE, "d"))
    assert scene.status_line().startswith(t("status.to_move", side=side_name("d")))
    press(app, "draw")
    weighing = t("status.weighing_draw", level=t("level.druid"))
    assert scene.status_line().startswith(weighing)
    answer_frames(app, scene)
    settle(app)
    assert not scene.status_line().startswith(weighing)


def test_an_offer_waits_while_the_player_looks_at_an_earlier_position(monkeypatch):
    app = make_app(monkeypatch)
    scene = open_board(app, tafl_code("tawlbwrdd", ON_THE_CASTLE, "d"))
    click_move(app, scene, scene.play.position.legal_moves()[0])
    settle(app)  # the computer has answered: the defenders to move at ply 2
    assert scene.play.game.ply == 2 and scene.play.human_to_move
    press(app, "draw")
    weighing = scene.play.draw_weighing
    assert weighing is not None
    scene.show_ply(0)
    nodes = weighing.nodes
    steps(app, 50)
    assert scene.play.draw_weighing is weighing and weighing.nodes == nodes
    assert app.notice is None or app.notice[0] != t("notice.draw_declined")
    scene.back_to_game()
    assert answer_frames(app, scene) > 1
    assert weighing.nodes > nodes


def test_on_one_device_the_other_player_accepts_on_their_turn(monkeypatch):
    app = make_app(monkeypatch)
    scene = open_board(app, tafl.start("tawlbwrdd").code(), mode="hotseat")
    press(app, "draw")
    assert scene.play.game.outcome() is None and scene.play.draws.offered_by == tafl.ATTACKERS
    press(app, "draw")  # the same side again: still only an offer
    assert scene.play.game.outcome() is None
    click_move(app, scene, scene.play.position.legal_moves()[0])
    steps(app, 1)
    press(app, "draw")  # now the defenders: they accept
    settle(app)
    outcome = scene.play.game.outcome()
    assert outcome is not None and outcome.reason is Reason.DRAW_AGREED
