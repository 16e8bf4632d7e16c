"""Modiar: a two-row, three-pit mancala from northern Morocco (RULES.md §4).

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
  rest go one per pit along the cycle.  It is a single lap: the last stone
  never starts another lift, and with seven or more stones the sowing simply
  passes the starting pit and drops one there too.
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
FIRST is 1 when the next move is the game's first (RULES.md §5).
"""

from __future__ import annotations

import re
from collections.abc import Hashable

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
    __slots__ = ("captured", "first", "pits", "side")

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
        allowed = [pit for pit in _OWN[self.side]
                   if self.pits[pit] >= 2 and not self._is_grand_slam(pit)]
        if self._opponent_row_empty():
            feeding = [pit for pit in allowed if self._feeds(pit)]
            if feeding:
                return feeding
        return allowed

    def play(self, move: int) -> Played:
        """Play a legal move (not checked) and say what it sowed and captured."""
        pits, sown = _sow(self.pits, move)
        taken = _captures(pits, sown[-1])
        captured = list(self.captured)
        if self.first:
            # The first move's captures are forfeited: stones stay where they are.
            effects = Effects(sown=sown, forfeited=taken)
        else:
            for pit in taken:
                captured[SIDES.index(self.side)] += pits[pit]
                pits[pit] = 0
            effects = Effects(sown=sown, captured=taken)
        after = ModiarPosition(tuple(pits), (captured[0], captured[1]),
                               _other(self.side), False)
        return Played(after, effects)

    def _counted_captures(self, move: int) -> tuple[list[int], tuple[int, ...]]:
        """The pits after sowing `move` and the captures that count (none on move one)."""
        pits, sown = _sow(self.pits, move)
        taken = () if self.first else _captures(pits, sown[-1])
        return pits, taken

    def _is_grand_slam(self, move: int) -> bool:
        pits, taken = self._counted_captures(move)
        opponent = _OWN[_other(self.side)]
        if not any(pit in opponent for pit in taken):
            return False
        return all(pit in taken or pits[pit] == 0 for pit in opponent)

    def _feeds(self, move: int) -> bool:
        """Whether sowing `move` drops at least one stone into the opponent's row."""
        opponent = _OWN[_other(self.side)]
        return any(pit in opponent for pit in _sow(self.pits, move)[1])

    def _opponent_row_empty(self) -> bool:
        return all(self.pits[pit] == 0 for pit in _OWN[_other(self.side)])

    # -- the end -----------------------------------------------------------

    def outcome(self) -> Outcome | None:
        """The result when the side to move has no legal move, else None."""
        if self.legal_moves():
            return None
        return self.final_outcome(Reason.NO_LEGAL_MOVE)

    def final_outcome(self, reason: Reason) -> Outcome:
        """Score the position as it stands: captures plus stones in own pits."""
        south = self.captured[0] + sum(self.pits[pit] for pit in _OWN["s"])
        north = self.captured[1] + sum(self.pits[pit] for pit in _OWN["n"])
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


# -- sowing and capture, on plain lists ----------------------------------------


def _other(side: str) -> str:
    return SIDES[1] if side == SIDES[0] else SIDES[0]


def _sow(start: tuple[int, ...], origin: int) -> tuple[list[int], tuple[int, ...]]:
    """Lift `origin` and sow one lap; return the new pits and the pits sown, in order.

    The first stone goes back into the origin, so stone i lands in origin + i.
    """
    pits = list(start)
    stones = pits[origin]
    pits[origin] = 0
    sown = tuple((origin + i) % PITS for i in range(stones))
    for pit in sown:
        pits[pit] += 1
    return pits, sown


def _captures(pits: list[int], last: int) -> tuple[int, ...]:
    """The pits taken when the last stone fell in `last`: it, then backwards.

    At most the five other pits are walked, so the chain never comes back round
    to the landing pit.
    """
    if pits[last] not in _CAPTURING:
        return ()
    taken = [last]
    for step in range(1, PITS):
        pit = (last - step) % PITS
        if pits[pit] not in _CAPTURING:
            break
        taken.append(pit)
    return tuple(taken)


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
