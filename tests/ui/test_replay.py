"""Replay in the move list, as a player uses it: a click or tap on a move, or
the keys, show the board as it was after that move; nothing is played from
there, the computer waits, and the game itself never changes.

Animations are on and the clock is stepped (see driver.py); what the board
draws is read from the position handed to the game's view.
"""

from __future__ import annotations

import random

import pygame
import pytest

from game.rules import GAME_NAMES, spec
from game.rules.record import Game
from game.ui import play as play_module
from game.ui.board import move_list as move_list_module
from game.ui.board.scene import BoardScene
from game.ui.play import Play, Setup, autosave_key, save_play

from .driver import busy, click, key, make_app, post, press, settle, steps, tap
from .test_phone_sizes import check_phone_frame

PHONE = (390, 844)


def random_play(game: str, plies: int, seed: int = 3, human: str | None = None) -> Play:
    """A game against the computer after `plies` random plies (fewer if it ends)."""
    play = Play(Setup(game, "computer", human or spec(game).suggested_side, "ovate"))
    rng = random.Random(seed)
    while play.game.outcome() is None and play.game.ply < plies:
        play.game.play(rng.choice(play.game.legal_moves()))
    return play


def human_to_move(game: str, plies: int, seed: int = 3) -> Play:
    """About `plies` random plies, then the person to move (the first seed from
    `seed` whose game is still going there)."""
    for tried in range(seed, seed + 50):
        play = random_play(game, plies, tried)
        rng = random.Random(tried + 1)
        while play.game.outcome() is None and not play.human_to_move:
            play.game.play(rng.choice(play.game.legal_moves()))
        if play.human_to_move:
            return play
    raise AssertionError(f"every {game} game ended within {plies} plies")


def finished(game: str, seed: int = 5) -> Play:
    return random_play(game, 10_000, seed)


def on_board(app, play: Play) -> BoardScene:
    scene = BoardScene(app.ctx, play)
    app.scenes[1:] = []
    app._push(scene)
    steps(app, 1)
    return scene


class DrawnBoard:
    """The position the board view was last asked to draw."""

    def __init__(self, scene: BoardScene) -> None:
        self.codes: list[str] = []
        real = scene.ui.draw

        def record(surface, position, marks, animation):
            self.codes.append(position.code())
            return real(surface, position, marks, animation)
        scene.ui.draw = record

    def now(self, app) -> str:
        app.redraw()
        steps(app, 1)
        return self.codes[-1]


def codes_of(play: Play) -> list[str]:
    return [position.code() for position in play.game.replay()]


def snapshot(play: Play, app) -> tuple:
    """Everything replay must leave alone: the record (moves, undone ones, cursor,
    result), the setup and the saved slot."""
    return (play.game.to_dict(), play.to_dict()["setup"], play.game.outcome(),
            dict(app.ctx.storage.data))


# --- showing a move -----------------------------------------------------------------------


@pytest.mark.parametrize("game", GAME_NAMES)
def test_clicking_a_move_shows_the_board_after_it(monkeypatch, game):
    app = make_app(monkeypatch)
    play = human_to_move(game, 14)
    scene = on_board(app, play)
    board = DrawnBoard(scene)
    positions = codes_of(play)
    assert board.now(app) == positions[-1]
    shown = [ply for ply, _ in scene.move_list.hits]
    assert len(shown) == play.game.ply  # 14 plies all fit the list at 1280×800
    for ply in shown[:-1]:
        click(app, scene.move_list.rect_of(ply).center)
        settle(app)
        assert scene.viewing == ply
        assert board.now(app) == positions[ply], f"after clicking move {ply}"
        assert scene.status_line().startswith("Viewing move")
        assert find(scene, "replay-back").visible
    # The last move is the game itself: clicking it goes back to the game.
    click(app, scene.move_list.rect_of(shown[-1]).center)
    assert scene.viewing is None and board.now(app) == positions[-1]
    assert not find(scene, "replay-back").visible


def find(scene: BoardScene, name: str):
    return scene.commands.button(name)


@pytest.mark.parametrize("game", GAME_NAMES)
def test_the_keys_walk_every_move_with_its_animation(monkeypatch, game):
    app = make_app(monkeypatch)
    play = human_to_move(game, 30)
    scene = on_board(app, play)
    board = DrawnBoard(scene)
    positions = codes_of(play)
    key(app, pygame.K_HOME)
    assert scene.viewing == 0 and board.now(app) == positions[0]
    assert scene.status_line() == "Viewing the starting position"
    animated = 0
    for ply in range(1, play.game.ply):
        key(app, pygame.K_RIGHT)
        animated += busy(app)  # a step on plays the move, as it was played
        settle(app)
        assert scene.viewing == ply and board.now(app) == positions[ply]
    assert animated >= play.game.ply // 2  # passes do not animate; every other move does
    key(app, pygame.K_RIGHT)  # on past the last move shown: the game itself
    assert scene.viewing is None and board.now(app) == positions[-1]
    key(app, pygame.K_PAGEUP)  # on the player's turn the plain arrows walk the board
    key(app, pygame.K_LEFT)
    assert scene.viewing == play.game.ply - 2
    assert board.now(app) == positions[-3]
    key(app, pygame.K_END)
    assert scene.viewing is None and board.now(app) == positions[-1]
    key(app, pygame.K_PAGEUP)
    assert scene.viewing == play.game.ply - 1
    key(app, pygame.K_ESCAPE)
    assert scene.viewing is None


def test_on_the_players_turn_the_arrows_keep_the_board_cursor(monkeypatch):
    app = make_app(monkeypatch)
    play = human_to_move("reversi", 10)
    scene = on_board(app, play)
    key(app, pygame.K_LEFT)
    assert scene.viewing is None and scene.input.cursor is not None  # the cursor, as before
    key(app, pygame.K_LEFT, mod=pygame.KMOD_CTRL)
    assert scene.viewing == play.game.ply - 1
    key(app, pygame.K_LEFT)  # in replay the plain arrows walk the moves
    assert scene.viewing == play.game.ply - 2
    key(app, pygame.K_PAGEDOWN)
    key(app, pygame.K_PAGEDOWN)
    assert scene.viewing is None


# --- the game is never changed by looking at it ---------------------------------------------


@pytest.mark.parametrize("game", GAME_NAMES)
def test_a_tour_of_replay_never_changes_the_game(monkeypatch, game):
    app = make_app(monkeypatch)
    play = human_to_move(game, 12)
    play.game.undo()  # a move to redo: replay must keep it too
    while not play.human_to_move:
        play.game.undo()
    scene = on_board(app, play)
    save_play(app.ctx.storage, play)
    before = snapshot(play, app)
    board = DrawnBoard(scene)
    click(app, scene.move_list.rect_of(2).center)
    assert scene.viewing == 2
    view = scene.ui.view
    for cell in range(spec(game).cells):  # every square or pit of the board: nothing plays
        click(app, view.cell(cell).center)
        settle(app)
    assert app.notice and "earlier position" in app.notice[0]
    for name in ("undo", "redo", "hint"):
        assert not find(scene, name).enabled, name
    key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    key(app, pygame.K_y, mod=pygame.KMOD_CTRL)
    key(app, pygame.K_h)
    key(app, pygame.K_RETURN)
    key(app, pygame.K_HOME)
    for _ in range(5):
        press(app, "replay-next")
        settle(app)
    press(app, "replay-prev")
    post(pygame.MOUSEWHEEL, x=0, y=1, flipped=False)
    steps(app, 1)
    assert board.now(app) == codes_of(play)[4]
    press(app, "replay-back")
    settle(app)
    assert scene.viewing is None
    assert snapshot(play, app) == before
    assert board.now(app) == play.position.code()
    assert app.errors == []


# --- the computer waits ----------------------------------------------------------------------


class CountedSearch:
    """A real search whose steps are counted."""

    def __init__(self, search, log: list) -> None:
        self.search, self.log = search, log

    def step(self, deadline: float) -> bool:
        self.log.append("step")
        return self.search.step(deadline)

    def __getattr__(self, name):
        return getattr(self.search, name)


def counting_searches(monkeypatch) -> tuple[list, list]:
    """Count every step of the computer's searches, and where each one began."""
    steps_log: list = []
    started: list = []
    real = play_module.start_search

    def start(position, level="druid", **kwargs):
        started.append(position.code())
        return CountedSearch(real(position, level, **kwargs), steps_log)
    monkeypatch.setattr(play_module, "start_search", start)
    return steps_log, started


@pytest.mark.parametrize("game", GAME_NAMES)
def test_the_computer_waits_while_a_move_is_shown_and_plays_after(monkeypatch, game):
    app = make_app(monkeypatch)
    searched, started = counting_searches(monkeypatch)
    play = human_to_move(game, 8)
    scene = on_board(app, play)
    settle(app)
    targets = scene.ui.targets(play.position)
    if scene.ui.two_step:  # a game whose pieces move: a piece, then where to
        orig = sorted(scene.ui.origins(play.position))[0]
        click(app, scene.ui.view.cell(orig).center)
        targets = scene.ui.destinations(play.position, orig)
    click(app, scene.ui.view.cell(sorted(targets)[0]).center)  # the person's move
    ply = play.game.ply
    assert not play.human_to_move  # the computer's turn begins
    click(app, scene.move_list.rect_of(1).center)  # at once, a look back
    assert scene.viewing == 1
    searched.clear()
    steps(app, 600)  # ten seconds of frames
    assert play.game.ply == ply and searched == [], "the computer moved or thought in replay"
    assert all(code in codes_of(play) for code in started)  # never into the shown position
    assert codes_of(play)[1] not in started
    press(app, "replay-back")
    for _ in range(600):
        steps(app, 1)
        if play.game.ply > ply:
            break
    assert play.game.ply > ply, "the computer never moved after going back"
    assert searched or play.decided is None


def test_a_forced_pass_waits_for_the_game_too(monkeypatch):
    app = make_app(monkeypatch)
    # A random game up to a side whose only move is the pass.
    for seed in range(200):
        game = Game(spec("reversi").start_code)
        rng = random.Random(seed)
        while game.outcome() is None:
            moves = game.legal_moves()
            if len(moves) == 1 and moves[0] == spec("reversi").pass_move and game.ply > 2:
                break
            game.play(rng.choice(moves))
        if game.outcome() is None:
            break
    assert game.outcome() is None, "no forced pass found in 200 random games"
    play = Play(Setup("reversi", "hotseat"), game)
    ply = game.ply
    on_board(app, play)
    key(app, pygame.K_HOME)
    steps(app, 600)
    assert play.game.ply == ply  # the pass is the game's move: it waits
    key(app, pygame.K_END)
    steps(app, 300)
    assert play.game.ply == ply + 1


# --- after the game ----------------------------------------------------------------------


@pytest.mark.parametrize("game", GAME_NAMES)
def test_replay_after_the_game_with_the_result_closed(monkeypatch, game):
    app = make_app(monkeypatch)
    play = finished(game)
    app.ctx.storage.save("untouched", {"kept": True})
    scene = on_board(app, play)
    settle(app)
    assert scene.game_over_panel
    before = snapshot(play, app)
    board = DrawnBoard(scene)
    positions = codes_of(play)
    target = scene.move_list.hits[0][0]
    click(app, scene.move_list.rect_of(target).center)  # closes the panel and shows the move
    assert not scene.game_over_panel and scene.viewing == target
    assert board.now(app) == positions[target]
    key(app, pygame.K_RIGHT)
    settle(app)
    assert board.now(app) == positions[target + 1]
    assert autosave_key(game) not in app.ctx.storage.data  # a finished game is never saved
    press(app, "show-result")  # back to the game's end, its result on show
    assert scene.viewing is None and scene.game_over_panel
    press(app, "over-close")
    key(app, pygame.K_LEFT)
    assert scene.viewing == play.game.ply - 1 and not scene.game_over_panel
    press(app, "replay-back")
    assert snapshot(play, app) == before


# --- the marks in the list ---------------------------------------------------------------


def expected_note(before, after, effects, game: str) -> tuple[str, bool] | None:
    """What the list should write after a move, worked out from the positions."""
    rules = spec(game)
    if rules.pass_move is not None:  # Reversi: the discs that changed colour
        mover = "bw".index(before.side)
        turned = after.counts()[mover] - before.counts()[mover] - 1
        return (f"·{turned}", True) if turned > 0 else None
    if hasattr(before, "pits"):  # Modiar: the stones that left the board
        taken = sum(before.pits) - sum(after.pits)
        return (f" +{taken}", False) if taken else None
    return ("x", False) if effects.captured else None


@pytest.mark.parametrize("game", GAME_NAMES)
def test_the_marks_in_the_list_are_what_each_move_did(monkeypatch, game):
    app = make_app(monkeypatch, animation="fast")  # on, but quick: this is about the list
    written: list[tuple[str, tuple[int, int], tuple, int]] = []
    real = move_list_module.draw_text

    def recording(surface, text, size, pos, fill=None, **kwargs):
        rect = real(surface, text, size, pos, fill, **kwargs)
        written.append((text, rect.topleft, tuple(fill or ()), size))
        return rect
    monkeypatch.setattr(move_list_module, "draw_text", recording)
    play = human_to_move(game, min(50, 4 * spec(game).cells), seed=8)  # Modiar's games are short
    scene = on_board(app, play)
    positions = list(play.game.replay())
    notes = 0
    key(app, pygame.K_HOME)
    for ply in range(1, play.game.ply + 1):
        key(app, pygame.K_RIGHT)  # in replay the plain arrows walk the moves
        settle(app)
        written.clear()
        app.redraw()
        steps(app, 1)
        place = scene.move_list.rect_of(ply)
        inside = [w for w in written if place.collidepoint(w[1])
                  and not w[0].rstrip(".").isdigit()]  # the line's number is no note
        text = scene.panel.move_texts()[ply - 1]  # a pass in the player's language
        wanted = expected_note(positions[ply - 1], positions[ply], play.game.effects[ply - 1],
                               game)
        assert inside and inside[0][0] == text, (ply, inside)
        if wanted is None:
            assert len(inside) == 1, (ply, inside)
            continue
        notes += 1
        note_text, quiet = wanted
        assert len(inside) == 2 and inside[1][0] == note_text, (ply, inside)
        if quiet:  # dimmer, and no larger than the move
            assert inside[1][2] != inside[0][2] and inside[1][3] <= inside[0][3]
    assert notes > 0, "a whole game with nothing taken or turned tests nothing"


# --- touch and a phone -----------------------------------------------------------------------


def finger(app, kind, pos) -> None:
    w, h = app.screen.get_size()
    post(kind, x=(pos[0] + 0.5) / w, y=(pos[1] + 0.5) / h, dx=0.0, dy=0.0, touch_id=1,
         finger_id=1, pressure=1.0)


@pytest.mark.parametrize("game", GAME_NAMES)
def test_replay_by_touch_on_a_phone(monkeypatch, game):
    app = make_app(monkeypatch, size=PHONE)
    play = finished(game, seed=6)
    scene = on_board(app, play)
    settle(app)
    tap(app, scene.result.close_button.rect.center)
    board = DrawnBoard(scene)
    positions = codes_of(play)
    target = scene.move_list.hits[1][0]
    tap(app, scene.move_list.rect_of(target).center)
    assert scene.viewing == target and board.now(app) == positions[target]
    tap(app, find(scene, "replay-next").rect.center)
    settle(app)
    assert board.now(app) == positions[target + 1]
    tap(app, find(scene, "replay-prev").rect.center)
    tap(app, find(scene, "replay-prev").rect.center)
    assert board.now(app) == positions[target - 1]
    tap(app, find(scene, "replay-back").rect.center)
    assert scene.viewing is None and board.now(app) == positions[-1]


@pytest.mark.parametrize("game", ["reversi", "tawlbwrdd"])  # games longer than the list
def test_a_finger_drags_the_list_to_the_first_moves(monkeypatch, game):
    app = make_app(monkeypatch, size=PHONE)
    play = finished(game, seed=6)
    scene = on_board(app, play)
    settle(app)
    tap(app, scene.result.close_button.rect.center)
    first_seen = scene.move_list.hits[0][0]
    assert first_seen > 1, "the whole game fits the list: nothing to scroll"
    area = scene.move_list.area
    finger(app, pygame.FINGERDOWN, (area.centerx, area.top + 4))
    for y in range(area.top + 4, area.bottom - 2, 6):
        finger(app, pygame.FINGERMOTION, (area.centerx, y))
        steps(app, 1)
    finger(app, pygame.FINGERUP, (area.centerx, area.bottom - 2))
    steps(app, 1)
    assert scene.viewing is None  # a drag picks nothing
    assert scene.move_list.hits[0][0] < first_seen
    target = scene.move_list.hits[0][0]
    tap(app, scene.move_list.rect_of(target).center)
    assert scene.viewing == target
    assert scene.move_list.rect_of(target) is not None  # still in sight once picked


@pytest.mark.parametrize("language", ["en", "ga", "da"])
@pytest.mark.parametrize("size", [PHONE, (360, 640), (1280, 800)])
def test_a_shown_move_fits_the_window(monkeypatch, size, language):
    app = make_app(monkeypatch, size=size)
    app.ctx.change("language", language)
    for game in GAME_NAMES:
        for play in (human_to_move(game, 20), finished(game)):
            scene = on_board(app, play)
            settle(app)
            if scene.game_over_panel:
                press(app, "over-close")
            key(app, pygame.K_HOME)
            key(app, pygame.K_RIGHT)
            settle(app)
            assert scene.viewing == 1
            check_phone_frame(app, f"{game} replay {size} {language}",
                              ratio=1.0)
            press(app, "replay-back")
