"""The History scene: every finished game kept, newest first, filtered by
game; the won/drawn/lost statistics of what is shown (above the list where
they leave it room, else on a page of their own behind the Statistics
button); a game opened in replay (with the analysis kept when it was first
made); and the whole history exported as one text file of records."""

from __future__ import annotations

import time

import pygame

from ..history import (
    PERSONAL,
    Finished,
    Tally,
    export_text,
    load_history,
    newest_first,
    statistics,
)
from ..platform.export import export_file
from ..rules import GAME_NAMES, START_CODES, spec
from ..rules.base import RulesError
from .i18n import t
from .notices import notice_height
from .play import Mode, Play, Setup
from .scene import Pop, Push, Scene, ToBoard, Transition, handle_buttons
from .theme import colour, font, text_size, touch_height, unit_for
from .widgets import Button, Focus, Pager, draw_text, row_buttons, wrap

EXPORT_NAME = "taiplis-history.txt"
# The statistics go above the list only if it still shows this many games.
ROWS_BESIDE_STATISTICS = 5


class HistoryScene(Scene):
    def __init__(self, ctx) -> None:
        super().__init__(ctx)
        self.focus = Focus(spatial=True)
        self.unit = 16
        self.games: list[Finished] = []
        self.chosen: str | None = None  # the game the list is filtered by (None: all)
        self.pager = Pager(lambda: self.resize(self.size))
        self.filter_buttons = [Button("history.all", self._filter(None), name="filter-all")] + \
            [Button(f"game.{name}", self._filter(name), name=f"filter-{name}")
             for name in GAME_NAMES]
        self.rows: list[Button] = []
        self.previous_button, self.next_button = self.pager.previous_button, self.pager.next_button
        self.back_button = Button("setup.back", lambda: Pop(), name="back")
        self.export_button = Button("history.export", self.export, name="export")
        self.stats_button = Button("history.statistics", self._toggle_stats, name="statistics")
        self.stats_lines: list[str] = []
        self.stats_inline = True  # above the list; else on their own page, when open
        self.stats_open = False
        self.stats_top = 0
        self.list_top = 0

    def enter(self) -> None:
        self.games = load_history(self.ctx.storage)
        self.ctx.take_storage_notices()  # a damaged history: said here, the rest kept
        self.resize(self.size)

    # --- what is shown ---------------------------------------------------------------------

    @property
    def shown(self) -> list[Finished]:
        return newest_first(self.games, self.chosen)

    def _filter(self, game: str | None):
        def choose() -> None:
            self.chosen, self.pager.page = game, 0
            self.resize(self.size)
        return choose

    def _toggle_stats(self) -> None:
        self.stats_open = not self.stats_open
        self.resize(self.size)

    def _open(self, entry: Finished):
        def open_game() -> Transition | None:
            try:
                game = entry.to_game()
            except RulesError:
                self.ctx.notify(t("history.unreadable"))
                return None
            # Watched, so the finished game cannot be taken back or played on
            # (and so never reaches the game's autosave slot); the board's
            # replay walks through it, with the analysis kept when it was
            # first made, else one that runs by itself (and is kept then).
            setup = Setup(entry.game, Mode.WATCH, "", entry.level or "ovate",
                          second_level=entry.second_level)
            play = Play(setup, game)
            play.game_id = entry.game_id
            play.show_kept_analysis(self.ctx.storage)
            return Push(ToBoard(play))
        return open_game

    def export(self) -> None:
        where = export_file(EXPORT_NAME, export_text(self.games)) if self.games else None
        if not self.games:
            self.ctx.notify(t("history.empty"))
        elif where is None:
            self.ctx.notify(t("history.export_failed"))
        else:
            self.ctx.notify(t("history.exported", where=where))

    # --- layout ----------------------------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        w, h = size
        if not w:
            return
        self.unit = u = unit_for(size, high=30, divisor=36)
        height = touch_height(u * 2.1)
        width = min(w - 2 * u, 44 * u)
        left = (w - width) // 2
        y = u + font(text_size(u * 1.6)).get_linesize() + u // 2
        y = self._lay_filters(left, y, width, height, u)
        for button in self.filter_buttons:
            button.selected = button.name == f"filter-{self.chosen or 'all'}"
        size = text_size(u * 0.85)
        self.stats_lines = [part for line in self._stats_lines()
                            for part in wrap(line, size, width)]
        stats_height = u // 2 + len(self.stats_lines) * font(size).get_linesize()
        footer_top = h - u - height - self._notice_room(w)
        pager_top = footer_top - u // 2 - height
        row_height = touch_height(u * 1.9)
        row_step = row_height + u // 4
        # The rows end above the "Page 1 of 3" line over the pager.
        list_bottom = pager_top - 4 - font(text_size(u * 0.8)).get_linesize() + u // 4
        self.stats_inline = not self.stats_lines or \
            (list_bottom - y - stats_height - u // 2) // row_step >= ROWS_BESIDE_STATISTICS
        self.stats_top = y + u // 2
        if self.stats_inline:
            y += stats_height + u // 2
        self.list_top = y
        page = self.pager.fit(self.shown, (list_bottom - y) // row_step)
        if self._stats_page:
            page = []
        self.rows = [Button(row_text(entry), self._open(entry), literal=True,
                            name=f"game-{i}") for i, entry in enumerate(page)]
        for i, row in enumerate(self.rows):
            row.rect = pygame.Rect(left, y + i * row_step, width, row_height)
        pager = [] if self._stats_page else [self.previous_button, self.next_button]
        for button in (self.previous_button, self.next_button):
            button.rect = pygame.Rect(0, 0, 0, 0)
        row_buttons(pager, pygame.Rect(left, pager_top, width, height), u)
        self.stats_button.rect = pygame.Rect(0, 0, 0, 0)
        self.stats_button.selected = self._stats_page
        footer = [self.back_button, self.export_button] if self.stats_inline else \
            [self.back_button, self.stats_button, self.export_button]
        row_buttons(footer, pygame.Rect(left, footer_top, width, height), u // 2)
        self.focus.set([button for button in (
            *self.filter_buttons, *self.rows, self.previous_button, self.next_button,
            self.back_button, self.stats_button, self.export_button) if button.visible])

    @property
    def _stats_page(self) -> bool:
        """The statistics are shown in the list's place."""
        return self.stats_open and not self.stats_inline

    def _notice_room(self, w: int) -> int:
        """Room under the buttons for a notice (the longest the app shows, a
        copied Tawlbwrdd code), so one never covers the list or the buttons."""
        gap = max(4, min(self.size) // 80)
        longest = t("notice.copied", code=START_CODES["tawlbwrdd"])
        return notice_height(longest, w - 2 * gap, self.size) + gap

    def _lay_filters(self, left: int, y: int, width: int, height: int, u: int) -> int:
        """All and the four games in one row, or in two on a narrow screen;
        where the rows end."""
        per_row = len(self.filter_buttons) if width >= 40 * u else 3
        for start in range(0, len(self.filter_buttons), per_row):
            row_buttons(self.filter_buttons[start:start + per_row],
                        pygame.Rect(left, y, width, height), u // 3)
            y += height + u // 3
        return y

    def _stats_lines(self) -> list[str]:
        """One line per game shown: its won/drawn/lost by level and by side."""
        tallies = statistics(self.games)
        lines = []
        for game in GAME_NAMES if self.chosen is None else (self.chosen,):
            parts = [f"{opponent_text(game, opponent)} {tally_text(tally)}"
                     for (name, opponent), tally in sorted(tallies.items()) if name == game]
            if parts:
                lines.append(f"{t(f'game.{game}')}: " + " · ".join(parts))
        return lines

    # --- events and drawing ----------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> Transition | None:
        return handle_buttons(self.focus, event)

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(colour("background"))
        w, _ = self.size
        u = self.unit
        draw_text(surface, t("history.title"), text_size(u * 1.6), (w // 2, u),
                  colour("accent"), anchor="midtop", bold=True, max_width=w - 2 * u)
        size = text_size(u * 0.85)
        if self.stats_inline or self._stats_page:
            y = self.stats_top if self.stats_inline else self.list_top
            for line in self.stats_lines:
                y = draw_text(surface, line, size, (w // 2, y), colour("text_muted"),
                              anchor="midtop", max_width=w - 2 * u).bottom
        if not self._stats_page:
            self._draw_list_notes(surface)
        self.focus.draw(surface, u)

    def _draw_list_notes(self, surface: pygame.Surface) -> None:
        """"No finished games yet", or which page of the list this is."""
        w, u = self.size[0], self.unit
        if not self.shown:
            draw_text(surface, t("history.empty"), text_size(u), (w // 2, self.list_top + u),
                      colour("text_muted"), anchor="midtop", max_width=w - 2 * u)
        elif self.pager.pages > 1:
            pager = self.previous_button.rect.union(self.next_button.rect)
            draw_text(surface, t("history.page", page=self.pager.page + 1,
                                 pages=self.pager.pages),
                      text_size(u * 0.8), (pager.centerx, pager.top - 2),
                      colour("text_muted"), anchor="midbottom")


def row_text(entry: Finished) -> str:
    """'2026-12-06 08:40 · Reversi · Ovate · Won': when, which game, against
    whom, and how it ended (for the person against the computer, else who won)."""
    when = time.strftime("%Y-%m-%d %H:%M", time.localtime(entry.date))
    return " · ".join((when, t(f"game.{entry.game}"), opponent_of(entry), result_of(entry)))


def opponent_of(entry: Finished) -> str:
    """Against whom: the computer's level; watched, each side's level in the
    order the sides move; else the mode."""
    if entry.mode == "computer":
        return t(f"level.{entry.level}")
    if entry.mode == "watch":
        first, second = entry.side_levels().values()
        return t("history.watched", first=t(f"level.{first}"), second=t(f"level.{second}"))
    return t(f"mode.{entry.mode}")


def result_of(entry: Finished) -> str:
    if entry.winner is None:
        return t("history.drawn")
    if entry.mode in PERSONAL:
        return t("history.won" if entry.winner == entry.human_side else "history.lost")
    return t("history.side_won", side=t(f"side.{entry.winner}"))


def opponent_text(game: str, opponent: str) -> str:
    """A statistics key's words: the computer's level, or a side on one device."""
    kind, _, side = opponent.partition(":")
    if kind == "side" and side in spec(game).sides:
        return t(f"side.{side}")
    if opponent == "friend":
        return t("mode.friend")
    return t(f"level.{opponent}")


def tally_text(tally: Tally) -> str:
    return t("history.tally", won=tally.won, drawn=tally.drawn, lost=tally.lost)
