"""A game's puzzles on the board, one after another.

The player plays the solver's moves with the board's own input (a piece
picked up and put down, a square or pit clicked, the cursor and Enter);
the replies come from the solution line, animated after a short pause.  A
right line is a success, a wrong move a miss: the move is shown, taken
back, and the solution is then played move by move (by itself, with
pauses, or a step at a time with Next move).  The hint marks the piece or
pit to move (a quarter of the board in Reversi).  The puzzles' data is read
when this scene opens.
"""

from __future__ import annotations

import pygame

from ...puzzles import load
from ...rules import spec, start
from ...rules.base import Move, Position
from ..board.drawing import add_choice_marks, add_drag_marks, add_refusal_marks
from ..board.games import Animation, GameUI, game_ui
from ..board.input import BoardInput, Intent, PickMove, RefuseCell
from ..board.keys import ARROWS, key_command
from ..i18n import side_name, t
from ..scene import Pop, Scene, Transition
from ..theme import colour, touch_height, unit_for
from ..views.base import Marks
from ..widgets import Button, Focus, row_buttons
from .panel import PuzzlePanel
from .run import Phase, PuzzleRun, Step, TakenBack

SOLUTION_PAUSE = 1.1  # seconds between the solution's moves when they play by themselves
HINT_PULSE_SECONDS = 1.6


class PuzzleScene(Scene):
    def __init__(self, ctx, game: str) -> None:
        super().__init__(ctx)
        self.game = game
        self.run = PuzzleRun(game, load(game), ctx.storage, ctx.rng)
        self.panel = PuzzlePanel(self.run)
        self.ui: GameUI = game_ui(game)
        self.input = BoardInput(self.ui)
        self.focus = Focus(arrows=False)  # the arrows belong to the board's cursor
        self.unit = 16
        self.shown: Position = start(game)  # the position on the board
        self.last: tuple[int, ...] = ()  # the squares of the move shown last
        self.wrong: int | None = None  # the cell of a wrong move while it is on show
        self.animation: Animation | None = None
        self.queue: list[Step] = []  # moves still to show, each after its delay
        self.waited = 0.0  # seconds since the queue's head could have started
        self.auto = False  # the solution plays by itself
        self.announced = True  # the result was sounded
        self.clock = 0.0  # for the hint ring's beat
        self.hint_button = Button("board.hint", self.hint, name="hint")
        self.step_button = Button("puzzles.step", self.step_solution, name="step")
        self.next_button = Button("puzzles.next", self.next_puzzle, name="next")
        self.back_button = Button("setup.back", lambda: Pop(), name="back")
        self.buttons = [self.hint_button, self.step_button, self.next_button, self.back_button]
        self.next_puzzle()
        self.ctx.take_storage_notices()  # a damaged record: said, and a new one begun

    # --- the puzzle ---------------------------------------------------------------------------

    def next_puzzle(self) -> None:
        puzzle = self.run.serve()
        self.shown = puzzle.position() if puzzle else start(self.game)
        self.queue, self.animation, self.last, self.wrong = [], None, (), None
        self.auto, self.announced = False, True
        self.input.put_down()
        self.input.cursor = None
        self.redraw()

    def can_move(self) -> bool:
        return self.run.solving and self.animation is None and not self.queue

    def hint(self) -> None:
        if self.can_move():
            self.run.ask_hint()
            self.redraw()

    def step_solution(self) -> None:
        """Next move: the solution's next move at once (it no longer plays by itself)."""
        self.flush()
        self.auto = False
        self._show_solution_move()

    def _show_solution_move(self) -> None:
        step = self.run.next_solution_move()
        if step is not None:
            self._apply(step, animate=True)

    def play_move(self, move: Move) -> None:
        """The player's move: shown with what follows (the reply, or the move
        taken back and then the solution)."""
        self.input.put_down()
        self.queue = self.run.play(move)
        self.waited = 0.0
        self.announced = self.run.solving
        self.auto = self.run.phase is Phase.MISSED
        self.redraw()

    def _play(self, intent: Intent) -> None:
        """What a gesture on the board amounts to: the player's move, or a refusal."""
        if isinstance(intent, PickMove):
            self.play_move(intent.move)
        elif isinstance(intent, RefuseCell):
            self.ctx.sounds.play("illegal")
            if intent.reason:
                self.ctx.notify(intent.reason)

    # --- showing the moves ----------------------------------------------------------------------

    def busy(self) -> bool:
        """A move is sliding in or waiting its turn."""
        return self.animation is not None or bool(self.queue)

    def flush(self) -> None:
        """Show at once every move still to come (a player who acts need not wait)."""
        self.animation = None
        while self.queue:
            self._apply(self.queue.pop(0), animate=False)

    def _apply(self, step: Step, animate: bool) -> None:
        self.redraw()
        if isinstance(step, TakenBack):
            self.shown, self.wrong, self.last = step.position, None, ()
            return
        self.shown = step.after
        squares = self.ui.move_squares(step.move)
        self.last = squares
        self.wrong = squares[-1] if step.wrong and squares else None
        self.ctx.sounds.play("capture" if step.effects.captured else "move")
        if step.move == spec(self.game).pass_move:
            self.ctx.notify(t("status.passes", side=side_name(step.before.side)))
        self.animation = None
        if animate:
            duration = self.ui.animation_time(step.effects) * self.ctx.animation_scale
            self.animation = Animation(step.before, step.after, step.move, step.effects,
                                       duration)

    def update(self, dt: float) -> Transition | None:
        if self.animation is not None:
            self.animation.elapsed += dt
            if self.animation.done:
                self.animation = None
                self.redraw()
        self.input.tick(dt)
        self.clock += dt
        if self.animation is None and self.queue:
            self.waited += dt
            if self.waited >= self.queue[0].delay:
                self.waited = 0.0
                self._apply(self.queue.pop(0), animate=True)
        elif self.animation is None and self.auto and self.run.solution_left:
            self.waited += dt
            if self.waited >= SOLUTION_PAUSE:
                self.waited = 0.0
                self._show_solution_move()
        self._announce()
        self._refresh()
        return None

    def _announce(self) -> None:
        """The result is sounded once its last move has been shown."""
        if self.announced or self.busy():
            return
        self.announced = True
        self.ctx.sounds.play("win" if self.run.phase is Phase.SOLVED else "lose")

    def _refresh(self) -> None:
        run = self.run
        hint_enabled = self.can_move() and not run.hint
        step_enabled = run.solution_left > 0
        next_enabled = not run.solving and not self.busy()
        states = (hint_enabled, step_enabled, next_enabled)
        if states != (self.hint_button.enabled, self.step_button.enabled,
                      self.next_button.enabled):
            self.hint_button.enabled, self.step_button.enabled, self.next_button.enabled = states
            self.redraw()

    def animating(self) -> bool:
        """A move sliding in, a refused cell's flash, or a pit's hint ring beating
        (the pauses between moves need no frames: each move asks for its own)."""
        pulsing = len(self.run.hint) == 1 and not self.ui.two_step and self.can_move()
        return self.animation is not None or self.input.refused is not None or pulsing

    # --- input ----------------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> Transition | None:
        used, result = self.focus.handle(event)
        if used:
            return result
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN) and self.busy():
            self.flush()  # a player who acts mid-animation need not wait for it
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        if not self.can_move():
            return None
        position = self.shown
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1:
            self._play(self.input.pointer_down(event.pos, position))
        elif event.type == pygame.MOUSEMOTION:
            self.input.pointer_motion(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and getattr(event, "button", 1) == 1:
            self._play(self.input.pointer_up(event.pos, position))
        return None

    def _key(self, event: pygame.event.Event) -> Transition | None:
        key = getattr(event, "key", 0)
        if key == pygame.K_n:
            return self.next_button.action() if self.next_button.enabled else None
        command = key_command(key, getattr(event, "mod", 0), viewing=False,
                              can_move=self.can_move())
        if command == "replay-next":
            self.step_solution()
        elif command == "hint":
            self.hint()
        elif command == "escape":
            if self.input.selected is None:
                return Pop()
            self.input.put_down()
        elif command == "cursor" and self.can_move():
            self.focus.index = None  # the keyboard now works the board
            self.input.move_cursor(*ARROWS[key], self.shown, spec(self.game).cells)
        elif command == "pick" and self.input.cursor is not None and self.can_move():
            self._play(self.input.activate(self.input.cursor, self.shown))
        elif command == "pick" and self.next_button.enabled:
            self.next_puzzle()
        return None

    # --- layout ---------------------------------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        w, h = size
        if not w:
            return
        self.unit = u = unit_for(size, high=32, divisor=36)
        if w >= h * 1.1:  # landscape: board left, panel right
            side = min(h - 2 * u, int(w * 0.62))
            board = pygame.Rect(u, (h - side) // 2, side, side)
            panel = pygame.Rect(board.right + u, u, w - board.right - 2 * u, h - 2 * u)
        else:  # portrait: board on top, panel below (the board smaller where the text needs it)
            buttons = 2 * touch_height(u * 2.1) + u // 3 + u // 3
            self.panel.unit = u
            text_room = h - 2 * u - u // 2 - buttons - self.panel.text_needed(w - 2 * u)
            side = max(4 * u, min(w - 2 * u, int(h * 0.55), text_room))
            board = pygame.Rect((w - side) // 2, u, side, side)
            panel = pygame.Rect(u, board.bottom + u // 2, w - 2 * u,
                                h - board.bottom - u - u // 2)
        self.ui.view.layout(board)
        height, gap = touch_height(u * 2.1), u // 3
        bottom = pygame.Rect(panel.left, panel.bottom - height, panel.width, height)
        row_buttons([self.next_button, self.back_button], bottom, gap)
        row_buttons([self.hint_button, self.step_button], bottom.move(0, -(height + gap)), gap)
        self.focus.set(self.buttons)
        self.panel.layout(panel, u, self.hint_button.rect.top, size)

    def notice_area(self) -> pygame.Rect | None:
        return self.panel.notice_area(self.ctx.notice_shown)

    # --- drawing ---------------------------------------------------------------------------------

    def marks(self) -> Marks:
        state, ui = self.input, self.ui
        marks = Marks(last=self.last, cursor=state.cursor if self.can_move() else None,
                      pulse=self.clock / HINT_PULSE_SECONDS % 1.0)
        if self.can_move():
            add_choice_marks(marks, ui, state, self.shown, self.ctx.settings.get("hints", True))
        add_drag_marks(marks, state)
        if len(self.run.hint) == 1:  # a piece or a pit (a quarter is drawn below)
            marks.hint = self.run.hint
        if self.wrong is not None and self.animation is None:
            marks.refused, marks.refused_strength = self.wrong, 1.0
        else:
            add_refusal_marks(marks, state)
        return marks

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(colour("background"))
        self.ui.draw(surface, self.shown, self.marks(), self.animation)
        self._draw_quarter(surface)
        self._draw_drag(surface)
        self.panel.draw(surface)
        self.focus.draw(surface, self.unit)

    def _draw_quarter(self, surface: pygame.Surface) -> None:
        """Reversi's hint: a frame round the quarter of the board to play in (a
        frame only: a tint over the discs would change their colours)."""
        cells = self.run.hint
        if len(cells) < 2:
            return
        view = self.ui.view
        area = view.cell(cells[0]).unionall([view.cell(cell) for cell in cells[1:]])
        width = max(4, self.unit // 4)
        pygame.draw.rect(surface, colour("hint"), area.inflate(width, width), width=width,
                         border_radius=width * 2)

    def _draw_drag(self, surface: pygame.Surface) -> None:
        state = self.input
        if state.drag is not None and state.selected is not None and \
                hasattr(self.ui.view, "draw_piece"):
            self.ui.view.draw_piece(surface, self.shown.board[state.selected], state.drag,
                                    scale=1.1)
