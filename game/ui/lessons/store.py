"""The player's lesson progress in storage, and whether to offer a game's
lessons before its first game.  No pygame here: the scenes and the setup
read and write progress only through these functions."""

from __future__ import annotations

from ...history import games_played
from ...lessons import Progress, ProgressError
from ...platform.storage import Storage
from ..play import load_save

PROGRESS_KEY = "lessons"


def load_progress(storage: Storage) -> Progress:
    """What the player has done; nothing yet when none is kept.  Progress that
    cannot be read is set aside (a notice says so) and the player starts afresh."""
    data = storage.load(PROGRESS_KEY)  # unreadable JSON is set aside by the storage itself
    if data is None:
        return Progress()
    try:
        return Progress.from_dict(data)
    except ProgressError:
        storage.set_aside(PROGRESS_KEY, f"damaged:{PROGRESS_KEY}")
        return Progress()


def save_progress(storage: Storage, progress: Progress) -> None:
    storage.save(PROGRESS_KEY, progress.to_dict())


def offer_due(storage: Storage, game: str) -> bool:
    """Whether starting a game of `game` first offers its lessons: the player
    has never skipped the offer nor begun a lesson of it, and has no game of
    it saved or finished (a player who has played it needs no first lessons)."""
    if not load_progress(storage).offer_due(game):
        return False
    if load_save(storage, game) is not None:
        return False
    return game not in games_played(storage)


def skip_offer(storage: Storage, game: str) -> None:
    """The player skipped `game`'s lessons: the offer is never made again."""
    progress = load_progress(storage)
    progress.skip_offer(game)
    save_progress(storage, progress)
