"""The marks on the boards can be told apart: hint and cursor, Reversi's legal
moves and star points, Modiar's playable pits and last move; and a click on
something with no move flashes red and says why."""

from __future__ import annotations

import math

import pygame
import pytest

from game.rules import from_code
from game.rules.record import Game
from game.ui.board.input import REFUSAL_SECONDS
from game.ui.board.scene import BoardScene
from game.ui.i18n import t
from game.ui.play import Play, Setup
from game.ui.theme import colour
from game.ui.views.base import Marks

from .driver import FRAME_SECONDS, click, key, make_app, press, settle, steps


def start(monkeypatch, game: str, code: str | None = None) -> tuple:
    app = make_app(monkeypatch)
    play = Play(Setup(game, "hotseat"), Game(from_code(code)) if code else None)
    scene = BoardScene(app.ctx, play)
    app._push(scene)
    steps(app, 1)
    return app, scene


def pixels(surface: pygame.Surface, rect: pygame.Rect) -> dict[tuple[int, int], tuple]:
    return {(x, y): tuple(surface.get_at((x, y)))[:3]
            for x in range(rect.left, rect.right) for y in range(rect.top, rect.bottom)}


def changed(before: dict, after: dict) -> dict[tuple[int, int], tuple]:
    """The pixels a mark changed, with their new colours."""
    return {xy: rgb for xy, rgb in after.items() if before[xy] != rgb}


def mean(colours) -> tuple[float, float, float]:
    colours = list(colours)
    return tuple(sum(c[i] for c in colours) / len(colours) for i in range(3))


def inner_share(marked: dict, rect: pygame.Rect, radius: float) -> float:
    """The share of a mark's pixels closer to the cell's centre than `radius` × width."""
    inside = [xy for xy in marked if math.dist(xy, rect.center) < rect.width * radius]
    return len(inside) / len(marked)


def wait_for_hint(app, scene: BoardScene) -> None:
    press(app, "hint")
    for _ in range(600):
        if scene.play.hint is not None:
            return
        steps(app, 1)
    raise AssertionError("no hint came")


@pytest.mark.parametrize("game", ["reversi", "modiar"])
def test_the_hint_and_the_keyboard_cursor_look_different(monkeypatch, game):
    app, scene = start(monkeypatch, game)
    view = scene.ui.view
    plain = app.screen.copy()
    wait_for_hint(app, scene)
    (hinted,) = scene.ui.move_squares(scene.play.hint)
    steps(app, 1)
    hint = changed(pixels(plain, view.cell(hinted)), pixels(app.screen, view.cell(hinted)))
    key(app, pygame.K_RIGHT)  # the cursor appears
    if scene.input.cursor == hinted:
        key(app, pygame.K_RIGHT)
    cell = view.cell(scene.input.cursor)
    cursor = changed(pixels(plain, cell), pixels(app.screen, cell))
    assert hint and cursor
    assert math.dist(mean(hint.values()), mean(cursor.values())) > 100, "unlike in colour"
    # and in shape: the hint is a ring round the middle, the cursor brackets the corners
    assert inner_share(hint, view.cell(hinted), 0.5) > 0.9
    assert inner_share(cursor, cell, 0.5) < 0.3


def test_reversi_legal_moves_are_far_bigger_marks_than_the_star_points(monkeypatch):
    app, scene = start(monkeypatch, "reversi")
    view = scene.ui.view
    legal = view.cell(19)  # d3, legal for Black
    with_dots = pixels(app.screen, legal)
    app.ctx.settings["hints"] = False
    app.redraw()  # set behind the app's back: the Settings scene's input would redraw
    steps(app, 1)
    dot = changed(pixels(app.screen, legal), with_dots)
    # A star point sits on the crossing of c3's top-left corner; b2's corner has none.
    square = view.square
    def around(index):
        corner = view.cell(index).topleft
        box = pygame.Rect(0, 0, square // 2, square // 2)
        box.center = corner
        return sum(1 for rgb in pixels(app.screen, box).values()
                   if rgb == colour("felt_line")[:3])
    star = around(18) - around(9)
    assert star > 0
    assert len(dot) > 6 * star, "a legal move is not mistaken for a star point"


def test_modiar_playable_pits_and_the_last_move_are_marked_differently(monkeypatch):
    app, scene = start(monkeypatch, "modiar")
    click(app, scene.ui.view.cell(1).center)  # S2
    settle(app)
    view, position = scene.ui.view, scene.play.position
    marks = scene.painter.marks(scene.play.may_move(), hints_on=True)
    assert marks.last == (1,) and 3 in marks.dots
    def drawn(marks: Marks) -> pygame.Surface:
        surface = pygame.Surface(app.screen.get_size())
        view.draw_position(surface, position, marks)
        return surface
    plain, marked = drawn(Marks()), drawn(marks)
    last = changed(pixels(plain, view.cell(1)), pixels(marked, view.cell(1)))
    playable = changed(pixels(plain, view.cell(3)), pixels(marked, view.cell(3)))
    assert inner_share(last, view.cell(1), 0.43) > 0.9, "the last move tints the pit"
    assert inner_share(playable, view.cell(3), 0.43) < 0.2, "a playable pit is ringed"
    assert math.dist(mean(last.values()), mean(playable.values())) > 60


def reddish(rgb) -> bool:
    return rgb[0] > rgb[1] + 60 and rgb[0] > rgb[2] + 60


def notices(app) -> list[str]:
    return ([app.notice[0]] if app.notice else []) + list(app.ctx.notices)


def test_tapping_a_piece_with_no_move_flashes_and_says_why(monkeypatch):
    app, scene = start(monkeypatch, "brandubh")
    view, rules = scene.ui.view, scene.ui.rules
    king = view.cell(rules.square_index("d4"))
    before = pixels(app.screen, king)
    click(app, king.center)  # the attackers move first
    assert t("refuse.turn.a") in notices(app)
    flash = changed(before, pixels(app.screen, king))
    assert sum(map(reddish, flash.values())) > king.width * king.height // 4
    steps(app, round(REFUSAL_SECONDS / FRAME_SECONDS) + 2)
    assert pixels(app.screen, king) == before, "the flash is short"
    click(app, view.cell(rules.square_index("b7")).center)
    click(app, view.cell(rules.square_index("b6")).center)
    settle(app)
    click(app, king.center)  # the defenders' king, walled in by his own men
    assert t("refuse.blocked") in notices(app)
    assert scene.input.refused is not None and scene.input.refused[0] == rules.square_index("d4")
    assert scene.play.game.ply == 1 and scene.input.selected is None
    assert app.errors == []


@pytest.mark.parametrize("game, code, target, reason", [
    ("reversi", None, 0, "refuse.no_flips"),  # a1: empty, turns nothing
    ("reversi", None, 27, "refuse.taken"),  # d4
    ("modiar", None, 3, "refuse.opponents_pit"),  # N1 on South's turn
    ("modiar", "modiar 0,8,8,8,8,8 2,0 s 0", 0, "refuse.empty_pit"),
    ("modiar", "modiar 1,8,8,8,8,7 2,0 s 0", 0, "refuse.pit_no_move"),
])
def test_clicking_where_there_is_no_move_flashes_and_gives_the_reason(
        monkeypatch, game, code, target, reason):
    app, scene = start(monkeypatch, game, code)
    cell = scene.ui.view.cell(target)
    before = pixels(app.screen, cell)
    click(app, cell.center)
    assert scene.play.game.ply == 0
    assert t(reason) in notices(app)
    assert sum(map(reddish, changed(before, pixels(app.screen, cell)).values())) > 50
    assert app.errors == []
