"""The page around the game: its size, its pixel density, its error screen and its address.

main.py calls `prepare()` before the app opens its window, `Viewport.follow()`
after every frame and `report_failure()` when the app cannot start.  Natively
every one of these does nothing, so main.py reads the same on every platform.
The app reads a shared game from the address with `page_fragment()` when it
starts, and the board's Share puts one there with `share_link()`.  A link
opened in the page while it runs changes only the address's `#` (no
reload): `AddressWatch` hands the app each such new fragment.

The page's side of this is in web/taiplis.tmpl: `taiplis_viewport()` answers
the canvas's CSS size and the device pixel ratio as one string,
`taiplis_fail()` shows the translated error screen, `taiplis_fragment()` and
`taiplis_share()` read and set the part of the address after `#`, and
`taiplis_arrived()` hands over, once, a fragment the page's `hashchange`
kept ("" when none arrived).
"""

from __future__ import annotations

import contextlib
import math
import os
import time
from collections.abc import Callable
from typing import Any

from . import browser_window

POLL_SECONDS = 0.25  # how often the page's size is read: a resize shows within a quarter second
MAX_PIXEL_RATIO = 2.0  # a 3x phone is drawn at 2x: sharp, and 2.25x fewer pixels per frame
MAX_DEVICE_PIXELS = 4_200_000  # about 2560x1640: beyond it the ratio drops towards 1


def prepare() -> None:
    """Before pygame opens the window: keep SDL's window size equal to the canvas's.

    SDL's Emscripten backend scales mouse positions by (window width / CSS width).
    With high-DPI windows allowed, SDL would count its window in CSS pixels and
    make the canvas larger behind our back; disallowed, the window, the drawing
    surface and the canvas's backing store are one size, the size we ask for.
    """
    if browser_window() is not None:
        os.environ["SDL_VIDEO_HIGHDPI_DISABLED"] = "1"


def device_size(css_width: float, css_height: float, ratio: float) -> tuple[tuple[int, int], float]:
    """The backing-store size in device pixels and the pixel ratio to lay out with.

    The ratio is the screen's, capped (`MAX_PIXEL_RATIO`, `MAX_DEVICE_PIXELS`)
    so a frame never has to fill more pixels than a wasm build can draw in time.
    """
    ratio = min(max(1.0, ratio), MAX_PIXEL_RATIO)
    area = max(1.0, css_width * css_height)
    ratio = max(1.0, min(ratio, math.sqrt(MAX_DEVICE_PIXELS / area)))
    return (max(1, round(css_width * ratio)), max(1, round(css_height * ratio))), ratio


class Viewport:
    """Keeps the app the size of the browser's window, in device pixels.

    SDL may or may not turn a browser resize into VIDEORESIZE (pygbag's issue
    #187 says it often does not) and, when it does, it sizes the canvas in CSS
    pixels.  So after each frame this reads the page's size (every
    `POLL_SECONDS`) and, when the CSS size, the pixel ratio or the canvas's
    backing store differs from what was last applied, resizes the app:
    `resize((width_px, height_px), pixel_ratio=ratio)`.
    """

    def __init__(self, window: Any | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.window = window if window is not None else browser_window()
        self.clock = clock
        self.next_poll = 0.0
        self.applied: tuple[tuple[int, int], float] | None = None
        self.high_density = True  # False once the canvas refused a device-pixel size

    def follow(self, resize: Callable[..., None]) -> bool:
        """Resize through `resize` when the page changed; True if it did."""
        if self.window is None:
            return False
        now = self.clock()
        if now < self.next_poll:
            return False
        self.next_poll = now + POLL_SECONDS
        wanted = self.measure()
        if wanted is None or (wanted == self.applied and self.backing_store() == wanted[0]):
            return False
        size, ratio = wanted
        self.size_canvas(size)
        resize(size, pixel_ratio=ratio)
        if self.high_density and ratio > 1.0 and self.backing_store() not in (None, size):
            # The canvas did not keep device pixels (SDL counted in CSS pixels after
            # all): lay out 1:1 in CSS pixels, blurrier but with taps where they look.
            self.high_density = False
            size, ratio = self.measure() or wanted
            self.size_canvas(size)
            resize(size, pixel_ratio=ratio)
        self.applied = (size, ratio)
        return True

    def measure(self) -> tuple[tuple[int, int], float] | None:
        """The page's size now, as (device-pixel size, ratio); None if unreadable."""
        try:
            width, height, ratio = (float(part) for part in
                                    str(self.window.taiplis_viewport()).split(","))
        except Exception:  # a page without the function, or a bridge hiccup: try later
            return None
        if width < 1 or height < 1:
            return None  # the canvas is not laid out yet
        return device_size(width, height, ratio if self.high_density else 1.0)

    def size_canvas(self, size: tuple[int, int]) -> None:
        """Give the canvas that backing store before SDL is told (it sets the same)."""
        with contextlib.suppress(Exception):  # SDL's set_mode sizes it anyway
            self.window.taiplis_size_canvas(*size)

    def backing_store(self) -> tuple[int, int] | None:
        try:
            canvas = self.window.document.getElementById("canvas")
            return int(canvas.width), int(canvas.height)
        except Exception:
            return None


def report_failure(kind: str, detail: str = "") -> bool:
    """Show the page's error screen (`kind`: runtime, archive, app); False natively."""
    window = browser_window()
    if window is None:
        return False
    try:
        window.taiplis_fail(kind, detail[-2000:])
        return True
    except Exception:
        return False


def page_fragment() -> str | None:
    """The part of the page's address after `#` (a shared game's link), or None:
    natively, or when the address has none."""
    window = browser_window()
    if window is None:
        return None
    try:
        fragment = str(window.taiplis_fragment())
    except Exception:  # an old page without the function: no shared game
        return None
    return fragment or None


def share_link(fragment: str) -> str | None:
    """Put `fragment` after the `#` of the page's address (replacing the one
    there, with no new step in the browser's history) and return the whole
    link; None natively, where there is no address to share."""
    window = browser_window()
    if window is None:
        return None
    try:
        return str(window.taiplis_share(fragment))
    except Exception:  # an old page: the caller shares the record's text instead
        return None


class AddressWatch:
    """Notices a link opened in the page while the app runs.

    A link to the same page only changes the address's `#`: the browser fires
    `hashchange` and does not reload, so the fragment read at start says
    nothing of it.  The page keeps the newest such fragment; `arrived(dt)`,
    called once a frame, asks for it every `POLL_SECONDS` of frames (one
    cheap call, nothing between) and returns it once.  Natively it is None.
    """

    def __init__(self, window: Any | None = None) -> None:
        self.window = window if window is not None else browser_window()
        self.waited = 0.0

    def arrived(self, dt: float) -> str | None:
        """The fragment of a link opened since the last answer, or None."""
        if self.window is None:
            return None
        self.waited += dt
        if self.waited < POLL_SECONDS:
            return None
        self.waited = 0.0
        try:
            fragment = str(self.window.taiplis_arrived())
        except Exception:  # an old page without the function: no links while running
            return None
        return fragment or None
