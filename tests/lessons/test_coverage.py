"""Every rule of docs/rules.md is taught by some task, and every way a game
can end is asked for by a task of that game."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from game.lessons import LESSONS, TASKS
from game.lessons.coverage import RULES
from game.rules import GAME_NAMES
from game.rules.base import Reason

RULES_PAGE = Path(__file__).resolve().parents[2] / "docs" / "rules.md"


def sections() -> dict[str, str]:
    """Each `## ` section of the rules page by its lower-cased title, bold
    marks dropped and white space run together, as the quotations are written."""
    text = RULES_PAGE.read_text(encoding="utf-8").replace("**", "")
    found = {}
    for part in re.split(r"^## ", text, flags=re.MULTILINE)[1:]:
        title, body = part.split("\n", 1)
        found[title.strip().lower()] = " ".join(body.split())
    return found


@pytest.mark.parametrize("rule", RULES, ids=lambda rule: f"{rule.game}:{rule.quote[:30]}")
def test_each_rule_quotes_its_games_section_and_names_tasks_of_that_game(rule):
    assert rule.quote in sections()[rule.game]
    assert rule.tasks
    for name in rule.tasks:
        assert f"{rule.game}.{name}" in TASKS


def test_every_game_has_rules_listed_and_every_task_teaches_one():
    assert {rule.game for rule in RULES} == set(GAME_NAMES)
    taught = {f"{rule.game}.{name}" for rule in RULES for name in rule.tasks}
    assert set(TASKS) - taught == set()


def endings_by_game() -> dict[str, set[Reason]]:
    """The table of reasons under 'Game records': which games each ending
    belongs to, read from the page."""
    by_game: dict[str, set[Reason]] = {game: set() for game in GAME_NAMES}
    table = sections()["game records"]
    for keys, games in re.findall(r"\| (`[^|]+`) \| [^|]+ \| ([^|]+) \|", table):
        named = [word.lower() for word in re.findall(r"\w+", games)]
        games_of_row = GAME_NAMES if "all" in named else [g for g in named if g in by_game]
        for key in re.findall(r"`([a-z-]+)`", keys):
            for game in games_of_row:
                by_game[game].add(Reason(key))
    return by_game


def test_the_table_of_endings_is_read_whole():
    found = endings_by_game()
    assert set().union(*found.values()) == set(Reason)
    assert all(Reason.RESIGNATION in reasons for reasons in found.values())


# Endings that come from the clocks, not the rules: lessons are played
# without clocks, so none can ask for them (every game has them).
CLOCK_ENDINGS = {Reason.TIME}


@pytest.mark.parametrize("game", GAME_NAMES)
def test_every_way_a_game_ends_is_asked_for_by_one_of_its_tasks(game):
    asked = {reason for lesson in LESSONS[game] for task in lesson.tasks
             for reason in task.goal.reasons}
    assert endings_by_game()[game] >= CLOCK_ENDINGS
    assert asked == endings_by_game()[game] - CLOCK_ENDINGS


@pytest.mark.parametrize("game", GAME_NAMES)
def test_each_game_has_five_to_eight_lessons_of_two_to_five_tasks(game):
    lessons = LESSONS[game]
    assert 5 <= len(lessons) <= 8
    for lesson in lessons:
        assert 2 <= len(lesson.tasks) <= 5, lesson.id
        assert all(task.game == game and task.lesson_id == lesson.id for task in lesson.tasks)
