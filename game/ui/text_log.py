"""A record of where every text lands, for the layout tests.

Off (the default) it costs one test of a module flag per text drawn.  A test
switches it on around a frame (`recording()`); every text drawn through
`widgets.draw_text`, a button's label, a rules paragraph and the labels the
board views draw is then noted with the box its ink really covers, the room it
was drawn into (its button, the panel under it, else the surface), and every
button, panel and veil drawn, so `problems()` can tell which texts are cut off
or run into another text or a button.  Later drawing covers earlier: a veil
hides everything under it, a panel what it lies over.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

import pygame

from .theme import css_pixels

MARGIN_CSS_PIXELS = 2  # the least room between a text's ink and the edge of what holds it


@dataclass
class Drawn:
    """One text as drawn: its ink's box in the coordinates of the surface it
    ends up on (`layer`: the window, or an image drawn off screen)."""

    text: str
    ink: pygame.Rect
    layer: int
    room: pygame.Rect  # what it must stay inside
    room_name: str  # "button", "panel", "surface" (for messages)
    owner: pygame.Rect | None = None  # its button, which it may overlap
    covered: bool = False


@dataclass
class Log:
    texts: list[Drawn] = field(default_factory=list)
    buttons: list[tuple[int, pygame.Rect, str]] = field(default_factory=list)
    panels: list[tuple[int, pygame.Rect]] = field(default_factory=list)


active: Log | None = None


@contextmanager
def recording() -> Iterator[Log]:
    """Note every text, button and panel drawn inside the `with`."""
    global active
    log = Log()
    active = log
    try:
        yield log
    finally:
        active = None


def _place(surface: pygame.Surface, rect: pygame.Rect) -> tuple[int, pygame.Rect]:
    """`rect` on `surface` in the coordinates of the surface it belongs to."""
    if surface.get_parent() is None:
        return id(surface), pygame.Rect(rect)
    dx, dy = surface.get_abs_offset()
    return id(surface.get_abs_parent()), pygame.Rect(rect).move(dx, dy)


def _bounds(surface: pygame.Surface) -> pygame.Rect:
    return _place(surface, surface.get_rect())[1]


def text(surface: pygame.Surface, words: str, image: pygame.Surface, at: pygame.Rect,
         button: pygame.Rect | None = None) -> None:
    """`words` rendered as `image`, blitted at `at` on `surface` (inside `button`)."""
    if active is None or not words.strip():
        return
    layer, place = _place(surface, at)
    ink = image.get_bounding_rect(min_alpha=40).move(place.topleft)
    if not ink.width:
        return
    if button is not None:
        room, name = _place(surface, button)[1], "button"
    else:
        room, name = _room(layer, ink, _bounds(surface))
    active.texts.append(Drawn(words, ink, layer, room, name,
                              owner=None if button is None else room))


def _room(layer: int, ink: pygame.Rect, bounds: pygame.Rect) -> tuple[pygame.Rect, str]:
    """The latest panel the ink lies on, else the surface's bounds."""
    for panel_layer, panel in reversed(active.panels):
        if panel_layer == layer and panel.colliderect(ink):
            return panel, "panel"
    return bounds, "surface"


def button(surface: pygame.Surface, rect: pygame.Rect, name: str) -> None:
    if active is not None:
        layer, place = _place(surface, rect)
        active.buttons.append((layer, place, name))


def panel(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """A panel drawn over what was there."""
    if active is not None:
        layer, place = _place(surface, rect)
        _cover(layer, place)
        active.panels.append((layer, place))


def veil(surface: pygame.Surface) -> None:
    """Everything drawn so far darkened under a dialog: out of the game."""
    if active is not None:
        layer = _place(surface, surface.get_rect())[0]
        _cover(layer, None)
        active.buttons = [b for b in active.buttons if b[0] != layer]


def _cover(layer: int, rect: pygame.Rect | None) -> None:
    for drawn in active.texts:
        if drawn.layer == layer and (rect is None or rect.colliderect(drawn.ink)):
            drawn.covered = True


def problems(log: Log) -> list[str]:
    """Every text cut off by (or touching) the edge of what holds it, and every
    text that runs into another text or into a button not its own."""
    margin = css_pixels(MARGIN_CSS_PIXELS)
    window = id(pygame.display.get_surface())
    shown = [d for d in log.texts if not d.covered]
    found = []
    for drawn in shown:
        # A margin from what the player sees as an edge; an image drawn off
        # screen (a page's paragraph, a board's frame) need only hold its text.
        edge = drawn.room_name == "panel" or (drawn.layer == window and drawn.room_name != "button")
        inner = drawn.room.inflate(-2 * margin, -2 * margin) if edge else drawn.room
        if not inner.contains(drawn.ink):
            found.append(f"{drawn.text!r} {tuple(drawn.ink)} leaves its {drawn.room_name} "
                         f"{tuple(drawn.room)}")
    for i, a in enumerate(shown):
        for b in shown[i + 1:]:
            if a.layer == b.layer and a.ink.colliderect(b.ink):
                found.append(f"{a.text!r} {tuple(a.ink)} overlaps {b.text!r} {tuple(b.ink)}")
        for layer, rect, name in log.buttons:
            if layer == a.layer and rect != a.owner and rect.colliderect(a.ink):
                found.append(f"{a.text!r} {tuple(a.ink)} runs into button {name} {tuple(rect)}")
    return found
