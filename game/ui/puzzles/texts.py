"""The words of a puzzle: its task (who plays, what to find), the result
its best line reaches, the player's rating and streak, and how the attempt
stands."""

from __future__ import annotations

from ...puzzles import Puzzle
from ...puzzles.player import GameRating
from ..i18n import side_name, t
from .run import Phase, PuzzleRun


def task_line(puzzle: Puzzle) -> str:
    """'White to play and win in 2 moves', 'Attackers to play: save the
    game …', 'South to play: find the only move that keeps the best result'."""
    goal = "best_once" if puzzle.goal == "best" and puzzle.depth == 1 else puzzle.goal
    return t(f"puzzles.task.{goal}", side=side_name(puzzle.side), count=puzzle.depth)


def value_line(puzzle: Puzzle) -> str | None:
    """What the best line reaches, for the puzzles whose goal is the best
    result (stones in Modiar, discs in Reversi); None for tafl."""
    if puzzle.value is None:
        return None
    if puzzle.value == 0:
        return t("puzzles.value.draw")
    outcome = "win" if puzzle.value > 0 else "lose"
    return t(f"puzzles.value.{outcome}.{puzzle.game}", count=abs(puzzle.value))


def signed(change: float) -> str:
    """A rating change as the player reads it: +12, −8 (a true minus sign), ±0."""
    points = round(change)
    return f"+{points}" if points > 0 else f"−{-points}" if points < 0 else "±0"


def rating_line(record: GameRating, change: float | None) -> str:
    """'Rating 1512 (+12) · Streak 3': the change only once a result counted."""
    rating = t("puzzles.rating", rating=round(record.rating))
    if change is not None:
        rating += f" ({signed(change)})"
    return " · ".join((rating, t("puzzles.streak", count=record.streak)))


def status_line(run: PuzzleRun) -> str:
    """How the attempt stands, in a few words."""
    attempt = run.attempt
    if attempt is None:
        return t("puzzles.none")
    if run.phase is Phase.SOLVED:
        return t("puzzles.solved_hinted" if attempt.hinted else "puzzles.solved")
    if run.phase is Phase.MISSED:
        if not run.solution_shown:
            return t("puzzles.missed")
        if run.solution_left:
            return t("puzzles.solution_step", step=run.solution_shown,
                     count=run.solution_length)
        return t("puzzles.solution_done")
    if run.hint:
        return t(f"puzzles.hint.{hint_kind(run)}")
    return t("puzzles.go_on" if attempt.ply else "puzzles.your_move")


def hint_kind(run: PuzzleRun) -> str:
    """What the hint marks: the piece (tafl), the pit (Modiar) or a quarter (Reversi)."""
    return {"modiar": "pit", "reversi": "quarter"}.get(run.game, "piece")
