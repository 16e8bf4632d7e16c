"""What each rules page says and shows, as data: headings, paragraphs and
diagrams.  The words live in the string catalogues (`rules.<game>.…`); each
diagram is a position code and, for a before → after pair, the move that the
engine plays between them — so a diagram can never disagree with the rules.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Heading:
    key: str


@dataclass(frozen=True)
class Text:
    key: str
    values: Callable[[], dict[str, Any]] | None = None  # placeholders computed when shown


@dataclass(frozen=True)
class Diagram:
    """A position; with `move`, a before → after pair the engine computes."""

    code: str
    caption: str  # a catalogue key
    move: str | None = None


Block = Heading | Text | Diagram

BRANDUBH_START = "brandubh 1A1A1A1/A5A/2DDD2/A1DKD1A/2DDD2/A5A/1A1A1A1 a -"
TAWLBWRDD_START = ("tawlbwrdd 4AAA4/4A1A4/5A5/5D5/AA2DDD2AA/A1ADDKDDA1A/AA2DDD2AA/"
                   "5D5/5A5/4A1A4/4AAA4 a")

PAGES: dict[str, list[Block]] = {
    "brandubh": [
        Heading("rules.brandubh.goal.h"), Text("rules.brandubh.goal"),
        Heading("rules.brandubh.pieces.h"), Text("rules.brandubh.pieces"),
        Diagram(BRANDUBH_START, "rules.brandubh.start.caption"),
        Text("rules.brandubh.reconstruction"),
        Heading("rules.brandubh.moving.h"), Text("rules.brandubh.moving"),
        Diagram("brandubh 7/7/3D3/7/7/3A3/2K4 d -", "rules.brandubh.throne.caption", "d5-d3"),
        Heading("rules.brandubh.capture.h"), Text("rules.brandubh.capture"),
        Diagram("brandubh 7/1AD1A2/7/7/7/7/3K3 a -", "rules.brandubh.sandwich.caption", "e6-d6"),
        Text("rules.brandubh.hostile"),
        Diagram("brandubh 7/7/7/7/6K/2D4/1A5 d -", "rules.brandubh.corner.caption", "c2-c1"),
        Diagram("brandubh 7/7/7/7/6K/2A4/1D5 a -", "rules.brandubh.corner_safe.caption",
                "c2-c1"),
        Text("rules.brandubh.edge"),
        Diagram("brandubh 7/7/7/D6/1A5/7/5K1 a -", "rules.brandubh.edge.caption", "b3-b4"),
        Diagram("brandubh 7/7/7/A6/1D5/7/5K1 d -", "rules.brandubh.edge_safe.caption",
                "b3-b4"),
        Diagram("brandubh 7/7/D6/A6/1D5/7/5K1 d -", "rules.brandubh.along_edge.caption",
                "b3-a3"),
        Heading("rules.brandubh.king.h"), Text("rules.brandubh.king"),
        Diagram("brandubh 7/7/7/7/7/A6/K2A3 a a1", "rules.brandubh.king_corner.caption",
                "d1-b1"),
        Diagram("brandubh 7/6A/2AKA2/7/7/7/7 a -", "rules.brandubh.king_throne.caption",
                "g6-d6"),
        Heading("rules.brandubh.end.h"), Text("rules.brandubh.end"),
        Diagram("brandubh 4K2/7/3A3/7/7/7/7 d a1,g1,a7", "rules.brandubh.tour.caption",
                "e7-g7"),
        Heading("rules.tips.h"), Text("rules.brandubh.tips_defenders"),
        Text("rules.brandubh.tips_attackers"),
    ],
    "tawlbwrdd": [
        Heading("rules.tawlbwrdd.goal.h"), Text("rules.tawlbwrdd.goal"),
        Heading("rules.tawlbwrdd.pieces.h"), Text("rules.tawlbwrdd.pieces"),
        Diagram(TAWLBWRDD_START, "rules.tawlbwrdd.start.caption"),
        Heading("rules.tawlbwrdd.moving.h"), Text("rules.tawlbwrdd.moving"),
        Heading("rules.tawlbwrdd.capture.h"), Text("rules.tawlbwrdd.capture"),
        Diagram("tawlbwrdd 11/11/11/7D3/5A5/11/11/11/11/3K7/11 d",
                "rules.tawlbwrdd.castle.caption", "h8-f8"),
        Heading("rules.tawlbwrdd.king.h"), Text("rules.tawlbwrdd.king"),
        Diagram("tawlbwrdd 11/11/2A8/2K8/4A6/11/11/11/11/11/11 a",
                "rules.tawlbwrdd.king_open.caption", "e7-c7"),
        Diagram("tawlbwrdd 11/11/11/7A3/4AKA4/11/11/11/11/11/11 a",
                "rules.tawlbwrdd.king_castle.caption", "h8-f8"),
        Heading("rules.tawlbwrdd.end.h"), Text("rules.tawlbwrdd.end"),
        Diagram("tawlbwrdd 11/11/11/2K8/11/11/11/11/11/11/10A d",
                "rules.tawlbwrdd.escape.caption", "c8-a8"),
        Heading("rules.tips.h"), Text("rules.tawlbwrdd.tips_defenders"),
        Text("rules.tawlbwrdd.tips_attackers"),
    ],
    "reversi": [
        Heading("rules.reversi.goal.h"), Text("rules.reversi.goal"),
        Diagram("reversi 8/8/8/3WB3/3BW3/8/8/8 b", "rules.reversi.start.caption"),
        Heading("rules.reversi.move.h"), Text("rules.reversi.move"),
        Diagram("reversi 8/8/3B4/4W3/2BWW3/8/8/8 b", "rules.reversi.flip.caption", "f5"),
        Heading("rules.reversi.pass.h"), Text("rules.reversi.pass"),
        Diagram("reversi BW6/8/8/8/8/8/8/8 w", "rules.reversi.pass.caption", "pass"),
        Heading("rules.reversi.end.h"), Text("rules.reversi.end"),
        Heading("rules.tips.h"), Text("rules.reversi.tips"),
    ],
    "modiar": [
        Heading("rules.modiar.goal.h"), Text("rules.modiar.goal"),
        Diagram("modiar 7,7,7,7,7,7 0,0 s 1", "rules.modiar.start.caption"),
        Heading("rules.modiar.sowing.h"), Text("rules.modiar.sowing"),
        Diagram("modiar 7,7,7,7,7,7 0,0 s 1", "rules.modiar.first.caption", "S1"),
        Heading("rules.modiar.capture.h"), Text("rules.modiar.capture"),
        Diagram("modiar 1,3,3,1,5,3 13,13 s 0", "rules.modiar.chain.caption", "S3"),
        Heading("rules.modiar.limits.h"), Text("rules.modiar.limits"),
        Heading("rules.modiar.end.h"), Text("rules.modiar.end"),
        Text("rules.modiar.solved", lambda: modiar_solution()),
        Heading("rules.tips.h"), Text("rules.modiar.tips"),
    ],
}


def modiar_solution() -> dict[str, Any]:
    """The solved start position, for the Modiar page: the final score under
    perfect play and who wins (from the shipped table)."""
    from ..ai.modiar import start_value
    from .i18n import side_name
    south, north = start_value().scores("s")
    winner = "s" if south > north else "n" if north > south else ""
    return {"south": south, "north": north, "winner": side_name(winner) if winner else "—"}
