"""Small overlay dialogs: loading a position code or a game record, and
asking before anything that cannot be had back by one click."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from ..platform import clipboard
from ..rules.base import RulesError
from ..rules.transcript import MAX_RECORD_CHARS, read_shared
from .code_errors import explain
from .i18n import t
from .scene import Pop, Scene, Transition
from .theme import colour, font, text_size, touch_height, unit_for
from .widgets import Button, Focus, draw_panel, draw_text, row_buttons, veil, wrap

MAX_CODE_LENGTH = MAX_RECORD_CHARS  # a whole game's record may be pasted
SHOWN_TAIL = 300  # the field shows the end of the text: never measure more than this
# Ctrl on most keyboards, Cmd (reported as META or GUI) on a Mac.
SHORTCUT_MODS = pygame.KMOD_CTRL | pygame.KMOD_META | getattr(pygame, "KMOD_GUI", 0)


class CodeDialog(Scene):
    """Type or paste a position code, a game record, a shared link's game or a
    Reversi transcript; Load pops the game it holds (a `Game`) to the board,
    which asks before replacing an unfinished game and then loads it."""

    def __init__(self, ctx, current: str = "") -> None:
        super().__init__(ctx)
        self.overlay = True
        self.text = current
        self.all_selected = False  # Ctrl/Cmd+A: the next typing, paste or Backspace replaces all
        self.error = ""
        self.box = pygame.Rect(0, 0, 0, 0)
        self.field = pygame.Rect(0, 0, 0, 0)
        self.unit = 16
        self.focus = Focus()
        self.buttons = [Button("dialog.paste", self.paste, name="paste"),
                        Button("dialog.clear", self.clear, name="clear"),
                        Button("dialog.load", self.submit, name="submit"),
                        Button("dialog.cancel", lambda: Pop(), name="cancel")]

    def enter(self) -> None:
        pygame.key.start_text_input()

    def leave(self) -> None:
        pygame.key.stop_text_input()

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        w, h = size
        self.unit = u = unit_for(size, high=28, divisor=40)  # 20 at 1280×800, 27 at 1920×1080
        width = min(w - 2 * u, 40 * u)
        field_height = max(int(2.2 * u), font(self._field_size()).get_linesize() + u)
        button_height = touch_height(2.2 * u)
        message = self._message_lines(width - 2 * u)
        # Two rows of two on a phone, so that each label has room at a readable size.
        rows = 1 if width - 2 * u >= 4 * 9 * u else 2
        buttons_height = rows * button_height + (rows - 1) * (u // 2)
        height = 3 * u + field_height + u // 2 + message * self._message_line() + u + \
            buttons_height + u
        self.box = pygame.Rect(0, 0, width, max(12 * u, height))
        self.box.center = (w // 2, h // 2)
        self.field = pygame.Rect(self.box.left + u, self.box.top + 3 * u,
                                 self.box.width - 2 * u, field_height)
        area = pygame.Rect(self.box.left + u, self.box.bottom - u - buttons_height,
                           self.box.width - 2 * u, button_height)
        per_row = len(self.buttons) // rows
        for row in range(rows):
            row_buttons(self.buttons[row * per_row:(row + 1) * per_row],
                        area.move(0, row * (button_height + u // 2)), u // 2)
        self.focus.set(self.buttons)

    def _field_size(self) -> int:
        return text_size(self.unit * 0.9)

    def _message_size(self) -> int:
        return text_size(self.unit * 0.85)

    def _message_line(self) -> int:
        return font(self._message_size()).get_linesize()

    def _message_lines(self, width: int) -> int:
        """Lines for the help or the error under the field: room for the longer."""
        return max(len(wrap(text, self._message_size(), width))
                   for text in (self.error, t("dialog.record_help")))

    def paste(self) -> None:
        """The clipboard's text; in the browser, also a text prompt to type a code in."""
        def take(text: str | None) -> None:
            if text is not None:  # None: the player cancelled the browser's prompt
                self.text, self.error = text.strip()[:MAX_CODE_LENGTH], ""
                self.all_selected = False
                self.redraw()  # in the browser the answer comes frames later, with no input

        clipboard.paste(take, prompt=t("dialog.record_help"), current=self.text)

    def clear(self) -> None:
        self.text, self.error, self.all_selected = "", "", False

    def select_all(self) -> None:
        self.all_selected = bool(self.text)

    def type_text(self, typed: str) -> None:
        kept = "" if self.all_selected else self.text
        self.text = (kept + typed)[:MAX_CODE_LENGTH]
        self.error, self.all_selected = "", False

    def backspace(self) -> None:
        self.text = "" if self.all_selected else self.text[:-1]
        self.error, self.all_selected = "", False

    def submit(self) -> Transition | None:
        try:
            game = read_shared(self.text)
        except RulesError as error:
            self.error = explain(error)  # plain words; the CLI keeps the precise message
            self.resize(self.size)  # room for the error's lines
            self.ctx.sounds.play("illegal")
            return None
        return Pop(game)

    def handle(self, event: pygame.event.Event) -> Transition | None:
        used, result = self.focus.handle(event)
        if used:
            return result
        if event.type == pygame.TEXTINPUT:
            self.type_text(getattr(event, "text", ""))
        elif event.type == pygame.KEYDOWN:
            return self._key(event)
        return None

    def _key(self, event: pygame.event.Event) -> Transition | None:
        if event.key == pygame.K_ESCAPE:
            return Pop()
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return self.submit()
        shortcut = bool(getattr(event, "mod", 0) & SHORTCUT_MODS)
        if event.key == pygame.K_BACKSPACE:
            self.backspace()
        elif event.key == pygame.K_a and shortcut:
            self.select_all()
        elif event.key == pygame.K_v and shortcut:
            self.paste()
        elif event.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_HOME, pygame.K_END):
            self.all_selected = False  # moving the caret ends a selection, as in any field
        return None

    def draw(self, surface: pygame.Surface) -> None:
        veil(surface)
        u = self.unit
        draw_panel(surface, self.box, radius=12)
        draw_text(surface, t("dialog.record_title"), int(u * 1.2),
                  (self.box.left + u, self.box.top + u), colour("accent"), bold=True,
                  max_width=self.box.width - 2 * u)
        pygame.draw.rect(surface, colour("background"), self.field, border_radius=6)
        pygame.draw.rect(surface, colour("focus"), self.field, 1, border_radius=6)
        shown = " ".join(self.text[-SHOWN_TAIL:].split())  # a record's lines, run together
        size = self._field_size()
        while shown and font(size).size(shown + "|")[0] > self.field.width - u:
            shown = shown[1:]  # show the end being typed
        self._draw_field_text(surface, shown, size)
        message = self.error or t("dialog.record_help")
        y = self.field.bottom + u // 2
        for line in wrap(message, self._message_size(), self.box.width - 2 * u):
            draw_text(surface, line, self._message_size(), (self.box.left + u, y),
                      colour("danger") if self.error else colour("text_muted"),
                      max_width=self.box.width - 2 * u)
            y += self._message_line()
        self.focus.draw(surface, u)

    def _draw_field_text(self, surface: pygame.Surface, shown: str, size: int) -> None:
        """The text being typed with its caret; when all is selected, the text
        stands on a highlight (and the caret goes), as text fields show it."""
        start = (self.field.left + self.unit // 2, self.field.centery)
        if not self.all_selected:
            draw_text(surface, shown + "|", size, start, anchor="midleft")
            return
        width, height = font(size).size(shown)
        highlight = pygame.Rect(start[0] - 2, start[1] - height // 2, width + 4, height)
        pygame.draw.rect(surface, colour("accent_dark"), highlight, border_radius=3)
        draw_text(surface, shown, size, start, colour("text"), anchor="midleft")


@dataclass(frozen=True)
class Confirmed:
    """What a ConfirmDialog pops to the scene beneath when the player says yes;
    saying no pops None, so only a yes can ever act — but for a question
    whose no acts too (`Declined`)."""

    question: str  # which question was answered (a scene may ask several)
    value: Any = None  # what the scene needs to carry on (e.g. the code to load)


@dataclass(frozen=True)
class Declined:
    """What a ConfirmDialog asked with `no_acts` pops when the player says no:
    a question that must be answered either way (the computer's draw offer:
    declined, the computer moves)."""

    question: str


class ConfirmDialog(Scene):
    """A yes/no question over the scene beneath.  The safe answer has the
    keyboard focus, and Esc or a click outside the box also chooses it."""

    def __init__(self, ctx, question: str, title: str, message: str, yes: str, no: str,
                 value: Any = None, no_acts: bool = False) -> None:
        super().__init__(ctx)
        self.overlay = True
        self.answer = Confirmed(question, value)
        self.no_answer = Declined(question) if no_acts else None
        self.title, self.message = title, message  # already in the player's language
        self.box = pygame.Rect(0, 0, 0, 0)
        self.unit = 16
        self.lines: list[str] = []
        self.pressed_outside = False
        self.focus = Focus()
        self.buttons = [Button(yes, self.confirm, name="confirm"),
                        Button(no, self.cancel, name="keep")]

    def confirm(self) -> Transition:
        return Pop(self.answer)

    def cancel(self) -> Transition:
        return Pop(self.no_answer)

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        w, h = size
        self.unit = u = unit_for(size, high=28, divisor=40)  # 20 at 1280×800, 27 at 1920×1080
        width = min(w - 2 * u, 30 * u)
        self.lines = wrap(self.message, text_size(u), width - 2 * u)
        button_height = touch_height(u * 2.4)
        height = int(u * 3.2) + len(self.lines) * self._line_step() + u + button_height + u
        self.box = pygame.Rect(0, 0, width, height)
        self.box.center = (w // 2, h // 2)
        area = pygame.Rect(self.box.left + u, self.box.bottom - u - button_height,
                           self.box.width - 2 * u, button_height)
        row_buttons(self.buttons, area, u)
        self.focus.set(self.buttons)
        self.focus.index = 1  # Enter keeps things as they are until the player moves to yes

    def _line_step(self) -> int:
        return max(int(self.unit * 1.4), font(text_size(self.unit)).get_linesize())

    def handle(self, event: pygame.event.Event) -> Transition | None:
        used, result = self.focus.handle(event)
        if used:
            return result
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            return self.cancel()
        if getattr(event, "button", 0) == 1 and event.type == pygame.MOUSEBUTTONDOWN:
            self.pressed_outside = not self.box.collidepoint(event.pos)
        elif getattr(event, "button", 0) == 1 and event.type == pygame.MOUSEBUTTONUP:
            outside, self.pressed_outside = self.pressed_outside, False
            if outside and not self.box.collidepoint(event.pos):  # a tap beside the box
                return self.cancel()
        return None

    def draw(self, surface: pygame.Surface) -> None:
        veil(surface)
        u = self.unit
        draw_panel(surface, self.box, radius=12)
        draw_text(surface, self.title, int(u * 1.2), (self.box.left + u, self.box.top + u),
                  colour("accent"), bold=True, max_width=self.box.width - 2 * u)
        y = self.box.top + int(u * 3.2)
        for line in self.lines:
            draw_text(surface, line, text_size(u), (self.box.left + u, y),
                      max_width=self.box.width - 2 * u)
            y += self._line_step()
        self.focus.draw(surface, u)
