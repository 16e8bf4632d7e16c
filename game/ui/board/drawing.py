"""The board as drawn: the position shown (the game's, or an earlier one in
replay) with its marks — the last move, the piece picked up, where it may go
and what each move there takes, the hint, the cursor, a refused cell's flash,
and with the threat marks on the pieces the other side could take next, the
king's open lines and what a sowing would take — the piece being dragged,
the Druid's values on the squares, and in replay the frame round the board
and the move the analysis found better."""

from __future__ import annotations

import pygame

from ...rules.base import Move
from ..analysis_view import AnalysisView, MoveValuesView
from ..play import Mode, Play
from ..theme import colour
from ..views.base import Marks, draw_arrow, draw_better_move
from .games import NO_THREATS, Animation, GameUI, Threats
from .input import REFUSAL_SECONDS, BoardInput
from .replay import ReplayCursor

HINT_PULSE_SECONDS = 1.6


class ThreatCache:
    """The threat marks of one position for one viewer, asked of the rules
    once (the board is drawn many times a position)."""

    def __init__(self, ui: GameUI) -> None:
        self.ui = ui
        self._for: tuple[object, str] | None = None
        self._threats = NO_THREATS

    def threats(self, position, viewer: str) -> Threats:
        if self._for is None or self._for[0] is not position or self._for[1] != viewer:
            self._threats = self.ui.threats(position, viewer)
            self._for = (position, viewer)
        return self._threats


class BoardPainter:
    def __init__(self, play: Play, ui: GameUI, input_state: BoardInput, replay: ReplayCursor,
                 analysis: AnalysisView, values: MoveValuesView) -> None:
        self.play, self.ui, self.input, self.replay = play, ui, input_state, replay
        self.analysis, self.values = analysis, values
        self.clock = 0.0  # seconds shown, for the hint ring's beat
        self.threat_cache = ThreatCache(ui)

    def hint_on_show(self) -> Move | None:
        """The hint, while it is still a move of the position shown."""
        move = self.play.hint
        if move is None or self.replay.viewing is not None:
            return None
        return move if move in self.play.position.legal_moves() else None

    def pulsing(self) -> bool:
        """A one-square hint's ring beats: the board is drawn every frame for it."""
        return self.hint_on_show() is not None and not self.ui.two_step

    def draw(self, surface: pygame.Surface, animation: Animation | None, can_move: bool,
             hints_on: bool, unit: int, threats_on: bool = False) -> None:
        marks = self.marks(can_move, hints_on)
        if threats_on:
            self._add_threat_marks(marks, can_move, animation)
        self.ui.draw(surface, self.replay.shown_position, marks, animation)
        if self.replay.viewing is not None:
            self._draw_replay_frame(surface, unit)
            self._draw_better_move(surface)
        self._draw_hint(surface)
        if can_move:
            self.values.draw(surface, self.ui, self.play.position)
        self._draw_drag(surface)

    def marks(self, can_move: bool, hints_on: bool) -> Marks:
        ui, state = self.ui, self.input
        viewing = self.replay.viewing
        if viewing is not None:  # replay: the move that led here, and nothing to pick
            moves = self.play.game.moves[:viewing]
            return Marks(last=ui.move_squares(moves[-1]) if moves else ())
        position = self.play.position
        marks = Marks(cursor=state.cursor)
        if self.play.game.ply:
            marks.last = ui.move_squares(self.play.game.moves[-1])
        if can_move:
            add_choice_marks(marks, ui, state, position, hints_on)
        add_drag_marks(marks, state)
        self._add_feedback_marks(marks)
        return marks

    def _add_threat_marks(self, marks: Marks, can_move: bool,
                          animation: Animation | None) -> None:
        """With the threat marks on: what the other side could take next and the
        king's open lines on the position shown (not while a move is animated),
        and the previewed move's capture on the player's turn."""
        if animation is None:
            position = self.replay.shown_position
            setup = self.play.setup
            viewer = setup.human_side if setup.mode == Mode.COMPUTER else position.side
            found = self.threat_cache.threats(position, viewer)
            marks.threatened, marks.king_lines = found.threatened, found.king_lines
        if can_move and self.ui.previews:
            self._add_preview(marks)

    def _add_preview(self, marks: Marks) -> None:
        """The pit in focus (under the mouse, the cursor, or tapped once): its
        sowing's capture crossed on the pits it takes, the stones on it."""
        focus = self.input.focus()
        if focus is None:
            return
        sowing = self.ui.sowing(self.play.position, focus)
        if sowing is None:
            return
        marks.preview = focus
        pits, stones = sowing
        marks.taken = pits
        if stones:
            marks.labels = {**marks.labels, focus: f"+{stones}"}

    def _add_feedback_marks(self, marks: Marks) -> None:
        """The hint on a one-click move (tafl's is an arrow), and a refused cell's flash."""
        move = self.hint_on_show()
        if move is not None:
            squares = self.ui.move_squares(move)
            if len(squares) == 1:
                marks.hint = squares
        marks.pulse = self.clock / HINT_PULSE_SECONDS % 1.0
        add_refusal_marks(marks, self.input)

    def _draw_hint(self, surface: pygame.Surface) -> None:
        move = self.hint_on_show()
        if move is None:
            return
        squares = self.ui.move_squares(move)
        view = self.ui.view
        if len(squares) == 2:  # one-square hints are a ring the view draws (see the marks)
            draw_arrow(surface, view.cell(squares[0]).center, view.cell(squares[1]).center,
                       max(4, view.cell(squares[0]).width // 6), colour("hint"))

    def _draw_drag(self, surface: pygame.Surface) -> None:
        state = self.input
        if state.drag is not None and state.selected is not None and \
                hasattr(self.ui.view, "draw_piece"):
            piece = self.play.position.board[state.selected]
            self.ui.view.draw_piece(surface, piece, state.drag, scale=1.1)

    def _draw_replay_frame(self, surface: pygame.Surface, unit: int) -> None:
        """A frame round the board in replay: this is not the game's position."""
        width = max(3, unit // 4)
        rect = self.ui.view.rect.inflate(2 * width, 2 * width)
        pygame.draw.rect(surface, colour("accent"), rect, width, border_radius=width * 3)

    def _draw_better_move(self, surface: pygame.Surface) -> None:
        """In replay, on a marked move: the move the Druid found better."""
        move = self.analysis.better_move(self.replay.viewing or 0)
        if move is not None:
            draw_better_move(surface, self.ui.view, self.ui.move_squares(move))


def add_capture_marks(marks: Marks, state: BoardInput, position, orig: int) -> None:
    """The moves of the piece picked up that take something: their squares
    a ringed dot, and the pieces taken crossed on themselves — strongly for
    the square in focus (under the mouse, the cursor), faintly for all
    while none is."""
    captures = state.captures(position, orig)
    marks.capture_dots = tuple(captures)
    focus = state.focus()
    if focus in captures:
        marks.taken = captures[focus]
    else:
        marks.takeable = tuple(sorted({cell for taken in captures.values()
                                       for cell in taken}))


def add_choice_marks(marks: Marks, ui: GameUI, state: BoardInput, position,
                     hints_on: bool) -> None:
    """The player's choice as every board marks it: the piece picked up and,
    with hints on, where it may go and what a move there takes; in a game of
    one-click moves (Reversi, Modiar) the cells that may be played."""
    if state.selected is not None:
        marks.selected = state.selected
        if hints_on:
            marks.dots = tuple(ui.destinations(position, state.selected))
            add_capture_marks(marks, state, position, state.selected)
    elif not ui.two_step and hints_on:
        marks.dots = tuple(ui.targets(position))


def add_drag_marks(marks: Marks, state: BoardInput) -> None:
    """A piece being dragged leaves its square (it is drawn under the pointer)."""
    if state.drag is not None and state.selected is not None:
        marks.hidden = frozenset({state.selected})


def add_refusal_marks(marks: Marks, state: BoardInput) -> None:
    """A refused cell's red flash, fading as its time runs out."""
    if state.refused is not None:
        marks.refused = state.refused[0]
        marks.refused_strength = state.refused[1] / REFUSAL_SECONDS
