"""A friend game's link: the whole game (the compact form of shared links,
docs/records.md), the game's id, the side of the player who sent it, and
whether that player offers a draw.  No pygame here.

    f1.<id>.<sender's side>[.o].t1.<game>.<edition>.<plies>.<moves>[.s…][.r…|.d]

A link may come as the page's whole address (`https://…/#f1.…`), as its
fragment, or inside a longer text (the desktop copies the record after it).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..rules.base import RulesError
from ..rules.record import Game
from ..rules.transcript import LINK_VERSION, RecordError, read_link, write_link

FRIEND_VERSION = "f1"
OFFER_FIELD = "o"
_ID = re.compile(r"[A-Za-z0-9]{6,32}", re.ASCII)
# The link in a text: after a `#`, or a word of its own.
_FOUND = re.compile(r"(?:^|[#\s])(" + FRIEND_VERSION + r"\.[A-Za-z0-9_.,/-]+)", re.ASCII)


class LinkError(RecordError):
    """A friend link that holds no usable game.  Kinds: not_friend_link,
    friend_no_id, friend_no_game, friend_no_side, and those of the game's own
    link (bad_link, old_rules)."""


@dataclass(frozen=True)
class FriendLink:
    """What one friend link says: game `game_id`, as it stands after the
    player of side `sender` acted (moved, resigned, accepted a draw), with
    that player's draw offer if `offer`."""

    game_id: str
    sender: str
    game: Game
    offer: bool = False


def write_friend_link(link: FriendLink) -> str:
    """The link's fragment (what follows the page address's `#`)."""
    fields = [FRIEND_VERSION, link.game_id, link.sender]
    if link.offer:
        fields.append(OFFER_FIELD)
    return ".".join(fields) + "." + write_link(link.game)


def find_friend_link(text: str) -> str | None:
    """The friend link's fragment in `text` (an address, a fragment, or a
    text holding one); None when there is none."""
    found = _FOUND.search(text.strip())
    return found.group(1) if found else None


def is_friend_link(text: str) -> bool:
    return find_friend_link(text) is not None


def read_friend_link(text: str) -> FriendLink:
    """The friend link in `text`; LinkError, one line, when there is none or it is damaged."""
    fragment = find_friend_link(text)
    if fragment is None:
        raise LinkError("this is not a link to a friend's game", "not_friend_link")
    fields = fragment.split(".")
    head = fields[:4] if len(fields) > 3 and fields[3] == OFFER_FIELD else fields[:3]
    if len(head) < 3 or not _ID.fullmatch(head[1]):
        raise LinkError("the friend link is damaged: its game id is missing", "friend_no_id")
    rest = ".".join(fields[len(head):])
    if not rest.startswith(LINK_VERSION + "."):
        raise LinkError("the friend link is damaged: it holds no game", "friend_no_game")
    try:
        game = read_link(rest)
    except RecordError as error:
        raise LinkError(str(error), error.kind, error.game) from None
    except RulesError as error:  # a rules error that is no record's: still one line
        raise LinkError(f"the link's game is damaged: {error}", "bad_link", game=None) from None
    if head[2] not in game.start.SIDES:
        raise LinkError("the friend link is damaged: it names no side of the game",
                        "friend_no_side", game.game)
    return FriendLink(head[1], head[2], game, offer=len(head) == 4)
