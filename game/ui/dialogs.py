"""Small overlay dialogs: loading a position code."""

from __future__ import annotations

import pygame

from ..platform import clipboard
from ..rules import from_code
from ..rules.base import RulesError
from .i18n import t
from .scene import Pop, Scene, Transition
from .theme import colour, unit_for
from .widgets import Button, Focus, draw_panel, draw_text, row_buttons, veil

MAX_CODE_LENGTH = 400


class CodeDialog(Scene):
    """Type or paste a position code; Load pops it to the board, which restarts from it."""

    def __init__(self, ctx, current: str = "") -> None:
        super().__init__(ctx)
        self.overlay = True
        self.text = current
        self.error = ""
        self.box = pygame.Rect(0, 0, 0, 0)
        self.field = pygame.Rect(0, 0, 0, 0)
        self.unit = 16
        self.focus = Focus()
        self.buttons = [Button("dialog.paste", self.paste, name="paste"),
                        Button("dialog.clear", self.clear, name="clear"),
                        Button("dialog.load", self.submit, name="submit"),
                        Button("dialog.cancel", lambda: Pop(), name="cancel")]

    def enter(self) -> None:
        pygame.key.start_text_input()

    def leave(self) -> None:
        pygame.key.stop_text_input()

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        w, h = size
        self.unit = u = unit_for(size, high=20, divisor=32)
        self.box = pygame.Rect(0, 0, min(w - 2 * u, 40 * u), 12 * u)
        self.box.center = (w // 2, h // 2)
        self.field = pygame.Rect(self.box.left + u, self.box.top + 3 * u,
                                 self.box.width - 2 * u, int(2.2 * u))
        area = pygame.Rect(self.box.left + u, self.box.bottom - 3 * u, self.box.width - 2 * u,
                           int(2.2 * u))
        row_buttons(self.buttons, area, u // 2)
        self.focus.set(self.buttons)

    def paste(self) -> None:
        """The clipboard's text; in the browser, also a text prompt to type a code in."""
        def take(text: str | None) -> None:
            if text is not None:  # None: the player cancelled the browser's prompt
                self.text, self.error = text.strip()[:MAX_CODE_LENGTH], ""

        clipboard.paste(take, prompt=t("dialog.code_help"), current=self.text)

    def clear(self) -> None:
        self.text, self.error = "", ""

    def submit(self) -> Transition | None:
        try:
            position = from_code(self.text)
        except RulesError as error:
            self.error = str(error)
            self.ctx.sounds.play("illegal")
            return None
        return Pop(position.code())

    def handle(self, event: pygame.event.Event) -> Transition | None:
        used, result = self.focus.handle(event)
        if used:
            return result
        if event.type == pygame.TEXTINPUT:
            self.text = (self.text + getattr(event, "text", ""))[:MAX_CODE_LENGTH]
            self.error = ""
        elif event.type == pygame.KEYDOWN:
            return self._key(event)
        return None

    def _key(self, event: pygame.event.Event) -> Transition | None:
        if event.key == pygame.K_ESCAPE:
            return Pop()
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return self.submit()
        if event.key == pygame.K_BACKSPACE:
            self.text = self.text[:-1]
        elif event.key == pygame.K_v and getattr(event, "mod", 0) & pygame.KMOD_CTRL:
            self.paste()
        return None

    def draw(self, surface: pygame.Surface) -> None:
        veil(surface)
        u = self.unit
        draw_panel(surface, self.box, radius=12)
        draw_text(surface, t("dialog.code_title"), int(u * 1.2),
                  (self.box.left + u, self.box.top + u), colour("accent"), bold=True,
                  max_width=self.box.width - 2 * u)
        pygame.draw.rect(surface, colour("background"), self.field, border_radius=6)
        pygame.draw.rect(surface, colour("focus"), self.field, 1, border_radius=6)
        shown = self.text
        size = int(u * 0.9)
        from .theme import font
        while shown and font(size).size(shown + "|")[0] > self.field.width - u:
            shown = shown[1:]  # show the end being typed
        draw_text(surface, shown + "|", size, (self.field.left + u // 2, self.field.centery),
                  anchor="midleft")
        message = self.error or t("dialog.code_help")
        draw_text(surface, message, int(u * 0.85),
                  (self.box.left + u, self.field.bottom + u // 2),
                  colour("danger") if self.error else colour("text_muted"),
                  max_width=self.box.width - 2 * u)
        self.focus.draw(surface, u)
