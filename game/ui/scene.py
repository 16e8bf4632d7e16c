"""Scenes and the transitions between them.

A scene never switches itself: `handle` and `update` return a transition
(push, pop, replace, reset, quit) and the app applies it between frames.

A scene never builds another scene of the navigation either: it names the
one it wants with a request (`ToMenu()`, `ToSetup(game)`, `ToBoard(play)`,
`ToRules(game)`, `ToSettings()`, `ToHistory()`, `ToLessons(game)`, `ToLesson(lesson)`,
`ToPuzzles()`, `ToPuzzle(game)`, `ToFriends()`) and the app builds it
(game/ui/navigation.py).
So no scene module imports another; only the dialogs a scene owns (a
question, the code field, the board's More menu) are built by the scene itself.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import pygame

from .theme import css_pixels

if TYPE_CHECKING:
    from .context import Context
    from .play import Play
    from .widgets import Focus


# --- the scenes of the navigation, asked for by name -------------------------------------


@dataclass(frozen=True)
class ToMenu:
    """The menu of the four games."""


@dataclass(frozen=True)
class ToSetup:
    """A new game of `game`: who plays, which side, what level."""

    game: str


@dataclass(frozen=True)
class ToBoard:
    """The board, playing `play`."""

    play: Play


@dataclass(frozen=True)
class ToRules:
    """The rules page of `game`."""

    game: str


@dataclass(frozen=True)
class ToSettings:
    """Sound, hints, animation speed and language."""


@dataclass(frozen=True)
class ToHistory:
    """Every finished game kept, its statistics and its export."""


@dataclass(frozen=True)
class ToLessons:
    """The lessons of the four games, `game`'s on show (None: the first
    game with a lesson not yet done), each marked done or not yet."""

    game: str | None = None


@dataclass(frozen=True)
class ToLesson:
    """The lesson whose id is `lesson` (`<game>.<name>`), task by task, on
    into the game's next lessons."""

    lesson: str



@dataclass(frozen=True)
class ToPuzzles:
    """The puzzles: a game chosen, with the player's rating and streak in each."""


@dataclass(frozen=True)
class ToPuzzle:
    """The puzzles of `game`, one after another on the board."""

    game: str


@dataclass(frozen=True)
class ToFriends:
    """The games with friends by link, and a friend's link opened."""



# Every scene a scene can ask for; nothing else can be asked (see navigation.build).
SceneRequest = (ToMenu | ToSetup | ToBoard | ToRules | ToSettings | ToHistory | ToLessons
                | ToLesson | ToPuzzles | ToPuzzle | ToFriends)


# --- how the next scene goes on the stack ------------------------------------------------


@dataclass(frozen=True)
class Push:
    scene: Scene | SceneRequest


@dataclass(frozen=True)
class Pop:
    result: Any = None


@dataclass(frozen=True)
class Replace:
    scene: Scene | SceneRequest


@dataclass(frozen=True)
class Reset:
    """Clear the stack down to `scene` (e.g. back to the menu)."""

    scene: Scene | SceneRequest


@dataclass(frozen=True)
class Quit:
    pass


Transition = Push | Pop | Replace | Reset | Quit


@dataclass
class Scene:
    """Base class.  Subclasses lay themselves out in `resize`."""

    ctx: Context
    overlay: bool = field(default=False, init=False)  # draw the scene beneath first
    size: tuple[int, int] = field(default=(0, 0), init=False)
    # Draw this scene at the end of the frame.  A new scene starts dirty; the app
    # sets the flag on input, transitions, resizes and notices and clears it once
    # the scene is on screen.  State that changes without input (a computer move,
    # a finished search) calls `redraw()`.
    dirty: bool = field(default=True, init=False)

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size

    def handle(self, event: pygame.event.Event) -> Transition | None:
        return None

    def update(self, dt: float) -> Transition | None:
        return None

    def draw(self, surface: pygame.Surface) -> None:
        pass

    def redraw(self) -> None:
        """Ask to be drawn this frame: something the player sees has changed."""
        self.dirty = True

    def animating(self) -> bool:
        """True while the scene moves on its own: the app draws every frame then
        (and once more after it stops).  An idle scene is not drawn at all."""
        return False

    def enter(self) -> None:
        """Called when the scene becomes the top of the stack."""

    def leave(self) -> None:
        """Called when the scene is removed from the stack (cancel work here)."""

    def returned(self, result: Any) -> Transition | None:
        """Called when a scene pushed above this one pops with `result`."""
        return None

    def notice_area(self) -> pygame.Rect | None:
        """Where the app may show a notice without covering a control: by
        default a strip at the bottom, below every button of `self.focus`,
        or above them all when there is more room there.  None: nowhere."""
        w, h = self.size
        if not w or not h:
            return None
        gap = max(4, min(w, h) // 80)
        # A strip, not half the screen; on a phone tall enough for a copied
        # code wrapped at the least readable size (14 CSS px).
        tallest = max(css_pixels(120), min(w, h) // 5)
        focus = getattr(self, "focus", None)
        rects = [b.rect for b in getattr(focus, "buttons", []) if b.visible]
        below_top = max((r.bottom for r in rects), default=0) + gap
        above_bottom = min((r.top for r in rects), default=h) - gap
        below = pygame.Rect(gap, below_top, w - 2 * gap, h - gap - below_top)
        above = pygame.Rect(gap, gap, w - 2 * gap, above_bottom - gap)
        if below.height >= min(tallest, above.height):
            below.height = min(below.height, tallest)
            below.bottom = h - gap
            return below
        if above.height > 0:
            above.height = min(above.height, tallest)
            return above
        return None


def handle_buttons(focus: Focus, event: pygame.event.Event) -> Transition | None:
    """What a scene made of buttons does with `event`: a button pressed (by
    pointer or keys) acts, and Esc goes back to the scene beneath."""
    used, result = focus.handle(event)
    if used:
        return result
    if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
        return Pop()
    return None
