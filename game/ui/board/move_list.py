"""The board's move list: numbered lines of moves with their capture notes
(and a one-line key to them where they are numbers, at the list's foot), the
move shown in replay picked out, scrolled by wheel or finger, and a move
picked by click or tap.

It draws what it is given and remembers where each move was drawn; the board
scene decides what a pick means.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from ..analysis_view import mark_colour
from ..play import PLIES_PER_LINE
from ..theme import colour, font, text_size
from ..widgets import draw_panel, draw_text, wrap
from .games import MoveNote

QUIET_NOTE_SCALE = 0.8  # a quiet note (Reversi's flips) is this much smaller, never unreadable
NUMBER_GAP = 0.35  # units between a line's number and its first move
MOVE_GAP = 0.7  # units between the two moves of a line


@dataclass(frozen=True)
class Entry:
    """One ply as the list writes it: its notation and what it did."""

    text: str
    note: MoveNote | None = None
    mark: str = ""  # the Druid's analysis: "?!", "?" or "??" after the move (else "")


class MoveList:
    """Lines of PLIES_PER_LINE plies, in columns when there is room, scrolled so
    the latest moves show unless a move is picked out or the player scrolled."""

    def __init__(self) -> None:
        self.first_line = 0  # the first line on show
        self.follow = True  # keep the latest moves in sight (until the player scrolls)
        self.rows = 1  # lines per column, as last drawn
        self.columns = 1
        self.line_height = 16
        self.area = pygame.Rect(0, 0, 0, 0)
        self.key_rect = pygame.Rect(0, 0, 0, 0)  # the notes' key, as last drawn
        self.hits: list[tuple[int, pygame.Rect]] = []  # (ply, where it can be picked)
        self._lines = 0
        self._revealed: tuple[int | None, int] = (None, 0)  # (picked ply, capacity) in sight
        self.press: tuple[int, int, int] | None = None  # (x, y, lines scrolled) of a press

    # --- scrolling --------------------------------------------------------------------

    @property
    def capacity(self) -> int:
        return self.rows * self.columns

    def scroll(self, lines: int) -> bool:
        """Scroll by `lines` (negative: towards the first move); whether it moved."""
        top = max(0, min(self.first_line + lines, self._lines - self.capacity))
        moved = top != self.first_line
        self.first_line = top
        self.follow = self.first_line >= self._lines - self.capacity
        return moved

    def _place_window(self, lines: int, picked: int | None) -> None:
        """Where the window stands: the latest lines while following, else where
        the player scrolled it; a newly picked ply is brought into sight, and
        kept there when the list's room changes (the analysis opens under it)."""
        if lines != self._lines and picked is None:
            self.follow = True  # a move was played (or taken back): show the latest
        self._lines = lines
        if self.follow:
            self.first_line = max(0, lines - self.capacity)
        if picked is not None and (picked, self.capacity) != self._revealed:
            line = max(0, picked - 1) // PLIES_PER_LINE  # the start shows the first line
            if line < self.first_line:
                self.first_line = line
            elif line >= self.first_line + self.capacity:
                self.first_line = line - self.capacity + 1
            self.follow = self.first_line >= lines - self.capacity
        self._revealed = (picked, self.capacity)
        self.first_line = max(0, min(self.first_line, lines - self.capacity))

    # --- picking ----------------------------------------------------------------------

    def gesture(self, event: pygame.event.Event) -> tuple[bool, int | None]:
        """A press in the list: a tap or click on a move picks it, a drag scrolls
        the list (a finger's way).  (Whether the event was the list's, the ply
        picked.)"""
        if self.pressed_in(event):
            self.press = (*event.pos, 0)
            return True, None
        if self.press is None:
            return False, None
        x, y, scrolled = self.press
        if event.type == pygame.MOUSEMOTION:
            lines = int((y - event.pos[1]) / max(1, self.line_height))
            if lines != scrolled:
                self.scroll(lines - scrolled)
                self.press = (x, y, lines)
        elif event.type == pygame.MOUSEBUTTONUP and getattr(event, "button", 1) == 1:
            self.press = None
            return True, self.ply_at(event.pos) if scrolled == 0 else None
        return True, None

    def pressed_in(self, event: pygame.event.Event) -> bool:
        return event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1 and \
            self.area.collidepoint(event.pos)

    def ply_at(self, pos: tuple[int, int]) -> int | None:
        """The ply whose place in the list holds `pos` (None: none there)."""
        for ply, rect in self.hits:
            if rect.collidepoint(pos):
                return ply
        return None

    def rect_of(self, ply: int) -> pygame.Rect | None:
        """Where `ply` was last drawn (None: not in sight)."""
        return next((rect for shown, rect in self.hits if shown == ply), None)

    # --- drawing ----------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, area: pygame.Rect, entries: list[Entry],
             picked: int | None, unit: int, empty_text: str, key: str | None = None) -> None:
        """The list in `area`; `picked` is the ply shown in replay (None: the game);
        `key` is a line at its foot that says what the notes mean."""
        self.area, self.hits = area, []
        draw_panel(surface, area, radius=6)
        size = self.text_size(unit)
        self.line_height = max(int(unit * 1.35), font(size).get_linesize() + 2)
        self.rows = max(1, (area.height - unit) // self.line_height)
        self.key_rect = pygame.Rect(0, 0, 0, 0)
        if key:
            self.rows = self._draw_key(surface, area, key, unit)
        lines = -(-len(entries) // PLIES_PER_LINE)
        # Two columns where the panel is wide, unless their lines would not fit
        # even at the least size (long notes, a pass in Irish).
        for self.columns in ((2, 1) if area.width > 18 * unit else (1,)):
            self._place_window(lines, picked)
            column_width = area.width // self.columns
            shown = range(self.first_line, min(lines, self.first_line + self.capacity))
            size, stops = self._stops(shown, entries, column_width, unit, self.text_size(unit))
            if stops[-1] + self._widest_last(shown, entries, size, unit) <= \
                    column_width - unit // 2:
                break
        for k, line in enumerate(shown):
            column, row = divmod(k, self.rows)
            rect = pygame.Rect(area.left + column * column_width,
                               area.top + unit // 2 + row * self.line_height, column_width,
                               self.line_height)
            self._draw_line(surface, line, entries, picked, rect, unit, size, stops)
        if not entries:
            draw_text(surface, empty_text, size, (area.left + unit // 2, area.top + unit // 2),
                      colour("text_muted"), max_width=area.width - unit)
        self._draw_scroll_marks(surface, lines, unit)

    @staticmethod
    def text_size(unit: int) -> int:
        return text_size(unit * 0.9)

    def key_size(self, unit: int) -> int:
        """The key's text size: small, a quiet note."""
        return max(min(self.text_size(unit), text_size(0)),
                   int(self.text_size(unit) * QUIET_NOTE_SCALE))

    def key_height(self, key: str | None, width: int, unit: int) -> int:
        """The height the key takes at the foot of a list `width` wide."""
        if not key:
            return 0
        size = self.key_size(unit)
        return font(size).get_linesize() * len(wrap(key, size, width - unit))

    def _draw_key(self, surface: pygame.Surface, area: pygame.Rect, key: str,
                  unit: int) -> int:
        """The key at the list's foot (in its bottom margin, and a line's room
        more), small and dim like a quiet note, where it costs at most one line of
        moves and leaves one; the lines of moves left."""
        size = self.key_size(unit)
        lines = wrap(key, size, area.width - unit)  # two where a long key meets a narrow list
        height = font(size).get_linesize() * len(lines)
        rows = (area.height - unit // 2 - unit // 4 - height) // self.line_height
        if rows < max(1, self.rows - len(lines)):
            return self.rows
        top = area.bottom - unit // 4 - height
        self.key_rect = pygame.Rect(area.left + unit // 2, top, 0, 0)
        for line in lines:
            drawn = draw_text(surface, line, size, (area.left + unit // 2, top),
                              colour("text_muted"), max_width=area.width - unit)
            self.key_rect.union_ip(drawn)
            top = drawn.bottom
        return rows

    def _stops(self, lines: range, entries: list[Entry], width: int, unit: int,
               size: int) -> tuple[int, tuple[int, ...]]:
        """The size the lines on show share, and where (from a column's left edge)
        the numbers end and each ply begins: the moves stand in columns of their
        own.  Smaller until the widest line fits, never under the least readable."""
        least = min(size, text_size(0))
        while True:
            chosen = font(size)
            number = max((chosen.size(f"{line + 1}.")[0] for line in lines), default=0)
            x = unit // 2 + number
            stops = [x]
            for i in range(PLIES_PER_LINE):
                x += int(unit * (NUMBER_GAP if i == 0 else MOVE_GAP))
                stops.append(x)
                x += max((self._entry_width(entries[ply], size, unit) for line in lines
                          if (ply := line * PLIES_PER_LINE + i) < len(entries)), default=0)
            if x <= width - unit // 2 or size <= least:
                return size, tuple(stops)
            size -= 1

    def _draw_line(self, surface: pygame.Surface, line: int, entries: list[Entry],
                   picked: int | None, rect: pygame.Rect, unit: int, size: int,
                   stops: tuple[int, ...]) -> None:
        """Line `line` (0-based) in `rect`: its number, then each ply and its note
        at its stop.  Each ply can be picked anywhere in its share of the line."""
        draw_text(surface, f"{line + 1}.", size, (rect.left + stops[0], rect.top),
                  colour("text_muted"), anchor="topright")
        first_ply = line * PLIES_PER_LINE + 1
        plies = [first_ply + i for i in range(PLIES_PER_LINE) if first_ply + i <= len(entries)]
        start = rect.left
        for i, ply in enumerate(plies):
            entry = entries[ply - 1]
            x = rect.left + stops[i + 1]
            end = x + self._entry_width(entry, size, unit)
            if ply == picked:
                mark = pygame.Rect(x - unit // 4, rect.top - 1, end - x + unit // 2,
                                   self.line_height)
                pygame.draw.rect(surface, colour("accent_dark"), mark, border_radius=4)
                pygame.draw.rect(surface, colour("accent"), mark, 1, border_radius=4)
            self._draw_entry(surface, entry, (x, rect.top), size, unit)
            following = i + 2 < len(stops) and i + 1 < len(plies)
            right = (end + rect.left + stops[i + 2]) // 2 if following else rect.right
            self.hits.append((ply, pygame.Rect(start, rect.top, right - start, self.line_height)))
            start = right

    def _widest_last(self, lines: range, entries: list[Entry], size: int, unit: int) -> int:
        """The widest ply in the last column of moves among `lines`."""
        last = PLIES_PER_LINE - 1
        return max((self._entry_width(entries[ply], size, unit) for line in lines
                    if (ply := line * PLIES_PER_LINE + last) < len(entries)), default=0)

    def _note_size(self, note: MoveNote, size: int) -> int:
        return max(min(size, text_size(0)), int(size * QUIET_NOTE_SCALE)) if note.quiet else size

    def _entry_width(self, entry: Entry, size: int, unit: int) -> int:
        width = font(size).size(entry.text)[0]
        if entry.note is not None:
            width += font(self._note_size(entry.note, size)).size(entry.note.text)[0]
            width += 1 if entry.note.quiet else 0
        if entry.mark:
            width += font(size, True).size(entry.mark)[0]
        return width

    def _draw_entry(self, surface: pygame.Surface, entry: Entry, pos: tuple[int, int],
                    size: int, unit: int) -> None:
        text = draw_text(surface, entry.text, size, pos, colour("text"))
        note = entry.note
        right = text.right
        if note is not None and note.quiet:  # dimmer, smaller, set on the same baseline
            small = self._note_size(note, size)
            drop = font(size).get_ascent() - font(small).get_ascent()
            right = draw_text(surface, note.text, small, (text.right + 1, pos[1] + drop),
                              colour("text_muted")).right
        elif note is not None:
            right = draw_text(surface, note.text, size, (text.right, pos[1]),
                              colour("accent")).right
        if entry.mark:
            draw_text(surface, entry.mark, size, (right, pos[1]), mark_colour(entry.mark),
                      bold=True)

    def _draw_scroll_marks(self, surface: pygame.Surface, lines: int, unit: int) -> None:
        """Small triangles in the list's top and bottom margins when moves lie
        beyond them (in the margin, clear of the moves)."""
        half = max(2, unit // 4)
        x = self.area.right - unit
        if self.first_line > 0:
            y = self.area.top + half + 1
            pygame.draw.polygon(surface, colour("text_muted"),
                                [(x - half, y + half // 2), (x + half, y + half // 2),
                                 (x, y - half // 2)])
        if self.first_line + self.capacity < lines:
            y = self.area.bottom - half - 1
            pygame.draw.polygon(surface, colour("text_muted"),
                                [(x - half, y - half // 2), (x + half, y - half // 2),
                                 (x, y + half // 2)])
