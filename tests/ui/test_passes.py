"""Reversi's forced passes play themselves: the message first, a short pause,
then the pass, with no input, in every mode; undo never stops at a forced pass."""

from __future__ import annotations

import pytest

from game.rules import from_code
from game.rules.record import Game
from game.ui.board.scene import BoardScene
from game.ui.i18n import side_name, t
from game.ui.play import Play, Setup

from .driver import FRAME_SECONDS, button, make_app, press, settle, steps

# Black must pass (its one disc cannot outflank White's); White then plays c1.
BLACK_PASSES = "reversi WB6/8/8/8/8/8/8/8 b"
WHITE_PASSES = "reversi BW6/8/8/8/8/8/8/8 w"
# Black to move; after b2 every White reply leaves Black a forced pass.
PASS_AHEAD = "reversi 2WWWWWW/W1WWWBWW/WWWWBWBW/WWWBWBBW/WWBWBBBW/WWBBBBBB/WWBBBBBB/WB1BBBBB b"
PAUSES = {"off": 0.6, "fast": 0.6, "normal": 1.2, "slow": 1.2 * 1.8}


def board(monkeypatch, code: str, mode: str, human_side: str = "", animation="normal",
          moves: tuple[str, ...] = (), language: str = "en") -> tuple:
    app = make_app(monkeypatch, animation=animation)
    app.ctx.change("language", language)
    game = Game(from_code(code))
    for text in moves:
        game.play_text(text)
    scene = BoardScene(app.ctx, Play(Setup("reversi", mode, human_side, "bard"), game))
    app._push(scene)
    steps(app, 1)
    return app, scene


def pass_message(scene: BoardScene) -> str:
    return t("status.passes", side=side_name(scene.play.position.side))


def watch_the_pass(app, scene: BoardScene) -> float:
    """Step frames with no input until the pass is played; the seconds it took.
    The message is in the status line and the notice on every frame before."""
    message = pass_message(scene)
    ply = scene.play.game.ply
    for frame in range(600):
        if scene.play.game.ply > ply:
            assert scene.play.game.move_texts()[-1] == "pass"
            return frame * FRAME_SECONDS
        assert scene.status_line() == message
        assert app.notice is not None and app.notice[0] == message
        steps(app, 1)
    raise AssertionError("the forced pass was never played")


@pytest.mark.parametrize("mode, human, code", [
    ("hotseat", "", BLACK_PASSES),
    ("computer", "b", BLACK_PASSES),  # the person must pass
    ("computer", "b", WHITE_PASSES),  # the computer must pass
    ("watch", "", WHITE_PASSES),
])
def test_a_forced_pass_is_announced_then_plays_itself(monkeypatch, mode, human, code):
    app, scene = board(monkeypatch, code, mode, human)
    seconds = watch_the_pass(app, scene)
    assert seconds == pytest.approx(PAUSES["normal"], abs=3 * FRAME_SECONDS)
    assert app.errors == []


@pytest.mark.parametrize("speed", PAUSES)
def test_the_pause_follows_the_animation_speed_but_never_vanishes(monkeypatch, speed):
    app, scene = board(monkeypatch, BLACK_PASSES, "hotseat", animation=speed)
    assert watch_the_pass(app, scene) == pytest.approx(PAUSES[speed], abs=3 * FRAME_SECONDS)


def test_the_game_goes_on_after_the_pass(monkeypatch):
    app, scene = board(monkeypatch, WHITE_PASSES, "computer", "b")
    watch_the_pass(app, scene)
    settle(app)
    assert scene.play.human_to_move and scene.status_line() == \
        t("status.to_move", side=t("side.b")) + " · " + t("status.you")
    press(app, "hint")  # the person has a real choice again


def test_no_your_turn_and_no_pass_button_when_only_a_pass_is_possible(monkeypatch):
    app, scene = board(monkeypatch, BLACK_PASSES, "computer", "b")
    status = scene.status_line()
    assert t("status.you") not in status and status == pass_message(scene)
    assert not button(app, "hint").enabled
    with pytest.raises(LookupError):
        button(app, "pass")


def test_undo_against_the_computer_goes_back_past_an_automatic_pass(monkeypatch):
    # Black b2, White c8, Black's forced pass, White b1: Black to move.
    app, scene = board(monkeypatch, PASS_AHEAD, "computer", "b",
                       moves=("b2", "c8", "pass", "b1"))
    assert scene.play.human_to_move
    press(app, "undo")
    assert scene.play.game.ply == 0 and scene.play.human_to_move
    steps(app, 200)  # nothing plays itself: the person has a real choice here
    assert scene.play.game.ply == 0 and scene.play.passing is None
    press(app, "redo")
    assert scene.play.game.ply == 4, "redo comes forward over the pass to the person's turn"
    assert app.errors == []


def test_undo_on_one_device_skips_the_forced_pass_and_never_loops(monkeypatch):
    app, scene = board(monkeypatch, PASS_AHEAD, "hotseat", moves=("b2", "c8", "pass"))
    press(app, "undo")
    assert scene.play.game.move_texts() == ["b2"], "back to White's real turn"
    steps(app, 200)
    assert scene.play.game.ply == 1
    press(app, "redo")
    assert scene.play.game.move_texts() == ["b2", "c8", "pass"]
    steps(app, 200)
    assert scene.play.game.ply == 3, "nothing replays by itself, the redo history is kept"


@pytest.mark.parametrize("language", ["en", "ga", "da"])
def test_the_move_list_names_a_pass_in_the_players_language(monkeypatch, language):
    app, scene = board(monkeypatch, BLACK_PASSES, "hotseat", language=language)
    watch_the_pass(app, scene)  # the notation stays English: it checks "pass"
    assert scene.panel.move_texts()[-1] == t("move.pass")
    assert (t("move.pass") == "pass") == (language == "en")
