"""The result panel over the board once a game is over: who won and why, the
Druid's summary of each side's play (summary.py), and what to do next — only
what applies to how the game was played (no side to swap on one device,
nothing to take back after watching the computer), in full rows with no
gaps.  It closes (×, Esc, or a press beside it) to study the final board;
*Show result* opens it again."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ...rules.base import Outcome, Reason, other
from ..i18n import side_name, t
from ..play import Mode, Play
from ..theme import colour, font, pixel_ratio, text_size
from ..widgets import Button, Focus, draw_panel, draw_text, fit_size, row_buttons, wrap
from .commands import button_height
from .games import game_ui
from .summary import SummaryTable

CLOSE_TARGET_CSS_PIXELS = 44  # the least a finger can hit reliably
CHOICES_PER_ROW = 2
OFFERED = {Mode.COMPUTER: ("rematch", "swap", "over-undo", "over-menu"),
           Mode.HOTSEAT: ("rematch", "over-undo", "over-menu"),
           Mode.FRIEND: ("over-menu",),  # the game's end is sent with Send
           Mode.WATCH: ("rematch", "over-menu")}
CHOICES = (("rematch", "over.rematch"), ("swap", "over.swap"), ("over-undo", "board.undo"),
           ("over-menu", "board.menu"))


class ResultPanel:
    def __init__(self, play: Play, actions: dict[str, Callable[[], object]]) -> None:
        self.play = play
        close = Button("", actions["over-close"], literal=True, name="over-close")  # drawn as ×
        self.buttons = [close, *[Button(label, actions[name], name=name)
                                 for name, label in CHOICES]]
        self.focus = Focus(spatial=True)
        self.closed = False  # closed by the player to study the final board
        self.box = pygame.Rect(0, 0, 0, 0)
        self.unit = 16
        self.summary = SummaryTable(play)
        self.summary_rect = pygame.Rect(0, 0, 0, 0)

    @property
    def close_button(self) -> Button:
        return self.buttons[0]

    def choices(self) -> list[Button]:
        """The choices that apply to this game's mode, in their order."""
        offered = OFFERED[self.play.setup.mode]
        return [b for b in self.buttons[1:] if b.name in offered]

    # --- layout ----------------------------------------------------------------------------

    def layout(self, size: tuple[int, int], unit: int, board: pygame.Rect) -> None:
        self.unit = u = unit
        choices = self.choices()
        rows = -(-len(choices) // CHOICES_PER_ROW)
        height, gap = button_height(u), u // 2
        self.box = self._box(size, board, rows)
        for button in self.buttons:
            button.rect = pygame.Rect(0, 0, 0, 0)
        top = self.box.bottom - u - rows * (height + gap) + gap
        for row in range(rows):
            area = pygame.Rect(self.box.left + u, top + row * (height + gap),
                               self.box.width - 2 * u, height)
            row_buttons(choices[row * CHOICES_PER_ROW:(row + 1) * CHOICES_PER_ROW], area, gap)
        self.close_button.rect = self._close_rect()
        self.focus.set([b for b in self.buttons if b.visible])

    def _close_side(self) -> int:
        return max(int(CLOSE_TARGET_CSS_PIXELS * pixel_ratio()), int(self.unit * 2.2))

    def _close_rect(self) -> pygame.Rect:
        """The × in the panel's top-right corner, big enough for a finger."""
        side = self._close_side()
        inset = max(4, self.unit // 3)
        return pygame.Rect(self.box.right - inset - side, self.box.top + inset, side, side)

    def _box(self, size: tuple[int, int], board: pygame.Rect, rows: int) -> pygame.Rect:
        w, h = size
        u = self.unit
        width = min(w - 2 * u, 26 * u)
        lines, size = self.title_lines(width)
        title = max(u + font(size, True).get_height() * len(lines),
                    max(4, u // 3) + self._close_side())
        reason = font(text_size(u)).get_linesize() * len(self.reason_lines(width - 2 * u))
        buttons = rows * button_height(u) + (rows - 1) * (u // 2)
        summary = self.summary.height(u)
        height = title + u // 2 + reason + u + (summary + u if summary else 0) + buttons + u
        box = pygame.Rect(0, 0, width, max(11 * u, height))
        box.center = board.center if board.width else (w // 2, h // 2)
        box.clamp_ip(pygame.Rect(0, 0, w, h))
        return box

    # --- what it says ------------------------------------------------------------------------

    def reason_lines(self, width: int) -> list[str]:
        """Why the game ended, wrapped (a narrow phone needs two lines)."""
        outcome = self.play.state.outcome
        if outcome is None:
            return [""]
        reason = self._reason_text(outcome)
        if outcome.scores is not None:
            note = game_ui(self.play.setup.game).score_note(self.play.game.position, outcome)
            reason += note
        return wrap(reason, text_size(self.unit), width)

    def _reason_text(self, outcome: Outcome) -> str:
        """Why the game ended; a resignation says who gave up, a loss on time
        whose clock ran out."""
        if outcome.reason is Reason.NO_LEGAL_MOVE:
            return t("reason.no_legal_move_side", side=side_name(self.play.game.position.side))
        losses = {Reason.RESIGNATION: "resigned", Reason.TIME: "lost_on_time"}
        if outcome.reason not in losses or outcome.winner is None:
            return t(f"reason.{outcome.reason.value}")
        setup = self.play.setup
        loser = other(self.play.game.start.SIDES, outcome.winner)
        key = losses[outcome.reason]
        if setup.mode in (Mode.COMPUTER, Mode.FRIEND) and loser == setup.human_side:
            return t(f"{key}.you")
        return t(f"{key}.{loser}")

    def _title_room(self, width: int) -> int:
        """The title's width in a panel `width` wide: centred, clear of the ×."""
        return width - 2 * (max(4, self.unit // 3) + self._close_side())

    def title_lines(self, width: int) -> tuple[list[str], int]:
        """The title in a panel `width` wide, and its size: one line, shrunk a
        little if that is enough, else wrapped (a long Irish title on a phone)."""
        outcome = self.play.state.outcome
        text = "" if outcome is None else self.title(outcome)
        room, size = self._title_room(width), int(self.unit * 1.7)
        one = fit_size(text, size, room, True)
        if font(one, True).size(text)[0] <= room and one >= text_size(self.unit):
            return [text], one
        size = text_size(self.unit * 1.2)
        lines = wrap(text, size, room, True)
        return lines, min(fit_size(line, size, room, True) for line in lines)

    def title(self, outcome: Outcome) -> str:
        setup = self.play.setup
        if outcome.winner is None:
            return t("over.draw")
        if setup.mode in (Mode.COMPUTER, Mode.FRIEND):
            return t("over.you_win") if outcome.winner == setup.human_side else t("over.you_lose")
        return t("over.side_wins", side=side_name(outcome.winner))

    # --- input and drawing ----------------------------------------------------------------------

    def closes(self, event: pygame.event.Event, on_side_button: bool) -> bool:
        """Esc, or a press outside the panel that is not on a side-panel button
        (those still work: Menu or Undo need not take two clicks)."""
        if event.type == pygame.KEYDOWN:
            return getattr(event, "key", 0) == pygame.K_ESCAPE
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1:
            return not self.box.collidepoint(event.pos) and not on_side_button
        return False

    def close(self) -> None:
        self.closed = True
        self.focus.pressed = self.focus.hover = None

    def draw(self, surface: pygame.Surface, board: pygame.Rect) -> None:
        outcome = self.play.state.outcome
        if outcome is None:
            return
        shade = pygame.Surface(board.size, pygame.SRCALPHA)
        shade.fill(colour("board_shade"))
        surface.blit(shade, board)
        box, u = self.box, self.unit
        draw_panel(surface, box, radius=12)
        close = self.close_button.rect
        lines, size = self.title_lines(box.width)
        y = box.top + u
        for line in lines:
            y = draw_text(surface, line, size, (box.centerx, y), colour("accent"),
                          anchor="midtop", bold=True,
                          max_width=self._title_room(box.width)).bottom
        y = max(y, close.bottom) + u // 2  # the reason runs clear of the ×
        for line in self.reason_lines(box.width - 2 * u):
            y = draw_text(surface, line, text_size(u), (box.centerx, y), anchor="midtop",
                          max_width=box.width - 2 * u).bottom
        self.summary_rect = pygame.Rect(box.left + u, y + u, box.width - 2 * u,
                                        self.summary.height(u))
        self.summary.draw(surface, self.summary_rect, u)
        self.focus.draw(surface, u)
        self._draw_cross(surface, close)

    @staticmethod
    def _draw_cross(surface: pygame.Surface, rect: pygame.Rect) -> None:
        arm = rect.width // 5
        width = max(2, rect.width // 14)
        cx, cy = rect.center
        for dx in (-arm, arm):
            pygame.draw.line(surface, colour("text"), (cx - dx, cy - arm), (cx + dx, cy + arm),
                             width)
