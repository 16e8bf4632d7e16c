"""The menu: the four games as cards with their start positions (or, for a
game left unfinished, its position with Continue and New), Continue for the
most recent game, settings, and Quit on the desktop."""

from __future__ import annotations

import pygame

from ..rules import GAME_NAMES, start
from .board.games import game_ui
from .i18n import t
from .play import Play, load_saves, move_number
from .scene import (
    Push,
    Quit,
    Scene,
    ToBoard,
    ToFriends,
    ToHistory,
    ToLessons,
    ToPuzzles,
    ToRules,
    ToSettings,
    ToSetup,
    Transition,
)
from .theme import colour, font, text_size, touch_height, unit_for
from .views.base import Marks
from .widgets import Button, Focus, draw_panel, draw_text, label_fits, row_buttons, wrap

LEAST_PREVIEW_UNITS = 2  # a card's board preview is left out below this height


class MenuScene(Scene):
    def __init__(self, ctx) -> None:
        super().__init__(ctx)
        self.focus = Focus(spatial=True)
        self.cards: dict[str, pygame.Rect] = {}
        self.unit = 16
        self.title_y = 16
        self.tagline: list[str] = []  # the tagline's lines (two on a narrow phone)
        self.tagline_shown = True  # a short phone leaves it out, for the cards' room
        self.saves: dict[str, Play] = {}  # each game's unfinished game, if any
        self.previews = {name: game_ui(name) for name in GAME_NAMES}
        self.preview_shown = dict.fromkeys(GAME_NAMES, True)
        self.caption_on_button = [False] * len(GAME_NAMES)
        self.card_buttons = [Button(f"game.{name}", self._open(name), name=f"card-{name}")
                             for name in GAME_NAMES]
        self.new_buttons = [Button("menu.new", self._choose(name), name=f"new-{name}")
                            for name in GAME_NAMES]
        self.rules_buttons = [Button("menu.rules", self._rules(name), name=f"rules-{name}")
                              for name in GAME_NAMES]
        self.continue_button = Button("menu.continue", self.continue_game, name="continue")
        self.settings_button = Button("menu.settings", self.open_settings, name="settings")
        self.history_button = Button("menu.history", lambda: Push(ToHistory()), name="history")
        self.lessons_button = Button("menu.lessons", lambda: Push(ToLessons()), name="lessons")
        self.puzzles_button = Button("menu.puzzles", lambda: Push(ToPuzzles()), name="puzzles")
        self.friends_button = Button("menu.friends", lambda: Push(ToFriends()), name="friends")
        self.quit_button = Button("menu.quit", lambda: Quit(), name="quit")

    def enter(self) -> None:
        self.saves = load_saves(self.ctx.storage)
        self.ctx.take_storage_notices()
        for button, name in zip(self.card_buttons, GAME_NAMES, strict=True):
            button.label = "menu.continue" if name in self.saves else f"game.{name}"
            button.literal = False
        self.resize(self.size)

    @property
    def saved(self) -> Play | None:
        """The game played most recently, for the big Continue button: a player
        coming back mostly wants the game they just left."""
        return max(self.saves.values(), key=lambda play: play.saved_at, default=None)

    def _open(self, name: str):
        """A card's main button: continue its unfinished game, else set up a new one."""
        choose = self._choose(name)

        def open_card() -> Transition:
            saved = self.saves.get(name)
            return choose() if saved is None else self._continue(saved)
        return open_card

    def _choose(self, name: str):
        def choose() -> Transition:
            return Push(ToSetup(name))
        return choose

    def _rules(self, name: str):
        def show() -> Transition:
            return Push(ToRules(name))
        return show

    def continue_game(self) -> Transition | None:
        saved = self.saved
        return None if saved is None else self._continue(saved)

    def _continue(self, saved: Play) -> Transition:
        return Push(ToBoard(saved))

    def open_settings(self) -> Transition:
        return Push(ToSettings())

    # --- layout ----------------------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        w, h = size
        if not w:
            return
        self.unit = u = unit_for(size, high=30, divisor=36)  # 22 at 1280×800, 30 at 1920×1080
        self.title_y = u
        self.tagline = wrap(t("menu.tagline"), text_size(u), w - 2 * u)
        self.tagline_shown = True
        self._layout(w, h, u, self._cards_top(u))
        if not self._card_labels_fit(u):  # a short phone: the tagline's room goes to the cards
            self.tagline_shown = False
            self._layout(w, h, u, self._cards_top(u))
        actions = [b for b in self._actions() if b.visible]
        spare = h - max(b.rect.bottom for b in actions) - u
        if spare > 2 * u:  # centre the whole menu in a tall window
            self.title_y = u + spare // 2
            self._layout(w, h, u, self._cards_top(u) + spare // 2)

    def _cards_top(self, u: int) -> int:
        """Where the cards start: under the title and, where shown, the tagline."""
        lines = len(self.tagline) if self.tagline_shown else 0
        return int(u * 4.4) + lines * font(text_size(u)).get_linesize() + u - u // 10

    def _card_labels_fit(self, u: int) -> bool:
        """Whether every card's Rules button, and each fresh card's game button,
        shows its label whole."""
        buttons = [*self.rules_buttons,
                   *(b for b, name in zip(self.card_buttons, GAME_NAMES, strict=True)
                     if name not in self.saves)]
        return all(label_fits(b.text, u, b.rect) for b in buttons)

    def _layout(self, w: int, h: int, u: int, top: int) -> None:
        columns = 4 if w >= h * 1.3 else 2
        rows = len(self._action_rows(w, u))
        bottom_space = rows * touch_height(u * 2.2) + (rows - 1) * u // 2 + 2 * u + \
            self._caption_room(u)
        full_w = (w - u * (columns + 1)) // columns
        rows = 4 // columns
        card_h = min(int(full_w * 1.3), (h - top - bottom_space - u * rows) // rows)
        card_w = min(full_w, int(card_h / 1.15))
        if not self._buttons_fit(card_w, u):  # a short window: wide cards, small previews
            card_w = full_w
        left = (w - (card_w * columns + u * (columns - 1))) // 2
        for i, name in enumerate(GAME_NAMES):
            r, c = divmod(i, columns)
            card = pygame.Rect(left + c * (card_w + u), top + r * (card_h + u), card_w, card_h)
            self.cards[name] = card
            if name in self.saves:
                preview_bottom = self._layout_saved_card(i, card, u)
            else:
                preview_bottom = self._layout_card(i, card, u)
            # A window too short for its cards still gets a (tiny) preview, never a
            # negative one.
            preview = pygame.Rect(card.left + u // 2, card.top + u // 2, max(1, card.width - u),
                                  max(1, preview_bottom - card.top - u // 2))
            self.previews[name].view.layout(preview)
            # A board shrunk past its smallest would spill out: no preview then.
            self.preview_shown[name] = preview.height >= LEAST_PREVIEW_UNITS * u and \
                preview.contains(self.previews[name].view.rect)
        self._layout_actions(w, h, u)

    def _buttons_fit(self, card_w: int, u: int) -> bool:
        """Whether every card's buttons show their labels whole on a card
        `card_w` wide, side by side (a fresh card) or in a row (a saved one)."""
        height = touch_height(u * 2.1)
        play_width = int((card_w - u) * 0.62)
        half = (card_w - u - u // 3) // 2
        for i, name in enumerate(GAME_NAMES):
            if name in self.saves:
                pairs = [(self.new_buttons[i], half), (self.rules_buttons[i], half)]
            else:
                pairs = [(self.card_buttons[i], play_width),
                         (self.rules_buttons[i], card_w - u - play_width - u // 3)]
            if not all(label_fits(b.text, u, pygame.Rect(0, 0, width, height))
                       for b, width in pairs):
                return False
        return True

    def _layout_card(self, i: int, card: pygame.Rect, u: int) -> int:
        """[Game name][Rules] under the start position; where the preview ends.
        On a narrow card (a phone) they go one above the other."""
        height = touch_height(u * 2.1)
        play_width = int((card.width - u) * 0.62)
        rules_width = card.width - u - play_width - u // 3
        side_by_side = label_fits(self.card_buttons[i].text, u,
                                  pygame.Rect(0, 0, play_width, height)) and \
            label_fits(self.rules_buttons[i].text, u, pygame.Rect(0, 0, rules_width, height))
        stacked_room = card.height - 2 * height - u // 3 - u  # for the preview
        if not side_by_side and stacked_room >= 0:
            gap = u // 3
            self.rules_buttons[i].rect = pygame.Rect(card.left + u // 2,
                                                     card.bottom - u // 2 - height,
                                                     card.width - u, height)
            self.card_buttons[i].rect = self.rules_buttons[i].rect.move(0, -(height + gap))
            self.new_buttons[i].rect = pygame.Rect(0, 0, 0, 0)
            return self.card_buttons[i].rect.top - u // 3
        top = card.bottom - u // 2 - height
        self.card_buttons[i].rect = pygame.Rect(card.left + u // 2, top, play_width, height)
        self.rules_buttons[i].rect = pygame.Rect(
            card.left + u // 2 + play_width + u // 3, top,
            card.width - u - play_width - u // 3, height)
        self.new_buttons[i].rect = pygame.Rect(0, 0, 0, 0)
        return top - u // 3

    def _layout_saved_card(self, i: int, card: pygame.Rect, u: int) -> int:
        """A caption, [Continue] across the card, then [New][Rules]; where the preview ends."""
        height, gap = touch_height(u * 2.1), u // 3
        bottom_row = pygame.Rect(card.left + u // 2, card.bottom - u // 2 - height,
                                 card.width - u, height)
        row_buttons([self.new_buttons[i], self.rules_buttons[i]], bottom_row, gap)
        main = self.card_buttons[i]
        main.rect = bottom_row.move(0, -(height + gap))
        caption = font(self._caption_size(u)).get_linesize()
        # A card too short or too narrow for its caption says it on its Continue button.
        words = saved_caption(self.saves[GAME_NAMES[i]])
        self.caption_on_button[i] = main.rect.top - u // 4 - caption < card.top + u // 2 or \
            font(self._caption_size(u)).size(words)[0] > card.width - u
        if self.caption_on_button[i]:
            main.label, main.literal = words, True
        else:
            main.label, main.literal = "menu.continue", False
        return main.rect.top - caption - u // 2  # room for the caption

    @staticmethod
    def _caption_size(u: int) -> int:
        return text_size(u * 0.85)

    def _caption_room(self, u: int) -> int:
        """Space over Continue for its caption, so it never touches a card."""
        return font(text_size(u * 0.8)).get_linesize() if self.saves else 0

    def _actions(self) -> list[Button]:
        actions = [self.continue_button, self.lessons_button, self.puzzles_button,
                   self.friends_button, self.history_button, self.settings_button]
        if not self.ctx.is_web:
            actions.append(self.quit_button)
        return actions

    def _action_rows(self, w: int, u: int) -> list[list[Button]]:
        """The buttons under the cards: in as few rows as hold their labels
        (one on a wide window, two or three on a phone)."""
        actions = self._actions()
        height = touch_height(u * 2.2)
        for count in range(1, 4):
            rows = even_rows(actions, count)
            width = self._action_width(w, u, len(rows[0]))
            if all(label_fits(b.text, u, pygame.Rect(0, 0, width, height)) for b in actions):
                return rows
        return rows

    def _action_width(self, w: int, u: int, count: int) -> int:
        """The width of each of `count` buttons side by side under the cards."""
        gap = u if w >= 3 * 14 * u + 4 * u else u // 2
        return min(14 * u, (w - 2 * u - gap * (count - 1)) // count)

    def _layout_actions(self, w: int, h: int, u: int) -> None:
        self.continue_button.enabled = bool(self.saves)
        gap = u if w >= 3 * 14 * u + 4 * u else u // 2
        height = touch_height(u * 2.2)
        top = max(card.bottom for card in self.cards.values()) + self._caption_room(u) + u
        rows = self._action_rows(w, u)
        width = self._action_width(w, u, len(rows[0]))  # a short last row keeps the width
        for row in rows:
            total = len(row) * width + (len(row) - 1) * gap
            for i, button in enumerate(row):
                button.rect = pygame.Rect((w - total) // 2 + i * (width + gap), top,
                                          width, height)
            top += height + gap
        cards = [b for trio in zip(self.card_buttons, self.new_buttons, self.rules_buttons,
                                   strict=True) for b in trio]
        self.focus.set([*cards, *[b for row in rows for b in row]])

    # --- events and drawing ----------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> Transition | None:
        used, result = self.focus.handle(event)
        if used:
            return result
        if event.type == pygame.MOUSEBUTTONUP and getattr(event, "button", 1) == 1:
            for button, name in zip(self.card_buttons, GAME_NAMES, strict=True):
                if self.cards[name].collidepoint(event.pos):
                    return button.action()
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and \
                not self.ctx.is_web:
            return Quit()
        return None

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(colour("background"))
        if " ".join(self.tagline) != " ".join(t("menu.tagline").split()):
            self.resize(self.size)  # the language changed under the menu: wrap afresh
        w, _ = self.size
        u = self.unit
        draw_text(surface, t("app.title"), int(u * 2.6), (w // 2, self.title_y), colour("accent"),
                  anchor="midtop", bold=True)
        size = text_size(u)
        y = self.title_y + int(u * 3.4)
        for line in self.tagline if self.tagline_shown else ():
            y = draw_text(surface, line, size, (w // 2, y), colour("text_muted"),
                          anchor="midtop", max_width=w - 2 * u).bottom
        for i, name in enumerate(GAME_NAMES):
            card = self.cards[name]
            draw_panel(surface, card, radius=12)
            saved = self.saves.get(name)
            if self.preview_shown[name]:
                self.previews[name].draw(surface, saved.position if saved else start(name),
                                         Marks(), None)
            if saved is not None and not self.caption_on_button[i]:
                draw_text(surface, saved_caption(saved), self._caption_size(u),
                          (card.centerx, self.card_buttons[i].rect.top - u // 4),
                          colour("accent"), anchor="midbottom", max_width=card.width - u)
        self.focus.draw(surface, u)
        saved = self.saved
        if saved is not None:
            caption, size = saved_caption(saved), text_size(u * 0.8)
            # Over Continue, moved in where Continue is narrower than its caption
            # at the screen's edge (four buttons in one row on a phone).
            # Never nearer the window's edge than the buttons are.
            half = min(font(size).size(caption)[0], w - 2 * u) // 2 + u
            x = max(half, min(self.continue_button.rect.centerx, w - half))
            draw_text(surface, caption, size, (x, self.continue_button.rect.top - 3),
                      colour("text_muted"), anchor="midbottom", max_width=w - 2 * u)


def saved_caption(saved: Play) -> str:
    """'Reversi · move 33', on the game's card and over Continue: the number the
    move list shows on its last line, not the count of plies."""
    game = t(f"game.{saved.setup.game}")
    if not saved.game.ply:
        return t("menu.saved_start", game=game)
    return t("menu.saved_at", game=game, number=move_number(saved.game.ply))


def even_rows(buttons: list[Button], count: int) -> list[list[Button]]:
    """`buttons` in `count` rows as even as they go (seven in three: 3, 2, 2),
    the longer rows first, so no button is left alone on the last row."""
    size, longer = divmod(len(buttons), count)
    rows, start = [], 0
    for row in range(count):
        end = start + size + (1 if row < longer else 0)
        rows.append(buttons[start:end])
        start = end
    return [row for row in rows if row]
