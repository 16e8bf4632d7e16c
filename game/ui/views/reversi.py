"""The Reversi board: felt, black and white discs (rows 1–8 from the top).

The "classic" discs are plain; the "contrast" ones wear a thick rim of the
other colour, and the black disc a ring inside it too, so the two sides
differ in pattern as well as in shade."""

from __future__ import annotations

import pygame

from ...rules.reversi import ReversiPosition
from ..theme import colour, piece_set
from .base import (
    GridView,
    Marks,
    circle_alpha,
    draw_annotations,
    draw_cursor,
    draw_hint_ring,
    draw_marks_on_cells,
    draw_refusal,
)

N = 8


class ReversiView(GridView):
    def __init__(self) -> None:
        super().__init__(N)

    def draw_background(self, surface: pygame.Surface) -> None:
        offset = (-self.rect.left, -self.rect.top)
        pygame.draw.rect(surface, colour("tafl_frame"), surface.get_rect(),
                         border_radius=self.square // 3)
        board = pygame.Rect(self.origin[0] + offset[0], self.origin[1] + offset[1],
                            self.square * N, self.square * N)
        pygame.draw.rect(surface, colour("felt"), board)
        for i in range(N + 1):
            x = board.left + i * self.square
            y = board.top + i * self.square
            pygame.draw.line(surface, colour("felt_line"), (x, board.top), (x, board.bottom), 2)
            pygame.draw.line(surface, colour("felt_line"), (board.left, y), (board.right, y), 2)
        for row, col in ((2, 2), (2, 6), (6, 2), (6, 6)):  # the four star points
            pygame.draw.circle(surface, colour("felt_line"),
                               (board.left + col * self.square, board.top + row * self.square),
                               max(2, self.square // 14))
        self.draw_coordinates(surface, offset, lambda row: str(row + 1), "8", share=0.3)

    def draw_position(self, surface: pygame.Surface, position: ReversiPosition,
                      marks: Marks) -> None:
        surface.blit(self.background(), self.rect)
        draw_marks_on_cells(surface, self, marks, hint_frame=False)
        black, white = position.black, position.white
        for index in range(N * N):
            if index in marks.hidden:
                continue
            if black >> index & 1:
                self.draw_disc(surface, self.cell(index).center, "b")
            elif white >> index & 1:
                self.draw_disc(surface, self.cell(index).center, "w")
        self._draw_legal(surface, marks.dots, position.side)
        for index in marks.hint:
            draw_hint_ring(surface, self.cell(index), marks.pulse)
        draw_refusal(surface, self, marks)
        draw_cursor(surface, self, marks)
        draw_annotations(surface, self, marks)

    def _draw_legal(self, surface: pygame.Surface, squares: tuple[int, ...], mover: str) -> None:
        """Where the mover may play: a faint disc of the mover's colour, edged, far
        larger than the star points on the lines."""
        name = "legal_black" if mover == "b" else "legal_white"
        for index in squares:
            centre = self.cell(index).center
            circle_alpha(surface, centre, self.square * 0.36, colour(name))
            circle_alpha(surface, centre, self.square * 0.36, colour(f"{name}_edge"),
                         width=max(2, self.square // 22))

    def draw_disc(self, surface: pygame.Surface, centre: tuple[float, float], side: str,
                  squash: float = 1.0, alpha: int = 255) -> None:
        """A disc; `squash` < 1 narrows it (the middle of a flip)."""
        r = self.square * 0.42
        rect = pygame.Rect(0, 0, max(1, int(2 * r * squash)), int(2 * r))
        rect.center = (int(centre[0]), int(centre[1]))
        fill = colour("disc_black" if side == "b" else "disc_white")
        edge = colour("disc_white" if side == "b" else "disc_black")
        layer = pygame.Surface((rect.width + 4, rect.height + 4), pygame.SRCALPHA)
        inner = layer.get_rect().inflate(-4, -4)
        pygame.draw.ellipse(layer, colour("disc_shadow"), inner.move(1, 2))
        pygame.draw.ellipse(layer, fill, inner)
        if piece_set("reversi") == "contrast":
            _contrast_marks(layer, inner, side, edge, self.square)
        else:
            pygame.draw.ellipse(layer, edge, inner, 1)
        layer.set_alpha(alpha)
        surface.blit(layer, layer.get_rect(center=rect.center))


def _contrast_marks(layer: pygame.Surface, disc: pygame.Rect, side: str,
                    edge: tuple[int, ...], square: int) -> None:
    """The "contrast" set's marks: a thick rim; on black, a ring inside it."""
    width = max(2, square // 12)
    pygame.draw.ellipse(layer, edge, disc, width)
    if side == "b" and disc.width > 4 * width:
        pygame.draw.ellipse(layer, edge, disc.inflate(-disc.width // 2, -disc.height // 2),
                            max(1, width // 2 + 1))
