"""What `Play` keeps, and where (`Play` is a `PlayKeeping`): the unfinished
game in its game's autosave slot after every change, a finished one in the
history (with its analysis once complete), a game with a friend in the list
of such games.  No pygame here.
"""

from __future__ import annotations

import time
from dataclasses import asdict
from typing import TYPE_CHECKING, Any

from ..friends import FriendGame, keep_friend_game
from ..history import finished_entry, keep_finished
from ..history.analyses import keep_analysis, kept_analysis, restored_analysis, stored_analysis
from ..platform.storage import Storage
from .players import Mode

if TYPE_CHECKING:
    from ..rules.record import Game
    from .background import AnalysisRun, DrawOffers
    from .clocks import Clocks
    from .flow_state import Snapshot
    from .players import Setup

LEGACY_AUTOSAVE_KEY = "autosave"  # the one slot all games shared before each had its own


def autosave_key(game: str) -> str:
    """Where `game`'s unfinished game is kept: one slot per game, so starting
    another game never overwrites it."""
    return f"{LEGACY_AUTOSAVE_KEY}.{game}"


class PlayKeeping:
    """What `Play` does to keep its game; the rest of the flow is `Play`'s own."""

    # Play's, used here.
    game: Game
    setup: Setup
    game_id: str
    storage: Storage | None
    analysis: AnalysisRun
    draws: DrawOffers
    clocks: Clocks | None
    revision: int
    saved_at: float
    _saved_revision: int
    _ended_unkept: bool
    _analysis_kept: object | None

    if TYPE_CHECKING:
        @property
        def state(self) -> Snapshot: ...

    def _keep_analysis(self) -> None:
        """A finished game's analysis, once complete, is kept with its history
        entry (once for each analysis: one shown from the history is kept already)."""
        found = self.analysis.analysis
        if self.storage is None or found is None or found is self._analysis_kept \
                or not self.state.over or not self.analysis.complete(self.game) \
                or found.total != self.game.ply:
            return
        self._analysis_kept = found
        keep_analysis(self.storage, self.game_id, stored_analysis(self.game, found))

    def show_kept_analysis(self, storage: Storage) -> None:
        """Show the analysis kept with this game's history entry, if there is one
        for these moves, instead of searching it again."""
        found = restored_analysis(self.game, kept_analysis(storage, self.game_id))
        if found is not None:
            self.analysis.adopt(found)
            self._analysis_kept = found

    def mark_unsaved(self) -> None:
        """The next tick saves it even unchanged (a game just loaded from elsewhere)."""
        self._saved_revision = -1

    def _autosave(self) -> None:
        """The one place the game is saved: after any change of the record, while
        it goes on; once it is over its slot is emptied and, if a move, a
        resignation or an agreed draw ended it here, it goes into the history."""
        if self.storage is None or self._saved_revision == self.revision:
            return
        self._saved_revision = self.revision
        if self.setup.mode == Mode.FRIEND:
            self._keep_friend_game()
            return
        if not self.state.over:
            save_play(self.storage, self)
            return
        kept = True
        if self._ended_unkept:
            kept = keep_finished(self.storage, finished_entry(self.game_id, time.time(),
                                                              self.setup, self.game))
        self._ended_unkept = False
        if kept:
            discard_save(self.storage, self.setup.game)
        else:  # the history could not be written: the saved game stays where it was kept
            save_play(self.storage, self)

    def _keep_friend_game(self) -> None:
        """A game with a friend is kept in the list of such games (never in its
        game's slot, which stays for the player's own game); once over, in
        the history too."""
        keep_friend_game(self.storage, self.friend_game(time.time()))
        if self.state.over and self._ended_unkept:
            keep_finished(self.storage, finished_entry(self.game_id, time.time(),
                                                       self.setup, self.game))
        self._ended_unkept = False

    def friend_game(self, date: float) -> FriendGame:
        """This game with a friend as the list keeps it (its id is the game's)."""
        return FriendGame(self.game_id, self.setup.human_side, self.game,
                          self.draws.offered_by, date)

    def to_dict(self) -> dict[str, Any]:
        data = {"setup": asdict(self.setup), "game": self.game.to_dict(), "id": self.game_id}
        if self.clocks is not None:
            data["clocks"] = self.clocks.to_dict()
        return data


# --- the autosave slots ------------------------------------------------------------------


def save_play(storage: Storage, play: PlayKeeping) -> None:
    """Keep `play` in its game's slot, stamped so the menu knows the most recent."""
    play.saved_at = time.time()
    storage.save(autosave_key(play.setup.game), {**play.to_dict(), "saved_at": play.saved_at})


def discard_save(storage: Storage, game: str) -> None:
    storage.delete(autosave_key(game))
