"""The Druid's summary of a finished game on the result panel: a small table
with a row per side, its accuracy and how many of its moves bear each mark
(`summarise` in game/ai/analysis.py, the same as `python -m game analyse`
prints).  The analysis starts by itself once the game is over and runs in
the background; until it has every verdict the table's room shows its
progress, or that it was stopped, so the panel never changes size.
"""

from __future__ import annotations

import pygame

from ...ai.analysis import MARKS, SideSummary
from ..analysis_view import mark_colour
from ..i18n import side_name, t
from ..play import Play
from ..theme import colour, font, text_size
from ..widgets import draw_text

ROWS = 3  # the heading, and a row per side
ACCURACY_GAP = 1.0  # units between the table's columns
MARK_GAP = 0.8  # units between the mark columns


class SummaryTable:
    def __init__(self, play: Play) -> None:
        self.play = play

    @property
    def wanted(self) -> bool:
        """A game with moves has an analysis to sum up."""
        return self.play.game.ply > 0

    def height(self, unit: int) -> int:
        return self._line(text_size(unit)) * ROWS if self.wanted else 0

    @staticmethod
    def _line(size: int) -> int:
        return font(size).get_linesize()

    def summary(self) -> list[SideSummary] | None:
        return self.play.analysis.summary(self.play.game)

    # --- drawing -------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, area: pygame.Rect, unit: int) -> None:
        if not self.wanted:
            return
        found = self.summary()
        if found is None:
            self._draw_waiting(surface, area, unit)
        else:
            self._draw_table(surface, area, unit, found)

    def _draw_waiting(self, surface: pygame.Surface, area: pygame.Rect, unit: int) -> None:
        """The analysis's progress while it runs (or that it stopped), with a bar."""
        run = self.play.analysis
        done, total = run.progress
        size = text_size(unit)
        key = "analysis.running" if run.running or run.analysis is None else "analysis.stopped"
        text = t(key, done=done, total=total or self.play.game.ply)
        line = self._line(size)
        draw_text(surface, text, size, (area.centerx, area.top + line // 2), colour("text_muted"),
                  anchor="center", max_width=area.width)
        bar = pygame.Rect(0, 0, area.width * 2 // 3, max(3, unit * 2 // 5))
        bar.center = (area.centerx, area.top + line * 3 // 2)
        pygame.draw.rect(surface, colour("button"), bar, border_radius=bar.height // 2)
        if total:
            filled = bar.copy()
            filled.width = max(bar.height, bar.width * done // total)
            pygame.draw.rect(surface, colour("accent"), filled, border_radius=bar.height // 2)

    def _draw_table(self, surface: pygame.Surface, area: pygame.Rect, unit: int,
                    found: list[SideSummary]) -> None:
        """Heading, then a row per side: its name, its accuracy, its marks' counts."""
        rows = [[t("summary.title"), t("summary.accuracy"), *MARKS[1:]]]
        for side in found:
            accuracy = "–" if side.accuracy is None else f"{side.accuracy}%"
            rows.append([side_name(side.side), accuracy, *map(str, side.counts.values())])
        size, widths, gaps = self._fit(rows, area.width, unit)
        line = self._line(size)
        left = area.left + (area.width - sum(widths) - sum(gaps)) // 2
        for r, row in enumerate(rows):
            y = area.top + r * line
            x = left
            for c, text in enumerate(row):
                x += gaps[c - 1] if c else 0
                heading = r == 0
                fill = mark_colour(MARKS[c - 1]) if c >= 2 else \
                    colour("text_muted") if heading else colour("text")
                bold = (c >= 2 and heading) or (c == 1 and not heading)
                if c == 0:
                    draw_text(surface, text, size, (x, y), fill, bold=bold, max_width=widths[0])
                else:  # numbers stand right-aligned under their heading
                    draw_text(surface, text, size, (x + widths[c], y), fill, anchor="topright",
                              bold=bold)
                x += widths[c]

    @staticmethod
    def _fit(rows: list[list[str]], room: int, unit: int
             ) -> tuple[int, list[int], list[int]]:
        """The text size at which the table fits `room` (never under the least
        readable), each column's width and the gaps between them."""
        size = text_size(unit)
        least = min(size, text_size(0))
        gaps = [int(unit * ACCURACY_GAP), int(unit * ACCURACY_GAP),
                int(unit * MARK_GAP), int(unit * MARK_GAP)]
        while True:
            widths = [max(font(size, True).size(row[c])[0] for row in rows)
                      for c in range(len(rows[0]))]
            if sum(widths) + sum(gaps) <= room or size <= least:
                widths[0] = min(widths[0], room - sum(widths[1:]) - sum(gaps))
                return size, widths, gaps
            size -= 1
