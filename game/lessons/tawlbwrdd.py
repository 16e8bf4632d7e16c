"""Tawlbwrdd's lessons: moving, capturing soldiers, the castle, capturing the
king, winning and drawing (docs/rules.md, Tawlbwrdd)."""

from __future__ import annotations

from game.rules.base import Reason

from .goals import Winner, captures, ends_game, ends_on, survives
from .tasks import lesson, task

GAME = "tawlbwrdd"
# Sixteen attackers in a closed diamond round the castle: no rook move
# crosses it, so the king inside cannot get out, nor they in without opening it.
RING = "11/5A5/4A1A4/3A3A3/2A2D2A2/1A3K3A1/2A{}A2/3A3A3/4A1A4/5A5/{}"

LESSONS = (
    lesson(GAME, "move",
           task("slide", "tawlbwrdd 11/3A7/5D5/11/8A2/11/11/11/2AKA6/3A7/11 d", ends_on("f3"),
                refused=True),
           task("king", "tawlbwrdd 11/3A7/5A5/4AKA4/11/11/11/3A7/5A5/11/8D2 d", ends_on("f4"),
                refused=True),
           task("corner", "tawlbwrdd 11/11/A10/11/4D6/5K5/11/8A2/11/3D7/11 a", ends_on("a11"))),
    lesson(GAME, "capture",
           task("sandwich", "tawlbwrdd 11/4D6/11/11/2DA1D5/4DKD4/5D5/8A2/11/11/6A4 d",
                captures("d7")),
           task("attackers", "tawlbwrdd 11/11/11/11/11/5K5/10A/7D3/7A3/11/11 a",
                captures("h4")),
           task("king", "tawlbwrdd 11/1A9/3A7/11/11/11/11/AK5AD2/11/11/1A9 d", captures("h4")),
           task("gap", "tawlbwrdd 11/2D8/11/1A1A7/2A2D5/2D1DKD4/5D5/11/11/9A1/11 d",
                captures("c7"), survives()),
           task("no_edge", "tawlbwrdd 1D9/11/2A8/D10/11/5K5/10A/6D4/6A4/11/1A9 a",
                captures("g4"), wrong={"b1-b8": "edge", "c9-c11": "corner"})),
    lesson(GAME, "castle",
           task("attacker", "tawlbwrdd 11/11/11/2D8/5A5/11/3D7/2DKD6/3D7/7A3/11 d",
                captures("f7")),
           task("defender", "tawlbwrdd 11/11/7A3/11/11/6D4/11/2K8/11/11/11 a",
                captures("g6")),
           task("king", "tawlbwrdd 11/11/3D7/11/5D5/4AKD4/5D5/11/9A1/11/11 d", captures("e6"))),
    lesson(GAME, "king",
           task("open", "tawlbwrdd 11/11/3A7/11/3K7/3A7/11/11/8D2/11/11 a",
                ends_game(Winner.MOVER, Reason.KING_CAPTURED)),
           task("beside", "tawlbwrdd 11/11/11/2A8/4AKA4/11/11/11/7D3/11/11 a",
                ends_game(Winner.MOVER, Reason.KING_CAPTURED)),
           task("castle", "tawlbwrdd 11/11/11/11/5A5/4AKA4/A10/11/8D2/11/11 a",
                ends_game(Winner.MOVER, Reason.KING_CAPTURED))),
    lesson(GAME, "win",
           task("escape", "tawlbwrdd 11/3A7/11/4A1A4/11/11/2A1K6/11/4D6/11/9A1 d",
                ends_game(Winner.MOVER, Reason.KING_ESCAPED)),
           task("last", "tawlbwrdd 11/11/11/11/2D2D5/4DKD4/11/3DA3D2/11/5D5/11 d",
                ends_game(Winner.MOVER, Reason.ATTACKERS_CAPTURED))),
    lesson(GAME, "draw",
           task("no_move", "tawlbwrdd A1A8/AKDA7/ADDA7/1AA8/11/11/11/11/11/11/11 a",
                ends_game(Winner.NOBODY, Reason.NO_LEGAL_MOVE), wrong={"c11-b11": "c10"}),
           # After the history the defender's g7-f7 brings back the start.
           task("repeat", f"tawlbwrdd {RING.format(5, 'A10')} a",
                ends_game(Winner.NOBODY, Reason.REPETITION), history="a1-a2 f7-g7 a2-a1"),
           task("agree", f"tawlbwrdd {RING.format('1D3', 11)} d",
                ends_game(Winner.NOBODY, Reason.DRAW_AGREED)),
           task("resign", "tawlbwrdd 11/11/2D8/11/11/11/6A4/5AKA3/11/6A4/6A4 d",
                ends_game(Winner.OPPONENT, Reason.RESIGNATION))),
)
