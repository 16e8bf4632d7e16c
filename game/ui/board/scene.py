"""The board scene shared by all four games.  It turns the player's input
into requests to the game's `Play`, runs `Play.tick` once a frame, and
shows what that reports: moves animated and sounded, notices, the result.

The jobs are its parts': the input state (input.py) and its routing
(controls.py, keys.py), the replay cursor (replay.py), the commands
(commands.py, more.py), the side panel's text and lists (panel.py), the
board's drawing (drawing.py), the result panel (result.py) and the game's
transfer in and out (transfer.py).
"""

from __future__ import annotations

import math
import time
from itertools import islice

import pygame

from ...rules import spec
from ...rules.record import Game
from ..analysis_view import AnalysisView, MoveValuesView
from ..dialogs import ConfirmDialog, Confirmed, Declined
from ..eval_bar import EvalBar
from ..i18n import t
from ..opening import Shared
from ..play import Frame, Mode, Play
from ..play_events import (
    Actor,
    DrawAnswered,
    DrawOffered,
    Event,
    GameEnded,
    HistoryChanged,
    Moved,
    PassDue,
    Refused,
    Why,
)
from ..scene import Push, Replace, Reset, Scene, ToBoard, ToMenu, ToRules, Transition
from ..theme import colour, unit_for
from .commands import EVERYDAY, FRIEND_EVERYDAY, CommandPanel, Situation
from .controls import BoardControls
from .drawing import BoardPainter
from .games import Animation, GameUI, game_ui
from .input import BoardInput
from .more import MoreChoice, MoreMenu
from .panel import SidePanel
from .replay import ReplayCursor
from .result import ResultPanel
from .transfer import GameTransfer

FRAME_BUDGET = 0.008  # seconds of search in a frame that draws: the rest of 60 Hz is drawing
# In a frame with nothing to draw the search may run until this long after the
# frame began: most of a 60 Hz frame (16.7 ms), the rest left for the loop.
QUIET_FRAME_BUDGET = 0.015


class BoardScene(Scene):
    def __init__(self, ctx, play: Play) -> None:
        super().__init__(ctx)
        self.play = play
        self.ui: GameUI = game_ui(play.setup.game)
        self.animation: Animation | None = None
        self.unit = 16
        self.announced = False  # the game's end was sounded (once its last move was shown)
        self.offer_due = False  # the computer offered a draw: its question is put next
        self.waited = 0.0  # seconds the computer has been busy: its thinking dots
        self.hint_waited = 0.0  # seconds the hint has been sought: its button's dots
        self._shown_looks: tuple = ()
        self.input = BoardInput(self.ui)
        self.replay = ReplayCursor(play)
        self.replay.listeners.append(self._replay_moved)
        self.analysis = AnalysisView(play)  # the Druid's analysis of this game, once begun
        self.move_values = MoveValuesView(play)  # the Druid's value on each legal square
        self.eval_bar = EvalBar(play)  # the Druid's value beside the board (a setting)
        self.panel = SidePanel(play, self.ui, self.replay, self.analysis, self.eval_bar)
        self.painter = BoardPainter(play, self.ui, self.input, self.replay, self.analysis,
                                    self.move_values)
        self.transfer = GameTransfer(ctx, play, self.show_events)
        self.controls = BoardControls(self)
        self.commands = self._make_commands()
        self._commands_mode = play.setup.mode  # who plays, as the commands were built for
        self.result = ResultPanel(play, {"over-close": self.close_result, "rematch": self.rematch,
                                         "swap": self.swap_sides, "over-undo": self.undo,
                                         "over-menu": self.to_menu})
        # The parts' button focuses and move list, as the app's tools find them on a scene.
        self.focus, self.over_focus = self.commands.focus, self.result.focus
        self.move_list = self.panel.move_list
        self.play.resume()  # a game comes to a board live, whatever another board left
        self.play.storage = ctx.storage  # autosaved by Play after every change
        self.transfer.tell_rules_change()  # a game of earlier rules, cut by today's

    def _make_commands(self) -> CommandPanel:
        everyday = FRIEND_EVERYDAY if self.play.setup.mode == Mode.FRIEND else EVERYDAY
        return CommandPanel(self._command_actions(), self._command_names(), everyday)

    def _command_actions(self) -> dict:
        return {"undo": self.undo, "redo": self.redo, "hint": self.hint,
                "values": self.toggle_values, "analyse": self.toggle_analysis,
                "copy": self.transfer.copy_code, "share": self.share,
                "load": self.transfer.load_code, "draw": self.offer_draw,
                "rules": lambda: Push(ToRules(self.play.setup.game)), "resign": self.resign,
                "menu": self.to_menu, "more": self.open_more,
                "replay-prev": lambda: self.step_replay(-1),
                "replay-next": lambda: self.step_replay(1),
                "replay-back": self.back_to_game, "show-result": self.show_result,
                "pause": lambda: self.show_events(self.play.toggle_watch_pause()),
                "step": lambda: self.show_events(self.play.request_step()),
                "speed": lambda: self.show_events(self.play.next_watch_speed())}

    def _command_names(self) -> set[str]:
        names = {"analyse", "copy", "share", "load", "rules", "resign", "menu"}
        # Watching, the computer's pause, one move and pace take the places of
        # a player's undo, redo and hint.
        names |= {"pause", "step", "speed"} if self.play.setup.mode == Mode.WATCH \
            else {"undo", "redo", "hint"}
        if self.ui.value_hints:
            names.add("values")
        if spec(self.play.setup.game).draw_by_agreement:
            names.add("draw")
        return names

    # --- what the board is showing -----------------------------------------------------------

    @property
    def viewing(self) -> int | None:
        return self.replay.viewing

    @property
    def game_over_panel(self) -> bool:
        """Whether the result panel is on show (over, played out, not closed)."""
        return self.play.state.over and self.animation is None and \
            not self.result.closed and self.replay.viewing is None

    def status_line(self) -> str:
        return self.panel.status_line(self.can_move(), self.waited)

    def turned(self) -> bool:
        """Whether the board is drawn flipped: as the setting says, and on
        "auto" when a person plays the computer with the second side (their
        side then at the bottom)."""
        chosen = self.ctx.settings.get("orientation", "auto")
        if chosen != "auto":
            return chosen == "flipped"
        setup = self.play.setup
        return setup.mode == Mode.COMPUTER and \
            setup.human_side == self.play.game.start.SIDES[1]

    def _apply_board_settings(self) -> None:
        """The board's way up and coordinates, as the settings have them now."""
        self.ui.view.set_look(self.turned(), bool(self.ctx.settings.get("coordinates", True)))

    # --- layout -------------------------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        w, h = size
        # Grows with big windows (1920×1080: 30) and is 22 at 1280×800.
        self.unit = unit_for(size, high=32, divisor=36)
        pad = self.unit
        if w >= h * 1.1:  # landscape: board left, panel right
            side = min(h - 2 * pad, int(w * 0.62))
            board = pygame.Rect(pad, (h - side) // 2, side, side)
            panel = pygame.Rect(board.right + pad, pad, w - board.right - 2 * pad, h - 2 * pad)
        else:  # portrait: board on top, panel below
            side = min(w - 2 * pad, int(h * 0.55))
            board = pygame.Rect((w - side) // 2, pad, side, side)
            panel = pygame.Rect(pad, board.bottom + pad // 2, w - 2 * pad,
                                h - board.bottom - pad - pad // 2)
        self._apply_board_settings()
        self.ui.view.layout(board)
        self.eval_bar.layout(board, panel)
        self.panel.layout(panel, self.unit)
        self.commands.layout(panel, self.unit, self.panel.text_room())
        self.result.layout(size, self.unit, board)

    def open_more(self) -> Transition:
        self._refresh()  # the choices greyed as the commands are now
        return Push(MoreMenu(self.ctx, self.commands.hidden(), self.commands.more_button.rect))

    # --- input ----------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> Transition | None:
        return self.controls.handle(event)

    def can_move(self) -> bool:
        return self.replay.viewing is None and self.play.may_move(self.animation is not None)

    def threat_marks(self) -> bool:
        """Whether this board marks threats (the setting, or by default against the Bard)."""
        setup = self.play.setup
        return self.ctx.threat_marks(setup.mode, setup.level)

    # --- replay ------------------------------------------------------------------------------

    @property
    def shown_position(self):
        return self.replay.shown_position

    def show_ply(self, ply: int, *, animate: bool = False) -> None:
        """Show the position after `ply` plies (0: the start), view only;
        `animate` plays the move that led there (stepping on one move)."""
        if self.replay.show(ply) and animate and self.replay.viewing is not None:
            self._animate_replayed_move(self.replay.viewing)

    def back_to_game(self) -> None:
        """Leave replay: the board shows the game again, and the computer carries on."""
        self.replay.back()

    def step_replay(self, plies: int) -> None:
        """Move the replay `plies` back (negative) or on from the ply shown; one
        step on animates the move, as it was played."""
        self.show_ply(self.replay.shown_ply + plies, animate=plies == 1)

    def _replay_moved(self, viewing: int | None) -> None:
        self.animation = None  # a move still on show is finished at once
        self.input.put_down()
        if viewing is None:
            self.panel.move_list.follow = True
        self.redraw()

    def _animate_replayed_move(self, ply: int) -> None:
        game = self.play.game
        before, after = islice(game.replay(), ply - 1, ply + 1)
        self._animate(before, after, game.moves[ply - 1], game.effects[ply - 1])

    def _animate(self, before, after, move, effects) -> None:
        duration = self.ui.animation_time(effects) * self.ctx.animation_scale
        self.animation = Animation(before, after, move, effects, duration)

    # --- commands --------------------------------------------------------------------------

    def undo(self) -> None:
        if self.replay.viewing is None:  # in replay: which move, the shown or the last?
            self._settle()
            self.show_events(self.play.request_undo())

    def redo(self) -> None:
        if self.replay.viewing is None:
            self._settle()
            self.show_events(self.play.request_redo())

    def hint(self) -> None:
        if self.can_move():
            self.show_events(self.play.request_hint())

    def toggle_analysis(self) -> None:
        """Analyse the moves that lack a verdict; while it runs, stop it."""
        self.show_events(self.play.toggle_analysis())

    def toggle_values(self) -> None:
        """Show (or hide) the Druid's value on every legal square."""
        self.show_events(self.play.toggle_values())

    def offer_draw(self) -> None:
        """Against the computer it answers once its short search ends (a few
        frames); on one device the other player accepts by offering on their turn."""
        self.show_events(self.play.offer_draw())

    def share(self) -> None:
        """Share the game; with a friend, send it to them."""
        if self.play.setup.mode == Mode.FRIEND:
            self.transfer.send_to_friend()
        else:
            self.transfer.share()

    def resign(self) -> Transition | None:
        """Ask first: one stray click must not end a game."""
        if self.play.state.over or self.play.setup.mode == Mode.WATCH:
            return None
        if self.play.state.friend_to_move:
            self.ctx.notify(t("friend.wait_to_resign"))
            return None
        message = t("confirm.resign.you" if self.play.setup.mode in (Mode.COMPUTER, Mode.FRIEND)
                    else "confirm.resign.hotseat")
        return Push(ConfirmDialog(self.ctx, "resign", t("confirm.resign.title"), message,
                                  "confirm.resign.yes", "confirm.keep_playing"))

    def to_menu(self) -> Transition:
        return Reset(ToMenu())  # leaving stops the game's searches (see leave)

    def rematch(self) -> Transition:
        return Replace(ToBoard(Play(self.play.setup)))

    def swap_sides(self) -> Transition:
        return Replace(ToBoard(Play(self.play.setup.swapped(self.play.game.start.SIDES))))

    def close_result(self) -> None:
        self.result.close()

    def show_result(self) -> None:
        self.replay.back()  # the result belongs to the game's end
        self.result.closed = False
        self.focus.pressed = self.focus.hover = None

    def returned(self, result) -> Transition | None:
        if isinstance(result, MoreChoice):  # a command chosen behind More
            chosen = self.commands.button(result.name)
            return chosen.action() if chosen.enabled else None
        if isinstance(result, Game | Shared):  # from the code dialog, or opened at start
            return self.transfer.ask_before_load(result)
        if isinstance(result, Confirmed) and result.question == "load":
            return self.transfer.load(result.value)
        if isinstance(result, Confirmed) and result.question == "resign":
            self._settle()
            self.show_events(self.play.request_resign())
        if isinstance(result, Confirmed) and result.question == "menu":
            return self.to_menu()
        if isinstance(result, Confirmed | Declined) and result.question == "draw":
            self.show_events(self.play.answer_draw(isinstance(result, Confirmed)))
        return None

    def leave(self) -> None:
        self.play.stop()

    # --- what Play reports --------------------------------------------------------------------

    def show_events(self, events: list[Event]) -> None:
        for event in events:
            self._apply(event)

    def _apply(self, event: Event) -> None:
        """Show what happened: a move animated and sounded, a notice, the result."""
        self.redraw()
        if isinstance(event, Moved):
            self._show_move(event)
        elif isinstance(event, PassDue):
            self.ctx.notify(self.panel.pass_message())
        elif isinstance(event, DrawOffered) and self.play.draws.standing is not None:
            self.offer_due = True  # the computer's: put to the player (see update)
        elif isinstance(event, DrawOffered):
            self.ctx.notify(t("notice.draw_offered"))
        elif isinstance(event, DrawAnswered) and not event.accepted:
            self.ctx.notify(t("notice.draw_declined"))
        elif isinstance(event, GameEnded):
            self._result_due()
        elif isinstance(event, HistoryChanged):
            self.replay.back()  # a new history: a ply shown from the old one means nothing
            self.input.put_down()
            self.input.refused = None
            self._result_due()
        elif isinstance(event, Refused) and event.why == Why.COMPUTER_ILLEGAL:
            self.ctx.notify(t("notice.computer_refused"))  # nothing changed: nothing saved
        elif isinstance(event, Refused) and event.why == Why.ILLEGAL:
            self.ctx.sounds.play("illegal")

    def _result_due(self) -> None:
        """The game's end (or a record that ends) is sounded and its result shown anew."""
        self.announced = self.result.closed = False
        self.result.layout(self.size, self.unit, self.ui.view.rect)

    def _show_move(self, moved: Moved) -> None:
        """A move just played: animated (a pass moves nothing) and sounded."""
        turn, played = moved.turn, moved.turn.played
        self.input.put_down()
        self.ctx.sounds.play("capture" if played.effects.captured else "move")
        self.animation = None
        if moved.by != Actor.FORCED:  # a pass moves nothing
            self._animate(turn.before, played.position, turn.move, played.effects)

    def _settle(self) -> None:
        """Finish any animation at once."""
        self.animation = None

    # --- every frame ----------------------------------------------------------------------------

    def update(self, dt: float) -> Transition | None:
        self._apply_board_settings()
        if self.animation is not None:
            self.animation.elapsed += dt
            if self.animation.done:
                self.animation = None
        self.input.tick(dt)
        self.painter.clock += dt
        busy = self.play.computer_to_move or self.play.draw_weighing is not None
        self.waited = self.waited + dt if busy else 0.0
        self.hint_waited = self.hint_waited + dt if self.play.hint_search.pending else 0.0
        self._refresh()
        self._note_looks()  # before searching: a frame that will draw leaves time for it
        quiet = not self.dirty and self.animation is None  # nothing to draw so far
        frame = Frame(dt, search_deadline(self.ctx, quiet), showing=self.animation is not None,
                      quiet=quiet, pace=self.ctx.animation_scale, nodes=self.ctx.search_nodes,
                      evaluation=self.ctx.settings.get("evaluation", "off"))
        self.show_events(self.play.tick(frame))
        self.ctx.take_storage_notices()
        self._announce()
        self._refresh()
        self._note_looks()
        return self._put_draw_offer()

    def _rebuild_commands(self) -> None:
        """The commands for who plays now (watching has its own three), laid out anew."""
        self._commands_mode = self.play.setup.mode
        self.commands = self._make_commands()
        self.focus = self.commands.focus
        if self.size != (0, 0):
            self.resize(self.size)

    def _put_draw_offer(self) -> Transition | None:
        """The computer's draw offer, as a question the player must answer:
        accept (the game is drawn) or play on (the computer makes its move).
        Playing on is the safe answer, as Esc or a tap beside the box."""
        if not self.offer_due:
            return None
        self.offer_due = False
        if self.play.draws.standing is None:  # lapsed meanwhile (an undo, a load)
            return None
        level = t(f"level.{self.play.setup.level}")
        return Push(ConfirmDialog(self.ctx, "draw", t("offer.title", level=level),
                                  t("offer.body", level=level), "board.accept_draw",
                                  "offer.play_on", no_acts=True))

    def _refresh(self) -> None:
        """The commands that apply now, and the navigation row while it is wanted."""
        if self.play.setup.mode != self._commands_mode:  # a game loaded for other players
            self._rebuild_commands()
        viewing = self.replay.viewing is not None
        # Moving through the game: in replay, and after it once its result is put away.
        navigating = viewing or (self.play.state.over and self.result.closed)
        if navigating != self.commands.navigating:
            self.commands.show_navigation(navigating)
        pending = self.play.hint_search.pending
        self.commands.refresh(self.play, Situation(
            viewing, self.replay.shown_ply, self.can_move(), self.game_over_panel,
            self.hint_waited if pending else None, self.transfer.unsent))

    def _announce(self) -> None:
        """The game's end is sounded once its last move has been shown."""
        outcome = self.play.state.outcome
        if outcome is None or self.announced or self.animation is not None:
            return
        self.announced = True
        setup = self.play.setup
        lost = setup.mode == Mode.COMPUTER and outcome.winner not in (None, setup.human_side)
        self.ctx.sounds.play("lose" if lost else "win")

    def animating(self) -> bool:
        """A move, a refused cell's flash or a pulsing hint ring is on show."""
        return self.animation is not None or self.input.refused is not None or \
            self.painter.pulsing()

    def _looks(self) -> tuple:
        """What the scene shows that can change with no input: a computer move, a
        hint found, the thinking dots, the commands, the result panel, a notice,
        the clocks."""
        return (self.play.game.ply, self.replay.viewing, self.play.hint, self.status_line(),
                self.game_over_panel, self.analysis.looks(), self.move_values.looks(),
                self.eval_bar.looks(), self.commands.looks(), self.ctx.notice_shown,
                self.panel.clocks.looks())

    def _note_looks(self) -> None:
        looks = self._looks()
        if looks != self._shown_looks:
            self._shown_looks = looks
            self.redraw()

    # --- drawing ----------------------------------------------------------------------------------

    def notice_area(self) -> pygame.Rect | None:
        """The strip the side panel makes above the move list while a notice is
        on screen: it covers nothing the player reads."""
        return self.panel.notice_strip

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(colour("background"))
        self.painter.draw(surface, self.animation, self.can_move(),
                          self.ctx.settings.get("hints", True), self.unit,
                          threats_on=self.threat_marks())
        self.eval_bar.draw(surface)
        self.panel.draw(surface, self.status_line(), self.commands.top, self.ctx.notice_shown)
        self.focus.draw(surface, self.unit)
        if self.game_over_panel:
            self.result.draw(surface, self.ui.view.rect)


def search_deadline(ctx, quiet: bool) -> float:
    """When a frame's share of searching ends: most of the frame when it is
    `quiet` (nothing to draw), FRAME_BUDGET when it will draw; never, in a run
    whose searches are bounded by nodes alone (`search_slices_by_clock`)."""
    if not ctx.search_slices_by_clock:
        return math.inf
    now = time.perf_counter()
    if not quiet:
        return now + FRAME_BUDGET
    return max(now, ctx.frame_began + QUIET_FRAME_BUDGET)
