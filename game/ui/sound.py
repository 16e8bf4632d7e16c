"""Short sound effects, loaded once from assets/sounds/*.ogg (pygbag needs OGG).

Without an audio device (a headless test, a browser before the first click)
everything here quietly does nothing.
"""

from __future__ import annotations

import pygame

from .theme import ASSETS

NAMES = ("move", "capture", "illegal", "win", "lose")


class Sounds:
    def __init__(self) -> None:
        self.enabled = True
        self._sounds: dict[str, pygame.mixer.Sound] = {}

    def load(self) -> None:
        if not pygame.mixer.get_init():
            try:
                pygame.mixer.init()
            except pygame.error:
                return
        for name in NAMES:
            try:
                self._sounds[name] = pygame.mixer.Sound(ASSETS / "sounds" / f"{name}.ogg")
            except (pygame.error, FileNotFoundError, OSError):
                continue

    def play(self, name: str) -> None:
        sound = self._sounds.get(name)
        if self.enabled and sound is not None:
            sound.play()
