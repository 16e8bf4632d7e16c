"""The puzzle board's panel: the heading, the player's rating and streak,
the task with the side to move, the result the best line reaches, how the
attempt stands, and, once it is over, the puzzle's own rating; with room
for a notice between the text and the buttons below it."""

from __future__ import annotations

import pygame

from ..i18n import t
from ..notices import notice_height
from ..theme import colour, font, text_size
from ..widgets import draw_lines, draw_text, lines_needed
from .run import PuzzleRun
from .texts import rating_line, status_line, task_line, value_line


class PuzzlePanel:
    def __init__(self, run: PuzzleRun) -> None:
        self.run = run
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.unit = 16
        self.buttons_top = 0  # where the buttons under the text begin
        self.screen = (0, 0)
        self.text_bottom = 0  # where the text ended, as last drawn

    def layout(self, rect: pygame.Rect, unit: int, buttons_top: int,
               screen: tuple[int, int]) -> None:
        self.rect, self.unit, self.buttons_top, self.screen = rect, unit, buttons_top, screen

    def draw(self, surface: pygame.Surface) -> None:
        run, rect, u = self.run, self.rect, self.unit
        body, puzzle = text_size(u), run.puzzle
        y = rect.top
        if not self.short():
            y = draw_text(surface, t("puzzles.heading", game=t(f"game.{run.game}")),
                          text_size(u * 1.4), (rect.left, y), colour("accent"), bold=True,
                          max_width=rect.width).bottom + u // 3
        y = draw_lines(surface, rating_line(run.record, run.change), body,
                       (rect.left, y), rect.width, colour("text_muted")) + u // 2
        if puzzle is not None:
            y = draw_lines(surface, task_line(puzzle), text_size(u * 1.1), (rect.left, y),
                           rect.width, bold=True) + u // 3
            value = value_line(puzzle)
            if value is not None:
                y = draw_lines(surface, value, body, (rect.left, y), rect.width) + u // 3
        y = draw_lines(surface, status_line(run), body, (rect.left, y + u // 6), rect.width,
                       colour("accent")) + u // 3
        if puzzle is not None and not run.solving:
            y = draw_lines(surface, t("puzzles.puzzle_rating", rating=puzzle.rating), body,
                           (rect.left, y), rect.width, colour("text_muted")) + u // 3
        self.text_bottom = y

    def text_needed(self, width: int) -> int:
        """The height the text under the heading needs `width` wide, at its
        longest: the rating, the task and its value, a status of two lines
        and the puzzle's rating (the board gives way to it on a short phone)."""
        u, puzzle = self.unit, self.run.puzzle
        body, task = text_size(u), text_size(u * 1.1)
        line = font(body).get_linesize()
        needed = lines_needed(rating_line(self.run.record, self.run.change), body,
                              width) * line + u // 2
        if puzzle is not None:
            needed += lines_needed(task_line(puzzle), task, width, True) * \
                font(task).get_linesize() + u // 3
            value = value_line(puzzle)
            if value is not None:
                needed += lines_needed(value, body, width) * line + u // 3
        return needed + 3 * line + u // 6 + 2 * (u // 3)

    def short(self) -> bool:
        """Too little height for the heading as well as the rest (a small phone)."""
        u, width = self.unit, self.rect.width
        puzzle = self.run.puzzle
        line = font(text_size(u)).get_linesize()
        needed = font(text_size(u * 1.4), True).get_linesize() + 8 * line
        if puzzle is not None:
            needed += (lines_needed(task_line(puzzle), text_size(u * 1.1), width, True) - 1) * \
                font(text_size(u * 1.1)).get_linesize()
        longest = notice_height(t("refuse.pit_no_move"), width, self.screen)
        return self.buttons_top - self.rect.top < needed + longest

    def notice_area(self, notice: str | None) -> pygame.Rect:
        """Between the text and the buttons where `notice` fits whole there;
        else over the text (never over the board or a button)."""
        u = self.unit
        bottom = self.buttons_top - u // 3
        free = pygame.Rect(self.rect.left, self.text_bottom + u // 3, self.rect.width,
                           bottom - self.text_bottom - u // 3)
        need = notice_height(notice, free.width, self.screen) if notice else 0
        if free.height >= max(need, 2 * font(text_size(u)).get_linesize() + u):
            return free
        return pygame.Rect(self.rect.left, self.rect.top, self.rect.width,
                           bottom - self.rect.top)
