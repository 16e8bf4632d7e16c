"""The board's options (which way up, coordinates, colours, pieces), set in
Settings, saved, and applied to the board a player sees and touches."""

from __future__ import annotations

import math

import pygame
import pytest

from game.platform.storage import MemoryStorage
from game.rules import from_code, spec, start
from game.rules.record import Game
from game.ui import theme
from game.ui.board.scene import BoardScene
from game.ui.play import Play, Setup
from game.ui.scene import Push
from game.ui.settings import BoardSettingsScene, SettingsScene
from game.ui.theme import BOARD_THEMES, PIECE_SETS, colour
from tools import palette_check

from .driver import button, click, drag, key, make_app, press, settle, steps


def open_board(app, game: str, mode: str = "hotseat", human_side: str = "",
               record: Game | None = None) -> BoardScene:
    setup = Setup(game, mode, human_side=human_side, level="bard")
    scene = BoardScene(app.ctx, Play(setup, record or Game(start(game))))
    app._apply(Push(scene))
    steps(app, 1)
    return scene


def screen_square(view, row: int, col: int) -> tuple[int, int]:
    """The middle of the square `row` down and `col` across on screen, worked
    out from the board's size alone (not from the view's mapping under test)."""
    return (view.origin[0] + col * view.square + view.square // 2,
            view.origin[1] + row * view.square + view.square // 2)


# --- saved and applied ----------------------------------------------------------------------

def test_the_board_options_are_chosen_in_settings_saved_and_read_back(monkeypatch):
    storage = MemoryStorage()
    app = make_app(monkeypatch, size=(360, 640), storage=storage)
    press(app, "settings")
    assert isinstance(app.scene, SettingsScene)
    press(app, "board-settings")
    assert isinstance(app.scene, BoardSettingsScene)
    for name in ("orient-flipped", "coordinates-off", "theme-contrast"):
        press(app, name)
        assert button(app, name).selected  # shown as chosen
    assert not button(app, "orient-auto").selected
    press(app, "done")
    press(app, "pieces-settings")
    for name in ("pieces_tafl-figures", "pieces_reversi-contrast", "pieces_modiar-numbers"):
        press(app, name)
    chosen = {"orientation": "flipped", "coordinates": False, "board_theme": "contrast",
              "pieces_tafl": "figures", "pieces_reversi": "contrast",
              "pieces_modiar": "numbers"}
    saved = storage.load("settings")
    assert {key: saved[key] for key in chosen} == chosen
    assert colour("felt") == BOARD_THEMES["contrast"]["felt"]
    assert theme.piece_set("modiar") == "numbers"

    again = make_app(monkeypatch, storage=storage)  # the next start reads them back
    assert {key: again.ctx.settings[key] for key in chosen} == chosen
    scene = open_board(again, "reversi")
    assert scene.ui.view.flipped and not scene.ui.view.coordinates


def test_damaged_board_options_fall_back_to_the_defaults(monkeypatch):
    storage = MemoryStorage()
    storage.save("settings", {"orientation": "sideways", "coordinates": "yes",
                              "board_theme": "neon", "pieces_tafl": "stones"})
    app = make_app(monkeypatch, storage=storage)
    settings = app.ctx.settings
    assert (settings["orientation"], settings["coordinates"], settings["board_theme"],
            settings["pieces_tafl"]) == ("auto", True, "wood", "discs")


# --- which way up -------------------------------------------------------------------------------

def test_a_click_on_a_flipped_board_plays_the_square_under_it(monkeypatch):
    app = make_app(monkeypatch)
    app.ctx.change("orientation", "flipped")
    scene = open_board(app, "reversi")
    view = scene.ui.view
    assert view.flipped
    # e6 (row 5, col 4 from the top left of the diagram) is on screen where d3
    # (row 2, col 3) is on a board the right way up.
    click(app, screen_square(view, 2, 3))
    assert scene.play.game.move_texts() == ["e6"]


def test_a_drag_and_the_arrow_keys_on_a_flipped_board_go_the_way_they_look(monkeypatch):
    app = make_app(monkeypatch)
    app.ctx.change("orientation", "flipped")
    scene = open_board(app, "brandubh")
    view, n = scene.ui.view, scene.ui.view.n
    position = scene.play.position
    orig, dest = next((o, d) for o, d in position.legal_moves() if abs(o - d) >= 2)
    on_screen = [divmod(n * n - 1 - square, n) for square in (orig, dest)]
    drag(app, screen_square(view, *on_screen[0]), screen_square(view, *on_screen[1]))
    settle(app)
    assert scene.play.game.moves == [(orig, dest)]

    scene.input.cursor = n * n // 2  # the middle square; Right goes right on screen
    key(app, pygame.K_RIGHT)
    assert scene.input.cursor == n * n // 2 - 1
    key(app, pygame.K_UP)
    assert scene.input.cursor == n * n // 2 - 1 + n


@pytest.mark.parametrize("game", ["brandubh", "reversi", "modiar"])
def test_the_board_turns_by_itself_for_the_second_side_against_the_computer(monkeypatch, game):
    app = make_app(monkeypatch)
    first, second = start(game).SIDES
    assert open_board(app, game, "computer", human_side=second).ui.view.flipped
    assert not open_board(app, game, "computer", human_side=first).ui.view.flipped
    assert not open_board(app, game, "hotseat").ui.view.flipped
    app.ctx.change("orientation", "normal")
    assert not open_board(app, game, "computer", human_side=second).ui.view.flipped


@pytest.mark.parametrize("game", ["brandubh", "tawlbwrdd", "reversi", "modiar"])
def test_a_flipped_board_is_drawn_whole(monkeypatch, game):
    """Every square (or pit) of the turned board is drawn where one stands:
    the board's middle looks the same either way up (these boards are
    symmetric under a half turn)."""
    app = make_app(monkeypatch)
    view = open_board(app, game).ui.view
    view.set_look(False, False)
    upright = view.background().copy()
    view.set_look(True, False)
    turned = view.background()
    for index in range(spec(game).cells):
        centre = view.cell(index).move(-view.rect.left, -view.rect.top).center
        assert turned.get_at(centre) == upright.get_at(centre), index


def test_flipped_modiar_puts_norths_row_at_the_bottom(monkeypatch):
    app = make_app(monkeypatch)
    view = open_board(app, "modiar", "computer", human_side="n").ui.view
    north, south = (view.cell(pit).centery for pit in (3, 0))
    assert north > south  # North's N1 below South's S1
    assert view.cell(3).centerx < view.cell(5).centerx  # N1 N2 N3 from the left
    assert view.target_at(view.cell(4).center) == 4


# --- coordinates ------------------------------------------------------------------------------

@pytest.mark.parametrize("game", ["brandubh", "reversi"])
def test_coordinates_off_draws_no_labels_round_the_board(monkeypatch, game):
    app = make_app(monkeypatch)

    def label_pixels() -> int:
        view = app.scene.ui.view
        board = view.background()
        frame = pygame.Rect(0, 0, view.origin[0] - view.rect.left, board.get_height())
        strip = board.subsurface(frame.inflate(-4, -view.square))  # the ranks' margin
        return sum(strip.get_at((x, y))[:3] == colour("board_label")[:3]
                   for x in range(strip.get_width()) for y in range(strip.get_height()))

    open_board(app, game)
    assert label_pixels() > 0
    app.ctx.change("coordinates", False)
    steps(app, 1)
    assert label_pixels() == 0


# --- the high-contrast theme -------------------------------------------------------------------

def test_the_high_contrast_theme_holds_3_to_1_under_each_colour_vision():
    rows = palette_check.figures("contrast")
    visions = {row[3] for row in rows}
    assert visions == {"normal", "protanopia", "deuteranopia", "tritanopia"}
    failing = [row for row in rows if row[4] < row[5]]
    assert failing == []
    # Both sides' pieces against every square and each other, in every family.
    checked = {(row[0], row[1], row[2]) for row in rows}
    assert ("tafl", "attacker", "defender") in checked
    assert ("reversi", "disc_white", "felt") in checked
    assert ("modiar", "stone", "pit") in checked


def test_the_simulation_merges_red_and_green_for_a_deuteranope_and_the_check_can_fail():
    """The simulation is not a no-op: a red and a green far apart to most
    eyes come out nearly one colour for a deuteranope (and closer for a
    protanope); and the wood theme, not made for it, has pairs under 3:1,
    which the check reports."""
    red, green = (200, 60, 50), (60, 140, 60)

    def apart(vision: str) -> float:
        return math.dist(palette_check.seen(red, vision), palette_check.seen(green, vision))

    assert apart("normal") > 0.5 and apart("deuteranopia") < 0.05
    assert apart("protanopia") < apart("normal") / 2
    for vision, matrix in palette_check.VISIONS.items():
        if matrix is not None:  # white stays white
            assert all(abs(sum(row) - 1.0) < 0.01 for row in matrix), vision
    assert any(row[4] < row[5] for row in palette_check.figures("wood"))


@pytest.mark.parametrize("family", sorted(PIECE_SETS))
def test_every_piece_set_draws_differently(monkeypatch, family):
    game = {"tafl": "brandubh", "reversi": "reversi", "modiar": "modiar"}[family]
    app = make_app(monkeypatch)
    pictures = []
    for name in PIECE_SETS[family]:
        app.ctx.change(f"pieces_{family}", name)
        scene = open_board(app, game)
        surface = pygame.Surface(app.screen.get_size())
        scene.draw(surface)
        pictures.append(pygame.image.tobytes(surface.subsurface(scene.ui.view.rect), "RGB"))
    assert len(set(pictures)) == len(pictures)


# --- Modiar's sowing, stone by stone ----------------------------------------------------------

def capturing_position():
    """A Modiar position whose move captures two pits or more (found by playing)."""
    frontier = [start("modiar")]
    while frontier:
        position = frontier.pop(0)
        for move in position.legal_moves():
            played = position.play(move)
            if len(played.effects.captured) >= 2:
                return position, move, played.effects
            frontier.append(played.position)
    raise AssertionError("no chain capture found")


def play_capture_against_the_computer(monkeypatch):
    """A board where the person (against the computer) has just clicked a
    chain capture; returns the app, scene, position before and effects."""
    app = make_app(monkeypatch, animation="normal")
    position, move, effects = capturing_position()
    scene = open_board(app, "modiar", "computer", human_side=position.side,
                       record=Game(from_code(position.code())))
    click(app, scene.ui.view.cell(move).center)
    assert scene.play.game.ply == 1 and scene.animation is not None
    return app, scene, position, effects


def test_modiar_sows_stone_by_stone_then_takes_the_chain_and_the_computer_waits(monkeypatch):
    app, scene, position, effects = play_capture_against_the_computer(monkeypatch)
    shown = list(position.pits)
    shown[effects.sown[0]] = 0  # all lifted from the pit played
    landings: list[int] = []
    fades: list[int] = []
    while scene.animation is not None:
        sowing = scene.ui.sowing_at(scene.animation)
        gained = [pit for pit in range(6) if sowing.counts[pit] != shown[pit]]
        assert len(gained) <= 1, "two stones landed in one frame"
        assert all(sowing.counts[pit] == shown[pit] + 1 for pit in gained) or \
            len(landings) == len(effects.sown)  # a pit taken reads 0 once faded
        if len(landings) < len(effects.sown):
            landings += gained
            assert sowing.flying is not None or len(landings) == len(effects.sown)
        fades += [pit for pit in sowing.fading if pit not in fades]
        shown = sowing.counts
        assert scene.play.game.ply == 1, "the computer moved during the animation"
        steps(app, 1)
    assert landings == list(effects.sown)  # one at a time, in the sowing's order
    assert fades == list(effects.captured)  # then the pits taken, in the chain's order
    settle(app)
    assert scene.play.game.ply == 2  # the computer's reply, once the sowing was seen


def test_a_click_during_the_sowing_skips_to_its_end_and_the_computer_replies_after(
        monkeypatch):
    app, scene, _, _ = play_capture_against_the_computer(monkeypatch)
    steps(app, 12)  # a stone or two on their way
    sowing = scene.ui.sowing_at(scene.animation)
    assert sowing.flying is not None and scene.play.game.ply == 1
    mine = scene.animation
    click(app, (2, 2))  # anywhere: here, the window's corner
    # The sowing is over at once; the computer may reply in that same frame,
    # from the position the sowing ended in.
    assert scene.animation is not mine
    reply = scene.animation
    assert reply is None or (reply.before == mine.after and scene.play.game.ply == 2)
    settle(app)
    assert scene.play.game.ply == 2
