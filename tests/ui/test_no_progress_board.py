"""Brandubh's no-progress draw and agreed draws on the board.

The games are seeded walks of quiet moves (tests/engine/walks.py: no
capture, no new corner, no position twice), so the count of plies without
progress (`Game.quiet_plies()`) is whatever the walk's length makes it.
The app's computer must know that count in every search it starts, take
and offer the draw as the AI's own functions say, and the board must show
the count, the reason a game ended, and how today's rules cut an old game.
Played through the app with animations on and a stepped clock.
"""

from __future__ import annotations

import math
from functools import cache

import pytest

from game.ai.analysis import MoveValues
from game.ai.levels import (
    NEAR_NO_PROGRESS,
    accepts_draw,
    accepts_draw_after,
    draw_check,
    offers_draw,
)
from game.platform.storage import MemoryStorage
from game.rules import spec
from game.rules.base import Reason
from game.rules.record import Game
from game.ui import background
from game.ui import widgets as widgets_module
from game.ui.board import panel as board_panel_module
from game.ui.board.scene import BoardScene
from game.ui.board.transfer import rules_change_text
from game.ui.dialogs import ConfirmDialog
from game.ui.i18n import t
from game.ui.menu import MenuScene
from game.ui.play import Frame, Play, Setup, autosave_key
from game.ui.play_events import DrawOffered, Moved
from game.ui.scene import Push

from ..engine.editions import second_edition_link, second_edition_save
from ..engine.walks import walk
from .driver import TEST_NODES, click, fast_search, make_app, press, settle, steps
from .test_phone_sizes import check_phone_frame
from .test_saves import drawn_texts, type_code

START = spec("brandubh").start_code
LIMIT = spec("brandubh").no_progress_plies
MAX_FRAMES = 2000  # far more than any search here needs; one that never ends fails


@cache
def walked(plies: int, seed: int) -> tuple[str, ...]:
    return tuple(walk(START, "q" * plies, seed))


def walked_game(plies: int, seed: int) -> Game:
    game = Game(START, walked(plies, seed))
    assert game.quiet_plies() == plies
    return game


def searched(game: Game, quiet_plies: int | None = None):
    """The app's computer's search of `game`'s position as the tests bound it,
    told the count (or another one)."""
    quiet = game.quiet_plies() if quiet_plies is None else quiet_plies
    return fast_search(game.position, "druid", history=game.repetition_keys(),
                       quiet_plies=quiet).run()


def open_board(app, game: Game, mode: str = "computer", human: str = "d") -> BoardScene:
    setup = Setup("brandubh", mode, human_side=human, level="druid")
    scene = BoardScene(app.ctx, Play(setup, game))
    app._apply(Push(scene))
    steps(app, 1)  # the computer may already have asked something over it
    return scene


def until(app, done, what: str) -> None:
    for _ in range(MAX_FRAMES):
        if done():
            return
        steps(app, 1)
    raise AssertionError(f"never: {what}")


def legal_texts(position) -> list[str]:
    return sorted(position.move_text(move) for move in position.legal_moves())


def click_move(app, scene: BoardScene, text: str) -> None:
    move = scene.play.position.parse_move(text)
    for square in scene.ui.move_squares(move):
        click(app, scene.ui.view.cell(square).center)


# --- the app's computer knows the count ----------------------------------------------------

# Defenders to move, one quiet ply from the draw: told the count, the Druid
# takes a different move from the one it takes at a count of 0.
AT_99 = (99, 24)


def test_the_computers_move_counts_the_plies_without_progress(monkeypatch):
    game = walked_game(*AT_99)
    expected = searched(game).move
    assert expected != searched(game, quiet_plies=0).move  # here the count decides
    assert not offers_draw(game, searched(game))
    app = make_app(monkeypatch)
    scene = open_board(app, game, human="a")
    until(app, lambda: scene.play.game.ply == 100, "the computer moved")
    assert scene.play.game.moves[-1] == expected
    assert app.errors == []


def test_the_hint_counts_the_plies_without_progress(monkeypatch):
    game = walked_game(*AT_99)
    expected = searched(game).move
    app = make_app(monkeypatch)
    scene = open_board(app, game, human="d")
    press(app, "hint")
    until(app, lambda: scene.play.hint is not None, "the hint was found")
    assert scene.play.hint == expected
    assert app.errors == []


def test_the_values_on_the_squares_count_the_plies_without_progress():
    game = walked_game(*AT_99)
    nodes = 40

    def values(quiet_plies: int) -> dict:
        found = MoveValues(game.position, game.repetition_keys(), quiet_plies=quiet_plies,
                           nodes=nodes)
        found.step(math.inf)
        return found.values

    play = Play(Setup("brandubh", "hotseat"), Game(START, walked(*AT_99)))
    play.toggle_values()
    for _ in range(MAX_FRAMES):
        play.tick(Frame(1 / 60, math.inf, nodes=nodes))
        if play.values.values is not None and play.values.values.done:
            break
    assert play.values.values.values == values(game.quiet_plies())
    assert values(game.quiet_plies()) != values(0)


# Defenders to move, 15 plies from the draw; the attackers stand a little
# worse, not so much worse that they would take a draw at any count.
NEAR_THE_END = (85, 17)


def test_the_computer_takes_an_offered_draw_the_count_leaves_it(monkeypatch):
    game = walked_game(*NEAR_THE_END)
    assert accepts_draw(game, "a")  # the AI's own answer, told the count
    assert not accepts_draw_after(game.position, "a", draw_check(game).run())  # untold
    app = make_app(monkeypatch)
    scene = open_board(app, game, human="d")
    press(app, "draw")
    until(app, lambda: scene.play.draw_weighing is None, "the computer answered")
    settle(app)
    outcome = scene.play.game.outcome()
    assert outcome is not None and outcome.reason is Reason.DRAW_AGREED
    assert app.errors == []


# --- the computer offers a draw itself ---------------------------------------------------

# Attackers to move, 14 plies from the draw, with nothing better than a draw
# to play for: the computer playing them offers one before it moves.
OFFERING = (86, 1)


def offer_put(app, scene: BoardScene) -> ConfirmDialog:
    until(app, lambda: isinstance(app.scene, ConfirmDialog), "the computer's offer was put")
    dialog = app.scene
    assert dialog.answer.question == "draw" and scene.play.game.ply == OFFERING[0]
    return dialog


@pytest.mark.parametrize("language", ["en", "ga", "da"])
@pytest.mark.parametrize("size", [(1280, 800), (390, 844), (360, 640)])
def test_the_computer_offers_a_draw_and_accepting_ends_the_game(monkeypatch, size, language):
    game = walked_game(*OFFERING)
    assert offers_draw(game, searched(game))  # the AI's own word for this position
    app = make_app(monkeypatch, size=size)
    app.ctx.change("language", language)
    scene = open_board(app, game, human="d")
    dialog = offer_put(app, scene)
    assert dialog.title == t("offer.title", level=t("level.druid"))
    assert scene.status_line() == t("offer.title", level=t("level.druid"))
    check_phone_frame(app, f"the offer {size} {language}")  # fits, and reads at 14 px
    press(app, "confirm")
    assert app.scene is scene
    outcome = scene.play.game.outcome()
    assert outcome is not None and outcome.reason is Reason.DRAW_AGREED
    assert scene.play.game.ply == OFFERING[0]  # the computer's move was never played
    settle(app)
    assert scene.game_over_panel
    assert app.errors == []


@pytest.mark.parametrize("size", [(1280, 800), (390, 844)])
def test_declined_the_computer_plays_its_move_and_does_not_offer_again_at_once(monkeypatch,
                                                                                size):
    game = walked_game(*OFFERING)
    its_move = searched(game).move
    app = make_app(monkeypatch, size=size)
    scene = open_board(app, game, human="d")
    offer_put(app, scene)
    press(app, "keep")  # "Play on"
    assert app.scene is scene
    assert scene.play.game.moves[-1] == its_move and scene.play.game.ply == OFFERING[0] + 1
    settle(app)
    # A reply after which the computer, asked afresh, would offer again.
    reply = next(text for text in legal_texts(scene.play.game.position)
                 if again_offered_after(scene.play.game, text))
    click_move(app, scene, reply)
    until(app, lambda: scene.play.game.ply == OFFERING[0] + 3, "the computer moved on")
    assert app.scene is scene and scene.play.game.outcome() is None
    assert app.errors == []


def again_offered_after(game: Game, reply: str) -> bool:
    copy = Game(START, [*game.move_texts(), reply])
    return copy.outcome() is None and offers_draw(copy, searched(copy))


def test_an_offer_declined_is_not_made_again_in_the_same_position(monkeypatch):
    # However soon the computer may ask again, never where the person said no.
    monkeypatch.setattr(background, "OFFER_AGAIN_AFTER", 0)
    play = Play(Setup("brandubh", "computer", "d", "druid"), walked_game(*OFFERING))

    def until_event(kind):
        for _ in range(MAX_FRAMES):
            found = [e for e in play.tick(Frame(1 / 60, math.inf, nodes=TEST_NODES))
                     if isinstance(e, DrawOffered | Moved)]
            if found:
                assert isinstance(found[0], kind), found
                return found[0]
        raise AssertionError(f"no {kind.__name__}")

    assert until_event(DrawOffered).side == "a"
    (moved,) = play.answer_draw(False)
    assert isinstance(moved, Moved) and play.game.ply == OFFERING[0] + 1
    play.request_undo()  # back to the person's move before the offer
    assert play.game.ply == OFFERING[0] - 1
    play.request_move(play.position.parse_move(walked(*OFFERING)[-1]))  # the same move again
    until_event(Moved)  # no offer this time: it moves
    assert play.game.ply == OFFERING[0] + 1


def test_the_panels_accept_draw_takes_the_computers_offer():
    play = Play(Setup("brandubh", "computer", "d", "druid"), walked_game(*OFFERING))
    for _ in range(MAX_FRAMES):
        if play.tick(Frame(1 / 60, math.inf, nodes=TEST_NODES)) and play.accepting_draw:
            break
    assert play.accepting_draw  # the command reads "Accept draw"
    play.offer_draw()
    assert play.game.outcome().reason is Reason.DRAW_AGREED


# --- Offer draw in Brandubh, as in Tawlbwrdd ------------------------------------------------


def test_on_one_device_a_brandubh_draw_is_offered_and_accepted(monkeypatch):
    app = make_app(monkeypatch)
    scene = open_board(app, Game(START), mode="hotseat")
    press(app, "draw")
    assert scene.play.draws.offered_by == "a" and scene.play.game.outcome() is None
    click_move(app, scene, legal_texts(scene.play.position)[0])
    settle(app)
    assert button_label(scene) == "board.accept_draw"
    press(app, "draw")
    outcome = scene.play.game.outcome()
    assert outcome is not None and outcome.reason is Reason.DRAW_AGREED
    assert app.errors == []


def button_label(scene: BoardScene) -> str:
    return scene.commands.button("draw").label


# --- the count on the panel ------------------------------------------------------------------


def panel_texts(app) -> list[tuple[str, object]]:
    """Every text the side panel draws in the next frame (its wrapped lines
    too, drawn by `draw_lines`), with where."""
    drawn: list[tuple[str, object]] = []
    with pytest.MonkeyPatch.context() as patch:
        for module in (board_panel_module, widgets_module):
            real = module.draw_text

            def recording(surface, text, *args, _real=real, **kwargs):
                rect = _real(surface, text, *args, **kwargs)
                drawn.append((text, rect))
                return rect
            patch.setattr(module, "draw_text", recording)
        app.redraw()
        steps(app, 1)
    return drawn


@pytest.mark.parametrize("language", ["en", "ga", "da"])
@pytest.mark.parametrize("size", [(1280, 800), (390, 844), (360, 640)])
def test_the_panel_counts_down_the_last_plies_before_the_draw(monkeypatch, language, size):
    app = make_app(monkeypatch, size=size)
    app.ctx.change("language", language)
    left = NEAR_NO_PROGRESS
    scene = open_board(app, walked_game(LIMIT - left, 5), mode="hotseat")
    count = t("panel.no_progress", count=left)
    drawn = panel_texts(app)
    lines = [rect for text, rect in drawn if text in count]
    assert lines, f"{count!r} is not on the panel"
    assert " ".join(text for text, _ in drawn if text in count) == count  # all of it
    for rect in lines:  # clear of the moves and the buttons below it
        assert rect.bottom <= scene.panel.moves_rect.top
        assert rect.bottom <= scene.commands.top
    assert scene.panel.moves_rect.height > 0  # the moves still have their room
    check_phone_frame(app, f"count {size} {language}")


def test_the_count_shows_only_near_the_draw_and_only_for_the_game_as_it_stands(monkeypatch):
    app = make_app(monkeypatch)
    scene = open_board(app, walked_game(LIMIT - NEAR_NO_PROGRESS - 1, 5), mode="hotseat")
    assert scene.panel.no_progress_line() is None  # 21 plies left: not yet
    scene = open_board(app, walked_game(LIMIT - 3, 5), mode="hotseat")
    assert scene.panel.no_progress_line() == t("panel.no_progress", count=3)
    scene.show_ply(10)  # looking back: the count is the game's, not the shown position's
    assert scene.panel.no_progress_line() is None


# --- the result names the reason ----------------------------------------------------------------


@pytest.mark.parametrize("language", ["en", "ga", "da"])
def test_a_game_drawn_by_the_count_says_so_on_the_result_panel(monkeypatch, language):
    app = make_app(monkeypatch)
    app.ctx.change("language", language)
    game = walked_game(LIMIT - 1, 24)
    scene = open_board(app, game, mode="hotseat")
    last = next(text for text in legal_texts(game.position)
                if (after := Game(START, [*game.move_texts(), text])).outcome() is not None
                and after.outcome().reason is Reason.NO_PROGRESS)
    click_move(app, scene, last)
    settle(app)
    assert scene.game_over_panel
    texts = drawn_texts(app)
    assert t("over.draw") in texts
    reason = scene.result.reason_lines(scene.result.box.width - 2 * scene.unit)
    assert " ".join(reason) == t("reason.no-progress")
    assert all(line in texts for line in reason)
    assert app.errors == []


# --- an old game cut by today's rules ---------------------------------------------------------

QUIET_MOVES = LIMIT + 4  # four plies past the draw today's rules make


def second_edition_autosave(cursor: int | None = None) -> dict:
    moves = list(walked(QUIET_MOVES, 7))
    return {"setup": {"game": "brandubh", "mode": "hotseat", "human_side": "", "level": "ovate",
                      "seed": 0},
            "game": second_edition_save(moves, cursor), "saved_at": 5.0}


def continue_brandubh(app) -> BoardScene:
    assert isinstance(app.scene, MenuScene)
    press(app, "card-brandubh")
    assert isinstance(app.scene, BoardScene)
    return app.scene


def test_a_save_of_the_earlier_rules_cut_by_the_draw_says_so_once(monkeypatch):
    storage = MemoryStorage()
    storage.save(autosave_key("brandubh"), second_edition_autosave())
    app = make_app(monkeypatch, storage=storage)
    scene = continue_brandubh(app)
    steps(app, 1)
    change = scene.play.game.rules_change
    assert change is not None and change.ply == LIMIT and change.moves_dropped == 4
    told = t("notice.rules_change_moves", number=LIMIT // 2, count=4)
    assert rules_change_text(change) == told
    assert app.notice is not None and app.notice[0] == told
    settle(app)
    assert scene.play.game.outcome().reason is Reason.NO_PROGRESS and scene.game_over_panel
    # Saved again under today's rules (here: over, so its slot is emptied): never said twice.
    assert autosave_key("brandubh") not in storage.data
    assert app.errors == []


def test_a_save_taken_back_before_the_cut_plays_on_and_is_told_of_its_shorter_redo(monkeypatch):
    storage = MemoryStorage()
    storage.save(autosave_key("brandubh"), second_edition_autosave(cursor=90))
    app = make_app(monkeypatch, storage=storage)
    scene = continue_brandubh(app)
    steps(app, 1)
    assert app.notice is not None
    assert app.notice[0] == t("notice.rules_change_moves", number=LIMIT // 2, count=4)
    assert scene.play.game.ply == 90 and scene.play.game.outcome() is None
    saved = storage.load(autosave_key("brandubh"))
    assert saved["game"]["edition"] == spec("brandubh").rules_edition
    assert len(saved["game"]["moves"]) == LIMIT
    press(app, "menu")
    app.notice = None
    continue_brandubh(app)
    steps(app, 2)
    assert app.notice is None  # told once
    assert app.errors == []


@pytest.mark.parametrize("language", ["en", "ga", "da"])
def test_a_link_of_the_earlier_rules_cut_by_the_draw_says_so(monkeypatch, language):
    app = make_app(monkeypatch)
    app.ctx.change("language", language)
    scene = open_board(app, Game(START), mode="hotseat")
    type_code(app, second_edition_link(list(walked(QUIET_MOVES, 7))))
    assert app.scene is scene and scene.play.game.ply == LIMIT
    steps(app, 1)
    assert app.notice is not None
    assert app.notice[0] == t("notice.rules_change_moves", number=LIMIT // 2, count=4)
    assert app.errors == []


@pytest.mark.parametrize("language", ["en", "ga", "da"])
@pytest.mark.parametrize("size", [(360, 640), (390, 844)])
def test_the_notice_of_a_cut_game_fits_a_phone(monkeypatch, language, size):
    storage = MemoryStorage()
    storage.save(autosave_key("brandubh"), second_edition_autosave(cursor=90))
    app = make_app(monkeypatch, size=size, storage=storage)
    app.ctx.change("language", language)
    continue_brandubh(app)
    steps(app, 1)
    told = t("notice.rules_change_moves", number=LIMIT // 2, count=4)
    assert app.notice is not None and app.notice[0] == told
    check_phone_frame(app, f"cut game notice {size} {language}")
    _, lines, _ = app._notice_layout(told)
    assert " ".join(lines) == told  # all of it, not cut short
