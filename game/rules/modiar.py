"""Modiar: a two-row, three-pit mancala from northern Morocco (docs/rules.md, Modiar).

Six pits, seven stones in each, no stores.  South owns the near row, North the
far row.  Stones travel counter-clockwise, so seen from South's chair the
cycle is::

        N3 <-- N2 <-- N1         North's row (N1 is North's left)
        |              ^
        v              |
        S1 --> S2 --> S3         South's row (S1 is South's left)

    index:  S1=0  S2=1  S3=2  N1=3  N2=4  N3=5
    sowing: 0 -> 1 -> 2 -> 3 -> 4 -> 5 -> 0 -> ...

Rules in brief:

* On your turn pick one of your own pits with two or more stones in it.
* Lift them all.  The first stone drops straight back into that same pit, the
  rest go one per pit along the cycle.  A move is one sowing: the last stone
  never starts another lift, and with seven or more stones the sowing simply
  passes the starting pit and drops one there too (twelve or more: twice).
* If the last stone leaves its pit (on either side) at 2, 4 or 6 stones, you
  take that pit.  Then look at the pit before it (clockwise, against the
  sowing) and keep taking while pits hold 2, 4 or 6; any other count stops
  the walk, and it never wraps back to the pit where it began.
* The game's very first move captures nothing: the stones stay put.
* A move that would take stones from the opponent and leave all three of
  their pits empty (a grand slam) is illegal.  If the opponent's row is
  already empty, you must sow into it if any legal move does.
* When the player to move has no legal move, the game ends: each side counts
  its captures plus the stones in its own pits.  Of the 42 stones, more wins;
  21-21 is a draw.

A position code is ``modiar S1,S2,S3,N1,N2,N3 CAPS,CAPN SIDE FIRST``, where
FIRST is 1 when the next move is the game's first (docs/rules.md, Position codes).

Each rule is written once, as a kernel on plain tuples (`moves_in_frame`,
`sow_and_capture`, `board_margin`, `rotate`, `drops`, at the end of this
module): `ModiarPosition` runs on them, and so do the AI (game/ai/modiar.py),
which must make millions of moves, and tools/modiar_solve.py.
"""

from __future__ import annotations

import re
from collections.abc import Hashable, Sequence

from .base import CodeError, Effects, IllegalMove, Outcome, Played, Reason, short
from .codes import parse_side, split_fields
from .spec import GameSpec

GAME = "modiar"
SIDES = ("s", "n")
PIT_NAMES = ("S1", "S2", "S3", "N1", "N2", "N3")
PITS = 6
TOTAL = 42
START_CODE = "modiar 7,7,7,7,7,7 0,0 s 1"

# Which pit indices each side owns, by side letter.
_OWN = {"s": (0, 1, 2), "n": (3, 4, 5)}
_CAPTURING = frozenset((2, 4, 6))
_FIELDS = ("S1,S2,S3,N1,N2,N3", "CAPS,CAPN", "SIDE", "FIRST")
_PIT_INDEX = {name: index for index, name in enumerate(PIT_NAMES)}


def pits_of(side: str) -> tuple[int, ...]:
    """The pit indices `side` ("s" or "n") owns and sows from."""
    return _OWN[side]
# No count can exceed the 42 stones, so more than two digits is always wrong;
# checking the length first keeps int() away from megabyte-long digit strings.
_MAX_DIGITS = 2
_NUMBER = re.compile(r"0|[1-9][0-9]*", re.ASCII)


class ModiarPosition:
    """An immutable Modiar position: pit counts, captures, side, first-move flag."""

    GAME = GAME
    SIDES = SIDES
    __slots__ = ("_frame_moves", "captured", "first", "pits", "side")

    pits: tuple[int, ...]
    captured: tuple[int, int]
    side: str
    first: bool

    def __init__(self, pits: tuple[int, ...], captured: tuple[int, int], side: str,
                 first: bool) -> None:
        # object.__setattr__ because our own __setattr__ forbids changes.
        object.__setattr__(self, "pits", tuple(pits))
        object.__setattr__(self, "captured", (captured[0], captured[1]))
        object.__setattr__(self, "side", side)
        object.__setattr__(self, "first", bool(first))
        object.__setattr__(self, "_frame_moves", None)  # see frame_moves

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("ModiarPosition is immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("ModiarPosition is immutable")

    def __reduce__(self) -> tuple[object, ...]:
        # pickle/copy would otherwise restore slots through the blocked __setattr__.
        return (ModiarPosition, (self.pits, self.captured, self.side, self.first))

    def _key(self) -> tuple[object, ...]:
        return (self.pits, self.captured, self.side, self.first)

    @property
    def key(self) -> tuple[object, ...]:
        """The position as plain data (see base.Position.key)."""
        return self._key()

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ModiarPosition):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return f"ModiarPosition({self.code()!r})"

    # -- moves -------------------------------------------------------------

    def legal_moves(self) -> list[int]:
        """The pits the side to move may play, ascending; [] when the game is over."""
        own_row = _OWN[self.side][0]
        return [slot + own_row for slot, _, _ in self.frame_moves()]

    def frame_moves(self) -> list[FrameMove]:
        """`moves_in_frame` of this position, under its first-move rule, found once:
        the search asks for the moves (to see whether the game is over, to order
        and play them, for the evaluation) several times per position.  The list
        is shared: read it, do not change it."""
        moves = self._frame_moves
        if moves is None:
            moves = moves_in_frame(self.frame_pits(), self.first)
            object.__setattr__(self, "_frame_moves", moves)
        return moves

    def play_position(self, move: int) -> ModiarPosition:
        """`play(move).position` without the effects record: the search's fast
        path, reading the child that `frame_moves` already sowed."""
        slot = move - _OWN[self.side][0]
        for found in self.frame_moves():
            if found[0] == slot:
                _, child, gain = found
                break
        else:
            raise IllegalMove(f"{PIT_NAMES[move]} is not a move here")
        # The child is in the opponent's frame: South's order when North moved.
        pits = child if self.side == SIDES[1] else rotate(child)
        south, north = self.captured
        captured = (south + gain, north) if self.side == SIDES[0] else (south, north + gain)
        return ModiarPosition(pits, captured, _other(self.side), False)

    def play(self, move: int) -> Played:
        """Play a legal move (not checked) and say what it sowed and captured."""
        pits, taken, gain = sow_and_capture(self.pits, move, self.first)
        sown = drops(move, self.pits[move])
        if self.first:
            effects = Effects(sown=sown, forfeited=taken)
        else:
            effects = Effects(sown=sown, captured=taken)
        captured = list(self.captured)
        captured[SIDES.index(self.side)] += gain
        after = ModiarPosition(tuple(pits), (captured[0], captured[1]),
                               _other(self.side), False)
        return Played(after, effects)

    def frame_pits(self) -> tuple[int, ...]:
        """The pits in the mover's frame: the side to move's own row first (see rotate)."""
        return self.pits if self.side == SIDES[0] else rotate(self.pits)

    # -- the end -----------------------------------------------------------

    def outcome(self) -> Outcome | None:
        """The result when the side to move has no legal move, else None."""
        if self.frame_moves():
            return None
        return self.final_outcome(Reason.NO_LEGAL_MOVE)

    def count_parts(self, side: str) -> tuple[int, int]:
        """What `side` scores if the game ends here: (stones it captured, stones
        left in its own pits)."""
        return self.captured[SIDES.index(side)], sum(self.pits[pit] for pit in _OWN[side])

    def final_outcome(self, reason: Reason) -> Outcome:
        """Score the position as it stands: captures plus stones in own pits."""
        south, north = (sum(self.count_parts(side)) for side in SIDES)
        winner = "s" if south > north else "n" if north > south else None
        return Outcome(winner, reason, (south, north))

    # -- text --------------------------------------------------------------

    def code(self) -> str:
        pits = ",".join(str(count) for count in self.pits)
        captured = f"{self.captured[0]},{self.captured[1]}"
        return f"{GAME} {pits} {captured} {self.side} {int(self.first)}"

    def move_text(self, move: int) -> str:
        return PIT_NAMES[move]

    def parse_move(self, text: str) -> int:
        """The pit index for `S1`..`N3` (either case, surrounding space allowed)."""
        if not isinstance(text, str):
            raise IllegalMove("a move must be text such as S2")
        name = text.strip()
        # isascii first: str.upper() maps some non-ASCII letters (the long s) to 'S'.
        if name.isascii() and name.upper() in _PIT_INDEX:
            return _PIT_INDEX[name.upper()]
        raise IllegalMove(f"unknown move {short(name)}; a modiar move is a pit, "
                          "S1 S2 S3 N1 N2 N3")

    def repetition_key(self) -> Hashable:
        """Six pit counts and side to move: what the third-occurrence rule compares."""
        return (self.pits, self.side)


# -- the rules on plain tuples: the kernels the AI and the solver use too ------------
#
# Sowing and capture run the same way round the cycle from any pit, so
# `sow_and_capture` and `drops` work on pits numbered from South's chair (as
# positions hold them) or from the mover's.  The legality rules (grand slam,
# feeding) speak of "my row" and "the opponent's row", so `moves_in_frame`
# works in the mover's frame: the side to move owns pits 0, 1, 2 and the
# opponent 3, 4, 5.  South's pits are already in that frame; North's are
# turned by `rotate`.

FrameMove = tuple[int, tuple[int, ...], int]  # (own pit 0-2, child turned for the opponent, gain)


def _other(side: str) -> str:
    return SIDES[1] if side == SIDES[0] else SIDES[0]


def rotate(pits: Sequence[int]) -> tuple[int, ...]:
    """The half-turn of the board: each row becomes the other's (South's frame <-> North's)."""
    return (*pits[3:], *pits[:3])


def drops(origin: int, stones: int) -> tuple[int, ...]:
    """Where the stones lifted from `origin` fall, in order: stone i into origin + i.

    The first stone goes back into the origin; one sowing, so seven or more
    stones pass the origin and drop there again (and again from twelve).
    """
    return tuple((origin + i) % PITS for i in range(stones))


def sow_and_capture(pits: Sequence[int], origin: int,
                    first: bool = False) -> tuple[list[int], tuple[int, ...], int]:
    """Sow `origin` and take the capture run: the pits after, the run, the stones taken.

    The run is the pit the last stone fell in if it now holds 2, 4 or 6, then
    the pits before it while they do (`_capture_run`).  On the game's
    first move the run is forfeited: its stones stay and the gain is 0.
    Legality is not checked (see `moves_in_frame`).
    """
    stones = pits[origin]
    # The drops of `drops`, counted in whole laps: every pit gets one stone a
    # lap, and the first `extra` pits from the origin one more.
    laps, extra = divmod(stones, PITS)
    # (Most sowings go less than once round: then the pits are only copied.)
    after = [count + laps for count in pits] if laps else list(pits)
    after[origin] = laps
    for step in range(extra):
        after[(origin + step) % PITS] += 1
    last = (origin + stones - 1) % PITS
    if after[last] not in _CAPTURING:
        return after, (), 0  # most moves: nothing taken
    run = _capture_run(after, last)
    if first:
        return after, run, 0
    gain = 0
    for pit in run:
        gain += after[pit]
        after[pit] = 0
    return after, run, gain


def _capture_run(after: Sequence[int], last: int) -> tuple[int, ...]:
    """The pits taken when the last stone made `last` hold 2, 4 or 6: it, then backwards.

    At most the five other pits are walked, so the chain never comes back round
    to the landing pit.
    """
    taken = [last]
    for step in range(1, PITS):
        pit = (last - step) % PITS
        if after[pit] not in _CAPTURING:
            break
        taken.append(pit)
    return tuple(taken)


def moves_in_frame(pits: Sequence[int], first: bool = False) -> list[FrameMove]:
    """The mover's legal moves in its own frame (it owns pits 0-2), ascending.

    Each is (pit, child, gain): the child is the board after the move turned
    round for the opponent, who moves next (its own row first), and gain the
    stones taken.  `first` says this is the game's first move, whose captures
    are forfeited (so it can be no grand slam either).  [] when the game is over.
    This is the engine's own move generator: `ModiarPosition.legal_moves` and
    the AI both read it.
    """
    moves: list[FrameMove] = []
    feeding: list[bool] = []
    for origin in range(3):
        stones = pits[origin]
        if stones < 2:
            continue  # a single stone, or none, cannot be sown
        after, run, gain = sow_and_capture(pits, origin, first)
        if gain and not any(after[3:]) and any(pit >= 3 for pit in run):
            continue  # a grand slam: it would take the opponent's last stones
        moves.append((origin, (*after[3:], *after[:3]), gain))
        # Stone i falls in origin + i, so the opponent's row (pit 3 on) is reached
        # once there are more than 3 - origin stones.
        feeding.append(stones > 3 - origin)
    if not any(pits[3:]) and any(feeding):
        # The opponent has no stones left: a move that gives it some is required.
        moves = [move for move, feeds in zip(moves, feeding, strict=True) if feeds]
    return moves


def board_margin(pits: Sequence[int]) -> int:
    """What the board adds to the mover's lead when the game ends now (mover's frame).

    Each side keeps the stones in its own pits (as `final_outcome` scores them):
    the mover's row minus the opponent's.
    """
    return sum(pits[:3]) - sum(pits[3:])


# -- codes -----------------------------------------------------------------------


def from_code(code: str) -> ModiarPosition:
    """Read a position code, or raise CodeError with a one-line reason."""
    if not isinstance(code, str):
        raise CodeError("a position code is text", "not_text")
    if not code.strip():
        raise CodeError("the position code is empty", "unknown_game")
    head = code.strip().split(" ", 1)[0]
    if head != GAME:
        raise CodeError(f"not a {GAME} code: it starts with {short(head)}", "unknown_game")
    pits_field, captured_field, side_field, first_field = split_fields(code, GAME, _FIELDS)
    pits = _counts(pits_field, PIT_NAMES, "pit counts")
    captured = _counts(captured_field, ("CAPS", "CAPN"), "captured counts")
    total = sum(pits) + sum(captured)
    if total != TOTAL:
        raise CodeError(f"the stones total {total} (pits {sum(pits)} + captured "
                        f"{sum(captured)}), expected {TOTAL}", "stone_total")
    side = parse_side(side_field, GAME, SIDES)
    if first_field not in ("0", "1"):
        raise CodeError(f"FIRST must be 0 or 1, got {short(first_field)}", "first_flag")
    return ModiarPosition(pits, (captured[0], captured[1]), side, first_field == "1")


def _counts(field: str, names: tuple[str, ...], what: str) -> tuple[int, ...]:
    """Parse a comma-separated list of exactly len(names) stone counts."""
    items = field.split(",")
    if len(items) != len(names):
        raise CodeError(f"expected {len(names)} {what} ({','.join(names)}), got {len(items)}",
                        "stone_count")
    return tuple(_count(item, name) for item, name in zip(items, names, strict=True))


def _count(text: str, name: str) -> int:
    """One stone count: plain ASCII digits, no sign, no leading zero, at most 42."""
    if not text:
        raise CodeError(f"{name} count is missing", "stone_count")
    negative = text.startswith("-")
    digits = text[1:] if negative else text
    if not _NUMBER.fullmatch(digits):
        # Codes must round-trip exactly, so "07" is refused rather than read as 7.
        if len(digits) > 1 and digits.isdigit() and digits[0] == "0":
            raise CodeError(f"{name} count {short(text)} has a leading zero", "stone_count")
        raise CodeError(f"{name} count {short(text)} is not a number", "stone_count")
    if negative:
        # "-0" is not negative, just not how a count is written.
        problem = "is not a number" if digits == "0" else "is negative"
        raise CodeError(f"{name} count {short(text)} {problem}", "stone_count")
    if len(digits) > _MAX_DIGITS:
        raise CodeError(f"{name} count {short(text)} is more than the {TOTAL} stones "
                        "in the game", "stone_count")
    return int(digits)


def start() -> ModiarPosition:
    """The opening position: seven stones a pit, South to play the first move."""
    return from_code(START_CODE)


def _scored_as_it_stands(position: ModiarPosition) -> Outcome:
    return position.final_outcome(Reason.REPETITION)


# A position's third occurrence ends the game, scored like a game with no move left.
SPEC = GameSpec(name=GAME, sides=SIDES, start_code=START_CODE, parse=from_code,
                code_fields=_FIELDS, cells=PITS, cell_name=PIT_NAMES.__getitem__,
                repetition_limit=3, repetition_outcome=_scored_as_it_stands)
