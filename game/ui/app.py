"""The app: one pygame loop for the window, the browser and the tests.

`App.step()` runs exactly one frame: events → update → transitions → draw →
flip.  It never sleeps and never blocks, so the browser build can await
`asyncio.sleep(0)` between frames and tests can drive it frame by frame.

A frame is drawn (and flipped) only when something on screen changed: input,
a transition, a resize, a notice shown or gone, a scene that asked with
`Scene.redraw()` or one that is `animating()`.  An idle window costs next to
nothing, and the computer's search gets the time drawing would have taken.
"""

from __future__ import annotations

import gc
import sys
import time
import traceback
from collections.abc import Iterator

import pygame

from ..ai.levels import preloading
from ..platform import locale_name as system_locale
from ..platform import web
from ..platform.storage import Storage, default_storage
from ..rules.base import RulesError
from .code_errors import explain
from .context import Context
from .friend_links import receive
from .i18n import t
from .navigation import build
from .notices import notice_layout
from .opening import (
    Shared,
    UnreadableFile,
    board_for,
    linked_friend,
    linked_game,
    requested_friend_link,
    requested_game,
)
from .scene import (
    Pop,
    Push,
    Quit,
    Replace,
    Reset,
    Scene,
    SceneRequest,
    ToBoard,
    ToMenu,
    Transition,
)
from .sound import Sounds
from .splash import open_window
from .theme import colour, font, set_pixel_ratio
from .widgets import draw_text

MIN_SIZE = (320, 480)
NOTICE_SECONDS = 4.0
WARM_UP_SECONDS = 0.008  # a frame's share of making the engines' tables


class App:
    def __init__(self, size: tuple[int, int] = (1280, 800), *,
                 storage: Storage | None = None, locale_name: str | None = None,
                 first_scene: SceneRequest | None = None,
                 open_file: str | None = None) -> None:
        self.screen = open_window(size)  # the start screen's, if it opened one
        sounds = Sounds()
        sounds.load()
        self.ctx = Context(storage=storage or default_storage(), sounds=sounds)
        self.ctx.load_settings(locale_name if locale_name is not None else system_locale())
        self.clock = pygame.time.Clock()
        self.running = True
        self.errors: list[str] = []  # what the safety net caught (tests assert it empty)
        self._reported: set[tuple[str, str, int]] = set()  # bugs already told to the player
        self.notice: tuple[str, float] | None = None
        self.notice_box: pygame.Rect | None = None  # where the notice was last drawn
        self.frames_drawn = 0  # frames drawn and flipped (idle frames are neither)
        self.draw_every_frame = False  # the old way, for `bench frames` to compare with
        self._on_screen: tuple | None = None  # (scenes shown, size, notice) last noted
        self._was_animating = False
        self.scenes: list[Scene] = []
        self.address = web.AddressWatch()  # links opened in the page while it runs
        # The engines' tables (Reversi's pattern weights above all) are made a
        # slice at a time after the first frame, while the menu shows: see _warm_up.
        self._warming: Iterator[None] | None = preloading()
        self._push(self._scene(first_scene or ToMenu()))
        self.ctx.take_storage_notices()
        self._guarded(self._open_requested, open_file)
        # Everything loaded so far lives as long as the app: keep it out of the
        # garbage collector's full passes, which would otherwise stall frames.
        gc.freeze()

    @property
    def scene(self) -> Scene:
        return self.scenes[-1]

    def _open_requested(self, open_file: str | None) -> None:
        """Open the game of `open_file` (`--open`), or of the page's address, on
        its board as the code dialog would load it; a file or link holding no
        game leaves a notice over the scene already shown, and nothing lost.  A
        friend's link goes to the games with friends, and says what it did."""
        friend_link = requested_friend_link(open_file)
        if friend_link is not None:
            self._open_friend_link(friend_link, from_menu=False)
            return
        game = self._readable(requested_game, open_file)
        if game is not None:
            self._open_game(game)

    def open_arrived_link(self, fragment: str) -> None:
        """A link opened in the page while the app runs (only its address's
        `#` changed): read as a link at start is.  A game it holds opens on
        its board over the menu (what was on screen is left as the menu
        button leaves it: saved, its searches stopped); one that holds no
        game leaves a notice and changes nothing; other fragments are not
        links and are let be."""
        friend_link = linked_friend(fragment)
        if friend_link is not None:
            self._open_friend_link(friend_link, from_menu=True)
            return
        game = self._readable(linked_game, fragment)
        if game is not None:
            self._apply(Reset(ToMenu()))
            self._open_game(game)

    def _open_friend_link(self, link: str, from_menu: bool) -> None:
        notice, play = receive(self.ctx, link)
        self.ctx.notify(notice)
        if play is None:
            return
        if from_menu:
            self._apply(Reset(ToMenu()))
        self._apply(Push(ToBoard(play)))

    def _readable(self, read, source: str | None):
        """`read(source)`'s game, or None after saying why it holds none."""
        try:
            return read(source)
        except UnreadableFile as error:
            self.ctx.notify(t("record_error.file", name=error.name))
        except RulesError as error:
            self.ctx.notify(explain(error))
        return None

    def _open_game(self, game) -> None:
        self._apply(Push(ToBoard(board_for(self.ctx, game.game))))
        self._apply(self.scene.returned(Shared(game)))

    def _follow_address(self, dt: float) -> None:
        fragment = self.address.arrived(dt)
        if fragment is not None:
            self.open_arrived_link(fragment)

    # --- one frame ---------------------------------------------------------------

    def step(self, dt: float | None = None) -> bool:
        """Run one frame; False once the app has quit.

        `dt` is the frame's length in seconds; by default it is measured.  Tests
        and the soak run pass a fixed one, so what happens does not depend on
        how fast the machine is.
        """
        if not self.running:
            return False
        self.ctx.frame_began = time.perf_counter()
        measured = self.clock.tick() / 1000.0  # measure only: never sleeps
        dt = min(measured if dt is None else dt, 0.1)
        events = pygame.event.get()
        for event in events:
            self._guarded(self._event, event)
            if not self.running:
                return False
        self._guarded(self._follow_address, dt)
        self._tick_notice(dt)
        # Before update, so a scene knows whether this frame will be drawn.
        self._note_changes(force=bool(events) or self.draw_every_frame)
        self._guarded(lambda: self._apply(self.scene.update(dt)))
        self._take_notice()  # one raised by this update shows in this frame
        self._note_changes(force=False)
        if self._needs_draw():
            self._draw_frame()
        self._guarded(self._warm_up, WARM_UP_SECONDS)
        return self.running

    def _warm_up(self, seconds: float | None) -> None:
        """Go on making the engines' tables for about `seconds` (all of them
        if `seconds` is None); a piece takes a few milliseconds natively."""
        if self._warming is None:
            return
        stop = None if seconds is None else time.perf_counter() + seconds
        for _ in self._warming:
            if stop is not None and time.perf_counter() >= stop:
                return
        self._warming = None
        gc.freeze()  # they live as long as the app too

    def redraw(self) -> None:
        """Draw every scene on screen at the next frame (after changing one from outside)."""
        for scene in self._visible():
            scene.redraw()

    def _note_changes(self, force: bool) -> None:
        """Mark the scenes on screen dirty when the picture as a whole changed:
        input (`force`), a scene pushed or popped, a new size, a notice shown or gone."""
        visible = self._visible()
        on_screen = (tuple(id(scene) for scene in visible), self.screen.get_size(),
                     self.notice[0] if self.notice else None)
        if force or on_screen != self._on_screen:
            self._on_screen = on_screen
            for scene in visible:
                scene.redraw()

    def _needs_draw(self) -> bool:
        visible = self._visible()
        animating = any(scene.animating() for scene in visible)
        # One frame more after an animation stops, to show where it ended.
        was_animating, self._was_animating = self._was_animating, animating
        return self.draw_every_frame or animating or was_animating or \
            any(scene.dirty for scene in visible)

    def _draw_frame(self) -> None:
        errors = len(self.errors)
        self._guarded(self._draw)
        pygame.display.flip()
        self.frames_drawn += 1
        if len(self.errors) == errors:  # a scene whose drawing failed tries again
            for scene in self._visible():
                scene.dirty = False

    def _guarded(self, action, *args) -> None:
        """Run scene code; a bug becomes a logged error and a notice, never a crash."""
        try:
            action(*args)
        except Exception as error:  # the player must never see a traceback
            text = traceback.format_exc()
            self.errors.append(text)
            print(text, file=sys.stderr)
            # A bug in drawing fires every frame: tell the player once per distinct bug.
            signature = _signature(error)
            if signature not in self._reported:
                self._reported.add(signature)
                self.ctx.notify(t("notice.error"))

    def _event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.running = False
            return
        if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            self._resize(getattr(event, "w", 0), getattr(event, "h", 0))
            return
        event = self._normalise(event)
        if event is not None:
            self._apply(self.scene.handle(event))

    def _normalise(self, event: pygame.event.Event) -> pygame.event.Event | None:
        """Touch becomes mouse-like events; SDL's own copies of touches are dropped,
        and so is any event lacking what scenes rely on (a key, a position)."""
        if event.type in (pygame.KEYDOWN, pygame.KEYUP) and not isinstance(
                getattr(event, "key", None), int):
            return None
        if event.type == pygame.TEXTINPUT and not isinstance(getattr(event, "text", None), str):
            return None
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
            if getattr(event, "touch", False) or not hasattr(event, "pos"):
                return None
            return event
        kinds = {pygame.FINGERDOWN: pygame.MOUSEBUTTONDOWN,
                 pygame.FINGERUP: pygame.MOUSEBUTTONUP,
                 pygame.FINGERMOTION: pygame.MOUSEMOTION}
        if event.type in kinds:
            w, h = self.screen.get_size()
            x, y = getattr(event, "x", 0.0), getattr(event, "y", 0.0)
            pos = (int(min(max(x, 0.0), 1.0) * (w - 1)), int(min(max(y, 0.0), 1.0) * (h - 1)))
            extra = {"rel": (0, 0), "buttons": (1, 0, 0)} if event.type == pygame.FINGERMOTION \
                else {"button": 1}
            return pygame.event.Event(kinds[event.type], pos=pos, finger=True, **extra)
        return event

    def _resize(self, w: int, h: int) -> None:
        if w <= 0 or h <= 0:
            w, h = pygame.display.get_surface().get_size()
        size = (max(w, MIN_SIZE[0]), max(h, MIN_SIZE[1]))
        if self.screen.get_size() != size:
            self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        for scene in self.scenes:
            scene.resize(size)
            scene.redraw()  # the same size may still be a new layout (pixel ratio)

    def resize(self, size: tuple[int, int], pixel_ratio: float | None = None) -> None:
        """Change the window size in device pixels (tests and the browser call
        this); `pixel_ratio` is the screen's device pixels per CSS pixel."""
        if pixel_ratio is not None:
            set_pixel_ratio(pixel_ratio)
        self._resize(*size)

    # --- transitions -------------------------------------------------------------

    def _apply(self, transition: Transition | None) -> None:
        if transition is None:
            return
        if isinstance(transition, Quit):
            self.running = False
        elif isinstance(transition, Push):
            self._push(self._scene(transition.scene))
        elif isinstance(transition, Pop):
            self._pop(transition.result)
        elif isinstance(transition, Replace):
            scene = self._scene(transition.scene)  # built first: a failure leaves the stack
            self._remove_top()
            self._push(scene)
        elif isinstance(transition, Reset):
            scene = self._scene(transition.scene)
            while self.scenes:
                self._remove_top()
            self._push(scene)

    def _scene(self, wanted: Scene | SceneRequest) -> Scene:
        """The scene itself, or the one a request names (built by navigation.build).

        Any scene but the first menu may start a search: the engines' tables
        are finished first, at this transition, rather than by a search in
        the middle of a game's frames (only a player quicker than the
        warm-up, within a second of the start, waits for them here)."""
        if self.scenes or not isinstance(wanted, ToMenu):
            self._warm_up(None)
        return wanted if isinstance(wanted, Scene) else build(self.ctx, wanted)

    def _push(self, scene: Scene) -> None:
        scene.resize(self.screen.get_size())
        self.scenes.append(scene)
        scene.enter()

    def _remove_top(self) -> None:
        self.scenes.pop().leave()

    def _pop(self, result) -> None:
        if len(self.scenes) == 1:
            self.running = False
            return
        self._remove_top()
        self.scene.enter()
        self._apply(self.scene.returned(result))

    # --- drawing ---------------------------------------------------------------------

    def _visible(self) -> list[Scene]:
        """The scenes on screen: the top one and any it overlays."""
        first = len(self.scenes) - 1
        while first > 0 and self.scenes[first].overlay:
            first -= 1
        return self.scenes[first:]

    def _draw(self) -> None:
        for scene in self._visible():
            scene.draw(self.screen)
        self._draw_notice()

    def _tick_notice(self, dt: float) -> None:
        if self.notice is not None:
            text, left = self.notice
            self.notice = (text, left - dt) if left > dt else None
        self._take_notice()

    def _take_notice(self) -> None:
        """Show the next queued notice when none is on screen."""
        while self.ctx.notices and self.notice is not None and \
                self.ctx.notices[0] == self.notice[0]:
            self.ctx.notices.pop(0)  # the same words are on screen: not twice in a row
        if self.notice is None and self.ctx.notices:
            self.notice = (self.ctx.notices.pop(0), NOTICE_SECONDS)
        self.ctx.notice_shown = self.notice[0] if self.notice else None

    def _draw_notice(self) -> None:
        if self.notice is None:
            self.notice_box = None
            return
        box, lines, size = self._notice_layout(self.notice[0])
        self.notice_box = box
        radius = max(4, size // 2)
        pygame.draw.rect(self.screen, colour("panel"), box, border_radius=radius)
        pygame.draw.rect(self.screen, colour("accent"), box, width=1, border_radius=radius)
        line_height = font(size).get_linesize()
        top = box.centery - line_height * len(lines) // 2
        for i, line in enumerate(lines):
            draw_text(self.screen, line, size, (box.centerx, top + i * line_height),
                      anchor="midtop", max_width=box.width - size)

    def _notice_layout(self, text: str) -> tuple[pygame.Rect, list[str], int]:
        """The notice's box inside the area the top scene leaves free (see
        Scene.notice_area), its text wrapped to fit, and the font size."""
        w, h = self.screen.get_size()
        area = self.scene.notice_area()
        if area is None or area.width < 40 or area.height < 16:
            area = pygame.Rect(0, 0, w, h)  # a scene that leaves no room: better seen than lost
        return notice_layout(text, area, (w, h))


def _signature(error: BaseException) -> tuple[str, str, int]:
    """What makes two caught errors the same bug: its type and where it was raised."""
    frames = traceback.extract_tb(error.__traceback__)
    if not frames:
        return (type(error).__name__, "", 0)
    return (type(error).__name__, frames[-1].filename, frames[-1].lineno or 0)
