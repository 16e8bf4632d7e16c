"""Draw the page's pictures: the icons, and `social.png` (link previews).

    python web/make_images.py

The icons are `favicon.png` (192 px, also the page's icon), `icon-512.png` and
`icon-maskable-512.png` (for the web app manifest: launchers that cut their own
shape use the maskable one).  All are committed, because the build that
publishes the page has only pygbag, not pygame; run this again only to change
them.  They are drawn with pygame from the game's theme colours and its DejaVu
Sans, like the game itself.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # after the headless SDL settings

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))

from game.ui.theme import ASSETS, COLOURS  # noqa: E402

SLATE = COLOURS["background"]
GLOW = COLOURS["background_glow"]
PANEL = COLOURS["panel"]
EDGE = COLOURS["panel_edge"]
GOLD = COLOURS["accent"]
GOLD_DARK = COLOURS["accent_dark"]
TEXT = COLOURS["text"]
MUTED = COLOURS["text_muted"]
KING = COLOURS["king"]
MASKABLE_SHARE = 0.62  # the icon's width in the maskable one


def draw_icon(size: int) -> pygame.Surface:
    """A Brandubh board seen from above: corner squares, the throne, the king."""
    scale = 4  # drawn large, then smoothed down
    big = size * scale
    surface = pygame.Surface((big, big), pygame.SRCALPHA)
    radius = big // 6
    pygame.draw.rect(surface, SLATE, surface.get_rect(), border_radius=radius)
    margin = big // 9
    board = pygame.Rect(margin, margin, big - 2 * margin, big - 2 * margin)
    pygame.draw.rect(surface, PANEL, board, border_radius=radius // 3)
    cell = board.width / 7
    for i in range(8):  # the 7×7 grid
        offset = round(i * cell)
        width = max(1, big // 96)
        pygame.draw.line(surface, EDGE, (board.left + offset, board.top),
                         (board.left + offset, board.bottom - 1), width)
        pygame.draw.line(surface, EDGE, (board.left, board.top + offset),
                         (board.right - 1, board.top + offset), width)
    for cx, cy in ((0, 0), (6, 0), (0, 6), (6, 6), (3, 3)):  # corners and throne
        square = pygame.Rect(round(board.left + cx * cell) + 1, round(board.top + cy * cell) + 1,
                             round(cell) - 1, round(cell) - 1)
        pygame.draw.rect(surface, GOLD_DARK, square)
    centre = board.center
    pygame.draw.circle(surface, GOLD, centre, round(cell * 1.25))
    pygame.draw.circle(surface, GOLD_DARK, centre, round(cell * 1.25), max(2, big // 48))
    pygame.draw.circle(surface, KING, centre, round(cell * 0.62))
    pygame.draw.circle(surface, TEXT, centre, round(cell * 0.22))
    pygame.draw.rect(surface, GOLD, surface.get_rect(), width=max(2, big // 40),
                     border_radius=radius)
    return pygame.transform.smoothscale(surface, (size, size))


def draw_maskable_icon(size: int) -> pygame.Surface:
    """The icon on a full slate square, small enough that any mask keeps all of it.

    A launcher may cut a maskable icon to a circle: only the central circle of
    80 % of the width is sure to be seen, and at 62 % of the width the icon's
    rounded corners stay inside it.
    """
    surface = pygame.Surface((size, size))
    surface.fill(SLATE)
    inner = round(size * MASKABLE_SHARE)
    surface.blit(draw_icon(inner), ((size - inner) // 2, (size - inner) // 2))
    return surface


def draw_social(width: int = 1200, height: int = 630) -> pygame.Surface:
    surface = pygame.Surface((width, height))
    surface.fill(SLATE)
    glow = pygame.Surface((width, height), pygame.SRCALPHA)
    for step in range(24, 0, -1):  # a soft glow: ever smaller, ever brighter ellipses
        oval = pygame.Rect(0, 0, width * step // 20, height * step // 14)
        oval.center = (width // 2, height // 2)
        pygame.draw.ellipse(glow, (*GLOW, 10), oval)
    surface.blit(glow, (0, 0))
    icon = draw_icon(300)
    surface.blit(icon, (80, (height - 300) // 2))
    bold = pygame.font.Font(ASSETS / "fonts" / "DejaVuSans-Bold.ttf", 132)
    plain = pygame.font.Font(ASSETS / "fonts" / "DejaVuSans.ttf", 32)
    title = bold.render("Táiplis", True, GOLD)
    surface.blit(title, (440, 170))
    lines = ["Brandubh · Tawlbwrdd · Reversi · Modiar",
             "Four old board games in the browser"]
    y = 170 + title.get_height() + 24
    for text, colour in zip(lines, (TEXT, MUTED), strict=True):
        rendered = plain.render(text, True, colour)
        surface.blit(rendered, (446, y))
        y += rendered.get_height() + 14
    pygame.draw.rect(surface, GOLD_DARK, surface.get_rect(), width=6)
    return surface


def main() -> None:
    pygame.init()
    pictures = {"favicon.png": draw_icon(192), "icon-512.png": draw_icon(512),
                "icon-maskable-512.png": draw_maskable_icon(512), "social.png": draw_social()}
    for name, picture in pictures.items():
        pygame.image.save(picture, HERE / name)
    pygame.quit()
    print("wrote", ", ".join(str(HERE / name) for name in pictures))


if __name__ == "__main__":
    main()
