"""The tafl board (Brandubh 7×7, Tawlbwrdd 11×11), drawn from vector shapes.

Pieces differ in shape as well as colour, so nobody needs to tell colours
apart.  In the "discs" set attackers are dark diamonds, defenders light
discs, and the king a disc wearing a crown; in the "figures" set they are
standing figures, the attacker's head pointed, the defender's round, the
king taller and crowned.  Special squares carry a pattern too: the
throne/castle a cross, the corners a saltire.
"""

from __future__ import annotations

import pygame

from ...rules.tafl import TaflPosition, TaflRules
from ..theme import colour, piece_set
from .base import (
    GridView,
    Marks,
    draw_annotations,
    draw_cursor,
    draw_dots,
    draw_king_lines,
    draw_marks_on_cells,
    draw_refusal,
    draw_taken,
    draw_threatened,
)


class TaflView(GridView):
    def __init__(self, rules: TaflRules) -> None:
        super().__init__(rules.size)
        self.rules = rules

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
        self.draw_coordinates(surface, offset, lambda row: str(self.n - row), str(self.n))

    def _special(self, surface: pygame.Surface, index: int, rect: pygame.Rect) -> None:
        inset = rect.inflate(-rect.width // 5, -rect.height // 5)
        width = max(1, rect.width // 16)
        mark = colour("special_mark")
        if index == self.rules.centre:
            pygame.draw.rect(surface, colour("throne"), rect)
            pygame.draw.line(surface, mark, inset.midtop, inset.midbottom, width)
            pygame.draw.line(surface, mark, inset.midleft, inset.midright, width)
        elif index in self.rules.corners:
            pygame.draw.rect(surface, colour("corner"), rect)
            pygame.draw.line(surface, mark, inset.topleft, inset.bottomright, width)
            pygame.draw.line(surface, mark, inset.topright, inset.bottomleft, width)

    # --- pieces -----------------------------------------------------------------------

    def draw_position(self, surface: pygame.Surface, position: TaflPosition,
                      marks: Marks) -> None:
        surface.blit(self.background(), self.rect)
        draw_marks_on_cells(surface, self, marks)
        draw_king_lines(surface, self, marks)
        for index, piece in enumerate(position.board):
            if piece != "." and index not in marks.hidden:
                self.draw_piece(surface, piece, self.cell(index).center)
        draw_threatened(surface, self, marks)
        draw_taken(surface, self, marks)
        draw_dots(surface, self, marks)
        draw_refusal(surface, self, marks)
        draw_cursor(surface, self, marks)
        draw_annotations(surface, self, marks)

    def draw_piece(self, surface: pygame.Surface, piece: str, centre: tuple[float, float],
                   alpha: int = 255, scale: float = 1.0) -> None:
        size = self.square * scale
        layer = pygame.Surface((int(size) + 2, int(size) + 2), pygame.SRCALPHA)
        middle = (layer.get_width() / 2, layer.get_height() / 2)
        shapes = FIGURES if piece_set("tafl") == "figures" else DISCS
        if piece in shapes:
            shapes[piece](layer, middle, size)
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


# The "figures" set: standing figures seen from the front, a round head on a
# robed body, the sides told apart by colour and by head (the attacker's a
# pointed helmet, the defender's a round one), the king the tallest with a crown.

def _figure_body(surface: pygame.Surface, c: tuple[float, float], size: float, fill: str,
                 edge: str, tall: float = 1.0) -> tuple[float, float, float]:
    """A figure's body and base; returns the head's centre and radius."""
    width = max(1, int(size / 18))
    half, foot = size * 0.26, c[1] + size * 0.36
    top = c[1] - size * 0.08 * tall
    body = [(c[0] - half, foot), (c[0] - half * 0.45, top), (c[0] + half * 0.45, top),
            (c[0] + half, foot)]
    pygame.draw.polygon(surface, colour(fill), body)
    pygame.draw.polygon(surface, colour(edge), body, width)
    head = (c[0], top - size * 0.1)
    radius = size * 0.13
    pygame.draw.circle(surface, colour(fill), head, radius)
    pygame.draw.circle(surface, colour(edge), head, radius, width)
    return head[0], head[1], radius


def _attacker_figure(surface: pygame.Surface, c: tuple[float, float], size: float) -> None:
    x, y, r = _figure_body(surface, c, size, "attacker", "attacker_edge")
    helmet = [(x - r * 1.1, y - r * 0.1), (x, y - r * 2.3), (x + r * 1.1, y - r * 0.1)]
    pygame.draw.polygon(surface, colour("attacker"), helmet)
    pygame.draw.polygon(surface, colour("attacker_edge"), helmet, max(1, int(size / 18)))


def _defender_figure(surface: pygame.Surface, c: tuple[float, float], size: float) -> None:
    x, y, r = _figure_body(surface, c, size, "defender", "defender_edge")
    pygame.draw.circle(surface, colour("defender_edge"), (x, y), r * 0.45)


def _king_figure(surface: pygame.Surface, c: tuple[float, float], size: float) -> None:
    x, y, r = _figure_body(surface, c, size, "king", "king_edge", tall=1.6)
    w, h = r * 2.6, r * 1.6
    left, base = x - w / 2, y - r * 0.6
    crown = [(left, base), (left, base - h), (left + w * 0.25, base - h * 0.45),
             (x, base - h * 1.15), (left + w * 0.75, base - h * 0.45), (left + w, base - h),
             (left + w, base)]
    pygame.draw.polygon(surface, colour("king_edge"), crown)


DISCS = {"A": _attacker, "D": _defender, "K": _king}
FIGURES = {"A": _attacker_figure, "D": _defender_figure, "K": _king_figure}
