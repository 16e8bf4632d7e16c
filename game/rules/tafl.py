"""Tafl: one engine, two rule records — Brandubh (7×7) and Tawlbwrdd (11×11).

Brandubh, attackers (A) to move first; the king (K) starts on the throne d4:

    7 . A . A . A .      Special squares: throne d4, corners a1 g1 a7 g7.
    6 A . . . . . A      Every piece moves like a rook.  Only the king may
    5 . . D D D . .      stop on the throne or a corner.  A soldier is taken
    4 A . D K D . A      between the piece that just moved and an enemy; each
    3 . . D D D . .      special square is one side's ally: an attacker is also
    2 A . . . . . A      taken against a corner or the empty throne, a defender
    1 . A . A . A .      against the board's edge.  The king is taken when
      a b c d e f g      attackers, the empty throne, corners or the edge shut
                         all four sides; he wins by visiting all four corners.

Tawlbwrdd differs in data, not in code: only the central castle is special
(no one may stop on it, the king included once he has left), the edge is not
hostile, the king is taken like a soldier in the open but by three attackers
beside the castle and four on it, and he wins by reaching any edge square.

Both games may be drawn by agreement, and both by repetition; Brandubh is
also drawn after 100 plies in a row with no capture and no new corner
visited (`TaflRules.no_progress_plies`, `made_progress`).  Those are rules of
the game's history, which `game.rules.record.Game` applies.

Squares are indexed rank by rank from the top of the diagram (the order of
the position code), so `index = row * size + column`.

The rules are kernels on `TaflRules` that take a board (a string, or a list
of its characters where noted) and a side, so the position's `play`,
`legal_moves` and `outcome` and the computer's search ask the same code:
`moves`/`has_move`/`slides`, `sandwiched`/`landings`/`capture_moves` (soldiers taken),
`takes_king`/`king_captures`, `safe_while` (pieces no capture can reach while
their neighbours stay), `decided`/`outcome`.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cached_property

from .base import CodeError, Effects, IllegalMove, Outcome, Played, Reason, short
from .codes import EMPTY, format_board, parse_board, parse_side, split_fields
from .spec import GameSpec

ATTACKERS, DEFENDERS = "a", "d"
SIDES = (ATTACKERS, DEFENDERS)
ENEMY = {ATTACKERS: DEFENDERS, DEFENDERS: ATTACKERS}
BOTH, NEITHER = frozenset(SIDES), frozenset()
KING = "K"
FRIENDS = {ATTACKERS: "A", DEFENDERS: "DK"}  # pieces that capture for a side
PREY = {ATTACKERS: "D", DEFENDERS: "A"}  # soldiers a side's move can take

Move = tuple[int, int]
Board = str | Sequence[str]  # a board string, or a list of its characters
# Per square, per direction: (victim or dest, far, closers).  A piece landing on
# dest takes the enemy soldier beside it on victim when `far`, the square past
# the victim, holds one of `closers`.  Where the victim stands on a hostile
# edge, with nothing past it, the table names a square whose test is already
# met instead (`_pincers_by_dest`, `_pincers_by_victim`), so the kernels that
# read it need no test for the edge.
Pincers = tuple[tuple[tuple[int, int, str], ...], ...]
# Per line through a square, the squares beside it on the line (-1: off the
# board), each with whether an enemy may land there and whether it would close
# a sandwich: (x, lands on x, x closes, y, lands on y, y closes).
SandwichLine = tuple[int, bool, bool, int, bool, bool]


class KingCapture(enum.Enum):
    """How the king is taken."""

    ENCLOSED = "enclosed"  # every side shut: attackers, the empty throne, a corner, the edge
    BELL = "bell"  # a soldier's sandwich in the open, three beside the castle, four on it


class Goal(enum.Enum):
    """What the king plays for."""

    CORNER_TOUR = "corner-tour"  # to visit every corner over the game (`visited`)
    EDGE = "edge"  # to reach any edge square


@dataclass(frozen=True, eq=False)
class TaflRules:
    """One tafl variant as data (OpenTafl's idea: a record of flags).

    The `*_hostile_to` fields say which sides' soldiers a special square helps
    capture: a soldier of such a side is taken between the piece that lands
    beside it and that square (empty, for the throne and the corners; for the
    edge, the victim stands on it and the landing is on its inward side).
    """

    name: str
    size: int
    start_board: str
    counts: dict[str, int]  # the most pieces of each letter a position may hold
    restricted: frozenset[int]  # squares no soldier may stop on
    king_squares: frozenset[int]  # restricted squares the king may stop on
    throne_hostile_to: frozenset[str]  # the empty throne (castle): the centre square
    corners_hostile_to: frozenset[str]  # the empty corners in `corners`
    edge_hostile_to: frozenset[str]  # the board's edge
    king_capture: KingCapture
    goal: Goal
    stalemate_loses: bool  # no legal move: a loss (Brandubh) or a draw
    repetition_limit: int  # the occurrence of a position that draws
    corners: tuple[int, ...] = ()  # a1, g1, a7, g7 order: the special corners, toured
    # Plies in a row with no capture and no new corner visited that draw the
    # game (None: no such limit).  Like repetition, a rule of the game's
    # history, which `game.rules.record.Game` keeps.
    no_progress_plies: int | None = None
    centre: int = field(init=False)  # the throne, or castle

    def __post_init__(self) -> None:
        object.__setattr__(self, "centre", (self.size * self.size) // 2)

    # --- geometry ----------------------------------------------------------------

    @cached_property
    def rays(self) -> tuple[tuple[tuple[int, ...], ...], ...]:
        """For each square, the squares along each direction: up, down, left, right."""
        n = self.size
        result = []
        for sq in range(n * n):
            row, col = divmod(sq, n)
            result.append((
                tuple(r * n + col for r in range(row - 1, -1, -1)),
                tuple(r * n + col for r in range(row + 1, n)),
                tuple(row * n + c for c in range(col - 1, -1, -1)),
                tuple(row * n + c for c in range(col + 1, n)),
            ))
        return tuple(result)

    @cached_property
    def ray_slices(self) -> tuple[tuple[slice, ...], ...]:
        """For each square, each of its `rays` as a slice of the board string,
        nearest square first (`board[s]` reads the ray in one step)."""
        n = self.size
        result = []
        for sq in range(n * n):
            row, col = divmod(sq, n)
            row_start = row * n
            slices = (
                slice(sq - n, col - n if col - n >= 0 else None, -n),  # up
                slice(sq + n, None, n),  # down
                slice(sq - 1, row_start - 1 if row_start else None, -1),  # left
                slice(sq + 1, row_start + n, 1),  # right
            )
            # An empty ray reads as an empty slice (the 'up' one of the first
            # rank would otherwise start at -1, the board's last square).
            result.append(tuple(part if ray else slice(0, 0)
                                for part, ray in zip(slices, self.rays[sq], strict=True)))
        return tuple(result)

    @cached_property
    def _slides_by_run(self) -> dict[str, tuple[tuple[tuple[slice, tuple[tuple[Move, ...], ...]],
                                                    ...], ...]]:
        """Per piece letter, per square, per direction: the ray's slice and, by the
        number of empty squares that open the ray (its run), the moves there,
        in `moves`' order: a piece's moves are then one lookup per direction."""
        def by_run(orig: int, ray: tuple[int, ...], allowed: tuple[bool, ...]) -> tuple:
            return tuple(tuple((orig, dest) for dest in ray[:run] if allowed[dest])
                         for run in range(len(ray) + 1))
        return {letter: tuple(tuple((part, by_run(orig, ray, allowed))
                                    for part, ray in zip(self.ray_slices[orig], rays, strict=True))
                              for orig, rays in enumerate(self.rays))
                for letter, allowed in self.stops.items()}

    @cached_property
    def flanks(self) -> tuple[tuple[tuple[int, int | None], ...], ...]:
        """For each square, (neighbour, square beyond it or None) per direction."""
        return tuple(
            tuple((ray[0], ray[1] if len(ray) > 1 else None) for ray in rays if ray)
            for rays in self.rays
        )

    @cached_property
    def neighbours(self) -> tuple[tuple[int, ...], ...]:
        """For each square, the squares beside it, in the order of `rays`."""
        return tuple(tuple(ray[0] for ray in rays if ray) for rays in self.rays)

    @cached_property
    def edge(self) -> frozenset[int]:
        n = self.size
        return frozenset(sq for sq in range(n * n)
                         if sq // n in (0, n - 1) or sq % n in (0, n - 1))

    @cached_property
    def all_corners(self) -> int:
        """The `visited` bits of a finished corner tour."""
        return (1 << len(self.corners)) - 1

    def square_name(self, sq: int) -> str:
        row, col = divmod(sq, self.size)
        return f"{chr(ord('a') + col)}{self.size - row}"

    def square_index(self, name: str) -> int | None:
        """The index of a square name like `c4`, or None if it is not one."""
        if not (2 <= len(name) <= 3 and name[0].isascii() and name[1:].isdigit()):
            return None
        col, rank = ord(name[0]) - ord("a"), int(name[1:])
        if not (0 <= col < self.size and 1 <= rank <= self.size) or name[1] == "0":
            return None
        return (self.size - rank) * self.size + col

    # --- the record's facts as tables ---------------------------------------------

    @cached_property
    def stops(self) -> dict[str, tuple[bool, ...]]:
        """Per piece letter, per square: whether that piece may end a move there."""
        squares = range(self.size * self.size)
        soldier = tuple(sq not in self.restricted for sq in squares)
        king = tuple(sq not in self.restricted or sq in self.king_squares for sq in squares)
        return {"A": soldier, "D": soldier, KING: king}

    @cached_property
    def hostile_squares(self) -> dict[str, frozenset[int]]:
        """Per side, the squares that, empty, help capture its soldiers."""
        def squares(side: str) -> frozenset[int]:
            throne = {self.centre} if side in self.throne_hostile_to else set()
            corners = set(self.corners) if side in self.corners_hostile_to else set()
            return frozenset(throne | corners)
        return {side: squares(side) for side in SIDES}

    @cached_property
    def king_walls(self) -> frozenset[int]:
        """The empty squares that shut a side of an enclosed king: throne and corners."""
        return frozenset((self.centre, *self.corners))

    @cached_property
    def _shutters(self) -> tuple[str, ...]:
        """Per square, what standing on it shuts that side of an enclosed king."""
        return tuple("A" + (EMPTY if sq in self.king_walls else "")
                     for sq in range(self.size * self.size))

    def _pincer(self, side: str, victim: int, far: int) -> tuple[int, int, str] | None:
        """The sandwich rule, stated once: a soldier of `side`'s enemy on `victim`,
        with `far` past it (-1: off the board), is taken by a piece of `side`
        landing on its other side when `far` holds a piece of `side` or is an
        empty square hostile to the enemy, or, off the board, when the edge is
        hostile to the enemy.  None: no capture that way."""
        enemy = ENEMY[side]
        if far < 0:
            return (victim, far, "") if enemy in self.edge_hostile_to else None
        empty = EMPTY if far in self.hostile_squares[enemy] else ""
        return victim, far, FRIENDS[side] + empty

    @cached_property
    def _pincers_by_dest(self) -> dict[str, Pincers]:
        """Per side, per landing square: the pincers it closes, in `flanks` order.
        Against a hostile edge the far square is the victim's own, and its
        closer the prey: `sandwiched` has just seen the victim there."""
        def row(side: str, dest: int) -> tuple[tuple[int, int, str], ...]:
            found = (self._pincer(side, victim, -1 if far is None else far)
                     for victim, far in self.flanks[dest])
            return tuple((victim, victim, PREY[side]) if far < 0 else (victim, far, closers)
                         for victim, far, closers in (p for p in found if p is not None))
        squares = range(self.size * self.size)
        return {side: tuple(row(side, dest) for dest in squares) for side in SIDES}

    @cached_property
    def _pincers_by_victim(self) -> dict[str, Pincers]:
        """Per side, per victim square: (dest, far, closers) for each direction in
        which a piece of `side` could land beside it, in `rays` order."""
        def row(side: str, victim: int) -> tuple[tuple[int, int, str], ...]:
            rays, found = self.rays[victim], []
            for d, ray in enumerate(rays):
                if not ray:
                    continue
                pincer = self._pincer(side, victim, rays[d ^ 1][0] if rays[d ^ 1] else -1)
                if pincer is None:
                    continue
                _, far, closers = pincer
                # Against a hostile edge: the far test is the landing square's
                # own (empty), which `landings` asks for anyway.
                found.append((ray[0], ray[0], EMPTY) if far < 0 else (ray[0], far, closers))
            return tuple(found)
        squares = range(self.size * self.size)
        return {side: tuple(row(side, victim) for victim in squares) for side in SIDES}

    # --- moving --------------------------------------------------------------------

    def moves(self, board: str, side: str) -> list[Move]:
        """Every (orig, dest) `side` may play, square by square in board order: a
        rook's slide over empty squares, ending where that piece may stop (`stops`)."""
        # An empty special square may be crossed but (mostly) not used: `stops`,
        # read into `_slides_by_run`.  The run of empty squares along a ray is
        # measured on its slice by C string methods, not square by square.
        slides, mine = self._slides_by_run, FRIENDS[side]
        found: list[Move] = []
        for orig, piece in enumerate(board):
            if piece not in mine:
                continue
            for part, moves_by_run in slides[piece][orig]:
                ray = board[part]
                found.extend(moves_by_run[len(ray) - len(ray.lstrip(EMPTY))])
        return found

    def has_move(self, board: str, side: str) -> bool:
        """Whether `moves` would find one: the same slide, stopping at the first
        (usually the first piece's), and finding pieces by letter for speed."""
        rays, stops = self.rays, self.stops
        for letter in FRIENDS[side]:
            allowed = stops[letter]
            orig = board.find(letter)
            while orig >= 0:
                for ray in rays[orig]:
                    for dest in ray:
                        if board[dest] != EMPTY:
                            break
                        if allowed[dest]:
                            return True
                orig = board.find(letter, orig + 1)
        return False

    def slides(self, board: Board, orig: int, piece: str) -> list[int]:
        """Where `piece` standing on `orig` could move to (the square itself is not
        read: the search asks where the king could go from a square he is not on)."""
        allowed, found = self.stops[piece], []
        for ray in self.rays[orig]:
            for dest in ray:
                if board[dest] != EMPTY:
                    break
                if allowed[dest]:
                    found.append(dest)
        return found

    def arrivals(self, board: Board, side: str, dest: int) -> list[int]:
        """The pieces of `side` that may move to the empty square `dest`."""
        friends, stops = FRIENDS[side], self.stops
        found = []
        for ray in self.rays[dest]:
            for orig in ray:
                piece = board[orig]
                if piece != EMPTY:
                    if piece in friends and stops[piece][dest]:
                        found.append(orig)
                    break
        return found

    # --- soldiers taken --------------------------------------------------------------

    def sandwiched(self, board: Board, side: str, dest: int) -> list[int]:
        """The enemy soldiers a piece of `side` landing on `dest` takes.  Neither
        `dest` nor the square the piece comes from is read: the square left
        cannot lie past a victim, since the victim would have blocked the way."""
        prey = PREY[side]
        return [victim for victim, far, closers in self._pincers_by_dest[side][dest]
                if board[victim] == prey and board[far] in closers]

    def landings(self, board: str, side: str) -> list[tuple[int, int]]:
        """(victim, dest) for each enemy soldier a piece of `side` would take by
        landing on the empty square dest (whether one can get there or not)."""
        prey, pincers = PREY[side], self._pincers_by_victim[side]
        found = []
        victim = board.find(prey)
        while victim >= 0:
            for dest, far, closers in pincers[victim]:
                # The closer first: it is missing more often than the landing is taken.
                if board[far] in closers and board[dest] == EMPTY:
                    found.append((victim, dest))
            victim = board.find(prey, victim + 1)
        return found

    def capture_moves(self, board: str, side: str) -> list[tuple[int, int, int]]:
        """(orig, dest, victim) for every soldier `side` could take in one move,
        whoever is to move."""
        return [(orig, dest, victim) for victim, dest in self.landings(board, side)
                for orig in self.arrivals(board, side, dest)]

    # --- the king taken ------------------------------------------------------------

    def shut_sides(self, board: Board, king: int) -> int:
        """How many sides of an enclosed king on `king` are shut: off the board,
        or an attacker or an empty wall (`king_walls`) beside him."""
        shutters, sides = self._shutters, self.neighbours[king]
        shut = 4 - len(sides)
        for sq in sides:
            if board[sq] in shutters[sq]:
                shut += 1
        return shut

    def takes_king(self, board: Board, king: int, dest: int) -> bool:
        """Whether an attacker landing on `dest` takes the king on `king`.  What
        stands on `dest` is not read, so this works before or after the move."""
        return dest in self.neighbours[king] and self._closes_on_king(board, king, dest)

    def king_captures(self, board: Board, king: int) -> list[Move]:
        """The attackers' moves that take the king on `king` now."""
        closes, found = self._closes_on_king, []
        for dest in self.neighbours[king]:
            if board[dest] == EMPTY and closes(board, king, dest):
                found.extend((orig, dest) for orig in self.arrivals(board, ATTACKERS, dest))
        return found

    @cached_property
    def _closes_on_king(self) -> Callable[[Board, int, int], bool]:
        """The king-capture rule: does an attacker on `dest`, beside the king, take him."""
        if self.king_capture is KingCapture.ENCLOSED:
            return self._enclosed
        return self._bell

    def _enclosed(self, board: Board, king: int, dest: int) -> bool:
        """Every side but `dest` is shut (see `shut_sides`)."""
        shutters = self._shutters
        return all(board[sq] in shutters[sq] for sq in self.neighbours[king] if sq != dest)

    def _bell(self, board: Board, king: int, dest: int) -> bool:
        """Four attackers round him on the castle, three beside it, else two astride."""
        centre, sides = self.centre, self.neighbours[king]
        if king == centre or centre in sides:
            return all(board[sq] == "A" for sq in sides if sq != dest and sq != centre)
        opposite = 2 * king - dest
        return opposite in sides and board[opposite] == "A"

    # --- pieces no capture can reach ----------------------------------------------

    @cached_property
    def axes(self) -> tuple[tuple[tuple[int, int], tuple[int, int]], ...]:
        """For each square, its two lines through it as the pair of squares
        beside it on each (up and down, left and right); -1 off the board."""
        def beside(ray: tuple[int, ...]) -> int:
            return ray[0] if ray else -1
        return tuple(((beside(up), beside(down)), (beside(left), beside(right)))
                     for up, down, left, right in self.rays)

    @cached_property
    def _sandwich_lines(self) -> dict[str, tuple[tuple[SandwichLine, ...], ...]]:
        """Per side, per square, per line through it, for the squares x and y
        beside it: whether an enemy of the side may land there, and whether
        that square would close a sandwich of a piece of the side with an
        enemy landing on the far side."""
        return {side: tuple(tuple((x, *self._lands_closes(side, x), y, *self._lands_closes(side, y))
                                  for x, y in lines) for lines in self.axes)
                for side in SIDES}

    def _lands_closes(self, side: str, x: int) -> tuple[bool, bool]:
        """Whether an enemy of `side` may stop on `x`; whether `x` (-1: off the
        board) closes a sandwich: an enemy may stand there, or it is hostile to
        the side empty."""
        if x < 0:
            return False, side in self.edge_hostile_to
        lands = any(self.stops[e][x] for e in FRIENDS[ENEMY[side]])
        return lands, lands or x in self.hostile_squares[side]

    def safe_while(self, board: Board, sq: int, stay: frozenset[int] | set[int]) -> bool:
        """Whether no capture can ever take the piece on `sq` while the pieces of
        its side on the squares `stay` stay there, whatever else moves: every
        other square is read as one an enemy may come to (or, if hostile,
        help from empty)."""
        piece = board[sq]
        if piece == KING:
            return self._king_safe_while(sq, stay)
        side = ATTACKERS if piece == "A" else DEFENDERS
        enemies = FRIENDS[ENEMY[side]]
        for x, lands_x, closes_x, y, lands_y, closes_y in self._sandwich_lines[side][sq]:
            if x in stay or y in stay:
                continue
            # An enemy already on a square closes there even where it could not
            # stop (Tawlbwrdd's king on his castle).
            if (lands_x and (closes_y or (y >= 0 and board[y] in enemies))) \
                    or (lands_y and (closes_x or (x >= 0 and board[x] in enemies))):
                return False
        return True

    def _king_safe_while(self, king: int, stay: frozenset[int] | set[int]) -> bool:
        """`safe_while` for the king: a side held by a defender that stays is
        one the attackers cannot shut."""
        sides = self.neighbours[king]
        if self.king_capture is KingCapture.ENCLOSED or king == self.centre \
                or self.centre in sides:
            # Every side (but the castle's) must hold an attacker or a wall.
            return any(x in stay for x in sides if x != self.centre)
        attacker_ok = self.stops["A"]
        return not any(x >= 0 and y >= 0 and x not in stay and y not in stay
                       and attacker_ok[x] and attacker_ok[y] for x, y in self.axes[king])

    # --- the end of the game -----------------------------------------------------------

    @property
    def attackers_win_only_by_the_king(self) -> bool:
        """Whether taking the king is the attackers' only way to win: so where a
        side left without a move draws, not where it loses (the attackers can
        win by leaving the defenders none).  `decided` and `outcome` are the
        attackers' wins; a new way to win for them must be asked about here."""
        return not self.stalemate_loses

    def decided(self, board: str, visited: int) -> Outcome | None:
        """The outcome that needs no move generation (everything but stalemate)."""
        king = board.find(KING)
        if king < 0:
            return Outcome(ATTACKERS, Reason.KING_CAPTURED)
        if "A" not in board:
            return Outcome(DEFENDERS, Reason.ATTACKERS_CAPTURED)
        if self.goal is Goal.CORNER_TOUR:
            if visited == self.all_corners:
                return Outcome(DEFENDERS, Reason.CORNER_TOUR)
        elif king in self.edge:
            return Outcome(DEFENDERS, Reason.KING_ESCAPED)
        return None

    def outcome(self, board: str, side: str, visited: int) -> Outcome | None:
        """Who has won, with `side` to move, or None while the game goes on."""
        decided = self.decided(board, visited)
        if decided or self.has_move(board, side):
            return decided
        if self.stalemate_loses:
            return Outcome(ENEMY[side], Reason.NO_LEGAL_MOVE)
        return Outcome(None, Reason.NO_LEGAL_MOVE)


def _square(size: int, name: str) -> int:
    return (size - int(name[1:])) * size + ord(name[0]) - ord("a")


def _squares(size: int, *names: str) -> frozenset[int]:
    return frozenset(_square(size, name) for name in names)


def _brandubh() -> TaflRules:
    corners = ("a1", "g1", "a7", "g7")
    special = _squares(7, "d4", *corners)
    return TaflRules(
        name="brandubh", size=7,
        start_board="1A1A1A1/A5A/2DDD2/A1DKD1A/2DDD2/A5A/1A1A1A1",
        counts={"A": 12, "D": 8, "K": 1},
        restricted=special, king_squares=special,
        # Each special square is one side's ally (docs/rules.md, Brandubh): the
        # corners and the empty throne help the defenders, the edge the attackers.
        throne_hostile_to=frozenset({ATTACKERS}), corners_hostile_to=frozenset({ATTACKERS}),
        edge_hostile_to=frozenset({DEFENDERS}),
        king_capture=KingCapture.ENCLOSED, goal=Goal.CORNER_TOUR,
        stalemate_loses=True, repetition_limit=3,
        corners=tuple(_square(7, c) for c in corners),
        # Attackers two by two beside the corners the king has still to visit
        # can wall them off for good; this limit ends such a game.
        no_progress_plies=100,
    )


def _tawlbwrdd() -> TaflRules:
    castle = _squares(11, "f6")
    return TaflRules(
        name="tawlbwrdd", size=11,
        start_board=("4AAA4/4A1A4/5A5/5D5/AA2DDD2AA/A1ADDKDDA1A/AA2DDD2AA/"
                     "5D5/5A5/4A1A4/4AAA4"),
        counts={"A": 24, "D": 12, "K": 1},
        restricted=castle, king_squares=frozenset(),
        throne_hostile_to=BOTH, corners_hostile_to=NEITHER, edge_hostile_to=NEITHER,
        king_capture=KingCapture.BELL, goal=Goal.EDGE,
        stalemate_loses=False, repetition_limit=2,
    )


BRANDUBH = _brandubh()
TAWLBWRDD = _tawlbwrdd()
RULES = {r.name: r for r in (BRANDUBH, TAWLBWRDD)}


class TaflPosition:
    """An immutable tafl position: board, side to move, corners visited.

    `board` has one character a square (`A`, `D`, `K` or `.`); `visited` is a
    bit set over `rules.corners` (always 0 in Tawlbwrdd).
    """

    __slots__ = ("_hash", "_moves", "board", "key", "rules", "side", "visited")
    SIDES = SIDES

    def __init__(self, rules: TaflRules, board: str, side: str, visited: int = 0) -> None:
        self.rules = rules
        self.board = board
        self.side = side
        self.visited = visited
        # The board's length already tells Brandubh from Tawlbwrdd.
        self.key = (board, side, visited)
        self._hash = hash(self.key)
        self._moves: list[tuple[int, int]] | None = None

    @property
    def GAME(self) -> str:
        return self.rules.name

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, TaflPosition) and self.rules is other.rules
                and self.board == other.board and self.side == other.side
                and self.visited == other.visited)

    def __hash__(self) -> int:
        return self._hash

    def __repr__(self) -> str:
        return f"TaflPosition({self.code()!r})"

    # --- moves -------------------------------------------------------------

    def legal_moves(self) -> list[tuple[int, int]]:
        """Every (orig, dest) the side to move may play; none once the game is over."""
        if self._moves is None:
            rules = self.rules
            self._moves = [] if rules.decided(self.board, self.visited) \
                else rules.moves(self.board, self.side)
        return self._moves

    def destinations(self, orig: int) -> list[int]:
        """Where the piece on `orig` may go (for the UI's move dots)."""
        return [dest for o, dest in self.legal_moves() if o == orig]

    def play(self, move: tuple[int, int]) -> Played:
        """Make a legal move: the new position and the squares it captured."""
        after, captured = self._apply(move)
        return Played(after, Effects(captured=tuple(captured)))

    def play_position(self, move: tuple[int, int]) -> TaflPosition:
        """`play(move).position` without the effects record: the search's fast path."""
        return self._apply(move)[0]

    def _apply(self, move: tuple[int, int]) -> tuple[TaflPosition, list[int]]:
        """The position after a legal move, and the squares it captured.

        The captures are read on the board before the move, which gives what
        the board after it would: `sandwiched` never reads `dest`; `orig`
        holds the mover's own piece before and nothing after, so it is no
        victim either way, and it cannot lie past a victim (the piece would
        have slid over the victim).  `takes_king` reads the king's other
        sides, and neither `orig` (a rook move between two squares beside him
        passes through him) nor a soldier taken beside `dest` (no square is
        beside both the king and a square next to him) is one of them.  So
        the new board is built once, by slicing, and through a list only when
        pieces are taken.
        """
        orig, dest = move
        rules, side, board = self.rules, self.side, self.board
        piece = board[orig]
        captured = rules.sandwiched(board, side, dest)
        if side == ATTACKERS:
            king = board.find(KING)
            if king >= 0 and rules.takes_king(board, king, dest):
                captured.append(king)
        if captured:
            squares = list(board)
            squares[orig], squares[dest] = EMPTY, piece
            for victim in captured:
                squares[victim] = EMPTY
            board = "".join(squares)
        elif orig < dest:
            board = f"{board[:orig]}{EMPTY}{board[orig + 1:dest]}{piece}{board[dest + 1:]}"
        else:
            board = f"{board[:dest]}{piece}{board[dest + 1:orig]}{EMPTY}{board[orig + 1:]}"
        visited = self.visited
        if piece == KING and dest in rules.corners:
            visited |= 1 << rules.corners.index(dest)
        return TaflPosition(rules, board, ENEMY[side], visited), captured

    def captures(self, orig: int, dest: int) -> list[int]:
        """The soldiers the move orig-dest would take, without playing it."""
        return self.rules.sandwiched(self.board, self.side, dest)

    # --- the end of the game ---------------------------------------------------

    def outcome(self) -> Outcome | None:
        return self.rules.outcome(self.board, self.side, self.visited)

    def repetition_key(self) -> tuple[str, str, int]:
        """Board, side to move and corners visited: the whole position."""
        return self.key

    # --- text ----------------------------------------------------------------

    def code(self) -> str:
        rules = self.rules
        fields = [rules.name, format_board(self.board, rules.size), self.side]
        if rules.goal is Goal.CORNER_TOUR:
            names = [rules.square_name(c) for i, c in enumerate(rules.corners)
                     if self.visited >> i & 1]
            fields.append(",".join(names) or "-")
        return " ".join(fields)

    def move_text(self, move: tuple[int, int]) -> str:
        return f"{self.rules.square_name(move[0])}-{self.rules.square_name(move[1])}"

    def parse_move(self, text: str) -> tuple[int, int]:
        """Read `c4-b4` (either case, surrounding spaces forgiven)."""
        parts = text.strip().lower().split("-") if text.isascii() else []
        squares = [self.rules.square_index(p) for p in parts] if len(parts) == 2 else []
        if len(squares) != 2 or None in squares:
            last = self.rules.square_name(self.rules.size - 1)
            raise IllegalMove(f"{short(text.strip())} is not a {self.rules.name} move: "
                              f"write orig-dest with squares a1 to {last}, e.g. c4-b4")
        return squares[0], squares[1]


# --- position codes ------------------------------------------------------------------


def from_code(code: str) -> TaflPosition:
    """Parse a `brandubh …` or `tawlbwrdd …` code, or raise CodeError."""
    name = code.strip().split(" ", 1)[0]
    rules = RULES.get(name)
    if rules is None:
        raise CodeError(f"not a tafl code: {short(name)}", "unknown_game")
    fields = split_fields(code, rules.name, _code_fields(rules))
    board = parse_board(fields[0], rules.size, "ADK")
    side = parse_side(fields[1], rules.name, SIDES)
    visited = _parse_visited(fields[2], rules) if len(fields) == 3 else 0
    _check_pieces(board, rules, visited)
    return TaflPosition(rules, board, side, visited)


def _parse_visited(text: str, rules: TaflRules) -> int:
    names = [rules.square_name(c) for c in rules.corners]
    if text == "-":
        return 0
    listed = text.split(",")
    if any(name not in names for name in listed):
        raise CodeError(f"VISITED must list corners among {','.join(names)} or be '-', "
                        f"got {short(text)}", "visited")
    order = [names.index(name) for name in listed]
    if order != sorted(set(order)):
        raise CodeError(f"VISITED lists corners once each in the order {','.join(names)}",
                        "visited")
    return sum(1 << i for i in order)


def _check_pieces(board: str, rules: TaflRules, visited: int) -> None:
    words = {"A": "attackers", "D": "defenders", "K": "kings"}
    for letter, most in rules.counts.items():
        count = board.count(letter)
        if count > most:
            what = "more than one king" if letter == KING else \
                f"{count} {words[letter]}, more than the {most} a game starts with"
            raise CodeError(f"the board has {what}", "piece_count")
    for sq in rules.restricted:
        if board[sq] in "AD":
            raise CodeError(f"a soldier stands on {rules.square_name(sq)}, "
                            f"where only the king may stand" if rules.king_squares
                            else f"a soldier stands on the castle {rules.square_name(sq)}",
                            "piece_placement")
    king = board.find(KING)
    if king in rules.corners and not visited >> rules.corners.index(king) & 1:
        raise CodeError(f"the king stands on {rules.square_name(king)} "
                        f"but VISITED does not list it", "piece_placement")


def _code_fields(rules: TaflRules) -> tuple[str, ...]:
    """BOARD and SIDE; VISITED too where the king wins by touring the corners."""
    return ("BOARD", "SIDE", "VISITED") if rules.goal is Goal.CORNER_TOUR \
        else ("BOARD", "SIDE")


def _start_code(rules: TaflRules) -> str:
    visited = " -" if rules.goal is Goal.CORNER_TOUR else ""
    return f"{rules.name} {rules.start_board} {ATTACKERS}{visited}"


def start(name: str) -> TaflPosition:
    return from_code(_start_code(RULES[name]))


def made_progress(before: TaflPosition, after: TaflPosition) -> bool:
    """Whether the move from `before` to `after` captured (a soldier or the
    king) or took the king to a corner he had not visited: what starts the
    count of a no-progress draw again.  A capture is the only way pieces
    leave the board, so counting empty squares tells it."""
    return after.visited != before.visited or \
        after.board.count(EMPTY) != before.board.count(EMPTY)


def _spec(rules: TaflRules, **fields: object) -> GameSpec:
    if rules.no_progress_plies is not None:
        fields.update(no_progress_plies=rules.no_progress_plies, made_progress=made_progress)
    return GameSpec(name=rules.name, sides=SIDES, start_code=_start_code(rules),
                    parse=from_code, code_fields=_code_fields(rules),
                    cells=rules.size * rules.size, cell_name=rules.square_name,
                    repetition_limit=rules.repetition_limit, draw_by_agreement=True,
                    **fields)


# Brandubh's newcomer is offered the defenders: the side with the king, whose
# plan (run for the corners) is the easiest to see.  Its third edition added
# the no-progress draw and the agreed draw to the second, whose games are
# therefore replayed under it (`GameSpec.replayed_editions`); the first had
# another start.
SPECS = (_spec(BRANDUBH, suggested_side=DEFENDERS, rules_edition=3,
               replayed_editions=frozenset({2})),
         _spec(TAWLBWRDD))
