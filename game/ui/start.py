"""The app's start, natively and in the browser: the window with the start
screen first, then the scenes imported and the App built behind it.

Importing game.ui.app imports every scene and the computer's engines, which
takes a moment (more in the browser); this module imports none of that until
the start screen is on screen.
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from ..platform import locale_name, no_display_variables
from ..platform.storage import Storage, default_storage
from . import i18n, splash
from .context import stored_settings

if TYPE_CHECKING:
    from .app import App

WINDOW_SIZE = (1280, 800)


@dataclass(frozen=True)
class Opened:
    """A window showing the start screen, and what the App will need from it."""

    size: tuple[int, int]
    storage: Storage
    locale: str | None


def start_line(storage: Storage, locale: str | None) -> str:
    """The start screen's line, in the language the stored settings choose."""
    i18n.set_language(stored_settings(storage.load("settings"), locale)["language"])
    return i18n.t("start.loading")


def open_start_screen(size: tuple[int, int] = WINDOW_SIZE,
                      storage: Storage | None = None) -> Opened:
    """Open the window at `size` with the start screen on it."""
    storage = storage or default_storage()
    locale = locale_name()
    splash.show(size, start_line(storage, locale))
    return Opened(size, storage, locale)


def build_app(opened: Opened, open_file: str | None = None) -> App:
    """The App, in the window already open (imported only now: see the module notes)."""
    from .app import App

    return App(opened.size, storage=opened.storage, locale_name=opened.locale,
               open_file=open_file)


def start_app(size: tuple[int, int] = WINDOW_SIZE, *, storage: Storage | None = None,
              open_file: str | None = None) -> App:
    """The start screen in a window of `size`, then the App built in it."""
    return build_app(open_start_screen(size, storage), open_file)


NO_DISPLAY = ("no display found; run Táiplis on a desktop with a screen, "
              "or play it in a web browser (see README.md, Play in the browser)")
HEADLESS_DRIVERS = ("offscreen", "dummy")  # SDL's drivers that draw to no screen


def missing_display() -> str | None:
    """Why no window could be seen here (one line), or None.

    Without this, SDL quietly falls back to a driver that draws nowhere and the
    game would run forever with no window.  A driver the user chose in
    SDL_VIDEODRIVER is respected, whatever it is.
    """
    if os.environ.get("SDL_VIDEODRIVER"):
        return None
    if no_display_variables():
        return NO_DISPLAY  # decided before SDL starts, so it prints nothing of its own
    pygame.display.init()
    if pygame.display.get_driver() in HEADLESS_DRIVERS:
        pygame.display.quit()
        return NO_DISPLAY
    return None


def run_native(open_file: str | None = None) -> int:
    """The desktop window: the same frames, paced to 60 per second, started on
    the game of the record `open_file` if given.  The exit status: 0, or 1
    when there is no display to show the window on."""
    problem = missing_display()
    if problem is not None:
        print(f"error: {problem}", file=sys.stderr)
        return 1
    app = start_app(open_file=open_file)
    pacer = pygame.time.Clock()  # separate from the app's clock, which measures frames
    while app.step():
        pacer.tick(60)
    pygame.quit()
    return 0
