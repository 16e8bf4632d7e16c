"""A game being played in the app: the record, who plays each side (see
game/ui/players.py), and the flow of the game — the computer's turn, forced
passes, draw offers (game/ui/play_draws.py), the clocks (game/ui/clocks.py),
hints, the analysis, undo/redo and autosave.  No pygame here, so the flow can be tested on its own.

The board drives it with one call a frame, `Play.tick(frame)`, which runs
the frame's share of every background search and returns what happened
(see game/ui/play_events.py); between frames the board turns the player's
input into requests (`request_move`, `request_hint`, `offer_draw`, ...),
each of which returns at once what it did, in the same events.
"""

from __future__ import annotations

import uuid
from dataclasses import replace
from typing import Any

from ..ai.levels import RandomPlayer, start_search
from ..ai.search import Search
from ..friends import FriendGame
from ..platform.storage import Storage
from ..rules import GAME_NAMES, spec, spec_of
from ..rules.base import IllegalMove, Move, Played, Position, RulesError
from ..rules.record import Game
from .background import AnalysisRun, DrawOffers, Evaluation, HintSearch, SquareValues
from .clocks import Clocks, TimeControl
from .computer_turn import SEED_STEP, SHOW_THINKING_AT_LEAST, ComputerTurn, Decided
from .flow_state import Frame, Snapshot
from .play_draws import DrawFlow
from .play_events import (
    Actor,
    Event,
    GameEnded,
    HintFound,
    HistoryChanged,
    Moved,
    PassDue,
    Refused,
    Turn,
    Why,
    reported,
)
from .play_keeping import (  # noqa: F401 (the saves' functions are imported from here too)
    LEGACY_AUTOSAVE_KEY,
    PlayKeeping,
    autosave_key,
    discard_save,
    save_play,
)

# Who plays: the board, the setup and the saves import these from here too.
from .players import HUMAN, MODES, TIMED_MODES, Mode, Setup, resolve_side  # noqa: F401
from .watching import Watching

PLIES_PER_LINE = 2  # the move list gives each pair of plies (one move per side) one number
FORCED_PASS_SECONDS = 1.2  # the "no legal move" message is read, then the pass is played
FORCED_PASS_AT_LEAST = 0.6  # even with animations off the message stays this long


def move_number(ply: int) -> int:
    """The number the move list shows on its last line after `ply` plies (the
    menu's captions say the same number)."""
    return -(-ply // PLIES_PER_LINE)


def move_lines(texts: list[str]) -> list[list[str]]:
    """The move list's numbered lines: line n holds plies 2n-1 and 2n."""
    return [texts[(n - 1) * PLIES_PER_LINE:n * PLIES_PER_LINE]
            for n in range(1, move_number(len(texts)) + 1)]


def new_clocks(setup: Setup, game: Game) -> Clocks | None:
    """Fresh clocks for a game set up with a time control (None: played without);
    a game loaded part-way starts them at its present ply."""
    control = TimeControl.parse(setup.clock)
    if control is None or setup.mode not in TIMED_MODES:
        return None
    return Clocks(control, game.start.SIDES, game.ply)


def only_pass(position: Position) -> bool:
    """True when the engine's one legal move is its game's pass (Reversi's forced pass)."""
    passing = spec_of(position).pass_move
    if passing is None:
        return False
    moves = position.legal_moves()
    return len(moves) == 1 and moves[0] == passing


def a_choice(game: Game, setup: Setup) -> bool:
    """A turn undo and redo may stop at: a person's, with a real choice."""
    position = game.position
    return setup.player(position.side) == HUMAN and not only_pass(position)


def undo_to_a_choice(game: Game, setup: Setup) -> bool:
    """Take back a move, and on to a turn a person really plays: against the
    computer the person's last turn, and never a forced pass (those play
    themselves, so stopping there would pass again at once).  Whether the game
    changed (a resignation or agreed draw taken back counts)."""
    start, ended = game.ply, game.ending is not None
    if game.undo():
        while not a_choice(game, setup) and game.undo():
            pass
        while not a_choice(game, setup) and game.ply < start and game.redo():
            pass  # nothing to stop at further back (the computer moved first): come forward
    return game.ply < start or (ended and game.ending is None)


def redo_to_a_choice(game: Game, setup: Setup) -> bool:
    """Play a taken-back move again, and on to a turn a person really plays."""
    changed = game.redo()
    while changed and not a_choice(game, setup) and game.outcome() is None and game.redo():
        pass
    return changed


class Play(DrawFlow, PlayKeeping):
    def __init__(self, setup: Setup, game: Game | None = None) -> None:
        self.setup = setup
        self.game = game or Game(spec(setup.game).start_code)
        self.clocks = new_clocks(setup, self.game)  # None: played without clocks
        # The history keeps a game by this id: ended, taken back and ended
        # again, it is kept once, in its final version.
        self.game_id = new_game_id()
        self._ended_unkept = False  # a move, resignation or agreed draw ended it
        self.storage: Storage | None = None  # where it is autosaved, once on a board
        self.revision = 0  # counts the record's changes (moves, undo, endings, loads)
        self._saved_revision = 0
        self.saved_at: float = 0.0  # when it was last autosaved (the menu's most recent)
        self._events: list[Event] = []  # reported by the next tick
        self._snapshot: tuple[tuple, Snapshot] | None = None
        self.computer = ComputerTurn()
        self.passing: float | None = None  # seconds until a forced pass plays itself
        self.hint_search = HintSearch()
        self.draws = DrawOffers()
        self.analysis = AnalysisRun()
        self._analysis_kept: object | None = None  # the analysis last kept with the history
        self.values = SquareValues()
        self.evaluation = Evaluation()
        # The board shows an earlier position (replay): the computer neither thinks
        # nor plays, a forced pass and the hint wait, until the player goes back.
        self.paused = False
        self.watching = Watching()  # the computer against itself: paused, a step, the speed

    # --- the game as it stands ---------------------------------------------------------

    @property
    def position(self) -> Position:
        return self.game.position

    @property
    def state(self) -> Snapshot:
        """The snapshot of the record as it is now (worked out again only after a change)."""
        game = self.game
        key = (game, game.position, game.ending, self.setup)
        if self._snapshot is None or any(a is not b for a, b in zip(key, self._snapshot[0],
                                                                       strict=True)):
            position = game.position
            self._snapshot = (key, Snapshot(game.ply, position.side, game.outcome(),
                                            self.setup.player(position.side),
                                            only_pass(position)))
        return self._snapshot[1]

    @property
    def human_to_move(self) -> bool:
        return self.state.human_to_move

    @property
    def computer_to_move(self) -> bool:
        return self.state.computer_to_move

    def may_move(self, showing: bool = False) -> bool:
        """Whether the person may pick a move now: their turn, a real choice (not
        a forced pass), the board live and no move still on show."""
        state = self.state
        return not self.paused and not showing and state.human_to_move and \
            not state.only_pass and self.decided is None

    @property
    def computer_stopped(self) -> bool:
        """The computer offered a refused move here and waits for the position to change."""
        return self.computer.stopped_at(self.position)

    @property
    def search(self) -> Search | RandomPlayer | None:
        """The computer's search, while it thinks."""
        return self.computer.search

    @property
    def decided(self) -> Decided | None:
        """The computer's move, settled on and not yet played."""
        return self.computer.decided

    @property
    def hint(self) -> Move | None:
        """The hint found for the person's position (None: none asked, or not yet)."""
        return self.hint_search.move

    @property
    def unfinished(self) -> bool:
        """Still going and with moves made (or undone, for redo): losing it loses something."""
        return self.state.outcome is None and (self.game.ply > 0 or self.game.can_redo)

    # --- requests (between frames; their outcome is reported by the next tick) ---------

    @reported
    def request_move(self, move: Move) -> None:
        """A person's move, picked from the engine's own lists."""
        why = self._why_not_move()
        if why is not None:
            self._events.append(Refused(why, move))
            return
        try:
            self._play(move, Actor.PERSON)
        except IllegalMove:
            self._events.append(Refused(Why.ILLEGAL, move))

    def _why_not_move(self) -> Why | None:
        state = self.state
        if self.paused:
            return Why.REPLAY
        if state.over:
            return Why.GAME_OVER
        if not state.human_to_move or state.only_pass or self.decided is not None:
            return Why.NOT_YOUR_TURN
        return None

    @reported
    def request_undo(self) -> None:
        """Take back a move, and on to a turn a person really plays (see
        undo_to_a_choice); never in a game with a friend, whose moves have
        been sent."""
        if not self._refuse_history_change():
            self.cancel()
            self._after_history_change(undo_to_a_choice(self.game, self.setup))

    @reported
    def request_redo(self) -> None:
        if not self._refuse_history_change():
            self.cancel()
            self._after_history_change(redo_to_a_choice(self.game, self.setup))

    def _refuse_history_change(self) -> bool:
        """Undo and redo wait in replay (which move would they take back, the
        shown or the last?) and do nothing while the computer plays itself."""
        why = Why.REPLAY if self.paused else \
            Why.NOT_IN_THIS_MODE if self.setup.mode in (Mode.WATCH, Mode.FRIEND) else None
        if why is not None:
            self._events.append(Refused(why))
        return why is not None

    def _after_history_change(self, changed: bool) -> None:
        if not changed:
            self._events.append(Refused(Why.NOTHING_TO_DO))
            return
        self.draws.forget()
        self.passing = None
        if self.clocks is not None:  # the times come back with the position
            self.clocks.went_to(self.game.ply)
        self._record_changed()
        self._events.append(HistoryChanged())

    @reported
    def request_resign(self) -> None:
        if self.state.over or self.setup.mode == Mode.WATCH or self.state.friend_to_move:
            self._events.append(Refused(Why.GAME_OVER if self.state.over
                                        else Why.NOT_YOUR_TURN if self.state.friend_to_move
                                        else Why.NOT_IN_THIS_MODE))
            return
        self.cancel()
        # Who gives up: the person against the computer or a friend (on their
        # turn: the resignation is sent like a move), the side to move on one device.
        self.game.resign(self.setup.human_side if self.setup.mode in (Mode.COMPUTER, Mode.FRIEND)
                         else self.position.side)
        self._record_changed()
        self._report_ending()

    @reported
    def request_hint(self) -> None:
        """Ask for the Druid's move; it is `hint.pending` until found."""
        if not self.may_move():
            self._events.append(Refused(self._why_not_move() or Why.NOT_YOUR_TURN))
            return
        self.hint_search.ask()

    @reported
    def toggle_values(self) -> None:
        """Show (or hide) the Druid's value on every legal move of the person's turn."""
        self.values.toggle()

    @reported
    def toggle_analysis(self) -> None:
        """Analyse the moves that lack a verdict (going on from where it was);
        while it runs, stop it."""
        if not self.analysis.toggle(self.game):
            self._events.append(Refused(Why.NOTHING_TO_DO))

    @reported
    def load(self, game: Game, mode: Mode | None = None) -> None:
        """Put another record of this game on the board (a code or a record
        loaded): the history changes; `mode` changes who plays."""
        self.cancel()
        self.game = game
        self.game_id = new_game_id()  # another game: the history keeps it apart
        self._ended_unkept = False
        if mode is not None:
            self.setup = replace(self.setup, mode=mode)
            self.watching = Watching()  # other players: no pause or pace carries over
        self.clocks = new_clocks(self.setup, game)  # another game: the clocks start afresh
        self.draws = DrawOffers()  # another game: no offer, and no decline, carries over
        self.passing = None
        self._record_changed()
        self._events.append(HistoryChanged())

    @reported
    def toggle_watch_pause(self) -> None:
        """Watching: stop the computer after the move on show, or let it go on."""
        if self._refuse_unless_watching():
            return
        self.watching.toggle_pause()

    @reported
    def request_step(self) -> None:
        """Watching, paused: let the computer play one move (it still thinks as its level does)."""
        if self._refuse_unless_watching():
            return
        if not self.watching.paused or self.state.over:
            self._events.append(Refused(Why.GAME_OVER if self.state.over else Why.NOTHING_TO_DO))
            return
        self.watching.ask_step()

    @reported
    def next_watch_speed(self) -> None:
        """Watching: hold each move on show for longer or shorter (slow, normal, fast)."""
        if not self._refuse_unless_watching():
            self.watching.next_speed()

    def _refuse_unless_watching(self) -> bool:
        if self.setup.mode != Mode.WATCH:
            self._events.append(Refused(Why.NOT_IN_THIS_MODE))
            return True
        return False

    def pause(self) -> None:
        """Hold the computer's turn, a forced pass and the hint where they are:
        the player is looking at an earlier position."""
        self.paused = True

    def resume(self) -> None:
        """Carry on from where `pause` held them."""
        self.paused = False

    def stop(self) -> None:
        """The board is left: every search stops (the analysis keeps what it found),
        and a game with clocks under way is saved with the times they show now."""
        self.cancel()
        self.values.stop()
        if self.analysis.running:
            self.analysis.stop()
        self.paused = False
        if self.clocks is not None and self.unfinished:
            self.mark_unsaved()
            self._autosave()

    def cancel(self) -> None:
        """Stop thinking (the search, its decided move, the hint, a draw being
        weighed); after an undo, a redo or a new position the computer may try
        a refused position again."""
        self.computer.cancel()
        self.hint_search.cancel()
        self.draws.cancel()

    # --- one frame ------------------------------------------------------------------------

    def tick(self, frame: Frame) -> list[Event]:
        """The frame's share of the game: a forced pass counted down, each
        background search stepped until `frame.deadline` (hint, draw weighing,
        analysis, the squares' values, then the computer's move), the
        computer's move played once shown long enough, and the game saved if
        it changed.  Returns what happened since the last tick."""
        forced = self._forced_pass(frame)
        self._run_clock(frame)
        self._step_hint(frame)
        self._step_draw_weighing(frame)
        state = self.state
        # The analysis goes by itself once the game is over and its last move
        # shown, and runs only while the computer is not thinking (after the
        # game, or in replay); the squares' values are a person's turn's.
        self.analysis.tick(self.game, frame.nodes, frame.deadline,
                           at_end=state.over and not frame.showing,
                           may_run=self.paused or not state.computer_to_move)
        self.values.tick(self.may_move(frame.showing), self.game, frame.deadline, frame.nodes)
        self.evaluation.tick(self.shows_evaluation(frame.evaluation),
                             not state.computer_to_move, self.game, frame.deadline, frame.nodes)
        if not forced:
            self._computer_turn(frame)
        self._autosave()
        self._keep_analysis()
        events, self._events = self._events, []
        return events

    def shows_evaluation(self, setting: str) -> bool:
        """Whether the evaluation bar shows, by its `setting`: "always", or "on" but
        in a game against the computer only once it is over (it would tell the
        player what the computer thinks); never in replay (the analysis's graph
        is for looking back)."""
        if self.paused or setting not in ("on", "always"):
            return False
        return setting == "always" or self.setup.mode != Mode.COMPUTER or self.state.over

    def _forced_pass(self, frame: Frame) -> bool:
        """When the only move is the pass, announce it, wait, then play it (for
        a person and for the computer alike).  True while a forced pass is due.
        In replay it waits with the computer: it is the game's move."""
        if self.paused:
            return False
        state = self.state
        if frame.showing or self.decided is not None or state.over or not state.only_pass:
            self.passing = None
            return False
        if self.passing is None:
            self.cancel()  # no search, no hint: there is nothing to choose
            self.passing = max(FORCED_PASS_AT_LEAST, FORCED_PASS_SECONDS * frame.pace)
            self._events.append(PassDue(state.side))
            return True
        self.passing -= frame.dt
        if self.passing <= 0 and self.watching.may_play():
            self.passing = None
            self._play(self.position.legal_moves()[0], Actor.FORCED)
        return True

    def clock_running(self, showing: bool = False) -> str | None:
        """The side whose clock runs now: the side to move, while the game is
        live and its position is on the board (not in replay, not while the
        last move is still shown moving, not while a forced pass, which
        nobody chooses, waits to play itself)."""
        state = self.state
        if self.clocks is None or self.paused or showing or state.over or state.only_pass:
            return None
        return state.side

    def _run_clock(self, frame: Frame) -> None:
        """Run the clock of the side to move by the frame's time; when it runs
        out, that side has lost on time."""
        side, clocks = self.clock_running(frame.showing), self.clocks
        if side is None or clocks is None or clocks.run(side, frame.dt) is None:
            return
        self.cancel()
        self.game.lose_on_time(side)
        self._record_changed()
        self._report_ending()

    def _step_hint(self, frame: Frame) -> None:
        if self.paused or not self.hint_search.pending:
            return
        found = self.hint_search.step(self.game, frame.deadline, frame.nodes, start_search)
        if found is not None:
            self._events.append(HintFound(found))

    def _computer_turn(self, frame: Frame) -> None:
        """Search while it is the computer's turn (also while a decided move
        waits: the seconds it is shown are counted); play the move once shown
        long enough, unless it offers a person a draw first
        (`_offers_draw_first`).  A move found in a frame given wholly to the
        search is played in the next one: no frame both searches to its end
        and draws.  Nothing is searched or played while paused, after a
        refused move, while it weighs a draw offer (answered before it
        moves), or while its own offer waits for the person's answer."""
        if self.paused or self.computer_stopped or self.draws.weighing or \
                self.draws.standing is not None:
            return
        turn = self.computer
        decided_now = False
        if self.state.computer_to_move and (not frame.showing or turn.decided is not None):
            decided_now = turn.think(self.game, self.state.player,
                                     self.setup.seed * SEED_STEP + self.game.ply, frame.dt,
                                     frame.deadline, frame.nodes, start_search)
        if frame.showing or (decided_now and frame.quiet) or not self.watching.may_play():
            return
        decided = turn.take_decided(self.watching.hold_seconds(SHOW_THINKING_AT_LEAST)
                                    if self.setup.mode == Mode.WATCH else SHOW_THINKING_AT_LEAST)
        if decided is None:
            return
        if decided.move is None:
            self._refuse_computer(None)  # the search ended with nothing to offer
        elif not self._offers_draw_first(decided):
            self._play_computer_move(decided.move)

    def _play_computer_move(self, move: Move) -> None:
        """Play the computer's move, or refuse it when the rules do not allow it."""
        try:  # the record checks the move against the rules: the only check
            self._play(move, Actor.COMPUTER)
        except IllegalMove:
            self._refuse_computer(move)

    def _refuse_computer(self, move: Move | None) -> None:
        self.computer.refused_in = self.position
        self._events.append(Refused(Why.COMPUTER_ILLEGAL, move))

    # --- changing the record -------------------------------------------------------------

    def play(self, move: Move) -> Played:
        """Play `move` on the record for the side to move, whoever that is (scripts
        and tests set positions up so); reported by the next tick like any move.
        IllegalMove when the rules do not allow it."""
        return self._play(move, Actor.PERSON)

    def _play(self, move: Move, by: Actor) -> Played:
        """Play a move (checked against the legal moves by the record).  A person
        who moves while the computer weighs their draw offer has withdrawn it,
        and on one device the side that did not offer declines by moving."""
        self.hint_search.cancel()
        self.draws.cancel()  # a person who moves while it is weighed withdraws the offer
        before = self.position
        played = self.game.play(move)
        if self.clocks is not None:
            self.clocks.moved(before.side, self.game.ply)
        self.watching.played()
        self.draws.moved(before.side)
        self._events.append(Moved(Turn(before, move, played), by))
        self._record_changed()
        self._report_ending()
        return played

    def _record_changed(self) -> None:
        self.revision += 1

    def _report_ending(self) -> None:
        """After a move, a resignation or an agreed draw: if the game is over now,
        say so (an undo or redo that lands on a finished game ends nothing)."""
        outcome = self.state.outcome
        if outcome is not None:
            self.analysis.declined = False  # the analysis at the end runs whatever was stopped
            self._ended_unkept = True
            self._events.append(GameEnded(outcome, self.game.ply))

    @staticmethod
    def from_friend_game(entry: FriendGame, arrived: bool = False) -> Play:
        """The play of a game with a friend; `arrived`: its latest moves just
        came by link, so a game they ended goes into the history."""
        play = Play(Setup(entry.game.game, Mode.FRIEND, entry.my_side), entry.game)
        play.game_id = entry.game_id
        play.draws.offered_by = entry.offer_by
        play._ended_unkept = arrived and entry.over
        if play._ended_unkept:
            play.mark_unsaved()
        return play

    # --- saving ---------------------------------------------------------------------------

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
        if play.clocks is not None and "clocks" in data:  # else they start afresh
            play.clocks.restore(data["clocks"])
            if play.clocks.ply != game.ply:
                raise RulesError("the saved game's clocks are damaged")
        game_id = data.get("id")
        if isinstance(game_id, str) and game_id:
            play.game_id = game_id  # older saves have none: the new one stands
        saved_at = data.get("saved_at", 0.0)
        play.saved_at = float(saved_at) if isinstance(saved_at, int | float) else 0.0
        if game.outcome() is not None:
            # Saved over because the history could not be written then: its
            # board's first frame keeps it in the history and empties the slot.
            play._ended_unkept = True
            play.mark_unsaved()
        return play


def new_game_id() -> str:
    return uuid.uuid4().hex[:16]


# --- the autosave slots ------------------------------------------------------------------


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
    # The old code never wrote these slots, so one that holds a game is newer.
    # The old slot goes only once its game is kept in the new one.
    if storage.load(key) is not None or storage.save(key, data):
        storage.delete(LEGACY_AUTOSAVE_KEY)
