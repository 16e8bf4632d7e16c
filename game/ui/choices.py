"""A panel of labelled rows of choice buttons: the base of the setup and
settings scenes."""

from __future__ import annotations

import pygame

from .i18n import t
from .scene import Pop, Scene, Transition
from .theme import colour, unit_for
from .widgets import Button, Focus, draw_panel, draw_text, row_buttons


class ChoiceScene(Scene):
    """Subclasses give `title`, `rows()`, `footer` and `is_selected()`."""

    subtitle_key = ""

    def __init__(self, ctx) -> None:
        super().__init__(ctx)
        self.focus = Focus()
        self.unit = 16
        self.box = pygame.Rect(0, 0, 0, 0)
        self.shown_rows: list[tuple[str, list[Button]]] = []
        self.footer: list[Button] = []

    def title(self) -> str:
        raise NotImplementedError

    def rows(self) -> list[tuple[str, list[Button]]]:
        """The (label key, buttons) rows to show now."""
        raise NotImplementedError

    def is_selected(self, button: Button) -> bool:
        raise NotImplementedError

    def all_buttons(self) -> list[Button]:
        return []

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        w, h = size
        if not w:
            return
        self.unit = u = unit_for(size)
        self.box = pygame.Rect(0, 0, min(w - 2 * u, 36 * u), min(h - 2 * u, 32 * u))
        self.box.center = (w // 2, h // 2)
        self.shown_rows = self.rows()
        for button in self.all_buttons():
            button.rect = pygame.Rect(0, 0, 0, 0)
        y = self.box.top + int(u * 4.5)
        height = int(u * 2.3)
        for _, buttons in self.shown_rows:
            row_buttons(buttons, pygame.Rect(self.box.left + u, y + int(u * 1.6),
                                             self.box.width - 2 * u, height), u // 2)
            y += height + int(u * 3)
        row_buttons(self.footer, pygame.Rect(self.box.left + u, self.box.bottom - height - u,
                                             self.box.width - 2 * u, height), u)
        for _, buttons in self.shown_rows:
            for button in buttons:
                button.selected = self.is_selected(button)
        self.focus.set([b for _, row in self.shown_rows for b in row] + self.footer)

    def refresh(self) -> None:
        """Lay out again after a choice (rows may appear or disappear)."""
        self.resize(self.size)

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
        draw_text(surface, self.title(), int(u * 1.8), (self.box.centerx, self.box.top + u),
                  colour("accent"), anchor="midtop", bold=True, max_width=self.box.width - 2 * u)
        if self.subtitle_key:
            draw_text(surface, t(self.subtitle_key), u,
                      (self.box.centerx, self.box.top + int(u * 3.2)), colour("text_muted"),
                      anchor="midtop", max_width=self.box.width - 2 * u)
        for label, buttons in self.shown_rows:
            draw_text(surface, t(label), u, (self.box.left + u, buttons[0].rect.top - int(u * 1.5)),
                      colour("text_muted"), max_width=self.box.width - 2 * u)
        self.focus.draw(surface, u)
