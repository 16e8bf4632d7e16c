"""The games played with friends by link, as this device keeps them, and
the rules for a link that arrives: new, newer, older, the same, one's own
latest, or a different game under the same id.  No pygame here.

The list is one stored value (`FRIENDS_KEY`), versioned like every save;
entries that cannot be read are set aside with the value as it was, and the
readable ones kept, so nothing that could be kept is lost.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any

from ..platform.storage import Storage
from ..rules.base import RulesError, other
from ..rules.record import Game
from .link import FriendLink

FRIENDS_KEY = "friends"
FRIENDS_VERSION = 1
FRIENDS_LIMIT = 60  # the most recent games kept: a finished game is dropped after many more


@dataclass(frozen=True)
class FriendGame:
    """One game with a friend: its id, this player's side, the game as it
    stands here, the standing draw offer (the side that made it), and when
    it last changed here (the date of its last move, sent or received)."""

    game_id: str
    my_side: str
    game: Game
    offer_by: str | None = None
    date: float = 0.0

    @property
    def friend_side(self) -> str:
        return other(self.game.start.SIDES, self.my_side)

    @property
    def over(self) -> bool:
        return self.game.outcome() is not None

    @property
    def my_turn(self) -> bool:
        """This player acts next: their side is to move in a game still going."""
        return not self.over and self.game.position.side == self.my_side

    @property
    def last_actor(self) -> str:
        """The side that acted last: the one that resigned or accepted a draw,
        else the one that moved (the other side is to act)."""
        game, sides = self.game, self.game.start.SIDES
        ending = game.ending
        if ending is not None and ending.winner is not None:
            return other(sides, ending.winner)  # resigned
        if ending is not None:
            return game.position.side  # accepted the draw on their turn
        return other(sides, game.position.side)

    def latest_link(self) -> FriendLink:
        """The link of the game as it stands here, sent by the side that acted last."""
        sender = self.last_actor
        return FriendLink(self.game_id, sender, self.game, offer=self.offer_by == sender)

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.game_id, "side": self.my_side, "game": self.game.to_dict(),
                "offer": self.offer_by, "date": self.date}

    @staticmethod
    def from_dict(data: Any) -> FriendGame:
        """A stored entry; RulesError when anything in it is unusable."""
        if not isinstance(data, dict) or not isinstance(data.get("id"), str) or \
                not isinstance(data.get("date"), int | float):
            raise RulesError("a friend game is damaged")
        game = Game.from_dict(data.get("game"))
        sides = game.start.SIDES
        offer = data.get("offer")
        if data.get("side") not in sides or not (offer is None or offer in sides):
            raise RulesError("a friend game is damaged")
        return FriendGame(data["id"], data["side"], game, offer, float(data["date"]))


def new_friend_game(game_id: str, link: FriendLink, now: float) -> FriendGame:
    """The game a friend's first link starts here: this player has the other side."""
    sides = link.game.start.SIDES
    return FriendGame(game_id, other(sides, link.sender), link.game,
                      link.sender if link.offer else None, now)


class Verdict(StrEnum):
    """What a link does to the game this device has under its id."""

    NEW = "new"  # no game of that id here: it is added
    NEWER = "newer"  # it continues the game here: the game takes its moves
    OLDER = "older"  # the game here is further on: nothing changes
    SAME = "same"  # the game here is this very link's: nothing changes
    OWN_LATEST = "own_latest"  # this player's own latest link: the friend is to act
    DIVERGED = "diverged"  # another game under the same id: refused, nothing changes


def _stage(game: Game, offer: bool) -> int:
    """How far a game has come at its last ply: a move, a draw offered, ended."""
    return 2 if game.ending is not None else 1 if offer else 0


def compare(kept: FriendGame, link: FriendLink) -> Verdict:
    """The verdict on `link` for the game of its id kept here."""
    here, there = kept.game, link.game
    mine, theirs = here.move_texts(), there.move_texts()
    shorter = min(len(mine), len(theirs))
    if here.start.code() != there.start.code() or mine[:shorter] != theirs[:shorter]:
        return Verdict.DIVERGED
    kept_stage = _stage(here, kept.offer_by is not None)
    link_stage = _stage(there, link.offer)
    if len(theirs) != len(mine):
        # A game ended here or there cannot have gone on after its end.
        ended_first = here if len(mine) < len(theirs) else there
        if ended_first.ending is not None:
            return Verdict.DIVERGED
        return Verdict.NEWER if len(theirs) > len(mine) else Verdict.OLDER
    if kept_stage == link_stage == 2 and here.ending != there.ending:
        return Verdict.DIVERGED
    if link_stage != kept_stage:
        return Verdict.NEWER if link_stage > kept_stage else Verdict.OLDER
    return Verdict.OWN_LATEST if link.sender == kept.my_side else Verdict.SAME


@dataclass(frozen=True)
class Applied:
    """A link applied to the list: the verdict, the list after it, and the
    game of the link's id as it now stands here."""

    verdict: Verdict
    games: list[FriendGame]
    game: FriendGame


def apply_link(games: list[FriendGame], link: FriendLink, now: float) -> Applied:
    """The list after `link` arrives: a new game added, a newer one taking
    the link's game; otherwise the list unchanged."""
    kept = next((entry for entry in games if entry.game_id == link.game_id), None)
    if kept is None:
        added = new_friend_game(link.game_id, link, now)
        return Applied(Verdict.NEW, [added, *games], added)
    verdict = compare(kept, link)
    if verdict != Verdict.NEWER:
        return Applied(verdict, games, kept)
    updated = replace(kept, game=link.game, offer_by=link.sender if link.offer else None,
                      date=now)
    return Applied(verdict, put_first(games, updated), updated)


def put_first(games: list[FriendGame], entry: FriendGame) -> list[FriendGame]:
    """The list with `entry` replacing its earlier version, as the most recent."""
    return [entry, *(kept for kept in games if kept.game_id != entry.game_id)][:FRIENDS_LIMIT]


# --- storage ----------------------------------------------------------------------------


def load_friend_games(storage: Storage) -> list[FriendGame]:
    """The games kept here, most recent first."""
    data = storage.load(FRIENDS_KEY)  # unreadable JSON is set aside by the storage itself
    if data is None:
        return []
    stored = data.get("games") if isinstance(data, dict) else None
    if not isinstance(stored, list) or data.get("version") != FRIENDS_VERSION:
        storage.set_aside(FRIENDS_KEY, f"damaged:{FRIENDS_KEY}")
        return []
    kept: list[FriendGame] = []
    for item in stored:
        try:
            kept.append(FriendGame.from_dict(item))
        except RulesError:
            continue
    if len(kept) < len(stored):
        storage.set_aside(FRIENDS_KEY, f"damaged:{FRIENDS_KEY}")
        save_friend_games(storage, kept)  # the readable games stay
    return sorted(kept, key=lambda entry: entry.date, reverse=True)


def save_friend_games(storage: Storage, games: list[FriendGame]) -> None:
    """Keep the list; a storage that cannot write says so once (its notice)."""
    storage.save(FRIENDS_KEY, {"version": FRIENDS_VERSION,
                               "games": [entry.to_dict() for entry in games]})


def keep_friend_game(storage: Storage, entry: FriendGame) -> None:
    """Keep `entry` (a move made, an offer, an ending) as the most recent."""
    save_friend_games(storage, put_first(load_friend_games(storage), entry))


def receive_link(storage: Storage, link: FriendLink, now: float | None = None) -> Applied:
    """Apply `link` to the games kept here, and keep the list if it changed."""
    applied = apply_link(load_friend_games(storage), link,
                         time.time() if now is None else now)
    if applied.verdict in (Verdict.NEW, Verdict.NEWER):
        save_friend_games(storage, applied.games)
    return applied
