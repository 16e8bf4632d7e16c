"""The one theme: semantic colours and fonts.  Scenes use these names only.

The board's colours come in themes (`BOARD_THEMES`: each a set of colours laid
over `COLOURS`), and its pieces in sets, two for each game family
(`PIECE_SETS`); the settings choose one of each (`use_board_look`) and
`colour` answers with the chosen theme's colour where it has one.  The
high-contrast theme's figures are checked by tools/palette_check.py.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from pathlib import Path

import pygame

ASSETS = Path(__file__).resolve().parent.parent.parent / "assets"

COLOURS: dict[str, tuple[int, ...]] = {
    "background": (24, 28, 38),
    "background_glow": (36, 42, 58),
    "panel": (38, 44, 60),
    "panel_edge": (62, 70, 92),
    "text": (236, 232, 224),
    "text_muted": (160, 168, 184),
    "text_dark": (30, 26, 20),
    "accent": (222, 170, 74),
    "accent_dark": (150, 108, 40),
    "button": (56, 64, 86),
    "button_hover": (74, 84, 112),
    "button_pressed": (44, 50, 68),
    "button_disabled": (46, 50, 62),
    "focus": (250, 204, 100),
    "danger": (204, 86, 70),
    "ok": (110, 180, 120),
    "shadow": (0, 0, 0, 90),
    "veil": (10, 12, 18, 170),
    "transparent": (0, 0, 0, 0),
    "board_shade": (0, 0, 0, 90),  # over the board while the result panel is on show
    # tafl boards
    "tafl_light": (232, 212, 168),
    "tafl_dark": (218, 194, 146),
    "tafl_line": (140, 108, 60),
    "tafl_frame": (104, 72, 38),
    "board_label": (232, 212, 168),  # the coordinates round a board, on its frame
    "special_mark": (232, 212, 168),  # the cross on the throne, the saltire on a corner
    "throne": (176, 72, 56),
    "corner": (70, 120, 84),
    "castle": (176, 72, 56),
    "attacker": (34, 32, 36),
    "attacker_edge": (200, 196, 190),
    "defender": (246, 242, 232),
    "defender_edge": (70, 60, 50),
    "king": (120, 70, 160),
    "king_edge": (250, 220, 120),
    # reversi
    "felt": (38, 120, 78),
    "felt_line": (22, 80, 50),
    "disc_black": (28, 28, 30),
    "disc_white": (240, 240, 236),
    "disc_shadow": (0, 0, 0, 80),
    # modiar
    "wood": (150, 96, 50),
    "wood_dark": (112, 70, 36),
    "pit": (84, 52, 28),
    "pit_rim": (176, 122, 70),
    "stone": (214, 210, 200),
    "stone_shade": (150, 146, 140),
    # marks on boards
    "last_move": (250, 214, 90, 110),
    "selected": (250, 214, 90, 170),
    "move_dot": (30, 30, 30, 110),
    "capture_ring": (200, 40, 30, 170),  # rules diagrams: the cross over what a move takes
    "taken": (214, 40, 30),  # the cross on a piece the move in focus would take
    "taken_veil": (240, 232, 214, 120),  # dims a piece that move takes, under its cross
    "cross_edge": (30, 16, 14),  # the dark edge that keeps a red mark clear on any board
    "threat": (228, 52, 36, 230),  # the ring and badge on a piece the other side can take
    "threat_text": (255, 246, 236),
    "king_line": (120, 60, 190, 200),  # the king's open line to a goal, in his purple
    "hint": (80, 170, 250, 200),
    "hint_fill": (80, 170, 250, 80),
    "cursor": (255, 92, 196),  # corner brackets, unlike the hint's blue in colour and shape
    "cursor_shadow": (20, 16, 24),
    "legal_black": (20, 20, 24, 80),  # Reversi: a faint disc of the mover's colour
    "legal_black_edge": (14, 14, 18, 210),
    "legal_white": (246, 246, 240, 80),
    "legal_white_edge": (250, 250, 246, 210),
    "playable": (168, 236, 110),  # Modiar: a bright ring round each pit that may be played
    "last_move_fill": (250, 214, 90, 90),  # Modiar: the last pit played, tinted inside
    "refused": (230, 50, 40),  # the flash on a piece or square that has no move
    "captured_fade": (200, 60, 40),
    # the Druid's analysis: its marks in the move list and graph, and the better move
    "mark_inaccuracy": (236, 208, 96),
    "mark_mistake": (240, 150, 70),
    "mark_blunder": (236, 84, 70),
    "better_move": (110, 210, 130, 200),
    "graph_first": (226, 222, 212),  # the area where the first side stands better
    "graph_second": (70, 78, 100),
}


# The board themes: what each changes of COLOURS (the board's own colours
# only; the menus keep theirs).  "contrast" is the high-contrast one: every
# piece stands 3:1 or more against every square and against the other side's
# pieces, under normal sight and simulated protanopia, deuteranopia and
# tritanopia alike (tests/ui/test_board_looks.py; tools/palette_check.py
# prints the figures).  Its squares are a middle blue-grey, as far in
# luminance from the black pieces as from the white.
BOARD_THEMES: dict[str, dict[str, tuple[int, ...]]] = {
    "wood": {},
    "slate": {
        "tafl_light": (176, 186, 196),
        "tafl_dark": (160, 171, 183),
        "tafl_line": (92, 104, 120),
        "tafl_frame": (52, 60, 76),
        "board_label": (206, 214, 226),
        "throne": (140, 84, 110),
        "corner": (70, 110, 130),
        "castle": (140, 84, 110),
        "king": (40, 96, 150),
        "felt": (58, 92, 128),
        "felt_line": (34, 58, 86),
        "wood": (96, 106, 124),
        "wood_dark": (64, 72, 88),
        "pit": (40, 46, 60),
        "pit_rim": (130, 140, 158),
    },
    "contrast": {
        "tafl_light": (100, 130, 168),
        "tafl_dark": (84, 114, 152),
        "tafl_line": (20, 24, 32),
        "tafl_frame": (12, 14, 20),
        "board_label": (255, 255, 255),
        "special_mark": (255, 255, 255),
        "throne": (150, 100, 150),
        "corner": (70, 140, 130),
        "castle": (150, 100, 150),
        "attacker": (0, 0, 0),
        "attacker_edge": (255, 255, 255),
        "defender": (255, 255, 255),
        "defender_edge": (0, 0, 0),
        "king": (255, 255, 255),
        "king_edge": (0, 0, 0),
        "felt": (84, 124, 150),
        "felt_line": (12, 14, 20),
        "disc_black": (0, 0, 0),
        "disc_white": (255, 255, 255),
        "wood": (84, 114, 152),
        "wood_dark": (12, 14, 20),
        "pit": (0, 0, 0),
        "pit_rim": (255, 255, 255),
        "stone": (255, 255, 255),
        "stone_shade": (226, 226, 226),
        "move_dot": (0, 0, 0, 200),
    },
}
BOARD_THEME_NAMES = tuple(BOARD_THEMES)
# The piece sets of each game family, the first the default.
PIECE_SETS: dict[str, tuple[str, ...]] = {
    "tafl": ("discs", "figures"),
    "reversi": ("classic", "contrast"),
    "modiar": ("stones", "numbers"),
}


@dataclass
class _BoardLook:
    """The board theme and piece sets in use, and a count of their changes."""

    theme: dict[str, tuple[int, ...]] = field(default_factory=dict)
    pieces: dict[str, str] = field(default_factory=dict)
    version: int = 0


_look = _BoardLook()


def use_board_look(theme: str, pieces: dict[str, str]) -> None:
    """Draw boards in `theme` with `pieces` (family -> set name) from now on."""
    chosen = BOARD_THEMES.get(theme, {})
    sets = {family: name if name in PIECE_SETS[family] else PIECE_SETS[family][0]
            for family, name in pieces.items() if family in PIECE_SETS}
    if chosen is not _look.theme or sets != _look.pieces:
        _look.theme, _look.pieces, _look.version = chosen, sets, _look.version + 1


def piece_set(family: str) -> str:
    """The chosen piece set of a game family ("tafl", "reversi", "modiar")."""
    return _look.pieces.get(family, PIECE_SETS[family][0])


def look_version() -> int:
    """A number that changes whenever the board's theme or pieces do (views
    drawn once per size draw again)."""
    return _look.version


def colour(name: str) -> tuple[int, ...]:
    return _look.theme.get(name) or COLOURS[name]


_pixel_ratio = [1.0]  # device pixels per CSS pixel (2–3 on phones in a browser)


def set_pixel_ratio(ratio: float) -> None:
    """Lay out for a screen with `ratio` device pixels per CSS pixel: the window
    size is in device pixels, the unit's bounds are in CSS pixels."""
    _pixel_ratio[0] = max(1.0, float(ratio))


def pixel_ratio() -> float:
    return _pixel_ratio[0]


TOUCH_CSS_PIXELS = 44  # the least height a finger hits reliably
TEXT_CSS_PIXELS = 14  # the least size of any text a player reads


def css_pixels(css: float) -> int:
    """`css` CSS pixels in device pixels (rounded up, never under)."""
    return math.ceil(css * _pixel_ratio[0] - 1e-9)


def touch_height(height: float) -> int:
    """A button's height: `height`, but never less than a finger needs."""
    return max(int(height), css_pixels(TOUCH_CSS_PIXELS))


def text_size(size: float) -> int:
    """A font size for text a player reads: `size`, but never under 14 CSS px."""
    return max(int(size), css_pixels(TEXT_CSS_PIXELS))


def unit_for(size: tuple[int, int], low: int = 12, high: int = 22, divisor: int = 30) -> int:
    """The layout unit (about a line of text) for a window size, in device pixels."""
    ratio = _pixel_ratio[0]
    css = (size[0] / ratio, size[1] / ratio)
    return round(max(low, min(high, min(css) // divisor)) * ratio)


_fonts: dict[tuple[int, bool], pygame.font.Font] = {}


def reset_fonts() -> None:
    """Forget loaded fonts (they die with pygame.quit(); a new App loads afresh)."""
    _fonts.clear()


def font(size: int, bold: bool = False) -> pygame.font.Font:
    """A font of `size` pixels, loaded once per size."""
    size = max(8, int(size))
    key = (size, bold)
    if key not in _fonts:
        path = ASSETS / "fonts" / ("DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf")
        try:
            _fonts[key] = pygame.font.Font(path, size)
        except (OSError, FileNotFoundError, pygame.error):
            _fonts[key] = pygame.font.Font(None, int(size * 1.3))
            _fonts[key].set_bold(bold)
    return _fonts[key]
