"""The players' clocks in the side panel: one box a side, in the order the
sides move, with the side's name above its time (on a short panel, beside
it); the running clock's box is filled in the accent colour, and a clock
under ten seconds shows tenths.
It draws what `Play.clocks` holds (game/ui/clocks.py)."""

from __future__ import annotations

import pygame

from ..clocks import clock_text
from ..i18n import side_name
from ..play import Play
from ..theme import colour, font, text_size
from ..widgets import draw_text, shortened

LOW_SECONDS = 10  # under this a clock shows tenths, and its time turns red when not running


class ClockView:
    def __init__(self, play: Play) -> None:
        self.play = play
        self.boxes: dict[str, pygame.Rect] = {}  # each side's box, as last drawn

    @property
    def shown(self) -> bool:
        return self.play.clocks is not None

    def looks(self) -> tuple:
        """What the boxes show: the board draws again when it changes."""
        clocks = self.play.clocks
        if clocks is None:
            return ()
        return (self.play.clock_running(),
                *(clock_text(clocks.remaining(side)) for side in clocks.sides))

    def height(self, unit: int, one_line: bool = False) -> int:
        """The room the boxes take (none in a game without clocks); `one_line`:
        the name beside the time, for a short panel."""
        if not self.shown:
            return 0
        if one_line:
            return font(text_size(unit * 1.1), True).get_linesize() + unit // 3
        return font(text_size(unit * 0.8)).get_linesize() + \
            font(int(unit * 1.4), True).get_linesize() + unit // 2

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, unit: int,
             one_line: bool = False) -> int:
        """Draw the two boxes across the top of `rect`; returns their bottom."""
        clocks = self.play.clocks
        self.boxes = {}
        if clocks is None:
            return rect.top
        gap = unit // 2
        width = (rect.width - gap) // 2
        height = self.height(unit, one_line)
        running = self.play.clock_running()
        for index, side in enumerate(clocks.sides):
            box = pygame.Rect(rect.left + index * (width + gap), rect.top, width, height)
            self._draw_box(surface, box, side, clocks.remaining(side), side == running, unit,
                           one_line)
            self.boxes[side] = box
        return rect.top + height

    @staticmethod
    def _draw_box(surface: pygame.Surface, box: pygame.Rect, side: str, seconds: float,
                  running: bool, unit: int, one_line: bool) -> None:
        radius = max(2, unit // 3)
        if running:
            pygame.draw.rect(surface, colour("accent"), box, border_radius=radius)
        else:
            pygame.draw.rect(surface, colour("panel_edge"), box, width=max(1, unit // 8),
                             border_radius=radius)
        pad = unit // 3
        room = box.width - 2 * pad
        name_colour = colour("text_dark") if running else colour("text_muted")
        time_colour = colour("text_dark") if running else \
            colour("danger") if seconds < LOW_SECONDS else colour("text")
        if one_line:  # the time at the right, the name in the room it leaves
            size = text_size(unit * 1.1)
            time = draw_text(surface, clock_text(seconds), size, (box.right - pad, box.centery),
                             time_colour, anchor="midright", bold=True)
            name_size = text_size(unit * 0.8)
            name = shortened(side_name(side), name_size, time.left - box.left - 2 * pad)
            draw_text(surface, name, name_size, (box.left + pad, box.centery), name_colour,
                      anchor="midleft")
            return
        name = draw_text(surface, side_name(side), text_size(unit * 0.8),
                         (box.left + pad, box.top + unit // 4), name_colour, max_width=room)
        draw_text(surface, clock_text(seconds), int(unit * 1.4), (box.left + pad, name.bottom),
                  time_colour, bold=True, max_width=room)
