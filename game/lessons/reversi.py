"""Reversi's lessons: placing a disc, turning lines in several directions,
passing, the end of the game, discs in hand and resigning (docs/rules.md,
Reversi)."""

from __future__ import annotations

from game.rules.base import Reason

from .goals import Winner, ends_game, flips, opponent_passes, passes
from .tasks import lesson, task

GAME = "reversi"

LESSONS = (
    lesson(GAME, "place",
           task("one", "reversi 8/8/8/3WB3/3BW3/8/8/8 b", flips(count=1)),
           task("line", "reversi 6W1/4WW2/4W3/2BBW3/3BBB2/8/8/8 b", flips(count=3)),
           task("diagonal", "reversi 2W5/1WW5/2WB4/3BB3/3BBB2/3B4/3B4/8 b", flips("b2", "c3"))),
    lesson(GAME, "lines",
           task("two", "reversi 1B6/1B6/1BWB4/3WWW2/3BW3/8/8/8 b", flips("e4", "e5")),
           task("three", "reversi 8/8/2B3B1/3BWB2/3WWWW1/2W1WB2/8/8 b",
                flips("d5", "e5", "e6")),
           task("four", "reversi 8/2B1B3/2BB1W2/2BWW3/3WWW2/3B1B2/2B5/8 b", flips(count=4)),
           task("exact", "reversi 8/8/2BWWWB1/3WWWB1/3WBWB1/3BB3/2B5/8 b", flips(count=3))),
    lesson(GAME, "pass",
           task("must", "reversi 2WWW3/1B1W4/2BB4/3BB3/3BB3/4B3/8/8 b", passes()),
           task("force", "reversi 8/3WWW2/2WWWW2/B1WWWW2/BBWWW3/BBB1W3/BWBB1W2/B1B5 b",
                opponent_passes())),
    lesson(GAME, "end",
           task("full", "reversi BBBBBBW1/BBBBBBWW/BWBBWBWW/BBBWBBWW/BBWBBBWW/BWBWWWWW/"
                        "BBWWBBWW/BBBWWWWW b",
                ends_game(Winner.MOVER, Reason.BOARD_FULL)),
           task("stuck", "reversi BBBBBBBW/BBWWWBBW/BBBWBBBW/WBBBBBBW/WWBBBWBW/WWWBBBWW/"
                         "WWWBBW1W/WWWWWW2 b",
                ends_game(Winner.MOVER, Reason.NEITHER_CAN_MOVE)),
           task("draw", "reversi BWWWWWWB/BBWWBWWB/BWWBWBBB/WWWWBBWB/1WWWBWBB/WBWBWWBB/"
                        "WBBWBBBB/WWWWWWWW b",
                ends_game(Winner.NOBODY, Reason.BOARD_FULL))),
    lesson(GAME, "hand",
           # Two empty squares share out one disc each; after a1 and White's
           # pass Black has none left in hand and still has e1 to play.
           task("borrow", "reversi 1BBB1WBW/BWWWWBBW/BWWWBWBW/BWBBBBBB/BWBBWWWB/BWBBBWWB/"
                          "BBBBWWBB/BBBBBBBB b",
                ends_game(Winner.MOVER, Reason.BOARD_FULL), history="a1 pass"),
           task("resign", "reversi BBBB1BWW/BBWBBWW1/WWWWWWBB/WWBBWBBB/WBWBBBBB/WBBBWWWW/"
                          "WBBBWWWW/WWWWWWWW b",
                ends_game(Winner.OPPONENT, Reason.RESIGNATION))),
)
