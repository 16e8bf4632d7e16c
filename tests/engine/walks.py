"""Lines of moves nobody wrote by hand: seeded walks over the legal moves.

`walk(start, steps, seed)` plays one move per letter of `steps`:

- `q` a quiet move: it captures nothing and takes the king to no corner he
  had not visited;
- `x` a move that captures (the game goes on);
- `c` a king's move onto a corner he had not visited (capturing nothing).

No move of the line ends the game, and no position of the line occurs twice,
so no repetition rule can end it either.  Where a step finds no such move the
walk takes back the previous one and tries another (depth first, the moves of
each position in a seeded random order).  What a move did is read from the
engine's own account (`Effects.captured`) and from the VISITED field of the
position codes, not from the no-progress count under test.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from game.rules import from_code

STEPS = "qxc"


def visited_field(code: str) -> str:
    return code.split(" ")[3]


def kind_of(before, after, captured: bool) -> str | None:
    """`x`, `c` or `q`: what a move from the position `before` to `after` did;
    None for a move that ends the game."""
    if after.outcome() is not None:
        return None
    if captured:
        return "x"
    return "c" if visited_field(after.code()) != visited_field(before.code()) else "q"


def walk(start: str, steps: str, seed: int, *, keep: Callable[[str], bool] | None = None,
         attempts: int = 200, tries: int = 2_000) -> list[str]:
    """The moves of a line from the code `start` doing `steps` (see the module),
    every position of it a code `keep` accepts, if given: depth first, each
    attempt with its own seeded order and at most `tries` moves tried, so a
    line that went wrong early is started again rather than searched to the
    end."""
    assert set(steps) <= set(STEPS), steps
    for attempt in range(attempts):
        rng = random.Random(f"{seed}-{attempt}")
        line = _attempt(from_code(start), steps, rng, tries, keep or (lambda code: True))
        if line is not None:
            return line
    raise AssertionError(f"no line {steps!r} from {start!r} with seed {seed}")


class _OutOfTries(Exception):
    pass


def _attempt(start, steps: str, rng: random.Random, tries: int,
             keep: Callable[[str], bool]) -> list[str] | None:
    seen = {start.code()}
    line: list[str] = []
    left = [tries]

    def extend(position, step: int) -> bool:
        if step == len(steps):
            return True
        moves = list(position.legal_moves())
        rng.shuffle(moves)
        for move in moves:
            left[0] -= 1
            if left[0] < 0:
                raise _OutOfTries
            played = position.play(move)
            after = played.position
            code = after.code()
            if code in seen or not keep(code) or \
                    kind_of(position, after, bool(played.effects.captured)) != steps[step]:
                continue
            seen.add(code)
            line.append(position.move_text(move))
            if extend(after, step + 1):
                return True
            line.pop()
            seen.discard(code)
        return False

    try:
        return line if extend(start, 0) else None
    except _OutOfTries:
        return None
