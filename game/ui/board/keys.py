"""What each key does on the board, as the name of a command.

Home, End, Page Up/Down and Ctrl+←/→ walk the replay at any time; the plain
←/→ too while replay shows a move, and whenever the board has no move for
the player to pick (the computer's turn, a game over) — on the player's turn
the arrows walk the board's cursor.  Esc goes back to the game from replay,
else puts a picked-up piece down or asks to go back to the menu.  Watching
the computer, Space pauses it or lets it go on, and → (or `.`) at the game's
latest position asks the paused computer for one move (elsewhere → walks the
replay as ever).
"""

from __future__ import annotations

import pygame

REPLAY_BACK_KEYS = (pygame.K_PAGEUP,)
REPLAY_ON_KEYS = (pygame.K_PAGEDOWN,)
PICK_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
# The board cursor's step for each arrow: (rows, columns) on screen.
ARROWS = {pygame.K_LEFT: (0, -1), pygame.K_RIGHT: (0, 1), pygame.K_UP: (-1, 0),
          pygame.K_DOWN: (1, 0)}
# The commands that move through the game (the keyboard then leaves the buttons).
REPLAY_COMMANDS = ("replay-start", "replay-back", "replay-prev", "replay-next", "replay-hold")
WATCH_PAUSE_KEYS = (pygame.K_SPACE,)
WATCH_STEP_KEYS = (pygame.K_RIGHT, pygame.K_PERIOD, pygame.K_KP_PERIOD)


def key_command(key: int, mods: int, *, viewing: bool, can_move: bool,
                watching: bool = False, paused: bool = False) -> str | None:
    """The command `key` (with `mods` held) gives on the board; None: none.
    `watching`: the computer plays both sides, `paused` by the player."""
    ctrl = bool(mods & pygame.KMOD_CTRL)
    if watching and not ctrl:
        if key in WATCH_PAUSE_KEYS:
            return "pause"
        if key in WATCH_STEP_KEYS and paused and not viewing:
            return "step"
    walking = viewing or not can_move or ctrl
    if key == pygame.K_HOME:
        return "replay-start"
    if key == pygame.K_END or (key == pygame.K_ESCAPE and viewing):
        return "replay-back"
    if key in REPLAY_BACK_KEYS or (walking and key == pygame.K_LEFT):
        return "replay-prev"
    if key in REPLAY_ON_KEYS or (walking and key == pygame.K_RIGHT):
        return "replay-next"
    if viewing and key in (pygame.K_UP, pygame.K_DOWN):
        return "replay-hold"  # no cursor on an earlier position
    if (key == pygame.K_z and ctrl) or key == pygame.K_u:
        return "undo"
    if key == pygame.K_y and ctrl:
        return "redo"
    if key == pygame.K_h:
        return "hint"
    if key == pygame.K_ESCAPE:
        return "escape"
    if key in ARROWS:
        return "cursor"
    if key in PICK_KEYS:
        return "pick"
    return None
