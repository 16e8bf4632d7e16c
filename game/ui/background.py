"""The searches a game runs in the background besides the computer's own
move — a hint, the computer's weighing of a draw offer (with the draw offers
themselves), the Druid's analysis of the game, the values of a position's
moves, and the evaluation bar's value of the position.  Each is stepped a slice
at a time within a frame's search time (see `Play.tick`), so none ever holds
a frame.  No pygame here: the board draws what these found.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass

from ..ai.analysis import Analysis, MoveAnalysis, MoveValues, SideSummary, Value, summarise, unit_of
from ..ai.levels import accepts_draw_after, draw_check, offers_draw, start_search
from ..ai.search import Search
from ..ai.strategy import Limits, strategy_for
from ..rules.base import Move, Outcome, Position
from ..rules.record import Game
from .computer_turn import Decided

# The app's node budget per analysed position (a run bounded by nodes, as the
# soak, gives its own budget instead).
APP_NODES = 20_000
VALUE_NODES = 1000  # the first round of the values on the squares (each round: four times)
# The evaluation bar's search of a position stops here: deep enough that its
# value settles, and then the frames are left alone.
EVAL_NODES = 400_000
HINT_SECONDS = 1.0
# Plies after the person declined the computer's draw offer before it offers
# again: with the no-progress draw near (`NEAR_NO_PROGRESS`, 20 plies) it may
# ask once more on the way, not on every turn.
OFFER_AGAIN_AFTER = 10


class HintSearch:
    """The Druid's move for the person to move, asked for by *Hint*.

    Asking only marks the hint as wanted; the search starts in the next
    frame's slice (when the frame's budget is known), and from the ask on
    the hint is `pending` until it is found or dropped.
    """

    def __init__(self) -> None:
        self.search: Search | None = None
        self.wanted = False
        self.move: Move | None = None

    @property
    def pending(self) -> bool:
        return self.wanted or self.search is not None

    def ask(self) -> None:
        self.cancel()
        self.wanted = True

    def step(self, game: Game, deadline: float, nodes: int | None,
             starter: Callable[..., Search] = start_search) -> Move | None:
        """One slice; the hint, once this slice found it (else None).  `starter`
        starts the search of `game`'s position, with its history and its count
        of plies without progress (the player's own, which tests may bound)."""
        if self.wanted:
            self.wanted = False
            self.search = starter(game.position, "druid", history=game.repetition_keys(),
                                  quiet_plies=game.quiet_plies(), nodes=nodes,
                                  seconds=None if nodes else HINT_SECONDS)
        if self.search is None or not self.search.step(deadline):
            return None
        self.move, self.search = self.search.best_move, None
        return self.move

    def cancel(self) -> None:
        if self.search is not None:
            self.search.cancel()
        self.search, self.wanted, self.move = None, False, None


@dataclass(frozen=True)
class ComputerOffer:
    """The computer's own draw offer, made on its turn before it moves: it
    waits for the person's answer with the move it plays if they decline."""

    move: Move


class DrawOffers:
    """Every kind of draw offer.  On one device a side offers, and the other
    side accepts by offering too on its turn, or declines by moving on.  To
    the computer, the offer is weighed by a short search, stepped a slice a
    frame like its moves, for the position the offer was made in (a move
    withdraws it).  The computer offers one itself on its turn (`standing`)
    and waits for the person's answer; an offer the person declined it does
    not make again in the same position, nor within `OFFER_AGAIN_AFTER`
    plies of the decline (asked every turn, it would nag)."""

    def __init__(self) -> None:
        self.offered_by: str | None = None  # on one device, the side that offered
        self.search: Search | None = None  # the computer's weighing, while it weighs
        self.standing: ComputerOffer | None = None  # the computer's offer, unanswered
        self.declined_in: set[Hashable] = set()  # positions where its offer was declined
        self.declined_at: int | None = None  # the ply of the last decline

    @property
    def weighing(self) -> bool:
        return self.search is not None

    def accepting(self, side: str) -> bool:
        """`side` may accept: the other side offered."""
        return self.offered_by not in (None, side)

    def offer(self, side: str) -> bool:
        """`side` offers on one device; whether the offer is new (a second
        offer by the same side changes nothing)."""
        if self.offered_by is not None:
            return False
        self.offered_by = side
        return True

    def moved(self, side: str) -> None:
        """`side` moved: if the other side had offered, that is a no."""
        if self.accepting(side):
            self.offered_by = None

    def weigh(self, game: Game) -> None:
        """The computer begins weighing; a second offer while it weighs changes nothing."""
        if self.search is None:
            self.search = draw_check(game)

    def step(self, game: Game, computer: str, deadline: float) -> bool | None:
        """One slice of the weighing: None while it goes on (or nothing was
        offered), else whether the computer accepts (the game's count of
        plies without progress counts in its answer)."""
        search = self.search
        if search is None or not search.step(deadline):
            return None
        self.search = None
        return accepts_draw_after(game.position, computer, search.result(),
                                  quiet_plies=game.quiet_plies())

    # --- the computer's own offer -------------------------------------------------------

    def may_offer(self, game: Game) -> bool:
        """Whether the computer may offer a draw now, as far as the person's
        last answer goes: not where they declined one, nor soon after."""
        if game.position.repetition_key() in self.declined_in:
            return False
        return self.declined_at is None or not 0 <= game.ply - self.declined_at < OFFER_AGAIN_AFTER

    def computer_offers(self, game: Game, decided: Decided) -> bool:
        """The computer, to move in `game` against a person, offers a draw
        before it plays the move it `decided` on, where its own search of
        the position says it has nothing better to play for (`offers_draw`)
        and the person has not just declined one (`may_offer`); its move
        then waits for their answer.  Whether it offered."""
        if decided.move is None or not game.spec.draw_by_agreement or \
                not self.may_offer(game) or not offers_draw(game, decided.result()):
            return False
        self.standing = ComputerOffer(decided.move)
        return True

    def decline(self, game: Game) -> None:
        """The person declined the computer's standing offer in `game`'s
        position: remembered, so it is not made again at once."""
        self.standing = None
        self.declined_in.add(game.position.repetition_key())
        self.declined_at = game.ply

    # --- offers lapse ---------------------------------------------------------------------

    def cancel(self) -> None:
        """The computer stops weighing, and its own offer lapses unanswered (a
        move, an undo, the board left): it searches its move again."""
        if self.search is not None:
            self.search.cancel()
            self.search = None
        self.standing = None

    def forget(self) -> None:
        """Every offer lapses: an offer was for the position it was made in
        (the person's declines are still remembered: an undo brings back no
        offer they turned down)."""
        self.cancel()
        self.offered_by = None


class AnalysisRun:
    """The Druid's analysis of a game's moves, or none yet.

    It covers the moves the game had when it began; `start` on a game with
    more moves goes on from there (the verdicts found so far are kept), so an
    analysis begun while looking back at a game that then went on ends up
    covering every move.
    """

    def __init__(self) -> None:
        self.analysis: Analysis | None = None
        self.declined = False  # stopped by the player: not started again by itself
        self.wanted = False  # asked for: begun in the next frame's slice

    # --- its state ----------------------------------------------------------------

    @property
    def running(self) -> bool:
        found = self.analysis
        return found is not None and not found.done and not found.cancelled

    @property
    def progress(self) -> tuple[int, int]:
        """(moves with a verdict, moves it covers)."""
        return self.analysis.progress if self.analysis is not None else (0, 0)

    def lacking(self, game: Game) -> bool:
        """Whether some move of `game` has no verdict yet."""
        done = len(self.analysis.results) if self.analysis is not None else 0
        return done < game.ply

    def complete(self, game: Game) -> bool:
        """Every move of `game` has its verdict."""
        return self.analysis is not None and self.analysis.done and not self.lacking(game)

    # --- driving it -----------------------------------------------------------------

    def toggle(self, game: Game) -> bool:
        """Stop it while it runs, else ask for the moves lacking a verdict (begun
        in the next slice); False when there is nothing to analyse."""
        if self.running:
            self.stop()
        elif game.ply and self.lacking(game):
            self.wanted = True
        else:
            return False
        return True

    def tick(self, game: Game, nodes: int | None, deadline: float, *, at_end: bool,
             may_run: bool) -> None:
        """A frame's slice: begun (or gone on with) when asked for, or by itself
        `at_end` of the game unless the player stopped it since; run only when
        it `may_run` (the computer is not thinking)."""
        self.follow(game)
        if game.ply and self.lacking(game) and not self.running and \
                (self.wanted or (at_end and not self.declined)):
            self.start(game, nodes)
        self.wanted = False
        if self.running and may_run:
            self.step(deadline)

    def start(self, game: Game, nodes: int | None) -> None:
        """Analyse every move of `game`, going on from what was found already."""
        old = self.analysis
        if old is not None and old.cancelled and old.total == game.ply:
            old.resume()
        elif old is None or old.total != game.ply:
            self.analysis = self._extended(old, game, old.nodes if old else nodes or APP_NODES)
        self.declined = False

    @staticmethod
    def _extended(old: Analysis | None, game: Game, nodes: int) -> Analysis:
        """A new analysis of `game` that starts where `old` (of its first moves)
        got to: the positions valued and the moves judged are carried over,
        before its first slice runs, so it searches only what is left."""
        found = Analysis(game, nodes=nodes)
        if old is not None:
            old.cancel()
            found.values[:len(old.values)] = old.values
            found.results[:] = old.results
            found.searched_nodes = old.searched_nodes
        return found

    def adopt(self, analysis: Analysis) -> None:
        """Show `analysis`, finished earlier (kept with the history), as this one."""
        if self.running and self.analysis is not None:
            self.analysis.cancel()
        self.analysis = analysis
        self.declined = False

    def stop(self) -> None:
        """The player stopped it: what is done stays, and it waits to be asked again."""
        if self.running and self.analysis is not None:
            self.analysis.cancel()
        self.declined = True

    def step(self, deadline: float) -> None:
        if self.running and self.analysis is not None:
            self.analysis.step(deadline)

    def follow(self, game: Game) -> None:
        """Forget an analysis of moves the game no longer has (an undo, a load)."""
        found = self.analysis
        if found is None:
            return
        moves = game.moves
        if len(moves) < len(found.moves) or moves[:len(found.moves)] != found.moves:
            if self.running:
                found.cancel()
            self.analysis = None
            self.declined = False

    # --- what it found ----------------------------------------------------------------

    def result(self, ply: int) -> MoveAnalysis | None:
        """The verdict on move `ply` (from 1), once analysed."""
        if self.analysis is None or not 1 <= ply <= len(self.analysis.results):
            return None
        return self.analysis.results[ply - 1]

    def marks(self, plies: int) -> list[str]:
        """The mark of each of the first `plies` moves ("" where none, or not yet)."""
        return [found.mark if (found := self.result(ply)) is not None else ""
                for ply in range(1, plies + 1)]

    def summary(self, game: Game) -> list[SideSummary] | None:
        """Each side's marks and accuracy (the game's first side first), once every
        move of `game` has its verdict."""
        if not self.complete(game) or self.analysis is None:
            return None
        return summarise(self.analysis.results, game.start.SIDES)

    def better_move(self, ply: int) -> Move | None:
        """The move the Druid would rather have seen instead of marked move `ply`."""
        found = self.result(ply)
        return found.best_move if found is not None and found.mark else None


class SquareValues:
    """The Druid's value on every legal move of the person's position (a
    toggle): searched in the background on the person's turn, a round deeper
    at a time."""

    def __init__(self) -> None:
        self.on = False
        self.values: MoveValues | None = None

    def toggle(self) -> None:
        self.on = not self.on
        if not self.on:
            self.stop()

    def stop(self) -> None:
        if self.values is not None:
            self.values.cancel()
            self.values = None

    def tick(self, wanted: bool, game: Game, deadline: float, nodes: int | None) -> None:
        """A frame's slice while they are `wanted` (the person's turn; the
        computer's own search has the frame on its turn), else they stop.
        They are searched with what `game`'s record knows and its position
        does not: its history and its count of plies without progress."""
        if not wanted:
            self.stop()
            return
        if not self.on:
            return
        position = game.position
        if self.values is None or self.values.position is not position:
            self.stop()
            self.values = MoveValues(position, game.repetition_keys(),
                                     quiet_plies=game.quiet_plies(), nodes=nodes or VALUE_NODES)
        self.values.step(deadline)


@dataclass(frozen=True)
class Evaluated:
    """The evaluation bar's reading: the Druid's value of `position` for its side to
    move, in the game's unit (game/ai/analysis.py), and the depth searched."""

    position: Position
    value: Value
    depth: int


class Evaluation:
    """The Druid's value of the game's position, for the evaluation bar: a search
    of its own (a fresh strategy, so it shares nothing with the computer's), run
    a slice a frame while it is `wanted` and the computer is not thinking, deeper
    until EVAL_NODES.  Its reading is the last depth the search finished; a new
    position keeps the old reading until the new search has one."""

    def __init__(self) -> None:
        self.search: Search | None = None
        self.position: Position | None = None
        self.reading: Evaluated | None = None

    def stop(self) -> None:
        if self.search is not None:
            self.search.cancel()
        self.search, self.position, self.reading = None, None, None

    def tick(self, wanted: bool, may_run: bool, game: Game, deadline: float,
             nodes: int | None) -> None:
        """A frame's slice: searched with what `game`'s record knows and its position
        does not (its history, its count of plies without progress)."""
        if not wanted:
            self.stop()
            return
        position = game.position
        if self.position is not position:
            if self.search is not None:
                self.search.cancel()
            self.position = position
            outcome = game.outcome()
            if outcome is not None:  # over: the result itself, searched no more
                self.search = None
                self.reading = Evaluated(position, final_value(game, outcome), 0)
                return
            self.search = Search(position, strategy_for(game.game),
                                 history=game.repetition_keys(), quiet_plies=game.quiet_plies(),
                                 limits=Limits(nodes=nodes or EVAL_NODES))
        search = self.search
        if search is None or not may_run or search.done:
            return
        search.step(deadline)
        if search.depth:
            value = unit_of(game.game).convert(search.score, False)
            self.reading = Evaluated(position, value, search.depth)


def final_value(game: Game, outcome: Outcome) -> Value:
    """A finished game's value for the side to move in its last position: the
    margin where the game is counted, else a win or a loss as the unit reads one."""
    mover = game.position.side
    if outcome.scores is not None:
        own = game.position.SIDES.index(mover)
        return outcome.scores[own] - outcome.scores[1 - own]
    if outcome.winner is None:
        return 0
    win = unit_of(game.game).win
    return win if outcome.winner == mover else -win
