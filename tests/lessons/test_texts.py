"""Every line a lesson shows exists in English, Irish and Danish, and the
lessons' catalogue files hold those lines and nothing else."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from game.lessons import LESSONS, TASKS
from game.lessons.tasks import REFUSED
from game.ui import i18n


def shown_keys() -> set[str]:
    keys = {REFUSED}
    for lessons in LESSONS.values():
        for lesson in lessons:
            keys.add(lesson.title_key)
            for task in lesson.tasks:
                keys.update(task.text_keys())
    return keys


def lesson_file(language: str) -> dict[str, str]:
    path = next(p for p in i18n.catalogue_paths(language) if p.name.startswith("lessons_"))
    return json.loads(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_the_lessons_file_holds_exactly_the_lines_the_lessons_show(language):
    texts = lesson_file(language)
    assert set(texts) == shown_keys()
    for key, text in texts.items():
        assert isinstance(text, str) and text.strip() == text and text, key
        assert "{" not in text and "}" not in text, key  # shown as they are, no placeholders


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_the_catalogue_serves_every_lesson_line_in_the_language_itself(language):
    previous = i18n.language()
    i18n.set_language(language)
    try:
        for key in shown_keys():
            assert i18n.t(key) == lesson_file(language)[key]
    finally:
        i18n.set_language(previous)


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_lesson_keys_live_only_in_the_lessons_file(language):
    main = json.loads(i18n.catalogue_paths(language)[0].read_text(encoding="utf-8"))
    assert not [key for key in main if key.startswith("lesson.")]


@pytest.mark.parametrize("language", ["ga", "da"])
def test_a_translation_is_not_the_english_left_in_place(language):
    english, other = lesson_file("en"), lesson_file(language)
    assert [key for key in english if english[key] == other[key]] == []


def test_a_refused_move_and_each_wrong_move_have_their_own_line_where_the_task_names_one():
    english = lesson_file("en")
    for task in TASKS.values():
        for suffix in set(task.wrong.values()):
            assert english[f"lesson.{task.id}.{suffix}"] != english[task.miss_key]


def test_the_lessons_never_import_pygame():
    code = "import sys, game.lessons; print('pygame' in sys.modules)"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            check=True)
    assert result.stdout.strip() == "False"
