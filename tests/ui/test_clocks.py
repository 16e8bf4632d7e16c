"""Games with clocks, against the computer and for two players on one device:
the side to move's clock runs only while the game is live, each move adds the
increment, a clock that runs out loses the game on time (kept so in the
record and the history), undo brings the times back with the position, and
a save keeps the times.  Played with animations on, by clicks, as a person would."""

from __future__ import annotations

import random

import pygame
import pytest

from game.history import load_history
from game.platform.storage import MemoryStorage
from game.rules.base import Outcome, Reason, other
from game.rules.transcript import read_record, write_record
from game.ui import i18n
from game.ui.board import clock_view as clock_view_module
from game.ui.board.scene import BoardScene
from game.ui.clocks import Clocks, TimeControl, clock_text
from game.ui.i18n import t
from game.ui.play import Play, Setup, load_save
from game.ui.setup import SetupScene
from game.ui.theme import colour

from .driver import FRAME_SECONDS, button, click, key, make_app, press, settle, steps
from .test_app import play_move_by_hand

START_SECONDS = 180.0  # 3+2: three minutes each...
INCREMENT = 2.0  # ...and two seconds added after each move


def start_with_clock(app, game: str, mode: str, presses: int = 1, side: str = "") -> BoardScene:
    """Start `game` from its setup with the clock button pressed `presses`
    times (once: 3+2)."""
    press(app, f"card-{game}")
    assert isinstance(app.scene, SetupScene)
    press(app, f"mode-{mode}")
    if side:
        press(app, f"side-{side}")
    if mode == "computer":
        press(app, "level-bard")
    for _ in range(presses):
        press(app, "clock")
    press(app, "start")
    assert isinstance(app.scene, BoardScene)
    settle(app)
    return app.scene


def times(play: Play) -> dict[str, float]:
    return {side: play.clocks.remaining(side) for side in play.clocks.sides}


def click_reversi_move(app, scene: BoardScene) -> None:
    """Play the first legal move (Reversi: one click on its square)."""
    move = scene.play.position.legal_moves()[0]
    click(app, scene.ui.view.cell(scene.ui.move_squares(move)[0]).center)


def test_only_the_side_to_move_runs_its_clock_and_a_move_adds_the_increment(monkeypatch):
    app = make_app(monkeypatch)
    scene = start_with_clock(app, "reversi", "hotseat")
    play = scene.play
    assert play.setup.clock == "3+2"
    first = play.position.side
    second = other(play.clocks.sides, first)
    before = times(play)
    steps(app, 60)
    assert times(play)[first] == pytest.approx(before[first] - 60 * FRAME_SECONDS)
    assert times(play)[second] == before[second]
    assert play.clock_running() == first
    before_move = times(play)
    click_reversi_move(app, scene)
    assert play.game.ply == 1
    assert times(play)[first] == pytest.approx(before_move[first] + INCREMENT)
    # While the move is shown moving nobody's clock runs; then the second side's does.
    assert scene.animation is not None
    while scene.animation is not None:
        shown = times(play)
        app.step(FRAME_SECONDS)
        if scene.animation is not None:
            assert times(play) == shown
    steps(app, 30)
    assert times(play)[first] == pytest.approx(before_move[first] + INCREMENT)
    assert times(play)[second] < before[second]
    assert app.errors == []


def test_no_clock_runs_in_replay(monkeypatch):
    app = make_app(monkeypatch)
    scene = start_with_clock(app, "reversi", "hotseat")
    click_reversi_move(app, scene)
    settle(app)
    key(app, pygame.K_PAGEUP)  # back a move: replay
    assert scene.viewing == 0 and scene.play.paused and scene.play.clock_running() is None
    shown = times(scene.play)
    steps(app, 90)
    assert times(scene.play) == shown
    key(app, pygame.K_END)  # the game itself again
    assert scene.viewing is None
    steps(app, 29)  # with the key's frame, 30 on the clock
    side = scene.play.position.side
    assert times(scene.play)[side] == pytest.approx(shown[side] - 30 * FRAME_SECONDS)
    assert app.errors == []


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_a_clock_that_runs_out_loses_on_time_in_the_record_and_the_history(monkeypatch,
                                                                           language):
    storage = MemoryStorage()
    app = make_app(monkeypatch, storage=storage)
    app.ctx.change("language", language)
    scene = start_with_clock(app, "reversi", "hotseat")
    for _ in range(2):
        click_reversi_move(app, scene)
        settle(app)
    play = scene.play
    loser = play.position.side
    winner = other(play.clocks.sides, loser)
    play.clocks.left[play.clocks.sides.index(loser)] = 0.5  # the last half second of it
    steps(app, 29)
    assert play.state.outcome is None
    steps(app, 2)
    assert play.state.outcome == Outcome(winner, Reason.TIME)
    assert times(play)[loser] == 0.0
    assert scene.result.reason_lines(10_000) == [t(f"lost_on_time.{loser}")]
    assert t(f"lost_on_time.{loser}") != t("reason.time")
    shown = times(play)
    steps(app, 60)
    assert times(play) == shown  # the game is over: no clock runs
    read = read_record(write_record(play.game))
    assert read.outcome() == Outcome(winner, Reason.TIME) and read.ply == 2
    kept = load_history(storage)
    assert [(entry.winner, entry.reason) for entry in kept] == [(winner, "time")]
    assert kept[0].to_game().outcome() == Outcome(winner, Reason.TIME)
    assert app.errors == []


def test_undo_takes_back_the_loss_on_time_and_the_time_it_cost(monkeypatch):
    app = make_app(monkeypatch)
    scene = start_with_clock(app, "reversi", "hotseat")
    click_reversi_move(app, scene)
    settle(app)
    play = scene.play
    came_on = times(play)  # the second side's position came on with these
    side = play.position.side
    steps(app, 40)
    play.clocks.left[play.clocks.sides.index(side)] = 0.1
    steps(app, 10)
    assert play.state.outcome is not None and play.state.outcome.reason is Reason.TIME
    press(app, "undo")
    assert play.state.outcome is None and play.game.ply == 1
    assert times(play) == came_on  # the turn starts again with its time
    steps(app, 6)
    assert times(play)[side] == pytest.approx(came_on[side] - 6 * FRAME_SECONDS)
    assert app.errors == []


def test_a_save_keeps_the_times_and_the_game_goes_on_with_them(monkeypatch):
    storage = MemoryStorage()
    app = make_app(monkeypatch, storage=storage)
    scene = start_with_clock(app, "reversi", "hotseat", presses=3)  # 10+5
    assert scene.play.setup.clock == "10+5"
    click_reversi_move(app, scene)
    settle(app)
    steps(app, 120)
    press(app, "menu")
    left = times(scene.play)
    assert left != {side: 600.0 for side in left}
    saved = load_save(storage, "reversi")
    assert saved is not None and times(saved) == left
    restarted = make_app(monkeypatch, storage=storage)  # the app closed and opened again
    press(restarted, "card-reversi")
    play = restarted.scene.play
    side = play.position.side
    assert play.setup.clock == "10+5"
    assert times(play) == {**left, side: pytest.approx(left[side], abs=2 * FRAME_SECONDS)}
    steps(restarted, 12)
    assert times(play)[side] == pytest.approx(left[side] - 12 * FRAME_SECONDS,
                                              abs=2 * FRAME_SECONDS)
    assert app.errors == [] and restarted.errors == []


def test_a_save_from_before_clocks_loads_without_them():
    play = Play(Setup("brandubh", "hotseat"))
    data = play.to_dict()
    del data["setup"]["clock"]
    loaded = Play.from_dict(data)
    assert loaded.setup.clock == "" and loaded.clocks is None
    timed = Play(Setup("brandubh", "hotseat", clock="5+3")).to_dict()
    timed["clocks"]["left"] = [-3, 5]
    with pytest.raises(ValueError):
        Play.from_dict(timed)


def test_the_setup_remembers_the_clock_and_offers_it_only_where_players_are_here(monkeypatch):
    storage = MemoryStorage()
    app = make_app(monkeypatch, storage=storage)
    scene = start_with_clock(app, "modiar", "computer", presses=2, side="s")
    assert scene.play.setup.clock == "5+3" and scene.play.clocks is not None
    press(app, "menu")
    press(app, "card-modiar")  # no move made yet: nothing to continue
    setup = app.scene
    assert isinstance(setup, SetupScene)
    assert setup.choice["clock"] == "5+3"
    assert button(app, "clock").text == t("setup.clock_on", clock="5+3")
    for mode in ("watch", "friend"):
        press(app, f"mode-{mode}")
        assert setup.clock_button not in setup.footer
    press(app, "mode-hotseat")
    assert button(app, "clock").visible
    press(app, "clock")
    assert button(app, "clock").text == t("setup.clock_on", clock="10+5")
    press(app, "clock")
    assert button(app, "clock").text == t("setup.clock_off")
    assert app.errors == []


def test_a_watched_game_has_no_clocks_whatever_the_choice_kept(monkeypatch):
    storage = MemoryStorage()
    app = make_app(monkeypatch, storage=storage)
    start_with_clock(app, "brandubh", "hotseat", presses=1)
    press(app, "menu")
    press(app, "card-brandubh")  # no move made yet: nothing to continue
    assert isinstance(app.scene, SetupScene) and app.scene.choice["clock"] == "3+2"
    press(app, "mode-watch")
    press(app, "start")
    assert isinstance(app.scene, BoardScene)
    assert app.scene.play.setup.clock == "" and app.scene.play.clocks is None


def computer_moves(monkeypatch, presses: int) -> Play:
    """A game of Brandubh against the computer, the person's moves drawn
    from a fixed seed, with the clock button pressed `presses` times."""
    app = make_app(monkeypatch)
    app.ctx.rng = random.Random(7)  # the same seed for the computer in both games
    scene = start_with_clock(app, "brandubh", "computer", presses=presses, side="d")
    rng = random.Random(11)
    while scene.play.game.ply < 12 and scene.play.state.outcome is None:
        settle(app)
        if scene.play.human_to_move:
            play_move_by_hand(app, scene, rng, "mouse")
        steps(app, 2)
    assert app.errors == []
    return scene.play


def test_the_computer_plays_the_same_moves_with_and_without_a_clock(monkeypatch):
    without = computer_moves(monkeypatch, 0)
    assert len(without.game.moves) >= 10 and without.clocks is None
    timed = computer_moves(monkeypatch, 1)
    assert timed.game.move_texts() == without.game.move_texts()
    # Its clock ran while it thought and showed its moves: it spent more than
    # the increments its moves earned back.
    computer = timed.clocks.sides[0]  # the person plays the defenders, who move second
    moves = (timed.game.ply + 1) // 2
    assert timed.clocks.remaining(computer) < START_SECONDS + moves * INCREMENT


def test_the_clock_shows_tenths_under_ten_seconds():
    assert [clock_text(s) for s in (600, 185.4, 65, 10.0, 9.96, 0.05)] == \
        ["10:00", "3:05", "1:05", "0:10", "9.9", "0.0"]
    i18n.set_language("da")
    try:
        assert clock_text(4.27) == "4,2"  # Danish writes a decimal comma
    finally:
        i18n.set_language("en")
    clocks = Clocks(TimeControl.parse("3+2"), ("a", "d"))
    assert clocks.run("a", 179.5) is None and clocks.run("a", 0.5) == "a"
    assert clocks.remaining("a") == 0.0 and clocks.remaining("d") == START_SECONDS


@pytest.mark.parametrize("size", [(1280, 800), (390, 844), (360, 640)])
@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_both_clocks_show_in_the_side_panel_the_running_one_filled(monkeypatch, size,
                                                                  language):
    app = make_app(monkeypatch, size=size)
    app.ctx.change("language", language)
    scene = start_with_clock(app, "tawlbwrdd", "hotseat")
    steps(app, 90)
    seen: list[tuple[str, tuple]] = []
    real = clock_view_module.draw_text

    def recording(surface, text, size, pos, fill=None, **kwargs):
        seen.append((text, fill))
        return real(surface, text, size, pos, fill, **kwargs)
    monkeypatch.setattr(clock_view_module, "draw_text", recording)
    app.redraw()
    steps(app, 1)
    play, boxes = scene.play, scene.panel.clocks.boxes
    running = play.clock_running()
    texts = [text for text, _ in seen]
    for side in play.clocks.sides:
        assert clock_text(play.clocks.remaining(side)) in texts and t(f"side.{side}") in texts
        box = boxes[side]
        assert app.screen.get_rect().contains(box)
        assert box.bottom <= scene.commands.top and not box.colliderect(scene.ui.view.rect)
        # The running clock's box is filled in the accent colour, the other is not.
        filled = app.screen.get_at((box.centerx, box.bottom - 3))[:3] == colour("accent")
        assert filled == (side == running)
    assert not boxes[play.clocks.sides[0]].colliderect(boxes[play.clocks.sides[1]])
    assert app.errors == []
