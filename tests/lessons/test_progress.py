"""Progress through the lessons: what is solved, what is offered, and its
round trip through the save file."""

from __future__ import annotations

import json

import pytest

from game.lessons import LESSONS, Progress, ProgressError

FIRST = LESSONS["reversi"][0]


def solved_all(progress: Progress, lesson) -> None:
    for task in lesson.tasks:
        progress.solve(task)


def test_a_lesson_is_done_once_all_its_tasks_are():
    progress = Progress()
    assert progress.next_task(FIRST) is FIRST.tasks[0]
    progress.solve(FIRST.tasks[0])
    assert not progress.is_done(FIRST)
    assert progress.next_task(FIRST) is FIRST.tasks[1]
    solved_all(progress, FIRST)
    assert progress.is_done(FIRST) and progress.next_task(FIRST) is None


def test_the_first_game_offer_stands_until_skipped_or_a_lesson_is_begun():
    progress = Progress()
    assert all(progress.offer_due(game) for game in LESSONS)
    progress.skip_offer("modiar")
    progress.solve(FIRST.tasks[0])
    assert not progress.offer_due("modiar") and not progress.offer_due("reversi")
    assert progress.offer_due("brandubh") and progress.offer_due("tawlbwrdd")


def test_progress_round_trips_through_json():
    progress = Progress()
    solved_all(progress, FIRST)
    brandubh = LESSONS["brandubh"][2]
    progress.solve(brandubh.tasks[0])
    progress.skip_offer("tawlbwrdd")
    again = Progress.from_dict(json.loads(json.dumps(progress.to_dict())))
    assert again == progress
    assert again.is_done(FIRST) and not again.is_done(brandubh)
    assert not again.offer_due("tawlbwrdd")


def test_a_completed_lesson_stays_completed_and_unknown_ids_are_dropped():
    data = Progress().to_dict()
    data["lessons_done"] = [FIRST.id, "reversi.gone"]
    data["tasks_done"] = ["reversi.gone.task", FIRST.tasks[0].id]
    data["offers_skipped"] = ["chess", "modiar"]
    progress = Progress.from_dict(data)
    assert progress.is_done(FIRST)  # though only one of its tasks is recorded
    assert progress.tasks_done == {FIRST.tasks[0].id}
    assert progress.offers_skipped == {"modiar"}


@pytest.mark.parametrize("data", [None, [], {"version": 99}, {"version": 1, "tasks_done": "x"},
                                  {"version": 1, "offers_skipped": [3]}])
def test_damaged_progress_is_refused_in_one_plain_line(data):
    with pytest.raises(ProgressError, match="lesson progress") as caught:
        Progress.from_dict(data)
    assert "\n" not in str(caught.value)
