"""The app driven headless through whole games, as a person would play."""

from __future__ import annotations

import json
import random

import pygame
import pytest

from game.platform.storage import MemoryStorage
from game.rules import GAME_NAMES, start
from game.ui.board.scene import BoardScene
from game.ui.dialogs import CodeDialog, ConfirmDialog
from game.ui.i18n import side_name, t
from game.ui.menu import MenuScene
from game.ui.setup import SetupScene

from .driver import (
    SETTLE_FRAMES,
    SPEEDS,
    button,
    click,
    drag,
    key,
    make_app,
    post,
    press,
    settle,
    steps,
    tap,
)

PLY_LIMIT = 1500


def start_game(app, game: str, mode: str, side: str | None = None, level: str = "bard"):
    press(app, f"card-{game}")
    assert isinstance(app.scene, SetupScene)
    press(app, f"mode-{mode}")
    if side:
        press(app, f"side-{side}")
    if mode != "hotseat":
        press(app, f"level-{level}")
    press(app, "start")
    assert isinstance(app.scene, BoardScene)
    return app.scene


def play_move_by_hand(app, scene: BoardScene, rng: random.Random, how: str) -> None:
    """Pick a random legal move and make it with the mouse, a finger, a drag or the keys."""
    position = scene.play.position
    move = rng.choice(list(position.legal_moves()))
    view = scene.ui.view
    if position.move_text(move) == "pass":
        wait_for_forced_pass(app, scene)
        return
    squares = scene.ui.move_squares(move)
    if how == "keys":
        for square in squares:
            walk_cursor_to(app, scene, square)
            key(app, pygame.K_RETURN)
        return
    gesture = {"mouse": click, "touch": tap}[how if how != "drag" else "mouse"]
    if scene.ui.two_step and how == "drag":
        drag(app, view.cell(squares[0]).center, view.cell(squares[1]).center)
    else:
        for square in squares:
            gesture(app, view.cell(square).center)


def walk_cursor_to(app, scene: BoardScene, target: int) -> None:
    """Arrow keys, as a player would press them, until the cursor is on `target`."""
    arrows = {(1, 0): pygame.K_RIGHT, (-1, 0): pygame.K_LEFT, (0, 1): pygame.K_DOWN,
              (0, -1): pygame.K_UP}
    view = scene.ui.view
    if scene.input.cursor is None:
        key(app, pygame.K_UP)  # the first arrow only shows the cursor
    for _ in range(40):
        if scene.input.cursor == target:
            return
        here, there = view.cell(scene.input.cursor).center, view.cell(target).center
        dx, dy = there[0] - here[0], there[1] - here[1]
        step = (1 if dx > 0 else -1, 0) if abs(dx) >= abs(dy) else (0, 1 if dy > 0 else -1)
        key(app, arrows[step])
    raise AssertionError(f"the cursor never reached cell {target}")


def wait_for_forced_pass(app, scene: BoardScene) -> None:
    """A forced pass plays itself: with no input at all, the message is shown (status
    line and notice) and then the pass is played."""
    ply = scene.play.game.ply
    message = t("status.passes", side=side_name(scene.play.position.side))
    in_status = in_notice = False
    for _ in range(SETTLE_FRAMES):
        if scene.play.game.ply > ply:
            break
        in_status = in_status or scene.status_line() == message
        in_notice = in_notice or (app.notice is not None and app.notice[0] == message)
        steps(app, 1)
    assert scene.play.game.ply == ply + 1 and scene.play.game.move_texts()[-1] == "pass"
    assert in_status and in_notice, "the pass was explained before it was played"


def finish_by_hand(app, scene: BoardScene, seed: int) -> int:
    """Play random moves by hand to the end; most wait for the animation to play
    out, every fifth is made while it still runs (which cuts it short).
    Returns how many frames were drawn mid-animation."""
    rng = random.Random(seed)
    hows = ("mouse", "touch", "drag", "keys")
    animated = 0
    while scene.play.game.outcome() is None:
        assert scene.play.game.ply < PLY_LIMIT
        before = scene.play.game.ply
        if before % 5:
            animated += settle(app)
        if scene.play.human_to_move:
            play_move_by_hand(app, scene, rng, hows[before % 4])
            assert scene.play.game.ply == before + 1, "the move was not taken"
        else:
            steps(app, 1)
    return animated + settle(app)


@pytest.mark.parametrize("speed", SPEEDS)
@pytest.mark.parametrize("game", GAME_NAMES)
def test_a_whole_hotseat_game_by_mouse_touch_drag_and_keys_then_rematch(monkeypatch, game, speed):
    app = make_app(monkeypatch, animation=speed)
    scene = start_game(app, game, "hotseat")
    animated = finish_by_hand(app, scene, seed=GAME_NAMES.index(game))
    assert (animated > 0) == (speed != "off"), "animations ran exactly when they are on"
    steps(app, 2)
    assert scene.game_over_panel
    press(app, "rematch")
    assert isinstance(app.scene, BoardScene) and app.scene is not scene
    assert app.scene.play.game.ply == 0
    assert app.errors == []


@pytest.mark.parametrize("game", GAME_NAMES)
def test_a_whole_game_against_the_computer(monkeypatch, game):
    app = make_app(monkeypatch)
    sides = start(game).SIDES
    scene = start_game(app, game, "computer", side=sides[1])
    frames = 0
    rng = random.Random(5)
    while scene.play.game.outcome() is None:
        frames += 1
        assert frames < 20_000
        if isinstance(app.scene, ConfirmDialog):  # the computer offers a draw: play on
            assert scene.play.draws.standing is not None
            press(app, "keep")
            assert app.scene is scene
        elif scene.play.human_to_move and scene.play.decided is None and \
                scene.animation is None:
            play_move_by_hand(app, scene, rng, "mouse")
        else:
            steps(app, 1)
    settle(app)
    assert scene.game_over_panel and app.errors == []
    press(app, "swap")
    assert app.scene.play.setup.human_side == sides[0]


def test_undo_in_computer_mode_takes_back_the_reply_too(monkeypatch):
    app = make_app(monkeypatch)
    scene = start_game(app, "reversi", "computer", side="b")
    position = scene.play.position
    move = sorted(position.legal_moves())[0]
    click(app, scene.ui.view.cell(move).center)
    for _ in range(200):
        if scene.play.game.ply == 2:
            break
        steps(app, 1)
    assert scene.play.game.ply == 2
    press(app, "undo")
    assert scene.play.game.ply == 0 and scene.play.human_to_move
    press(app, "redo")
    assert scene.play.game.ply == 2
    assert app.errors == []


def test_keyboard_play_with_cursor_and_enter(monkeypatch):
    app = make_app(monkeypatch)
    scene = start_game(app, "brandubh", "hotseat")
    # The attackers move first: the cursor shows on one of their pieces; walk it
    # to b7 (an attacker), select it, go down to b6.
    key(app, pygame.K_UP)  # shows the cursor
    assert scene.input.cursor in scene.ui.origins(scene.play.position)
    walk_cursor_to(app, scene, scene.ui.rules.square_index("b7"))
    assert scene.ui.rules.square_name(scene.input.cursor) == "b7"
    key(app, pygame.K_RETURN)
    assert scene.input.selected == scene.input.cursor
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)
    assert scene.play.game.move_texts() == ["b7-b6"]
    key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    assert scene.play.game.ply == 0
    assert app.errors == []


def test_hint_shows_a_legal_move(monkeypatch):
    app = make_app(monkeypatch)
    scene = start_game(app, "tawlbwrdd", "hotseat")
    press(app, "hint")
    for _ in range(500):
        if scene.play.hint is not None:
            break
        steps(app, 1)
    assert scene.play.hint in scene.play.position.legal_moves()


@pytest.mark.parametrize("size", [(360, 640), (1920, 1080), (800, 800)])
def test_resizing_keeps_board_and_buttons_inside_the_window(monkeypatch, size):
    app = make_app(monkeypatch)
    scene = start_game(app, "modiar", "hotseat")
    post(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size)
    steps(app, 2)
    window = pygame.Rect((0, 0), app.screen.get_size())
    assert window.contains(scene.ui.view.rect)
    for candidate in scene.commands.buttons:
        assert window.contains(candidate.rect)
    assert not any(candidate.rect.colliderect(scene.ui.view.rect)
                   for candidate in scene.commands.buttons)


def test_a_bad_code_gets_a_message_and_the_game_goes_on(monkeypatch):
    app = make_app(monkeypatch)
    scene = start_game(app, "brandubh", "hotseat")
    click(app, scene.ui.view.cell(scene.ui.rules.square_index("b7")).center)
    click(app, scene.ui.view.cell(scene.ui.rules.square_index("b6")).center)
    assert scene.play.game.ply == 1
    press(app, "load")
    dialog = app.scene
    assert isinstance(dialog, CodeDialog)
    press(app, "clear")
    post(pygame.TEXTINPUT, text="brandubh 2AAA2/7 a -")
    key(app, pygame.K_RETURN)
    # Plain words for a player, not the engine's "the board has 2 ranks, expected 7".
    assert app.scene is dialog
    assert dialog.error == "The board part of the code has the wrong size for Brandubh"
    key(app, pygame.K_ESCAPE)
    assert app.scene is scene and scene.play.game.ply == 1
    press(app, "load")
    press(app, "clear")
    post(pygame.TEXTINPUT, text="modiar 2,8,8,8,8,8 0,0 n 0")
    key(app, pygame.K_RETURN)
    assert isinstance(app.scene, ConfirmDialog)  # it leaves the unfinished game on the board
    press(app, "confirm")
    assert isinstance(app.scene, BoardScene) and app.scene.play.setup.game == "modiar"
    assert app.errors == []


def test_a_corrupt_save_is_set_aside_with_a_notice(monkeypatch):
    storage = MemoryStorage()
    storage.data["autosave"] = "{not json"
    storage.data["settings"] = json.dumps({"version": 0, "data": {}})  # an older envelope
    app = make_app(monkeypatch, storage=storage)
    assert isinstance(app.scene, MenuScene)
    assert not button(app, "continue").enabled
    assert "autosave.damaged" in storage.data and "autosave" not in storage.data
    steps(app, 2)
    assert app.notice is not None and "set aside" in app.notice[0]
    assert app.errors == []


def test_autosave_continues_the_game_after_a_restart(monkeypatch):
    storage = MemoryStorage()
    app = make_app(monkeypatch, storage=storage)
    scene = start_game(app, "modiar", "hotseat")
    click(app, scene.ui.view.cell(1).center)  # S2
    assert scene.play.game.move_texts() == ["S2"]
    again = make_app(monkeypatch, storage=storage)
    press(again, "continue")
    assert isinstance(again.scene, BoardScene)
    assert again.scene.play.game.move_texts() == ["S2"]


EVENT_KINDS = [pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION,
               pygame.FINGERDOWN, pygame.FINGERUP, pygame.FINGERMOTION, pygame.KEYDOWN,
               pygame.KEYUP, pygame.TEXTINPUT, pygame.MOUSEWHEEL, pygame.USEREVENT,
               pygame.WINDOWFOCUSLOST, pygame.VIDEORESIZE]


def random_event(rng: random.Random, size) -> pygame.event.Event:
    kind = rng.choice(EVENT_KINDS)
    pos = (rng.randrange(-20, size[0] + 20), rng.randrange(-20, size[1] + 20))
    attributes = {
        pygame.MOUSEBUTTONDOWN: {"pos": pos, "button": rng.randrange(1, 6)},
        pygame.MOUSEBUTTONUP: {"pos": pos, "button": rng.randrange(1, 6)},
        pygame.MOUSEMOTION: {"pos": pos, "rel": (1, 1), "buttons": (rng.random() < .5, 0, 0)},
        pygame.FINGERDOWN: {"x": rng.random(), "y": rng.random()},
        pygame.FINGERUP: {"x": rng.random(), "y": rng.random()},
        pygame.FINGERMOTION: {"x": rng.random(), "y": rng.random()},
        pygame.KEYDOWN: {"key": rng.choice([pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT,
                                            pygame.K_RIGHT, pygame.K_RETURN, pygame.K_TAB,
                                            pygame.K_z, pygame.K_h, pygame.K_u, pygame.K_a,
                                            pygame.K_BACKSPACE, pygame.K_v]),
                         "mod": rng.choice([0, pygame.KMOD_CTRL])},
        pygame.TEXTINPUT: {"text": rng.choice(["a", "é", "7", " ", "/", "ᚠ"])},
        pygame.VIDEORESIZE: {"w": rng.randrange(300, 1400), "h": rng.randrange(300, 1000)},
    }.get(kind, {})
    return pygame.event.Event(kind, **attributes)


STORM_STARTS = ["menu", "setup", "settings", "rules", "code-dialog", "confirm-dialog",
                "brandubh", "reversi", "modiar", "tawlbwrdd"]


def open_scene(app, start: str) -> None:
    from game.ui.dialogs import CodeDialog, ConfirmDialog
    from game.ui.rules import RulesScene
    from game.ui.settings import SettingsScene
    scenes = {"setup": lambda: SetupScene(app.ctx, "tawlbwrdd"),
              "settings": lambda: SettingsScene(app.ctx),
              "rules": lambda: RulesScene(app.ctx, "modiar"),
              "code-dialog": lambda: CodeDialog(app.ctx, "reversi"),
              "confirm-dialog": lambda: ConfirmDialog(app.ctx, "resign", "Resign?", "Sure?",
                                                      "confirm.resign.yes",
                                                      "confirm.keep_playing")}
    if start in scenes:
        app._push(scenes[start]())
    elif start != "menu":
        start_game(app, start, "computer", level="bard")


@pytest.mark.parametrize("start", STORM_STARTS)
def test_a_storm_of_random_events_never_breaks_the_app(monkeypatch, start):
    app = make_app(monkeypatch)
    open_scene(app, start)
    rng = random.Random(start)
    for _ in range(150):
        for _ in range(20):
            pygame.event.post(random_event(rng, app.screen.get_size()))
        if not app.step():
            assert app.errors == []
            app = make_app(monkeypatch)  # a storm may press Quit: start again
            open_scene(app, start)
    assert app.errors == []
