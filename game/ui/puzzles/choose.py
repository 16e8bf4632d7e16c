"""The first Puzzles scene: the four games, each with the player's puzzle
rating, streak and count in it; a game's button opens its puzzles.  Only
the player's record is read here, never the puzzles themselves."""

from __future__ import annotations

import pygame

from ...puzzles.player import GameRating
from ...rules import GAME_NAMES
from ..i18n import t
from ..scene import Pop, Push, Scene, ToPuzzle, Transition, handle_buttons
from ..theme import colour, font, text_size, touch_height, unit_for
from ..widgets import Button, Focus, draw_panel, draw_text, label_fits, wrap
from .run import load_player


def record_lines(record: GameRating) -> list[str]:
    """A game's record in a few words: the rating and streak, then the count."""
    first = " · ".join((t("puzzles.rating", rating=round(record.rating)),
                        t("puzzles.streak", count=record.streak)))
    if not record.tried:
        return [first, t("puzzles.none_tried")]
    return [first, t("puzzles.solved_count", solved=record.solved, count=record.tried) +
            " · " + t("puzzles.best_streak", count=record.best_streak)]


class PuzzlesScene(Scene):
    def __init__(self, ctx) -> None:
        super().__init__(ctx)
        self.focus = Focus(spatial=True)
        self.unit = 16
        self.buttons = [Button(f"game.{name}", self._open(name), name=f"puzzles-{name}")
                        for name in GAME_NAMES]
        self.back_button = Button("setup.back", lambda: Pop(), name="back")
        self.records: dict[str, GameRating] = {}
        self.rows: dict[str, pygame.Rect] = {}
        self.texts: dict[str, list[str]] = {}  # each game's lines, wrapped to its row
        self.stacked = False  # each row's text under its button (a narrow screen)
        self.title_y = 16

    def enter(self) -> None:
        player = load_player(self.ctx.storage)
        self.records = {name: player.record(name) for name in GAME_NAMES}
        self.ctx.take_storage_notices()  # a damaged record: said here, a new one begun
        self.resize(self.size)

    def _open(self, game: str):
        def open_game() -> Transition:
            return Push(ToPuzzle(game))
        return open_game

    # --- layout ----------------------------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        w, h = size
        if not w or not self.records:
            return
        self.unit = u = unit_for(size, high=30, divisor=36)
        self.title_y = u
        self._lay_rows(w, h, u, self._top(u))
        spare = h - self.back_button.rect.bottom - u
        if spare > 2 * u:  # a tall window: the whole list in its middle
            self.title_y = u + spare // 2
            self._lay_rows(w, h, u, self._top(u) + spare // 2)
        self.focus.set([*self.buttons, self.back_button])

    def _lay_rows(self, w: int, h: int, u: int, y: int, narrow: bool = False) -> None:
        """Each game's row (its button and its record's lines) from `y` down, then
        Back.  Where the rows stacked (button over lines) would not leave room
        for Back, the buttons are `narrow` (as wide as their labels) beside the lines."""
        height = touch_height(u * 2.2)
        width = min(w - 2 * u, 40 * u)
        left = (w - width) // 2
        small = text_size(u * 0.9)
        line = font(small).get_linesize()
        button_width = min(width - u, max(12 * u, width // 3))
        if narrow:
            button_width = max(font(text_size(u)).size(b.text)[0] for b in self.buttons) + \
                2 * max(8, height // 4)
        self.stacked = not narrow and (width - button_width - 2 * u < 14 * u or not all(
            label_fits(b.text, u, pygame.Rect(0, 0, button_width, height)) for b in self.buttons))
        text_width = width - u if self.stacked else width - button_width - 2 * u
        self.texts = {name: [part for text in record_lines(self.records[name])
                             for part in wrap(text, small, text_width)]
                      for name in GAME_NAMES}
        gap = u // 2
        for name, button in zip(GAME_NAMES, self.buttons, strict=True):
            lines = len(self.texts[name]) * line
            if self.stacked:
                row = pygame.Rect(left, y, width, height + lines + u + u // 3)
                button.rect = pygame.Rect(left + u // 2, y + u // 2, width - u, height)
            else:
                row = pygame.Rect(left, y, width, max(height, lines) + u)
                button.rect = pygame.Rect(left + u // 2, row.centery - height // 2,
                                          button_width, height)
            self.rows[name] = row
            y = row.bottom + gap
        if self.stacked and y + u // 2 > h - u - height:
            self._lay_rows(w, h, u, self.rows[GAME_NAMES[0]].top, narrow=True)
            return
        self.back_button.rect = pygame.Rect(left, min(y + u // 2, h - u - height), width // 2,
                                            height)
        self.back_button.rect.centerx = w // 2

    def _top(self, u: int) -> int:
        title = font(text_size(u * 1.6), True).get_linesize()
        lines = len(wrap(t("puzzles.choose"), text_size(u), self.size[0] - 2 * u))
        return u + title + u // 3 + lines * font(text_size(u)).get_linesize() + u

    # --- events and drawing ----------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> Transition | None:
        return handle_buttons(self.focus, event)

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(colour("background"))
        w, _ = self.size
        u = self.unit
        y = draw_text(surface, t("puzzles.title"), text_size(u * 1.6), (w // 2, self.title_y),
                      colour("accent"), anchor="midtop", bold=True,
                      max_width=w - 2 * u).bottom + u // 3
        for line in wrap(t("puzzles.choose"), text_size(u), w - 2 * u):  # two on a phone
            y = draw_text(surface, line, text_size(u), (w // 2, y), colour("text_muted"),
                          anchor="midtop", max_width=w - 2 * u).bottom
        small = text_size(u * 0.9)
        line = font(small).get_linesize()
        for name, button in zip(GAME_NAMES, self.buttons, strict=True):
            row = self.rows[name]
            draw_panel(surface, row, radius=10)
            lines = self.texts[name]
            if self.stacked:
                left, top = row.left + u // 2, button.rect.bottom + u // 3
            else:
                left, top = button.rect.right + u, row.centery - len(lines) * line // 2
            for i, text in enumerate(lines):
                draw_text(surface, text, small, (left, top + i * line),
                          colour("text") if i == 0 else colour("text_muted"),
                          max_width=row.right - u // 2 - left)
        self.focus.draw(surface, u)
