"""The Modiar board: two rows of three pits cut in wood, seen from South
(or, flipped, from North).

South's row is at the bottom, S1 to S3 from the left; North's row on top
reads N3 N2 N1 from the left, so sowing runs counter-clockwise on screen
(flipped, North's row is at the bottom, N1 to N3 from the left, and the
sowing still runs counter-clockwise).  Every pit shows its count beside it,
and in it its stones (the "stones" set) or its count in large figures (the
"numbers" set).
"""

from __future__ import annotations

import math

import pygame

from ...rules.modiar import PIT_NAMES, ModiarPosition
from ..theme import colour, font, piece_set
from .base import (
    MIN_FONT_PIXELS,
    BoardView,
    Marks,
    blit_label,
    circle_alpha,
    draw_annotations,
    draw_cursor,
    draw_hint_ring,
    draw_refusal,
    draw_taken,
)

# Screen column of each pit (0 = left) and whether it is on the top row.
PLACES = {0: (0, False), 1: (1, False), 2: (2, False), 3: (2, True), 4: (1, True), 5: (0, True)}

LABEL_GAP = 4  # the least room between two pits' labels, in pixels
LABEL_OFFSET = 6  # from the board's lower edge (and its shadow) to the labels under it
# The smallest label's height (the bundled font at MIN_FONT_PIXELS): layout
# needs no loaded font.
LEAST_LABEL_HEIGHT = 10


class ModiarView(BoardView):
    aspect = 0.9  # two rows of three pits, with a strip for the names above and below

    def __init__(self) -> None:
        super().__init__()
        self.pit = 1
        self.board = pygame.Rect(0, 0, 0, 0)

    def layout(self, area: pygame.Rect) -> None:
        # Three pits across, two down, with a strip above and below for labels
        # (never too thin for the smallest label: a small board's pits give way).
        least = LEAST_LABEL_HEIGHT + LABEL_OFFSET + 1
        self.pit = max(8, int(min(area.width / 3.4, area.height / 3.3)))
        if self.pit * 0.4 < least:
            self.pit = max(8, int(min(area.width / 3.4, (area.height - 2 * least) / 2.5)))
        strip = max(int(self.pit * 0.4), least)
        width, height = int(self.pit * 3.4), int(self.pit * 2.5) + 2 * strip
        box = pygame.Rect(0, 0, width, height)
        box.center = area.center
        super().layout(box)
        self.board = box.inflate(-self.pit * 0.1, -2 * strip)

    def place(self, index: int) -> tuple[int, bool]:
        """Pit `index`'s screen column (0 = left) and whether it is on the top row."""
        col, top = PLACES[index]
        return (2 - col, not top) if self.flipped else (col, top)

    def cell(self, index: int) -> pygame.Rect:
        col, top = self.place(index)
        x = self.board.left + self.pit * (0.15 + col * 1.05)
        y = self.board.top + (self.pit * 0.12 if top else self.board.height - self.pit * 1.12)
        return pygame.Rect(int(x), int(y), self.pit, self.pit)

    def target_at(self, pos: tuple[int, int]) -> int | None:
        for index in range(6):
            rect = self.cell(index)
            if math.dist(pos, rect.center) <= rect.width / 2:
                return index
        return None

    def draw_background(self, surface: pygame.Surface) -> None:
        offset = (-self.rect.left, -self.rect.top)
        board = self.board.move(offset)
        pygame.draw.rect(surface, colour("wood_dark"), board.move(0, 4),
                         border_radius=self.pit // 3)
        pygame.draw.rect(surface, colour("wood"), board, border_radius=self.pit // 3)
        for index in range(6):
            rect = self.cell(index).move(offset)
            pygame.draw.circle(surface, colour("pit_rim"), rect.center, rect.width * 0.47)
            pygame.draw.circle(surface, colour("pit"), rect.center, rect.width * 0.43)

    def draw_position(self, surface: pygame.Surface, position: ModiarPosition,
                      marks: Marks, counts: tuple[int, ...] | None = None) -> None:
        """Draw the pits; `counts` overrides the stones shown (during sowing)."""
        surface.blit(self.background(), self.rect)
        shown = counts if counts is not None else position.pits
        for index in range(6):
            rect = self.cell(index)
            if index in marks.last:  # a tint inside the pit, under the stones
                circle_alpha(surface, rect.center, rect.width * 0.43, colour("last_move_fill"))
            if index == marks.selected:
                pygame.draw.circle(surface, colour("hint"), rect.center, rect.width * 0.49,
                                   max(2, rect.width // 18))
            if index in marks.dots:  # playable: a bright ring on the rim
                pygame.draw.circle(surface, colour("playable"), rect.center, rect.width * 0.48,
                                   max(3, rect.width // 18))
            if index == marks.preview:  # the pit whose sowing is previewed: a gold rim
                pygame.draw.circle(surface, colour("selected")[:3], rect.center,
                                   rect.width * 0.48, max(4, rect.width // 12))
            if index in marks.hint:  # under the stones, so they stay easy to count
                draw_hint_ring(surface, rect, marks.pulse, radius=0.44)
            if index not in marks.hidden:
                self.draw_stones(surface, rect, shown[index])
        self._labels(surface, tuple(shown))
        draw_taken(surface, self, marks, round_cell=True)
        draw_refusal(surface, self, marks, round_cell=True)
        draw_cursor(surface, self, marks)
        draw_annotations(surface, self, marks)

    def draw_stones(self, surface: pygame.Surface, rect: pygame.Rect, count: int,
                    alpha: int = 255) -> None:
        if piece_set("modiar") == "numbers":
            self._draw_number(surface, rect, count, alpha)
            return
        radius = rect.width * 0.085
        # A sunflower spiral packs any number of pebbles evenly; crowded pits
        # pull their spiral in so every stone stays inside the pit.
        spacing = rect.width * min(0.11, 0.32 / math.sqrt(max(count - 1, 1)))
        for k in range(count):
            angle = k * 2.39996
            distance = spacing * math.sqrt(k)
            x = rect.centerx + distance * math.cos(angle)
            y = rect.centery + distance * math.sin(angle)
            self.draw_stone(surface, (x, y), radius, "stone" if k % 3 else "stone_shade", alpha)

    def draw_stone(self, surface: pygame.Surface, centre: tuple[float, float],
                   radius: float | None = None, shade: str = "stone", alpha: int = 255) -> None:
        """One stone with its shadow (in a pit, or in the hand on its way)."""
        radius = self.pit * 0.085 if radius is None else radius
        circle_alpha(surface, (centre[0] + 1, centre[1] + 2), radius, (0, 0, 0, min(alpha, 90)))
        circle_alpha(surface, centre, radius, (*colour(shade)[:3], alpha))

    def draw_hand(self, surface: pygame.Surface, centre: tuple[float, float],
                  count: int) -> None:
        """The stones still to sow, travelling together: the first of them on
        its way to its pit, the rest close behind (their number beside them)."""
        radius = self.pit * 0.085
        for k in range(min(count, 6) - 1, -1, -1):  # the first drawn last, on top
            self.draw_stone(surface, (centre[0] - k * radius * 0.9, centre[1] - k * radius * 0.5),
                            radius, "stone" if k % 2 == 0 else "stone_shade")
        if count > 1:
            text = font(max(9, int(self.pit * 0.16)), bold=True).render(str(count), True,
                                                                        colour("text"))
            place = text.get_rect(midleft=(centre[0] + radius * 1.8, centre[1]))
            pygame.draw.rect(surface, colour("background"), place.inflate(6, 2), border_radius=4)
            surface.blit(text, place)

    def _draw_number(self, surface: pygame.Surface, rect: pygame.Rect, count: int,
                     alpha: int) -> None:
        """The "numbers" set: the pit's count in large figures (an empty pit: none)."""
        if not count:
            return
        text = font(max(9, int(rect.width * 0.42)), bold=True).render(str(count), True,
                                                                      colour("stone"))
        text.set_alpha(alpha)
        surface.blit(text, text.get_rect(center=rect.center))

    def _labels(self, surface: pygame.Surface, counts: tuple[int, ...]) -> None:
        """`S2 · 7` above the top row and below the bottom row, outside the wood,
        all six in one size: about a seventh of a pit, smaller where a label
        would run into its neighbour's (two-digit counts on a small board); on
        a board too small even for that (a menu card's), the counts alone."""
        labels = [f"{PIT_NAMES[index]} · {count}" for index, count in enumerate(counts)]
        room = int(self.pit * 1.05) - LABEL_GAP  # from one pit's centre to the next
        size = max(MIN_FONT_PIXELS, int(self.pit * 0.14))
        while size > MIN_FONT_PIXELS and max(font(size, bold=True).size(label)[0]
                                             for label in labels) > room:
            size -= 1
        label_font = font(size, bold=True)
        if max(label_font.size(label)[0] for label in labels) > room:
            labels = [str(count) for count in counts]
        for index, words in enumerate(labels):
            rect = self.cell(index)
            if self.place(index)[1]:  # the top row on screen
                blit_label(surface, words, label_font, colour("text"),
                           midbottom=(rect.centerx, self.board.top - 2))
            else:
                blit_label(surface, words, label_font, colour("text"),
                           midtop=(rect.centerx, self.board.bottom + LABEL_OFFSET))
