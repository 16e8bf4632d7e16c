"""The board's less used commands, over the board, when its panel is too short
for them all (a small phone): a column of the same buttons, in the same
order, greyed as they are on the board."""

from __future__ import annotations

import math

import pygame

from ..scene import Pop, Scene, Transition
from ..theme import touch_height, unit_for
from ..widgets import Button, Focus, draw_panel, stack_buttons, veil


class MoreChoice:
    """What MoreMenu pops: the name of the board button chosen."""

    def __init__(self, name: str) -> None:
        self.name = name


class MoreMenu(Scene):
    """The board's less used buttons, over the board, when its panel is too short
    for them all (a small phone): a column of the same buttons above More.
    Choosing one pops its name and the board presses it; Esc, Close or a tap
    outside pops nothing."""

    def __init__(self, ctx, hidden: list[Button], anchor: pygame.Rect) -> None:
        super().__init__(ctx)
        self.overlay = True
        self.anchor = anchor  # the More button: the column stands above it
        self.unit = 16
        self.box = pygame.Rect(0, 0, 0, 0)
        self.pressed_outside = False
        self.focus = Focus(spatial=True)
        self.buttons = [Button(b.label, self._choose(b.name), enabled=b.enabled, name=b.name)
                        for b in hidden]
        self.buttons.append(Button("board.more_close", self.close, name="more-close"))

    def _choose(self, name: str):
        def choose() -> Transition:
            return Pop(MoreChoice(name))
        return choose

    def close(self) -> Transition:
        return Pop()

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        w, h = size
        self.unit = u = unit_for(size, high=32, divisor=36)
        height, gap = touch_height(u * 2.2), u // 2
        column = min(w - 2 * u, max(14 * u, self.anchor.width * 2))
        below = self.anchor.top - gap if self.anchor.height else h - u
        # One column above More; two when the window is too short for one.
        columns = 1 if len(self.buttons) * (height + gap) - gap + 3 * u <= below else 2
        per_column = math.ceil(len(self.buttons) / columns)
        width = min(w - 2 * u, columns * column + (columns - 1) * gap)
        box_height = per_column * (height + gap) - gap + 2 * u
        self.box = pygame.Rect(0, 0, width, box_height)
        self.box.right = min(w - u, max(self.anchor.right, width + u))
        self.box.bottom = below
        self.box.top = max(u, self.box.top)
        column = (width - 2 * u - (columns - 1) * gap) // columns
        for i in range(columns):
            area = pygame.Rect(self.box.left + u + i * (column + gap), self.box.top + u, column,
                               box_height - 2 * u)
            stack_buttons(self.buttons[i * per_column:(i + 1) * per_column], area, height, gap)
        self.focus.set(self.buttons)

    def enter(self) -> None:
        # Opened by keyboard or finger, the first choice that applies has the focus.
        self.focus.index = next(i for i, b in enumerate(self.buttons) if b.enabled)

    def handle(self, event: pygame.event.Event) -> Transition | None:
        used, result = self.focus.handle(event)
        if used:
            return result
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
            return self.close()
        if getattr(event, "button", 0) == 1 and event.type == pygame.MOUSEBUTTONDOWN:
            self.pressed_outside = not self.box.collidepoint(event.pos)
        elif getattr(event, "button", 0) == 1 and event.type == pygame.MOUSEBUTTONUP:
            outside, self.pressed_outside = self.pressed_outside, False
            if outside and not self.box.collidepoint(event.pos):
                return self.close()
        return None

    def draw(self, surface: pygame.Surface) -> None:
        veil(surface)
        draw_panel(surface, self.box, radius=12)
        self.focus.draw(surface, self.unit)
