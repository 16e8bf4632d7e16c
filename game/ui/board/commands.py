"""The board's commands, laid out once: every command keeps its place while
playing, while looking back at a move and after the game.  A command that
does not apply just now is greyed where it stands; a label changes in place
only where the meaning stays (*Analyse* and *Stop analysis*, *Offer draw* and
*Accept draw*).

Above the commands, a row of its own for moving through the game appears
while the player looks back at a move or once the game is over: back one
move, on one move, back to the game, and the result.  It only ever takes
room from the move list; the commands below it never move.

On a panel too short for every command (a small phone), the everyday ones
stay in one row with *More*, which opens the rest in the same order.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import pygame

from ..play import Mode, Play
from ..theme import touch_height
from ..widgets import Button, Focus, label_fits, row_buttons, row_buttons_by_labels
from .panel import SPINNER_STEPS_PER_SECOND

Action = Callable[[], object]

# Every command a board may have, in the order of its places (a game without
# values on the squares or draws by agreement has no such command at all).
# Watching the computer, pause, one move and the pace stand where a player's
# undo, redo and hint would.
COMMANDS = (("pause", "board.watch_pause"), ("step", "board.watch_step"),
            ("speed", "board.watch_speed_normal"),
            ("undo", "board.undo"), ("redo", "board.redo"), ("hint", "board.hint"),
            ("values", "board.values"), ("analyse", "board.analyse"), ("copy", "board.copy"),
            ("share", "board.share"), ("load", "board.load"), ("draw", "board.draw"),
            ("rules", "board.rules"), ("resign", "board.resign"), ("menu", "board.menu"))
# Kept in the one row of a short panel, beside More.
EVERYDAY = ("undo", "redo", "hint", "pause", "step", "speed")
# With a friend there is no undo, and Send is what a turn ends with.
FRIEND_EVERYDAY = ("hint", "share")
NAVIGATION = (("replay-prev", "◀", True), ("replay-next", "▶", True),
              ("replay-back", "replay.back", False), ("show-result", "board.show_result", False))


def button_height(unit: int) -> int:
    return touch_height(unit * 2.2)


@dataclass(frozen=True)
class Situation:
    """What decides which commands apply, read once a frame."""

    viewing: bool  # the board shows an earlier position
    shown_ply: int  # the ply whose position the board shows
    can_move: bool  # the person may pick a move now
    result_on_show: bool  # the result panel is open
    hint_for: float | None  # seconds the hint has been sought (None: not sought)
    unsent: bool = False  # with a friend: what the player did waits to be sent


class CommandPanel:
    def __init__(self, actions: dict[str, Action], names: set[str],
                 everyday: tuple[str, ...] = EVERYDAY) -> None:
        self.everyday = everyday
        self.buttons = [Button(label, actions[name], name=name)
                        for name, label in COMMANDS if name in names]
        self.nav_buttons = [Button(label, actions[name], literal=literal, name=name)
                            for name, label, literal in NAVIGATION]
        self.more_button = Button("board.more", actions["more"], name="more")
        self.focus = Focus(arrows=False)  # the arrow keys walk the board cursor
        self.overflowing = False  # whether some commands are behind More
        self.navigating = False  # whether the row for moving through the game is on show
        self.grid_top = self.nav_top = 0
        self._area = (pygame.Rect(0, 0, 0, 0), 16)
        self._grid: list[Button] = []  # the buttons laid out below the navigation row

    def button(self, name: str) -> Button:
        return next(b for b in [*self.buttons, *self.nav_buttons] if b.name == name)

    @property
    def top(self) -> int:
        """The top of the buttons on show: the panel's text ends above it."""
        return self.nav_top if self.navigating else self.grid_top

    # --- layout ----------------------------------------------------------------------------

    def layout(self, panel: pygame.Rect, unit: int, text_room: int) -> None:
        """Place every command for good: whether some go behind More is decided
        with room kept for the navigation row, so that it never changes with
        the state of the game."""
        self._area = (panel, unit)
        for button in [*self.buttons, self.more_button]:
            button.rect = pygame.Rect(0, 0, 0, 0)
        height, gap = button_height(unit), unit // 2
        columns = 4 if panel.width >= 30 * unit else 3
        rows = math.ceil(len(self.buttons) / columns)
        self.overflowing = panel.height - (rows + 1) * (height + gap) < text_room
        grid = self.buttons
        if self.overflowing:
            grid = self._everyday_row(panel, unit)
            columns, rows = len(grid), 1
        self.grid_top = panel.bottom - rows * (height + gap) + gap
        for r in range(rows):
            area = pygame.Rect(panel.left, self.grid_top + r * (height + gap), panel.width,
                               height)
            row_buttons_by_labels(grid[r * columns:(r + 1) * columns], area, gap, unit)
        self.nav_top = self.grid_top - gap - height
        self._grid = grid
        self.show_navigation(self.navigating)

    def _everyday_row(self, panel: pygame.Rect, unit: int) -> list[Button]:
        """The everyday commands and More in one row; where their labels would not
        fit (watching on a narrow phone, in Irish), the last of them goes behind More."""
        everyday = [b for b in self.buttons if b.name in self.everyday]
        area = pygame.Rect(panel.left, 0, panel.width, button_height(unit))
        while True:
            row = [*everyday, self.more_button]
            row_buttons_by_labels(row, area, unit // 2, unit)
            if len(everyday) <= 2 or all(label_fits(b.text, unit, b.rect) for b in row):
                return row
            everyday.pop().rect = pygame.Rect(0, 0, 0, 0)  # behind More

    def show_navigation(self, shown: bool) -> None:
        """The row for moving through the game, above the commands (back one
        and on one move narrow; back to the game and the result sharing the rest)."""
        self.navigating = shown
        panel, unit = self._area
        height, gap = button_height(unit), unit // 2
        for button in self.nav_buttons:
            button.rect = pygame.Rect(0, 0, 0, 0)
        if shown:
            prev, following, back, result = self.nav_buttons
            step = max(height, (panel.width - 3 * gap) // 7)
            prev.rect = pygame.Rect(panel.left, self.nav_top, step, height)
            following.rect = pygame.Rect(prev.rect.right + gap, self.nav_top, step, height)
            rest = pygame.Rect(following.rect.right + gap, self.nav_top,
                               panel.right - following.rect.right - gap, height)
            row_buttons([back, result], rest, gap)
        self.focus.set([b for b in self.nav_buttons if b.visible] + self._grid)

    def hidden(self) -> list[Button]:
        """The commands behind More, in their order."""
        return [b for b in self.buttons if not b.visible] if self.overflowing else []

    def in_overflow(self, name: str) -> bool:
        return any(b.name == name for b in self.hidden())

    # --- which apply now ---------------------------------------------------------------------

    def refresh(self, play: Play, now: Situation) -> None:
        """Grey what does not apply now; the labels that change in place."""
        state, mode = play.state, play.setup.mode
        going, live = not state.over, not now.viewing
        plays = mode != Mode.WATCH
        friend = mode == Mode.FRIEND
        analysis = play.analysis
        looking = state.over or now.viewing  # the analysis is offered after the game or in replay
        enabled = {
            "undo": live and plays and not friend and play.game.can_undo,
            "redo": live and plays and not friend and play.game.can_redo,
            "hint": now.can_move,
            "values": going,  # the squares' values: a live game's
            "analyse": analysis.running or (looking and play.game.ply > 0 and
                                            analysis.lacking(play.game)),
            "draw": going and plays and not state.friend_to_move,
            "resign": going and plays and not state.friend_to_move,
            # With a friend, Share sends the game once the friend is to act.
            "share": not friend or state.over or state.friend_to_move,
            "load": not friend,  # a friend's game changes only by its moves
            "pause": going and not plays,
            "step": going and not plays and live and play.watching.paused,
            "replay-prev": now.shown_ply > 0,
            "replay-next": now.viewing,
            "replay-back": now.viewing,
            "show-result": state.over and not now.result_on_show,
        }
        for button in [*self.buttons, *self.nav_buttons]:
            button.enabled = enabled.get(button.name, True)
        self._labels(play, now)

    def _labels(self, play: Play, now: Situation) -> None:
        for button in self.buttons:
            if button.name == "share":
                # With a friend, Send offers itself (shown pressed in) while the
                # player's move, resignation or acceptance waits to be sent.
                button.label = "board.send" if play.setup.mode == Mode.FRIEND else "board.share"
                button.selected = button.enabled and now.unsent
            elif button.name == "draw":
                button.label = "board.accept_draw" if play.accepting_draw else "board.draw"
            elif button.name == "analyse":
                button.label = "board.stop_analysis" if play.analysis.running \
                    else "board.analyse"
            elif button.name == "pause":
                button.label = "board.watch_resume" if play.watching.paused \
                    else "board.watch_pause"
            elif button.name == "speed":
                button.label = f"board.watch_speed_{play.watching.speed}"
            elif button.name == "values":
                button.selected = play.values.on
            elif button.name == "hint":
                # Busy from the press until the hint is found: dots that step a few
                # times a second, on a button shown pressed in.
                seeking = now.hint_for is not None
                button.selected = seeking
                dots = 1 + int((now.hint_for or 0.0) * SPINNER_STEPS_PER_SECOND) % 3
                button.suffix = f" {'·' * dots:<3}" if seeking else ""  # one width: no jiggle

    def looks(self) -> tuple:
        """What the buttons show that can change with no input (for redraws)."""
        return tuple((b.enabled, b.label, b.selected, b.suffix)
                     for b in [*self.buttons, *self.nav_buttons])
