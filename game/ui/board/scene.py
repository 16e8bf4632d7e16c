"""The board scene shared by all four games: board, side panel, input, the
computer's turn, animations, the game-over panel and autosave."""

from __future__ import annotations

import math
import time

import pygame

from ...platform import clipboard
from ...rules import from_code
from ...rules.base import Move, RulesError
from ...rules.record import Game
from ..i18n import t
from ..play import AUTOSAVE_KEY, Play, Setup
from ..scene import Push, Replace, Reset, Scene, Transition
from ..theme import colour, unit_for
from ..views.base import Marks, draw_arrow
from ..widgets import Button, Focus, draw_panel, draw_text, row_buttons
from .games import Animation, GameUI, game_ui

DRAG_START_PIXELS = 6
FRAME_BUDGET = 0.008  # seconds of search per frame: the rest of a 60 Hz frame is drawing
SHOW_THINKING_AT_LEAST = 0.45  # so a computer move can be followed
SIDE_NAMES = {"a": "side.attackers", "d": "side.defenders", "b": "side.black",
              "w": "side.white", "s": "side.south", "n": "side.north"}


class BoardScene(Scene):
    def __init__(self, ctx, play: Play) -> None:
        super().__init__(ctx)
        self.play = play
        self.ui: GameUI = game_ui(play.setup.game)
        self.animation: Animation | None = None
        self.selected: int | None = None
        self.press: tuple[int, int] | None = None
        self.drag: tuple[int, int] | None = None
        self.cursor: int | None = None
        self.pending: Move | None = None  # the computer's move, shown after a pause
        self.draw_offer: str | None = None  # the side that offered a draw (one device)
        self.focus = Focus(arrows=False)  # the arrow keys walk the board cursor
        self.over_focus = Focus()
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.unit = 16
        self.announced = False
        self.buttons = self._make_buttons()
        self.over_buttons = [
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
            Button("board.pass", self.pass_turn, name="pass"),
            Button("board.copy", self.copy_code, name="copy"),
            Button("board.load", self.load_code, name="load"),
            Button("board.rules", self.show_rules, name="rules"),
            Button("board.resign", self.resign, name="resign"),
            Button("board.menu", self.to_menu, name="menu"),
        ]
        if self.play.setup.game == "tawlbwrdd":
            buttons.insert(6, Button("board.draw", self.offer_draw, name="draw"))
        return buttons

    # --- layout -------------------------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        w, h = size
        self.unit = unit_for(size, divisor=32)
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
        for button in self.buttons:
            button.rect = pygame.Rect(0, 0, 0, 0)
        columns = 4 if self.panel.width >= 30 * self.unit else 3
        height = int(self.unit * 2.2)
        rows = math.ceil(len(visible) / columns)
        top = self.panel.bottom - rows * (height + self.unit // 2)
        for r in range(rows):
            area = pygame.Rect(self.panel.left, top + r * (height + self.unit // 2),
                               self.panel.width, height)
            row_buttons(visible[r * columns:(r + 1) * columns], area, self.unit // 2)
        self.focus.set(visible)
        box = self._over_box()
        area = pygame.Rect(box.left + self.unit, box.bottom - height * 2 - self.unit * 2,
                           box.width - 2 * self.unit, height)
        row_buttons(self.over_buttons[:2], area, self.unit // 2)
        row_buttons(self.over_buttons[2:], area.move(0, height + self.unit // 2), self.unit // 2)
        self.over_buttons[1].rect.width *= self.play.setup.mode == "computer"
        self.over_focus.set([b for b in self.over_buttons if b.visible])

    def _shown(self, button: Button) -> bool:
        if button.name == "pass":
            return self.play.setup.game == "reversi"
        return True

    def _over_box(self) -> pygame.Rect:
        w, h = self.size
        box = pygame.Rect(0, 0, min(w - 2 * self.unit, 26 * self.unit), 13 * self.unit)
        box.center = self.ui.view.rect.center if self.ui.view.rect.width else (w // 2, h // 2)
        box.clamp_ip(pygame.Rect(0, 0, w, h))
        return box

    # --- input ----------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> Transition | None:
        if self.game_over_panel:
            used, result = self.over_focus.handle(event)
            if used:
                return result
        used, result = self.focus.handle(event)
        if used:
            return result
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN) and self.animation is not None:
            self.animation = None  # a player who acts mid-animation need not wait for it
        if event.type == pygame.KEYDOWN:
            return self._key(event)
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
        return self.play.human_to_move and self.animation is None and self.pending is None

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
            self._try(move)
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
            if self.selected is not None or position.board[target] != ".":
                self.ctx.sounds.play("illegal")
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

    def _move_cursor(self, drow: int, dcol: int) -> None:
        """Arrow keys walk a cursor over the squares (pits: along the rows)."""
        view = self.ui.view
        count = {"brandubh": 49, "tawlbwrdd": 121, "reversi": 64, "modiar": 6}[
            self.play.setup.game]
        if self.cursor is None:
            self.cursor = self.selected if self.selected is not None else count // 2
            return
        centre = view.cell(self.cursor).center
        step = view.cell(self.cursor).width
        probe = (centre[0] + dcol * step * 1.05, centre[1] + drow * step * 1.05)
        target = view.target_at((int(probe[0]), int(probe[1])))
        if target is not None:
            self.cursor = target

    # --- actions (buttons and keys) ---------------------------------------------------------

    def undo(self) -> None:
        self._settle()
        if self.play.undo():
            self._after_history_change()

    def redo(self) -> None:
        self._settle()
        if self.play.redo():
            self._after_history_change()

    def _after_history_change(self) -> None:
        self.selected, self.pending, self.announced = None, None, False
        self.autosave()

    def hint(self) -> None:
        if self._can_move():
            self.play.ask_hint(self.ctx.search_nodes)

    def pass_turn(self) -> None:
        position = self.play.position
        moves = position.legal_moves()
        if self._can_move() and len(moves) == 1 and position.move_text(moves[0]) == "pass":
            self._make(moves[0])
        else:
            self.ctx.notify(t("notice.cannot_pass"))

    def copy_code(self) -> None:
        code = self.play.position.code()
        clipboard.copy(code)
        self.ctx.notify(t("notice.copied", code=code))

    def load_code(self) -> Transition:
        from ..dialogs import CodeDialog
        return Push(CodeDialog(self.ctx, self.play.position.code()))

    def show_rules(self) -> Transition:
        from ..rules import RulesScene
        return Push(RulesScene(self.ctx, self.play.setup.game))

    def returned(self, result) -> Transition | None:
        if isinstance(result, str):
            return self._load(result)
        return None

    def _load(self, code: str) -> Transition | None:
        try:
            position = from_code(code)
        except RulesError as error:  # the dialog checks too; keep the game regardless
            self.ctx.notify(str(error))
            return None
        setup = self.play.setup
        if setup.game != position.GAME:
            side = position.SIDES[0] if setup.human_side not in position.SIDES \
                else setup.human_side
            setup = Setup(position.GAME, setup.mode, side, setup.level, setup.seed)
            self.play.cancel()
            scene = BoardScene(self.ctx, Play(setup, Game(position)))
            scene.autosave()
            return Replace(scene)
        self.play.cancel()
        self.play = Play(setup, Game(position))
        self._after_history_change()
        self.ctx.notify(t("notice.loaded"))
        return None

    def resign(self) -> None:
        if self.play.game.outcome() is None and self.play.setup.mode != "watch":
            self._settle()
            self.play.resign()
            self.autosave()

    def offer_draw(self) -> None:
        """Against the computer it answers at once; on one device the other
        player accepts by pressing the same button on their turn."""
        from ...ai.levels import accepts_draw
        game = self.play.game
        if game.outcome() is not None or self.play.setup.mode == "watch":
            return
        if self.play.setup.mode == "computer":
            computer = next(s for s in game.start.SIDES if s != self.play.setup.human_side)
            if accepts_draw(game, computer):
                self._agree_draw()
            else:
                self.ctx.notify(t("notice.draw_declined"))
        elif self.draw_offer is not None and self.draw_offer != self.play.position.side:
            self._agree_draw()
        else:
            self.draw_offer = self.play.position.side
            self.ctx.notify(t("notice.draw_offered"))

    def _agree_draw(self) -> None:
        self.play.cancel()
        self.play.game.agree_draw()
        self.draw_offer = None
        self.autosave()

    def to_menu(self) -> Transition:
        from ..menu import MenuScene
        self.play.cancel()
        return Reset(MenuScene(self.ctx))

    def rematch(self) -> Transition:
        return Replace(BoardScene(self.ctx, Play(self.play.setup)))

    def swap_sides(self) -> Transition:
        sides = self.play.game.start.SIDES
        return Replace(BoardScene(self.ctx, Play(self.play.setup.swapped(sides))))

    def leave(self) -> None:
        self.play.cancel()

    # --- playing moves ------------------------------------------------------------------------

    def _make(self, move: Move) -> None:
        before = self.play.position
        if self.draw_offer is not None and self.draw_offer != before.side:
            self.draw_offer = None  # moving on instead of accepting declines it
        played = self.play.play(move)
        self.selected = self.press = self.drag = None
        duration = self.ui.animation_time(played.effects) * self.ctx.animation_scale
        self.animation = Animation(before, played.position, move, played.effects, duration)
        captured = played.effects.captured
        self.ctx.sounds.play("capture" if captured else "move")
        self.autosave()

    def _settle(self) -> None:
        """Finish any animation at once and forget a move still on show."""
        self.animation = None
        self.pending = None

    def autosave(self) -> None:
        if self.play.game.outcome() is None:
            self.ctx.storage.save(AUTOSAVE_KEY, self.play.to_dict())
        else:
            self.ctx.storage.delete(AUTOSAVE_KEY)
        self.ctx.take_storage_notices()

    # --- every frame ----------------------------------------------------------------------------

    def update(self, dt: float) -> Transition | None:
        if self.animation is not None:
            self.animation.elapsed += dt
            if self.animation.done:
                self.animation = None
        started = time.perf_counter()
        self.play.advance_hint(started + FRAME_BUDGET / 2)
        if self.pending is None and self.animation is None and self.play.computer_to_move:
            self.pending = self.play.think(started + FRAME_BUDGET, dt, self.ctx.search_nodes)
        elif self.pending is not None:
            self.play.thinking_for += dt
        if self.pending is not None and self.animation is None and \
                self.play.thinking_for >= SHOW_THINKING_AT_LEAST:
            move, self.pending = self.pending, None
            if move in self.play.game.legal_moves():
                self._make(move)
        self._announce()
        self._layout_buttons_if_needed()
        return None

    def _announce(self) -> None:
        outcome = self.play.game.outcome()
        if outcome is None or self.announced or self.animation is not None:
            return
        self.announced = True
        setup = self.play.setup
        lost = setup.mode == "computer" and outcome.winner not in (None, setup.human_side)
        self.ctx.sounds.play("lose" if lost else "win")

    def _layout_buttons_if_needed(self) -> None:
        enabled = {
            "undo": self.play.game.can_undo and self.play.setup.mode != "watch",
            "redo": self.play.game.can_redo and self.play.setup.mode != "watch",
            "hint": self._can_move(),
            "pass": self._can_move() and self._only_pass(),
            "resign": self.play.game.outcome() is None and self.play.setup.mode != "watch",
            "draw": self.play.game.outcome() is None and self.play.setup.mode != "watch",
        }
        for button in self.buttons:
            button.enabled = enabled.get(button.name, True)
            if button.name == "draw":
                accepting = self.draw_offer not in (None, self.play.position.side)
                button.label = "board.accept_draw" if accepting else "board.draw"

    def _only_pass(self) -> bool:
        moves = self.play.position.legal_moves()
        return len(moves) == 1 and self.play.position.move_text(moves[0]) == "pass"

    @property
    def game_over_panel(self) -> bool:
        return self.play.game.outcome() is not None and self.animation is None

    # --- drawing ----------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(colour("background"))
        self.ui.draw(surface, self.play.position, self._marks(), self.animation)
        self._draw_hint(surface)
        self._draw_drag(surface)
        self._draw_panel(surface)
        if self.game_over_panel:
            self._draw_game_over(surface)

    def _marks(self) -> Marks:
        position = self.play.position
        marks = Marks(cursor=self.cursor)
        if self.play.game.ply:
            marks.last = self.ui.move_squares(self.play.game.moves[-1])
        hints_on = self.ctx.settings.get("hints", True)
        if self.selected is not None and self._can_move():
            marks.selected = self.selected
            dests = self.ui.destinations(position, self.selected)
            if hints_on:
                marks.dots = tuple(dests)
                marks.rings = self.ui.captures(position, dests)
        elif not self.ui.two_step and self._can_move() and hints_on:
            marks.dots = tuple(self.ui.targets(position))
        if self.drag is not None and self.selected is not None:
            marks.hidden = frozenset({self.selected})
        return marks

    def _draw_hint(self, surface: pygame.Surface) -> None:
        move = self.play.hint
        if move is None or move not in self.play.position.legal_moves():
            return
        squares = self.ui.move_squares(move)
        view = self.ui.view
        if len(squares) == 2:
            draw_arrow(surface, view.cell(squares[0]).center, view.cell(squares[1]).center,
                       max(4, view.cell(squares[0]).width // 6), colour("hint"))
        for square in squares[-1:]:
            pygame.draw.rect(surface, colour("hint"), view.cell(square),
                             max(3, view.cell(square).width // 12), border_radius=4)

    def _draw_drag(self, surface: pygame.Surface) -> None:
        if self.drag is not None and self.selected is not None and \
                hasattr(self.ui.view, "draw_piece"):
            piece = self.play.position.board[self.selected]
            self.ui.view.draw_piece(surface, piece, self.drag, scale=1.1)

    def _draw_panel(self, surface: pygame.Surface) -> None:
        rect, u = self.panel, self.unit
        y = rect.top
        title = draw_text(surface, t(f"game.{self.play.setup.game}"), int(u * 1.6),
                          (rect.left, y), colour("accent"), bold=True, max_width=rect.width)
        y = title.bottom + u // 3
        y = draw_text(surface, self._players_line(), u, (rect.left, y), colour("text_muted"),
                      max_width=rect.width).bottom + u // 2
        y = draw_text(surface, self._status_line(), int(u * 1.1), (rect.left, y),
                      bold=True, max_width=rect.width).bottom + u // 2
        for line in self.ui.info(self.play.position, self.play.game.start,
                                 self.play.game.moves):
            y = draw_text(surface, line, u, (rect.left, y), max_width=rect.width).bottom + 4
        y += u // 3
        y += self.ui.draw_extra(surface, pygame.Rect(rect.left, y, rect.width, 2 * u),
                                self.play.position, u)
        buttons_top = min((b.rect.top for b in self.buttons if b.visible), default=rect.bottom)
        self._draw_moves(surface, pygame.Rect(rect.left, y + u // 2, rect.width,
                                              buttons_top - y - u))
        self.focus.draw(surface, u)

    def _players_line(self) -> str:
        setup = self.play.setup
        if setup.mode == "hotseat":
            return t("players.hotseat")
        level = t(f"level.{setup.level}")
        if setup.mode == "watch":
            return t("players.watch", level=level)
        return t("players.computer", side=t(SIDE_NAMES[setup.human_side]), level=level)

    def _status_line(self) -> str:
        outcome = self.play.game.outcome()
        if outcome is not None:
            return t("status.over")
        side = t(SIDE_NAMES[self.play.position.side])
        player = self.play.player()
        if player == "human":
            who = t("status.you") if self.play.setup.mode == "computer" else ""
            return t("status.to_move", side=side) + (f" · {who}" if who else "")
        dots = "." * (1 + int(time.perf_counter() * 3) % 3)
        return t("status.thinking", side=side, level=t(f"level.{player}")) + dots

    def _draw_moves(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        if area.height < self.unit * 2:
            return
        draw_panel(surface, area, radius=6)
        texts = self.play.game.move_texts()
        line_height = int(self.unit * 1.35)
        columns = 2 if area.width > 18 * self.unit else 1
        pairs = [texts[i:i + 2] for i in range(0, len(texts), 2)]
        rows = max(1, (area.height - self.unit) // line_height)
        shown = pairs[-rows * columns:]
        first_number = len(pairs) - len(shown) + 1
        column_width = area.width // columns
        for k, pair in enumerate(shown):
            column, row = divmod(k, rows)
            x = area.left + self.unit // 2 + column * column_width
            y = area.top + self.unit // 2 + row * line_height
            draw_text(surface, f"{first_number + k}. {'  '.join(pair)}", int(self.unit * 0.9),
                      (x, y), colour("text"), max_width=column_width - self.unit)
        if not texts:
            draw_text(surface, t("board.no_moves_yet"), int(self.unit * 0.9),
                      (area.left + self.unit // 2, area.top + self.unit // 2),
                      colour("text_muted"), max_width=area.width - self.unit)

    def _draw_game_over(self, surface: pygame.Surface) -> None:
        outcome = self.play.game.outcome()
        box = self._over_box()
        shade = pygame.Surface(self.ui.view.rect.size, pygame.SRCALPHA)
        shade.fill((0, 0, 0, 90))
        surface.blit(shade, self.ui.view.rect)
        draw_panel(surface, box, radius=12)
        u = self.unit
        y = draw_text(surface, self._result_title(outcome), int(u * 1.7),
                      (box.centerx, box.top + u), colour("accent"), anchor="midtop",
                      bold=True, max_width=box.width - 2 * u).bottom
        reason = t(f"reason.{outcome.reason.value}")
        if outcome.scores is not None:
            reason += f" ({outcome.scores[0]}–{outcome.scores[1]})"
        draw_text(surface, reason, u, (box.centerx, y + u // 2), anchor="midtop",
                  max_width=box.width - 2 * u)
        self.over_focus.draw(surface, u)

    def _result_title(self, outcome) -> str:
        setup = self.play.setup
        if outcome.winner is None:
            return t("over.draw")
        if setup.mode == "computer":
            return t("over.you_win") if outcome.winner == setup.human_side else t("over.you_lose")
        return t("over.side_wins", side=t(SIDE_NAMES[outcome.winner]))

