"""A game being played in the app: the record, who plays each side, the
computer's thinking, hints, undo/redo and autosave.  No pygame here, so the
flow can be tested on its own; the board scene draws what this decides.
"""

from __future__ import annotations

import random
import time
from dataclasses import asdict, dataclass, replace
from typing import Any

from ..ai.levels import LEVEL_NAMES, RandomPlayer, accepts_draw_after, draw_check, start_search
from ..ai.search import Search
from ..platform.storage import Storage
from ..rules import GAME_NAMES, spec, spec_of
from ..rules.base import IllegalMove, Move, Played, Position, RulesError, other
from ..rules.record import Game

MODES = ("computer", "hotseat", "watch")
HINT_SECONDS = 1.0
LEGACY_AUTOSAVE_KEY = "autosave"  # the one slot all games shared before each had its own
PLIES_PER_LINE = 2  # the move list gives each pair of plies (one move per side) one number


def autosave_key(game: str) -> str:
    """Where `game`'s unfinished game is kept: one slot per game, so starting
    another game never overwrites it."""
    return f"{LEGACY_AUTOSAVE_KEY}.{game}"


def move_number(ply: int) -> int:
    """The number the move list shows on its last line after `ply` plies (the
    menu's captions say the same number)."""
    return -(-ply // PLIES_PER_LINE)


def move_lines(texts: list[str]) -> list[list[str]]:
    """The move list's numbered lines: line n holds plies 2n-1 and 2n."""
    return [texts[(n - 1) * PLIES_PER_LINE:n * PLIES_PER_LINE]
            for n in range(1, move_number(len(texts)) + 1)]


@dataclass(frozen=True)
class Setup:
    """How a game was set up: which game, who plays, at what level."""

    game: str
    mode: str = "computer"  # computer | hotseat | watch
    human_side: str = ""  # the person's side in computer mode
    level: str = "ovate"
    seed: int = 0

    def player(self, side: str) -> str:
        """'human' or the level name of the computer playing `side`."""
        if self.mode == "hotseat" or (self.mode == "computer" and side == self.human_side):
            return "human"
        return self.level

    def swapped(self, sides: tuple[str, str]) -> Setup:
        if self.mode != "computer":
            return self
        return replace(self, human_side=other(sides, self.human_side))

    @staticmethod
    def read(data: Any) -> Setup:
        if not isinstance(data, dict):
            raise RulesError("the saved setup is damaged")
        setup = Setup(**{k: data[k] for k in ("game", "mode", "human_side", "level", "seed")
                         if k in data})
        if setup.game not in GAME_NAMES or setup.mode not in MODES \
                or setup.level not in LEVEL_NAMES or not isinstance(setup.seed, int) \
                or not isinstance(setup.human_side, str):
            raise RulesError("the saved setup is damaged")
        return setup


def only_pass(position) -> bool:
    """True when the engine's one legal move is its game's pass (Reversi's forced pass)."""
    passing = spec_of(position).pass_move
    if passing is None:
        return False
    moves = position.legal_moves()
    return len(moves) == 1 and moves[0] == passing


def resolve_side(choice: str, sides: tuple[str, str], rng: random.Random) -> str:
    """The person's side from a setup choice (`random` picks one)."""
    return rng.choice(sides) if choice == "random" else choice


@dataclass(frozen=True)
class Decided:
    """What the computer's search settled on (None: it found no move at all)."""

    move: Move | None


@dataclass(frozen=True)
class Turn:
    """A move just played: the position it was played in, the move, and what it
    did (the board animates this)."""

    before: Position
    move: Move
    played: Played


@dataclass(frozen=True)
class Refused:
    """The computer offered a move the rules do not allow (or none): it was not
    played, and the computer does not try again in this position."""

    move: Move | None


class Play:
    def __init__(self, setup: Setup, game: Game | None = None) -> None:
        self.setup = setup
        self.game = game or Game(spec(setup.game).start_code)
        self.search: Search | RandomPlayer | None = None
        self.decided: Decided | None = None  # the computer's move, not yet played
        self.hint_search: Search | None = None
        self.hint: Move | None = None
        # A draw offered to the computer, while it weighs it: its side, its
        # search, and the position the offer was made in.
        self.draw_weighing: Search | None = None  # for the position now: a move drops it
        # Seconds since the computer's turn began: the board shows its thinking for
        # a moment before it plays.  Written here alone.
        self.thinking_for: float = 0.0
        self.refused_in: Position | None = None  # where the computer offered a refused move
        self.saved_at: float = 0.0  # when it was last autosaved (the menu's most recent)
        # The board shows an earlier position (replay): the computer neither thinks
        # nor plays, and the hint waits, until the player goes back to the game.
        self.paused = False

    # --- who moves -----------------------------------------------------------------

    @property
    def position(self):
        return self.game.position

    def player(self, side: str | None = None) -> str:
        return self.setup.player(side or self.position.side)

    @property
    def human_to_move(self) -> bool:
        return self.game.outcome() is None and self.player() == "human"

    @property
    def computer_to_move(self) -> bool:
        return self.game.outcome() is None and self.player() != "human"

    # --- the computer --------------------------------------------------------------

    def think(self, deadline: float, dt: float, nodes: int | None = None) -> bool:
        """One frame of the computer's turn, `dt` seconds long: search until
        `deadline`.  True when its move was decided in this call (it is then in
        `decided` until `play_decided` plays it).

        `nodes`, when given, bounds the search by nodes instead of the level's clock.
        While paused nothing is searched (a search under way keeps its place).
        """
        if self.paused:
            return False
        if not self.computer_to_move:
            self.cancel()
            return False
        if self.computer_stopped:
            return False  # the same search would offer the same move: wait for an undo
        if self.draw_weighing is not None:
            return False  # it answers a draw offer before it moves
        if self.search is None and self.decided is None:
            history = self.game.repetition_keys()
            self.search = start_search(self.position, self.player(), history=history,
                                       seed=self.setup.seed * 7919 + self.game.ply,
                                       nodes=nodes)
            self.thinking_for = 0.0
        self.thinking_for += dt
        if self.search is None or not self.search.step(deadline):
            return False
        self.decided, self.search = Decided(self.search.best_move), None
        return True

    def play_decided(self) -> Turn | Refused | None:
        """Play the computer's decided move, if there is one.  The record checks
        it against the rules (the only check): a move it refuses is not played.
        Nothing is played while paused."""
        if self.decided is None or self.paused or self.draw_weighing is not None:
            return None  # a draw offer is answered before the computer moves
        move, self.decided = self.decided.move, None
        if move is None:
            return self._refuse(None)  # the search ended with nothing to offer
        before = self.position
        try:
            played = self.play(move)
        except IllegalMove:
            return self._refuse(move)
        return Turn(before, move, played)

    def _refuse(self, move: Move | None) -> Refused:
        self.refused_in = self.position
        return Refused(move)

    @property
    def computer_stopped(self) -> bool:
        """The computer offered a refused move here and waits for the position to change."""
        return self.position is self.refused_in

    def cancel(self) -> None:
        """Stop thinking (the search, its decided move, the hint); after an undo,
        a redo or a new position the computer may try a refused position again."""
        if self.search is not None:
            self.search.cancel()
            self.search = None
        self.decided = None
        self.refused_in = None
        self.cancel_hint()
        self._drop_draw_weighing()

    def pause(self) -> None:
        """Hold the computer's turn (and the hint) where it is: the player is
        looking at an earlier position."""
        self.paused = True

    def resume(self) -> None:
        """Carry on from where `pause` held the turn."""
        self.paused = False

    # --- hints ------------------------------------------------------------------------

    def ask_hint(self, nodes: int | None = None) -> None:
        """Start the hint's search: for HINT_SECONDS, or for `nodes` when given."""
        if not self.human_to_move:
            return
        self.cancel_hint()
        history = self.game.repetition_keys()
        self.hint_search = start_search(self.position, "druid", history=history, nodes=nodes,
                                        seconds=None if nodes else HINT_SECONDS)

    def advance_hint(self, deadline: float) -> None:
        if self.paused:
            return
        if self.hint_search is not None and self.hint_search.step(deadline):
            self.hint = self.hint_search.best_move
            self.hint_search = None

    def cancel_hint(self) -> None:
        if self.hint_search is not None:
            self.hint_search.cancel()
        self.hint_search, self.hint = None, None

    # --- a draw offered to the computer ----------------------------------------------------

    def offer_draw_to_computer(self) -> None:
        """Start the computer's weighing of a draw offer, answered by `weigh_draw`
        a slice a frame (its search never holds a frame); a second offer while
        it weighs the first changes nothing."""
        if self.setup.mode != "computer" or self.game.outcome() is not None \
                or self.draw_weighing is not None:
            return
        self.draw_weighing = draw_check(self.game)

    def weigh_draw(self, deadline: float) -> bool | None:
        """One frame's slice of the weighing: None while it goes on (or nothing
        was offered), else whether the computer accepts.  Paused (the player
        looks at an earlier position) it waits, as the computer's turn does."""
        if self.draw_weighing is None or self.paused:
            return None
        search = self.draw_weighing
        if not search.step(deadline):
            return None
        self.draw_weighing = None
        computer = other(self.game.start.SIDES, self.setup.human_side)
        return accepts_draw_after(self.position, computer, search.result())

    def _drop_draw_weighing(self) -> None:
        if self.draw_weighing is not None:
            self.draw_weighing.cancel()
            self.draw_weighing = None

    # --- moves and history ------------------------------------------------------------

    def play(self, move: Move) -> Played:
        """Play a move (checked against the legal moves by the record).  A
        player who moves while the computer weighs their draw offer has
        withdrawn it: the offer was for the position they moved from."""
        self.cancel_hint()
        self._drop_draw_weighing()
        return self.game.play(move)

    def undo(self) -> bool:
        """Take back a move, and on to a turn a person really plays: against the
        computer the person's last turn, and never a forced pass (the board
        passes those by itself, so stopping there would pass again at once)."""
        self.cancel()
        start = self.game.ply
        if not self.game.undo():
            return False
        while not self._undo_stops_here() and self.game.undo():
            pass
        while not self._undo_stops_here() and self.game.ply < start and self.game.redo():
            pass  # nothing to stop at further back (the computer moved first): come forward
        return self.game.ply < start

    def redo(self) -> bool:
        self.cancel()
        if not self.game.redo():
            return False
        while not self._undo_stops_here() and self.game.outcome() is None and self.game.redo():
            pass
        return True

    def resigning_side(self) -> str:
        """Who gives up when Resign is pressed: the person against the computer,
        the side to move on one device."""
        return self.setup.human_side if self.setup.mode == "computer" else self.position.side

    def _undo_stops_here(self) -> bool:
        """A turn undo and redo may stop at: a person's, with a real choice."""
        return self.player() == "human" and not only_pass(self.position)

    def resign(self) -> None:
        self.cancel()
        self.game.resign(self.resigning_side())

    @property
    def unfinished(self) -> bool:
        """Still going and with moves made (or undone, for redo): losing it loses something."""
        return self.game.outcome() is None and (self.game.ply > 0 or self.game.can_redo)

    # --- saving -------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        return {"setup": asdict(self.setup), "game": self.game.to_dict()}

    @staticmethod
    def from_dict(data: Any) -> Play:
        """Rebuild a saved play; RulesError when anything in it is unusable."""
        if not isinstance(data, dict):
            raise RulesError("the saved game is damaged")
        setup = Setup.read(data.get("setup"))
        game = Game.from_dict(data.get("game"))
        if game.game != setup.game:
            raise RulesError("the saved game is damaged")
        play = Play(setup, game)
        saved_at = data.get("saved_at", 0.0)
        play.saved_at = float(saved_at) if isinstance(saved_at, int | float) else 0.0
        return play


# --- the autosave slots ------------------------------------------------------------------


def save_play(storage: Storage, play: Play) -> None:
    """Keep `play` in its game's slot, stamped so the menu knows the most recent."""
    play.saved_at = time.time()
    storage.save(autosave_key(play.setup.game), {**play.to_dict(), "saved_at": play.saved_at})


def discard_save(storage: Storage, game: str) -> None:
    storage.delete(autosave_key(game))


def load_save(storage: Storage, game: str) -> Play | None:
    """`game`'s saved play; a damaged one, or one played under an earlier edition
    of the game's rules, is set aside (with a notice saying which) and None
    returned — never continued under rules it was not played by."""
    key = autosave_key(game)
    data = storage.load(key)  # unreadable JSON is set aside by the storage itself
    if data is None:
        return None
    try:
        return Play.from_dict(data)
    except RulesError as error:
        _set_aside(storage, key, error)
        return None


def load_saves(storage: Storage) -> dict[str, Play]:
    """Every game's saved play, by game name (after carrying over an old single slot)."""
    migrate_single_slot(storage)
    saves = {game: load_save(storage, game) for game in GAME_NAMES}
    return {game: play for game, play in saves.items() if play is not None}


def _set_aside(storage: Storage, key: str, error: RulesError) -> None:
    """Keep an unusable save aside, telling the player whether it was damaged or
    from an earlier edition of its game's rules."""
    why = "old_rules" if error.kind == "old_rules" else "damaged"
    storage.set_aside(key, f"{why}:{key}")


def migrate_single_slot(storage: Storage) -> None:
    """Carry a save from the old shared slot into its own game's slot, then drop
    the old slot.  A damaged one is set aside as before, never deleted."""
    data = storage.load(LEGACY_AUTOSAVE_KEY)
    if data is None:
        return
    try:
        play = Play.from_dict(data)
    except RulesError as error:
        _set_aside(storage, LEGACY_AUTOSAVE_KEY, error)
        return
    key = autosave_key(play.setup.game)
    if storage.load(key) is None:  # the old code never wrote these slots: nothing newer
        storage.save(key, data)
    storage.delete(LEGACY_AUTOSAVE_KEY)
