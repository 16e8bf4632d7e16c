"""Buttons and a little drawing toolkit shared by all scenes.

A `ButtonRow`-free design: each scene owns a list of `Button`s laid out in
`resize`, and a `Focus` that gives them mouse, touch and keyboard handling
(Tab / arrow keys move the focus, Enter or Space presses).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

import pygame

from . import text_log
from .i18n import t
from .spatial_focus import neighbour
from .theme import colour, font, text_size

Action = Callable[[], Any]


@dataclass
class Button:
    label: str  # a catalogue key, or literal text when `literal`
    action: Action
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    enabled: bool = True
    selected: bool = False  # a toggle or choice that is on
    literal: bool = False
    name: str = ""  # a stable id for tests
    suffix: str = ""  # literal text after the label (a busy button's dots)

    @property
    def text(self) -> str:
        return (self.label if self.literal else t(self.label)) + self.suffix

    @property
    def visible(self) -> bool:
        return self.rect.width > 0


ARROW_DIRECTIONS = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1),
                    pygame.K_DOWN: (0, 1)}


class Focus:
    """Pointer and keyboard handling for a scene's buttons.

    Tab walks the buttons in their order.  The arrow keys do too, or, with
    `spatial`, move to the nearest button the way the arrow points on screen
    (a grid of buttons: down goes to the one below, never sideways)."""

    def __init__(self, arrows: bool = True, spatial: bool = False) -> None:
        self.arrows = arrows  # False where the arrow keys belong to a board cursor
        self.spatial = spatial
        self.buttons: list[Button] = []
        self.hover: Button | None = None
        self.pressed: Button | None = None
        self.index: int | None = None  # keyboard focus

    def set(self, buttons: list[Button]) -> None:
        self.buttons = buttons
        if self.index is not None and self.index >= len(buttons):
            self.index = None

    def at(self, pos: tuple[int, int]) -> Button | None:
        for button in self.buttons:
            if button.visible and button.enabled and button.rect.collidepoint(pos):
                return button
        return None

    def handle(self, event: pygame.event.Event) -> tuple[bool, Any]:
        """(whether the event was used, the pressed button's action result)."""
        kind = event.type
        if kind == pygame.MOUSEMOTION:
            self.hover = self.at(event.pos)
            return False, None
        if kind == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1:
            self.pressed = self.at(event.pos)
            return self.pressed is not None, None
        if kind == pygame.MOUSEBUTTONUP and getattr(event, "button", 1) == 1:
            pressed, self.pressed = self.pressed, None
            if pressed is not None and pressed is self.at(event.pos):
                return True, pressed.action()
            return pressed is not None, None
        if kind == pygame.KEYDOWN:
            return self._key(getattr(event, "key", 0))
        return False, None

    def _key(self, key: int) -> tuple[bool, Any]:
        usable = [i for i, b in enumerate(self.buttons) if b.visible and b.enabled]
        if not usable:
            return False, None
        walking = (pygame.K_DOWN, pygame.K_RIGHT, pygame.K_UP, pygame.K_LEFT) if self.arrows \
            else ()
        if self.spatial and key in walking and self.index in usable:
            self.index = self._nearest(usable, ARROW_DIRECTIONS[key])
            return True, None
        if key == pygame.K_TAB or key in walking:
            step = -1 if key in (pygame.K_UP, pygame.K_LEFT) or (
                key == pygame.K_TAB and pygame.key.get_mods() & pygame.KMOD_SHIFT) else 1
            if self.index not in usable:
                self.index = usable[0 if step > 0 else -1]
            else:
                self.index = usable[(usable.index(self.index) + step) % len(usable)]
            return True, None
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and \
                self.index in usable:
            return True, self.buttons[self.index].action()
        return False, None

    def _nearest(self, usable: list[int], direction: tuple[int, int]) -> int | None:
        """The usable button the arrow `direction` leads to from the focused
        one (spatial_focus.neighbour); the same one if none lies that way."""
        origin = self.buttons[self.index].rect
        others = [(i, self.buttons[i].rect) for i in usable if i != self.index]
        found = neighbour(origin, others, direction)
        return self.index if found is None else found

    def draw(self, surface: pygame.Surface, size: int) -> None:
        for i, button in enumerate(self.buttons):
            if button.visible:
                draw_button(surface, button, size, hover=button is self.hover,
                            pressed=button is self.pressed, focused=i == self.index)


def draw_button(surface: pygame.Surface, button: Button, size: int, *, hover: bool = False,
                pressed: bool = False, focused: bool = False) -> None:
    rect = button.rect
    radius = max(4, rect.height // 4)
    if not button.enabled:
        fill = colour("button_disabled")
    elif pressed:
        fill = colour("button_pressed")
    elif button.selected:
        fill = colour("accent_dark")
    elif hover:
        fill = colour("button_hover")
    else:
        fill = colour("button")
    pygame.draw.rect(surface, fill, rect, border_radius=radius)
    text_log.button(surface, rect, button.name or button.text)
    edge = colour("focus") if focused else colour("accent") if button.selected \
        else colour("panel_edge")
    pygame.draw.rect(surface, edge, rect, width=2 if focused or button.selected else 1,
                     border_radius=radius)
    text_colour = colour("text") if button.enabled else colour("text_muted")
    width = label_width(rect)
    lines, line_size = label_lines(button.text, text_size(size), width)
    line_height = font(line_size, False).get_linesize()
    top = rect.centery - line_height * len(lines) // 2
    for i, line in enumerate(lines):
        centre = (rect.centerx, top + i * line_height + line_height // 2)
        # label_lines has already fitted the size: no second measuring here.
        draw_text(surface, line, line_size, centre, text_colour, anchor="center",
                  within=rect)


def label_width(rect: pygame.Rect) -> int:
    """The room for a button's label: a margin that grows with the button, so a
    long label never touches its edge (narrow buttons on a phone keep a thin one)."""
    return rect.width - max(8, min(rect.height // 2, rect.width // 8))


def label_lines(text: str, size: int, width: int) -> tuple[list[str], int]:
    """A button label as one line, or as two when one line would need a much
    smaller font (long labels in narrow buttons), or three when two are too
    wide; and the font size to use."""
    one_line = fit_size(text, size, width, False)
    smaller = max(min(size, text_size(0)), int(size * 0.8))  # never under 14 CSS px
    fits = font(one_line, False).size(text)[0] <= width
    if (fits and one_line >= smaller) or " " not in text:
        return [text], one_line
    words = text.split(" ")
    # The split whose longer half is shortest.
    halves = min(((" ".join(words[:k]), " ".join(words[k:])) for k in range(1, len(words))),
                 key=lambda pair: max(len(pair[0]), len(pair[1])))
    two_size = min(fit_size(half, smaller, width, False) for half in halves)
    if all(font(two_size, False).size(half)[0] <= width for half in halves):
        return list(halves), two_size
    # Two lines too wide (a long title in half a phone's width): three, where
    # the button is tall enough for them (see `label_fits`).
    three = wrap(text, smaller, width)
    return (three, smaller) if len(three) == 3 else (list(halves), two_size)


def label_fits(text: str, size: int, rect: pygame.Rect) -> bool:
    """Whether a button of `rect` shows `text` whole at a readable size."""
    room = label_width(rect)
    lines, line_size = label_lines(text, text_size(size), room)
    chosen = font(line_size, False)
    return all(chosen.size(line)[0] <= room for line in lines) and \
        chosen.get_linesize() * len(lines) <= rect.height


def fit_size(text: str, size: int, max_width: int | None, bold: bool) -> int:
    """The largest size up to `size` at which `text` fits `max_width`; never
    under the least readable size (14 CSS px): text that needs less is wrapped
    by its caller (see `draw_lines`, `label_lines`)."""
    least = min(size, text_size(0))
    while max_width and size > least and font(size, bold).size(text)[0] > max_width:
        size -= 1
    return size


def shortened(text: str, size: int, width: int, bold: bool = False) -> str:
    """`text` if it fits `width` at `size`, else as much of it as fits with "…"
    after it (a name in a box that has room for one line of it)."""
    chosen = font(size, bold)
    if chosen.size(text)[0] <= width:
        return text
    while text and chosen.size(text.rstrip() + "…")[0] > width:
        text = text[:-1]
    return text.rstrip() + "…" if text else ""


def fit_font(text: str, size: int, max_width: int | None, bold: bool) -> pygame.font.Font:
    """The largest font up to `size` in which `text` fits `max_width`."""
    return font(fit_size(text, size, max_width, bold), bold)


def draw_text(surface: pygame.Surface, text: str, size: int, pos: tuple[int, int],
              fill: tuple[int, ...] | None = None, *, anchor: str = "topleft",
              bold: bool = False, max_width: int | None = None,
              within: pygame.Rect | None = None) -> pygame.Rect:
    """Draw one line of text; returns the rect it took.  `within`: the button
    it labels (for the layout tests' record, see text_log)."""
    chosen = fit_font(text, size, max_width, bold)
    image = chosen.render(text, True, fill or colour("text"))
    rect = image.get_rect(**{anchor: pos})
    surface.blit(image, rect)
    if text_log.active is not None:
        text_log.text(surface, text, image, rect, within)
    return rect


def draw_lines(surface: pygame.Surface, text: str, size: int, pos: tuple[int, int],
               width: int, fill: tuple[int, ...] | None = None, *, bold: bool = False,
               spacing: int = 0) -> int:
    """Draw `text` from `pos` (top left), wrapped to `width`: on one line when it
    fits (shrunk a little if that is enough), else on as many as it needs.
    Returns the bottom of the last line."""
    if fit_size(text, size, width, bold) >= max(text_size(0), int(size * 0.85)) and \
            font(fit_size(text, size, width, bold), bold).size(text)[0] <= width:
        return draw_text(surface, text, size, pos, fill, bold=bold, max_width=width).bottom
    x, y = pos
    for line in wrap(text, size, width, bold):
        y = draw_text(surface, line, size, (x, y), fill, bold=bold, max_width=width).bottom
        y += spacing
    return y - spacing


def lines_needed(text: str, size: int, width: int, bold: bool = False) -> int:
    """How many lines `draw_lines` takes for `text`."""
    one = fit_size(text, size, width, bold)
    if one >= max(text_size(0), int(size * 0.85)) and font(one, bold).size(text)[0] <= width:
        return 1
    return len(wrap(text, size, width, bold))


def wrap(text: str, size: int, width: int, bold: bool = False) -> list[str]:
    """Split `text` into lines that fit `width` pixels."""
    chosen = font(size, bold)
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split(" "):
            candidate = f"{line} {word}".strip()
            if chosen.size(candidate)[0] <= width or not line:
                line = candidate
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


def draw_panel(surface: pygame.Surface, rect: pygame.Rect, *, radius: int = 10) -> None:
    text_log.panel(surface, rect)
    shadow = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(shadow, colour("shadow"), shadow.get_rect(), border_radius=radius)
    surface.blit(shadow, rect.move(3, 4))
    pygame.draw.rect(surface, colour("panel"), rect, border_radius=radius)
    pygame.draw.rect(surface, colour("panel_edge"), rect, width=1, border_radius=radius)


def veil(surface: pygame.Surface) -> None:
    """Darken everything drawn so far (under a dialog)."""
    text_log.veil(surface)
    shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    shade.fill(colour("veil"))
    surface.blit(shade, (0, 0))


def stack_buttons(buttons: list[Button], area: pygame.Rect, height: int, gap: int) -> None:
    """Lay buttons out top to bottom in `area`."""
    y = area.top
    for button in buttons:
        button.rect = pygame.Rect(area.left, y, area.width, height)
        y += height + gap


def row_buttons_by_labels(buttons: list[Button], area: pygame.Rect, gap: int,
                          size: int) -> None:
    """`row_buttons`, but where a label would not fit an even share, each
    button's share follows its label's width (a long Irish word beside short ones)."""
    row_buttons(buttons, area, gap)
    if all(label_fits(b.text, size, b.rect) for b in buttons):
        return
    chosen = font(text_size(size))
    needs = [chosen.size(b.text)[0] + 2 * max(8, area.height // 4) for b in buttons]
    room = area.width - gap * (len(buttons) - 1)
    left = area.left
    for i, (button, need) in enumerate(zip(buttons, needs, strict=True)):
        width = area.right - left if i == len(buttons) - 1 else room * need // sum(needs)
        button.rect = pygame.Rect(left, area.top, width, area.height)
        left += width + gap


def row_buttons(buttons: list[Button], area: pygame.Rect, gap: int) -> None:
    """Lay buttons out left to right, sharing `area`'s width (the last takes what
    rounding leaves, so every row ends on the area's right edge)."""
    if not buttons:
        return
    width = (area.width - gap * (len(buttons) - 1)) // len(buttons)
    for i, button in enumerate(buttons):
        left = area.left + i * (width + gap)
        last = i == len(buttons) - 1
        button.rect = pygame.Rect(left, area.top, area.right - left if last else width,
                                  area.height)


Row = TypeVar("Row")


class Pager:
    """A list shown a page at a time: which page is on show, how many rows a
    page holds, and the Previous and Next buttons that turn it (`turned` lays
    the page out again after a turn)."""

    def __init__(self, turned: Callable[[], None]) -> None:
        self.page = 0
        self.per_page = 1
        self.count = 0
        self.turned = turned
        self.previous_button = Button("history.previous", lambda: self.turn(-1), name="previous")
        self.next_button = Button("history.next", lambda: self.turn(1), name="next")

    @property
    def pages(self) -> int:
        return max(1, -(-self.count // self.per_page))

    def turn(self, step: int) -> None:
        self.page = max(0, min(self.page + step, self.pages - 1))
        self.turned()

    def fit(self, rows: Sequence[Row], per_page: int) -> list[Row]:
        """The rows of the page on show, `per_page` at most (the page kept
        within the list); each button enabled where it can turn."""
        self.count, self.per_page = len(rows), max(1, per_page)
        self.page = min(self.page, self.pages - 1)
        self.previous_button.enabled = self.page > 0
        self.next_button.enabled = self.page < self.pages - 1
        return list(rows[self.page * self.per_page:(self.page + 1) * self.per_page])
