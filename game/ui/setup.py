"""New-game setup: who plays (computer, two players, computer vs computer),
the person's side, and the computer's level."""

from __future__ import annotations

import random

import pygame

from ..rules import start
from .board.scene import SIDE_NAMES, BoardScene
from .i18n import t
from .play import MODES, Play, Setup, resolve_side
from .scene import Pop, Replace, Scene, Transition
from .theme import colour
from .widgets import Button, Focus, draw_panel, draw_text, row_buttons

LEVELS = ("bard", "ovate", "druid")


class SetupScene(Scene):
    def __init__(self, ctx, game: str) -> None:
        super().__init__(ctx)
        self.game = game
        self.sides = start(game).SIDES
        self.mode = "computer"
        self.side = self.sides[0] if game != "brandubh" else self.sides[1]
        self.level = "ovate"
        self.focus = Focus()
        self.unit = 16
        self.box = pygame.Rect(0, 0, 0, 0)
        self.rows: list[tuple[str, list[Button]]] = []
        self.mode_buttons = [Button(f"mode.{m}", self._set("mode", m), name=f"mode-{m}")
                             for m in MODES]
        self.side_buttons = [Button(SIDE_NAMES[s], self._set("side", s), name=f"side-{s}")
                             for s in self.sides]
        self.side_buttons.append(Button("side.random", self._set("side", "random"),
                                        name="side-random"))
        self.level_buttons = [Button(f"level.{lv}", self._set("level", lv), name=f"level-{lv}")
                              for lv in LEVELS]
        self.start_button = Button("setup.start", self.begin, name="start")
        self.back_button = Button("setup.back", lambda: Pop(), name="back")

    def _set(self, field: str, value: str):
        def choose() -> None:
            setattr(self, field, value)
            self.resize(self.size)
        return choose

    def begin(self) -> Transition:
        rng = random.Random()
        side = resolve_side(self.side, self.sides, rng) if self.mode == "computer" else ""
        setup = Setup(self.game, self.mode, side, self.level, seed=rng.randrange(1 << 30))
        return Replace(BoardScene(self.ctx, Play(setup)))

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        w, h = size
        if not w:
            return
        self.unit = u = max(12, min(22, min(w, h) // 30))
        self.box = pygame.Rect(0, 0, min(w - 2 * u, 36 * u), min(h - 2 * u, 30 * u))
        self.box.center = (w // 2, h // 2)
        self.rows = [("setup.mode", self.mode_buttons)]
        if self.mode == "computer":
            self.rows.append(("setup.side", self.side_buttons))
        if self.mode != "hotseat":
            self.rows.append(("setup.level", self.level_buttons))
        for button in [*self.side_buttons, *self.level_buttons]:
            button.rect = pygame.Rect(0, 0, 0, 0)
        y = self.box.top + int(u * 4.5)
        height = int(u * 2.3)
        for _, buttons in self.rows:
            row_buttons(buttons, pygame.Rect(self.box.left + u, y + int(u * 1.6),
                                             self.box.width - 2 * u, height), u // 2)
            y += height + int(u * 3)
        row_buttons([self.back_button, self.start_button],
                    pygame.Rect(self.box.left + u, self.box.bottom - height - u,
                                self.box.width - 2 * u, height), u)
        for button in self.mode_buttons:
            button.selected = button.name == f"mode-{self.mode}"
        for button in self.side_buttons:
            button.selected = button.name == f"side-{self.side}"
        for button in self.level_buttons:
            button.selected = button.name == f"level-{self.level}"
        self.focus.set([b for _, row in self.rows for b in row]
                       + [self.back_button, self.start_button])

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
        draw_text(surface, t(f"game.{self.game}"), int(u * 1.8),
                  (self.box.centerx, self.box.top + u), colour("accent"), anchor="midtop",
                  bold=True)
        draw_text(surface, t("setup.title"), u, (self.box.centerx, self.box.top + int(u * 3)),
                  colour("text_muted"), anchor="midtop")
        for label, buttons in self.rows:
            top = buttons[0].rect.top
            draw_text(surface, t(label), u, (self.box.left + u, top - int(u * 1.5)),
                      colour("text_muted"))
        self.focus.draw(surface, u)
