"""A game record: the start position and the moves, which owns all history.

Positions know nothing of the past, so everything that depends on it lives
here: repetition endings, the no-progress draw, agreed draws,
resignations and losses on time, undo/redo and the move list in notation.  The record is also
what a save file stores.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from . import from_code, spec_of
from .base import (
    Effects,
    IllegalMove,
    Move,
    Outcome,
    Played,
    Position,
    Reason,
    RulesError,
    legal,
    other,
)
from .spec import GameSpec

SAVE_VERSION = 1
# The endings the players' doing (or their clocks') sets, not the moves: a
# record states them and reading it applies them.
PLAYER_ENDINGS = (Reason.RESIGNATION, Reason.DRAW_AGREED, Reason.TIME)


@dataclass(frozen=True)
class RulesChange:
    """How today's rules end a game read from an earlier edition of them
    (one of `GameSpec.replayed_editions`), which those rules let go on.

    `edition` is the edition it was saved or shared under; `ply` the number
    of the move (from 1) after which today's rules end it, with `outcome` (a
    no-progress draw); `moves_dropped` how many moves it held after that
    one and `ending_dropped` the resignation or agreed draw it held after
    them: neither is kept.
    """

    edition: int
    ply: int
    outcome: Outcome
    moves_dropped: int
    ending_dropped: Outcome | None


class Game:
    """Start position + moves, with a cursor for undo and redo.

    `rules_change` is set when the game was read from an earlier edition of
    its rules and today's rules end it sooner (`from_dict`, and
    `transcript.read_link`), for a front end to tell the player so.
    """

    def __init__(self, start: Position | str, moves: Iterable[str] = ()) -> None:
        self.start: Position = from_code(start) if isinstance(start, str) else start
        self._positions: list[Position] = [self.start]
        self._moves: list[Move] = []  # every move, those undone included
        self._effects: list[Any] = []
        # Per position in _positions, the plies in a row without progress that
        # led to it, from 0 at the start: what came before a code is unknown.
        self._quiet: list[int] = [0]
        self._cursor = 0  # how many of _moves are on the board
        self._seen: Counter[Hashable] = Counter([self.start.repetition_key()])
        self._ending: Outcome | None = None  # resignation, agreed draw or loss on time
        # The no-progress limit in force: None while a game of an earlier
        # edition, which lacked it, is replayed (`replayed_under`).
        self._no_progress_plies = self.spec.no_progress_plies
        self.rules_change: RulesChange | None = None
        for text in moves:
            self.play_text(text)

    # --- the present -----------------------------------------------------

    @property
    def game(self) -> str:
        return self.start.GAME

    @property
    def spec(self) -> GameSpec:
        return spec_of(self.start)

    @property
    def position(self) -> Position:
        return self._positions[self._cursor]

    @property
    def ply(self) -> int:
        return self._cursor

    @property
    def moves(self) -> list[Move]:
        """The moves that led to the current position."""
        return self._moves[:self._cursor]

    @property
    def last_effects(self) -> Any:
        return self._effects[self._cursor - 1] if self._cursor else None

    def legal_moves(self) -> list[Move]:
        return [] if self.outcome() is not None else list(self.position.legal_moves())

    def outcome(self) -> Outcome | None:
        """A resignation/agreement, else the position's own result, else
        repetition, else the no-progress draw: so the move that reaches the
        limit and ends the game some other way ends it that way."""
        return self._ending or self.position.outcome() or self._repetition() \
            or self._no_progress()

    def _repetition(self) -> Outcome | None:
        if not self.spec.ended_by_repetition(self.occurrences()):
            return None
        return self.spec.repetition_outcome(self.position)

    def _no_progress(self) -> Outcome | None:
        limit = self._no_progress_plies
        if limit is None or self.quiet_plies() < limit:
            return None
        return Outcome(None, Reason.NO_PROGRESS)

    def occurrences(self) -> int:
        """How many times the current position has arisen in this game."""
        return self._seen[self.position.repetition_key()]

    def quiet_plies(self) -> int:
        """How many plies in a row, up to the current position, made no progress
        (`GameSpec.made_progress`: in tafl, no capture and no new corner):
        the count the no-progress draw reads, from 0 at the game's start (a
        game begun from a code counts from there).  Always 0 in a game
        without that limit, whose every move counts as progress."""
        return self._quiet[self._cursor]

    def no_progress_left(self) -> int | None:
        """How many more plies without progress the current position allows
        before the no-progress draw (0: it is drawn, unless it ended
        otherwise); None in a game without that limit."""
        limit = self.spec.no_progress_plies
        return None if limit is None else max(0, limit - self.quiet_plies())

    # --- changing it -------------------------------------------------------

    def play(self, move: Move) -> Played:
        """Play a legal move, dropping whatever could have been redone."""
        if self.outcome() is not None:
            self._refuse(self.position.move_text(move))
        if move not in self.position.legal_moves():
            raise IllegalMove(f"illegal move {self.position.move_text(move)} in this position")
        before = self.position
        played = before.play(move)
        quiet = 0 if self.spec.made_progress(before, played.position) \
            else self.quiet_plies() + 1
        del self._moves[self._cursor:], self._effects[self._cursor:]
        del self._positions[self._cursor + 1:], self._quiet[self._cursor + 1:]
        self._moves.append(move)
        self._effects.append(played.effects)
        self._positions.append(played.position)
        self._quiet.append(quiet)
        self._cursor += 1
        self._seen[played.position.repetition_key()] += 1
        return played

    def play_text(self, text: str) -> Played:
        """Play a move written in notation (checked; raises IllegalMove)."""
        if self.outcome() is not None:
            self._refuse(text)
        return self.play(legal(self.position, text))

    def _refuse(self, text: str) -> Move:
        outcome = self.outcome()
        why = "" if outcome is None else f" ({outcome.status} {outcome.reason.value})"
        raise IllegalMove(f"the game is over{why}; {text.strip()!r} cannot be played")

    def undo(self) -> bool:
        """Take back the last move (or a resignation/agreed draw first)."""
        if self._ending is not None:
            self._ending = None
            return True
        if not self._cursor:
            return False
        self._seen[self.position.repetition_key()] -= 1
        self._cursor -= 1
        return True

    def redo(self) -> bool:
        if self._ending is not None or self._cursor == len(self._moves):
            return False
        self._cursor += 1
        self._seen[self.position.repetition_key()] += 1
        return True

    @property
    def can_undo(self) -> bool:
        return self._cursor > 0 or self._ending is not None

    @property
    def can_redo(self) -> bool:
        return self._ending is None and self._cursor < len(self._moves)

    def resign(self, side: str) -> Outcome:
        """`side` gives up; the other side wins."""
        if self.outcome() is not None:
            raise RulesError("the game is already over")
        if side not in self.start.SIDES:
            raise RulesError(f"unknown side {side!r}")
        self._ending = Outcome(other(self.start.SIDES, side), Reason.RESIGNATION)
        return self._ending

    def lose_on_time(self, side: str) -> Outcome:
        """`side`'s clock ran out; the other side wins.  The clocks are kept by
        whoever plays the game: the record holds only the ending, like a
        resignation."""
        if self.outcome() is not None:
            raise RulesError("the game is already over")
        if side not in self.start.SIDES:
            raise RulesError(f"unknown side {side!r}")
        self._ending = Outcome(other(self.start.SIDES, side), Reason.TIME)
        return self._ending

    def agree_draw(self) -> Outcome:
        """Both players agree to a draw, where the game allows it
        (`GameSpec.draw_by_agreement`)."""
        if not self.spec.draw_by_agreement:
            raise RulesError(f"a draw cannot be agreed in {self.game}")
        if self.outcome() is not None:
            raise RulesError("the game is already over")
        self._ending = Outcome(None, Reason.DRAW_AGREED)
        return self._ending

    # --- reading it ----------------------------------------------------------

    def move_texts(self) -> list[str]:
        """The moves played so far in notation."""
        return [self._positions[i].move_text(m) for i, m in enumerate(self.moves)]

    @property
    def effects(self) -> list[Effects]:
        """What each move on the board did (captures, flips, sowing), in
        step with `moves`: the engine's own account, kept as it was played."""
        return self._effects[:self._cursor]

    def capture_marks(self) -> list[str]:
        """The mark of each move on the board (`x` after a capture, else ""),
        as the game's spec writes it."""
        return [self.spec.capture_mark(effects) for effects in self.effects]

    @property
    def ending(self) -> Outcome | None:
        """A resignation, an agreed draw or a loss on time, if the game ended so;
        None when the game is running or ended by its rules."""
        return self._ending

    def replay(self) -> Iterator[Position]:
        """Every position from the start to the current one."""
        return iter(self._positions[:self._cursor + 1])

    def repetition_keys(self) -> list[Hashable]:
        """The repetition key of every position from the start to the current
        one: the history a search needs to know which moves would repeat."""
        return [position.repetition_key() for position in self.replay()]

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready record (moves undone are kept so redo survives a save)."""
        texts = [self._positions[i].move_text(m) for i, m in enumerate(self._moves)]
        ending = self._ending
        return {
            "version": SAVE_VERSION,
            "edition": self.spec.rules_edition,
            "start": self.start.code(),
            "moves": texts,
            "cursor": self._cursor,
            "ending": None if ending is None else {"winner": ending.winner,
                                                   "reason": ending.reason.value},
        }

    @classmethod
    def from_dict(cls, data: Any) -> Game:
        """Rebuild a record from `to_dict` output; RulesError if it is unusable."""
        if not isinstance(data, dict) or data.get("version") != SAVE_VERSION:
            raise RulesError("the saved game is from another version or damaged")
        moves, cursor = data.get("moves"), data.get("cursor")
        if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves) \
                or not isinstance(cursor, int) or not 0 <= cursor <= len(moves):
            raise RulesError("the saved game's move list is damaged")
        start = data.get("start")
        if not isinstance(start, str):
            raise RulesError("the saved game's start position is damaged")
        position = from_code(start)
        edition = data.get("edition", 1)
        check_edition(edition, spec_of(position), "the saved game was")
        game = cls(position)
        with game.replayed_under(edition):
            for text in moves:
                game.play_text(text)
            while game.ply > cursor:
                game.undo()
            game._ending = _read_ending(data.get("ending"), game)
        return game

    # --- a game from an earlier edition of its rules -----------------------------------

    @contextmanager
    def replayed_under(self, edition: int) -> Iterator[Game]:
        """Moves played (and an ending set) inside are played under the rules
        of `edition` (today's, or one of `GameSpec.replayed_editions`, which
        lacked the no-progress limit); on leaving, today's rules apply, and if
        they end the game sooner it is cut there and `rules_change` says how."""
        if edition == self.spec.rules_edition:
            yield self
            return
        self._no_progress_plies = None
        try:
            yield self
        finally:
            self._no_progress_plies = self.spec.no_progress_plies
        self._end_where_todays_rules_end(edition)

    def _end_where_todays_rules_end(self, edition: int) -> None:
        """Cut a game replayed without the no-progress limit at the first ply
        that limit ends it, dropping what came after (moves to redo too)."""
        ply = self._first_no_progress_draw()
        if ply is None:
            return
        moves_dropped = len(self._moves) - ply
        ending_dropped = None
        if self._cursor > ply:
            ending_dropped, self._ending = self._ending, None
            while self._cursor > ply:
                self.undo()
        del self._moves[ply:], self._effects[ply:]
        del self._positions[ply + 1:], self._quiet[ply + 1:]
        if moves_dropped or ending_dropped or \
                (self._cursor == ply and self.outcome() == Outcome(None, Reason.NO_PROGRESS)):
            self.rules_change = RulesChange(edition, ply, Outcome(None, Reason.NO_PROGRESS),
                                            moves_dropped, ending_dropped)

    def _first_no_progress_draw(self) -> int | None:
        """The first ply (from 1) after which the no-progress limit ends the game,
        among all the moves held (those to redo too); None if it never does."""
        limit = self._no_progress_plies
        if limit is None:
            return None
        return next((ply for ply, quiet in enumerate(self._quiet) if quiet >= limit), None)


def check_edition(edition: Any, spec: GameSpec, what: str) -> None:
    """Refuse a game played under other rules of its game (kind `old_rules`),
    but for today's edition and those its rules replay (`replayed_editions`):
    replaying a game of any other edition would silently change it.  `what`
    begins the message (`the saved game was`)."""
    replayed = isinstance(edition, int) and edition in spec.replayed_editions
    if edition != spec.rules_edition and not replayed:
        raise RulesError(f"{what} played under another edition of the {spec.name} rules",
                         "old_rules", spec.name)


def _read_ending(data: Any, game: Game) -> Outcome | None:
    if data is None:
        return None
    try:
        reason = Reason(data["reason"])
        winner = data["winner"]
    except (TypeError, KeyError, ValueError):
        raise RulesError("the saved game's result is damaged") from None
    if reason not in PLAYER_ENDINGS or (winner is None) != (reason is Reason.DRAW_AGREED) or \
            (winner is not None and winner not in game.start.SIDES):
        raise RulesError("the saved game's result is damaged")
    return Outcome(winner, reason)
