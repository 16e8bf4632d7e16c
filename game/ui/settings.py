"""Settings: sound, move hints, animation speed, language.  Saved at once."""

from __future__ import annotations

import pygame

from .context import ANIMATION_SPEEDS
from .i18n import LANGUAGES, t
from .scene import Pop, Scene, Transition
from .theme import colour
from .widgets import Button, Focus, draw_panel, draw_text, row_buttons

LANGUAGE_NAMES = {"en": "English", "ga": "Gaeilge", "da": "Dansk"}


class SettingsScene(Scene):
    def __init__(self, ctx) -> None:
        super().__init__(ctx)
        self.focus = Focus()
        self.unit = 16
        self.box = pygame.Rect(0, 0, 0, 0)
        self.rows: list[tuple[str, list[Button]]] = [
            ("settings.sound", [Button("settings.on", self._set("sound", True), name="sound-on"),
                                Button("settings.off", self._set("sound", False),
                                       name="sound-off")]),
            ("settings.hints", [Button("settings.on", self._set("hints", True), name="hints-on"),
                                Button("settings.off", self._set("hints", False),
                                       name="hints-off")]),
            ("settings.animation", [Button(f"settings.anim_{speed}",
                                           self._set("animation", speed), name=f"anim-{speed}")
                                    for speed in ANIMATION_SPEEDS]),
            ("settings.language", [Button(LANGUAGE_NAMES[lang], self._set("language", lang),
                                          literal=True, name=f"lang-{lang}")
                                   for lang in LANGUAGES]),
        ]
        self.back = Button("settings.done", lambda: Pop(), name="done")

    def _set(self, key: str, value):
        def choose() -> None:
            self.ctx.change(key, value)
            self.resize(self.size)
        return choose

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        w, h = size
        if not w:
            return
        self.unit = u = max(12, min(22, min(w, h) // 30))
        self.box = pygame.Rect(0, 0, min(w - 2 * u, 36 * u), min(h - 2 * u, 32 * u))
        self.box.center = (w // 2, h // 2)
        y = self.box.top + int(u * 4)
        height = int(u * 2.2)
        for _, buttons in self.rows:
            row_buttons(buttons, pygame.Rect(self.box.left + u, y + int(u * 1.6),
                                             self.box.width - 2 * u, height), u // 2)
            y += height + int(u * 3)
        self.back.rect = pygame.Rect(self.box.centerx - 6 * u, self.box.bottom - height - u,
                                     12 * u, height)
        settings = self.ctx.settings
        for button in (b for _, row in self.rows for b in row):
            key, _, value = button.name.partition("-")
            current = {"sound": "on" if settings["sound"] else "off",
                       "hints": "on" if settings["hints"] else "off",
                       "anim": settings["animation"], "lang": settings["language"]}[key]
            button.selected = value == current
        self.focus.set([*(b for _, row in self.rows for b in row), self.back])

    def handle(self, event: pygame.event.Event) -> Transition | None:
        used, result = self.focus.handle(event)
        if used:
            return result
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            return Pop()
        return None

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(colour("background"))
        u = self.unit
        draw_panel(surface, self.box, radius=14)
        draw_text(surface, t("settings.title"), int(u * 1.6),
                  (self.box.centerx, self.box.top + u), colour("accent"), anchor="midtop",
                  bold=True)
        for label, buttons in self.rows:
            draw_text(surface, t(label), u,
                      (self.box.left + u, buttons[0].rect.top - int(u * 1.5)),
                      colour("text_muted"))
        self.focus.draw(surface, u)
