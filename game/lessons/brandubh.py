"""Brandubh's lessons: moving, capturing soldiers, the special squares,
capturing the king, winning and drawing (docs/rules.md, Brandubh)."""

from __future__ import annotations

from game.rules.base import Reason

from .goals import Winner, captures, ends_game, ends_on, survives
from .tasks import cycles, lesson, task

GAME = "brandubh"
CORNERS = ("a1", "g1", "a7", "g7")

LESSONS = (
    lesson(GAME, "move",
           task("king", "brandubh 1AK4/5A1/2D4/A6/3D2A/7/1A5 d -", ends_on(*CORNERS)),
           task("throne", "brandubh 1A5/3D2A/7/A6/5K1/1A5/5A1 d -", ends_on("d2"),
                refused=True),
           task("return", "brandubh 3A3/A6/3K2A/7/2D4/6A/1A5 d -", ends_on("d4"))),
    lesson(GAME, "capture",
           task("sandwich", "brandubh 3D3/7/1DA4/3K3/2A4/5A1/7 d -", captures("c5")),
           task("attackers", "brandubh 7/5D1/2D4/3K2A/4D2/4A2/1A5 a -", captures("e3")),
           task("king", "brandubh 7/4K2/1A5/7/5AD/2A4/7 d -", captures("f3")),
           task("anvil", "brandubh 7/1A5/1KA4/7/3D3/6A/7 d -", captures("c5")),
           task("three", "brandubh 4D2/4A2/2DA1AD/1K5/7/A6/4D2 d -", captures(count=3))),
    lesson(GAME, "safe",
           task("gap", "brandubh 7/3D3/7/1K5/2A1A2/D2AD1A/1A1D3 d -", captures("d2"), survives(),
                wrong={"a2-c2": "unsafe"}),
           task("step_in", "brandubh 7/3A3/2A1A2/3K3/7/1D3A1/7 d -", ends_on("d5"),
                survives())),
    lesson(GAME, "squares",
           task("corner", "brandubh 7/4A2/7/3K3/2D4/6A/1A5 d -", captures("b1")),
           task("throne", "brandubh 7/5D1/3A3/7/1K5/4A2/7 d -", captures("d5")),
           task("edge", "brandubh 7/1A4A/3D3/7/D6/4K2/7 a -", captures("a3"),
                wrong={"b6-d6": "no_throne", "g6-d6": "no_throne"}),
           task("along_edge", "brandubh 7/7/D6/A6/4D2/1D3K1/3A3 d -", captures("a4"),
                wrong={"b2-b4": "no_edge"}),
           task("king_square", "brandubh 7/5D1/3A3/3K3/7/1A5/7 d -", captures("d5"))),
    lesson(GAME, "king",
           task("open", "brandubh 7/2A4/1AKA3/A6/7/4D1A/7 a -",
                ends_game(Winner.MOVER, Reason.KING_CAPTURED)),
           task("throne", "brandubh 7/6A/2AKA2/7/1D5/7/1A5 a -",
                ends_game(Winner.MOVER, Reason.KING_CAPTURED)),
           task("edge", "brandubh 7/7/A6/K3A2/A6/6D/7 a -",
                ends_game(Winner.MOVER, Reason.KING_CAPTURED)),
           task("corner", "brandubh 7/6D/A6/7/7/7/KA5 a a1",
                ends_game(Winner.MOVER, Reason.KING_CAPTURED)),
           task("by_corner", "brandubh 7/5D1/1A5/7/7/7/1KA4 a -",
                ends_game(Winner.MOVER, Reason.KING_CAPTURED))),
    lesson(GAME, "win",
           task("tour", "brandubh 7/2A4/4D2/2A3K/7/1A1D3/7 d a1,g1,a7",
                ends_game(Winner.MOVER, Reason.CORNER_TOUR), wrong={"g4-g1": "visited"}),
           task("last", "brandubh 7/4D2/4A2/D6/7/1K5/7 d -",
                ends_game(Winner.MOVER, Reason.ATTACKERS_CAPTURED)),
           task("no_move", "brandubh KD2A2/DA5/A6/7/7/6A/7 a a7",
                ends_game(Winner.MOVER, Reason.NO_LEGAL_MOVE))),
    lesson(GAME, "draw",
           # The position after the history has come up twice; f2-e2 brings
           # back the start for the third time.
           task("repeat", "brandubh 7/2A4/7/3K3/7/4D2/1A5 a -",
                ends_game(Winner.NOBODY, Reason.REPETITION),
                history="c6-c7 e2-f2 c7-c6 f2-e2 c6-c7 e2-f2 c7-c6"),
           # 99 quiet plies: one attacker and one defender each walk a round
           # of their own, 7 and 8 moves long, so no position comes up twice.
           task("quiet", "brandubh 7/1A3D1/7/3K3/4D2/7/5A1 a -",
                ends_game(Winner.NOBODY, Reason.NO_PROGRESS),
                history=cycles("b6-b5 b5-b3 b3-b2 b2-c2 c2-c3 c3-c6 c6-b6",
                               "f6-e6 e6-e5 e5-f5 f5-f2 f2-g2 g2-g3 g3-g6 g6-f6", 99),
                wrong={"e3-e1": "capture"}),
           task("agree", "brandubh 4AA1/6A/6A/7/2K4/D6/7 d a1,g1,a7",
                ends_game(Winner.NOBODY, Reason.DRAW_AGREED)),
           task("resign", "brandubh 7/4A2/5D1/7/AA5/7/KA5 d a1",
                ends_game(Winner.OPPONENT, Reason.RESIGNATION))),
)
