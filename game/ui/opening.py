"""The game the app is asked to open as it starts: a record file
(`python -m game --open FILE`) or a shared link's game in the page's address;
or a friend's link (`--open LINK`, a file holding one, or the page's address),
which game/ui/friend_links.py applies to the games with friends.  A link
opened in the page while the app runs is read the same way (`linked_game`,
`linked_friend`).

The game is handed to a board the way the code dialog hands one over, so the
same rules hold: an unfinished game it would replace is asked about first,
and a file or link that holds no game leaves a notice over the menu and
changes nothing.
"""

from __future__ import annotations

import os
from dataclasses import dataclass

from ..friends import is_friend_link
from ..platform import web
from ..rules.record import Game
from ..rules.transcript import MAX_RECORD_CHARS, RecordError, is_link, read_link, read_shared
from .play import Mode, Play, Setup, load_save

OPENED_MODE = Mode.HOTSEAT  # a shared game is looked at, or played on, by people: never a computer


@dataclass(frozen=True)
class Shared:
    """A game opened from a file or a link, handed to a board to load: played
    on, if at all, by the people at this device (`mode`)."""

    game: Game
    mode: Mode = OPENED_MODE


class UnreadableFile(RecordError):
    """The record file could not be read at all (missing, a folder, not text)."""

    def __init__(self, path: str, why: str) -> None:
        super().__init__(f"{path}: {why}", "file")
        self.name = os.path.basename(path) or path


def requested_game(open_file: str | None) -> Game | None:
    """The game to open: the record in `open_file`, else the one in the page's
    address (a fragment that is no game link, as pygbag's `#debug`, is not
    one); None when there is none.  RulesError when it holds no game."""
    if open_file is not None:
        return read_shared(read_file(open_file))
    return linked_game(web.page_fragment())


def linked_game(fragment: str | None) -> Game | None:
    """The game of a shared link's `fragment` (what follows the address's
    `#`); None when it is no game link.  RulesError when it holds no game."""
    if fragment is None or not is_link(fragment):
        return None
    return read_link(fragment)


def requested_friend_link(open_file: str | None) -> str | None:
    """The friend's link to open: `open_file` when it is one rather than a
    file's name, or a file holding one, else the page's address when it
    holds one; None when there is none (a file that cannot be read is said
    by `requested_game`)."""
    if open_file is not None:
        if is_friend_link(open_file) and not os.path.exists(open_file):
            return open_file
        try:
            text = read_file(open_file)
        except UnreadableFile:
            return None
        return text if is_friend_link(text) else None
    return linked_friend(web.page_fragment())


def linked_friend(fragment: str | None) -> str | None:
    """`fragment` when it is a friend's link, else None."""
    return fragment if fragment is not None and is_friend_link(fragment) else None


def read_file(path: str) -> str:
    try:
        with open(path, encoding="utf-8") as file:
            return file.read(MAX_RECORD_CHARS + 1)
    except UnicodeDecodeError:
        raise UnreadableFile(path, "not a text file") from None
    except OSError as error:
        raise UnreadableFile(path, error.strerror or "cannot be read") from None


def board_for(ctx, game: str) -> Play:
    """The play a board opens with before the game is loaded into it: the saved
    game of that game (so that replacing it is asked about), else a new one."""
    saved = load_save(ctx.storage, game)
    ctx.take_storage_notices()
    return saved or Play(Setup(game, mode=OPENED_MODE))
