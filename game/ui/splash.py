"""The window, opened, and the start screen drawn in it at once.

Opening the window is the first thing the app does; importing the scenes and
building the App come after, so the start screen is what a player sees while
they load instead of an empty (black) window.  The App opens its window here
too: a window the start screen already opened at that size is kept, so its
picture stays until the App's first frame is flipped over it.

Only pygame and the theme: importing this must cost next to nothing.
"""

from __future__ import annotations

import pygame

from .theme import colour, font, reset_fonts, text_size

TITLE = "Táiplis"  # the game's name, the same in every language


def open_window(size: tuple[int, int]) -> pygame.Surface:
    """The app's resizable window at `size` (kept if already open at that size)."""
    pygame.init()
    reset_fonts()  # fonts loaded before a pygame.quit() are dead
    pygame.display.set_caption(TITLE)
    screen = pygame.display.get_surface()
    if screen is not None and screen.get_size() == tuple(size):
        return screen
    return pygame.display.set_mode(size, pygame.RESIZABLE)


def draw(surface: pygame.Surface, line: str) -> None:
    """The start screen: the title and `line` under it, on the app's background."""
    surface.fill(colour("background"))
    w, h = surface.get_size()
    title_size = max(16, min(w // 7, h // 8))
    centre = (w // 2, h // 2)
    title = font(title_size, bold=True).render(TITLE, True, colour("accent"))
    surface.blit(title, title.get_rect(midbottom=centre))
    if line:
        words = font(text_size(title_size / 4)).render(line, True, colour("text_muted"))
        surface.blit(words, words.get_rect(midtop=(centre[0], centre[1] + title_size // 4)))


def show(size: tuple[int, int], line: str) -> pygame.Surface:
    """Open the window, draw the start screen in it and put it on screen."""
    screen = open_window(size)
    draw(screen, line)
    pygame.display.flip()
    return screen
