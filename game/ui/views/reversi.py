"""The Reversi board: green felt, black and white discs (rows 1–8 from the top)."""

from __future__ import annotations

import pygame

from ...rules.reversi import ReversiPosition
from ..theme import colour
from .base import (
    BoardView,
    Marks,
    blit_label,
    circle_alpha,
    coordinate_font,
    draw_annotations,
    draw_cursor,
    draw_hint_ring,
    draw_marks_on_cells,
    draw_refusal,
)

N = 8


class ReversiView(BoardView):
    def __init__(self) -> None:
        super().__init__()
        self.square = 1
        self.origin = (0, 0)

    def layout(self, area: pygame.Rect) -> None:
        side = min(area.width, area.height)
        self.square = max(4, int(side / (N + 1.1)))
        margin = (side - self.square * N) // 2
        square_area = pygame.Rect(0, 0, side, side)
        square_area.center = area.center
        super().layout(square_area)
        self.origin = (square_area.left + margin, square_area.top + margin)

    def cell(self, index: int) -> pygame.Rect:
        row, col = divmod(index, N)
        return pygame.Rect(self.origin[0] + col * self.square, self.origin[1] + row * self.square,
                           self.square, self.square)

    def target_at(self, pos: tuple[int, int]) -> int | None:
        col = (pos[0] - self.origin[0]) // self.square
        row = (pos[1] - self.origin[1]) // self.square
        return row * N + col if 0 <= col < N and 0 <= row < N else None

    def draw_background(self, surface: pygame.Surface) -> None:
        offset = (-self.rect.left, -self.rect.top)
        pygame.draw.rect(surface, colour("tafl_frame"), surface.get_rect(),
                         border_radius=self.square // 3)
        board = pygame.Rect(self.cell(0).move(offset).topleft, (self.square * N,) * 2)
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
        label = coordinate_font(self.square, self.origin[0] - self.rect.left, str(N), share=0.3)
        if label is None:
            return
        for i in range(N):
            cell = self.cell((N - 1) * N + i).move(offset)
            blit_label(surface, "abcdefgh"[i], label, colour("tafl_light"),
                       midtop=(cell.centerx, cell.bottom + 1))
            cell = self.cell(i * N).move(offset)
            blit_label(surface, str(i + 1), label, colour("tafl_light"),
                       midright=(cell.left - 3, cell.centery))

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
        pygame.draw.ellipse(layer, edge, inner, 1)
        layer.set_alpha(alpha)
        surface.blit(layer, layer.get_rect(center=rect.center))
