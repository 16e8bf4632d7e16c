"""Watching the computer play itself: a level for each side, pause and resume,
one move at a time while paused, and the pace (how long each move is held,
never how the computer searches)."""

from __future__ import annotations

import math

import pygame
import pytest

from game.rules.base import RulesError
from game.ui import play as play_module
from game.ui.board.scene import BoardScene
from game.ui.play import SHOW_THINKING_AT_LEAST, Frame, Play, Setup
from game.ui.play_events import Moved, Refused, Why
from game.ui.setup import SetupScene, remembered_choice
from game.ui.watching import HOLD_SECONDS

from .driver import button, key, make_app, press, steps

NODES = 300
STEP = 1 / 60


def tick(play: Play, frames: int = 1) -> list:
    return [event for _ in range(frames)
            for event in play.tick(Frame(STEP, math.inf, nodes=NODES))]


def moved(events: list) -> int:
    return sum(isinstance(event, Moved) for event in events)


# --- a level for each side ------------------------------------------------------------------


def test_each_watched_side_plays_at_its_own_level(monkeypatch):
    asked = []
    real = play_module.start_search

    def recording(position, level, **kwargs):
        asked.append((position.side, level))
        return real(position, level, **kwargs)
    monkeypatch.setattr(play_module, "start_search", recording)
    play = Play(Setup("reversi", "watch", level="bard", seed=2, second_level="druid"))
    while play.game.ply < 4:
        tick(play)
    assert asked[:4] == [("b", "bard"), ("w", "druid"), ("b", "bard"), ("w", "druid")]


def test_the_moves_at_a_level_are_the_levels_whoever_it_plays_against():
    """A side's moves come from its own level and the game's seed: the same
    moves as when both sides played at that level, while the positions agree."""
    def first_move(second: str) -> str:
        play = Play(Setup("brandubh", "watch", level="ovate", seed=5, second_level=second))
        while play.game.ply < 1:
            tick(play)
        return play.game.move_texts()[0]
    assert first_move("druid") == first_move("") == first_move("bard")


def test_a_setup_saved_before_the_second_level_loads_with_one_level_for_both():
    old = {"game": "reversi", "mode": "watch", "human_side": "", "level": "bard", "seed": 1}
    setup = Setup.read(old)
    assert setup.second_level == "" and setup.player("b") == setup.player("w") == "bard"
    assert Setup.read({**old, "second_level": "druid"}).player("w") == "druid"
    with pytest.raises(RulesError):
        Setup.read({**old, "second_level": "grandmaster"})


def test_the_setup_offers_a_level_row_for_each_side_when_watching(monkeypatch):
    app = make_app(monkeypatch)
    app._push(SetupScene(app.ctx, "brandubh"))
    steps(app, 1)
    press(app, "mode-watch")
    labels = [app.scene.row_label(label) for label, _ in app.scene.rows()]
    assert labels == ["Who plays", "Level: Attackers", "Level: Defenders"]
    press(app, "level-bard")
    press(app, "second_level-druid")
    press(app, "start")
    steps(app, 1)
    setup = app.scene.play.setup
    assert (setup.mode, setup.level, setup.second_level) == ("watch", "bard", "druid")
    assert remembered_choice(app.ctx.storage, "brandubh")["second_level"] == "druid"
    assert "Bard" in app.scene.panel.players_line() and "Druid" in app.scene.panel.players_line()


# --- pause, one move, pace ---------------------------------------------------------------------


def test_paused_the_computer_plays_nothing_until_it_is_asked_for_one_move():
    play = Play(Setup("reversi", "watch", level="bard", seed=3))
    play.toggle_watch_pause()
    assert moved(tick(play, 240)) == 0
    play.request_step()
    assert moved(tick(play, 240)) == 1  # one, then it waits again
    play.request_step()
    assert moved(tick(play, 240)) == 1
    play.toggle_watch_pause()  # going again
    assert moved(tick(play, 240)) > 1


def test_one_move_is_refused_while_the_computer_goes_and_outside_watching():
    going = Play(Setup("reversi", "watch", level="bard"))
    assert [e.why for e in going.request_step() if isinstance(e, Refused)] == [Why.NOTHING_TO_DO]
    person = Play(Setup("reversi", "computer", "b", "bard"))
    for request in (person.request_step, person.toggle_watch_pause, person.next_watch_speed):
        assert [e.why for e in request() if isinstance(e, Refused)] == [Why.NOT_IN_THIS_MODE]
    assert not person.watching.paused


@pytest.mark.parametrize("speed", ["slow", "normal", "fast"])
def test_the_pace_is_how_long_a_move_is_held(speed):
    play = Play(Setup("reversi", "watch", level="bard", seed=3))
    while play.watching.speed != speed:
        play.next_watch_speed()
    frames = 0
    while not moved(tick(play)):
        frames += 1
        assert frames < 1000
    held = HOLD_SECONDS[speed]
    held = SHOW_THINKING_AT_LEAST if held is None else held
    assert held <= (frames + 1) * STEP <= held + 0.2  # the Bard's search takes a few frames


def test_the_board_puts_pause_one_move_and_pace_where_undo_redo_and_hint_are(monkeypatch):
    app = make_app(monkeypatch)
    scene = BoardScene(app.ctx, Play(Setup("reversi", "watch", level="bard", seed=3)))
    app._push(scene)
    steps(app, 1)
    names = [b.name for b in scene.commands.buttons]
    assert names[:3] == ["pause", "step", "speed"]
    assert not {"undo", "redo", "hint"} & set(names)
    assert not button(app, "step").enabled
    press(app, "pause")
    steps(app, 60)  # a move on show finishes (a paused computer keeps its next one back)
    ply = scene.play.game.ply
    steps(app, 120)
    assert scene.play.game.ply == ply and button(app, "pause").label == "board.watch_resume"
    assert scene.status_line().startswith("Paused")
    press(app, "step")
    steps(app, 120)
    assert scene.play.game.ply == ply + 1
    press(app, "speed")
    assert button(app, "speed").label == "board.watch_speed_fast"
    press(app, "pause")
    steps(app, 120)
    assert scene.play.game.ply > ply + 1
    assert app.errors == []


def test_space_pauses_and_resumes_and_right_or_full_stop_plays_one_move(monkeypatch):
    app = make_app(monkeypatch)
    scene = BoardScene(app.ctx, Play(Setup("reversi", "watch", level="bard", seed=3)))
    app._push(scene)
    steps(app, 1)
    key(app, pygame.K_SPACE)
    assert scene.play.watching.paused and button(app, "pause").label == "board.watch_resume"
    steps(app, 60)  # a move on show finishes
    ply = scene.play.game.ply
    key(app, pygame.K_RIGHT)  # at the latest position: one move, not a step of the replay
    steps(app, 120)
    assert scene.play.game.ply == ply + 1 and scene.replay.viewing is None
    key(app, pygame.K_PERIOD)
    steps(app, 120)
    assert scene.play.game.ply == ply + 2
    key(app, pygame.K_LEFT)  # looking back: → walks the replay again
    assert scene.replay.viewing == ply + 1
    key(app, pygame.K_RIGHT)
    steps(app, 120)
    assert scene.replay.viewing is None and scene.play.game.ply == ply + 2
    key(app, pygame.K_SPACE)  # going again
    steps(app, 120)
    assert not scene.play.watching.paused and scene.play.game.ply > ply + 2
    assert app.errors == []
