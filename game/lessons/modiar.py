"""Modiar's lessons: sowing, capturing, chains, the first move, the two
forbidden kinds of move and the end of the game (docs/rules.md, Modiar)."""

from __future__ import annotations

from game.rules.base import Reason

from .goals import Winner, captures, ends_game, forfeits, last_stone, sows_into
from .tasks import lesson, task

GAME = "modiar"
PITS = ("S1", "S2", "S3", "N1", "N2", "N3")

LESSONS = (
    lesson(GAME, "sow",
           task("last", "modiar 5,3,2,2,6,4 10,10 s 0", last_stone("N2")),
           task("single", "modiar 1,4,1,6,4,8 9,9 s 0", last_stone(*PITS), refused=True),
           task("lap", "modiar 2,8,3,1,8,8 6,6 s 0", last_stone("S3"))),
    lesson(GAME, "capture",
           task("two", "modiar 2,4,5,9,1,9 6,6 s 0", captures("N2")),
           task("six", "modiar 2,4,2,5,9,8 6,6 s 0", captures("N1")),
           task("own", "modiar 2,2,7,3,7,9 6,6 s 0", captures("S3"))),
    lesson(GAME, "chain",
           task("two", "modiar 2,2,4,2,1,3 14,14 s 0", captures(count=2)),
           task("three", "modiar 2,4,9,2,4,9 6,6 s 0", captures(count=3))),
    lesson(GAME, "first",
           task("forfeit", "modiar 7,7,7,7,7,7 0,0 s 1", forfeits()),
           task("after", "modiar 2,8,8,8,8,8 0,0 n 0", captures())),
    lesson(GAME, "limits",
           task("slam", "modiar 2,5,8,1,3,1 11,11 s 0", captures(), refused=True),
           task("feed", "modiar 2,2,3,0,0,0 19,16 s 0", sows_into("N1", "N2", "N3"),
                refused=True),
           task("no_feed", "modiar 3,2,0,0,0,0 20,17 s 0", last_stone(*PITS))),
    lesson(GAME, "end",
           task("count", "modiar 2,3,7,3,0,1 11,15 s 0",
                ends_game(Winner.MOVER, Reason.NO_LEGAL_MOVE), wrong={"S3": "lose"}),
           task("draw", "modiar 0,2,6,1,1,1 13,18 s 0",
                ends_game(Winner.NOBODY, Reason.NO_LEGAL_MOVE)),
           # Six moves without a capture bring the pits back as they were:
           # after the history the position has come up twice, and S3 brings
           # it back a third time.
           task("repeat", "modiar 1,2,1,2,3,3 19,11 n 0",
                ends_game(Winner.MOVER, Reason.REPETITION),
                history="N3 S2 N2 S1 N1 S3 N3 S2 N2 S1 N1"),
           task("resign", "modiar 0,2,3,1,2,8 13,13 s 0",
                ends_game(Winner.OPPONENT, Reason.RESIGNATION))),
)
