"""The board's input state, with no window: the piece picked up, a press and a
drag under way, the keyboard cursor, the cell under the mouse, the cell whose
move is previewed (a first tap), and the flash on a cell that has no move.

It reads the game's UI adapter (which cells start or end a move) and its
view's geometry (which cell lies under a point); it decides no rule.  What a
gesture amounts to is returned as an intent — a move picked, or a cell
refused — for the board scene to act on.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ...rules.base import Move, Position
from .games import GameUI

DRAG_START_PIXELS = 6
REFUSAL_SECONDS = 0.5  # the red flash on a piece or square that has no move


@dataclass(frozen=True)
class PickMove:
    """The player picked this move (one of the engine's own)."""

    move: Move


@dataclass(frozen=True)
class RefuseCell:
    """A cell with no move was pressed: it flashes, and `reason` (a few words,
    or None) says why."""

    target: int
    reason: str | None


Intent = PickMove | RefuseCell | None


class BoardInput:
    def __init__(self, ui: GameUI) -> None:
        self.ui = ui
        self.selected: int | None = None  # the piece picked up (games that move pieces)
        self.press: tuple[int, int] | None = None  # where the button went down on it
        self.drag: tuple[int, int] | None = None  # where a dragged piece is now
        self.cursor: int | None = None  # the keyboard's cell (None: not shown)
        self.refused: tuple[int, float] | None = None  # a cell with no move, flash seconds left
        self.hover: int | None = None  # the cell under the mouse (a finger never hovers)
        self.previewed: int | None = None  # a cell tapped once: its move is shown, not played
        # The selected piece's capturing destinations, worked out once per selection.
        self._captures_for: tuple[object, int | None, dict[int, tuple[int, ...]]] = \
            (None, None, {})

    def put_down(self) -> None:
        """Drop the piece picked up, any press or drag and a preview (a move was
        played, or the board now shows something else)."""
        self.selected = self.press = self.drag = self.previewed = None

    # --- pointer ---------------------------------------------------------------------------

    def pointer_down(self, pos: tuple[int, int], position: Position, *,
                     finger: bool = False, previews: bool = False) -> Intent:
        """A press; with `previews` (the threat marks on) a finger's first tap on
        a cell whose move the game previews shows it, and a second tap plays
        (a mouse has shown it on hover already)."""
        target = self.ui.view.target_at(pos)
        self.cursor = None  # a pointer user: the keyboard's cursor goes
        if target is None:
            return None
        if previews and finger and self.ui.previews and target != self.previewed and \
                target in self.ui.targets(position):
            self.previewed = target
            return None
        return self.activate(target, position, pos)

    def track_hover(self, pos: tuple[int, int], finger: bool = False) -> None:
        """The cell under the mouse (also while the board waits: it is in focus
        once the player may move); a finger never hovers."""
        if not finger:
            self.hover = self.ui.view.target_at(pos)

    def pointer_motion(self, pos: tuple[int, int], finger: bool = False) -> None:
        self.track_hover(pos, finger)  # a dragged piece's square is in focus too
        if self.press is not None and (self.drag or math.dist(pos, self.press) >
                                       DRAG_START_PIXELS):
            self.drag = pos

    def pointer_up(self, pos: tuple[int, int], position: Position) -> Intent:
        """The end of a drag: the piece lands where it was let go, if it may."""
        dragged, self.drag, self.press = self.drag, None, None
        if dragged is None or self.selected is None:
            return None
        target = self.ui.view.target_at(pos)
        move = self.ui.destinations(position, self.selected).get(target)
        return PickMove(move) if move is not None else None

    def activate(self, target: int, position: Position,
                 pos: tuple[int, int] | None = None) -> Intent:
        """A click (or Enter) on `target`: pick a piece up, play a move, or refuse."""
        ui = self.ui
        self.previewed = None
        if not ui.two_step:
            move = ui.targets(position).get(target)
            return self.refuse(target, position) if move is None else PickMove(move)
        if self.selected is not None:
            move = ui.destinations(position, self.selected).get(target)
            if move is not None:
                return PickMove(move)
        if target in ui.origins(position):
            self.selected, self.press, self.drag = target, pos, None
            return None
        refused = self.selected is not None or ui.holds_piece(position, target)
        self.selected = None
        return self.refuse(target, position) if refused else None

    def refuse(self, target: int, position: Position) -> RefuseCell:
        self.refused = (target, REFUSAL_SECONDS)
        return RefuseCell(target, self.ui.refusal(position, target))

    def tick(self, dt: float) -> None:
        """The refusal's flash fades."""
        if self.refused is not None:
            target, left = self.refused
            self.refused = (target, left - dt) if left > dt else None

    # --- keyboard ---------------------------------------------------------------------------

    def playable(self, position: Position) -> set[int]:
        """The cells the side to move can start a move from."""
        return set(self.ui.origins(position)) | set(self.ui.targets(position))

    def move_cursor(self, drow: int, dcol: int, position: Position, cells: int) -> None:
        """An arrow key: the first shows the cursor (on the piece picked up, else
        on the playable cell nearest the board's middle); the next ones move it
        to the neighbouring cell the way the arrow points, on screen."""
        view = self.ui.view
        if self.cursor is None:
            self.cursor = self.selected if self.selected is not None else \
                self._start_cell(position, cells)
            return
        here = view.cell(self.cursor)
        probe = (here.centerx + dcol * here.width * 1.05, here.centery + drow * here.width * 1.05)
        target = view.target_at((int(probe[0]), int(probe[1])))
        if target is not None:
            self.cursor = target

    def _start_cell(self, position: Position, cells: int) -> int:
        middle = self.ui.view.rect.center
        playable = sorted(self.playable(position))
        if not playable:
            return cells // 2
        return min(playable, key=lambda cell: math.dist(self.ui.view.cell(cell).center, middle))

    # --- what the marks need --------------------------------------------------------------

    def captures(self, position: Position, orig: int) -> dict[int, tuple[int, ...]]:
        """The destinations from `orig` that take something, and what each
        takes: asked of the game once per selection (not on every frame drawn)."""
        shown_for, selected, found = self._captures_for
        if shown_for is not position or selected != orig:
            found = self.ui.captures(position, orig)
            self._captures_for = (position, orig, found)
        return found

    def focus(self) -> int | None:
        """The cell the player points at without pressing: under the mouse, or
        the keyboard's cursor, or the cell tapped once."""
        for cell in (self.cursor, self.hover, self.previewed):
            if cell is not None:
                return cell
        return None
