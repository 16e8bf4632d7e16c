"""Contrast figures of the board themes, under normal sight and three
simulated colour-vision deficiencies.

    python -m tools.palette_check            # every theme
    python -m tools.palette_check contrast   # one

A pair of colours is told apart if their WCAG contrast ratio (relative
luminances, (L1 + 0.05) / (L2 + 0.05)) is 3:1 or more, the WCAG figure for
large shapes.  The deficiencies are simulated with the matrices of Machado,
Oliveira and Fernandes (2009) at full severity, applied to linear RGB.  The
pairs are a board's pieces against its squares, and the two sides' pieces
against each other; the coordinates against the frame are text (4.5:1).
"""

from __future__ import annotations

import sys

from game.ui.theme import BOARD_THEMES, COLOURS

Colour = tuple[int, ...]
Matrix = tuple[tuple[float, float, float], ...]

VISIONS: dict[str, Matrix | None] = {
    "normal": None,
    "protanopia": ((0.152286, 1.052583, -0.204868),
                   (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968),
                     (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779),
                   (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}
SHAPES_RATIO = 3.0  # pieces and squares: large shapes
TEXT_RATIO = 4.5  # the coordinates: small text

# For each game family: its squares (what pieces stand on), its pieces, and
# the pairs of pieces of the two sides.
FAMILIES: dict[str, dict[str, tuple]] = {
    "tafl": {"squares": ("tafl_light", "tafl_dark", "throne", "corner"),
             "pieces": ("attacker", "defender", "king"),
             "sides": (("attacker", "defender"), ("attacker", "king"))},
    "reversi": {"squares": ("felt",), "pieces": ("disc_black", "disc_white"),
                "sides": (("disc_black", "disc_white"),)},
    "modiar": {"squares": ("pit",), "pieces": ("stone", "stone_shade"), "sides": ()},
}
TEXT_PAIRS = (("board_label", "tafl_frame"),)


def _linear(channel: int) -> float:
    c = channel / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def seen(rgb: Colour, vision: str) -> tuple[float, float, float]:
    """`rgb` in linear RGB, as a person with `vision` sees it (simulated)."""
    r, g, b = (_linear(c) for c in rgb[:3])
    matrix = VISIONS[vision]
    if matrix is None:
        return r, g, b
    return tuple(min(1.0, max(0.0, row[0] * r + row[1] * g + row[2] * b))  # type: ignore[return-value]
                 for row in matrix)


def luminance(rgb: Colour, vision: str = "normal") -> float:
    """WCAG relative luminance of `rgb` as `vision` sees it."""
    r, g, b = seen(rgb, vision)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: Colour, b: Colour, vision: str = "normal") -> float:
    """The WCAG contrast ratio of two colours, 1 to 21."""
    high, low = sorted((luminance(a, vision), luminance(b, vision)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def theme_colours(theme: str) -> dict[str, Colour]:
    return {**COLOURS, **BOARD_THEMES[theme]}


def figures(theme: str) -> list[tuple[str, str, str, str, float, float]]:
    """Every pair checked in `theme`: (family, colour, colour, vision, ratio, least)."""
    colours = theme_colours(theme)
    rows = []
    for family, parts in FAMILIES.items():
        pairs = [(piece, square) for piece in parts["pieces"] for square in parts["squares"]]
        pairs += list(parts["sides"])
        for a, b in pairs:
            for vision in VISIONS:
                rows.append((family, a, b, vision, contrast(colours[a], colours[b], vision),
                             SHAPES_RATIO))
    for a, b in TEXT_PAIRS:
        for vision in VISIONS:
            rows.append(("labels", a, b, vision, contrast(colours[a], colours[b], vision),
                         TEXT_RATIO))
    return rows


def main(argv: list[str]) -> int:
    themes = argv or list(BOARD_THEMES)
    for theme in themes:
        rows = figures(theme)
        failing = [row for row in rows if row[4] < row[5]]
        print(f"{theme}: {len(rows) - len(failing)} of {len(rows)} pairs pass; "
              f"the least {min(row[4] for row in rows):.2f}:1")
        for family, a, b, vision, ratio, least in rows:
            flag = "" if ratio >= least else f"   < {least}:1"
            print(f"  {family:8} {a:>12} / {b:<12} {vision:13} {ratio:5.2f}:1{flag}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
