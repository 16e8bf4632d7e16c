"""Drive the app as a person would: posted mouse, touch and key events.

The app runs as players run it: animations on (normal speed unless a test
asks for another) and a stepped clock, one fixed FRAME_SECONDS per frame,
so what a test sees does not depend on how fast the machine is.
"""

from __future__ import annotations

import pygame

from game.ai.levels import start_search as real_start_search
from game.lessons import Progress
from game.platform.storage import MemoryStorage, Storage
from game.rules import GAME_NAMES
from game.ui import background
from game.ui import play as play_module
from game.ui.app import App
from game.ui.lessons.store import PROGRESS_KEY, save_progress

# The computer thinks by the clock in the real game; tests bound it by nodes.
TEST_NODES = 300
FRAME_SECONDS = 1 / 60
SPEEDS = ("off", "fast", "normal", "slow")  # the animation settings, as in Settings
SETTLE_FRAMES = 600  # ten seconds of stepped frames: longer than any animation


def fast_search(position, level="druid", **kwargs):
    kwargs["nodes"] = min(kwargs.get("nodes") or TEST_NODES, TEST_NODES)
    kwargs.pop("seconds", None)
    return real_start_search(position, level, **kwargs)


def make_app(monkeypatch, size=(1280, 800), storage=None, animation: str = "normal",
             open_file: str | None = None, new_player: bool = False) -> App:
    """A headless app with animations at `animation` speed ("off" only where a
    test is about something else and says why); `open_file` as `--open` gives it.
    The player has answered each game's lessons offer (see `offers_answered`),
    unless `new_player`: the offer's own tests ask for one."""
    monkeypatch.setattr(play_module, "start_search", fast_search)
    monkeypatch.setattr(play_module, "SHOW_THINKING_AT_LEAST", 0.0)
    monkeypatch.setattr(background, "APP_NODES", TEST_NODES)  # the analysis after a game
    storage = storage or MemoryStorage()
    if not new_player:
        offers_answered(storage)
    app = App(size, storage=storage, locale_name="en", open_file=open_file)
    app.ctx.settings["animation"] = animation
    app.step(FRAME_SECONDS)
    return app


def offers_answered(storage: Storage) -> None:
    """Keep, in a storage with no lesson progress yet, a player who skipped the
    lessons offer of every game: a returning player, whose Start starts the
    game at once, as the tests about everything but the offer expect."""
    if storage.load(PROGRESS_KEY) is None:
        progress = Progress()
        for game in GAME_NAMES:
            progress.skip_offer(game)
        save_progress(storage, progress)


def post(event_type: int, **attributes) -> None:
    pygame.event.post(pygame.event.Event(event_type, **attributes))


def click(app: App, pos, frames: int = 1) -> None:
    post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
    post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
    steps(app, frames)


def tap(app: App, pos, frames: int = 1) -> None:
    """A finger touch at pixel `pos` (touch events carry 0..1 coordinates)."""
    w, h = app.screen.get_size()
    x, y = (pos[0] + 0.5) / w, (pos[1] + 0.5) / h
    post(pygame.FINGERDOWN, x=x, y=y, dx=0.0, dy=0.0, touch_id=1, finger_id=1, pressure=1.0)
    post(pygame.FINGERUP, x=x, y=y, dx=0.0, dy=0.0, touch_id=1, finger_id=1, pressure=0.0)
    steps(app, frames)


def drag(app: App, start, end, frames: int = 1) -> None:
    post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
    middle = ((start[0] + end[0]) // 2, (start[1] + end[1]) // 2)
    post(pygame.MOUSEMOTION, pos=middle, rel=(1, 1), buttons=(1, 0, 0))
    post(pygame.MOUSEMOTION, pos=end, rel=(1, 1), buttons=(1, 0, 0))
    post(pygame.MOUSEBUTTONUP, pos=end, button=1)
    steps(app, frames)


def key(app: App, code: int, mod: int = 0, frames: int = 1) -> None:
    post(pygame.KEYDOWN, key=code, mod=mod, unicode="", scancode=0)
    post(pygame.KEYUP, key=code, mod=mod, unicode="", scancode=0)
    steps(app, frames)


def steps(app: App, frames: int) -> None:
    for _ in range(frames):
        app.step(FRAME_SECONDS)


def busy(app: App) -> bool:
    """True while the top scene is animating a move, showing the computer's or
    searching for it (unpaused): its search is sliced by the clock, so how
    many frames it takes depends on the machine, and a test that stopped at
    the end of an animation would pass or fail with the machine's load."""
    scene = app.scene
    play = getattr(scene, "play", None)
    return getattr(scene, "animation", None) is not None or \
        getattr(play, "decided", None) is not None or \
        (getattr(play, "search", None) is not None and not play.paused)


def settle(app: App) -> int:
    """Step frames until the board is still (animations played out); the count."""
    for frame in range(SETTLE_FRAMES):
        if not busy(app):
            return frame
        app.step(FRAME_SECONDS)
    raise AssertionError("the board never came to rest")


def button(app: App, name: str):
    """The visible button called `name` in the top scene."""
    scene = app.scene
    commands, result = getattr(scene, "commands", None), getattr(scene, "result", None)
    if commands is not None:  # the board: its commands, the navigation row, the result panel
        for candidate in [*commands.buttons, *commands.nav_buttons, commands.more_button,
                          *result.buttons]:
            if candidate.name == name:
                return candidate
    for attribute in ("buttons", "card_buttons", "new_buttons", "game_rows",
                      "rules_buttons", "mode_buttons", "side_buttons", "level_buttons"):
        for candidate in getattr(scene, attribute, []):
            if candidate.name == name:
                return candidate
    for attribute in ("start_button", "back_button", "continue_button", "settings_button",
                      "more_button", "friends_button", "paste_button",
                      "quit_button", "back"):
        candidate = getattr(scene, attribute, None)
        if candidate is not None and candidate.name == name:
            return candidate
    rows = [row for _, row in getattr(scene, "shown_rows", [])]
    for candidate in [b for row in rows for b in row] + getattr(scene, "footer", []):
        if candidate.name == name:
            return candidate
    focus = getattr(scene, "focus", None)  # any other button the scene's keys reach
    for candidate in getattr(focus, "buttons", []):
        if candidate.name == name:
            return candidate
    raise LookupError(name)


def press(app: App, name: str, frames: int = 1) -> None:
    """Press the button called `name`; on a small phone, a board button kept
    behind More is reached as a player would, by opening More first."""
    commands = getattr(app.scene, "commands", None)
    if commands is not None and commands.in_overflow(name):
        press(app, "more")
    target = button(app, name)
    assert target.visible and target.enabled, f"{name} is not pressable"
    click(app, target.rect.center, frames)
