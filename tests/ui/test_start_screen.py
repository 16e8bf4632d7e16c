"""The start: the window shows the start screen before the app is built, in
the player's language, and the App's first frame replaces it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game.platform.storage import MemoryStorage
from game.ui import start
from game.ui.theme import colour

ROOT = Path(__file__).resolve().parents[2]
SIZE = (390, 844)


def colours_on(surface: pygame.Surface) -> set[tuple[int, int, int]]:
    w, h = surface.get_size()
    return {tuple(surface.get_at((x, y)))[:3] for x in range(0, w, 3) for y in range(0, h, 3)}


@pytest.fixture
def no_window():
    pygame.quit()  # no window left open by an earlier test: this start opens its own
    yield
    pygame.quit()


def test_the_first_frame_after_the_window_opens_is_the_start_screen(no_window, monkeypatch):
    built = []
    monkeypatch.setattr(start, "build_app", lambda opened, open_file=None: built.append(
        pygame.display.get_surface().copy()))
    start.start_app(SIZE, storage=MemoryStorage())
    (first,) = built  # what is on screen when the App starts being built
    seen = colours_on(first)
    assert seen != {(0, 0, 0)}
    assert colour("background")[:3] in seen and colour("accent")[:3] in seen  # the title


@pytest.mark.parametrize(("language", "line"), [
    ("ga", "Na cláir á leagan amach…"), ("da", "Stiller brætterne op…")])
def test_the_start_screen_speaks_the_stored_language(language, line):
    storage = MemoryStorage()
    storage.save("settings", {"language": language})
    assert start.start_line(storage, "en_GB") == line


def test_on_first_start_the_line_follows_the_locale():
    assert start.start_line(MemoryStorage(), "da_DK.UTF-8") == "Stiller brætterne op…"


def test_the_app_opens_in_the_start_screens_window_and_draws_over_it(no_window):
    app = start.start_app(SIZE, storage=MemoryStorage(), )
    screen = pygame.display.get_surface()
    assert app.screen is screen and screen.get_size() == SIZE
    app.step(1 / 60)
    assert app.frames_drawn == 1 and colour("background")[:3] in colours_on(screen)


def run_python(code: str) -> str:
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                          text=True, timeout=120, check=True,
                          env={"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
                               "PYGAME_HIDE_SUPPORT_PROMPT": "1", "HOME": "/nonexistent",
                               "XDG_DATA_HOME": "/nonexistent"})
    return done.stdout.strip()


def test_the_start_screen_imports_no_scene_and_no_engine():
    loaded = run_python("import sys, game.ui.start, game.ui.splash; "
                        "print(sorted(m for m in sys.modules if m.startswith(('game.ai', "
                        "'game.rules', 'game.ui.app', 'game.ui.menu'))))")
    assert loaded == "[]"


WARM_UP = """
import sys
from game.platform.storage import MemoryStorage
from game.ui import start
from game.ai import reversi_patterns as rp
app = start.start_app((1280, 800), storage=MemoryStorage())
app.step(1 / 60)
print(app.frames_drawn, rp._PHASES is None)  # the menu on screen, the weights unread
frames = 1
while app._warming is not None and frames < 200:  # a piece or more in every frame
    app.step(1 / 60)
    frames += 1
print(rp._PHASES is not None, frames <= 100)
"""


def test_the_pattern_weights_are_read_after_the_first_frame_a_piece_a_frame():
    first, later = run_python(WARM_UP).splitlines()
    assert first == "1 True"
    assert later == "True True"


OPENING_A_GAME = """
from game.platform.storage import MemoryStorage
from game.ui import start
from game.ui.scene import Push, ToSetup
from game.ai import reversi_patterns as rp
app = start.start_app((1280, 800), storage=MemoryStorage())
app.step(1 / 60)
app._apply(Push(ToSetup("reversi")))
print(rp._PHASES is not None, app._warming is None)
"""


def test_a_scene_opened_before_the_warm_up_ends_finds_the_engines_ready():
    assert run_python(OPENING_A_GAME) == "True True"
