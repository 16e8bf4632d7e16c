"""The board scene shared by all four games: board, side panel, input, the
computer's turn, animations, the game-over panel and autosave."""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from itertools import islice

import pygame

from ...platform import clipboard, web
from ...rules import spec
from ...rules.base import Move, Position, Reason, other
from ...rules.record import Game
from ...rules.transcript import write_link, write_record
from ..analysis_view import AnalysisView, MoveValuesView
from ..dialogs import CodeDialog, ConfirmDialog, Confirmed
from ..i18n import side_name, t
from ..opening import Shared
from ..play import HUMAN, Frame, Mode, Play, Setup, load_save, move_number
from ..play_events import (
    Actor,
    DrawAnswered,
    DrawOffered,
    Event,
    GameEnded,
    HintFound,
    HistoryChanged,
    Moved,
    PassDue,
    Refused,
    Why,
)
from ..scene import Pop, Push, Replace, Reset, Scene, ToBoard, ToMenu, ToRules, Transition
from ..theme import colour, css_pixels, font, pixel_ratio, text_size, touch_height, unit_for
from ..views.base import Marks, draw_arrow, draw_better_move
from ..widgets import (
    Button,
    Focus,
    draw_lines,
    draw_panel,
    draw_text,
    row_buttons,
    stack_buttons,
    veil,
    wrap,
)
from .games import Animation, GameUI, game_ui
from .move_list import Entry, MoveList

DRAG_START_PIXELS = 6
FRAME_BUDGET = 0.008  # seconds of search in a frame that draws: the rest of 60 Hz is drawing
# In a frame with nothing to draw the search may run until this long after the
# frame began: most of a 60 Hz frame (16.7 ms), the rest left for the loop.
QUIET_FRAME_BUDGET = 0.015
SPINNER_STEPS_PER_SECOND = 3  # the thinking dots: only a few redraws a second
REFUSAL_SECONDS = 0.5  # the red flash on a piece or square that has no move
HINT_PULSE_SECONDS = 1.6
CLOSE_TARGET_CSS_PIXELS = 44  # the least a finger can hit reliably
# When the side panel is short (a small phone held upright), these stay in its
# one row of buttons and the rest go behind More (see MoreMenu).
EVERYDAY_BUTTONS = ("undo", "redo", "hint", "show-result")
# Keys that walk the replay: back one move, on one move.  The plain arrows do
# too whenever the board has no move for the player to pick (see _replay_key).
REPLAY_BACK_KEYS = (pygame.K_PAGEUP,)
REPLAY_ON_KEYS = (pygame.K_PAGEDOWN,)


class BoardScene(Scene):
    def __init__(self, ctx, play: Play) -> None:
        super().__init__(ctx)
        self.play = play
        self.ui: GameUI = game_ui(play.setup.game)
        self.animation: Animation | None = None
        self.selected: int | None = None
        # The selected piece's capturing destinations, worked out once per selection:
        # (position, orig, rings).
        self._rings_for: tuple[object, int | None, tuple[int, ...]] = (None, None, ())
        self.press: tuple[int, int] | None = None
        self.drag: tuple[int, int] | None = None
        self.cursor: int | None = None
        self.focus = Focus(arrows=False)  # the arrow keys walk the board cursor
        self.over_focus = Focus()
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.unit = 16
        self.announced = False  # the game's end was sounded (once its last move was shown)
        self.refused: tuple[int, float] | None = None  # a cell with no move, flash seconds left
        self.clock = 0.0  # seconds shown, for the hint ring's beat
        self.result_closed = False  # the player closed the result panel to study the board
        self.shown_buttons: tuple[str, ...] = ()  # which side buttons the rows were laid for
        self.moves_rect = pygame.Rect(0, 0, 0, 0)  # the move list, as last drawn
        self._shown_looks: tuple = ()
        self.waited = 0.0  # seconds the computer has been to move: the thinking dots
        # Replay: the ply the board shows instead of the game's own position (None:
        # the game itself).  Only show_ply/back_to_game change it; each change is
        # told to every shown_ply_listeners callback, with the new value.
        self.viewing: int | None = None
        self.shown_ply_listeners: list[Callable[[int | None], None]] = []
        self.move_list = MoveList()
        self.analysis = AnalysisView(play)  # the Druid's analysis of this game, once asked for
        self.move_values = MoveValuesView(play)  # the Druid's value on each legal square (toggle)
        self.list_press: tuple[int, int, int] | None = None  # (x, y, lines scrolled) in the list
        self.play.resume()  # a game comes to a board live, whatever another board left
        self.play.storage = ctx.storage  # autosaved by Play after every change
        self.replay_buttons = [
            Button("◀", lambda: self.step_replay(-1), literal=True, name="replay-prev"),
            Button("▶", lambda: self.step_replay(1), literal=True, name="replay-next"),
            Button("replay.back", self.back_to_game, name="replay-back"),
        ]
        self.buttons = self._make_buttons()
        self.more_button = Button("board.more", self.open_more, name="more")
        self.overflowing = False  # whether some buttons are behind More
        self.over_buttons = [
            Button("", self.close_result, literal=True, name="over-close"),  # drawn as ×
            Button("over.rematch", self.rematch, name="rematch"),
            Button("over.swap", self.swap_sides, name="swap"),
            Button("board.undo", self.undo, name="over-undo"),
            Button("board.menu", self.to_menu, name="over-menu"),
        ]

    def _make_buttons(self) -> list[Button]:
        buttons = [
            Button("board.undo", self.undo, name="undo"),
            Button("board.redo", self.redo, name="redo"),
            Button("board.hint", self.hint, name="hint"),
            Button("board.copy", self.copy_code, name="copy"),
            Button("board.share", self.share, name="share"),
            Button("board.load", self.load_code, name="load"),
            Button("board.rules", self.show_rules, name="rules"),
            Button("board.resign", self.resign, name="resign"),
            Button("board.menu", self.to_menu, name="menu"),
        ]
        # Only once the game is over and its result panel was closed (see _shown).
        buttons.insert(0, Button("board.show_result", self.show_result, name="show-result"))
        # Once the game is over, or while replay shows a move (see _shown).
        buttons.insert(1, Button("board.analyse", self.toggle_analysis, name="analyse"))
        if self.ui.value_hints:  # beside Hint
            buttons.insert(_index(buttons, "hint") + 1,
                           Button("board.values", self.toggle_values, name="values"))
        if spec(self.play.setup.game).draw_by_agreement:  # before Rules
            buttons.insert(_index(buttons, "rules"),
                           Button("board.draw", self.offer_draw, name="draw"))
        return buttons

    # --- layout -------------------------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        w, h = size
        # Grows with big windows (1920×1080: 30) and is 22 at 1280×800 as before.
        self.unit = unit_for(size, high=32, divisor=36)
        pad = self.unit
        if w >= h * 1.1:  # landscape: board left, panel right
            side = min(h - 2 * pad, int(w * 0.62))
            board = pygame.Rect(pad, (h - side) // 2, side, side)
            self.panel = pygame.Rect(board.right + pad, pad, w - board.right - 2 * pad, h - 2 * pad)
        else:  # portrait: board on top, panel below
            side = min(w - 2 * pad, int(h * 0.55))
            board = pygame.Rect((w - side) // 2, pad, side, side)
            self.panel = pygame.Rect(pad, board.bottom + pad // 2, w - 2 * pad,
                                     h - board.bottom - pad - pad // 2)
        self.ui.view.layout(board)
        self._layout_buttons()

    def _layout_buttons(self) -> None:
        visible = [b for b in self.buttons if self._shown(b)]
        for button in [*self.buttons, self.more_button]:
            button.rect = pygame.Rect(0, 0, 0, 0)
        height, gap = self._button_height(), self.unit // 2
        columns = 4 if self.panel.width >= 30 * self.unit else 3
        rows = math.ceil(len(visible) / columns)
        replay_row = (height + gap) if self.viewing is not None else 0
        self.overflowing = self.panel.height - rows * (height + gap) - replay_row < \
            self._text_room()
        if self.overflowing:
            visible = [*self._everyday(visible), self.more_button]
            columns, rows = len(visible), 1
        top = self.panel.bottom - rows * (height + gap) + gap
        for r in range(rows):
            area = pygame.Rect(self.panel.left, top + r * (height + gap), self.panel.width,
                               height)
            row_buttons(visible[r * columns:(r + 1) * columns], area, gap)
        self._layout_replay_buttons(top - gap - height, height, gap)
        self.focus.set([b for b in self.replay_buttons if b.visible] + visible)
        self.shown_buttons = tuple(b.name for b in self.buttons if self._shown(b))
        self._layout_over_buttons(height)

    def _layout_replay_buttons(self, top: int, height: int, gap: int) -> None:
        """While replay shows a move: ◀ ▶ and Back to the game, in a row above
        the side buttons (Back takes most of the row: its label is long in Irish
        and it is the one that matters)."""
        for button in self.replay_buttons:
            button.rect = pygame.Rect(0, 0, 0, 0)
        if self.viewing is None:
            return
        prev, following, back = self.replay_buttons
        step = max(height, (self.panel.width - 2 * gap) // 6)
        prev.rect = pygame.Rect(self.panel.left, top, step, height)
        following.rect = pygame.Rect(prev.rect.right + gap, top, step, height)
        back.rect = pygame.Rect(following.rect.right + gap, top,
                                self.panel.right - following.rect.right - gap, height)

    def _button_height(self) -> int:
        return touch_height(self.unit * 2.2)

    def _everyday(self, visible: list[Button]) -> list[Button]:
        """The buttons kept in the one row: Show result takes Hint's place once
        the game is over (no hint is given then)."""
        kept = [b for b in visible if b.name in EVERYDAY_BUTTONS]
        if any(b.name == "show-result" for b in kept):
            kept = [b for b in kept if b.name != "hint"]
        return sorted(kept, key=lambda b: EVERYDAY_BUTTONS.index(b.name) % 3)

    def _text_room(self) -> int:
        """The height the panel's text wants above its buttons: title, players,
        status, the game's info lines, its extra drawing, and a few moves."""
        u = self.unit
        line = font(text_size(u)).get_linesize()
        info = len(self.ui.info(self.play.position, self.play.game.start, self.play.game.moves))
        return font(int(u * 1.6), True).get_linesize() + 3 * line + info * (line + 4) + \
            2 * u + self._move_line_height() * 3 + 2 * u

    def in_overflow(self, name: str) -> bool:
        """Whether the button called `name` is behind More just now."""
        return self.overflowing and any(b.name == name and self._shown(b) and not b.visible
                                        for b in self.buttons)

    def open_more(self) -> Transition:
        hidden = [b for b in self.buttons if self._shown(b) and not b.visible]
        return Push(MoreMenu(self.ctx, hidden, self.more_button.rect))

    def _layout_over_buttons(self, height: int) -> None:
        box = self._over_box()
        area = pygame.Rect(box.left + self.unit, box.bottom - height * 2 - self.unit // 2
                           - self.unit, box.width - 2 * self.unit, height)
        close, choices = self.over_buttons[0], self.over_buttons[1:]
        row_buttons(choices[:2], area, self.unit // 2)
        row_buttons(choices[2:], area.move(0, height + self.unit // 2), self.unit // 2)
        choices[1].rect.width *= self.play.setup.mode == Mode.COMPUTER
        close.rect = self._close_rect(box)
        self.over_focus.set([b for b in self.over_buttons if b.visible])

    def _close_rect(self, box: pygame.Rect) -> pygame.Rect:
        """The result panel's × in its top-right corner, big enough for a finger."""
        side = self._close_side()
        inset = max(4, self.unit // 3)
        return pygame.Rect(box.right - inset - side, box.top + inset, side, side)

    def _close_side(self) -> int:
        return max(int(CLOSE_TARGET_CSS_PIXELS * pixel_ratio()), int(self.unit * 2.2))

    def _reason_lines(self, width: int) -> list[str]:
        """The result panel's reason, wrapped (a narrow phone needs two lines)."""
        outcome = self.play.state.outcome
        if outcome is None:
            return [""]
        reason = self._reason_text(outcome)
        if outcome.scores is not None:
            reason += f" ({outcome.scores[0]}–{outcome.scores[1]})"
        return wrap(reason, text_size(self.unit), width)

    def _shown(self, button: Button) -> bool:
        if button.name == "show-result":
            return self.result_closed and self.play.state.over
        if button.name == "analyse":
            return self.play.game.ply > 0 and (self.play.state.over or self.viewing is not None)
        return True

    def _over_box(self) -> pygame.Rect:
        w, h = self.size
        u = self.unit
        width = min(w - 2 * u, 26 * u)
        title = max(u + font(int(u * 1.7), True).get_linesize(),
                    max(4, u // 3) + self._close_side())
        reason = font(text_size(u)).get_linesize() * len(self._reason_lines(width - 2 * u))
        height = title + u // 2 + reason + u + 2 * self._button_height() + u // 2 + u
        box = pygame.Rect(0, 0, width, max(13 * u, height))
        box.center = self.ui.view.rect.center if self.ui.view.rect.width else (w // 2, h // 2)
        box.clamp_ip(pygame.Rect(0, 0, w, h))
        return box

    # --- input ----------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> Transition | None:
        if self.game_over_panel:
            used, result = self.over_focus.handle(event)
            if used:
                return result
            if self._closes_result(event):
                self.close_result()
                if self._in_move_list(event):  # a move picked there shows it at once
                    self._list_pointer(event)
                return None
        used, result = self.focus.handle(event)
        if used:
            return result
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN) and self.animation is not None:
            self.animation = None  # a player who acts mid-animation need not wait for it
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        if event.type == pygame.MOUSEWHEEL:
            self._scroll_list(-int(getattr(event, "y", 0)))
            return None
        if self._list_pointer(event) or self._analysis_pointer(event):
            return None
        if self.viewing is not None:
            self._refuse_while_viewing(event)
            return None
        if not self._can_move():
            return None
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1:
            self._pointer_down(event.pos)
        elif event.type == pygame.MOUSEMOTION and self.press is not None:
            if self.drag or math.dist(event.pos, self.press) > DRAG_START_PIXELS:
                self.drag = event.pos
        elif event.type == pygame.MOUSEBUTTONUP and getattr(event, "button", 1) == 1:
            self._pointer_up(event.pos)
        return None

    def _can_move(self) -> bool:
        return self.viewing is None and self.play.may_move(self.animation is not None)

    def _pointer_down(self, pos: tuple[int, int]) -> None:
        target = self.ui.view.target_at(pos)
        self.cursor = None
        if target is not None:
            self._activate(target, pos)

    def _activate(self, target: int, pos: tuple[int, int] | None = None) -> None:
        """A click (or Enter) on `target`: select, move, or refuse."""
        position = self.play.position
        if not self.ui.two_step:
            move = self.ui.targets(position).get(target)
            if move is None:
                self._refuse(target)
            else:
                self._make(move)
            return
        if self.selected is not None:
            move = self.ui.destinations(position, self.selected).get(target)
            if move is not None:
                self._try(move)
                return
        if target in self.ui.origins(position):
            self.selected = target
            self.press = pos
            self.drag = None
        else:
            if self.selected is not None or self.ui.holds_piece(position, target):
                self._refuse(target)
            self.selected = None

    def _pointer_up(self, pos: tuple[int, int]) -> None:
        dragged, self.drag, self.press = self.drag, None, None
        if dragged is None or self.selected is None:
            return
        target = self.ui.view.target_at(pos)
        move = self.ui.destinations(self.play.position, self.selected).get(target)
        if move is not None:
            self._try(move)

    def _try(self, move: Move | None) -> None:
        if move is None:
            self.ctx.sounds.play("illegal")
            return
        self._make(move)

    def _key(self, event: pygame.event.Event) -> Transition | None:
        key, mods = getattr(event, "key", 0), getattr(event, "mod", 0)
        if self._replay_key(key, mods):
            return None
        if (key == pygame.K_z and mods & pygame.KMOD_CTRL) or key == pygame.K_u:
            return self.undo()
        if key == pygame.K_y and mods & pygame.KMOD_CTRL:
            return self.redo()
        if key == pygame.K_h:
            return self.hint()
        if key == pygame.K_ESCAPE:
            self.selected = None
            return None
        moves = {pygame.K_LEFT: (0, -1), pygame.K_RIGHT: (0, 1), pygame.K_UP: (-1, 0),
                 pygame.K_DOWN: (1, 0)}
        if key in moves:
            self.focus.index = None  # the keyboard now works the board
            self._move_cursor(*moves[key])
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and \
                self.cursor is not None and self._can_move():
            self._activate(self.cursor)
        return None

    def _replay_key(self, key: int, mods: int) -> bool:
        """Home, End, Page Up/Down and Ctrl+←/→ walk the replay at any time; the
        plain ←/→ too while replay shows a move, and whenever the board has no move
        for the player to pick (the computer's turn, a game over) — on the
        player's turn they walk the board cursor.  Esc goes back to the game.
        Whether the key was used."""
        walking = self.viewing is not None or not self._can_move() or mods & pygame.KMOD_CTRL
        if key == pygame.K_HOME:
            self.show_ply(0)
        elif key == pygame.K_END or (key == pygame.K_ESCAPE and self.viewing is not None):
            self.back_to_game()
        elif key in REPLAY_BACK_KEYS or (walking and key == pygame.K_LEFT):
            self.step_replay(-1)
        elif key in REPLAY_ON_KEYS or (walking and key == pygame.K_RIGHT):
            self.step_replay(1)
        else:
            return self.viewing is not None and key in (pygame.K_UP, pygame.K_DOWN)
        self.focus.index = None  # the keys now work the replay, not a button
        return True

    def _move_cursor(self, drow: int, dcol: int) -> None:
        """Arrow keys walk a cursor over the squares (pits: along the rows)."""
        view = self.ui.view
        count = spec(self.play.setup.game).cells
        if self.cursor is None:
            self.cursor = self.selected if self.selected is not None else count // 2
            return
        centre = view.cell(self.cursor).center
        step = view.cell(self.cursor).width
        probe = (centre[0] + dcol * step * 1.05, centre[1] + drow * step * 1.05)
        target = view.target_at((int(probe[0]), int(probe[1])))
        if target is not None:
            self.cursor = target

    # --- replay: the board shows the position after an earlier move -------------------------

    @property
    def shown_ply(self) -> int:
        """The ply whose position the board shows: the one replay shows, else the game's."""
        return self.play.game.ply if self.viewing is None else self.viewing

    @property
    def shown_position(self) -> Position:
        """The position on the board: the game's own, or the one replay shows."""
        if self.viewing is None:
            return self.play.position
        return next(islice(self.play.game.replay(), self.viewing, None))

    def show_ply(self, ply: int, *, animate: bool = False) -> None:
        """Show the position after `ply` plies (0: the start), view only.  The
        game's own ply is the game itself: showing it goes back to the game.
        `animate` plays the move that led there (stepping on one move)."""
        ply = max(0, min(ply, self.play.game.ply))
        if ply == self.play.game.ply:
            self.back_to_game()
            return
        if ply == self.viewing:
            return
        entering = self.viewing is None
        self.animation = None  # a move still on show is finished at once
        self.selected = self.press = self.drag = None
        self.viewing = ply
        if entering:
            self.play.pause()  # the computer neither thinks nor plays while the player looks
            self._layout_buttons()
        if animate:
            self._animate_replayed_move(ply)
        self._shown_ply_changed()

    def back_to_game(self) -> None:
        """Leave replay: the board shows the game again, and the computer carries on."""
        if self.viewing is None:
            return
        self.viewing = None
        self.animation = None
        self.play.resume()
        self.move_list.follow = True
        self._layout_buttons()
        self._shown_ply_changed()

    def step_replay(self, plies: int) -> None:
        """Move the replay `plies` back (negative) or on from the ply shown;
        one step on animates the move, as it was played."""
        self.show_ply(self.shown_ply + plies, animate=plies == 1)

    def _animate_replayed_move(self, ply: int) -> None:
        game = self.play.game
        positions = list(islice(game.replay(), ply - 1, ply + 1))
        effects = game.effects[ply - 1]
        duration = self.ui.animation_time(effects) * self.ctx.animation_scale
        self.animation = Animation(positions[0], positions[1], game.moves[ply - 1], effects,
                                   duration)

    def _shown_ply_changed(self) -> None:
        self.redraw()
        for listener in list(self.shown_ply_listeners):
            listener(self.viewing)

    def _in_move_list(self, event: pygame.event.Event) -> bool:
        return event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1 and \
            self.moves_rect.collidepoint(event.pos)

    def _list_pointer(self, event: pygame.event.Event) -> bool:
        """A press in the move list: a tap or click on a move shows it, a drag
        scrolls the list (a finger's way).  Whether the event was the list's."""
        if self._in_move_list(event):
            self.list_press = (*event.pos, 0)
            return True
        if self.list_press is None:
            return False
        x, y, scrolled = self.list_press
        if event.type == pygame.MOUSEMOTION:
            lines = int((y - event.pos[1]) / max(1, self.move_list.line_height))
            if lines != scrolled:
                self._scroll_list(lines - scrolled)
                self.list_press = (x, y, lines)
        elif event.type == pygame.MOUSEBUTTONUP and getattr(event, "button", 1) == 1:
            self.list_press = None
            ply = self.move_list.ply_at(event.pos) if scrolled == 0 else None
            if ply is not None:
                self.show_ply(ply)
        return True

    def _scroll_list(self, lines: int) -> None:
        if lines and self.move_list.scroll(lines):
            self.redraw()

    def _refuse_while_viewing(self, event: pygame.event.Event) -> None:
        """A press on the board in replay plays nothing: say how to play on."""
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1 and \
                self.ui.view.rect.collidepoint(event.pos):
            self.ctx.notify(t("replay.board_locked"))

    # --- the Druid's analysis ------------------------------------------------------------------

    def toggle_analysis(self) -> None:
        """Analyse the moves that lack a verdict; while it runs, stop it."""
        self._request(self.play.toggle_analysis())
        self.redraw()

    def toggle_values(self) -> None:
        """Show (or hide) the Druid's value on every legal square."""
        self.play.toggle_values()
        self.redraw()

    def _analysis_pointer(self, event: pygame.event.Event) -> bool:
        """A press on the analysis block: its × stops the analysis, a point on the
        graph shows that move.  Whether the event was the analysis's."""
        if event.type != pygame.MOUSEBUTTONDOWN or getattr(event, "button", 1) != 1:
            return False
        if self.analysis.stop_at(event.pos):
            self._request(self.play.toggle_analysis())
            self.redraw()
            return True
        ply = self.analysis.ply_at(event.pos)
        if ply is None:
            return False
        self.show_ply(ply)
        return True

    def _draw_better_move(self, surface: pygame.Surface) -> None:
        """In replay, on a marked move: the move the Druid found better."""
        move = self.analysis.better_move(self.viewing or 0)
        if move is not None:
            draw_better_move(surface, self.ui.view, self.ui.move_squares(move))

    # --- actions (buttons and keys) ---------------------------------------------------------

    def undo(self) -> None:
        if self.viewing is not None:
            return  # disabled in replay: which move would it take back, the shown or the last?
        self._settle()
        self._request(self.play.request_undo())

    def redo(self) -> None:
        if self.viewing is not None:
            return
        self._settle()
        self._request(self.play.request_redo())

    def _after_history_change(self) -> None:
        self.back_to_game()  # a new history: a ply shown from the old one means nothing
        self.selected, self.announced = None, False
        self.refused = None

    def hint(self) -> None:
        if self._can_move():
            self._request(self.play.request_hint())

    def copy_code(self) -> None:
        code = self.play.position.code()

        def tell(copied: bool) -> None:  # in the browser this comes a frame or two later
            self.ctx.notify(t("notice.copied" if copied else "notice.copy_by_hand", code=code))

        clipboard.copy(code, tell)

    def share(self) -> None:
        """The whole game for someone else: on the web a link to this page that
        opens it (also left in the address bar), elsewhere the record's text."""
        game = self.play.game
        link = web.share_link(write_link(game))
        if link is None:
            self._copy_record(write_record(game))
            return

        def tell(copied: bool) -> None:
            self.ctx.notify(t("notice.link_copied" if copied else "notice.link_in_address"))

        clipboard.copy(link, tell)

    def _copy_record(self, record: str) -> None:
        def tell(copied: bool) -> None:
            self.ctx.notify(t("notice.record_copied" if copied else "notice.record_not_copied"))

        clipboard.copy(record, tell)

    def load_code(self) -> Transition:
        return Push(CodeDialog(self.ctx, self.play.position.code()))

    def show_rules(self) -> Transition:
        return Push(ToRules(self.play.setup.game))

    def returned(self, result) -> Transition | None:
        if isinstance(result, MoreChoice):  # a button chosen behind More
            chosen = next(b for b in self.buttons if b.name == result.name)
            return chosen.action() if chosen.enabled else None
        if isinstance(result, Game | Shared):  # from the code dialog, or opened at start
            return self._ask_before_load(result)
        if isinstance(result, Confirmed) and result.question == "load":
            return self._load(result.value)
        if isinstance(result, Confirmed) and result.question == "resign":
            self._resign_now()
        return None

    def _ask_before_load(self, wanted: Game | Shared) -> Transition | None:
        """Load a game (a record, or a position code's one position), asking
        first when it would replace an unfinished game: this one, or (for
        another game's record) that game's own saved one — unless that is the
        very same game, as when a shared link is opened again."""
        loading = wanted.game if isinstance(wanted, Shared) else wanted
        game = loading.game
        replaced = self.play if game == self.play.setup.game \
            else load_save(self.ctx.storage, game)
        self.ctx.take_storage_notices()
        if replaced is None or not replaced.unfinished or same_record(replaced.game, loading):
            return self._load(loading)
        message = t("confirm.replace.body", game=t(f"game.{game}"))
        title = "confirm.load_record.title" if loading.ply else "confirm.load.title"
        return Push(ConfirmDialog(self.ctx, "load", t(title), message,
                                  "dialog.load", "confirm.keep_game", value=wanted))

    def _load(self, wanted: Game | Shared) -> Transition | None:
        """Put the game on a board: this one, or (another game's) its own.  A
        shared game is played on by people only (`Shared.mode`); a loaded one
        keeps who played here.  The move list holds the record's moves, so a
        click on one replays the game from there."""
        loading = wanted.game if isinstance(wanted, Shared) else wanted
        mode = wanted.mode if isinstance(wanted, Shared) else None
        setup = self.play.setup
        position = loading.start
        if setup.game != loading.game:
            side = position.SIDES[0] if setup.human_side not in position.SIDES \
                else setup.human_side
            setup = Setup(loading.game, mode or setup.mode, side, setup.level, setup.seed)
            loaded = Play(setup, loading)
            loaded.mark_unsaved()  # kept in its own slot by its board's first frame
            if self.play.unfinished:  # it stays in its own slot
                self.ctx.notify(t("notice.game_kept", game=t(f"game.{self.play.setup.game}")))
            return Replace(ToBoard(loaded))
        self._request(self.play.load(loading, mode))
        self.ctx.notify(t("notice.record_loaded" if loading.ply else "notice.loaded"))
        return None

    def resign(self) -> Transition | None:
        """Ask first: one stray click must not end a game."""
        if self.play.state.over or self.play.setup.mode == Mode.WATCH:
            return None
        message = t("confirm.resign.you" if self.play.setup.mode == Mode.COMPUTER
                    else "confirm.resign.hotseat")
        return Push(ConfirmDialog(self.ctx, "resign", t("confirm.resign.title"), message,
                                  "confirm.resign.yes", "confirm.keep_playing"))

    def _resign_now(self) -> None:
        self._settle()
        self._request(self.play.request_resign())

    def offer_draw(self) -> None:
        """Against the computer it answers once its short search ends (a few
        frames); on one device the other player accepts by pressing the same
        button on their turn."""
        self._request(self.play.offer_draw())

    def to_menu(self) -> Transition:
        return Reset(ToMenu())  # leaving stops the game's searches (see leave)

    def rematch(self) -> Transition:
        return Replace(ToBoard(Play(self.play.setup)))

    def swap_sides(self) -> Transition:
        sides = self.play.game.start.SIDES
        return Replace(ToBoard(Play(self.play.setup.swapped(sides))))

    def leave(self) -> None:
        self.play.stop()

    # --- what Play reports ------------------------------------------------------------------

    def _make(self, move: Move) -> None:
        """Play a move a person chose (from the engine's own lists)."""
        self._request(self.play.request_move(move))

    def _request(self, events: list[Event]) -> None:
        for event in events:
            self._apply(event)

    def _apply(self, event: Event) -> None:
        """Show what happened: a move animated and sounded, a notice, the result."""
        self.redraw()
        if isinstance(event, Moved):
            self._show_move(event)
        elif isinstance(event, PassDue):
            self.ctx.notify(self._pass_message())
        elif isinstance(event, DrawOffered):
            self.ctx.notify(t("notice.draw_offered"))
        elif isinstance(event, DrawAnswered) and not event.accepted:
            self.ctx.notify(t("notice.draw_declined"))
        elif isinstance(event, GameEnded):
            self.announced = False
        elif isinstance(event, HistoryChanged):
            self._after_history_change()
        elif isinstance(event, Refused):
            self._refused(event)
        elif isinstance(event, HintFound):
            pass  # drawn from Play's hint

    def _show_move(self, moved: Moved) -> None:
        """A move just played: animated (a pass moves nothing) and sounded."""
        turn, played = moved.turn, moved.turn.played
        self.selected = self.press = self.drag = None
        captured = played.effects.captured
        self.ctx.sounds.play("capture" if captured else "move")
        if moved.by == Actor.FORCED:
            self.animation = None
            return
        duration = self.ui.animation_time(played.effects) * self.ctx.animation_scale
        self.animation = Animation(turn.before, played.position, turn.move, played.effects,
                                   duration)

    def _refused(self, refused: Refused) -> None:
        if refused.why == Why.COMPUTER_ILLEGAL:
            self.ctx.notify(t("notice.computer_refused"))  # nothing changed: nothing saved
        elif refused.why == Why.ILLEGAL:
            self.ctx.sounds.play("illegal")

    def _settle(self) -> None:
        """Finish any animation at once (a move still on show is Play's, cancelled with it)."""
        self.animation = None

    # --- every frame ----------------------------------------------------------------------------

    def update(self, dt: float) -> Transition | None:
        if self.animation is not None:
            self.animation.elapsed += dt
            if self.animation.done:
                self.animation = None
        self._step_marks(dt)
        busy = self.play.computer_to_move or self.play.draw_weighing is not None
        self.waited = self.waited + dt if busy else 0.0
        self._note_looks()  # before searching: a frame that will draw leaves time for it
        quiet = not self.dirty and self.animation is None  # nothing to draw so far
        frame = Frame(dt, self._search_deadline(quiet), showing=self.animation is not None,
                      quiet=quiet, pace=self.ctx.animation_scale, nodes=self.ctx.search_nodes)
        self._request(self.play.tick(frame))
        self.ctx.take_storage_notices()
        self._announce()
        self._relayout_if_rows_changed()
        self._update_button_states()
        self._note_looks()
        return None

    def animating(self) -> bool:
        """A move, a refused cell's flash or a pulsing hint ring is on show."""
        return self.animation is not None or self.refused is not None or \
            (self._hint_on_show() is not None and not self.ui.two_step)

    def _hint_on_show(self) -> Move | None:
        """The hint, while it is still a move of the position shown."""
        move = self.play.hint
        if move is None or self.viewing is not None:
            return None
        return move if move in self.play.position.legal_moves() else None

    def _search_deadline(self, quiet: bool) -> float:
        """When this frame's share of searching ends: most of the frame when it is
        `quiet` (nothing to draw), FRAME_BUDGET when it will draw; never, in a
        run whose searches are bounded by nodes alone (`search_slices_by_clock`)."""
        if not self.ctx.search_slices_by_clock:
            return math.inf
        now = time.perf_counter()
        if not quiet:
            return now + FRAME_BUDGET
        return max(now, self.ctx.frame_began + QUIET_FRAME_BUDGET)

    def _looks(self) -> tuple:
        """What the scene shows that can change with no input: a computer move, a
        hint found, the thinking dots, the buttons enabled, the game-over panel."""
        return (self.play.game.ply, self.viewing, self.play.hint, self._status_line(),
                self.game_over_panel, self.analysis.looks(), self.move_values.looks(),
                tuple((button.enabled, button.label) for button in self.buttons))

    def _note_looks(self) -> None:
        looks = self._looks()
        if looks != self._shown_looks:
            self._shown_looks = looks
            self.redraw()

    def _announce(self) -> None:
        outcome = self.play.state.outcome
        if outcome is None or self.announced or self.animation is not None:
            return
        self.announced = True
        setup = self.play.setup
        lost = setup.mode == Mode.COMPUTER and outcome.winner not in (None, setup.human_side)
        self.ctx.sounds.play("lose" if lost else "win")

    def _update_button_states(self) -> None:
        """Which side buttons can be pressed now, and the draw button's label."""
        live = self.viewing is None  # in replay undo and redo wait (see undo)
        going = not self.play.state.over
        enabled = {
            "undo": live and self.play.game.can_undo and self.play.setup.mode != Mode.WATCH,
            "redo": live and self.play.game.can_redo and self.play.setup.mode != Mode.WATCH,
            "hint": self._can_move(),
            "resign": going and self.play.setup.mode != Mode.WATCH,
            "draw": going and self.play.setup.mode != Mode.WATCH,
            "values": going,  # the squares' values: a live game's
        }
        for button in self.buttons:
            button.enabled = enabled.get(button.name, True)
            if button.name == "draw":
                accepting = self.play.accepting_draw
                button.label = "board.accept_draw" if accepting else "board.draw"
        for button in self.buttons:
            if button.name == "values":
                button.selected = self.move_values.on
            if button.name == "analyse":
                button.label = "board.stop_analysis" if self.analysis.running \
                    else "board.analyse"
                button.enabled = not self.analysis.complete
        self.replay_buttons[0].enabled = self.shown_ply > 0
        self.replay_buttons[1].enabled = self.viewing is not None

    # --- forced passes and refused clicks --------------------------------------------------

    def _pass_message(self) -> str:
        return t("status.passes", side=side_name(self.play.position.side))

    def _refuse(self, target: int) -> None:
        """A click on something with no move: a sound, a red flash there, and the
        reason as a notice when there is a short one."""
        self.ctx.sounds.play("illegal")
        self.refused = (target, REFUSAL_SECONDS)
        reason = self.ui.refusal(self.play.position, target)
        if reason:
            self.ctx.notify(reason)

    def _step_marks(self, dt: float) -> None:
        self.clock += dt
        if self.refused is not None:
            target, left = self.refused
            self.refused = (target, left - dt) if left > dt else None

    @property
    def game_over_panel(self) -> bool:
        """Whether the result panel is on show (over, played out, not closed)."""
        return self.play.state.over and self.animation is None and \
            not self.result_closed and self.viewing is None

    # --- the result panel: closed to study the final board, reopened from the side panel ---

    def _closes_result(self, event: pygame.event.Event) -> bool:
        """Esc, or a press outside the panel that is not on a side-panel button
        (those still work: Menu or Undo need not take two clicks)."""
        if event.type == pygame.KEYDOWN:
            return getattr(event, "key", 0) == pygame.K_ESCAPE
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1:
            return not self._over_box().collidepoint(event.pos) and \
                self.focus.at(event.pos) is None
        return False

    def close_result(self) -> None:
        self.result_closed = True
        self.over_focus.pressed = self.over_focus.hover = None
        self._layout_buttons()  # Show result joins the side panel's rows

    def show_result(self) -> None:
        self.back_to_game()  # the result belongs to the game's end
        self.result_closed = False
        self.focus.pressed = self.focus.hover = None
        self._layout_buttons()

    def notice_area(self) -> pygame.Rect | None:
        """Over the top of the move list (the latest moves stay in sight below
        it); when the list has little room (a small portrait screen), over the
        panel's text above the buttons.  Never over the board or a button."""
        u = self.unit
        buttons_top = min((b.rect.top for b in self.buttons if b.visible),
                          default=self.panel.bottom)
        text = pygame.Rect(self.panel.left, self.panel.top, self.panel.width,
                           buttons_top - u // 2 - self.panel.top)
        moves = self.moves_rect.clip(text)
        tallest = max(6 * u, css_pixels(120))  # room for a copied code, wrapped at 14 CSS px
        if moves.height >= tallest:
            moves.height = tallest
            return moves
        if text.height <= 0:
            return None
        text.height = min(text.height, tallest)
        text.bottom = buttons_top - u // 2
        return text

    def _relayout_if_rows_changed(self) -> None:
        """Lay the side buttons out again when the set on show changed (Show
        result comes and goes with the game's end, e.g. after an undo)."""
        if not self.play.state.over:
            self.result_closed = False  # the next ending shows its result again
        if tuple(b.name for b in self.buttons if self._shown(b)) != self.shown_buttons:
            self._layout_buttons()

    # --- drawing ----------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(colour("background"))
        self.ui.draw(surface, self.shown_position, self._marks(), self.animation)
        if self.viewing is not None:
            self._draw_replay_frame(surface)
            self._draw_better_move(surface)
        self._draw_hint(surface)
        if self.viewing is None and self._can_move():
            self.move_values.draw(surface, self.ui, self.play.position)
        self._draw_drag(surface)
        self._draw_panel(surface)
        if self.game_over_panel:
            self._draw_game_over(surface)

    def _draw_replay_frame(self, surface: pygame.Surface) -> None:
        """A frame round the board in replay: this is not the game's position."""
        width = max(3, self.unit // 4)
        rect = self.ui.view.rect.inflate(2 * width, 2 * width)
        pygame.draw.rect(surface, colour("accent"), rect, width, border_radius=width * 3)

    def _marks(self) -> Marks:
        position = self.play.position
        if self.viewing is not None:  # replay: the move that led here, and nothing to pick
            moves = self.play.game.moves[:self.viewing]
            return Marks(last=self.ui.move_squares(moves[-1]) if moves else ())
        marks = Marks(cursor=self.cursor)
        if self.play.game.ply:
            marks.last = self.ui.move_squares(self.play.game.moves[-1])
        hints_on = self.ctx.settings.get("hints", True)
        if self.selected is not None and self._can_move():
            marks.selected = self.selected
            dests = self.ui.destinations(position, self.selected)
            if hints_on:
                marks.dots = tuple(dests)
                marks.rings = self._rings(position, self.selected)
        elif not self.ui.two_step and self._can_move() and hints_on:
            marks.dots = tuple(self.ui.targets(position))
        if self.drag is not None and self.selected is not None:
            marks.hidden = frozenset({self.selected})
        self._add_feedback_marks(marks)
        return marks

    def _rings(self, position, orig: int) -> tuple[int, ...]:
        """The destinations from `orig` that capture, asked of the game once per
        selection (not on every frame drawn)."""
        shown_for, selected, rings = self._rings_for
        if shown_for is not position or selected != orig:
            rings = self.ui.captures(position, orig)
            self._rings_for = (position, orig, rings)
        return rings

    def _add_feedback_marks(self, marks: Marks) -> None:
        """The hint on a one-click move (tafl's is an arrow), and a refused cell's flash."""
        move = self._hint_on_show()
        if move is not None:
            squares = self.ui.move_squares(move)
            if len(squares) == 1:
                marks.hint = squares
        marks.pulse = self.clock / HINT_PULSE_SECONDS % 1.0
        if self.refused is not None:
            marks.refused = self.refused[0]
            marks.refused_strength = self.refused[1] / REFUSAL_SECONDS

    def _draw_hint(self, surface: pygame.Surface) -> None:
        move = self._hint_on_show()
        if move is None:
            return
        squares = self.ui.move_squares(move)
        view = self.ui.view
        if len(squares) == 2:  # one-square hints are a ring the view draws (_add_feedback_marks)
            draw_arrow(surface, view.cell(squares[0]).center, view.cell(squares[1]).center,
                       max(4, view.cell(squares[0]).width // 6), colour("hint"))

    def _draw_drag(self, surface: pygame.Surface) -> None:
        if self.drag is not None and self.selected is not None and \
                hasattr(self.ui.view, "draw_piece"):
            piece = self.play.position.board[self.selected]
            self.ui.view.draw_piece(surface, piece, self.drag, scale=1.1)

    def _draw_panel(self, surface: pygame.Surface) -> None:
        rect, u = self.panel, self.unit
        y = rect.top
        if not self._panel_is_short():  # on a small phone the board says which game it is
            title = draw_text(surface, t(f"game.{self.play.setup.game}"), int(u * 1.6),
                              (rect.left, y), colour("accent"), bold=True, max_width=rect.width)
            y = title.bottom + u // 3
        body = text_size(u)
        y = draw_lines(surface, self._players_line(), body, (rect.left, y), rect.width,
                       colour("text_muted")) + u // 2
        status_colour = colour("accent") if self.viewing is not None else None
        y = draw_lines(surface, self._status_line(), text_size(u * 1.1), (rect.left, y),
                       rect.width, status_colour, bold=True) + u // 2
        shown = self.shown_position  # in replay the counts are those of the move shown
        for line in self.ui.info(shown, self.play.game.start,
                                 self.play.game.moves[:self.shown_ply]):
            y = draw_lines(surface, line, body, (rect.left, y), rect.width) + 4
        y += u // 3
        y += self.ui.draw_extra(surface, pygame.Rect(rect.left, y, rect.width, 2 * u),
                                shown, body)
        buttons_top = min((b.rect.top for b in [*self.buttons, *self.replay_buttons]
                           if b.visible), default=rect.bottom)
        # The analysis below the moves, shrunk to leave a line of moves at least
        # (the list scrolls; hidden when even its least height would not leave one).
        room = buttons_top - y - u - self._move_line_height() - u
        below = min(self.analysis.height(u), room)
        if below < self.analysis.least_height(u):
            below = 0
        self.moves_rect = pygame.Rect(rect.left, y + u // 2, rect.width,
                                      buttons_top - y - u - below)
        self._draw_moves(surface, self.moves_rect)
        self.analysis.rect = pygame.Rect(0, 0, 0, 0)
        self.analysis.graph = self.analysis.stop = pygame.Rect(0, 0, 0, 0)
        if below:
            block = pygame.Rect(rect.left, self.moves_rect.bottom + u // 3, rect.width,
                                below - u // 3)
            self.analysis.draw(surface, block, u, self.viewing,
                               self.play.game.start.SIDES[0])
        self.focus.draw(surface, u)

    def _panel_is_short(self) -> bool:
        """Too little height for the title and a few moves (a small phone held
        upright): the moves get the title's room."""
        return self.panel.height < 26 * self.unit

    def _move_texts(self) -> list[str]:
        """The moves in notation, a pass in the player's language."""
        game = self.play.game
        pass_move = game.spec.pass_move
        return [t("move.pass") if move == pass_move else text
                for move, text in zip(game.moves, game.move_texts(), strict=True)]

    def _players_line(self) -> str:
        setup = self.play.setup
        if setup.mode == Mode.HOTSEAT:
            return t("players.hotseat")
        level = t(f"level.{setup.level}")
        if setup.mode == Mode.WATCH:
            return t("players.watch", level=level)
        return t("players.computer", side=side_name(setup.human_side), level=level)

    def _status_line(self) -> str:
        if self.viewing is not None:
            return self._viewing_line()
        state = self.play.state
        if state.over:
            return t("status.over")
        if state.only_pass:
            return self._pass_message()  # never "your turn" when the pass is all there is
        side = side_name(self.play.position.side)
        player = self.play.player()
        if self.play.draw_weighing is not None:
            level = t(f"level.{self.play.setup.level}")
            return t("status.weighing_draw", level=level) + self._dots()
        if player == HUMAN:
            who = t("status.you") if self.play.setup.mode == Mode.COMPUTER else ""
            return t("status.to_move", side=side) + (f" · {who}" if who else "")
        if self.play.computer_stopped:
            return t("status.computer_stopped", side=side)
        return t("status.thinking", side=side, level=t(f"level.{player}")) + self._dots()

    def _dots(self) -> str:
        """The computer is busy: dots by stepped time, counted before the search
        runs, so a frame knows before searching whether it will draw new dots
        (a few times a second)."""
        return "." * (1 + int(self.waited * SPINNER_STEPS_PER_SECOND) % 3)

    def _viewing_line(self) -> str:
        """What replay shows: the move (number, side, notation) or the start."""
        ply = self.viewing or 0
        if not ply:
            return t("replay.viewing_start")
        mover = next(islice(self.play.game.replay(), ply - 1, None)).side
        return t("replay.viewing", number=move_number(ply), side=side_name(mover),
                 move=self._move_texts()[ply - 1])

    def _draw_moves(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        if area.height < self.unit * 2:
            self.move_list.hits = []  # nothing on show to pick
            return
        self.move_list.draw(surface, area, self._move_entries(), self.viewing, self.unit,
                            t("board.no_moves_yet"))

    def _move_entries(self) -> list[Entry]:
        """Each ply's notation and its capture note (the game's UI words the note
        from the engine's effects)."""
        game = self.play.game
        positions = list(game.replay())
        effects = game.effects
        marks = self.analysis.marks(game.ply)
        return [Entry(text, self.ui.move_note(positions[i], positions[i + 1],
                                              effects[i]), marks[i])
                for i, text in enumerate(self._move_texts())]

    def _move_text_size(self) -> int:
        return MoveList.text_size(self.unit)

    def _move_line_height(self) -> int:
        return max(int(self.unit * 1.35), font(self._move_text_size()).get_linesize() + 2)

    def _draw_game_over(self, surface: pygame.Surface) -> None:
        outcome = self.play.state.outcome
        box = self._over_box()
        shade = pygame.Surface(self.ui.view.rect.size, pygame.SRCALPHA)
        shade.fill(colour("board_shade"))
        surface.blit(shade, self.ui.view.rect)
        draw_panel(surface, box, radius=12)
        u = self.unit
        close = self.over_buttons[0].rect
        title_room = box.width - 2 * (box.right - close.left)  # centred, clear of the ×
        y = draw_text(surface, self._result_title(outcome), int(u * 1.7),
                      (box.centerx, box.top + u), colour("accent"), anchor="midtop",
                      bold=True, max_width=title_room).bottom
        y += u // 2
        size = text_size(u)
        for line in self._reason_lines(box.width - 2 * u):
            y = draw_text(surface, line, size, (box.centerx, y), anchor="midtop",
                          max_width=box.width - 2 * u).bottom
        self.over_focus.draw(surface, u)
        self._draw_close_cross(surface, close)

    def _draw_close_cross(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        arm = rect.width // 5
        width = max(2, rect.width // 14)
        cx, cy = rect.center
        for dx in (-arm, arm):
            pygame.draw.line(surface, colour("text"), (cx - dx, cy - arm), (cx + dx, cy + arm),
                             width)

    def _reason_text(self, outcome) -> str:
        """Why the game ended; a resignation says who gave up."""
        if outcome.reason is not Reason.RESIGNATION or outcome.winner is None:
            return t(f"reason.{outcome.reason.value}")
        loser = other(self.play.game.start.SIDES, outcome.winner)
        if self.play.setup.mode == Mode.COMPUTER and loser == self.play.setup.human_side:
            return t("resigned.you")
        return t(f"resigned.{loser}")

    def _result_title(self, outcome) -> str:
        setup = self.play.setup
        if outcome.winner is None:
            return t("over.draw")
        if setup.mode == Mode.COMPUTER:
            return t("over.you_win") if outcome.winner == setup.human_side else t("over.you_lose")
        return t("over.side_wins", side=side_name(outcome.winner))



def same_record(kept: Game, loading: Game) -> bool:
    """Whether two games are one record: the same start, moves and ending."""
    return kept.start == loading.start and kept.move_texts() == loading.move_texts() and \
        kept.ending == loading.ending


def _index(buttons: list[Button], name: str) -> int:
    """Where the button called `name` stands in `buttons`."""
    return next(i for i, button in enumerate(buttons) if button.name == name)


class MoreChoice:
    """What MoreMenu pops: the name of the board button chosen."""

    def __init__(self, name: str) -> None:
        self.name = name


class MoreMenu(Scene):
    """The board's less used buttons, over the board, when its panel is too short
    for them all (a small phone): a column of the same buttons above More.
    Choosing one pops its name and the board presses it; Esc, Close or a tap
    outside pops nothing."""

    def __init__(self, ctx, hidden: list[Button], anchor: pygame.Rect) -> None:
        super().__init__(ctx)
        self.overlay = True
        self.anchor = anchor  # the More button: the column stands above it
        self.unit = 16
        self.box = pygame.Rect(0, 0, 0, 0)
        self.pressed_outside = False
        self.focus = Focus()
        self.buttons = [Button(b.label, self._choose(b.name), enabled=b.enabled, name=b.name)
                        for b in hidden]
        self.buttons.append(Button("board.more_close", self.close, name="more-close"))

    def _choose(self, name: str):
        def choose() -> Transition:
            return Pop(MoreChoice(name))
        return choose

    def close(self) -> Transition:
        return Pop()

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        w, h = size
        self.unit = u = unit_for(size, high=32, divisor=36)
        height, gap = touch_height(u * 2.2), u // 2
        column = min(w - 2 * u, max(14 * u, self.anchor.width * 2))
        below = self.anchor.top - gap if self.anchor.height else h - u
        # One column above More; two when the window is too short for one.
        columns = 1 if len(self.buttons) * (height + gap) - gap + 3 * u <= below else 2
        per_column = math.ceil(len(self.buttons) / columns)
        width = min(w - 2 * u, columns * column + (columns - 1) * gap)
        box_height = per_column * (height + gap) - gap + 2 * u
        self.box = pygame.Rect(0, 0, width, box_height)
        self.box.right = min(w - u, max(self.anchor.right, width + u))
        self.box.bottom = below
        self.box.top = max(u, self.box.top)
        column = (width - 2 * u - (columns - 1) * gap) // columns
        for i in range(columns):
            area = pygame.Rect(self.box.left + u + i * (column + gap), self.box.top + u, column,
                               box_height - 2 * u)
            stack_buttons(self.buttons[i * per_column:(i + 1) * per_column], area, height, gap)
        self.focus.set(self.buttons)

    def enter(self) -> None:
        self.focus.index = 0  # opened by keyboard or finger, the first choice has the focus

    def handle(self, event: pygame.event.Event) -> Transition | None:
        used, result = self.focus.handle(event)
        if used:
            return result
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
            return self.close()
        if getattr(event, "button", 0) == 1 and event.type == pygame.MOUSEBUTTONDOWN:
            self.pressed_outside = not self.box.collidepoint(event.pos)
        elif getattr(event, "button", 0) == 1 and event.type == pygame.MOUSEBUTTONUP:
            outside, self.pressed_outside = self.pressed_outside, False
            if outside and not self.box.collidepoint(event.pos):
                return self.close()
        return None

    def draw(self, surface: pygame.Surface) -> None:
        veil(surface)
        draw_panel(surface, self.box, radius=12)
        self.focus.draw(surface, self.unit)
