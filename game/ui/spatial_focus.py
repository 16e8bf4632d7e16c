"""Where an arrow key sends the keyboard focus: ↓ to the button below, → to
the one on the right, found by where the buttons are laid out (`Focus` with
`spatial`, in widgets.py, asks here).

The focus order (Tab) reads a grid of cards across, card by card; walking that
order with the arrows would send ↓ sideways, so the arrows go by the places.
"""

from __future__ import annotations

import pygame

Direction = tuple[int, int]
# A button off to the side counts this many times its sideways distance: the
# one straight ahead wins unless it is much farther away.
ASIDE_WEIGHT = 2


def neighbour(origin: pygame.Rect, candidates: list[tuple[int, pygame.Rect]],
              direction: Direction) -> int | None:
    """The index of the candidate the arrow `direction` leads to from `origin`:
    of those lying that way, one in line with `origin` (sharing its column for
    ↑↓, its row for ←→) before any off to the side, then the nearest, then the
    best centred.  None when nothing lies that way."""
    best: tuple[tuple[bool, int, int], int] | None = None
    for index, rect in candidates:
        ahead = _distance_ahead(origin, rect, direction)
        if ahead is None:
            continue
        aside = _distance_aside(origin, rect, direction)
        score = (aside > 0, ahead + ASIDE_WEIGHT * aside, _off_centre(origin, rect, direction))
        if best is None or score < best[0]:
            best = (score, index)
    return None if best is None else best[1]


def _distance_ahead(origin: pygame.Rect, rect: pygame.Rect, direction: Direction) -> int | None:
    """How far `rect`'s near edge lies beyond `origin` in `direction` (0 when
    they touch or overlap a little), or None when it does not lie that way: its
    near edge must be past `origin`'s centre."""
    dx, dy = direction
    if dx > 0:
        return max(0, rect.left - origin.right) if rect.left >= origin.centerx else None
    if dx < 0:
        return max(0, origin.left - rect.right) if rect.right <= origin.centerx else None
    if dy > 0:
        return max(0, rect.top - origin.bottom) if rect.top >= origin.centery else None
    return max(0, origin.top - rect.bottom) if rect.bottom <= origin.centery else None


def _distance_aside(origin: pygame.Rect, rect: pygame.Rect, direction: Direction) -> int:
    """The gap across the direction between the two spans (0 when they overlap)."""
    if direction[0]:
        return max(0, rect.top - origin.bottom, origin.top - rect.bottom)
    return max(0, rect.left - origin.right, origin.left - rect.right)


def _off_centre(origin: pygame.Rect, rect: pygame.Rect, direction: Direction) -> int:
    if direction[0]:
        return abs(rect.centery - origin.centery)
    return abs(rect.centerx - origin.centerx)
