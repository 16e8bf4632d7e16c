"""Every finished game kept: the history of games that ended (any mode), its
statistics and its export as one text of records.  No pygame here.

The history is one stored value, the newest game last; a game is kept by its
id, so a game that is taken back after it ended and ends again is kept once,
in its final version.  Only the last `HISTORY_LIMIT` games are kept.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..platform.storage import Storage
from ..rules import GAME_NAMES, spec
from ..rules.base import RulesError
from ..rules.record import Game
from ..rules.transcript import write_record

HISTORY_KEY = "history"
HISTORY_LIMIT = 500
MODES = ("computer", "hotseat", "friend", "watch")  # the stored strings of game/ui/players.Mode
PERSONAL = ("computer", "friend")  # modes where the person plays one side: won or lost is theirs


@dataclass(frozen=True)
class Finished:
    """One finished game as the history keeps it."""

    game_id: str
    date: float  # seconds since the epoch, when it ended
    game: str
    mode: str
    human_side: str  # the person's side against the computer, else ""
    level: str  # the computer's level ("" on one device); watched, the first side's
    winner: str | None  # the winning side, None for a draw
    reason: str
    record: dict[str, Any]  # game/rules/record.Game.to_dict
    # Watched, the level of the side that moves second ("": `level`, as in
    # entries kept before each side had its own); "" in every other mode.
    second_level: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.game_id, "date": self.date, "game": self.game, "mode": self.mode,
                "human_side": self.human_side, "level": self.level, "winner": self.winner,
                "reason": self.reason, "record": self.record, "second_level": self.second_level}

    @staticmethod
    def from_dict(data: Any) -> Finished:
        """A stored entry; RulesError when anything in it is unusable."""
        if not isinstance(data, dict):
            raise RulesError("a kept game is damaged")
        fields = ("id", "game", "mode", "human_side", "level", "reason")
        if not all(isinstance(data.get(f), str) for f in fields) \
                or not isinstance(data.get("date"), int | float) \
                or data["game"] not in GAME_NAMES or data["mode"] not in MODES \
                or not (data.get("winner") is None or isinstance(data.get("winner"), str)) \
                or not isinstance(data.get("second_level", ""), str):
            raise RulesError("a kept game is damaged")
        entry = Finished(data["id"], float(data["date"]), data["game"], data["mode"],
                         data["human_side"], data["level"], data.get("winner"),
                         data["reason"], data.get("record"), data.get("second_level", ""))
        if entry.to_game().game != entry.game:
            raise RulesError("a kept game is damaged")
        return entry

    def side_levels(self) -> dict[str, str]:
        """Each side's computer level, by side: both sides' when watched, the
        computer's side against the person, none on one device or by link."""
        sides = _sides(self)
        if self.mode == "watch":
            return {sides[0]: self.level, sides[1]: self.second_level or self.level}
        if self.mode == "computer":
            return {side: self.level for side in sides if side != self.human_side}
        return {}

    def to_game(self) -> Game:
        """The record, ready for the board (RulesError when it is unusable)."""
        return Game.from_dict(self.record)


def finished_entry(game_id: str, date: float, setup: Any, game: Game) -> Finished:
    """The history's entry for `game`, which has ended, played with `setup`
    (game/ui/players.Setup)."""
    outcome = game.outcome()
    if outcome is None:
        raise ValueError("a game in progress is not kept in the history")
    mode = str(setup.mode)
    return Finished(game_id, date, setup.game, mode,
                    setup.human_side if mode in PERSONAL else "",
                    setup.level if mode in ("computer", "watch") else "",
                    outcome.winner, outcome.reason.value, game.to_dict(),
                    setup.second_level if mode == "watch" else "")


def load_history(storage: Storage) -> list[Finished]:
    """The kept games, oldest first.  Entries that cannot be read are dropped
    from the list, and the stored value as it was is set aside first (with a
    notice), so nothing that could be kept is lost."""
    data = storage.load(HISTORY_KEY)  # unreadable JSON is set aside by the storage itself
    if data is None:
        return []
    stored = data.get("games") if isinstance(data, dict) else None
    if not isinstance(stored, list):
        storage.set_aside(HISTORY_KEY, f"damaged:{HISTORY_KEY}")
        return []
    kept: list[Finished] = []
    for item in stored:
        try:
            kept.append(Finished.from_dict(item))
        except RulesError:
            continue
    if len(kept) < len(stored):
        storage.set_aside(HISTORY_KEY, f"damaged:{HISTORY_KEY}")
        _save(storage, kept)  # the readable games stay in the history
    return kept


def games_played(storage: Storage) -> set[str]:
    """The names of the games the history holds one of at least, read from
    its entries without rebuilding their records (the whole history takes
    seconds to read in full); an entry that does not name a game counts for
    none, and nothing is set aside here (`load_history` does that)."""
    data = storage.load(HISTORY_KEY)
    stored = data.get("games") if isinstance(data, dict) else None
    if not isinstance(stored, list):
        return set()
    return {item["game"] for item in stored
            if isinstance(item, dict) and item.get("game") in GAME_NAMES}


def keep_finished(storage: Storage, entry: Finished) -> bool:
    """Add `entry` as the newest game, replacing an earlier version of the same
    game; the oldest games beyond the limit are dropped.  True when the history
    is written to lasting storage (False: it is kept only while the app runs)."""
    games = [kept for kept in load_history(storage) if kept.game_id != entry.game_id]
    games.append(entry)
    return _save(storage, games[-HISTORY_LIMIT:])


def _save(storage: Storage, games: list[Finished]) -> bool:
    return storage.save(HISTORY_KEY, {"games": [entry.to_dict() for entry in games]})


def newest_first(games: list[Finished], game: str | None = None) -> list[Finished]:
    """The games to list: the newest first, only `game`'s when one is given."""
    chosen = [entry for entry in games if game is None or entry.game == game]
    return sorted(chosen, key=lambda entry: entry.date, reverse=True)


def export_text(games: list[Finished]) -> str:
    """The whole history as one text: each game's record (oldest first), a
    blank line between them."""
    records: list[str] = []
    for entry in games:
        try:
            records.append(write_record(entry.to_game()))
        except RulesError:
            continue  # checked on loading; a record the rules now refuse is left out
    return "\n".join(records)


@dataclass
class Tally:
    won: int = 0
    drawn: int = 0
    lost: int = 0


def statistics(games: list[Finished]) -> dict[tuple[str, str], Tally]:
    """Won/drawn/lost per game and opponent: against the computer, the person's
    results by level (key (game, level)); against friends by link, the
    person's (key (game, "friend")); on one device, each side's results
    (key (game, "side:<side>")).  Games the computer played alone (watched,
    one level a side) are no one's results here: they are not counted."""
    tallies: dict[tuple[str, str], Tally] = {}
    for entry in games:
        if entry.mode == "computer":
            _count(tallies.setdefault((entry.game, entry.level), Tally()),
                   entry.winner, entry.human_side)
        elif entry.mode == "friend":
            _count(tallies.setdefault((entry.game, "friend"), Tally()),
                   entry.winner, entry.human_side)
        elif entry.mode == "hotseat":
            for side in _sides(entry):
                _count(tallies.setdefault((entry.game, f"side:{side}"), Tally()),
                       entry.winner, side)
    return tallies


def _sides(entry: Finished) -> tuple[str, ...]:
    return tuple(spec(entry.game).sides)


def _count(tally: Tally, winner: str | None, side: str) -> None:
    if winner is None:
        tally.drawn += 1
    elif winner == side:
        tally.won += 1
    else:
        tally.lost += 1

