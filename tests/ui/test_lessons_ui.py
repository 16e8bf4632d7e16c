"""The lessons as a player meets them: from the menu, from a rules page's
*Try it* and before a first game; a task played by posted clicks, taps and
keys, animations on; a wrong move explained and taken back, a right one
praised and followed by the next task; progress kept across restarts."""

from __future__ import annotations

import pygame
import pytest

from game.history import finished_entry, keep_finished
from game.lessons import LESSONS, TASKS, Action
from game.platform.storage import MemoryStorage
from game.rules import spec
from game.ui.board.scene import BoardScene
from game.ui.dialogs import ConfirmDialog
from game.ui.i18n import t
from game.ui.lessons import chooser as chooser_module
from game.ui.lessons.chooser import LessonsScene
from game.ui.lessons.store import load_progress
from game.ui.lessons.task_view import LessonScene
from game.ui.menu import MenuScene
from game.ui.play import Play, Setup, discard_save
from game.ui.rules import RulesScene
from game.ui.setup import SetupScene

from . import test_phone_sizes as phone
from .driver import click, key, make_app, press, steps, tap
from .test_app import walk_cursor_to

FRAMES = 600  # ten stepped seconds: longer than any move shown and taken back


def right_choice(task):
    return next(choice for choice in task.choices() if task.check(choice).ok)


def wrong_choice(task):
    """A move or action the rules allow that misses the goal."""
    return next(choice for choice in task.choices() if not task.check(choice).ok)


def wrong_move(task):
    """A legal move (not an action) that misses the goal."""
    return next(choice for choice in task.choices()
                if not isinstance(choice, Action) and not task.check(choice).ok)


def open_lesson(app, lesson_id: str) -> LessonScene:
    """Menu → Lessons → the lesson's game → the lesson, by presses."""
    press(app, "lessons")
    assert isinstance(app.scene, LessonsScene)
    press(app, f"lessons-{lesson_id.split('.')[0]}")
    press(app, f"lesson-{lesson_id}")
    assert isinstance(app.scene, LessonScene)
    return app.scene


def play_on_board(app, scene: LessonScene, move, how: str = "click") -> None:
    """Make `move` on the lesson's board as a player would: a click (or tap)
    on each square it touches, or the keys."""
    for square in scene.ui.move_squares(move):
        if how == "keys":
            walk_cursor_to(app, scene, square)
            key(app, pygame.K_RETURN)
        else:
            centre = scene.ui.view.cell(square).center
            (tap if how == "tap" else click)(app, centre)


def choose(app, scene: LessonScene, choice, how: str = "click") -> None:
    """A move on the board, or the button of an action or a pass."""
    names = {Action.RESIGN: "resign", Action.OFFER_DRAW: "draw"}
    if choice in names:
        press(app, names[choice])
    elif choice == spec(scene.run.game).pass_move:
        press(app, "pass")
    else:
        play_on_board(app, scene, choice, how)


def until(app, condition, frames: int = FRAMES) -> int:
    """Step frames until `condition()`; how many it took."""
    for frame in range(frames):
        if condition():
            return frame
        steps(app, 1)
    raise AssertionError("it never happened")


def shown_line(scene: LessonScene) -> str:
    return scene.line[0] if scene.line else ""


def test_a_wrong_move_is_shown_explained_and_taken_back_and_a_right_one_praised(monkeypatch):
    app = make_app(monkeypatch)
    scene = open_lesson(app, "brandubh.capture")
    task = scene.run.task
    assert task.id == "brandubh.capture.sandwich"
    start = task.position
    wrong = wrong_move(task)
    play_on_board(app, scene, wrong)
    assert scene.animation is not None  # the wrong move is played, animated
    assert scene.run.position != start
    assert shown_line(scene).endswith(t(task.check(wrong).text_key))
    assert scene.line[1] == "danger"
    frames = until(app, lambda: scene.run.shown is None)
    assert frames > 30  # it stayed to be seen, then went back by itself
    assert scene.run.position == start
    assert shown_line(scene).endswith(t(task.miss_key))  # the explanation stays
    assert not scene.next_button.enabled

    right = right_choice(task)
    play_on_board(app, scene, right)
    assert shown_line(scene).endswith(t(task.praise_key))
    assert scene.line[1] == "ok"
    assert scene.run.position == start.play(right).position  # the right move stays
    until(app, lambda: scene.animation is None)
    steps(app, 120)
    assert scene.run.position == start.play(right).position
    assert task.id in load_progress(app.ctx.storage).tasks_done
    press(app, "next")
    assert scene.run.task.id == "brandubh.capture.attackers"
    assert scene.line is None and scene.run.position == scene.run.task.position
    assert app.errors == []


def test_a_press_on_the_wrong_move_mid_show_takes_it_back_at_once(monkeypatch):
    app = make_app(monkeypatch)
    scene = open_lesson(app, "reversi.lines")
    task = scene.run.task
    play_on_board(app, scene, wrong_move(task))
    assert scene.run.shown is not None
    play_on_board(app, scene, right_choice(task))  # no need to wait for the take-back
    assert scene.run.solved
    assert shown_line(scene).endswith(t(task.praise_key))


def cell(game: str, name: str) -> int:
    rules = spec(game)
    return next(index for index in range(rules.cells) if rules.cell_name(index) == name)


def test_a_move_the_rules_forbid_gets_the_tasks_own_line_and_changes_nothing(monkeypatch):
    app = make_app(monkeypatch)
    scene = open_lesson(app, "brandubh.move")
    choose(app, scene, right_choice(scene.run.task))
    press(app, "next")
    task = scene.run.task
    assert task.id == "brandubh.move.throne" and task.refused
    click(app, scene.ui.view.cell(cell("brandubh", "d6")).center)  # the defender picked up
    click(app, scene.ui.view.cell(cell("brandubh", "d4")).center)  # and stopped on the throne
    assert shown_line(scene).endswith(t(task.refused_key))
    assert scene.run.shown is None and scene.run.position == task.position
    assert scene.input.refused is not None  # the square flashes
    click(app, scene.ui.view.cell(cell("brandubh", "b7")).center)  # an attacker: not a move
    assert shown_line(scene).endswith(t("refuse.turn.d"))
    assert app.errors == []


def test_progress_is_kept_and_marked_in_the_list_after_a_restart(monkeypatch):
    storage = MemoryStorage()
    app = make_app(monkeypatch, storage=storage)
    scene = open_lesson(app, "modiar.first")
    lesson = scene.run.lesson
    first = scene.run.task
    choose(app, scene, right_choice(first))
    until(app, lambda: scene.animation is None)
    key(app, pygame.K_ESCAPE)  # back to the list, one task of two done
    assert isinstance(app.scene, LessonsScene)
    mark = chooser_module.progress_mark
    assert mark(app.scene.progress, lesson) == "  1/2"
    assert press_target(app, "lesson-modiar.first").text.endswith("1/2")

    app = make_app(monkeypatch, storage=storage)  # the app started again
    scene = open_lesson(app, "modiar.first")
    assert scene.run.task.id == lesson.tasks[1].id  # on where it was left
    choose(app, scene, right_choice(scene.run.task))
    assert t(lesson.tasks[1].praise_key) in shown_line(scene)
    assert shown_line(scene).endswith(t("lessons.complete"))  # its last task
    assert scene.next_button.text == t("lessons.next_lesson")
    key(app, pygame.K_ESCAPE)
    assert press_target(app, "lesson-modiar.first").text.endswith("✓")
    assert lesson.id in load_progress(storage).lessons_done
    assert app.errors == []


def press_target(app, name: str):
    from .driver import button
    return button(app, name)


def test_a_whole_lesson_by_its_right_moves_then_on_to_the_next_lesson(monkeypatch):
    app = make_app(monkeypatch)
    scene = open_lesson(app, "tawlbwrdd.draw")
    lesson = scene.run.lesson
    for task in lesson.tasks:  # moves, a draw offer and a resignation
        assert scene.run.task is task
        choose(app, scene, right_choice(task))
        assert t(task.praise_key) in shown_line(scene), task.id
        until(app, lambda: scene.animation is None)
        if task is not lesson.tasks[-1]:
            key(app, pygame.K_RETURN)  # Next has the keyboard's focus once solved
    assert shown_line(scene).endswith(t("lessons.complete"))
    assert scene.next_button.label == "lessons.finish"  # Tawlbwrdd's last lesson
    press(app, "next")
    assert isinstance(app.scene, LessonsScene)
    assert app.scene.game == "tawlbwrdd"
    assert press_target(app, f"lesson-{lesson.id}").text.endswith("✓")


def test_reversi_passes_by_its_button(monkeypatch):
    app = make_app(monkeypatch)
    scene = open_lesson(app, "reversi.pass")
    task = scene.run.task
    assert task.id == "reversi.pass.must"
    press(app, "pass")
    assert scene.run.solved and shown_line(scene).endswith(t(task.praise_key))
    press(app, "next")
    press(app, "pass")  # Black has moves here: passing is not allowed
    assert shown_line(scene).endswith(t(scene.run.task.refused_key))
    assert not scene.run.solved


def test_the_keyboard_plays_a_task_and_esc_goes_back(monkeypatch):
    app = make_app(monkeypatch)
    scene = open_lesson(app, "brandubh.capture")
    task = scene.run.task
    play_on_board(app, scene, wrong_move(task), how="keys")
    assert shown_line(scene).endswith(t(task.miss_key))
    until(app, lambda: scene.run.shown is None)
    play_on_board(app, scene, right_choice(task), how="keys")
    assert scene.run.solved
    key(app, pygame.K_RETURN)  # Next
    assert scene.run.task.id == "brandubh.capture.attackers"
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, LessonsScene)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, MenuScene)


def test_the_list_works_by_keys(monkeypatch):
    app = make_app(monkeypatch)
    press(app, "lessons")
    scene = app.scene
    assert scene.game == "brandubh"  # nothing done: the first game
    key(app, pygame.K_TAB)
    assert scene.focus.buttons[scene.focus.index].name == "lessons-brandubh"
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RETURN)
    assert scene.game == "tawlbwrdd"
    key(app, pygame.K_DOWN)
    focused = scene.focus.buttons[scene.focus.index]
    assert focused.name.startswith("lesson-tawlbwrdd.")
    key(app, pygame.K_RETURN)
    assert isinstance(app.scene, LessonScene) and app.scene.run.lesson.id == focused.name[7:]


def test_try_it_on_a_rules_page_opens_that_games_lessons(monkeypatch):
    app = make_app(monkeypatch)
    press(app, "rules-reversi")
    assert isinstance(app.scene, RulesScene)
    press(app, "try")
    assert isinstance(app.scene, LessonsScene) and app.scene.game == "reversi"
    assert press_target(app, "lessons-reversi").selected
    press(app, "lesson-reversi.place")
    assert app.scene.run.game == "reversi"
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, RulesScene)  # back where Try it was pressed


def start_from_setup(app, game: str) -> None:
    press(app, f"card-{game}")
    assert isinstance(app.scene, SetupScene)
    press(app, "mode-hotseat")
    press(app, "start")


def test_a_first_game_offers_the_lessons_once_and_a_skip_is_kept(monkeypatch):
    storage = MemoryStorage()
    app = make_app(monkeypatch, storage=storage, new_player=True)
    start_from_setup(app, "modiar")
    dialog = app.scene
    assert isinstance(dialog, ConfirmDialog)
    assert dialog.title == t("lessons.offer.title", game=t("game.modiar"))
    press(app, "keep")  # Skip, play now
    assert isinstance(app.scene, BoardScene) and app.scene.play.setup.game == "modiar"
    assert "modiar" in load_progress(storage).offers_skipped

    discard_save(storage, "modiar")  # not even a game kept: the skip alone stops the offer
    app = make_app(monkeypatch, storage=storage, new_player=True)
    start_from_setup(app, "modiar")
    assert isinstance(app.scene, BoardScene)
    app = make_app(monkeypatch, storage=storage, new_player=True)
    start_from_setup(app, "reversi")  # another game is offered its own
    assert isinstance(app.scene, ConfirmDialog)
    key(app, pygame.K_ESCAPE)  # Esc is the skip too
    assert isinstance(app.scene, BoardScene) and app.scene.play.setup.game == "reversi"
    assert load_progress(storage).offers_skipped == {"modiar", "reversi"}


def test_taking_the_lessons_opens_the_first_and_a_task_begun_ends_the_offer(monkeypatch):
    storage = MemoryStorage()
    app = make_app(monkeypatch, storage=storage, new_player=True)
    start_from_setup(app, "brandubh")
    press(app, "confirm")  # Take the lessons
    scene = app.scene
    assert isinstance(scene, LessonScene)
    assert scene.run.lesson.id == LESSONS["brandubh"][0].id
    choose(app, scene, right_choice(scene.run.task))
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, SetupScene)  # back to start the game
    press(app, "start")
    assert isinstance(app.scene, BoardScene)  # lessons begun: no second offer


def test_no_offer_for_a_game_played_before(monkeypatch):
    storage = MemoryStorage()
    play = Play(Setup("tawlbwrdd", "hotseat"))
    play.game.resign("d")
    keep_finished(storage, finished_entry("old", 1.0, play.setup, play.game))
    app = make_app(monkeypatch, storage=storage, new_player=True)
    start_from_setup(app, "tawlbwrdd")
    assert isinstance(app.scene, BoardScene)
    assert load_progress(storage).offers_skipped == set()  # nothing asked, nothing noted


@pytest.mark.parametrize("language", ["en", "ga", "da"])
def test_a_lesson_on_a_phone_by_taps(monkeypatch, language):
    app = make_app(monkeypatch, size=(390, 844))
    app.ctx.change("language", language)
    scene = open_lesson(app, "brandubh.capture")
    board = scene.ui.view.rect
    assert board.right <= 390 and scene.text_area.top >= board.bottom
    assert all(b.rect.bottom <= 844 and b.rect.top >= scene.text_area.bottom
               for b in scene.buttons)
    task = scene.run.task
    play_on_board(app, scene, wrong_move(task), how="tap")
    assert shown_line(scene).endswith(t(task.miss_key))
    until(app, lambda: scene.run.shown is None)
    play_on_board(app, scene, right_choice(task), how="tap")
    assert scene.run.solved
    tap(app, scene.next_button.rect.center)
    assert scene.run.task is TASKS["brandubh.capture.attackers"]


@pytest.mark.parametrize("size", phone.PHONES)
@pytest.mark.parametrize("language", phone.LANGUAGES)
def test_the_lesson_scenes_fit_a_phone(monkeypatch, size, language):
    # The task view draws its text with widgets.draw_lines, measured already.
    monkeypatch.setattr(phone, "TEXT_MODULES", (*phone.TEXT_MODULES, chooser_module))
    app = phone.phone_app(monkeypatch, size, language)
    phone.show(app, LessonsScene(app.ctx, "brandubh"))  # the game with the most lessons
    phone.check_phone_frame(app, f"lessons {size} {language}")
    for lessons in LESSONS.values():
        for lesson in lessons:
            scene = LessonScene(app.ctx, lesson.id)
            phone.show(app, scene)
            for task in lesson.tasks:
                for choice in (wrong_choice(task), right_choice(task)):
                    where = f"{task.id} {size} {language}"
                    choose(app, scene, choice, how="tap")
                    phone.check_phone_frame(app, where)
                    assert scene.text_bottom <= scene.text_area.bottom, \
                        f"{where}: the text runs into the buttons"
                assert scene.run.solved, where
                press(app, "next")


def test_progress_that_cannot_be_read_is_set_aside_with_a_notice(monkeypatch):
    storage = MemoryStorage()
    storage.save("lessons", {"version": 99, "tasks_done": ["brandubh.move.king"]})
    app = make_app(monkeypatch, storage=storage)
    press(app, "lessons")
    assert isinstance(app.scene, LessonsScene)
    steps(app, 2)
    assert app.ctx.notice_shown == t("notice.damaged", what=t("storage.lessons"))
    assert "lessons.damaged" in storage.data  # kept aside, not deleted
    assert app.scene.progress.tasks_done == set()  # the player starts afresh
    assert press_target(app, "lesson-brandubh.move").text == t("lesson.brandubh.move.title")
