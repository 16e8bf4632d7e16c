"""`python -m game soak`: a storm of random events through every scene.

The app runs as players run it — animations on (at each speed in turn), the
desktop build, a stepped clock — and is fed random mouse, touch, key, text,
wheel and resize events.  A share of the clicks is aimed: at the buttons on
screen, and on a board at a legal move read from the game's own UI adapter
(`origins`, `destinations`, `targets`; the rules are never re-implemented
here), so that games are really played and finished.  The computer thinks by
nodes (`Context.search_nodes`), a frame's search ends with that budget and
not by the clock (`search_slices_by_clock`), and every chance comes from the seed, so one
seed gives the same run on any machine.  Whatever the app's frame guard
catches (`App.errors`) is reported; any error makes the exit status 1.

Headless: with no SDL_VIDEODRIVER / SDL_AUDIODRIVER chosen, the dummy ones.
"""

from __future__ import annotations

import contextlib
import gc
import io
import os
import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pygame

from .lessons import LESSONS
from .platform import clipboard
from .platform.storage import MemoryStorage
from .rules import GAME_NAMES, START_CODES, start
from .ui.app import App
from .ui.dialogs import CodeDialog
from .ui.play import MODES, Play, Setup
from .ui.scene import (
    Push,
    Reset,
    ToBoard,
    ToFriends,
    ToLesson,
    ToLessons,
    ToMenu,
    ToPuzzle,
    ToPuzzles,
    ToRules,
    ToSettings,
    ToSetup,
)
from .ui.setup import LEVELS
from .ui.widgets import Focus

GAMES = GAME_NAMES
SCENES = ("menu", "setup", "settings", "rules", "code", *GAMES,
          "lessons", "lesson", "puzzles", "puzzle", "friends")
FRAME_SECONDS = 1 / 60  # the stepped clock: one fixed frame, whatever the machine
SEARCH_NODES = 200  # the computer's budget per move (and a hint's)
VISIT_EVENTS = 1500  # events on one scene before the storm moves to the next
ACTIONS_PER_FRAME = (1, 1, 2, 3)  # drawn for each frame: several events land in one frame
STRAY_EVENTS = 15  # events spent on a scene the storm wandered into before going back
SPEEDS = ("fast", "normal", "slow")  # animation settings, all with animations on
SIZES = ((1280, 800), (390, 844), (800, 600), (1024, 1366), (320, 480), (1920, 1080),
         (2560, 1440), (600, 400))
TEXT_CHARACTERS = "abcdefghijklmnopqrstuvwxyz0123456789/,.- KQkqAD" + "áéíóúæøå€✓🙂\u200b"


@dataclass
class Summary:
    """What a soak run did and what it caught."""

    seed: int
    events: int = 0
    frames: int = 0
    games_finished: int = 0
    plies: int = 0  # moves played on the boards: by the storm, the computer, redo
    apps: int = 0  # app starts: the first, and one after every Quit
    scene_events: Counter = field(default_factory=Counter)
    scene_frames: Counter = field(default_factory=Counter)
    errors: list[str] = field(default_factory=list)

    def distinct_errors(self) -> dict[str, list[str]]:
        """Each distinct error (where it was raised, and what) with all its tracebacks."""
        found: dict[str, list[str]] = {}
        for text in self.errors:
            found.setdefault(error_signature(text), []).append(text)
        return found

    def report(self) -> str:
        lines = [f"soak: seed {self.seed}, {self.events} events, {self.frames} frames, "
                 f"{self.apps} app start(s)",
                 f"games finished: {self.games_finished}, plies played: {self.plies}",
                 f"errors caught: {len(self.errors)} "
                 f"({len(self.distinct_errors())} distinct)",
                 f"{'scene':<12} {'events':>8} {'frames':>8}"]
        names = [*SCENES, *sorted(set(self.scene_events) - set(SCENES))]
        for name in names:
            lines.append(f"{name:<12} {self.scene_events[name]:>8} {self.scene_frames[name]:>8}")
        for signature, texts in self.distinct_errors().items():
            lines += ["", f"error ({len(texts)} times): {signature}", texts[0].rstrip()]
        return "\n".join(lines)


def error_signature(traceback_text: str) -> str:
    """The last place named in a traceback and its final line: one bug, however reached."""
    lines = [line.strip() for line in traceback_text.strip().splitlines()]
    places = [line for line in lines if line.startswith("File ")]
    return f"{places[-1] if places else '?'}: {lines[-1] if lines else '?'}"


def soak(events: int, seed: int = 0, scene: str | None = None) -> Summary:
    """Run the storm for `events` events (all scenes in turn, or only `scene`)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    run = Storm(seed, scene)
    # The frame guard prints every error it catches; the report gives each one once.
    with contextlib.redirect_stderr(io.StringIO()):
        run.until(events)
    return run.summary


class Storm:
    """One soak run: the app, the random source, and what has been counted."""

    def __init__(self, seed: int, only: str | None) -> None:
        self.rng = random.Random(seed)
        self.seed = seed
        self.only = only
        self.summary = Summary(seed)
        self.storage = MemoryStorage()  # kept across app starts, as a device keeps it
        self.app: Any = None
        self.visits: Counter = Counter()
        self.watch = GameWatch(self.summary)

    # --- the run -------------------------------------------------------------------

    def until(self, events: int) -> None:
        clipboard.copy("")  # nothing left over from an earlier run in this process
        # A short run still reaches every scene: each visit's share of it.
        per_visit = VISIT_EVENTS if self.only else \
            max(STRAY_EVENTS, min(VISIT_EVENTS, events // len(SCENES)))
        visit = 0
        while self.summary.events < events:
            name = self.only or SCENES[visit % len(SCENES)]
            self.visit(name, min(per_visit, events - self.summary.events))
            visit += 1
        self.close_app()
        clipboard.copy("")  # and nothing left behind for whatever runs next

    def visit(self, name: str, budget: int) -> None:
        """Storm scene `name` for `budget` events, going back when the storm leaves it."""
        self.ensure_app()
        self.app.ctx.change("animation", SPEEDS[sum(self.visits.values()) % len(SPEEDS)])
        self.enter(name)
        end, away = self.summary.events + budget, 0
        while self.summary.events < end:
            if not self.tick():
                self.ensure_app()
                self.enter(name)
            away = 0 if scene_name(self.app.scene) == name else away + 1
            if away > STRAY_EVENTS:
                self.enter(name)
                away = 0

    def tick(self) -> bool:
        """A few actions' events, then one frame; False once the app has quit."""
        name = scene_name(self.app.scene)
        posted = sum(self.act() for _ in range(self.rng.choice(ACTIONS_PER_FRAME)))
        self.summary.events += posted
        self.summary.scene_events[name] += posted
        running = self.app.step(FRAME_SECONDS)
        self.summary.frames += 1
        self.summary.scene_frames[name] += 1
        if running:
            self.watch.look(self.app.scene)
        return running

    # --- the app -------------------------------------------------------------------

    def ensure_app(self) -> None:
        if self.app is not None and self.app.running:
            return
        self.close_app()
        gc.collect()  # the last app's leftovers, before the new one freezes what lives
        self.app = App((1280, 800), storage=self.storage, locale_name="en")
        self.app.resize(self.app.screen.get_size(), 1.0)
        self.app.ctx.rng = random.Random(self.rng.randrange(1 << 30))
        self.app.ctx.search_nodes = SEARCH_NODES
        self.app.ctx.search_slices_by_clock = False
        pygame.event.clear()  # events the last app left unread are not this one's
        self.summary.apps += 1

    def close_app(self) -> None:
        if self.app is not None:
            self.summary.errors += self.app.errors
            self.app.errors = []

    def enter(self, name: str) -> None:
        """Put scene `name` on top, over the menu, as a player would find it."""
        self.visits[name] += 1
        ctx = self.app.ctx
        steps = [Reset(ToMenu()), *[Push(s) for s in self.scenes_for(name, ctx)]]
        for transition in steps:
            self.app._guarded(self.app._apply, transition)  # as if a scene had returned it

    def scenes_for(self, name: str, ctx) -> list:
        game = GAMES[self.visits[name] % len(GAMES)]
        if name == "setup":
            return [ToSetup(game)]
        if name == "settings":
            return [ToSettings()]
        if name == "rules":
            return [ToRules(game)]
        if name == "code":
            board = self.board(game)
            return [board, CodeDialog(ctx, board.play.position.code())]
        if name in GAMES:
            return [self.board(name)]
        return self.practice_scenes(name, game)

    def practice_scenes(self, name: str, game: str) -> list:
        """The lessons, the puzzles and the games with friends: each list, a
        lesson (one of `game`'s in turn) and `game`'s puzzles."""
        if name == "lessons":
            return [ToLessons(game)]
        if name == "lesson":
            lessons = LESSONS[game]
            return [ToLessons(game), ToLesson(lessons[self.visits[name] % len(lessons)].id)]
        if name == "puzzles":
            return [ToPuzzles()]
        if name == "puzzle":
            return [ToPuzzles(), ToPuzzle(game)]
        if name == "friends":
            return [ToFriends()]
        return []

    def board(self, game: str) -> ToBoard:
        """A board of `game` in the next mode (computer, hot seat, watching)."""
        mode = MODES[self.visits[game, "board"] % len(MODES)]
        self.visits[game, "board"] += 1
        side = self.rng.choice(start(game).SIDES) if mode in ("computer", "friend") else ""
        setup = Setup(game, mode, side, self.rng.choice(LEVELS), self.rng.randrange(1 << 30))
        return ToBoard(Play(setup))

    # --- the events ----------------------------------------------------------------

    def act(self) -> int:
        """Post one action's events (none for an idle frame); how many were posted."""
        scene = self.app.scene
        roll = self.rng.random()
        if hasattr(scene, "ui") and roll < 0.4:
            posted = self.aimed_move(scene)
            if posted:
                return posted
        if roll < 0.6:
            posted = self.aimed_button(scene)
            if posted:
                return posted
        action = self.rng.choices(list(ACTIONS), weights=[w for _, w in ACTIONS.values()])[0]
        return ACTIONS[action][0](self)

    def aimed_move(self, scene) -> int:
        """A legal move by click, tap or drag, as the board's UI adapter lists them."""
        position = position_to_play(scene)
        if position is None:
            return 0
        ui = scene.ui
        if ui.two_step:
            origins = sorted(ui.origins(position))
            if not origins:
                return 0
            orig = self.rng.choice(origins)
            dests = sorted(ui.destinations(position, orig))
            if not dests:
                return 0
            points = [ui.view.cell(orig).center, ui.view.cell(self.rng.choice(dests)).center]
        else:
            targets = sorted(ui.targets(position))
            if not targets:
                return 0
            points = [ui.view.cell(self.rng.choice(targets)).center]
        style = self.rng.choice(("click", "tap", "drag") if len(points) == 2 else ("click", "tap"))
        if style == "drag":
            return self.drag_between(*points)
        press = self.tap_at if style == "tap" else self.click_at
        return sum(press(point) for point in points)

    def aimed_button(self, scene) -> int:
        """A press of one of the buttons the top scene shows."""
        buttons = [button for value in vars(scene).values() if isinstance(value, Focus)
                   for button in value.buttons if button.visible and button.enabled]
        if not buttons:
            return 0
        point = self.rng.choice(buttons).rect.center
        return self.tap_at(point) if self.rng.random() < 0.3 else self.click_at(point)

    def random_point(self) -> tuple[int, int]:
        w, h = self.app.screen.get_size()
        return self.rng.randrange(w), self.rng.randrange(h)

    def click_at(self, point: tuple[int, int], button: int = 1) -> int:
        post(pygame.MOUSEBUTTONDOWN, pos=point, button=button)
        post(pygame.MOUSEBUTTONUP, pos=point, button=button)
        return 2

    def tap_at(self, point: tuple[int, int]) -> int:
        """A finger on pixel `point` (touch events carry 0..1 coordinates)."""
        w, h = self.app.screen.get_size()
        x, y = (point[0] + 0.5) / w, (point[1] + 0.5) / h
        for kind in (pygame.FINGERDOWN, pygame.FINGERUP):
            post(kind, x=x, y=y, dx=0.0, dy=0.0, touch_id=1, finger_id=1, pressure=1.0)
        return 2

    def drag_between(self, start: tuple[int, int], end: tuple[int, int]) -> int:
        middle = ((start[0] + end[0]) // 2, (start[1] + end[1]) // 2)
        post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
        post(pygame.MOUSEMOTION, pos=middle, rel=(1, 1), buttons=(1, 0, 0))
        post(pygame.MOUSEMOTION, pos=end, rel=(1, 1), buttons=(1, 0, 0))
        post(pygame.MOUSEBUTTONUP, pos=end, button=1)
        return 4

    def random_click(self) -> int:
        return self.click_at(self.random_point(), self.rng.choice((1, 1, 1, 2, 3, 4, 5)))

    def random_motion(self) -> int:
        held = self.rng.choice(((0, 0, 0), (1, 0, 0)))
        post(pygame.MOUSEMOTION, pos=self.random_point(), rel=(self.rng.randint(-9, 9),
                                                               self.rng.randint(-9, 9)),
             buttons=held)
        return 1

    def random_drag(self) -> int:
        return self.drag_between(self.random_point(), self.random_point())

    def random_touch(self) -> int:
        """A finger down, moving, and (usually) lifted: one to four fingers' events."""
        finger = self.rng.randint(1, 3)
        kinds = [pygame.FINGERDOWN, *[pygame.FINGERMOTION] * self.rng.randint(0, 3),
                 pygame.FINGERUP]
        kinds = kinds[:self.rng.randint(1, len(kinds))]
        for kind in kinds:
            post(kind, x=self.rng.random(), y=self.rng.random(), dx=self.rng.uniform(-0.1, 0.1),
                 dy=self.rng.uniform(-0.1, 0.1), touch_id=1, finger_id=finger, pressure=1.0)
        return len(kinds)

    def random_key(self) -> int:
        code = self.rng.choice(KEYS)
        mod = self.rng.choice((0, 0, 0, pygame.KMOD_CTRL, pygame.KMOD_SHIFT, pygame.KMOD_META))
        for kind in (pygame.KEYDOWN, pygame.KEYUP):
            post(kind, key=code, mod=mod, unicode="", scancode=0)
        return 2

    def random_text(self) -> int:
        """Typed text: a real position code now and then, otherwise anything."""
        if self.rng.random() < 0.3:
            text = START_CODES[self.rng.choice(GAMES)]
        else:
            text = "".join(self.rng.choice(TEXT_CHARACTERS)
                           for _ in range(self.rng.randint(1, 12)))
        post(pygame.TEXTINPUT, text=text)
        return 1

    def random_wheel(self) -> int:
        x, y = self.rng.randint(-2, 2), self.rng.randint(-4, 4)
        post(pygame.MOUSEWHEEL, x=x, y=y, flipped=False, precise_x=float(x), precise_y=float(y))
        return 1

    def random_resize(self) -> int:
        """A new window size: a common one, or anything, even below the smallest."""
        if self.rng.random() < 0.7:
            w, h = self.rng.choice(SIZES)
        else:
            w, h = self.rng.randint(100, 2200), self.rng.randint(100, 1600)
        post(pygame.VIDEORESIZE, size=(w, h), w=w, h=h)
        return 1

    def odd_event(self) -> int:
        """An event missing what it usually carries (some platforms send such)."""
        post(self.rng.choice((pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP,
                              pygame.MOUSEMOTION, pygame.TEXTINPUT, pygame.FINGERDOWN)))
        return 1

    def idle(self) -> int:
        return 0  # a frame with no input: animations and the computer go on


# name: (action, weight) for the unaimed share of the storm.
ACTIONS: dict[str, tuple[Callable[[Storm], int], int]] = {
    "click": (Storm.random_click, 14),
    "motion": (Storm.random_motion, 10),
    "drag": (Storm.random_drag, 5),
    "touch": (Storm.random_touch, 10),
    "key": (Storm.random_key, 14),
    "text": (Storm.random_text, 4),
    "wheel": (Storm.random_wheel, 5),
    "resize": (Storm.random_resize, 1),
    "odd": (Storm.odd_event, 1),
    "idle": (Storm.idle, 20),
}


# The keys the storm presses: every one some scene uses, and a few none does.
KEYS = (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_TAB,
        pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_ESCAPE,
        pygame.K_BACKSPACE, pygame.K_PAGEUP, pygame.K_PAGEDOWN, pygame.K_HOME, pygame.K_END,
        pygame.K_u, pygame.K_h, pygame.K_z, pygame.K_y, pygame.K_v, pygame.K_a, pygame.K_c,
        pygame.K_q, pygame.K_1, pygame.K_F1, pygame.K_DELETE, pygame.K_LSHIFT)


def post(kind: int, **attributes) -> None:
    import pygame
    pygame.event.post(pygame.event.Event(kind, **attributes))


def position_to_play(scene) -> Any | None:
    """The position a player may move in on the scene's board: a game's,
    a lesson's task, a puzzle's; None while no move is the player's."""
    play = getattr(scene, "play", None)
    if play is not None:
        return play.position if play.human_to_move else None
    if not scene.can_move():
        return None
    run = getattr(scene, "run", None)  # a lesson; else a puzzle's board
    return run.position if run is not None else scene.shown


def scene_name(scene) -> str:
    """The soak's name for a scene: a board by its game, the others by their kind."""
    play = getattr(scene, "play", None)
    if play is not None:
        return play.setup.game
    known = {"MenuScene": "menu", "SetupScene": "setup", "SettingsScene": "settings",
             "RulesScene": "rules", "CodeDialog": "code", "LessonsScene": "lessons",
             "LessonScene": "lesson", "PuzzlesScene": "puzzles", "PuzzleScene": "puzzle",
             "FriendsScene": "friends"}
    kind = type(scene).__name__
    return known.get(kind, kind)


class GameWatch:
    """Counts the plies played and the games finished on the board on top."""

    def __init__(self, summary: Summary) -> None:
        self.summary = summary
        self.game: Any = None
        self.ply = 0
        self.over = False

    def look(self, scene) -> None:
        play = getattr(scene, "play", None)
        if play is None:
            return
        game, over = play.game, play.game.outcome() is not None
        if game is self.game:
            self.summary.plies += max(0, game.ply - self.ply)
            self.summary.games_finished += over and not self.over
        self.game, self.ply, self.over = game, game.ply, over
