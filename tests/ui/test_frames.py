"""Frames are drawn only when something on screen changed.

Counted through `app.frames_drawn` (frames drawn and flipped) over stepped
frames; never by the clock.
"""

from __future__ import annotations

import time

import pygame

from game.ui import play as play_module
from game.ui.board import scene as board_scene
from game.ui.board.scene import BoardScene
from game.ui.menu import MenuScene
from game.ui.rules import RulesScene

from .driver import click, key, make_app, post, press, settle, steps

IDLE_FRAMES = 120  # two seconds of stepped frames


def start_board(app, game: str, side: str) -> BoardScene:
    press(app, f"card-{game}")
    press(app, "mode-computer")
    press(app, f"side-{side}")
    press(app, "level-bard")
    press(app, "start")
    assert isinstance(app.scene, BoardScene)
    return app.scene


def picture(app) -> bytes:
    return pygame.image.tobytes(app.screen, "RGB")


def drawn_over(app, frames: int) -> int:
    before = app.frames_drawn
    steps(app, frames)
    return app.frames_drawn - before


class CountedSearch:
    """Stands in for the computer's search: decides after `frames` steps, whatever
    the clock, and keeps the deadline each step was given."""

    def __init__(self, position, frames: int) -> None:
        self.best_move = sorted(position.legal_moves())[0]
        self.left = frames
        self.done = False
        self.calls: list[tuple[float, float]] = []  # (deadline, when it was called)

    def step(self, deadline: float) -> bool:
        self.calls.append((deadline, time.perf_counter()))
        self.left -= 1
        self.done = self.left <= 0
        return self.done

    def cancel(self) -> None:
        self.done = True


def slow_computer(monkeypatch, frames: int) -> list[CountedSearch]:
    started: list[CountedSearch] = []

    def start_search(position, level="druid", **kwargs):
        started.append(CountedSearch(position, frames))
        return started[-1]
    monkeypatch.setattr(play_module, "start_search", start_search)
    return started


def test_the_first_frame_is_drawn_and_an_idle_menu_draws_no_more(monkeypatch):
    app = make_app(monkeypatch)
    assert isinstance(app.scene, MenuScene) and app.frames_drawn == 1
    assert picture(app) != bytes(len(picture(app)))  # not a black window
    assert drawn_over(app, IDLE_FRAMES) == 0


def test_an_idle_board_draws_nothing_once_it_has_settled(monkeypatch):
    app = make_app(monkeypatch)
    scene = start_board(app, "reversi", "b")  # the person moves first
    settle(app)
    steps(app, 2)
    assert scene.play.human_to_move
    assert drawn_over(app, IDLE_FRAMES) == 0


def test_input_redraws_an_idle_board(monkeypatch):
    app = make_app(monkeypatch)
    scene = start_board(app, "brandubh", "a")
    settle(app)
    steps(app, 2)
    post(pygame.MOUSEMOTION, pos=(5, 5), rel=(1, 1), buttons=(0, 0, 0))
    assert drawn_over(app, 1) == 1
    before = picture(app)
    key(app, pygame.K_UP)  # shows the board cursor
    assert app.frames_drawn and scene.input.cursor is not None and picture(app) != before
    assert drawn_over(app, IDLE_FRAMES) == 0
    origin = next(iter(scene.ui.origins(scene.play.position)))
    before, count = picture(app), app.frames_drawn
    click(app, scene.ui.view.cell(origin).center)  # selects a piece: its moves are shown
    assert scene.input.selected == origin
    assert app.frames_drawn == count + 1 and picture(app) != before


def test_a_move_animates_every_frame_then_the_computer_replies_and_the_board_rests(monkeypatch):
    app = make_app(monkeypatch)
    scene = start_board(app, "reversi", "b")
    settle(app)
    steps(app, 2)
    move = sorted(scene.play.position.legal_moves())[0]
    click(app, scene.ui.view.cell(move).center)
    frames = animated = 0
    while scene.play.game.ply < 2 or scene.animation is not None or \
            scene.play.decided is not None:
        frames += 1
        assert frames < 600
        moving = scene.animation is not None
        drawn = drawn_over(app, 1)
        if moving:
            animated += 1
            assert drawn == 1, "an animation frame was not drawn"
    assert animated > 20  # both moves animated at normal speed
    shown = picture(app)
    assert drawn_over(app, IDLE_FRAMES) == 0
    app.redraw()
    steps(app, 1)
    assert picture(app) == shown, "the resting board was already on screen"


def test_the_computer_move_is_drawn_with_animations_off(monkeypatch):
    app = make_app(monkeypatch, animation="off")  # a move with no animation to carry it
    scene = start_board(app, "reversi", "w")  # the computer moves first
    before = None
    for _ in range(200):
        if scene.play.game.ply == 1:
            break
        before = picture(app)
        steps(app, 1)
    assert scene.play.game.ply == 1 and picture(app) != before
    steps(app, 2)
    assert drawn_over(app, IDLE_FRAMES) == 0


def test_notices_are_drawn_when_they_come_and_when_they_go(monkeypatch):
    app = make_app(monkeypatch)
    start_board(app, "reversi", "b")
    settle(app)
    steps(app, 2)
    quiet = picture(app)
    app.ctx.notify("Code copied")
    assert drawn_over(app, 1) == 1 and picture(app) != quiet
    # Shown for four seconds, drawn once more when it goes.
    assert drawn_over(app, 6 * 60) == 1 and app.notice is None
    assert picture(app) == quiet


def test_resizing_redraws_even_at_the_same_size(monkeypatch):
    app = make_app(monkeypatch)
    steps(app, 2)
    app.resize((900, 700))
    assert drawn_over(app, 1) == 1 and app.screen.get_size() == (900, 700)
    app.resize((900, 700), pixel_ratio=2.0)  # a new layout in the same pixels
    assert drawn_over(app, 1) == 1
    app.resize((900, 700), pixel_ratio=1.0)
    assert drawn_over(app, 1) == 1
    assert drawn_over(app, IDLE_FRAMES) == 0


def test_a_scene_pushed_from_outside_the_loop_is_drawn(monkeypatch):
    """As the screenshots push scenes: the next frame shows them."""
    app = make_app(monkeypatch)
    steps(app, 2)
    app._push(RulesScene(app.ctx, "modiar"))
    assert drawn_over(app, 1) == 1
    assert drawn_over(app, IDLE_FRAMES) == 0


def test_a_rules_diagram_replay_draws_until_it_ends(monkeypatch):
    app = make_app(monkeypatch)
    press(app, "rules-brandubh")
    scene = app.scene
    assert isinstance(scene, RulesScene)
    scene.show_first_pair()
    app.redraw()  # scrolled from outside the loop, as the screenshots do
    steps(app, 2)
    diagram = next(i for i in scene._visible() if i.diagram is not None and i.diagram.after)
    top = scene.view.top + diagram.top - scene.scroll
    click(app, (scene.view.left + diagram.surface.get_width() // 2,
                top + diagram.surface.get_height() // 2))
    assert scene.animating()
    frames = 0
    while scene.animating():
        frames += 1
        assert drawn_over(app, 1) == 1 and frames < 600
    assert frames > 5
    shown = picture(app)
    assert drawn_over(app, IDLE_FRAMES) == 0
    app.redraw()
    steps(app, 1)
    assert picture(app) == shown, "where the replay ended was already on screen"


def test_while_the_computer_thinks_the_dots_move_a_few_times_a_second(monkeypatch):
    app = make_app(monkeypatch)
    started = slow_computer(monkeypatch, frames=3 * 60)
    scene = start_board(app, "reversi", "w")  # the computer (black) moves first
    steps(app, 2)
    assert started and scene.play.search is started[-1]
    statuses = set()
    before = app.frames_drawn
    for _ in range(2 * 60):
        steps(app, 1)
        statuses.add(scene.status_line())
    drawn = app.frames_drawn - before
    assert len(statuses) == 3  # one, two and three dots
    assert 4 <= drawn <= 10, drawn  # three changes of the dots a second
    assert scene.play.game.ply == 0


def test_the_search_gets_most_of_a_frame_with_nothing_to_draw(monkeypatch):
    app = make_app(monkeypatch)
    # 127 frames: the move is found between two changes of the thinking dots.
    started = slow_computer(monkeypatch, frames=2 * 60 + 7)
    scene = start_board(app, "reversi", "w")  # the computer moves first
    quiet = drawing = 0
    for _ in range(600):
        search, before = started[-1], app.frames_drawn
        calls = len(search.calls)
        steps(app, 1)
        if search.done:
            break
        if len(search.calls) == calls:
            continue  # not searched this frame
        deadline, called = search.calls[-1]
        if app.frames_drawn == before:  # nothing drawn: the search had most of the frame
            quiet += 1
            assert deadline >= app.ctx.frame_began + board_scene.QUIET_FRAME_BUDGET
        else:  # a frame that draws leaves time for drawing
            drawing += 1
            assert deadline <= called + board_scene.FRAME_BUDGET
    assert drawing >= 3 and quiet > 10 * drawing
    # The frame that found the move searched to its end: the move is drawn next frame.
    assert app.frames_drawn == before and scene.play.game.ply == 0
    assert drawn_over(app, 1) == 1 and scene.play.game.ply == 1
