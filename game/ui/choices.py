"""A panel of labelled rows of choice buttons: the base of the setup and
settings scenes."""

from __future__ import annotations

import math

import pygame

from .i18n import t
from .scene import Scene, Transition, handle_buttons
from .theme import colour, font, text_size, touch_height, unit_for
from .widgets import Button, Focus, draw_panel, draw_text, label_fits, row_buttons, wrap


class ChoiceScene(Scene):
    """Subclasses give `title`, `rows()`, `footer` and `is_selected()`."""

    subtitle_key = ""

    def __init__(self, ctx) -> None:
        super().__init__(ctx)
        self.focus = Focus(spatial=True)
        self.unit = 16
        self.box = pygame.Rect(0, 0, 0, 0)
        self.shown_rows: list[tuple[str, list[Button]]] = []
        self.footer: list[Button] = []
        self._header_cache: tuple[tuple[str, int, int], list[str]] | None = None
        # The smallest windows: no subtitle, header or notes, rows closer together.
        self.compact = False

    def title(self) -> str:
        raise NotImplementedError

    def rows(self) -> list[tuple[str, list[Button]]]:
        """The (label key, buttons) rows to show now."""
        raise NotImplementedError

    def row_label(self, label: str) -> str:
        """The words above a row (its label is a catalogue key)."""
        return t(label)

    def is_selected(self, button: Button) -> bool:
        raise NotImplementedError

    def all_buttons(self) -> list[Button]:
        return []

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        w, h = size
        if not w:
            return
        self.unit = u = unit_for(size, high=30, divisor=36)  # 22 at 1280×800, 30 at 1920×1080
        self.shown_rows = self.rows()
        self.compact = False
        for button in self.all_buttons():
            button.rect = pygame.Rect(0, 0, 0, 0)
        height = touch_height(u * 2.3)
        width = min(w - 2 * u, 36 * u)
        columns = [self.shown_rows]
        needed = self._needed(columns[0], width - 2 * u)
        if needed > h - 2 * u and w >= h * 1.2 and len(self.shown_rows) > 1:
            # A short, wide window (a phone held sideways): the rows in two columns.
            width = min(w - 2 * u, 72 * u)
            half = (len(self.shown_rows) + 1) // 2
            columns = [self.shown_rows[:half], self.shown_rows[half:]]
            needed = max(self._needed(c, (width - 3 * u) // 2) for c in columns)
        if needed > h - 2 * u:
            self.compact = True
            needed = max(self._needed(c, (width - (len(columns) + 1) * u) // len(columns))
                         for c in columns)
        self.box = pygame.Rect(0, 0, width, min(h - 2 * u, max(32 * u, needed)))
        self.box.center = (w // 2, h // 2)
        column_width = (width - (len(columns) + 1) * u) // len(columns)
        for i, rows in enumerate(columns):
            self._lay_rows(rows, self.box.left + u + i * (column_width + u), column_width)
        bottom = self.box.bottom - u
        for row in reversed(self._footer_rows(self.box.width - 2 * u)):
            row_buttons(row, pygame.Rect(self.box.left + u, bottom - height,
                                         self.box.width - 2 * u, height), u)
            bottom -= height + u // 2
        for _, buttons in self.shown_rows:
            for button in buttons:
                button.selected = self.is_selected(button)
        self.focus.set([b for _, row in self.shown_rows for b in row] + self.footer)

    def _label_room(self) -> int:
        return max(int(self.unit * 1.6), font(text_size(self.unit)).get_linesize() +
                   self.unit // 3)

    def _needed(self, rows: list[tuple[str, list[Button]]], width: int) -> int:
        """The box height these rows (in one column `width` wide) need."""
        u = self.unit
        height, gap = touch_height(u * 2.3), u // 2
        total = sum(self._label_room() + len(parts) * (height + gap) - gap + self._row_gap()
                    for parts in (self._split(buttons, width) for _, buttons in rows))
        footer_rows = len(self._footer_rows(width))
        return (self._rows_top() + self._header_room(width + 2 * u) + total
                + self._extra(width + 2 * u) + footer_rows * (height + u // 2) - u // 2
                + 2 * u)

    def _footer_rows(self, width: int) -> list[list[Button]]:
        """The footer's buttons in one row, or (on a narrow phone, where their
        labels would not fit) the last, Done, on a row of its own."""
        if len(self.footer) < 3:
            return [self.footer]
        share = (width - (len(self.footer) - 1) * self.unit) // len(self.footer)
        if all(self._label_fits(b, share) for b in self.footer):
            return [self.footer]
        return [self.footer[:-1], self.footer[-1:]]

    def _rows_top(self) -> int:
        """From the box's top to the header note (or the first row): the title
        and the subtitle."""
        return int(self.unit * (3 if self.compact else 4.5))

    def _row_gap(self) -> int:
        return int(self.unit * (0.8 if self.compact else 1.4))

    def _extra(self, width: int) -> int:
        return 0 if self.compact else self.extra_room(width)

    def _lay_rows(self, rows: list[tuple[str, list[Button]]], left: int, width: int) -> None:
        u = self.unit
        height, gap = touch_height(u * 2.3), u // 2
        y = self.box.top + self._rows_top() + self._header_room(self.box.width)
        for _, buttons in rows:
            y += self._label_room()
            for part in self._split(buttons, width):
                row_buttons(part, pygame.Rect(left, y, width, height), gap)
                y += height + gap
            y += self._row_gap() - gap

    def extra_room(self, width: int) -> int:
        """Height a subclass draws below the rows (the setup's level note)."""
        return 0

    def header_note(self) -> str:
        """A short text a subclass shows under the subtitle, above the rows."""
        return ""

    def _header_lines(self, width: int) -> list[str]:
        """The header note's lines, wrapped again only when the note, the size or
        the width changes (not on every frame)."""
        note = "" if self.compact else self.header_note()
        key = (note, text_size(self.unit * 0.9), width - 2 * self.unit)
        if self._header_cache is None or self._header_cache[0] != key:
            self._header_cache = (key, wrap(note, key[1], key[2]) if note else [])
        return self._header_cache[1]

    def _header_step(self) -> int:
        return font(text_size(self.unit * 0.9)).get_linesize() + self.unit // 5

    def _header_room(self, width: int) -> int:
        lines = self._header_lines(width)
        return len(lines) * self._header_step() + self.unit // 2 if lines else 0

    def _split(self, buttons: list[Button], width: int) -> list[list[Button]]:
        """A row's buttons on one line, or on as few as their labels need to fit
        at a readable size (on a phone: four speeds on two lines, the three
        modes one under another)."""
        first = 2 if len(buttons) > 3 and width // len(buttons) < 7 * self.unit else 1
        for count in range(first, len(buttons) + 1):
            per_line = math.ceil(len(buttons) / count)
            if all(self._label_fits(b, (width - (per_line - 1) * (self.unit // 2)) // per_line)
                   for b in buttons):
                break
        return [buttons[i:i + per_line] for i in range(0, len(buttons), per_line)]

    def _label_fits(self, button: Button, width: int) -> bool:
        return label_fits(button.text, self.unit,
                          pygame.Rect(0, 0, width, touch_height(self.unit * 2.3)))

    def refresh(self) -> None:
        """Lay out again after a choice (rows may appear or disappear)."""
        self.resize(self.size)

    def handle(self, event: pygame.event.Event) -> Transition | None:
        return handle_buttons(self.focus, event)

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(colour("background"))
        u = self.unit
        draw_panel(surface, self.box, radius=14)
        draw_text(surface, self.title(), int(u * 1.8), (self.box.centerx, self.box.top + u),
                  colour("accent"), anchor="midtop", bold=True, max_width=self.box.width - 2 * u)
        if self.subtitle_key and not self.compact:
            draw_text(surface, t(self.subtitle_key), text_size(u),
                      (self.box.centerx, self.box.top + int(u * 3.2)), colour("text_muted"),
                      anchor="midtop", max_width=self.box.width - 2 * u)
        y = self.box.top + self._rows_top()
        for line in self._header_lines(self.box.width):
            draw_text(surface, line, text_size(u * 0.9), (self.box.centerx, y),
                      colour("text_muted"), anchor="midtop")
            y += self._header_step()
        for label, buttons in self.shown_rows:
            size = text_size(u)
            top = buttons[0].rect.top - font(size).get_linesize() - u // 4
            row = buttons[0].rect.unionall([b.rect for b in buttons])
            draw_text(surface, self.row_label(label), size, (row.left, top), colour("text_muted"),
                      max_width=row.width)
        self.focus.draw(surface, u)
