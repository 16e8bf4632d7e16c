"""The task view: one task of a lesson on the game's own board, its
instruction, and the one line that answers the player's move.

The board is the game's view and the board scene's input state
(`BoardInput`: a piece picked up, dragged, tapped, the keyboard's cursor),
so a move is made here exactly as in a game.  The task judges it
(`LessonRun`, `Task.check`): a right move stays, is praised, and *Next*
leads on; a wrong one is played, explained in one line, and after a moment
faded back.  A press the board refuses is explained by the task when it
was a move the rules forbid, else by the board's own reason.
"""

from __future__ import annotations

import pygame

from ...lessons import Action
from ...rules import spec
from ..board.drawing import add_choice_marks, add_drag_marks, add_refusal_marks
from ..board.games import Animation, game_ui
from ..board.input import BoardInput, Intent, PickMove, RefuseCell
from ..board.keys import ARROWS, PICK_KEYS
from ..i18n import side_name, t
from ..scene import Pop, Scene, Transition
from ..theme import colour, css_pixels, font, text_size, touch_height, unit_for
from ..views.base import Marks
from ..widgets import Button, Focus, draw_lines, lines_needed, row_buttons
from .run import LessonRun
from .store import load_progress, save_progress

WRONG_HOLD_SECONDS = 1.0  # a wrong move stays this long on the board before it goes back
TAKE_BACK_SECONDS = 0.35  # the fade back, at normal animation speed
PRAISE_MARK, MISS_MARK = "✓", "✗"
NOTICE_ROOM_CSS = 130  # the least room for the text, where a notice may go too


class LessonScene(Scene):
    def __init__(self, ctx, lesson_id: str) -> None:
        super().__init__(ctx)
        self.run = LessonRun(lesson_id, load_progress(ctx.storage))
        ctx.take_storage_notices()  # progress that could not be read: said here
        self.ui = game_ui(self.run.game)
        self.input = BoardInput(self.ui)
        self.animation: Animation | None = None  # the player's move, as it is played
        self.hold = 0.0  # seconds a wrong move has yet to stay before it is taken back
        self.fading: float | None = None  # seconds into a wrong move's fade back
        self.line: tuple[str, str] | None = None  # the answer to the last press, and its colour
        self.unit = 16
        self.text_area = pygame.Rect(0, 0, 0, 0)
        self.text_bottom = 0  # where the text drawn last ended (the layout tests read it)
        self.focus = Focus(arrows=False)  # the arrow keys walk the board's cursor
        rules = spec(self.run.game)
        self.pass_move = rules.pass_move
        self.action_buttons = []
        if rules.pass_move is not None:
            self.action_buttons.append(Button("lessons.pass", self._pass, name="pass"))
        if rules.draw_by_agreement:
            self.action_buttons.append(
                Button("board.draw", lambda: self.choose(Action.OFFER_DRAW), name="draw"))
        self.action_buttons.append(
            Button("board.resign", lambda: self.choose(Action.RESIGN), name="resign"))
        self.back_button = Button("setup.back", lambda: Pop(), name="back")
        self.next_button = Button("lessons.next", self.next, name="next")
        self.buttons = [*self.action_buttons, self.back_button, self.next_button]
        self._refresh_buttons()

    # --- what the player does ------------------------------------------------------------

    def can_move(self) -> bool:
        return not self.run.solved and self.run.shown is None

    def choose(self, choice) -> None:
        """A move or an action: the task's verdict, shown on the board and in a line."""
        self._settle()
        if self.run.solved:
            return
        verdict = self.run.choose(choice)
        shown = self.run.shown
        self.input.put_down()
        if shown is not None:
            duration = self.ui.animation_time(shown.effects) * self.ctx.animation_scale
            self.animation = Animation(shown.before, shown.after, shown.move, shown.effects,
                                       duration)
        if verdict.ok:
            self.ctx.sounds.play("win")
            save_progress(self.ctx.storage, self.run.progress)
            self.ctx.take_storage_notices()
            self.line = (f"{PRAISE_MARK} {self._praise()}", "ok")
            self.focus.index = self.buttons.index(self.next_button)  # Enter goes on
        else:
            self.ctx.sounds.play("illegal")
            self.line = (f"{MISS_MARK} {t(verdict.text_key)}", "danger")
            self.hold = WRONG_HOLD_SECONDS if shown is not None else 0.0
        self._refresh_buttons()
        self.redraw()

    def _praise(self) -> str:
        """The task's praise; after a lesson's last task, with the lesson done."""
        praise = t(self.run.task.praise_key)
        return f"{praise} {t('lessons.complete')}" if self.run.last_task else praise

    def _pass(self) -> None:
        self.choose(self.pass_move)

    def refuse(self, refused: RefuseCell, selected: int | None) -> None:
        """A press the board has no move for: the task says why when it was a
        move the rules forbid, else the board's own reason does."""
        self.ctx.sounds.play("illegal")
        self.input.put_down()
        task = self.run.task
        tried = self.ui.attempted(self.run.position, selected, refused.target)
        if tried is not None and task.refused:
            text = t(task.check(tried).text_key)
        else:
            text = refused.reason or t(task.refused_key)
        self.line = (f"{MISS_MARK} {text}", "danger")
        self.redraw()

    def next(self) -> Transition | None:
        """On to the next task or lesson; after the game's last, back to the list."""
        if not self.run.advance():
            return Pop()
        self.line, self.animation, self.hold, self.fading = None, None, 0.0, None
        self.input.put_down()
        self.input.cursor = None
        self.focus.index = None
        self._refresh_buttons()
        self.resize(self.size)  # the new instruction may need another number of lines
        return None

    def _settle(self) -> None:
        """A wrong move on show goes back at once (the player need not wait)."""
        self.animation = None
        if self.run.shown is not None and not self.run.solved:
            self.run.take_back()
            self.hold, self.fading = 0.0, None
            self.redraw()

    def _refresh_buttons(self) -> None:
        run = self.run
        for button in self.action_buttons:
            button.enabled = not run.solved
        self.next_button.enabled = run.solved
        self.next_button.label = "lessons.next" if not run.last_task else \
            "lessons.next_lesson" if not run.last_lesson else "lessons.finish"

    # --- input -------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> Transition | None:
        used, result = self.focus.handle(event)
        if used:
            return result
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
            self._settle()
        if event.type == pygame.KEYDOWN:
            return self._key(event.key)
        if self.can_move():
            self._board_pointer(event)
        return None

    def _key(self, key: int) -> Transition | None:
        if key == pygame.K_ESCAPE:
            if self.input.selected is not None:
                self.input.put_down()
                return None
            return Pop()
        if not self.can_move():
            return None
        position = self.run.position
        if key in ARROWS:
            self.focus.index = None  # the keyboard now works the board
            self.input.move_cursor(*ARROWS[key], position, spec(self.run.game).cells)
        elif key in PICK_KEYS and self.input.cursor is not None:
            selected = self.input.selected
            self._act(self.input.activate(self.input.cursor, position), selected)
        return None

    def _board_pointer(self, event: pygame.event.Event) -> None:
        position, state = self.run.position, self.input
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1:
            selected = state.selected
            self._act(state.pointer_down(event.pos, position), selected)
        elif event.type == pygame.MOUSEMOTION:
            state.pointer_motion(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and getattr(event, "button", 1) == 1:
            selected, dragged = state.selected, state.drag is not None
            intent = state.pointer_up(event.pos, position)
            target = self.ui.view.target_at(event.pos)
            if intent is None and dragged and selected is not None and \
                    target not in (None, selected):
                intent = state.refuse(target, position)  # dropped where it may not go
            self._act(intent, selected)

    def _act(self, intent: Intent, selected: int | None) -> None:
        if isinstance(intent, PickMove):
            self.choose(intent.move)
        elif isinstance(intent, RefuseCell):
            self.refuse(intent, selected)

    # --- every frame ------------------------------------------------------------------------

    def update(self, dt: float) -> Transition | None:
        self.input.tick(dt)
        if self.animation is not None:
            self.animation.elapsed += dt
            if self.animation.done:
                self.animation = None
        elif self.fading is not None:
            self.fading += dt
            if self.fading >= self._fade_seconds():
                self._settle()
        elif self.hold > 0:
            self.hold -= dt
            if self.hold <= 0:
                self.fading = 0.0
                if self._fade_seconds() <= 0:  # animations off: back at once
                    self._settle()
        return None

    def _fade_seconds(self) -> float:
        return TAKE_BACK_SECONDS * self.ctx.animation_scale

    def animating(self) -> bool:
        return self.animation is not None or self.fading is not None or \
            self.input.refused is not None

    # --- layout ----------------------------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        w, h = size
        if not w:
            return
        self.unit = u = unit_for(size, high=32, divisor=36)
        height, gap = touch_height(u * 2.2), u // 2
        aspect = self.ui.view.aspect
        landscape = w >= h * 1.1
        # Landscape: the board left, text and buttons right.  Portrait: the board
        # on top, giving up room where the text needs it.
        area = (int(w * 0.6) - 2 * u, h - 2 * u) if landscape else (w - 2 * u, int(h * 0.5))
        side = min(area[0], int(area[1] / aspect))
        panel_width = w - side - 3 * u if landscape else w - 2 * u
        rows = self._button_rows()
        buttons_height = len(rows) * (height + gap) - gap
        if not landscape:
            # The text's room is also where a notice goes: a copied code's worth at least.
            text = max(self._text_height(panel_width), css_pixels(NOTICE_ROOM_CSS))
            room = h - 3 * u - buttons_height - text
            side = max(min(side, int(room / aspect)), int((w - 2 * u) * 0.55))
        board = pygame.Rect(u, (h - int(side * aspect)) // 2, side, int(side * aspect)) \
            if landscape else pygame.Rect((w - side) // 2, u, side, int(side * aspect))
        self.ui.view.layout(board)
        if landscape:
            panel = pygame.Rect(board.right + u, u, panel_width, h - 2 * u)
        else:
            panel = pygame.Rect(u, board.bottom + u, panel_width, h - board.bottom - 2 * u)
        top = panel.bottom - buttons_height
        for row in rows:
            row_buttons(row, pygame.Rect(panel.left, top, panel.width, height), gap)
            top += height + gap
        self.text_area = pygame.Rect(panel.left, panel.top, panel.width,
                                     panel.bottom - buttons_height - u - panel.top)
        self.focus.set(self.buttons)

    def _button_rows(self) -> list[list[Button]]:
        """The task's actions above Back and Next."""
        return [self.action_buttons, [self.back_button, self.next_button]]

    def _sizes(self) -> tuple[int, int, int]:
        """The sizes of the heading, the small lines and the instruction."""
        u = self.unit
        return text_size(u * 1.2), text_size(u * 0.9), text_size(u)

    def _text_height(self, width: int) -> int:
        """Room for the heading, the task's line, its instruction and the
        longest answer it can give."""
        heading, small, body = self._sizes()
        task = self.run.task
        answers = [self._praise(), t(task.refused_key),
                   *(t(key) for key in task.text_keys() if key != task.instruction_key)]
        answer = max(lines_needed(f"{MISS_MARK} {text}", body, width) for text in answers)
        lines = [(self._heading(), heading, True), (self._task_line(), small, False),
                 (t(task.instruction_key), body, False)]
        total = sum(lines_needed(text, size, width, bold) * font(size, bold).get_linesize()
                    for text, size, bold in lines)
        return total + (answer + 1) * font(body).get_linesize() + 2 * self.unit

    def _heading(self) -> str:
        return f"{t(f'game.{self.run.game}')} · {t(self.run.lesson.title_key)}"

    def _task_line(self) -> str:
        run = self.run
        count = t("lessons.task", number=run.task_index + 1, count=len(run.lesson.tasks))
        return f"{count} · {t('lessons.you_play', side=side_name(run.task.position.side))}"

    def notice_area(self) -> pygame.Rect | None:
        """Under the text beside (or below) the board, above the buttons; where
        that is too short for a long notice (a small phone), over the text.
        Never over the board or a button."""
        top = max(self.text_bottom, self.text_area.top) + self.unit // 2
        area = pygame.Rect(self.text_area.left, top, self.text_area.width,
                           self.text_area.bottom - top)
        return area if area.height >= css_pixels(NOTICE_ROOM_CSS) else self.text_area

    # --- drawing ------------------------------------------------------------------------------

    def marks(self) -> Marks:
        run, ui, state = self.run, self.ui, self.input
        if run.shown is not None:
            return Marks(last=ui.move_squares(run.shown.move))
        position = run.position
        marks = Marks(cursor=state.cursor)
        add_choice_marks(marks, ui, state, position, self.ctx.settings.get("hints", True))
        add_drag_marks(marks, state)
        add_refusal_marks(marks, state)
        return marks

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(colour("background"))
        self._draw_board(surface)
        self._draw_text(surface)
        self.focus.draw(surface, self.unit)

    def _draw_board(self, surface: pygame.Surface) -> None:
        run, ui = self.run, self.ui
        shown = run.shown
        if shown is not None and self.fading is not None:
            self._draw_fade(surface)
            return
        ui.draw(surface, run.position, self.marks(), self.animation)
        state = self.input
        if state.drag is not None and state.selected is not None and \
                hasattr(ui.view, "draw_piece"):
            ui.view.draw_piece(surface, run.position.board[state.selected], state.drag,
                               scale=1.1)

    def _draw_fade(self, surface: pygame.Surface) -> None:
        """A wrong move going back: the position after it fades into the one before."""
        shown = self.run.shown
        self.ui.draw(surface, shown.after, Marks(last=self.ui.move_squares(shown.move)), None)
        after = surface.copy()  # only the board is drawn yet; its labels lie outside its rect
        surface.fill(colour("background"))
        self.ui.draw(surface, shown.before, Marks(), None)
        after.set_alpha(round(255 * (1 - min(1.0, self.fading / self._fade_seconds()))))
        surface.blit(after, (0, 0))

    def _draw_text(self, surface: pygame.Surface) -> None:
        area, u = self.text_area, self.unit
        heading, small, body = self._sizes()
        x, width = area.left, area.width
        y = draw_lines(surface, self._heading(), heading, (x, area.top), width,
                       colour("accent"), bold=True)
        y = draw_lines(surface, self._task_line(), small, (x, y + u // 4), width,
                       colour("text_muted"))
        y = draw_lines(surface, t(self.run.task.instruction_key), body, (x, y + u), width)
        if self.line is not None:
            text, tone = self.line
            y = draw_lines(surface, text, body, (x, y + u), width, colour(tone))
        self.text_bottom = y
