"""The board's input, turned into what it asks for: a button pressed, a move
picked on the board (by pointer, finger or keys), a move in the list or on
the analysis graph shown, the replay walked, the result panel closed.  The
input state itself (a piece picked up, the cursor) is the board's
`BoardInput`; the moves go to the game's `Play` as requests."""

from __future__ import annotations

from typing import Any, Protocol

import pygame

from ...rules import spec
from ..analysis_view import AnalysisView
from ..dialogs import ConfirmDialog
from ..i18n import t
from ..play import Mode, Play
from ..play_events import Event
from ..scene import Push, Transition
from ..widgets import Focus
from .commands import CommandPanel
from .games import Animation, GameUI
from .input import BoardInput, Intent, PickMove, RefuseCell
from .keys import ARROWS, REPLAY_COMMANDS, key_command
from .panel import SidePanel
from .replay import ReplayCursor
from .result import ResultPanel


class ControlledBoard(Protocol):
    """What the controls use of the board scene (`BoardScene` is one), named
    here so that the controls need not import the scene that holds them."""

    ctx: Any
    ui: GameUI
    play: Play
    input: BoardInput
    replay: ReplayCursor
    panel: SidePanel
    result: ResultPanel
    focus: Focus
    commands: CommandPanel
    analysis: AnalysisView
    animation: Animation | None

    @property
    def game_over_panel(self) -> bool: ...
    def can_move(self) -> bool: ...
    def threat_marks(self) -> bool: ...
    def close_result(self) -> None: ...
    def show_events(self, events: list[Event]) -> None: ...
    def show_ply(self, ply: int, *, animate: bool = False) -> None: ...
    def back_to_game(self) -> None: ...
    def step_replay(self, plies: int) -> None: ...
    def toggle_analysis(self) -> None: ...


class BoardControls:
    def __init__(self, scene: ControlledBoard) -> None:
        self.scene = scene

    def handle(self, event: pygame.event.Event) -> Transition | None:
        scene = self.scene
        over_panel = scene.game_over_panel  # as on screen: a skipped move's result waits
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN) and scene.animation is not None:
            # Any press skips to the end of the move on show (and then acts):
            # a player who acts mid-animation need not wait for it.
            scene.animation = None
        if over_panel:
            used, result = scene.result.focus.handle(event)
            if used:
                return result
            on_button = hasattr(event, "pos") and scene.focus.at(event.pos) is not None
            if scene.result.closes(event, on_button):
                scene.close_result()
                self._list_event(event)  # a move picked there shows it at once
                return None
        used, result = scene.focus.handle(event)
        if used:
            return result
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        if event.type == pygame.MOUSEWHEEL:
            scene.panel.move_list.scroll(-int(getattr(event, "y", 0)))
            return None
        if self._list_event(event) or self._analysis_pointer(event):
            return None
        if scene.replay.viewing is not None:
            self._refuse_while_viewing(event)
        elif scene.can_move():
            self._board_pointer(event)
        elif event.type == pygame.MOUSEMOTION:
            scene.input.track_hover(event.pos, bool(getattr(event, "finger", False)))
        return None

    def _board_pointer(self, event: pygame.event.Event) -> None:
        scene = self.scene
        position = scene.play.position
        finger = bool(getattr(event, "finger", False))
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1:
            self._act(scene.input.pointer_down(event.pos, position, finger=finger,
                                               previews=scene.threat_marks()))
        elif event.type == pygame.MOUSEMOTION:
            scene.input.pointer_motion(event.pos, finger)
        elif event.type == pygame.MOUSEBUTTONUP and getattr(event, "button", 1) == 1:
            self._act(scene.input.pointer_up(event.pos, position))

    def _act(self, intent: Intent) -> None:
        """What a gesture on the board amounts to: a move asked of Play, or a
        refusal (a sound, the cell's flash, and the reason when there is a short one)."""
        scene = self.scene
        if isinstance(intent, PickMove):
            scene.show_events(scene.play.request_move(intent.move))
        elif isinstance(intent, RefuseCell):
            scene.ctx.sounds.play("illegal")
            if intent.reason:
                scene.ctx.notify(intent.reason)

    def _key(self, event: pygame.event.Event) -> Transition | None:
        scene = self.scene
        key = getattr(event, "key", 0)
        watching = scene.play.setup.mode == Mode.WATCH
        command = key_command(key, getattr(event, "mod", 0),
                              viewing=scene.replay.viewing is not None,
                              can_move=scene.can_move(), watching=watching,
                              paused=watching and scene.play.watching.paused)
        if command in REPLAY_COMMANDS:
            scene.focus.index = None  # the keys now work the replay, not a button
        if command == "replay-start":
            scene.show_ply(0)
        elif command == "replay-back":
            scene.back_to_game()
        elif command in ("replay-prev", "replay-next"):
            scene.step_replay(-1 if command == "replay-prev" else 1)
        elif command in ("undo", "redo", "hint"):
            getattr(scene, command)()
        elif command in ("pause", "step"):
            self._watch_command(command)
        elif command == "escape":
            return self._escape()
        elif command == "cursor":
            scene.focus.index = None  # the keyboard now works the board
            scene.input.move_cursor(*ARROWS[key], scene.play.position,
                                    spec(scene.play.setup.game).cells)
        elif command == "pick" and scene.input.cursor is not None and scene.can_move():
            self._act(scene.input.activate(scene.input.cursor, scene.play.position))
        return None

    def _watch_command(self, name: str) -> None:
        """Pause or one move by key: as its button does, and only when the
        button could be pressed (a finished game has neither)."""
        button = self.scene.commands.button(name)
        if button.enabled:
            button.action()

    def _escape(self) -> Transition | None:
        """Esc puts a picked-up piece down; on an idle board it asks to go back
        to the menu (the game is kept on its card either way)."""
        scene = self.scene
        if scene.input.selected is not None:
            scene.input.put_down()
            return None
        kept = t("notice.game_kept", game=t(f"game.{scene.play.setup.game}")) \
            if scene.play.unfinished else ""
        return Push(ConfirmDialog(scene.ctx, "menu", t("confirm.menu.title"), kept,
                                  "board.menu", "confirm.keep_playing"))

    def _list_event(self, event: pygame.event.Event) -> bool:
        scene = self.scene
        used, ply = scene.panel.move_list.gesture(event)
        if ply is not None:
            scene.show_ply(ply)
        return used

    def _analysis_pointer(self, event: pygame.event.Event) -> bool:
        """A press on the analysis block: its × stops the analysis, a point on the
        graph shows that move.  Whether the event was the analysis's."""
        scene = self.scene
        if event.type != pygame.MOUSEBUTTONDOWN or getattr(event, "button", 1) != 1:
            return False
        if scene.analysis.stop_at(event.pos):
            scene.toggle_analysis()
            return True
        ply = scene.analysis.ply_at(event.pos)
        if ply is not None:
            scene.show_ply(ply)
        return ply is not None

    def _refuse_while_viewing(self, event: pygame.event.Event) -> None:
        """A press on the board in replay plays nothing: say how to play on."""
        scene = self.scene
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1 and \
                scene.ui.view.rect.collidepoint(event.pos):
            scene.ctx.notify(t("replay.board_locked"))
