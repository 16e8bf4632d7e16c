"""A position code or game record the engine refused, said in plain words to a player.

The engine's messages are precise and in English, for the command line; a
player gets one translated sentence chosen by the error's `kind`, with the
game's name from the catalogue.  Both the code dialog and the board scene use
`explain`, so a refused code reads the same wherever it is refused.
"""

from __future__ import annotations

from ..rules import GAME_NAMES
from ..rules.base import RulesError
from ..rules.modiar import TOTAL as MODIAR_STONES
from .i18n import t

# Kinds whose sentence does not name a game.
_WITHOUT_GAME = frozenset({"unknown_game", "not_text", "not_ascii", "spacing"})
_WITH_GAME = frozenset({"field_count", "board_shape", "bad_piece", "bad_side", "piece_count",
                        "piece_placement", "visited", "stone_count", "stone_total",
                        "first_flag"})
# A game record's own faults (game/rules/transcript.py); a record whose start
# code is bad keeps that code's kind, so it reads like a refused code.
_RECORD = {"illegal_move": "record_error.move", "bad_mark": "record_error.mark",
           "move_number": "record_error.number", "bad_result": "record_error.result",
           "wrong_result": "record_error.result", "after_result": "record_error.result",
           "empty": "record_error.empty", "bad_link": "record_error.link",
           "too_long": "record_error.too_long", "not_friend_link": "friend.not_link",
           "friend_no_id": "friend.no_id", "friend_no_game": "friend.no_game",
           "friend_no_side": "friend.no_side"}


def explain(error: RulesError) -> str:
    """The player's sentence for a refused code (a generic one for any other kind)."""
    kind = getattr(error, "kind", "other")
    if kind == "not_text":
        kind = "unknown_game"
    if kind in _WITHOUT_GAME:
        return t(f"code_error.{kind}")
    game = getattr(error, "game", None)
    if kind in _RECORD:
        return t(_RECORD[kind], move=getattr(error, "move", None) or "?",
                 line=getattr(error, "line", None) or "?")
    if kind == "old_rules" and game in GAME_NAMES:
        return t("record_error.old_rules", game=t(f"game.{game}"))
    if kind in _WITH_GAME and game in GAME_NAMES:
        return t(f"code_error.{kind}", game=t(f"game.{game}"), total=MODIAR_STONES)
    return t("code_error.generic")
