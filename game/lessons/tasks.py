"""Lessons and their tasks: a position, an instruction, a goal, and the texts.

A task starts from a position code, after the moves of `history` when the
lesson needs the game's past (a repetition, the no-progress count), and asks
for one move (or a resignation or a draw offer, `Action`).  `Task.check`
plays the choice on a game record, reads the engine's report of it and
answers with a `Verdict`: whether the goal is met and the text to show.

Texts are catalogue keys derived from the task's id, `<game>.<lesson>.<name>`:

- `lesson.<id>.do`: the instruction; `lesson.<id>.yes`: the praise;
- `lesson.<id>.no`: why a move that misses the goal misses it, unless the
  move's notation is listed in `wrong`, which names its own line,
  `lesson.<id>.<suffix>`;
- `lesson.<id>.refused` when `refused` is set: why the rules forbid a move the
  player tried, else the shared `lesson.refused`;
- a lesson's title: `lesson.<game>.<lesson>.title`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, NamedTuple

from game.rules import from_code, spec_of
from game.rules.base import Effects, Position
from game.rules.record import Game

from .goals import Action, Choice, Condition, Goal, Report

REFUSED = "lesson.refused"


class Verdict(NamedTuple):
    """The answer to a choice: `ok` when it meets the goal; `text_key` the line
    to show; `legal` False when the rules forbid the choice, so that nothing
    was played (and nothing needs taking back)."""

    ok: bool
    text_key: str
    legal: bool = True


@dataclass(frozen=True)
class Task:
    """One position and what the player must do in it."""

    id: str
    code: str
    goal: Goal
    history: tuple[str, ...] = ()
    # Move notation -> the suffix of its own line (left out of the hash: a dict).
    wrong: Mapping[str, str] = field(default_factory=dict, hash=False)
    refused: bool = False

    @property
    def game(self) -> str:
        return self.id.split(".", 1)[0]

    @property
    def lesson_id(self) -> str:
        return self.id.rsplit(".", 1)[0]

    # --- the texts ------------------------------------------------------------------

    @property
    def instruction_key(self) -> str:
        return f"lesson.{self.id}.do"

    @property
    def praise_key(self) -> str:
        return f"lesson.{self.id}.yes"

    @property
    def miss_key(self) -> str:
        return f"lesson.{self.id}.no"

    @property
    def refused_key(self) -> str:
        return f"lesson.{self.id}.refused" if self.refused else REFUSED

    def wrong_key(self, text: str) -> str:
        """The line for a choice, written in notation, that misses the goal."""
        suffix = self.wrong.get(text)
        return f"lesson.{self.id}.{suffix}" if suffix else self.miss_key

    def text_keys(self) -> list[str]:
        """Every key this task shows (the shared `lesson.refused` aside)."""
        keys = [self.instruction_key, self.praise_key, self.miss_key]
        keys += sorted({f"lesson.{self.id}.{suffix}" for suffix in self.wrong.values()})
        return keys + ([self.refused_key] if self.refused else [])

    # --- the position -----------------------------------------------------------------

    def record(self) -> Game:
        """A new game record at the task's start: the code, then `history`."""
        return Game(from_code(self.code), self.history)

    @property
    def position(self) -> Position:
        """The position the player sees."""
        return self._trial.position

    def choices(self) -> list[Choice]:
        """Everything the player may do: the legal moves, then the actions the
        game allows (a draw offer only where a draw may be agreed)."""
        record = self._trial
        if record.outcome() is not None:
            return []
        actions = [Action.OFFER_DRAW] if record.spec.draw_by_agreement else []
        return [*record.legal_moves(), *actions, Action.RESIGN]

    # --- checking -----------------------------------------------------------------------

    def check(self, choice: Choice) -> Verdict:
        """Whether `choice` (an engine move, as in `legal_moves`, or an `Action`)
        meets the goal, and the line to show for it."""
        if choice not in self.choices():
            return Verdict(False, self.refused_key, legal=False)
        report = self.report(choice)
        if self.goal.met(report):
            return Verdict(True, self.praise_key)
        return Verdict(False, self.wrong_key(report.text))

    def report(self, choice: Choice) -> Report:
        """Play a legal `choice` on the task's record, read what the engine
        says it did, and take it back."""
        record = self._trial
        before = record.position
        effects = _play(record, choice)
        try:
            return Report(before, choice, effects, record.position, record.outcome(),
                          record.legal_moves())
        finally:
            record.undo()

    @cached_property
    def _trial(self) -> Game:
        """The record `report` plays on and takes back: built once, since a
        history can be long."""
        return self.record()


def _play(record: Game, choice: Choice) -> Effects:
    if choice is Action.RESIGN:
        record.resign(record.position.side)
        return Effects()
    if choice is Action.OFFER_DRAW:
        record.agree_draw()
        return Effects()
    return record.play(choice).effects


@dataclass(frozen=True)
class Lesson:
    """A few tasks on one rule or one group of rules, in order."""

    id: str  # <game>.<name>
    tasks: tuple[Task, ...]

    @property
    def game(self) -> str:
        return self.id.split(".", 1)[0]

    @property
    def title_key(self) -> str:
        return f"lesson.{self.id}.title"


Row = tuple[str, str, Goal, dict[str, Any]]


def task(name: str, code: str, *conditions: Condition, history: str = "",
         wrong: Mapping[str, str] | None = None, refused: bool = False) -> Row:
    """One row of a lesson table: the task's name, its code, the conditions of
    its goal; `history` is moves in notation separated by spaces."""
    options = {"history": tuple(history.split()), "wrong": dict(wrong or {}),
               "refused": refused}
    return name, code, Goal(conditions), options


def cycles(first: str, second: str, plies: int) -> str:
    """A history of `plies` moves in which each side plays its own round of
    moves (`first` for the side to move at the code, `second` for the other)
    over and over: how a table writes a long quiet stretch of a game."""
    rounds = first.split(), second.split()
    return " ".join(rounds[ply % 2][(ply // 2) % len(rounds[ply % 2])] for ply in range(plies))


def lesson(game: str, name: str, *rows: Row) -> Lesson:
    """Build a lesson of `game` from `task` rows (the tables' compact form)."""
    lesson_id = f"{game}.{name}"
    built = tuple(Task(f"{lesson_id}.{task_name}", code, goal, **options)
                  for task_name, code, goal, options in rows)
    for task in built:
        if spec_of(from_code(task.code)).name != game:
            raise ValueError(f"task {task.id} has a code of another game")
    return Lesson(lesson_id, built)
