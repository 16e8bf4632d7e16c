"""Puzzles with proven solutions, for every game (docs/puzzles.md).

Pure Python, no pygame.  The data is read only when a game's puzzles are
asked for, and the proofs (`verify`, which needs the solvers) are a module
of their own:

    from game.puzzles import load
    from game.puzzles.verify import verify
    puzzles = load("modiar")
    assert verify(puzzles[0]).ok
"""

from __future__ import annotations

from .record import Puzzle, PuzzleDataError, load, load_all

__all__ = ["Puzzle", "PuzzleDataError", "load", "load_all"]
