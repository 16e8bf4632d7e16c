"""What every board view shares: geometry, a cached background, marks.

A view draws a position and maps pixels to squares (or pits).  It holds no
rules: what is legal, what a move captures, comes from the engine through
the board scene (chessground's discipline).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

import pygame

from .. import text_log
from ..theme import colour, font, look_version


def ease(progress: float) -> float:
    """Cubic ease-in-out over 0..1."""
    p = min(max(progress, 0.0), 1.0)
    return 4 * p * p * p if p < 0.5 else 1 - (-2 * p + 2) ** 3 / 2


@dataclass
class Marks:
    """Highlights the scene asks a view to draw (semantic roles, no rules)."""

    last: tuple[int, ...] = ()  # squares of the last move
    selected: int | None = None
    dots: tuple[int, ...] = ()  # legal destinations / playable squares
    capture_dots: tuple[int, ...] = ()  # destinations whose move takes something
    taken: tuple[int, ...] = ()  # pieces the move in focus would take (a cross on each)
    takeable: tuple[int, ...] = ()  # pieces some move of the piece picked up takes (faint)
    threatened: tuple[int, ...] = ()  # pieces the other side could take next move
    king_lines: tuple[tuple[int, ...], ...] = ()  # the king's open lines, his square to goal
    preview: int | None = None  # Modiar: the pit whose sowing is previewed
    cursor: int | None = None  # the keyboard cursor
    hint: tuple[int, ...] = ()  # the hint's orig (and dest)
    hidden: frozenset[int] = field(default_factory=frozenset)  # squares drawn by animation
    labels: dict[int, str] = field(default_factory=dict)  # small text in a cell (sowing order)
    crossed: tuple[int, ...] = ()  # cells marked with a cross (what a move takes)
    pulse: float = 0.0  # 0..1, a slow beat for the hint ring (stepped by the scene)
    refused: int | None = None  # a cell just tapped that has no move: it flashes red
    refused_strength: float = 0.0  # 1 when tapped, down to 0 as the flash fades


MIN_FONT_PIXELS = 8  # theme.font's smallest


class BoardView:
    """Base class: subclasses define `layout`, `draw_background`, `draw_position`.

    `aspect` is the height a board wants for its width (a rules diagram gives
    it a rectangle of that shape).  A `flipped` board is turned half round
    (the first side's home at the top); `cell` and `target_at` speak of
    screen places, so whatever maps pixels to cells (clicks, drags, the
    arrow keys, animations, marks) follows the flip.
    """

    aspect = 1.0

    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.flipped = False
        self.coordinates = True  # the files and ranks round the board
        self._background: pygame.Surface | None = None
        self._background_look = -1  # the theme's look_version it was drawn in

    def set_look(self, flipped: bool, coordinates: bool) -> None:
        """Turn the board (or not) and show its coordinates (or not)."""
        if (flipped, coordinates) != (self.flipped, self.coordinates):
            self.flipped, self.coordinates = flipped, coordinates
            self._background = None

    def layout(self, area: pygame.Rect) -> None:
        # A window too small for the board leaves it no room at all, never less.
        self.rect = pygame.Rect(area.left, area.top, max(0, area.width), max(0, area.height))
        self._background = None

    def background(self) -> pygame.Surface:
        """The static board, drawn once per size (never per frame)."""
        if self._background is None or self._background.get_size() != self.rect.size or \
                self._background_look != look_version():
            self._background = pygame.Surface(self.rect.size, pygame.SRCALPHA)
            self._background_look = look_version()
            self.draw_background(self._background)
        return self._background

    def draw_background(self, surface: pygame.Surface) -> None:
        raise NotImplementedError

    def target_at(self, pos: tuple[int, int]) -> int | None:
        raise NotImplementedError

    def cell(self, index: int) -> pygame.Rect:
        raise NotImplementedError


class GridView(BoardView):
    """A square board of n × n squares, index = row × n + col from the top
    left as the engine numbers them; flipped, the last square is top left."""

    def __init__(self, n: int) -> None:
        super().__init__()
        self.n = n
        self.square = 1
        self.origin = (0, 0)

    def layout(self, area: pygame.Rect) -> None:
        side = min(area.width, area.height)
        self.square = max(4, int(side / (self.n + 1.1)))  # a margin for the coordinates
        margin = (side - self.square * self.n) // 2
        square_area = pygame.Rect(0, 0, side, side)
        square_area.center = area.center
        super().layout(square_area)
        self.origin = (square_area.left + margin, square_area.top + margin)

    def _on_screen(self, index: int) -> tuple[int, int]:
        """(row, col) on screen of square `index` (or the square at a screen place:
        turning half round is its own inverse)."""
        row, col = divmod(index, self.n)
        return (self.n - 1 - row, self.n - 1 - col) if self.flipped else (row, col)

    def cell(self, index: int) -> pygame.Rect:
        row, col = self._on_screen(index)
        return pygame.Rect(self.origin[0] + col * self.square, self.origin[1] + row * self.square,
                           self.square, self.square)

    def target_at(self, pos: tuple[int, int]) -> int | None:
        col = (pos[0] - self.origin[0]) // self.square
        row = (pos[1] - self.origin[1]) // self.square
        if 0 <= col < self.n and 0 <= row < self.n:
            row, col = self._on_screen(row * self.n + col)
            return row * self.n + col
        return None

    def draw_coordinates(self, surface: pygame.Surface, offset: tuple[int, int],
                         rank_name: Callable[[int], str], widest: str,
                         share: float = 0.32) -> None:
        """Files (a, b, …) under the bottom row and ranks (`rank_name(row)`, the
        engine's row from the top; `widest` the widest of them) left of the
        left column, as the board is turned, in a font the frame can hold
        (none on a board too small to read them)."""
        if not self.coordinates:
            return
        label = coordinate_font(self.square, self.origin[0] - self.rect.left, widest, share)
        if label is None:
            return
        n = self.n
        for index in range(n * n):
            row, col = divmod(index, n)
            rect = self.cell(index).move(offset)
            on_row, on_col = self._on_screen(index)
            if on_row == n - 1:  # the bottom row on screen names the files
                blit_label(surface, chr(ord("a") + col), label, colour("board_label"),
                           midtop=(rect.centerx, rect.bottom + 1))
            if on_col == 0:  # the left column names the ranks
                blit_label(surface, rank_name(row), label, colour("board_label"),
                           midright=(rect.left - COORDINATE_GAP, rect.centery))


def fill_alpha(surface: pygame.Surface, rect: pygame.Rect, rgba: tuple[int, ...],
               radius: int = 0) -> None:
    layer = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(layer, rgba, layer.get_rect(), border_radius=radius)
    surface.blit(layer, rect)


def circle_alpha(surface: pygame.Surface, centre: tuple[float, float], radius: float,
                 rgba: tuple[int, ...], width: int = 0) -> None:
    if len(rgba) == 4:  # an alpha computed from a timer must never leave 0..255
        rgba = (*rgba[:3], min(max(int(rgba[3]), 0), 255))
    size = int(radius * 2 + 4)
    layer = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.circle(layer, rgba, (size / 2, size / 2), radius, width)
    surface.blit(layer, (centre[0] - size / 2, centre[1] - size / 2))


def draw_marks_on_cells(surface: pygame.Surface, view: BoardView, marks: Marks,
                        cells: Iterable[int] | None = None, hint_frame: bool = True) -> None:
    """Last move, selection and hint tints on square-shaped cells (`hint_frame`
    False: the view marks the hint its own way)."""
    for index in marks.last:
        fill_alpha(surface, view.cell(index), colour("last_move"))
    if marks.selected is not None:
        fill_alpha(surface, view.cell(marks.selected), colour("selected"))
    for index in marks.hint if hint_frame else ():
        rect = view.cell(index)
        pygame.draw.rect(surface, colour("hint"), rect, width=max(2, rect.width // 14))


def draw_dots(surface: pygame.Surface, view: BoardView, marks: Marks) -> None:
    """Where the piece picked up may go: a dot; a move that takes something is
    a dot in a thin ring of the same ink (the pieces it takes carry the cross)."""
    for index in marks.dots:
        rect = view.cell(index)
        circle_alpha(surface, rect.center, rect.width * 0.14, colour("move_dot"))
        if index in marks.capture_dots:
            circle_alpha(surface, rect.center, rect.width * 0.25, colour("move_dot"),
                         width=max(2, rect.width // 20))


def draw_cross(surface: pygame.Surface, rect: pygame.Rect, strength: float = 1.0,
               size: float = 0.67) -> None:
    """A red cross with a dark edge over a cell: what a move would take
    (`strength` < 1: fainter and thinner, what some move could take; `size`,
    its share of the cell's width)."""
    box = rect.inflate(-int(rect.width * (1 - size)), -int(rect.height * (1 - size)))
    width = max(2, int(rect.width // 9 * strength))
    layer = pygame.Surface(rect.size, pygame.SRCALPHA)
    box = box.move(-rect.left, -rect.top)
    for shade, grow in ((colour("cross_edge"), 2), (colour("taken"), 0)):
        for start, end in ((box.topleft, box.bottomright), (box.topright, box.bottomleft)):
            pygame.draw.line(layer, shade, start, end, width + grow)
    layer.set_alpha(int(255 * strength))
    surface.blit(layer, rect)


def draw_taken(surface: pygame.Surface, view: BoardView, marks: Marks,
               round_cell: bool = False) -> None:
    """On the pieces themselves: those the move in focus takes, dimmed and
    crossed; those another move of the piece picked up could take, a faint cross."""
    for index in marks.taken:
        rect = view.cell(index)
        if round_cell:  # a pit: its stones stay countable under a smaller cross
            draw_cross(surface, rect, strength=0.8, size=0.45)
            continue
        circle_alpha(surface, rect.center, rect.width * 0.42, colour("taken_veil"))
        draw_cross(surface, rect)
    for index in marks.takeable:
        if index not in marks.taken:
            draw_cross(surface, view.cell(index), strength=0.55)


def draw_threatened(surface: pygame.Surface, view: BoardView, marks: Marks) -> None:
    """A piece the other side could take with its next move: a red ring round
    the piece and a small red badge on its corner."""
    for index in marks.threatened:
        rect = view.cell(index)
        circle_alpha(surface, rect.center, rect.width * 0.46, colour("threat"),
                     width=max(2, rect.width // 14))
        badge = max(3, rect.width // 9)
        corner = (rect.right - badge - 2, rect.top + badge + 2)
        circle_alpha(surface, corner, badge + 1, colour("cross_edge"))
        circle_alpha(surface, corner, badge, colour("threat"))
        bar = max(1, badge // 3)
        pygame.draw.line(surface, colour("threat_text"), (corner[0], corner[1] - badge * 0.55),
                         (corner[0], corner[1] + badge * 0.1), bar)
        pygame.draw.circle(surface, colour("threat_text"),
                           (corner[0], corner[1] + badge * 0.45), max(1, bar // 2 + 1))


def draw_king_lines(surface: pygame.Surface, view: BoardView, marks: Marks) -> None:
    """The king's open lines to a goal: a dashed line from the edge of his
    square to the goal square, which gets a ring (drawn under the pieces)."""
    for line in marks.king_lines:
        king, beside, goal = view.cell(line[0]), view.cell(line[1]), view.cell(line[-1])
        start = ((king.centerx + beside.centerx) / 2, (king.centery + beside.centery) / 2)
        _dashed(surface, start, goal.center, max(3, king.width // 9), colour("king_line"))
        circle_alpha(surface, goal.center, goal.width * 0.36, colour("king_line"),
                     width=max(3, goal.width // 9))


def _dashed(surface: pygame.Surface, start: tuple[float, float], end: tuple[float, float],
            width: int, rgba: tuple[int, ...]) -> None:
    length = math.dist(start, end)
    if length < 1:
        return
    dash = width * 2.5
    layer = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    steps = int(length // (dash * 2)) + 1
    for k in range(steps):
        a, b = k * dash * 2 / length, min(1.0, (k * dash * 2 + dash) / length)
        pygame.draw.line(layer, rgba, (start[0] + (end[0] - start[0]) * a,
                                       start[1] + (end[1] - start[1]) * a),
                         (start[0] + (end[0] - start[0]) * b, start[1] + (end[1] - start[1]) * b),
                         width)
    surface.blit(layer, (0, 0))


def draw_cursor(surface: pygame.Surface, view: BoardView, marks: Marks) -> None:
    """The keyboard cursor: four corner brackets, dark-edged so they show on
    light and dark boards alike (the hint is a blue ring or arrow, never this)."""
    if marks.cursor is None:
        return
    rect = view.cell(marks.cursor).inflate(-2, -2)
    width = max(3, rect.width // 14)
    arm = max(6, rect.width // 3)
    for shade, grow in ((colour("cursor_shadow"), 2), (colour("cursor"), 0)):
        box = rect.inflate(grow, grow)
        for corner, (dx, dy) in ((box.topleft, (1, 1)), (box.topright, (-1, 1)),
                                 (box.bottomleft, (1, -1)), (box.bottomright, (-1, -1))):
            x, y = corner[0] - (dx < 0), corner[1] - (dy < 0)
            pygame.draw.line(surface, shade, (x, y), (x + dx * arm, y), width + grow)
            pygame.draw.line(surface, shade, (x, y), (x, y + dy * arm), width + grow)


def draw_hint_ring(surface: pygame.Surface, rect: pygame.Rect, pulse: float,
                   radius: float = 0.4) -> None:
    """The hint on a one-click move: a blue disc and a ring that slowly breathes."""
    beat = 0.5 + 0.5 * math.sin(2 * math.pi * pulse)
    circle_alpha(surface, rect.center, rect.width * radius * 0.9, colour("hint_fill"))
    circle_alpha(surface, rect.center, rect.width * (radius + 0.04 * beat), colour("hint"),
                 width=max(3, rect.width // 10))


REFUSAL_SHAKES = 3  # side-to-side swings of a refused cell's flash


def draw_refusal(surface: pygame.Surface, view: BoardView, marks: Marks,
                 round_cell: bool = False) -> None:
    """A tapped cell with no move flashes red and shakes, fading as its time runs out."""
    if marks.refused is None or marks.refused_strength <= 0:
        return
    strength = min(marks.refused_strength, 1.0)
    rect = view.cell(marks.refused)
    swing = math.sin(strength * math.pi * 2 * REFUSAL_SHAKES) * rect.width * 0.06 * strength
    rect = rect.move(round(swing), 0)
    fill = (*colour("refused")[:3], int(110 * strength))
    edge = (*colour("refused")[:3], int(230 * strength))
    width = max(3, rect.width // 12)
    if round_cell:
        circle_alpha(surface, rect.center, rect.width * 0.47, fill)
        circle_alpha(surface, rect.center, rect.width * 0.47, edge, width=width)
        return
    fill_alpha(surface, rect, fill, radius=4)
    layer = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(layer, edge, layer.get_rect(), width, border_radius=4)
    surface.blit(layer, rect)


def draw_arrow(surface: pygame.Surface, start: tuple[float, float], end: tuple[float, float],
               width: float, rgba: tuple[int, ...]) -> None:
    """A translucent arrow (the hint) from start to end."""
    layer = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    angle = math.atan2(end[1] - start[1], end[0] - start[0])
    head = width * 2.2
    shaft_end = (end[0] - math.cos(angle) * head, end[1] - math.sin(angle) * head)
    pygame.draw.line(layer, rgba, start, shaft_end, int(width))
    left = (end[0] - head * math.cos(angle - 0.5), end[1] - head * math.sin(angle - 0.5))
    right = (end[0] - head * math.cos(angle + 0.5), end[1] - head * math.sin(angle + 0.5))
    pygame.draw.polygon(layer, rgba, [end, left, right])
    surface.blit(layer, (0, 0))


def draw_better_move(surface: pygame.Surface, view: BoardView, squares: tuple[int, ...]) -> None:
    """The move the Druid's analysis prefers, in replay: an arrow from orig to
    dest, or a ring on the one square (or pit) a move is played on."""
    rgba = colour("better_move")
    if len(squares) == 2:
        start, end = view.cell(squares[0]), view.cell(squares[1])
        draw_arrow(surface, start.center, end.center, max(4, start.width // 6), rgba)
    elif len(squares) == 1:
        rect = view.cell(squares[0])
        circle_alpha(surface, rect.center, rect.width * 0.44, rgba, width=max(3, rect.width // 10))


def draw_annotations(surface: pygame.Surface, view: BoardView, marks: Marks) -> None:
    """Rules diagrams: numbers in cells and crosses over what is taken."""
    for index in marks.crossed:
        rect = view.cell(index).inflate(-view.cell(index).width // 4, -view.cell(index).height // 4)
        width = max(2, rect.width // 8)
        pygame.draw.line(surface, colour("capture_ring")[:3], rect.topleft, rect.bottomright, width)
        pygame.draw.line(surface, colour("capture_ring")[:3], rect.topright, rect.bottomleft, width)
    for index, text in marks.labels.items():
        rect = view.cell(index)
        label = font(max(9, rect.width // 6), bold=True).render(text, True, colour("text_dark"))
        box = label.get_rect(topleft=(rect.left + 3, rect.top + 3)).inflate(6, 2)
        pygame.draw.rect(surface, colour("accent"), box, border_radius=4)
        surface.blit(label, label.get_rect(center=box.center))
        text_log.text(surface, text, label, label.get_rect(center=box.center))


def blit_label(surface: pygame.Surface, text: str, text_font: pygame.font.Font,
               fill: tuple[int, ...], **anchor: tuple[int, int]) -> pygame.Rect:
    """A small label a view draws on or beside its board (a coordinate, a pit's
    count), placed by one `anchor` (midtop=..., midright=...); the rect it took."""
    image = text_font.render(text, True, fill)
    rect = image.get_rect(**anchor)
    surface.blit(image, rect)
    text_log.text(surface, text, image, rect)
    return rect


COORDINATE_GAP = 3  # pixels between a rank's number and the board


def coordinate_font(square: int, margin: int, widest: str,
                    share: float = 0.32) -> pygame.font.Font | None:
    """The font for a board's coordinates in the frame round it: `share` of a
    square, smaller where the frame is too thin for the widest rank number
    (`widest`, "11" on Tawlbwrdd) or the rows too close for the numbers; None
    (no coordinates) where even the smallest font would be cut off — a board
    that small (a menu card's) is looked at, not read."""
    from ..theme import font
    size = max(MIN_FONT_PIXELS, int(square * share))
    while size >= MIN_FONT_PIXELS:
        chosen = font(size)
        height = chosen.get_height()
        if chosen.size(widest)[0] + COORDINATE_GAP < margin and height < margin and \
                height <= square:
            return chosen
        size -= 1
    return None
