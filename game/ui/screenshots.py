"""`python -m game screenshots --out DIR`: a PNG of every scene at each size,
for reviewers (and for us) to look at."""

from __future__ import annotations

import os
import random
from collections.abc import Callable
from pathlib import Path

SIZES = {"landscape": (1280, 800), "portrait": (390, 844), "small-phone": (360, 640),
         "big": (1920, 1080)}


def show_scene(app, make) -> None:
    """Put the scene `make()` builds over the app's first scene (None: the first
    scene alone), as a player would have reached it."""
    app.scenes[1:] = []
    scene = make()
    if scene is not None:
        app._push(scene)
        getattr(scene, "after_push", lambda: None)()


def write_screenshots(out: str | Path, languages: tuple[str, ...] = ("en",)) -> list[str]:
    """Every scene at every size, in each of `languages` (English alone is
    named as before; other languages get their code in the file name)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from ..platform.storage import MemoryStorage
    from .app import App
    folder = Path(out)
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for language in languages:
        for label, size in SIZES.items():
            app = App(size, storage=MemoryStorage(), locale_name="en")
            app.ctx.change("language", language)
            suffix = "" if language == "en" else f"-{language}"
            for name, make in scenes(app).items():
                show_scene(app, make)
                for _ in range(3):
                    app.step()
                path = folder / f"{name}-{label}{suffix}.png"
                pygame.image.save(app.screen, path)
                written.append(str(path))
            pygame.quit()
    return written


def scenes(app) -> dict[str, Callable]:
    from ..rules import GAME_NAMES
    from .dialogs import CodeDialog
    from .navigation import build
    from .scene import ToFriends, ToPuzzles, ToSettings, ToSetup
    from .settings import BoardSettingsScene
    ctx = app.ctx
    found: dict[str, Callable] = {"menu": lambda: None,
                                  "setup": lambda: build(ctx, ToSetup("brandubh")),
                                  "settings": lambda: build(ctx, ToSettings()),
                                  "board-settings": lambda: BoardSettingsScene(ctx),
                                  "pieces-settings": lambda: BoardSettingsScene(ctx, "pieces"),
                                  "help-settings": lambda: BoardSettingsScene(ctx, "help"),
                                  "code-dialog": lambda: CodeDialog(ctx, "brandubh"),
                                  "confirm-dialog": lambda: _confirm(ctx),
                                  "menu-saves": lambda: _menu_with_saves(app),
                                  "history": lambda: _history(ctx)}
    for game in GAME_NAMES:
        found[f"setup-{game}"] = _setup(ctx, game)
        found[f"rules-{game}"] = _rules(ctx, game, scrolled=False)
        found[f"rules-{game}-diagrams"] = _rules(ctx, game, scrolled=True)
        found[f"{game}-midgame"] = _board(ctx, game, over=False)
        found[f"{game}-over"] = _board(ctx, game, over=True)
        found[f"{game}-over-closed"] = _board(ctx, game, over=True, closed=True)
        found[f"{game}-replay"] = _board(ctx, game, over=False, looking_back=3)
        found[f"{game}-analysis"] = _board(ctx, game, over=True, closed=True, looking_back=5,
                                           analysis=True)
        found[f"{game}-hotseat-over"] = _board(ctx, game, over=True, mode="hotseat")
        found[f"{game}-watch-over"] = _board(ctx, game, over=True, mode="watch")
    found["more-menu"] = _more_menu(app)
    found["puzzles"] = lambda: build(ctx, ToPuzzles())
    for game in GAME_NAMES:
        for state in ("hint", "solved", "missed"):
            found[f"puzzle-{game}-{state}"] = _puzzle(ctx, game, state)
    found["friends"] = lambda: build(ctx, ToFriends())  # none yet
    found["friends-games"] = lambda: _friends(ctx)
    found["brandubh-friend-waiting"] = _board(ctx, "brandubh", over=False, mode="friend",
                                              waiting=True)
    found["reversi-friend-your-move"] = _board(ctx, "reversi", over=False, mode="friend")
    for game in GAME_NAMES:
        found[f"{game}-watch-paused"] = _board(ctx, game, over=False, mode="watch",
                                               level="bard", second_level="druid", paused=True)
    for game in ("brandubh", "tawlbwrdd"):  # threat marks: on against the Bard
        found[f"{game}-threats"] = _board(ctx, game, over=False, level="bard")
    for game in GAME_NAMES:
        found[f"{game}-summary"] = _board(ctx, game, over=True, summary=True)
        found[f"{game}-clocks"] = _board(ctx, game, over=False, mode="hotseat", clock="5+3")
    found["lessons"] = lambda: _lessons(ctx)
    found["lesson-offer"] = lambda: _lesson_offer(app)
    for lesson in ("brandubh.capture", "tawlbwrdd.king", "reversi.lines", "modiar.chain"):
        game = lesson.split(".")[0]
        found[f"lesson-{game}"] = _lesson(app, lesson, answer=None)
        found[f"lesson-{game}-wrong"] = _lesson(app, lesson, answer=False)
        found[f"lesson-{game}-right"] = _lesson(app, lesson, answer=True)
    # Last, as they change a setting for the scenes after them: the evaluation bar.
    for game in GAME_NAMES:
        found[f"{game}-evaluation"] = _with_setting(ctx, "evaluation", "always",
                                                    _board(ctx, game, over=False))
    return found


def _with_setting(ctx, key: str, value, make: Callable) -> Callable:
    def made():
        ctx.change(key, value)
        return make()
    return made


def _friends(ctx):
    """The Friends scene with two games: one waiting for the friend, one the player's move."""
    from ..friends import keep_friend_game
    from ..rules import spec
    from .navigation import build
    from .play import Mode, Play, Setup
    from .scene import ToFriends
    for n, game in enumerate(("tawlbwrdd", "modiar")):
        play = Play(Setup(game, Mode.FRIEND, spec(game).suggested_side))
        rng = random.Random(n)
        while play.game.ply < 6 + n:
            play.game.play(rng.choice(play.game.legal_moves()))
        play.game_id = f"shot-friend-{n}"
        keep_friend_game(ctx.storage, play.friend_game(1_796_000_000 + n * 3600.0))
    return build(ctx, ToFriends())


def _lessons(ctx):
    """The list of lessons, a few of them done and one begun."""
    from ..lessons import LESSONS, Progress
    from .lessons.store import save_progress
    from .navigation import build
    from .scene import ToLessons
    progress = Progress()
    for lesson in LESSONS["brandubh"][:3]:
        for task in lesson.tasks:
            progress.solve(task)
    progress.solve(LESSONS["brandubh"][3].tasks[0])
    save_progress(ctx.storage, progress)
    return build(ctx, ToLessons("brandubh"))


def _lesson_offer(app):
    """The offer of a game's lessons before a first game of it, over its setup."""
    from .navigation import build
    from .scene import ToSetup
    from .setup import lessons_offer
    setup = build(app.ctx, ToSetup("tawlbwrdd"))
    setup.after_push = lambda: app._push(lessons_offer(app.ctx, "tawlbwrdd"))
    return setup


def _lesson(app, lesson_id: str, *, answer: bool | None) -> Callable:
    """A lesson's first task: as it opens, with a wrong move explained (still
    on the board), or with the right move praised."""
    def make():
        from ..lessons import TASKS, Action
        from .lessons.store import PROGRESS_KEY
        from .navigation import build
        from .scene import ToLesson
        app.ctx.storage.delete(PROGRESS_KEY)  # the lesson opens at its first task
        scene = build(app.ctx, ToLesson(lesson_id))
        task = TASKS[scene.run.task.id]
        if answer is not None:
            choice = next(c for c in task.choices() if task.check(c).ok is answer
                          and not isinstance(c, Action))
            scene.after_push = lambda: _answer(scene, choice)
        return scene
    return make


def _puzzle(ctx, game: str, state: str) -> Callable:
    """A puzzle of `game` on the board: its hint shown, solved, or missed
    with the first move of its solution on show."""
    def make():
        from .navigation import build
        from .scene import ToPuzzle
        scene = build(ctx, ToPuzzle(game))
        attempt = scene.run.attempt
        if attempt is None:
            return scene
        if state == "hint":
            scene.hint()
        elif state == "solved":
            while scene.run.solving:
                scene.play_move(attempt.expected())
                scene.flush()
        else:
            wrong = next(m for m in attempt.position.legal_moves() if m != attempt.expected())
            scene.play_move(wrong)
            scene.flush()
            scene.step_solution()
            scene.flush()
        return scene
    return make


def _answer(scene, choice) -> None:
    scene.choose(choice)
    scene.animation = None  # the move's end, not its middle


def _confirm(ctx):
    from .dialogs import ConfirmDialog
    from .i18n import t
    return ConfirmDialog(ctx, "resign", t("confirm.resign.title"), t("confirm.resign.you"),
                         "confirm.resign.yes", "confirm.keep_playing")


def _menu_with_saves(app):
    """The menu as a player with a game going in each of the four sees it."""
    from ..rules import GAME_NAMES
    from .play import save_play
    for game in GAME_NAMES:
        save_play(app.ctx.storage, _board(app.ctx, game, over=False)().play)
    app.scene.enter()


def _history(ctx):
    """The History scene with a few games of each mode kept."""
    from ..history import finished_entry, keep_finished
    from ..rules import GAME_NAMES, spec
    from .navigation import build
    from .play import Mode, Play, Setup
    from .scene import ToHistory
    rng = random.Random(7)
    modes = (Mode.COMPUTER, Mode.HOTSEAT, Mode.COMPUTER, Mode.WATCH)
    for n in range(14):
        game_name = GAME_NAMES[n % len(GAME_NAMES)]
        setup = Setup(game_name, modes[n % len(modes)], spec(game_name).suggested_side,
                      ("bard", "ovate", "druid")[n % 3],
                      second_level=("druid", "bard", "ovate")[n % 3])  # watched: one a side
        play = Play(setup)
        while play.game.outcome() is None and play.game.ply < 40:
            play.game.play(rng.choice(play.game.legal_moves()))
        if play.game.outcome() is None:
            play.game.resign(play.position.side)
        keep_finished(ctx.storage, finished_entry(f"shot{n}", 1_796_000_000 + n * 3600.0,
                                                  setup, play.game))
    return build(ctx, ToHistory())


def _more_menu(app) -> Callable:
    """The board's overflow menu, where the panel is short (else just the board)."""
    def make():
        board = _board(app.ctx, "tawlbwrdd", over=False)()

        def after_push() -> None:
            if board.commands.more_button.visible:
                app._apply(board.open_more())
        board.after_push = after_push
        return board
    return make


def _analyse(play, nodes: int = 60) -> None:
    """The Druid's analysis of the whole game, at once (a light search: the
    table's size, not its verdicts, is what matters here)."""
    run = play.analysis
    run.start(play.game, nodes)
    while run.running:
        run.step(float("inf"))


def _rules(ctx, game: str, *, scrolled: bool) -> Callable:
    def make():
        from .navigation import build
        from .scene import ToRules
        scene = build(ctx, ToRules(game))
        if scrolled:
            scene.after_push = scene.show_first_pair
        return scene
    return make


def _setup(ctx, game: str) -> Callable:
    def make():
        from .navigation import build
        from .scene import ToSetup
        return build(ctx, ToSetup(game))
    return make


def _board(ctx, game: str, *, over: bool, closed: bool = False, looking_back: int = 0,
           analysis: bool = False, mode: str = "computer", level: str = "ovate",
           second_level: str = "", waiting: bool = False, paused: bool = False,
           summary: bool = False, clock: str = "") -> Callable:
    """A board part-way through a game or at its end (`over`), the result panel
    `closed`, a move `looking_back` plies before the last on show, the Druid's
    `analysis` begun, played in `mode` ("computer", "hotseat", "friend",
    "watch") against `level` (watching, `second_level` for the second side);
    a friend's game `waiting` for the friend's move; watching `paused`; the
    result panel's `summary` of the Druid's analysis, finished; `clock`, the
    time control."""
    def make():
        from ..rules import spec
        from .board.games import game_ui
        from .navigation import build
        from .play import Mode, Play, Setup
        from .scene import ToBoard
        play = Play(Setup(game, Mode(mode), spec(game).suggested_side, level,
                          second_level=second_level, clock=clock))
        rng = random.Random(4)
        plies = 10_000 if over else game_ui(game).midgame_plies
        while play.game.outcome() is None and play.game.ply < plies:
            play.game.play(rng.choice(play.game.legal_moves()))
        if not over and play.game.outcome() is None and play.human_to_move is waiting:
            play.game.play(rng.choice(play.game.legal_moves()))
        if paused:
            play.toggle_watch_pause()
        if summary:
            _analyse(play)
        scene = build(ctx, ToBoard(play))
        scene.result.closed = closed
        if analysis:
            scene.toggle_analysis()
        if looking_back:  # replay: an earlier move on show
            scene.show_ply(play.game.ply - looking_back)
        elif not over and play.human_to_move and scene.ui.two_step:  # a piece picked up
            scene.input.selected = next(iter(scene.ui.origins(play.position)), None)
        return scene
    return make
