"""Build position codes from ASCII diagrams, so tests read like docs/rules.md.

Written independently of game.rules.codes on purpose: a test's input should
not depend on the code it is testing.
"""

from __future__ import annotations


def board_field(diagram: str) -> str:
    """The BOARD field of a diagram whose rank lines start with their number."""
    ranks = []
    for line in diagram.strip("\n").splitlines():
        tokens = line.split()
        if not tokens or not tokens[0].isdigit():
            continue  # the file letters line
        ranks.append(_run_length(tokens[1:]))
    return "/".join(ranks)


def _run_length(squares: list[str]) -> str:
    out, empty = "", 0
    for square in squares:
        if square == ".":
            empty += 1
            continue
        if empty:
            out, empty = out + str(empty), 0
        out += square
    return out + (str(empty) if empty else "")


def tafl_code(game: str, diagram: str, side: str, visited: str = "-") -> str:
    code = f"{game} {board_field(diagram)} {side}"
    return f"{code} {visited}" if game == "brandubh" else code
