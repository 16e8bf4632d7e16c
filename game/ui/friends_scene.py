"""The Friends scene: the games played with friends by link, the most
recent first, each with whose turn it is ("your move", "waiting for …") and
the date of its last move, opened on their board; and a friend's link
pasted in to open it."""

from __future__ import annotations

import time

import pygame

from ..friends import FriendGame, load_friend_games
from ..platform import clipboard
from ..rules import START_CODES
from .friend_links import receive
from .i18n import side_name, t
from .notices import notice_height
from .play import Play
from .scene import Pop, Push, Scene, ToBoard, Transition, handle_buttons
from .theme import colour, font, text_size, touch_height, unit_for
from .widgets import Button, Focus, Pager, draw_text, row_buttons, wrap


class FriendsScene(Scene):
    def __init__(self, ctx) -> None:
        super().__init__(ctx)
        self.focus = Focus(spatial=True)
        self.unit = 16
        self.games: list[FriendGame] = []
        self.game_rows: list[Button] = []
        self.pager = Pager(lambda: self.resize(self.size))
        self.previous_button, self.next_button = self.pager.previous_button, self.pager.next_button
        self.back_button = Button("setup.back", lambda: Pop(), name="back")
        self.paste_button = Button("friends.open_link", self.paste_link, name="open-link")
        self.opening: Play | None = None  # a pasted link's game, opened on the next frame

    def enter(self) -> None:
        self.games = load_friend_games(self.ctx.storage)
        self.ctx.take_storage_notices()  # a damaged list: said here, the rest kept
        self.resize(self.size)

    def _open(self, entry: FriendGame):
        def open_game() -> Transition:
            return Push(ToBoard(Play.from_friend_game(entry)))
        return open_game

    def paste_link(self) -> None:
        """Ask for a friend's link (the clipboard, or a text prompt on the web)."""
        clipboard.paste(self._pasted, prompt=t("friends.paste_prompt"))

    def _pasted(self, text: str | None) -> None:
        if not text:
            return
        notice, play = receive(self.ctx, text)
        self.ctx.notify(notice)
        self.opening = play
        self.enter()  # the list as it now stands
        self.redraw()  # in the browser the text comes between frames

    def update(self, dt: float) -> Transition | None:
        opening, self.opening = self.opening, None
        return None if opening is None else Push(ToBoard(opening))

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
        top = u + font(text_size(u * 1.6), True).get_linesize() + u
        footer_top = h - u - height - self._notice_room(w)
        pager_top = footer_top - u // 2 - height
        # A row's words take two lines on a phone: room for both and a margin.
        row_height = max(touch_height(u * 1.9), 2 * font(text_size(u)).get_linesize() + u)
        page = self.pager.fit(self.games, (pager_top - u // 2 - top) // (row_height + u // 2))
        self.game_rows = [Button(row_text(entry), self._open(entry), literal=True,
                                 name=f"friend-{i}")
                     for i, entry in enumerate(page)]
        for i, row in enumerate(self.game_rows):
            row.rect = pygame.Rect(left, top + i * (row_height + u // 2), width, row_height)
        paging = [self.previous_button, self.next_button]
        for button in paging:
            button.rect = pygame.Rect(0, 0, 0, 0)
        if self.pager.pages > 1:
            row_buttons(paging, pygame.Rect(left, pager_top, width, height), u)
        row_buttons([self.back_button, self.paste_button],
                    pygame.Rect(left, footer_top, width, height), u)
        self.focus.set([*self.game_rows, *(b for b in paging if b.rect.width), self.back_button,
                        self.paste_button])

    def _notice_room(self, w: int) -> int:
        """Room under the buttons for a notice (the longest the app shows, a
        copied Tawlbwrdd code), so one never covers the list or the buttons."""
        gap = max(4, min(self.size) // 80)
        longest = t("notice.copied", code=START_CODES["tawlbwrdd"])
        return notice_height(longest, w - 2 * gap, self.size) + gap

    # --- events and drawing ----------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> Transition | None:
        return handle_buttons(self.focus, event)

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(colour("background"))
        w, _ = self.size
        u = self.unit
        draw_text(surface, t("friends.title"), text_size(u * 1.6), (w // 2, u),
                  colour("accent"), anchor="midtop", bold=True, max_width=w - 2 * u)
        if not self.games:
            y = u + font(text_size(u * 1.6), True).get_linesize() + 2 * u
            size = text_size(u)
            for line in [*wrap(t("friends.none"), size, w - 2 * u),
                         *wrap(t("friends.how"), size, w - 2 * u)]:
                y = draw_text(surface, line, size, (w // 2, y), colour("text_muted"),
                              anchor="midtop", max_width=w - 2 * u).bottom + u // 4
        self.focus.draw(surface, u)


def row_text(entry: FriendGame) -> str:
    """'Brandubh · Attackers · Your move · 2026-12-06 10:40': which game, the
    player's side, whose turn (or the result), and the last move's date."""
    when = time.strftime("%Y-%m-%d %H:%M", time.localtime(entry.date))
    return " · ".join((t(f"game.{entry.game.game}"), side_name(entry.my_side),
                       turn_text(entry), when))


def turn_text(entry: FriendGame) -> str:
    outcome = entry.game.outcome()
    if outcome is not None:
        return t("history.drawn") if outcome.winner is None else \
            t("history.won" if outcome.winner == entry.my_side else "history.lost")
    if entry.my_turn:
        return t("friends.your_move")
    return t("friends.waiting")
