"""The Druid's analysis on the board's side panel: its progress while it runs
(with a control to stop it), then an evaluation graph of the whole game, the
verdict on the move replay shows, and the marks the move list writes.

The analysis itself is game/ai/analysis.py, run a slice per frame by the
game's `Play` (game/ui/background.py); this draws what it found.  The graph
is seen from the game's first side (up: that side stands better), each
position's value clamped to the game's span, so a won game runs along the
top; its width stands for the game's moves, so the curve ends where the
analysis has got to.  Its zero line is drawn and its edges are labelled with
the value and the side they stand for ("+32 discs for Black").  A value in
words is always for the side it favours, never a minus for the other.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from ..ai.analysis import Analysis, MoveAnalysis, MoveValues, Unit, Value
from ..rules.base import Move, Position, other
from .i18n import decimal, side_name, t
from .theme import colour, font, text_size
from .widgets import draw_lines, draw_panel, draw_text, lines_needed

if TYPE_CHECKING:
    from .play import Play

MARK_COLOURS = {"?!": "mark_inaccuracy", "?": "mark_mistake", "??": "mark_blunder"}
GRAPH_UNITS = 3.2  # the graph's height, in layout units
CAPTION_LINES = 2  # the most lines the caption above the graph wraps to
STOP_TEXT = "×"


def mark_colour(mark: str) -> tuple[int, ...]:
    return colour(MARK_COLOURS.get(mark, "text_muted"))


def format_value(value: Value, unit: Unit) -> str:
    """A value as a player reads it: a signed margin, or won / lost where a tafl
    score only says the game is forced."""
    if not unit.shows_margin and abs(value) >= unit.win:
        return t("analysis.won") if value > 0 else t("analysis.lost")
    if isinstance(value, float):
        return decimal(value, signed=True).replace("-", "−")
    return f"{value:+d}".replace("-", "−") if value else "0"


def value_with_unit(value: Value, unit: Unit) -> str:
    """`format_value` with the game's unit after a number ("+3.5 discs"); a won or
    lost game is a word, with no unit after it."""
    if not unit.shows_margin and abs(value) >= unit.win:
        return format_value(value, unit)
    return f"{format_value(value, unit)} {t(f'analysis.unit.{unit.name}')}"


def value_for_side(value: Value, unit: Unit, side: str, sides: Sequence[str]) -> str:
    """`side`'s value (the mover's) as a player reads it, for the side it favours:
    "+3.5 discs for Black" (a loss for one side is a gain for the other), "a win
    for Black" where a tafl score only says the game is forced, "even" at 0."""
    if not value:
        return t("analysis.even")
    ahead = side_name(side if value > 0 else other(sides, side))
    if not unit.shows_margin and abs(value) >= unit.win:
        return t("analysis.win_for", side=ahead)
    return t("analysis.for_side", value=value_with_unit(abs(value), unit), side=ahead)


class AnalysisView:
    """The block that shows a play's analysis (none until one is begun)."""

    def __init__(self, play: Play) -> None:
        self.play = play
        self.rect = pygame.Rect(0, 0, 0, 0)  # the whole block, as last drawn
        self.graph = pygame.Rect(0, 0, 0, 0)
        self.stop = pygame.Rect(0, 0, 0, 0)  # the × while it runs

    # --- its state, read from the play's analysis ------------------------------------------

    @property
    def analysis(self) -> Analysis | None:
        return self.play.analysis.analysis

    @property
    def running(self) -> bool:
        return self.play.analysis.running

    @property
    def complete(self) -> bool:
        """Every move of the game has its verdict."""
        return self.play.analysis.complete(self.play.game)

    @property
    def progress(self) -> tuple[int, int]:
        return self.play.analysis.progress

    def looks(self) -> tuple:
        """What the block shows that changes by itself (for the scene's redraws)."""
        found = self.analysis
        return (id(found), self.progress, found is not None and found.cancelled, self.complete)

    def result(self, ply: int) -> MoveAnalysis | None:
        """The verdict on move `ply` (from 1), once analysed."""
        return self.play.analysis.result(ply)

    def marks(self, plies: int) -> list[str]:
        return self.play.analysis.marks(plies)

    def better_move(self, ply: int) -> Move | None:
        return self.play.analysis.better_move(ply)

    # --- layout and input ------------------------------------------------------------------

    @property
    def shown(self) -> bool:
        return self.analysis is not None

    def height(self, unit: int, width: int, shown_ply: int | None) -> int:
        """The block's height at `width`, with the caption it has when replay shows
        `shown_ply` (None: the game)."""
        if not self.shown:
            return 0
        lines = self._caption_lines(unit, width, shown_ply)
        return self._caption_height(unit, lines) + int(GRAPH_UNITS * unit) + unit // 2

    def least_height(self, unit: int, width: int = 0, shown_ply: int | None = None) -> int:
        """The least height worth drawing: the caption (a line, or as many as its
        words need `width` wide, so none is cut) and a graph of 1.5 units."""
        if not self.shown:
            return 0
        if not width:
            return self._caption_height(unit, 1) + self._least_graph(unit)
        lines = self._caption_lines(unit, width, shown_ply)  # the caption's top margin too
        return unit // 4 + self._caption_height(unit, lines) + self._least_graph(unit)

    @staticmethod
    def _least_graph(unit: int) -> int:
        return unit * 3 // 2 + unit // 2

    def _caption_lines(self, unit: int, width: int, shown_ply: int | None) -> int:
        """The caption's lines: the progress one, words as many as they need (up to
        CAPTION_LINES)."""
        if self.running:
            return 1
        text, _ = self.caption(shown_ply)
        return min(CAPTION_LINES, lines_needed(text, self._text_size(unit), width - unit))

    def _fitting_lines(self, rect: pygame.Rect, unit: int, shown_ply: int | None) -> int:
        """The caption's lines in a block of `rect`: fewer than it would like where
        the graph would otherwise be left under its least height."""
        lines = self._caption_lines(unit, rect.width, shown_ply)
        while lines > 1 and rect.height - unit // 4 - self._caption_height(unit, lines) < \
                self._least_graph(unit):
            lines -= 1
        return lines

    def _caption_height(self, unit: int, lines: int) -> int:
        """`lines` of caption and the gap under them."""
        return font(self._text_size(unit)).get_linesize() * lines + unit // 3

    @staticmethod
    def _text_size(unit: int) -> int:
        return text_size(unit * 0.85)

    def ply_at(self, pos: tuple[int, int]) -> int | None:
        """The ply whose point on the graph is nearest `pos` (None: not on the graph)."""
        if self.analysis is None or not self.graph.collidepoint(pos):
            return None
        total = max(1, self.analysis.total)
        share = (pos[0] - self.graph.left) / max(1, self.graph.width)
        return max(0, min(total, round(share * total)))

    def stop_at(self, pos: tuple[int, int]) -> bool:
        return self.running and self.stop.collidepoint(pos)

    # --- drawing ---------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, unit: int,
             shown_ply: int | None) -> None:
        """The block in `rect`: a caption line (progress, or the verdict on the move
        replay shows), then the graph."""
        self.rect = rect
        if self.analysis is None:
            return
        draw_panel(surface, rect, radius=6)
        caption = pygame.Rect(rect.left + unit // 2, rect.top + unit // 4, rect.width - unit,
                              self._caption_height(unit, self._fitting_lines(rect, unit,
                                                                             shown_ply)))
        self.graph = pygame.Rect(rect.left + unit // 2, caption.bottom,
                                 rect.width - unit, rect.bottom - caption.bottom - unit // 3)
        self._draw_caption(surface, caption, unit, shown_ply)
        self._draw_graph(surface, self.graph, shown_ply)
        self._draw_scale(surface, self.graph, unit)

    def _draw_caption(self, surface: pygame.Surface, area: pygame.Rect, unit: int,
                      shown_ply: int | None) -> None:
        analysis = self.analysis
        assert analysis is not None
        size = self._text_size(unit)
        done, total = analysis.progress
        self.stop = pygame.Rect(0, 0, 0, 0)
        if self.running:
            self.stop = pygame.Rect(area.right - area.height, area.top, area.height,
                                    area.height)
            text = draw_text(surface, t("analysis.running", done=done, total=total), size,
                             area.topleft, colour("text_muted"),
                             max_width=area.width * 3 // 5)
            bar = pygame.Rect(text.right + unit // 2, area.centery - unit // 5,
                              self.stop.left - text.right - unit, max(3, unit * 2 // 5))
            if bar.width > unit:
                pygame.draw.rect(surface, colour("button"), bar, border_radius=bar.height // 2)
                filled = bar.copy()
                filled.width = max(bar.height, bar.width * done // max(1, total))
                pygame.draw.rect(surface, colour("accent"), filled, border_radius=bar.height // 2)
            draw_text(surface, STOP_TEXT, size + 2, self.stop.center, colour("text"),
                      anchor="center", bold=True)
            return
        text, fill = self.caption(shown_ply)
        clip = surface.get_clip()
        surface.set_clip(area.clip(clip))  # words too long for the room are cut, not spilt
        if area.height - unit // 3 >= 2 * font(size).get_linesize():
            draw_lines(surface, text, size, area.topleft, area.width, fill)
        else:  # one line: the words shrunk to fit, down to the least readable size
            draw_text(surface, text, size, area.topleft, fill, max_width=area.width)
        surface.set_clip(clip)

    def caption(self, shown_ply: int | None) -> tuple[str, tuple[int, ...]]:
        """The words above the graph once it is not running, and their colour: the
        verdict on the move replay shows, else that it stopped, else what the graph
        is."""
        analysis = self.analysis
        assert analysis is not None
        verdict = self.result(shown_ply) if shown_ply else None
        if verdict is not None:
            return self.verdict_text(verdict), \
                mark_colour(verdict.mark) if verdict.mark else colour("text")
        if analysis.cancelled:
            done, total = analysis.progress
            return t("analysis.stopped", done=done, total=total), colour("text_muted")
        return t("analysis.graph", side=side_name(self.sides[0])), colour("text_muted")

    @property
    def sides(self) -> tuple[str, ...]:
        return self.play.game.start.SIDES

    def verdict_text(self, verdict: MoveAnalysis) -> str:
        """The move, its mark and its value; the better move's value where it is
        marked; each value for the side it favours."""
        analysis = self.analysis
        assert analysis is not None
        unit = analysis.unit

        def worded(value: Value) -> str:
            return value_for_side(value, unit, verdict.side, self.sides)

        words = {"move": verdict.move, "mark": verdict.mark, "best": verdict.best,
                 "before": worded(verdict.value_before), "after": worded(verdict.value_after)}
        text = t("analysis.marked" if verdict.mark else "analysis.unmarked", **words)
        if verdict.exact:
            text += " · " + t("analysis.exact")
        return text

    def _draw_graph(self, surface: pygame.Surface, area: pygame.Rect,
                    shown_ply: int | None) -> None:
        analysis = self.analysis
        assert analysis is not None
        if area.height < 4 or area.width < 8:
            return
        pygame.draw.rect(surface, colour("graph_second"), area, border_radius=3)
        total = max(1, analysis.total, self.play.game.ply)
        values = analysis.graph_values()

        def point(ply: int, value: float) -> tuple[int, int]:
            return (area.left + area.width * ply // total,
                    int(area.centery - value * (area.height / 2 - 1)))

        points = [point(ply, value) for ply, value in enumerate(values)]
        if len(points) >= 2:
            shape = [(points[0][0], area.bottom - 1), *points, (points[-1][0], area.bottom - 1)]
            pygame.draw.polygon(surface, colour("graph_first"), shape)
        pygame.draw.line(surface, colour("text_muted"), (area.left, area.centery),
                         (area.right - 1, area.centery), 1)
        if shown_ply is not None:
            x = area.left + area.width * min(shown_ply, total) // total
            pygame.draw.line(surface, colour("accent"), (x, area.top), (x, area.bottom - 1), 2)
        radius = max(2, area.height // 14)
        for found in analysis.results:
            if found.mark and found.ply < len(points):
                pygame.draw.circle(surface, mark_colour(found.mark), points[found.ply], radius)
                pygame.draw.circle(surface, colour("text_dark"), points[found.ply], radius, 1)

    def scale_labels(self) -> tuple[str, str]:
        """The graph's top and bottom edges in words: the span, for the first side
        and for the second ("+32 discs for Black", "+32 discs for White")."""
        analysis = self.analysis
        assert analysis is not None
        span, sides = analysis.unit.span, self.sides
        return (value_for_side(span, analysis.unit, sides[0], sides),
                value_for_side(span, analysis.unit, sides[1], sides))

    def _draw_scale(self, surface: pygame.Surface, area: pygame.Rect, unit: int) -> None:
        """The edges' values and sides at the graph's left, and 0 by its zero line,
        each on a backing that keeps it readable over either colour of the graph
        (none on a graph too low for two lines)."""
        size = min(self._text_size(unit), text_size(0))
        inset = max(2, unit // 6)
        if area.height < 2 * (font(size).get_height() + inset) or area.width < 8:
            return  # a graph too small to label: the words above it name the sides
        top, bottom = self.scale_labels()
        labels = [(top, (area.left + inset, area.top + inset), "topleft"),
                  (bottom, (area.left + inset, area.bottom - inset), "bottomleft"),
                  ("0", (area.right - inset, area.centery), "midright")]
        for text, pos, anchor in labels:
            chosen = font(size)
            image = chosen.render(text, True, colour("text"))
            rect = image.get_rect(**{anchor: pos})
            backing = pygame.Surface(rect.inflate(inset * 2, 0).size, pygame.SRCALPHA)
            backing.fill((*colour("panel")[:3], 190))
            surface.blit(backing, rect.inflate(inset * 2, 0))
            surface.blit(image, rect)


class MoveValuesView:
    """The Druid's value on every legal square (Reversi), while the toggle is on:
    searched by the play in the background on the person's turn, a round
    deeper at a time, drawn on the squares as they firm up (the best in the
    accent colour)."""

    def __init__(self, play: Play) -> None:
        self.play = play

    @property
    def on(self) -> bool:
        return self.play.values.on

    @property
    def values(self) -> MoveValues | None:
        return self.play.values.values

    def looks(self) -> tuple:
        found = self.values
        if found is None:
            return (self.on,)
        return (self.on, id(found), found.round, tuple(sorted(found.values.items())))

    def draw(self, surface: pygame.Surface, ui, position: Position) -> None:
        found = self.values
        if not self.on or found is None or found.position is not position:
            return
        best = found.best()
        unit = found._valuer.unit
        for move, value in found.values.items():
            squares = ui.move_squares(move)
            if len(squares) != 1:
                continue
            rect = ui.view.cell(squares[0])
            text = format_value(round(value) if isinstance(value, float) else value, unit)
            size = max(10, rect.width // 3)
            fill = colour("accent") if move == best else colour("text")
            draw_text(surface, text, size, (rect.centerx + 1, rect.centery + 1),
                      colour("text_dark"), anchor="center", bold=True)  # a shadow, for the felt
            draw_text(surface, text, size, rect.center, fill, anchor="center", bold=True)
