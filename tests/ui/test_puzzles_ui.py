"""The Puzzles scenes, played as a player would: from the menu to a game's
puzzles, the solver's moves clicked (or picked with the keys) and the
replies animated, a solve and a miss counted and saved, the solution after
a miss shown move by move, the hint marking the piece or pit, the rating
kept across a restart, and everything on a phone."""

from __future__ import annotations

import random
import subprocess
import sys
from itertools import pairwise
from pathlib import Path

import pygame
import pytest

from game.platform.storage import MemoryStorage
from game.puzzles.player import PuzzlePlayer
from game.ui import i18n
from game.ui.menu import MenuScene
from game.ui.puzzles import board as puzzle_board
from game.ui.puzzles import choose as puzzle_choose
from game.ui.puzzles import panel as puzzle_panel
from game.ui.puzzles.board import PuzzleScene
from game.ui.puzzles.choose import PuzzlesScene
from game.ui.puzzles.run import PUZZLES_KEY, Phase

from . import test_phone_sizes as phone
from .driver import click, key, make_app, press, steps, tap

ROOT = Path(__file__).resolve().parents[2]
MOST_FRAMES = 600  # ten stepped seconds: longer than any move, pause or reply


def open_puzzles(app, game: str) -> PuzzleScene:
    """From the menu: Puzzles, then the game's button."""
    assert isinstance(app.scene, MenuScene)
    app.ctx.rng = random.Random(5)  # which puzzle is served near the rating
    (puzzles,) = [b for b in app.scene.focus.buttons if b.name == "puzzles"]
    click(app, puzzles.rect.center)
    assert isinstance(app.scene, PuzzlesScene)
    press(app, f"puzzles-{game}")
    assert isinstance(app.scene, PuzzleScene) and app.scene.game == game
    return app.scene


def still(app, scene: PuzzleScene) -> list:
    """Step frames until no move is sliding in or waiting; the moves animated."""
    animated = []
    for _ in range(MOST_FRAMES):
        if scene.animation is not None and (not animated or animated[-1] is not scene.animation):
            animated.append(scene.animation)
        if not scene.busy():
            return [animation.move for animation in animated]
        steps(app, 1)
    raise AssertionError("the puzzle's board never came to rest")


def play_move(app, scene: PuzzleScene, move, touch: bool = False) -> list:
    """The move clicked (or tapped) on the board as a player picks it; the
    moves then animated, the player's first."""
    press_at = tap if touch else click
    view = scene.ui.view
    cells = move if scene.ui.two_step else (move,)
    for cell in cells:
        press_at(app, view.cell(cell).center)
    return still(app, scene)


def solve(app, scene: PuzzleScene, touch: bool = False) -> list:
    """Every solver move of the line clicked; the moves animated on the way."""
    attempt = scene.run.attempt
    animated = []
    while scene.run.solving:
        animated += play_move(app, scene, attempt.expected(), touch)
    return animated


def saved(app) -> PuzzlePlayer:
    return PuzzlePlayer.from_dict(app.ctx.storage.load(PUZZLES_KEY))


def wrong_move(scene: PuzzleScene):
    attempt = scene.run.attempt
    return next(m for m in attempt.position.legal_moves() if m != attempt.expected())


@pytest.mark.parametrize("game", ["brandubh", "tawlbwrdd", "reversi", "modiar"])
def test_a_puzzle_solved_by_clicks_raises_the_rating_and_the_streak_and_is_saved(
        monkeypatch, game):
    app = make_app(monkeypatch)
    scene = open_puzzles(app, game)
    puzzle = scene.run.puzzle
    assert abs(puzzle.rating - 1500) <= max(abs(p.rating - 1500) for p in scene.run.puzzles)
    animated = solve(app, scene)
    # Every move of the line was shown on the board, the replies by the app.
    assert animated == puzzle.moves()
    assert scene.run.phase is Phase.SOLVED
    assert scene.shown.code() == scene.run.attempt.position.code()
    record = saved(app).record(game)
    assert record.rating > 1500 and record.streak == 1 and record.solved == record.tried == 1
    assert puzzle.id in record.recent
    assert i18n.t("puzzles.solved") in puzzle_board_texts(app)
    press(app, "next")
    assert scene.run.solving and scene.run.puzzle.id != puzzle.id
    assert app.errors == []


def puzzle_board_texts(app) -> list[str]:
    """The texts the next frame draws in the puzzle's panel."""
    seen = []
    with pytest.MonkeyPatch.context() as patch:
        for name in ("draw_text", "draw_lines"):
            real = getattr(puzzle_panel, name)

            def record(surface, text, *args, _real=real, **kwargs):
                seen.append(text)
                return _real(surface, text, *args, **kwargs)
            patch.setattr(puzzle_panel, name, record)
        app.redraw()
        steps(app, 1)
    return seen


def test_a_reply_is_animated_after_a_pause_not_at_once(monkeypatch):
    app = make_app(monkeypatch)
    scene = open_puzzles(app, "brandubh")
    while len(scene.run.attempt.line) < 3:  # a line with a reply in it
        scene.next_puzzle()
    first, reply = scene.run.attempt.line[:2]
    click(app, scene.ui.view.cell(first[0]).center)
    click(app, scene.ui.view.cell(first[1]).center)
    assert scene.animation is not None and scene.animation.move == first
    assert scene.queue and scene.queue[0].move == reply
    assert not scene.can_move()  # no move is taken while the reply is to come
    frames = 0
    while scene.animation is None or scene.animation.move != reply:
        steps(app, 1)
        frames += 1
    assert frames > 10  # the player's move slid in, and a pause followed
    assert still(app, scene) == [reply] and scene.can_move()


def test_a_miss_resets_the_streak_and_the_solution_plays_move_by_move(monkeypatch):
    storage = MemoryStorage()
    player = PuzzlePlayer()
    player.record("modiar").streak = 4
    storage.save(PUZZLES_KEY, player.to_dict())
    app = make_app(monkeypatch, storage=storage)
    scene = open_puzzles(app, "modiar")
    while len(scene.run.attempt.line) < 3:  # a solution of more than one move
        scene.next_puzzle()
    attempt = scene.run.attempt
    start = attempt.position
    wrong = wrong_move(scene)
    click(app, scene.ui.view.cell(wrong).center)
    assert scene.animation is not None and scene.animation.move == wrong  # shown, then
    record = saved(app).record("modiar")
    assert record.streak == 0 and record.rating < 1500 and record.tried == 1
    assert record.solved == 0
    # ... taken back, and the solution follows by itself, a move at a time.
    shown, began = [scene.animation], [0]
    for frame in range(1, MOST_FRAMES * 2):
        steps(app, 1)
        if scene.animation is not None and (not shown or shown[-1] is not scene.animation):
            shown.append(scene.animation)
            began.append(frame)
        if scene.run.solution_left == 0 and not scene.busy():
            break
    solution = shown[1:]
    assert [animation.move for animation in solution] == attempt.line
    assert [animation.before.code() for animation in solution] == \
        [position.code() for position, _ in attempt.solution()]
    assert solution[0].before.code() == start.code()
    pauses = [b - a for a, b in pairwise(began[1:])]
    assert min(pauses) >= puzzle_board.SOLUTION_PAUSE * 60  # time to see each move
    assert i18n.t("puzzles.solution_done") in puzzle_board_texts(app)
    assert app.errors == []


def test_the_solution_can_be_stepped_with_its_button_and_the_arrow(monkeypatch):
    app = make_app(monkeypatch)
    scene = open_puzzles(app, "reversi")
    while len(scene.run.attempt.line) < 3:
        scene.next_puzzle()
    attempt = scene.run.attempt
    click(app, scene.ui.view.cell(wrong_move(scene)).center)
    press(app, "step")  # at once: the wrong move is taken back, the first move shown
    assert scene.animation is not None and scene.animation.move == attempt.line[0]
    assert scene.run.solution_shown == 1 and not scene.auto
    steps(app, 200)  # no more moves by themselves once the player steps
    assert scene.run.solution_shown == 1
    key(app, pygame.K_RIGHT)
    assert scene.run.solution_shown == 2
    assert scene.animation is not None and scene.animation.move == attempt.line[1]
    while scene.run.solution_left:
        press(app, "step")
    still(app, scene)
    assert scene.shown.code() == attempt.solution()[-1][0].play_position(
        attempt.line[-1]).code()
    assert not scene.step_button.enabled and scene.next_button.enabled
    key(app, pygame.K_n)
    assert scene.run.solving
    assert app.errors == []


@pytest.mark.parametrize("game", ["brandubh", "modiar", "reversi"])
def test_the_hint_marks_the_piece_or_pit_to_move_and_keeps_the_streak(monkeypatch, game):
    storage = MemoryStorage()
    player = PuzzlePlayer()
    player.record(game).streak = 2
    storage.save(PUZZLES_KEY, player.to_dict())
    app = make_app(monkeypatch, storage=storage)
    scene = open_puzzles(app, game)
    expected = scene.run.attempt.expected()
    drawn = []
    real_draw = scene.ui.draw
    monkeypatch.setattr(scene.ui, "draw", lambda surface, position, marks, animation:
                        (drawn.append(marks), real_draw(surface, position, marks, animation)))
    press(app, "hint")
    marks = drawn[-1]
    if game == "brandubh":
        assert marks.hint == (expected[0],)  # the piece to move
    elif game == "modiar":
        assert marks.hint == (expected,)  # the pit to sow
    else:  # the quarter the move is in, framed
        assert expected in scene.run.hint and len(scene.run.hint) == 16
    assert not scene.hint_button.enabled
    solve(app, scene)
    record = saved(app).record(game)
    assert scene.run.phase is Phase.SOLVED and scene.run.attempt.hinted
    assert record.streak == 2 and record.solved == 1  # no streak gained, none lost
    assert i18n.t("puzzles.solved_hinted") in puzzle_board_texts(app)


def test_a_puzzle_solved_with_the_keys_alone(monkeypatch):
    app = make_app(monkeypatch)
    scene = open_puzzles(app, "modiar")
    key(app, pygame.K_h)
    assert scene.run.hint
    while scene.run.solving:
        target = scene.run.attempt.expected()
        cursor_to(app, scene, target)
        key(app, pygame.K_RETURN)
        still(app, scene)
    assert scene.run.phase is Phase.SOLVED
    first = scene.run.puzzle
    key(app, pygame.K_RETURN)  # Enter on a finished puzzle: the next one
    assert scene.run.solving and scene.run.puzzle is not first
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, PuzzlesScene)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, MenuScene)
    assert app.errors == []


def cursor_to(app, scene: PuzzleScene, target: int) -> None:
    """The board's cursor walked to `target` with the arrows, as a player would."""
    if scene.input.cursor is None:
        key(app, pygame.K_DOWN)  # the first arrow shows the cursor
    view = scene.ui.view
    for _ in range(20):
        if scene.input.cursor == target:
            return
        here, there = view.cell(scene.input.cursor).center, view.cell(target).center
        if abs(there[0] - here[0]) > abs(there[1] - here[1]):
            key(app, pygame.K_RIGHT if there[0] > here[0] else pygame.K_LEFT)
        else:
            key(app, pygame.K_DOWN if there[1] > here[1] else pygame.K_UP)
    raise AssertionError("the cursor never reached its cell")


def test_the_rating_and_streak_are_kept_for_a_new_app(monkeypatch):
    storage = MemoryStorage()
    app = make_app(monkeypatch, storage=storage)
    scene = open_puzzles(app, "tawlbwrdd")
    solve(app, scene)
    rating = scene.run.record.rating
    served = list(scene.run.record.recent)
    pygame.quit()
    again = make_app(monkeypatch, storage=storage)
    app = again
    (puzzles,) = [b for b in app.scene.focus.buttons if b.name == "puzzles"]
    click(app, puzzles.rect.center)
    chooser = app.scene
    assert chooser.records["tawlbwrdd"].rating == rating
    assert chooser.records["tawlbwrdd"].streak == 1
    assert i18n.t("puzzles.rating", rating=round(rating)) in " ".join(
        chooser.texts["tawlbwrdd"])
    press(app, "puzzles-tawlbwrdd")
    assert app.scene.run.record.rating == rating
    assert app.scene.run.puzzle.id not in served  # not served again so soon


def test_a_damaged_record_costs_a_notice_and_starts_afresh(monkeypatch):
    storage = MemoryStorage()
    storage.data[PUZZLES_KEY] = "{not json"
    app = make_app(monkeypatch, storage=storage)
    open_puzzles(app, "modiar")
    steps(app, 1)
    shown = [*([app.notice[0]] if app.notice else []), *app.ctx.notices]
    assert any(i18n.t("storage.puzzles") in text for text in shown)
    assert app.scene.run.record.rating == 1500
    assert app.errors == []


def test_a_refused_click_says_why_and_costs_nothing(monkeypatch):
    app = make_app(monkeypatch)
    scene = open_puzzles(app, "modiar")
    position = scene.run.attempt.position
    others = [pit for pit in range(6) if pit not in position.legal_moves()]
    click(app, scene.ui.view.cell(others[0]).center)
    assert scene.run.solving and saved(app).record("modiar").tried == 0
    assert app.ctx.notices or app.notice
    assert app.errors == []


@pytest.mark.parametrize("language", ["en", "ga", "da"])
@pytest.mark.parametrize("size", [(360, 640), (390, 844)])
def test_the_puzzles_fit_a_phone_and_are_played_by_touch(monkeypatch, size, language):
    monkeypatch.setattr(phone, "TEXT_MODULES",
                        (*phone.TEXT_MODULES, puzzle_panel, puzzle_choose))
    app = make_app(monkeypatch, size=size)
    app.ctx.change("language", language)
    steps(app, 1)
    phone.check_phone_frame(app, f"menu {size} {language}")
    for game in ("tawlbwrdd", "reversi", "modiar"):
        scene = open_puzzles(app, game)
        phone.check_phone_frame(app, f"{game} puzzle {size} {language}")
        press(app, "hint")
        phone.check_phone_frame(app, f"{game} hint {size} {language}")
        solve(app, scene, touch=True)
        phone.check_phone_frame(app, f"{game} solved {size} {language}")
        press(app, "next")
        play_move(app, scene, wrong_move(scene), touch=True)
        phone.check_phone_frame(app, f"{game} missed {size} {language}")
        press(app, "back")
        phone.check_phone_frame(app, f"puzzles {size} {language}")
        press(app, "back")
    assert app.errors == []


def test_the_puzzles_are_read_only_when_a_game_of_them_is_opened():
    script = """
import os
os.environ["SDL_VIDEODRIVER"] = os.environ["SDL_AUDIODRIVER"] = "dummy"
from game.platform.storage import MemoryStorage
from game.puzzles.record import load
from game.ui.app import App
from game.ui.scene import Push, ToPuzzle, ToPuzzles
app = App((1280, 800), storage=MemoryStorage(), locale_name="en")
app.step(1 / 60)
print(load.cache_info().currsize)
app._apply(Push(ToPuzzles()))
app.step(1 / 60)
print(load.cache_info().currsize)
app._apply(Push(ToPuzzle("modiar")))
app.step(1 / 60)
print(load.cache_info().currsize, app.errors)
"""
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True,
                          text=True, check=True, timeout=120)
    assert done.stdout.split("\n")[-4:] == ["0", "0", "1 []", ""]
