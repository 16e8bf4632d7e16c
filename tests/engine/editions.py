"""Brandubh saves and links as the rules' second edition wrote them.

That edition had no no-progress draw, so its games may run on past 100
quiet plies; today's `Game` cannot write such a game, so these helpers
write it from the positions alone.
"""

from __future__ import annotations

import base64

from game.rules import from_code

BRANDUBH = "brandubh 1A1A1A1/A5A/2DDD2/A1DKD1A/2DDD2/A5A/1A1A1A1 a -"


def second_edition_save(moves: list[str], cursor: int | None = None,
                        ending: dict | None = None) -> dict:
    """A Brandubh save's game as the second edition wrote it."""
    return {"version": 1, "edition": 2, "start": BRANDUBH, "moves": moves,
            "cursor": len(moves) if cursor is None else cursor, "ending": ending}


def second_edition_link(moves: list[str]) -> str:
    """A Brandubh link as the second edition wrote it: each move's place among
    the position's legal moves sorted by notation, as the digits of one
    mixed-radix number (docs/records.md), in base64url."""
    position, number, weight = from_code(BRANDUBH), 0, 1
    for text in moves:
        choices = sorted(position.move_text(m) for m in position.legal_moves())
        number += choices.index(text) * weight
        weight *= len(choices)
        position = position.play(position.parse_move(text)).position
    raw = number.to_bytes((number.bit_length() + 7) // 8, "big")
    encoded = base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")
    return f"t1.brandubh.2.{len(moves)}.{encoded}"
