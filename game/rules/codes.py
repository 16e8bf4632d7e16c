"""Reading and writing the text of position codes (docs/rules.md, Position codes).

Only the shared grammar lives here: splitting a code into fields and the
run-length BOARD field.  What a valid position is belongs to each game.

A board is returned as a string of one character per square, rank by rank
from the top of the diagram, `.` for an empty square — the same layout every
engine uses for its square indices.
"""

from __future__ import annotations

import re

from .base import CodeError, check_ascii, short

EMPTY = "."
_TOKEN = re.compile(r"[1-9][0-9]*|[A-Za-z]|.", re.ASCII)


def split_fields(code: str, game: str, names: tuple[str, ...]) -> list[str]:
    """Split a code into its fields after the game name, checking their count.

    Surrounding white space (a pasted newline) is forgiven; inside, fields are
    separated by exactly one space.
    """
    check_ascii(code.strip(), "a position code")
    parts = code.strip().split(" ")
    if "" in parts:
        raise CodeError("fields of a position code are separated by single spaces", "spacing")
    if len(parts) != len(names) + 1:
        expected = " ".join((game, *names))
        raise CodeError(f"a {game} code has {len(names) + 1} fields ({expected}), got {len(parts)}",
                        "field_count")
    return parts[1:]


def parse_board(field: str, size: int, letters: str, *, rows_from_top: bool = False) -> str:
    """Expand a run-length BOARD field of `size` ranks into one char a square.

    Error messages name a rank as the game's notation does: tafl ranks count
    from the bottom, Reversi rows (`rows_from_top`) from the top.
    """
    ranks = field.split("/")
    if len(ranks) != size:
        raise CodeError(f"the board has {len(ranks)} ranks, expected {size}", "board_shape")
    return "".join(_parse_rank(rank, size, letters, i + 1 if rows_from_top else size - i)
                   for i, rank in enumerate(ranks))


def _parse_rank(text: str, size: int, letters: str, number: int) -> str:
    squares: list[str] = []
    for token in _TOKEN.findall(text):
        if token == "0":
            raise CodeError(f"rank {number} has an empty run of 0 squares", "board_shape")
        if token.isdigit():
            if len(token) > 2 or int(token) > size:
                raise CodeError(f"rank {number} has a run of {short(token)} empty squares, "
                                f"more than the board's {size} files", "board_shape")
            squares.append(EMPTY * int(token))
        elif token in letters:
            squares.append(token)
        else:
            raise CodeError(f"unknown letter {token!r} in rank {number} "
                            f"(expected {', '.join(letters)} or a number)", "bad_piece")
    row = "".join(squares)
    if len(row) != size:
        raise CodeError(f"rank {number} has {len(row)} squares, expected {size}", "board_shape")
    return row


def format_board(board: str, size: int) -> str:
    """The run-length BOARD field of a one-char-a-square board."""
    ranks = []
    for start in range(0, size * size, size):
        row = board[start:start + size]
        ranks.append(re.sub(r"\.+", lambda run: str(len(run.group())), row))
    return "/".join(ranks)


def parse_side(field: str, game: str, sides: tuple[str, str]) -> str:
    """Check the SIDE field against the game's two side letters."""
    if field in sides:
        return field
    if field in ("a", "d", "b", "w", "s", "n"):
        raise CodeError(f"side {field!r} belongs to another game; {game} sides are "
                        f"{sides[0]} or {sides[1]}", "bad_side")
    raise CodeError(f"unknown side {short(field)}; {game} sides are {sides[0]} or {sides[1]}",
                    "bad_side")
