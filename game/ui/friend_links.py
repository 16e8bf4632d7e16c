"""A friend's link arriving (from the page's address, `--open`, or pasted in
the Friends scene): read, applied to the games with friends kept here by
the rules of game/friends, and said in one line.  No pygame here."""

from __future__ import annotations

from ..friends import Applied, LinkError, Verdict, read_friend_link, receive_link
from .code_errors import explain
from .i18n import side_name, t
from .play import Play, move_number

# The verdicts that put the game on its board; the others change nothing and only say so.
OPENED = (Verdict.NEW, Verdict.NEWER, Verdict.SAME, Verdict.OWN_LATEST)


def receive(ctx, text: str) -> tuple[str, Play | None]:
    """The line to tell the player, and the game to open (None: the link
    changed nothing the player needs to see, or held no game)."""
    try:
        link = read_friend_link(text)
    except LinkError as error:
        return explain(error), None
    applied = receive_link(ctx.storage, link)
    ctx.take_storage_notices()
    arrived = applied.verdict in (Verdict.NEW, Verdict.NEWER)
    play = Play.from_friend_game(applied.game, arrived) if applied.verdict in OPENED else None
    return verdict_text(applied, link.game.move_texts()), play


def verdict_text(applied: Applied, link_moves: list[str]) -> str:
    entry, verdict = applied.game, applied.verdict
    game = t(f"game.{entry.game.game}")
    if verdict == Verdict.DIVERGED:
        return t("friend.diverged", game=game,
                 number=move_number(first_difference(entry.game.move_texts(), link_moves)))
    if verdict in (Verdict.OLDER, Verdict.SAME, Verdict.OWN_LATEST):
        return t(f"friend.{verdict.value}", game=game)
    if entry.over:
        return t("friend.ended", game=game)
    if entry.offer_by == entry.friend_side:
        return t("friend.draw_offered", game=game)
    if verdict == Verdict.NEW:
        return t("friend.new", game=game, side=side_name(entry.my_side))
    return t("friend.your_move", game=game)


def first_difference(kept: list[str], arrived: list[str]) -> int:
    """The first ply (from 1) where two games' moves differ (or one ends)."""
    for ply, (one, two) in enumerate(zip(kept, arrived, strict=False), 1):
        if one != two:
            return ply
    return min(len(kept), len(arrived)) + 1
