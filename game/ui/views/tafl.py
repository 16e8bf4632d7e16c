"""The tafl board (Brandubh 7×7, Tawlbwrdd 11×11), drawn from vector shapes.

Pieces differ in shape as well as colour, so nobody needs to tell colours
apart: attackers are dark diamonds, defenders light discs, and the king a
purple disc wearing a gold crown.  Special squares carry a pattern too: the
throne/castle a cross, the corners a saltire.
"""

from __future__ import annotations

import pygame

from ...rules.tafl import TaflPosition, TaflRules
from ..theme import colour
from .base import (
    BoardView,
    Marks,
    blit_label,
    coordinate_font,
    draw_annotations,
    draw_cursor,
    draw_dots,
    draw_marks_on_cells,
    draw_refusal,
)


class TaflView(BoardView):
    def __init__(self, rules: TaflRules) -> None:
        super().__init__()
        self.rules = rules
        self.n = rules.size
        self.square = 1
        self.origin = (0, 0)

    def layout(self, area: pygame.Rect) -> None:
        side = min(area.width, area.height)
        self.square = max(4, int(side / (self.n + 1.1)))
        board = self.square * self.n
        margin = (side - board) // 2
        square_area = pygame.Rect(0, 0, side, side)
        square_area.center = area.center
        super().layout(square_area)
        self.origin = (square_area.left + margin, square_area.top + margin)

    # --- geometry ---------------------------------------------------------------

    def cell(self, index: int) -> pygame.Rect:
        row, col = divmod(index, self.n)
        return pygame.Rect(self.origin[0] + col * self.square, self.origin[1] + row * self.square,
                           self.square, self.square)

    def target_at(self, pos: tuple[int, int]) -> int | None:
        col = (pos[0] - self.origin[0]) // self.square
        row = (pos[1] - self.origin[1]) // self.square
        if 0 <= col < self.n and 0 <= row < self.n:
            return row * self.n + col
        return None

    # --- the board ----------------------------------------------------------------

    def draw_background(self, surface: pygame.Surface) -> None:
        offset = (-self.rect.left, -self.rect.top)
        frame = surface.get_rect()
        pygame.draw.rect(surface, colour("tafl_frame"), frame, border_radius=self.square // 3)
        for index in range(self.n * self.n):
            rect = self.cell(index).move(offset)
            row, col = divmod(index, self.n)
            pygame.draw.rect(surface, colour("tafl_light" if (row + col) % 2 else "tafl_dark"),
                             rect)
            self._special(surface, index, rect)
            pygame.draw.rect(surface, colour("tafl_line"), rect, width=1)
        self._coordinates(surface, offset)

    def _special(self, surface: pygame.Surface, index: int, rect: pygame.Rect) -> None:
        inset = rect.inflate(-rect.width // 5, -rect.height // 5)
        width = max(1, rect.width // 16)
        if index == self.rules.centre:
            pygame.draw.rect(surface, colour("throne"), rect)
            pygame.draw.line(surface, colour("tafl_light"), inset.midtop, inset.midbottom, width)
            pygame.draw.line(surface, colour("tafl_light"), inset.midleft, inset.midright, width)
        elif index in self.rules.corners:
            pygame.draw.rect(surface, colour("corner"), rect)
            pygame.draw.line(surface, colour("tafl_light"), inset.topleft, inset.bottomright, width)
            pygame.draw.line(surface, colour("tafl_light"), inset.topright, inset.bottomleft, width)

    def _coordinates(self, surface: pygame.Surface, offset: tuple[int, int]) -> None:
        margin = self.origin[0] - self.rect.left
        label = coordinate_font(self.square, margin, str(self.n))
        if label is None:
            return
        for i in range(self.n):
            bottom = self.cell((self.n - 1) * self.n + i).move(offset)
            blit_label(surface, chr(ord("a") + i), label, colour("tafl_light"),
                       midtop=(bottom.centerx, bottom.bottom + 1))
            left = self.cell(i * self.n).move(offset)
            blit_label(surface, str(self.n - i), label, colour("tafl_light"),
                       midright=(left.left - 3, left.centery))

    # --- pieces -----------------------------------------------------------------------

    def draw_position(self, surface: pygame.Surface, position: TaflPosition,
                      marks: Marks) -> None:
        surface.blit(self.background(), self.rect)
        draw_marks_on_cells(surface, self, marks)
        for index, piece in enumerate(position.board):
            if piece != "." and index not in marks.hidden:
                self.draw_piece(surface, piece, self.cell(index).center)
        draw_dots(surface, self, marks)
        draw_refusal(surface, self, marks)
        draw_cursor(surface, self, marks)
        draw_annotations(surface, self, marks)

    def draw_piece(self, surface: pygame.Surface, piece: str, centre: tuple[float, float],
                   alpha: int = 255, scale: float = 1.0) -> None:
        size = self.square * scale
        layer = pygame.Surface((int(size) + 2, int(size) + 2), pygame.SRCALPHA)
        middle = (layer.get_width() / 2, layer.get_height() / 2)
        if piece == "A":
            _attacker(layer, middle, size)
        elif piece == "D":
            _defender(layer, middle, size)
        elif piece == "K":
            _king(layer, middle, size)
        layer.set_alpha(alpha)
        surface.blit(layer, layer.get_rect(center=centre))


def _attacker(surface: pygame.Surface, c: tuple[float, float], size: float) -> None:
    r = size * 0.4
    diamond = [(c[0], c[1] - r), (c[0] + r, c[1]), (c[0], c[1] + r), (c[0] - r, c[1])]
    pygame.draw.polygon(surface, colour("attacker"), diamond)
    pygame.draw.polygon(surface, colour("attacker_edge"), diamond, max(1, int(size / 18)))
    inner = r * 0.35
    pygame.draw.polygon(surface, colour("attacker_edge"),
                        [(c[0], c[1] - inner), (c[0] + inner, c[1]), (c[0], c[1] + inner),
                         (c[0] - inner, c[1])])


def _defender(surface: pygame.Surface, c: tuple[float, float], size: float) -> None:
    r = size * 0.34
    pygame.draw.circle(surface, colour("defender"), c, r)
    pygame.draw.circle(surface, colour("defender_edge"), c, r, max(1, int(size / 18)))
    pygame.draw.circle(surface, colour("defender_edge"), c, r * 0.45, max(1, int(size / 24)))


def _king(surface: pygame.Surface, c: tuple[float, float], size: float) -> None:
    r = size * 0.4
    pygame.draw.circle(surface, colour("king"), c, r)
    pygame.draw.circle(surface, colour("king_edge"), c, r, max(2, int(size / 14)))
    w, h = r * 1.1, r * 0.75
    left, top = c[0] - w / 2, c[1] - h / 2
    crown = [(left, top + h), (left, top + h * 0.25), (left + w * 0.25, top + h * 0.6),
             (c[0], top), (left + w * 0.75, top + h * 0.6), (left + w, top + h * 0.25),
             (left + w, top + h)]
    pygame.draw.polygon(surface, colour("king_edge"), crown)
