"""How a notice is fitted into the area a scene leaves for it: wrapped at
spaces (a long position code after its slashes), at the largest size at which
all of it fits, never under the least readable size.  The app draws notices
with this; a scene that makes room for one measures it with the same."""

from __future__ import annotations

import pygame

from .theme import font, text_size
from .widgets import wrap

NOTICE_SMALLEST = 14  # CSS px: the notice shrinks to fit its area, but not below this


def largest_size(screen: tuple[int, int]) -> int:
    """The size a notice is drawn at when its area has room enough."""
    smallest = text_size(NOTICE_SMALLEST)  # in CSS px: twice as many device px at ratio 2
    return max(smallest, min(screen) // 34)


def notice_height(text: str, width: int, screen: tuple[int, int]) -> int:
    """The height of `text`'s box in an area `width` wide with height to spare."""
    size = largest_size(screen)
    return notice_size(wrap_notice(text, size, width - 2 * size), size)[1]


def notice_layout(text: str, area: pygame.Rect,
                  screen: tuple[int, int]) -> tuple[pygame.Rect, list[str], int]:
    """The notice's box inside `area`, its text wrapped to fit, and the font
    size: the largest size at which all of it fits, else the smallest, cut short."""
    smallest = text_size(NOTICE_SMALLEST)
    for size in range(largest_size(screen), smallest - 1, -1):
        lines = wrap_notice(text, size, area.width - 2 * size)
        width, height = notice_size(lines, size)
        if height <= area.height and width <= area.width:
            break
    fitting = max(1, (area.height - size) // font(size).get_linesize())
    if len(lines) > fitting:
        lines = [*lines[:fitting - 1], lines[fitting - 1].rstrip(".") + "…"]
    width, height = notice_size(lines, size)
    box = pygame.Rect(0, 0, min(width, area.width), min(height, area.height))
    box.center = area.center
    return box, lines, size


def wrap_notice(text: str, size: int, width: int) -> list[str]:
    """`text` wrapped at spaces; a line still too wide (a position code's
    board) is broken after its slashes, so that no line needs a smaller font."""
    chosen = font(size)
    lines: list[str] = []
    for line in wrap(text, size, width):
        while chosen.size(line)[0] > width and "/" in line[:-1]:
            cuts = [i + 1 for i, ch in enumerate(line[:-1]) if ch == "/"]
            fitting = [i for i in cuts if chosen.size(line[:i])[0] <= width] or cuts[:1]
            lines.append(line[:fitting[-1]])
            line = line[fitting[-1]:]
        lines.append(line)
    return lines


def notice_size(lines: list[str], size: int) -> tuple[int, int]:
    """The box that holds these lines at this size, with a margin round them."""
    chosen = font(size)
    width = max(chosen.size(line)[0] for line in lines) + 2 * size
    return width, chosen.get_linesize() * len(lines) + size
