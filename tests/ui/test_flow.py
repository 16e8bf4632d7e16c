"""One owner for each flow: scenes ask for each other by name and the app
builds them; Play owns the computer's turn and its one legality check; the
capture rings are asked of the engine once per selection."""

from __future__ import annotations

import ast
import math
import random
import typing
from pathlib import Path

import pytest

from game.rules import from_code, start
from game.rules.base import IllegalMove
from game.rules.record import Game
from game.ui import play as play_module
from game.ui.board.games import game_ui
from game.ui.board.scene import BoardScene
from game.ui.i18n import side_name, t
from game.ui.menu import MenuScene
from game.ui.navigation import BUILDERS, build
from game.ui.play import Frame, Play, Setup, autosave_key
from game.ui.play_events import Refused, Why
from game.ui.puzzles.board import PuzzleScene
from game.ui.puzzles.choose import PuzzlesScene
from game.ui.rules import RulesScene
from game.ui.scene import (
    Push,
    SceneRequest,
    ToBoard,
    ToMenu,
    ToPuzzle,
    ToPuzzles,
    ToRules,
    ToSettings,
    ToSetup,
)
from game.ui.settings import SettingsScene
from game.ui.setup import SetupScene
from tests.engine.diagrams import tafl_code

from .driver import click, make_app, press, settle, steps

UI = Path(__file__).resolve().parents[2] / "game" / "ui"
SCENE_MODULES = {"game.ui.menu": UI / "menu.py", "game.ui.setup": UI / "setup.py",
                 "game.ui.board.scene": UI / "board" / "scene.py",
                 "game.ui.rules": UI / "rules.py", "game.ui.settings": UI / "settings.py",
                 "game.ui.puzzles.choose": UI / "puzzles" / "choose.py",
                 "game.ui.puzzles.board": UI / "puzzles" / "board.py",
                 "game.ui.friends_scene": UI / "friends_scene.py",
                 "game.ui.lessons.chooser": UI / "lessons" / "chooser.py",
                 "game.ui.lessons.task_view": UI / "lessons" / "task_view.py"}


# --- scenes asked for by name ----------------------------------------------------------------


def test_each_request_builds_the_scene_it_names(monkeypatch):
    app = make_app(monkeypatch)
    play = Play(Setup("reversi", "hotseat"))
    wanted = {ToMenu(): MenuScene, ToSetup("modiar"): SetupScene, ToBoard(play): BoardScene,
              ToRules("tawlbwrdd"): RulesScene, ToSettings(): SettingsScene,
              ToPuzzles(): PuzzlesScene, ToPuzzle("modiar"): PuzzleScene}
    for request, kind in wanted.items():
        assert type(build(app.ctx, request)) is kind
    assert build(app.ctx, ToSetup("modiar")).game == "modiar"
    assert build(app.ctx, ToRules("tawlbwrdd")).game == "tawlbwrdd"
    assert build(app.ctx, ToBoard(play)).play is play
    assert build(app.ctx, ToPuzzle("reversi")).game == "reversi"


def test_every_kind_of_request_has_a_builder_and_nothing_else_can_be_asked_for(monkeypatch):
    assert set(typing.get_args(SceneRequest)) == set(BUILDERS)
    app = make_app(monkeypatch)
    for not_a_request in ("setup", MenuScene, None):
        with pytest.raises(TypeError, match="not a scene request"):
            build(app.ctx, not_a_request)


def test_a_request_returned_by_a_scene_puts_that_scene_on_the_stack(monkeypatch):
    app = make_app(monkeypatch)
    press(app, "rules-brandubh")
    assert isinstance(app.scene, RulesScene) and app.scene.game == "brandubh"
    press(app, "back")
    press(app, "card-modiar")
    assert isinstance(app.scene, SetupScene) and app.scene.game == "modiar"
    press(app, "mode-hotseat")
    press(app, "start")  # Replace(ToBoard(...)): the setup makes way for the board
    assert isinstance(app.scene, BoardScene) and app.scene.play.setup.game == "modiar"
    assert [type(scene) for scene in app.scenes] == [MenuScene, BoardScene]
    press(app, "menu")  # Reset(ToMenu()): the menu alone
    assert [type(scene) for scene in app.scenes] == [MenuScene]


def test_a_scene_pushed_as_itself_still_goes_on_as_it_is(monkeypatch):
    """Dialogs a scene owns are pushed as scenes, not by name."""
    app = make_app(monkeypatch)
    scene = SettingsScene(app.ctx)
    app._apply(Push(scene))
    assert app.scene is scene


def imported_modules(path: Path, package: str) -> set[str]:
    """Every module `path` imports, at the top or inside a function."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            parts = package.split(".")
            base = ".".join(parts[:len(parts) - node.level + 1]) if node.level else ""
            stem = ".".join(p for p in (base, node.module or "") if p)
            found.add(stem)
            found.update(f"{stem}.{alias.name}" for alias in node.names)
    return found


def test_no_scene_module_imports_another_not_even_inside_a_function():
    for name, path in SCENE_MODULES.items():
        package = name.rsplit(".", 1)[0]
        others = set(SCENE_MODULES) - {name}
        assert imported_modules(path, package) & others == set(), name


def test_the_import_check_sees_an_import_inside_a_function(tmp_path):
    """The check above would catch the kind of import it forbids."""
    source = tmp_path / "menu.py"
    source.write_text("def open():\n    from .board.scene import BoardScene\n")
    assert "game.ui.board.scene" in imported_modules(source, "game.ui")


# --- the computer's turn: one owner, one check ------------------------------------------------


class OfferingSearch:
    """A stand-in search that settles at once on the move it was given."""

    def __init__(self, move) -> None:
        self.best_move = move

    def step(self, deadline: float) -> bool:
        return True

    def cancel(self) -> None:
        pass


def offer(monkeypatch, move) -> list[OfferingSearch]:
    started: list[OfferingSearch] = []

    def start_search(position, level="druid", **kwargs):
        started.append(OfferingSearch(move))
        return started[-1]
    monkeypatch.setattr(play_module, "start_search", start_search)
    return started


def watched_plays(monkeypatch) -> list:
    """Every move handed to the record's own check, `Game.play`."""
    calls: list = []
    real_play = Game.play

    def play(self, move):
        calls.append(move)
        return real_play(self, move)
    monkeypatch.setattr(Game, "play", play)
    return calls


def computer_board(app, person: str) -> BoardScene:
    """Reversi against the computer, the person playing `person` (b moves first)."""
    press(app, "card-reversi")
    press(app, "mode-computer")
    press(app, f"side-{person}")
    press(app, "start")
    assert isinstance(app.scene, BoardScene)
    return app.scene


def test_an_illegal_move_from_the_search_is_refused_once_with_a_notice_and_nothing_lost(
        monkeypatch):
    app = make_app(monkeypatch)
    illegal = 0  # a1: an empty corner no disc can be placed on this early
    started = offer(monkeypatch, illegal)
    checked = watched_plays(monkeypatch)
    scene = computer_board(app, "b")
    mine = sorted(scene.play.position.legal_moves())[0]
    click(app, scene.ui.view.cell(mine).center)
    assert illegal not in scene.play.position.legal_moves()
    notices = []
    for _ in range(120):  # two seconds: the computer would have moved long since
        steps(app, 1)
        if app.notice is not None and app.notice[0] not in notices:
            notices.append(app.notice[0])
    assert checked == [mine, illegal]  # the computer's move: one check, by the record
    assert len(started) == 1  # and no second try at the same position
    assert notices == [t("notice.computer_refused")]
    assert scene.play.game.moves == [mine]  # nothing lost, nothing played for white
    saved = Play.from_dict(app.ctx.storage.load(autosave_key("reversi")))
    assert saved.game.moves == [mine]
    assert scene.status_line() == t("status.computer_stopped", side=side_name("w"))
    assert scene.animation is None and not scene.game_over_panel
    press(app, "undo")  # the way on: take the move back and play another
    assert scene.play.game.ply == 0 and scene.play.human_to_move


def test_a_legal_move_from_the_search_is_checked_once_and_played(monkeypatch):
    app = make_app(monkeypatch)
    move = sorted(start("reversi").legal_moves())[0]
    offer(monkeypatch, move)
    checked = watched_plays(monkeypatch)
    scene = computer_board(app, "w")  # the computer (black) moves first
    for _ in range(120):
        steps(app, 1)
        if scene.play.game.ply:
            break
    assert scene.animation is not None  # shown as it is played
    settle(app)
    assert checked == [move] and scene.play.game.moves == [move]
    assert scene.play.human_to_move


def test_after_a_refusal_the_computer_tries_again_once_the_position_changes(monkeypatch):
    started = offer(monkeypatch, (0, 1))  # a search that offers a move the rules refuse
    play = Play(Setup("brandubh", "watch", level="bard"))
    first = play.position
    frame = Frame(dt=1.0, deadline=math.inf)
    events = play.tick(frame) + play.tick(frame)  # decided in one frame, played in the next
    assert events == [Refused(Why.COMPUTER_ILLEGAL, (0, 1))]
    assert play.computer_stopped and play.game.ply == 0
    assert [play.tick(frame) for _ in range(5)] == [[]] * 5 and len(started) == 1
    play.cancel()  # what undo, redo and a new position do
    assert play.position is first and not play.computer_stopped
    play.tick(frame)
    assert len(started) == 2


def test_a_search_with_no_move_is_refused_too(monkeypatch):
    offer(monkeypatch, None)
    play = Play(Setup("reversi", "watch"))
    frame = Frame(dt=1.0, deadline=math.inf)
    assert play.tick(frame) + play.tick(frame) == [Refused(Why.COMPUTER_ILLEGAL, None)]
    assert play.game.ply == 0


def test_the_record_is_the_check_play_relies_on():
    """Play adds no check of its own: the record raises, Play reports it."""
    game = Game(start("brandubh"))
    with pytest.raises(IllegalMove):
        game.play((0, 1))


# --- capture rings from the engine -----------------------------------------------------------


def positions_along_games(game: str, count: int, seed: int = 3):
    rng = random.Random(seed)
    record = Game(start(game))
    found = []
    while len(found) < count:
        if record.outcome() is not None:
            record = Game(start(game))
        found.append(record.position)
        record.play(rng.choice(record.legal_moves()))
    return found


@pytest.mark.parametrize("game", ["brandubh", "tawlbwrdd"])
def test_the_rings_mark_exactly_the_moves_the_engine_says_capture(game):
    ui = game_ui(game)
    positions = positions_along_games(game, 60)
    ringed = 0
    for position in positions:
        for orig in ui.origins(position):
            expected = {dest for dest, move in ui.destinations(position, orig).items()
                        if position.play(move).effects.captured}
            assert set(ui.captures(position, orig)) == expected, position.code()
            ringed += bool(expected)
    assert ringed > 0  # the sample has captures to find


KING_TAKEN = """
7 . . . . . . .
6 . . . . . . .
5 . . . . . . .
4 . . A . . . .
3 . A K A . . .
2 . . . . A . .
1 . . . . . . .
  a b c d e f g
"""


def test_a_move_that_takes_the_king_is_ringed():
    position = from_code(tafl_code("brandubh", KING_TAKEN, "a"))
    ui = game_ui("brandubh")
    e2, c2 = position.rules.square_index("e2"), position.rules.square_index("c2")
    assert position.captures(e2, c2) == []  # the engine's `captures` counts soldiers only
    assert c2 in ui.captures(position, e2)


def test_the_rings_are_worked_out_once_per_selection_not_every_frame(monkeypatch):
    app = make_app(monkeypatch)
    play = Play(Setup("brandubh", "hotseat"))
    scene = BoardScene(app.ctx, play)
    app._push(scene)
    steps(app, 1)
    asked = []
    real = scene.ui.captures
    monkeypatch.setattr(scene.ui, "captures",
                        lambda position, orig: asked.append(orig) or real(position, orig))
    origins = sorted(scene.ui.origins(play.position))
    click(app, scene.ui.view.cell(origins[0]).center)
    assert scene.input.selected == origins[0]
    for _ in range(30):
        app.redraw()  # every frame drawn, as while something animates
        steps(app, 1)
    click(app, scene.ui.view.cell(origins[1]).center)
    steps(app, 30)
    assert asked == origins[:2]
