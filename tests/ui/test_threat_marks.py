"""The beginner's threat marks, as a player sees them: on against the Bard by
default and off otherwise unless the player sets them; the pieces the other
side could take next move ringed, the king's open lines drawn; a Modiar
sowing's capture shown on hover, under the cursor or on a first tap.  And a
piece picked up marks what its moves would take on the pieces themselves."""

from __future__ import annotations

import pygame
import pytest

from game.platform.storage import MemoryStorage
from game.rules import from_code
from game.rules.record import Game
from game.rules.threats import threatened
from game.ui.board.scene import BoardScene
from game.ui.play import Play, Setup
from game.ui.settings import SettingsScene
from game.ui.theme import colour

from .driver import click, key, make_app, post, press, settle, steps, tap

# Defenders to move: e6 and g4 hang (one attacker move takes each), the king
# on c1 has an open line to a1, and c5-c6 takes the attacker on d6.
BRANDUBH = "brandubh 4A2/1A1AD2/2D4/1D4D/1D1DDAA/A2AA2/2KA1A1 d -"
# South to move: S2's sowing ends in S2 (2) after S1 (4): it takes both, 6 stones.
MODIAR = "modiar 3,7,7,1,7,17 0,0 s 0"


def board(monkeypatch, code: str, mode: str = "computer", level: str = "bard",
          threats: str | None = None, storage=None):
    app = make_app(monkeypatch, storage=storage)
    if threats is not None:
        app.ctx.change("threats", threats)
    position = from_code(code)
    side = position.side if mode == "computer" else ""
    scene = BoardScene(app.ctx, Play(Setup(position.GAME, mode, side, level), Game(position)))
    app._push(scene)
    steps(app, 2)
    return app, scene


def cell(scene, name: str) -> pygame.Rect:
    view = scene.ui.view
    return view.cell(index(scene, name))


def index(scene, name: str) -> int:
    rules = getattr(scene.ui, "rules", None)
    return rules.square_index(name) if rules else ("S1", "S2", "S3", "N1", "N2", "N3").index(name)


def count(app, rect: pygame.Rect, rgb: tuple[int, ...], within: int = 40) -> int:
    """The pixels in `rect` within `within` of the colour `rgb`."""
    return sum(1 for x in range(rect.left, rect.right) for y in range(rect.top, rect.bottom)
               if sum(abs(a - b) for a, b in zip(app.screen.get_at((x, y))[:3], rgb[:3],
                                                 strict=True)) <= within)


def red(app, rect: pygame.Rect) -> int:
    return count(app, rect, colour("threat"))


def purple(app, rect: pygame.Rect) -> int:
    return count(app, rect, (150, 110, 170), within=60)


def crossed(app, rect: pygame.Rect) -> int:
    """Red pixels: a cross (full or faint; the tafl squares, pieces, pits and
    stones have none, and the throne is not among the squares asked about)."""
    return sum(1 for x in range(rect.left, rect.right) for y in range(rect.top, rect.bottom)
               if (lambda r, g, b: r > g + 70 and r > b + 70)(*app.screen.get_at((x, y))[:3]))


# --- the setting ------------------------------------------------------------------------------


@pytest.mark.parametrize("mode, level, shown", [
    ("computer", "bard", True), ("computer", "ovate", False), ("computer", "druid", False),
    ("hotseat", "bard", False), ("watch", "bard", False)])
def test_by_default_the_marks_are_on_against_the_bard_alone(monkeypatch, mode, level, shown):
    app, scene = board(monkeypatch, BRANDUBH, mode, level)
    assert app.ctx.settings["threats"] == "auto"
    assert scene.threat_marks() is shown
    assert (red(app, cell(scene, "e6")) > 30) is shown
    assert (purple(app, cell(scene, "b1")) > 10) is shown


@pytest.mark.parametrize("choice, level, shown", [("on", "druid", True), ("off", "bard", False)])
def test_the_player_can_set_them_on_or_off_and_it_is_kept(monkeypatch, choice, level, shown):
    storage = MemoryStorage()
    app = make_app(monkeypatch, storage=storage)
    app._push(SettingsScene(app.ctx))
    steps(app, 1)
    press(app, "help-settings")  # the marks are among the board's help
    press(app, f"threats-{choice}")
    assert app.ctx.settings["threats"] == choice
    again, scene = board(monkeypatch, BRANDUBH, "computer", level, storage=storage)
    assert again.ctx.settings["threats"] == choice  # read back from storage
    assert scene.threat_marks() is shown
    assert (red(again, cell(scene, "e6")) > 30) is shown


def test_a_damaged_threats_setting_falls_back_to_the_default(monkeypatch):
    storage = MemoryStorage()
    storage.save("settings", {"threats": "sometimes"})
    app = make_app(monkeypatch, storage=storage)
    assert app.ctx.settings["threats"] == "auto"


# --- tafl -------------------------------------------------------------------------------------


def test_only_the_pieces_the_other_side_can_take_next_are_ringed(monkeypatch):
    app, scene = board(monkeypatch, BRANDUBH)
    for name in ("e6", "g4"):
        assert red(app, cell(scene, name)) > 30, name
    for name in ("c5", "b4", "b3", "d3", "e3", "c1"):  # safe defenders, and the king
        assert red(app, cell(scene, name)) == 0, name
    for name in ("d6", "b6", "f3"):  # the attackers: not the player's worry here
        assert red(app, cell(scene, name)) == 0, name


def test_the_kings_open_line_is_drawn_to_its_goal_and_nowhere_else(monkeypatch):
    app, scene = board(monkeypatch, BRANDUBH)
    assert purple(app, cell(scene, "b1")) > 10  # the way to a1
    assert purple(app, cell(scene, "a1")) > 30  # the goal's ring
    for name in ("e1", "c2", "g1", "a7", "g7"):  # blocked ways, and the other corners
        assert purple(app, cell(scene, name)) == 0, name


@pytest.mark.parametrize("side", ["d", "a"])
def test_a_king_one_move_from_being_taken_is_marked_whoever_plays(monkeypatch, side):
    # The king on d5 between attackers, the empty throne below: d7-d6 takes him.
    app, scene = board(monkeypatch, f"brandubh 3A3/7/2AKA2/7/7/7/7 {side} -")
    assert red(app, cell(scene, "d5")) > 30
    assert red(app, cell(scene, "c5")) == red(app, cell(scene, "e5")) == 0


def test_the_marks_follow_the_game_and_wait_out_a_moves_animation(monkeypatch):
    app, scene = board(monkeypatch, BRANDUBH)
    click(app, cell(scene, "e6").center)
    click(app, cell(scene, "f6").center)  # e6 steps out of danger (and f6 stands safe)
    assert scene.animation is not None and red(app, cell(scene, "f6")) == 0
    settle(app)  # the Bard answers, and the marks are those of the position now
    position = scene.play.position
    assert scene.play.game.ply == 2 and position.side == "d"
    danger = threatened(position, "a")
    assert danger  # the Bard's reply leaves a piece hanging: the rings have one to show
    for square, piece in enumerate(position.board):
        if piece in "DK":
            ringed = red(app, scene.ui.view.cell(square)) > 30
            assert ringed is (square in danger), position.rules.square_name(square)


# --- a piece picked up: what its moves would take ---------------------------------------------


def test_a_capture_is_marked_on_the_piece_taken_not_as_a_ring_on_the_square(monkeypatch):
    app, scene = board(monkeypatch, BRANDUBH, mode="hotseat")  # no threat marks
    plain_c6 = crossed(app, cell(scene, "c6"))
    click(app, cell(scene, "c5").center)
    assert scene.input.selected == index(scene, "c5")
    faint = crossed(app, cell(scene, "d6"))
    assert faint > 10, "the attacker c5-c6 would take is crossed"
    assert crossed(app, cell(scene, "c6")) == plain_c6 == 0, "no red on the empty square"
    post(pygame.MOUSEMOTION, pos=cell(scene, "c6").center, rel=(1, 1), buttons=(0, 0, 0))
    steps(app, 1)
    assert crossed(app, cell(scene, "d6")) > faint, "the move under the mouse: a full cross"
    post(pygame.MOUSEMOTION, pos=cell(scene, "c4").center, rel=(1, 1), buttons=(0, 0, 0))
    steps(app, 1)
    assert crossed(app, cell(scene, "d6")) == faint  # c5-c4 takes nothing
    for name in ("b6", "e7", "f3", "d2"):  # attackers no move of c5 takes
        assert crossed(app, cell(scene, name)) == 0, name


def test_the_keyboard_cursor_on_a_capturing_square_marks_what_it_takes(monkeypatch):
    app, scene = board(monkeypatch, BRANDUBH, mode="hotseat")
    click(app, cell(scene, "c5").center)
    faint = crossed(app, cell(scene, "d6"))
    key(app, pygame.K_UP)  # the cursor appears on the piece picked up
    key(app, pygame.K_UP)  # and goes up to c6
    assert scene.input.cursor == index(scene, "c6")
    assert crossed(app, cell(scene, "d6")) > faint


def test_a_capturing_square_keeps_the_move_dot(monkeypatch):
    app, scene = board(monkeypatch, BRANDUBH, mode="hotseat")
    plain = app.screen.copy()
    click(app, cell(scene, "c5").center)
    marks = scene.painter.marks(scene.can_move(), hints_on=True)
    c6, c4 = index(scene, "c6"), index(scene, "c4")
    assert c6 in marks.dots and c6 in marks.capture_dots and c4 not in marks.capture_dots

    def mark(name: str) -> list[tuple[int, ...]]:
        rect = cell(scene, name)
        return [tuple(app.screen.get_at((x, y)))[:3] for x in range(rect.left, rect.right)
                for y in range(rect.top, rect.bottom)
                if app.screen.get_at((x, y)) != plain.get_at((x, y))]
    at_c6, at_c4 = mark("c6"), mark("c4")
    # The same dot on both, and a thin ring of its ink round the capturing one's:
    # darker than the square, never red.
    assert len(at_c6) > len(at_c4) > 0
    assert not any(r > g + 70 for r, g, _ in at_c6)
    assert all(max(rgb) < 220 for rgb in at_c6)


# --- Modiar: the sowing previewed --------------------------------------------------------------


def test_hovering_a_pit_previews_what_its_sowing_takes(monkeypatch):
    app, scene = board(monkeypatch, MODIAR)
    before = {name: crossed(app, cell(scene, name)) for name in ("S1", "S2", "S3")}
    post(pygame.MOUSEMOTION, pos=cell(scene, "S2").center, rel=(1, 1), buttons=(0, 0, 0))
    steps(app, 1)
    assert crossed(app, cell(scene, "S1")) > before["S1"] + 20
    assert crossed(app, cell(scene, "S2")) > before["S2"] + 20
    assert crossed(app, cell(scene, "S3")) == before["S3"]
    post(pygame.MOUSEMOTION, pos=cell(scene, "S3").center, rel=(1, 1), buttons=(0, 0, 0))
    steps(app, 1)
    assert crossed(app, cell(scene, "S1")) == before["S1"]  # S3's sowing takes nothing
    click(app, cell(scene, "S2").center)  # a mouse click plays at once
    assert scene.play.game.ply == 1


def test_a_first_tap_previews_the_sowing_and_a_second_plays_it(monkeypatch):
    app, scene = board(monkeypatch, MODIAR)
    plain = crossed(app, cell(scene, "S1"))
    tap(app, cell(scene, "S2").center)
    assert scene.play.game.ply == 0 and scene.input.previewed == index(scene, "S2")
    assert crossed(app, cell(scene, "S1")) > plain + 20
    tap(app, cell(scene, "S3").center)  # another pit: its preview instead
    assert scene.play.game.ply == 0 and scene.input.previewed == index(scene, "S3")
    tap(app, cell(scene, "S3").center)
    assert scene.play.game.ply == 1 and scene.play.game.moves[0] == index(scene, "S3")


def test_without_the_marks_a_tap_plays_at_once(monkeypatch):
    app, scene = board(monkeypatch, MODIAR, level="ovate")
    tap(app, cell(scene, "S2").center)
    assert scene.play.game.ply == 1


def test_the_cursor_on_a_pit_previews_it(monkeypatch):
    app, scene = board(monkeypatch, MODIAR)
    plain = crossed(app, cell(scene, "S1"))
    key(app, pygame.K_LEFT)  # the cursor appears on the playable pit nearest the middle
    while scene.input.cursor != index(scene, "S2"):
        key(app, pygame.K_RIGHT if scene.input.cursor == index(scene, "S1") else pygame.K_LEFT)
    assert crossed(app, cell(scene, "S1")) > plain + 20
    key(app, pygame.K_RETURN)
    assert scene.play.game.ply == 1


def test_the_marks_of_a_position_are_asked_of_the_rules_once(monkeypatch):
    app = make_app(monkeypatch)
    position = from_code(BRANDUBH)
    scene = BoardScene(app.ctx, Play(Setup("brandubh", "computer", "d", "bard"), Game(position)))
    asked = []
    real = scene.ui.threats
    monkeypatch.setattr(scene.ui, "threats",
                        lambda position, viewer: asked.append(position) or real(position, viewer))
    app._push(scene)
    for _ in range(20):  # twenty frames drawn
        scene.redraw()
        steps(app, 1)
    assert len(asked) == 1
    assert red(app, cell(scene, "e6")) > 30
