"""The evaluation bar beside the board (a setting, off by default): the
Druid's value of the game's position from the player's side — their share of
the bar from its foot, even at its middle mark, clamped to the game's span as
the analysis graph is — and the same value in words, with the depth searched,
on a line of the side panel.

The value is searched in the background (`Evaluation`, game/ui/background.py)
a slice a frame while the computer is not thinking; this draws what it found.
"""

from __future__ import annotations

import pygame

from ..ai.analysis import unit_of
from ..ai.strategy import MAX_DEPTH
from .analysis_view import value_for_side
from .background import Evaluated
from .i18n import t
from .play import Mode, Play
from .theme import colour

BAR_SHARE_OF_GAP = 0.45  # the bar's width, as a share of the gap beside the board


class EvalBar:
    def __init__(self, play: Play) -> None:
        self.play = play
        self.rect = pygame.Rect(0, 0, 0, 0)  # as last laid out

    @property
    def reading(self) -> Evaluated | None:
        """The latest value, while the bar shows (none while it is hidden)."""
        return self.play.evaluation.reading

    @property
    def viewpoint(self) -> str:
        """The player's side: the person's against the computer, else the first side."""
        setup = self.play.setup
        if setup.mode == Mode.COMPUTER:
            return setup.human_side
        return self.play.game.start.SIDES[0]

    def share(self) -> float | None:
        """The player's share of the bar, 0 to 1 (a half: even)."""
        reading = self.reading
        if reading is None:
            return None
        value = reading.value if reading.position.side == self.viewpoint else -reading.value
        span = unit_of(self.play.setup.game).span
        return 0.5 + max(-1.0, min(1.0, value / span)) / 2

    def words(self) -> str | None:
        """The value for the side it favours, and the depth searched (none once
        over; "solved" where an exact search saw to the game's end)."""
        reading = self.reading
        if reading is None:
            return None
        value = value_for_side(reading.value, unit_of(self.play.setup.game),
                               reading.position.side, self.play.game.start.SIDES)
        if not reading.depth:
            return t("eval.final", value=value)
        if reading.depth >= MAX_DEPTH:  # a table's or a solver's value: to the game's end
            return t("eval.solved", value=value)
        return t("eval.line", value=value, depth=reading.depth)

    def looks(self) -> tuple:
        reading = self.reading
        return (None,) if reading is None else (reading.value, reading.depth)

    # --- layout and drawing ----------------------------------------------------------

    def layout(self, board: pygame.Rect, panel: pygame.Rect) -> None:
        """In the gap beside the board: between it and the panel when the panel
        stands to its right, else in its left margin."""
        if panel.left >= board.right:
            gap = pygame.Rect(board.right, board.top, panel.left - board.right, board.height)
        else:
            gap = pygame.Rect(0, board.top, board.left, board.height)
        width = max(4, int(gap.width * BAR_SHARE_OF_GAP))
        self.rect = pygame.Rect(0, 0, width, board.height)
        self.rect.center = gap.center

    def draw(self, surface: pygame.Surface) -> None:
        share = self.share()
        if share is None or self.rect.width <= 0:
            return
        bar = self.rect
        pygame.draw.rect(surface, colour("graph_second"), bar)
        own = bar.copy()
        own.height = round(bar.height * share)
        own.bottom = bar.bottom
        pygame.draw.rect(surface, colour("graph_first"), own)
        pygame.draw.line(surface, colour("accent"), (bar.left, bar.centery),
                         (bar.right - 1, bar.centery), 2)
        pygame.draw.rect(surface, colour("panel_edge"), bar, 1)
