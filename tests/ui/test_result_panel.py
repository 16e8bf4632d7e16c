"""The result panel can be closed to study the final board, and reopened."""

from __future__ import annotations

import pygame
import pytest

from game.rules import from_code
from game.rules.record import Game
from game.ui.board.scene import BoardScene
from game.ui.play import Play, Setup
from game.ui.scene import Push

from .driver import button, click, key, make_app, press, settle, tap

# Defenders to move; the king steps b1-a1 into the last corner of its tour and wins.
ONE_MOVE_FROM_THE_END = "brandubh 7/7/7/7/7/A6/1K3A1 d g1,a7,g7"


def finished_game(monkeypatch, size=(1280, 800)) -> tuple:
    """A hot-seat Brandubh won by clicks, with the result panel on show."""
    app = make_app(monkeypatch, size=size)
    setup = Setup("brandubh", "hotseat", "d", "bard", 0)
    app._apply(Push(BoardScene(app.ctx, Play(setup, Game(from_code(ONE_MOVE_FROM_THE_END))))))
    scene = app.scene
    view, rules = scene.ui.view, scene.ui.rules
    click(app, view.cell(rules.square_index("b1")).center)
    click(app, view.cell(rules.square_index("a1")).center)
    assert scene.play.game.outcome() is not None
    settle(app)
    assert scene.game_over_panel
    return app, scene


def offered(app, name: str) -> bool:
    """Whether the button called `name` is on show and can be pressed (a command
    that does not apply is greyed where it stands)."""
    found = button(app, name)
    return found.visible and found.enabled


def board_pixel(app, scene) -> tuple[int, int, int]:
    """A board square well away from the result panel (the a7 corner)."""
    centre = scene.ui.view.cell(scene.ui.rules.square_index("a7")).center
    assert not scene.result.box.collidepoint(centre)
    return tuple(app.screen.get_at(centre))[:3]


def test_escape_closes_the_panel_undims_the_board_and_show_result_reopens_it(monkeypatch):
    app, scene = finished_game(monkeypatch)
    dimmed = board_pixel(app, scene)
    assert not offered(app, "show-result")  # not while the panel is on show
    key(app, pygame.K_ESCAPE)
    assert not scene.game_over_panel
    clear = board_pixel(app, scene)
    assert sum(clear) > sum(dimmed) + 30, "the board is still dimmed"
    assert offered(app, "show-result")
    press(app, "show-result")
    assert scene.game_over_panel
    assert not offered(app, "show-result")
    assert board_pixel(app, scene) == dimmed


def test_the_close_cross_is_big_enough_for_a_finger_and_a_tap_on_it_closes(monkeypatch):
    app, scene = finished_game(monkeypatch, size=(390, 844))
    close = button(app, "over-close")
    box = scene.result.box
    assert close.rect.height >= 44 and close.rect.width >= 44
    assert box.contains(close.rect) and close.rect.right > box.centerx  # in its corner
    tap(app, close.rect.center)
    assert not scene.game_over_panel
    assert offered(app, "show-result")
    tap(app, button(app, "show-result").rect.center)
    assert scene.game_over_panel


def test_a_click_outside_the_panel_closes_it_and_the_board_stays_view_only(monkeypatch):
    app, scene = finished_game(monkeypatch)
    ply, code = scene.play.game.ply, scene.play.position.code()
    rematch = button(app, "rematch").rect.center
    corner = scene.ui.view.cell(scene.ui.rules.square_index("g7")).center
    click(app, corner)
    assert not scene.game_over_panel
    # The board only shows the final position now: clicks on squares and where
    # the panel's buttons were change nothing.
    for square in ("a1", "a2", "g7", "b1"):
        click(app, scene.ui.view.cell(scene.ui.rules.square_index(square)).center)
    click(app, rematch)
    assert app.scene is scene and scene.play.game.ply == ply
    assert scene.play.position.code() == code and not scene.game_over_panel


def test_a_side_panel_button_still_works_while_the_panel_is_open(monkeypatch):
    app, scene = finished_game(monkeypatch)
    press(app, "copy")
    assert scene.game_over_panel  # copying the code is not a request to close
    assert app.notice is not None and "brandubh" in app.notice[0]


def test_show_result_only_after_the_game_ends_and_a_new_ending_shows_its_panel(monkeypatch):
    app, scene = finished_game(monkeypatch)
    key(app, pygame.K_ESCAPE)
    assert offered(app, "show-result")
    press(app, "undo")
    settle(app)
    assert scene.play.game.outcome() is None
    assert not offered(app, "show-result")
    view, rules = scene.ui.view, scene.ui.rules
    click(app, view.cell(rules.square_index("b1")).center)
    click(app, view.cell(rules.square_index("a1")).center)
    settle(app)
    assert scene.game_over_panel and not offered(app, "show-result")


# --- what the panel offers: only what applies, in rows with no gaps ------------------------------

OFFERED = {"computer": ["rematch", "swap", "over-undo", "over-menu"],
           "hotseat": ["rematch", "over-undo", "over-menu"],
           "watch": ["rematch", "over-menu"]}  # nobody's move to take back, no side to swap


def finished_in_mode(monkeypatch, mode: str, size=(1280, 800)) -> tuple:
    """A Brandubh game played to its end from a seed, on a board in `mode`."""
    import random
    app = make_app(monkeypatch, size=size)
    game = Game(from_code("brandubh 1A1A1A1/A5A/2DDD2/A1DKD1A/2DDD2/A5A/1A1A1A1 a -"))
    rng = random.Random(5)
    while game.outcome() is None:
        game.play(rng.choice(game.legal_moves()))
    setup = Setup("brandubh", mode, "a" if mode == "computer" else "", "bard", 0)
    app._apply(Push(BoardScene(app.ctx, Play(setup, game))))
    settle(app)
    scene = app.scene
    assert scene.game_over_panel
    return app, scene


@pytest.mark.parametrize("size", [(1280, 800), (390, 844)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("mode", OFFERED)
def test_the_result_panel_offers_what_applies_with_no_hole(monkeypatch, mode, size):
    app, scene = finished_in_mode(monkeypatch, mode, size)
    shown = [b for b in scene.result.buttons if b.visible and b.name != "over-close"]
    assert [b.name for b in shown] == OFFERED[mode]
    rows: dict[int, list[pygame.Rect]] = {}
    for choice in shown:
        rows.setdefault(choice.rect.top, []).append(choice.rect)
    # Every row spans the same width, edge to edge: no hole where a choice is missing.
    spans = {(min(r.left for r in row), max(r.right for r in row)) for row in rows.values()}
    assert len(spans) == 1, f"rows of unequal width: {spans}"
    gaps = {row[i + 1].left - row[i].right for row in map(sorted_by_left, rows.values())
            for i in range(len(row) - 1)}
    assert len(gaps) <= 1, f"uneven gaps: {gaps}"
    assert all(scene.result.box.contains(r) for row in rows.values() for r in row)
    assert app.errors == []


def sorted_by_left(row: list[pygame.Rect]) -> list[pygame.Rect]:
    return sorted(row, key=lambda rect: rect.left)


def test_modiar_result_names_the_side_and_spells_out_the_count(monkeypatch):
    """The panel says who had no move and how each score adds up: the stones a
    side captured plus those left in its own pits."""
    app = make_app(monkeypatch)
    stuck = from_code("modiar 1,1,1,2,1,0 17,19 s 0")  # South's pits are all singletons
    setup = Setup("modiar", "hotseat", "s", "bard", 0)
    app._apply(Push(BoardScene(app.ctx, Play(setup, Game(stuck)))))
    settle(app)
    scene = app.scene
    assert scene.game_over_panel
    reason = " ".join(scene.result.reason_lines(10_000))
    assert reason == "South has no legal move: South 20 (17 captured + 3 in own pits), " \
                     "North 22 (19 captured + 3 in own pits)"
    assert app.errors == []
