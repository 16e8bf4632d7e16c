"""Reversi (Othello) on an 8x8 board, as docs/rules.md states them.

Two players, black (`b`) and white (`w`), share one set of two-coloured discs.
Black moves first from this start (columns a-h from the left, rows 1-8 counted
from the top, so `d3` is column d, third row down)::

      a b c d e f g h
    1 . . . . . . . .
    2 . . . . . . . .
    3 . . . . . . . .
    4 . . . W B . . .
    5 . . . B W . . .
    6 . . . . . . . .
    7 . . . . . . . .
    8 . . . . . . . .

A move puts one disc of your colour on an empty square so that at least one
straight line (across, down or diagonal) runs from it over one or more enemy
discs to another of your own discs.  Every enemy disc enclosed that way, in all
eight directions at once, turns to your colour; nothing else changes.  With no
such square you must pass, and you may pass only then.  When neither player can
place a disc the game is over and whoever shows more discs wins (equal counts
draw).  Each player begins with 2 discs on the board and 30 in hand, 32 in all;
one who runs out of discs in hand while still able to move is handed a disc by
the opponent, which never alters the result.

Boards are Python ints used as bitboards: bit `row * 8 + col`, row 0 being
row "1" at the top and col 0 being column "a".  That is also the order of the
BOARD field of a position code, so a board string's index equals the bit.
"""

from __future__ import annotations

from collections.abc import Sequence

from .base import CodeError, Effects, IllegalMove, Outcome, Played, Reason, short
from .codes import format_board, parse_board, parse_side, split_fields
from .spec import GameSpec

PASS = 64
START_CODE = "reversi 8/8/8/3WB3/3BW3/8/8/8 b"

FULL = (1 << 64) - 1
FILES = "abcdefgh"
ROWS = "12345678"
_OTHER = {"b": "w", "w": "b"}


# -- move generation: the kernels ---------------------------------------------
#
# Public so the AI can search on raw bitboards (`mover`, `opponent`: the side to
# move's discs and the other side's) with the engine's own rules; `play` and
# `legal_moves` are built on the same functions.
#
# `mobility` is the hot path of perft: every line is an int operation, and the
# masks are literals so CPython loads them as constants.  For each of the four
# shift amounts (1 across, 8 down, 7 and 9 diagonal) both directions are done,
# each with a parallel-prefix fill: runs of one and two enemy discs, then the
# "pair" mask extends a run by two at a time, up to the six a line can hold.
# Enemy discs on columns a and h are masked out for the shifts that move
# sideways, so no run wraps from one row onto the next.

def mobility(p: int, o: int) -> int:
    """The empty squares where the side with discs `p` may place against `o`."""
    m = o & 0x7E7E7E7E7E7E7E7E
    # across (+1 / -1)
    f = m & (p << 1)
    f |= m & (f << 1)
    pair = m & (m << 1)
    f |= pair & (f << 2)
    f |= pair & (f << 2)
    moves = f << 1
    f = m & (p >> 1)
    f |= m & (f >> 1)
    pair >>= 1
    f |= pair & (f >> 2)
    f |= pair & (f >> 2)
    moves |= f >> 1
    # down and up (+8 / -8): no column can wrap, use the whole enemy set
    f = o & (p << 8)
    f |= o & (f << 8)
    pair = o & (o << 8)
    f |= pair & (f << 16)
    f |= pair & (f << 16)
    moves |= f << 8
    f = o & (p >> 8)
    f |= o & (f >> 8)
    pair >>= 8
    f |= pair & (f >> 16)
    f |= pair & (f >> 16)
    moves |= f >> 8
    # one diagonal (+7 / -7)
    f = m & (p << 7)
    f |= m & (f << 7)
    pair = m & (m << 7)
    f |= pair & (f << 14)
    f |= pair & (f << 14)
    moves |= f << 7
    f = m & (p >> 7)
    f |= m & (f >> 7)
    pair >>= 7
    f |= pair & (f >> 14)
    f |= pair & (f >> 14)
    moves |= f >> 7
    # the other diagonal (+9 / -9)
    f = m & (p << 9)
    f |= m & (f << 9)
    pair = m & (m << 9)
    f |= pair & (f << 18)
    f |= pair & (f << 18)
    moves |= f << 9
    f = m & (p >> 9)
    f |= m & (f >> 9)
    pair >>= 9
    f |= pair & (f >> 18)
    f |= pair & (f >> 18)
    moves |= f >> 9
    return moves & ~(p | o) & 0xFFFFFFFFFFFFFFFF


def _build_rays() -> tuple[tuple[tuple[tuple[int, int], ...], tuple[tuple[int, int], ...]], ...]:
    """Per square, the rays a placed disc can flip along, split by direction sign.

    Each ray is (first square's bit, mask of the whole ray).  Rays shorter than
    two squares are left out: a flip needs an enemy disc and a closing disc.
    """
    table = []
    for sq in range(64):
        row, col = divmod(sq, 8)
        up: list[tuple[int, int]] = []
        down: list[tuple[int, int]] = []
        for dr, dc in ((0, 1), (1, -1), (1, 0), (1, 1), (0, -1), (-1, 1), (-1, 0), (-1, -1)):
            ray = []
            r, c = row + dr, col + dc
            while 0 <= r < 8 and 0 <= c < 8:
                ray.append(r * 8 + c)
                r, c = r + dr, c + dc
            if len(ray) >= 2:
                entry = (1 << ray[0], sum(1 << s for s in ray))
                (up if ray[0] > sq else down).append(entry)
        table.append((tuple(up), tuple(down)))
    return tuple(table)


_RAYS = _build_rays()
_BIT = tuple(1 << sq for sq in range(64))


def place(sq: int, p: int, o: int) -> tuple[int, int] | None:
    """The boards after the side with discs `p` puts one on the empty square `sq`.

    Returns (the opponent's discs, the mover's) with every enclosed disc turned:
    the order the next position keeps them in, the opponent then being to move.
    None when the disc would turn nothing, so `sq` is not a move.  This is the
    one place a placement is applied; the endgame solver calls it in its
    innermost loop, so flipping and applying are one call.
    """
    turned = 0
    up, down = _RAYS[sq]
    # Along a ray of rising bits the nearest square is the lowest set bit.
    for first, ray in up:
        if first & o:
            stop = ray & ~o
            stop &= -stop
            if stop & p:
                turned |= ray & (stop - 1)
    # Along a falling ray the nearest square is the highest set bit.
    for first, ray in down:
        if first & o:
            stop = ray & ~o
            if stop:
                stop = 1 << (stop.bit_length() - 1)
                if stop & p:
                    turned |= ray & -(stop << 1)
    if turned:
        return o ^ turned, p | turned | _BIT[sq]
    return None


def flips(sq: int, p: int, o: int) -> int:
    """The enemy discs that a disc placed on the empty square `sq` by `p` turns over."""
    after = place(sq, p, o)
    return after[1] & o if after else 0  # the mover's discs now that were the enemy's


def _neighbours(sq: int) -> int:
    row, col = divmod(sq, 8)
    return sum(1 << (r * 8 + c) for r in range(row - 1, row + 2) for c in range(col - 1, col + 2)
               if 0 <= r < 8 and 0 <= c < 8 and (r, c) != (row, col))


# Per square, the squares around it: a disc placed on `sq` can turn something
# only when an enemy disc stands on one of them, so a search may skip `place`.
NEIGHBOURS = tuple(_neighbours(sq) for sq in range(64))


# -- stability -----------------------------------------------------------------
#
# A disc turns only when it lies on a line between the placed disc and another
# of the mover's, with no gap: so a disc whose four lines (across, down, both
# diagonals) are each full, or end at a wall or at a disc of its colour that
# can never turn, keeps its colour to the end of the game.

NOT_A = 0xFEFEFEFEFEFEFEFE  # every column but a: where a shift towards h may land
NOT_H = 0x7F7F7F7F7F7F7F7F
EDGE_COLUMNS = 0x8181818181818181
EDGE_ROWS = 0xFF000000000000FF


def _smear(bits: int, shift: int, land: int) -> int:
    """`bits` and every square reached from one of them by steps of +`shift`
    (a negative shift steps down), each landing on `land` (so no row wraps)."""
    if shift > 0:
        bits |= land & (bits << shift)
        land &= land << shift
        bits |= land & (bits << 2 * shift)
        land &= land << 2 * shift
        return bits | land & (bits << 4 * shift)
    shift = -shift
    bits |= land & (bits >> shift)
    land &= land >> shift
    bits |= land & (bits >> 2 * shift)
    land &= land >> 2 * shift
    return bits | land & (bits >> 4 * shift)


def _full_lines(occupied: int) -> tuple[int, int, int, int]:
    """The squares whose whole line is occupied: across, down, and along the
    diagonals of steps 9 (a1-h8) and 7 (h1-a8)."""
    rows = occupied & occupied >> 4
    rows &= rows >> 2
    rows &= rows >> 1
    columns = occupied & occupied >> 32
    columns &= columns >> 16
    columns &= columns >> 8
    empty = ~occupied & FULL
    # A square is on a full diagonal when no empty square lies on it either way.
    open9 = _smear(empty, 9, NOT_A) | _smear(empty, -9, NOT_H)
    open7 = _smear(empty, 7, NOT_H) | _smear(empty, -7, NOT_A)
    return ((rows & 0x0101010101010101) * 0xFF, (columns & 0xFF) * 0x0101010101010101,
            ~open9 & FULL, ~open7 & FULL)


def stable_discs(discs: int, occupied: int) -> int:
    """A subset of `discs` (one side's) that can never be turned (conservative).

    Along each axis a disc is safe when its line is full, or a wall or a safe
    disc of its colour is beside it on that axis; safe on all four axes is
    stable.  Grown from the walls until nothing changes.
    """
    across, down, diag9, diag7 = _full_lines(occupied)
    across |= EDGE_COLUMNS
    down |= EDGE_ROWS
    diag9 |= EDGE_COLUMNS | EDGE_ROWS
    diag7 |= EDGE_COLUMNS | EDGE_ROWS
    stable = discs & across & down & diag9 & diag7
    while stable:
        grown = discs & (across | ((stable << 1) & NOT_A) | ((stable >> 1) & NOT_H)) \
            & (down | (stable << 8) | (stable >> 8)) \
            & (diag9 | ((stable << 9) & NOT_A) | ((stable >> 9) & NOT_H)) \
            & (diag7 | ((stable << 7) & NOT_H) | ((stable >> 7) & NOT_A))
        if grown == stable:
            break
        stable = grown
    return stable & FULL


def _squares(bits: int) -> list[int]:
    """The set bits of a board, lowest first."""
    out = []
    while bits:
        low = bits & -bits
        out.append(low.bit_length() - 1)
        bits ^= low
    return out


# -- notation ----------------------------------------------------------------

def square_name(sq: int) -> str:
    """`d3` for square 19: column letter, then the row counted from the top."""
    return FILES[sq % 8] + ROWS[sq // 8]


_SQUARE_OF = {square_name(sq): sq for sq in range(64)}
_SQUARE_OF["pass"] = PASS


class ReversiPosition:
    """A Reversi position: both boards and the side to move.  Immutable.

    The discs are kept as `mover` (the side to move's) and `opponent` so the
    kernels above never have to look at whose turn it is; hence the constructor
    takes them in that order.  To make a position from outside, use
    `from_colours(black, white, side)` or `from_code`.  The attributes are read
    only by convention (slots, for the search's speed), like `side`.
    """

    __slots__ = ("_mobility", "mover", "opponent", "side")

    GAME = "reversi"
    SIDES = ("b", "w")
    square_name = staticmethod(square_name)

    def __init__(self, mover: int, opponent: int, side: str) -> None:
        self.mover = mover
        self.opponent = opponent
        self.side = side
        # `mobility(mover, opponent)`, found on first use: the search asks for it
        # in `outcome`, `legal_moves` and the evaluation of the same position.
        self._mobility: int | None = None

    @classmethod
    def from_colours(cls, black: int, white: int, side: str) -> ReversiPosition:
        """A position from black's and white's boards and the side to move."""
        return cls(black, white, side) if side == "b" else cls(white, black, side)

    # -- value semantics --

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ReversiPosition):
            return NotImplemented
        return (self.mover == other.mover and self.opponent == other.opponent
                and self.side == other.side)

    def __hash__(self) -> int:
        return hash((self.mover, self.opponent, self.side))

    @property
    def key(self) -> tuple[int, int, str]:
        """The position as plain data (see base.Position.key)."""
        return (self.mover, self.opponent, self.side)

    def __repr__(self) -> str:
        return f"ReversiPosition({self.code()!r})"

    @property
    def black(self) -> int:
        return self.mover if self.side == "b" else self.opponent

    @property
    def white(self) -> int:
        return self.opponent if self.side == "b" else self.mover

    def counts(self) -> tuple[int, int]:
        """Discs on the board: (black, white)."""
        return self.black.bit_count(), self.white.bit_count()

    # -- rules --

    def placements(self) -> int:
        """The squares the side to move may place on, as a board (`mobility`)."""
        moves = self._mobility
        if moves is None:
            moves = self._mobility = mobility(self.mover, self.opponent)
        return moves

    def legal_moves(self) -> list[int]:
        """Squares in increasing order; [PASS] when forced to pass; [] at the end."""
        moves = self.placements()
        if moves:
            return _squares(moves)
        return [PASS] if mobility(self.opponent, self.mover) else []

    def move_count(self) -> int:
        """len(legal_moves()) without building the list (perft's last ply)."""
        moves = self.placements()
        if moves:
            return moves.bit_count()
        return 1 if mobility(self.opponent, self.mover) else 0

    def play(self, move: int) -> Played:
        """Place a disc on `move` (or PASS).  The move must be legal.

        A square that turns nothing raises IllegalMove; an occupied one is not
        looked at (perft and the search pay for every check here): callers
        check a move against legal_moves() first, as `base.legal` does.
        """
        after = self.play_position(move)
        if move == PASS:
            return Played(after, _NO_FLIPS)
        # The mover's discs now (the new opponent's) that were the opponent's.
        flipped = tuple(_squares(after.opponent & self.opponent))
        return Played(after, _new_tuple(Effects, (*_BEFORE, flipped, *_AFTER)))

    def play_position(self, move: int) -> ReversiPosition:
        """`play(move).position` without the effects record: the search's fast
        path, which needs no list of the squares turned."""
        p, o = self.mover, self.opponent
        if move == PASS:
            return ReversiPosition(o, p, _OTHER[self.side])
        boards = place(move, p, o)
        if boards is None:  # turns nothing: say so rather than make a broken position
            raise IllegalMove(f"{square_name(move)} is not a move here")
        child_p, child_o = boards  # not *boards: a starred call is a slower call
        return ReversiPosition(child_p, child_o, _OTHER[self.side])

    def outcome(self) -> Outcome | None:
        """None while either side can move; else the disc count decides."""
        p, o = self.mover, self.opponent
        if self.placements() or mobility(o, p):
            return None
        black, white = self.counts()
        winner = "b" if black > white else "w" if white > black else None
        reason = Reason.BOARD_FULL if p | o == FULL else Reason.NEITHER_CAN_MOVE
        return Outcome(winner, reason, (black, white))

    # -- text --

    def code(self) -> str:
        black, white = self.black, self.white
        board = "".join("B" if black >> sq & 1 else "W" if white >> sq & 1 else "."
                        for sq in range(64))
        return f"{self.GAME} {format_board(board, 8)} {self.side}"

    def move_text(self, move: int) -> str:
        return "pass" if move == PASS else square_name(move)

    def parse_move(self, text: str) -> int:
        """`d3`, `D3`, `pass`, `PASS` (surrounding space ignored) to a move."""
        if not isinstance(text, str):
            raise IllegalMove(f"a reversi move is text, not {type(text).__name__}")
        word = text.strip()
        # isascii first: a few non-ASCII letters lower-case to ASCII ones.
        move = _SQUARE_OF.get(word.lower()) if word.isascii() else None
        if move is None:
            raise IllegalMove(f"not a reversi move: {short(text)} "
                              "(expected a square like d3, or pass)")
        return move

    def repetition_key(self) -> ReversiPosition:
        return self


_NO_FLIPS = Effects()
# Effects is a NamedTuple whose keyword constructor costs as much as finding
# the flips; building the tuple directly (other fields at their defaults) keeps
# perft fast and still follows any change to the field list.
_new_tuple = tuple.__new__
_FLIPPED_AT = Effects._fields.index("flipped")
_BEFORE = tuple(_NO_FLIPS)[:_FLIPPED_AT]
_AFTER = tuple(_NO_FLIPS)[_FLIPPED_AT + 1:]


# -- codes, start, supplies --------------------------------------------------

def from_code(code: str) -> ReversiPosition:
    """Parse `reversi BOARD SIDE`, or raise CodeError with a one-line message."""
    if not isinstance(code, str):
        raise CodeError("a position code is text", "not_text")
    board_field, side_field = split_fields(code, "reversi", _FIELDS)
    name = code.strip().split(" ", 1)[0]
    if name != "reversi":
        raise CodeError(f"not a reversi code: it starts with {short(name)}", "unknown_game")
    board = parse_board(board_field, 8, "BW", rows_from_top=True)
    side = parse_side(side_field, "reversi", ReversiPosition.SIDES)
    black = sum(1 << sq for sq, ch in enumerate(board) if ch == "B")
    white = sum(1 << sq for sq, ch in enumerate(board) if ch == "W")
    return ReversiPosition.from_colours(black, white, side)


def start() -> ReversiPosition:
    return from_code(START_CODE)


_FIELDS = ("BOARD", "SIDE")
# Positions never repeat (every placement adds a disc), and a side with no
# placement must pass.
SPEC = GameSpec(name="reversi", sides=ReversiPosition.SIDES, start_code=START_CODE,
                parse=from_code, code_fields=_FIELDS, cells=64, cell_name=square_name,
                pass_move=PASS)


def supplies(start: ReversiPosition, moves: Sequence[int]) -> tuple[int, int]:
    """Discs left in hand, (black, white), after `moves` were played from `start`.

    The discs not on the start board are shared out with the larger half going
    to the side to move (30/30 at the usual start).  A placement uses one of the
    mover's discs, or, when the mover has none left, one handed over by the
    opponent; a pass uses none.
    """
    off = 64 - sum(start.counts())
    mover, waiting = (off + 1) // 2, off // 2
    for move in moves:
        if move != PASS:
            if mover:
                mover -= 1
            elif waiting:
                waiting -= 1
            else:
                raise IllegalMove("no disc left to place: more placements than empty squares")
        mover, waiting = waiting, mover
    # `mover` now belongs to whoever is to move after `moves`.
    to_move_is_start_side = len(moves) % 2 == 0
    first = start.side if to_move_is_start_side else _OTHER[start.side]
    return (mover, waiting) if first == "b" else (waiting, mover)
