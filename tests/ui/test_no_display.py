"""`python -m game` with no display says so in one line and exits, instead of
running forever in SDL's invisible offscreen window."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game.ui import start as app_module

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="X11/Wayland are Linux's")
def test_no_display_prints_one_line_and_exits_with_status_1():
    env = {name: value for name, value in os.environ.items()
           if name not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    env["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
    # The old behaviour never returns: the timeout (generous, not a measurement)
    # turns that into a failure instead of a hung suite.
    done = subprocess.run([sys.executable, "-m", "game"], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 1
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    assert lines[0].startswith("error: no display found; ")
    assert "browser" in lines[0] and "Traceback" not in done.stderr


def test_a_driver_the_user_chose_is_respected(monkeypatch):
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setattr(app_module, "no_display_variables", lambda: True)
    assert app_module.missing_display() is None


@pytest.mark.parametrize("driver", ["offscreen", "dummy"])
def test_sdl_falling_back_to_a_headless_driver_counts_as_no_display(monkeypatch, driver):
    monkeypatch.delenv("SDL_VIDEODRIVER", raising=False)
    monkeypatch.setattr(app_module, "no_display_variables", lambda: False)
    monkeypatch.setattr(pygame.display, "init", lambda: None)
    monkeypatch.setattr(pygame.display, "quit", lambda: None)
    monkeypatch.setattr(pygame.display, "get_driver", lambda: driver)
    assert app_module.missing_display() == app_module.NO_DISPLAY


def test_a_real_driver_is_a_display(monkeypatch):
    monkeypatch.delenv("SDL_VIDEODRIVER", raising=False)
    monkeypatch.setattr(app_module, "no_display_variables", lambda: False)
    monkeypatch.setattr(pygame.display, "init", lambda: None)
    monkeypatch.setattr(pygame.display, "get_driver", lambda: "x11")
    assert app_module.missing_display() is None
