"""Tafl: one engine, two rule records — Brandubh (7×7) and Tawlbwrdd (11×11).

Brandubh, attackers (A) to move first; the king (K) starts on the throne d4:

    7 . . A A A . .      Special squares: throne d4, corners a1 g1 a7 g7.
    6 . . . . . . .      Every piece moves like a rook.  Only the king may
    5 A . D D D . A      stop on the throne or a corner.  A soldier is taken
    4 A . D K D . A      between the piece that just moved and an enemy, a
    3 A . D D D . A      corner, the empty throne or the board's edge.  The
    2 . . . . . . .      king is taken when attackers (or hostile squares, or
    1 . . A A A . .      the edge) shut all four sides; he wins by visiting
      a b c d e f g      all four corners over the game.

Tawlbwrdd differs in data, not in code: only the central castle is special
(no one may stop on it, the king included once he has left), the edge is not
hostile, the king is taken like a soldier in the open but by three attackers
beside the castle and four on it, and he wins by reaching any edge square.

Squares are indexed rank by rank from the top of the diagram (the order of
the position code), so `index = row * size + column`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

from .base import CodeError, Effects, IllegalMove, Outcome, Played, Reason, short
from .codes import EMPTY, format_board, parse_board, parse_side, split_fields
from .spec import GameSpec

ATTACKERS, DEFENDERS = "a", "d"
SIDES = (ATTACKERS, DEFENDERS)
KING = "K"
FRIENDS = {ATTACKERS: "A", DEFENDERS: "DK"}  # pieces that capture for a side
PREY = {ATTACKERS: "D", DEFENDERS: "A"}  # soldiers a side's move can take


@dataclass(frozen=True, eq=False)
class TaflRules:
    """One tafl variant as data (OpenTafl's idea: a record of flags)."""

    name: str
    size: int
    start_board: str
    counts: dict[str, int]  # the most pieces of each letter a position may hold
    restricted: frozenset[int]  # squares no soldier may stop on
    king_squares: frozenset[int]  # restricted squares the king may stop on
    hostile_when_empty: frozenset[int]  # empty squares that act as an enemy
    edge_hostile: bool  # a soldier on the edge falls to one enemy inside
    king_capture: str  # "enclosed" (Brandubh) or "bell" (Tawlbwrdd)
    goal: str  # "corner-tour" or "edge"
    stalemate_loses: bool  # no legal move: a loss (Brandubh) or a draw
    repetition_limit: int  # the occurrence of a position that draws
    corners: tuple[int, ...] = ()  # a1, g1, a7, g7 order: the tour's corners
    centre: int = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "centre", (self.size * self.size) // 2)

    @cached_property
    def rays(self) -> tuple[tuple[tuple[int, ...], ...], ...]:
        """For each square, the squares along each of the four directions."""
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
    def flanks(self) -> tuple[tuple[tuple[int, int | None], ...], ...]:
        """For each square, (neighbour, square beyond it or None) per direction."""
        return tuple(
            tuple((ray[0], ray[1] if len(ray) > 1 else None) for ray in rays if ray)
            for rays in self.rays
        )

    @cached_property
    def edge(self) -> frozenset[int]:
        n = self.size
        return frozenset(sq for sq in range(n * n)
                         if sq // n in (0, n - 1) or sq % n in (0, n - 1))

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


def _square(size: int, name: str) -> int:
    return (size - int(name[1:])) * size + ord(name[0]) - ord("a")


def _squares(size: int, *names: str) -> frozenset[int]:
    return frozenset(_square(size, name) for name in names)


def _brandubh() -> TaflRules:
    corners = ("a1", "g1", "a7", "g7")
    special = _squares(7, "d4", *corners)
    return TaflRules(
        name="brandubh", size=7,
        start_board="2AAA2/7/A1DDD1A/A1DKD1A/A1DDD1A/7/2AAA2",
        counts={"A": 12, "D": 8, "K": 1},
        restricted=special, king_squares=special, hostile_when_empty=special,
        edge_hostile=True, king_capture="enclosed", goal="corner-tour",
        stalemate_loses=True, repetition_limit=3,
        corners=tuple(_square(7, c) for c in corners),
    )


def _tawlbwrdd() -> TaflRules:
    castle = _squares(11, "f6")
    return TaflRules(
        name="tawlbwrdd", size=11,
        start_board=("4AAA4/4A1A4/5A5/5D5/AA2DDD2AA/A1ADDKDDA1A/AA2DDD2AA/"
                     "5D5/5A5/4A1A4/4AAA4"),
        counts={"A": 24, "D": 12, "K": 1},
        restricted=castle, king_squares=frozenset(), hostile_when_empty=castle,
        edge_hostile=False, king_capture="bell", goal="edge",
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
            self._moves = [] if self._decided() else self._generate()
        return self._moves

    def _generate(self) -> list[tuple[int, int]]:
        board, rules = self.board, self.rules
        restricted, king_squares, rays = rules.restricted, rules.king_squares, rules.rays
        mine = FRIENDS[self.side]
        moves = []
        for orig, piece in enumerate(board):
            if piece not in mine:
                continue
            for ray in rays[orig]:
                for dest in ray:
                    if board[dest] != EMPTY:
                        break
                    # An empty special square may be crossed but (mostly) not used.
                    if dest in restricted and (piece != KING or dest not in king_squares):
                        continue
                    moves.append((orig, dest))
        return moves

    def destinations(self, orig: int) -> list[int]:
        """Where the piece on `orig` may go (for the UI's move dots)."""
        return [dest for o, dest in self.legal_moves() if o == orig]

    def play(self, move: tuple[int, int]) -> Played:
        """Make a legal move: the new position and the squares it captured."""
        orig, dest = move
        rules, side = self.rules, self.side
        board = list(self.board)
        piece = board[orig]
        board[orig], board[dest] = EMPTY, piece
        captured = self._soldier_captures(board, dest)
        if side == ATTACKERS:
            king = self._king_capture(board, dest)
            if king is not None:
                board[king] = EMPTY
                captured.append(king)
        visited = self.visited
        if piece == KING and dest in rules.corners:
            visited |= 1 << rules.corners.index(dest)
        after = TaflPosition(rules, "".join(board), DEFENDERS if side == ATTACKERS
                             else ATTACKERS, visited)
        return Played(after, Effects(captured=tuple(captured)))

    def captures(self, orig: int, dest: int) -> list[int]:
        """The soldiers the move orig-dest would take, without playing it.

        The square the piece leaves never matters: it cannot lie beyond a
        victim, since the victim would have blocked the way.
        """
        return self._sandwiched(self.board, dest)

    def _sandwiched(self, board: str | list[str], dest: int) -> list[int]:
        """Enemy soldiers between a piece of the side to move landing on dest and
        a friend, a hostile empty square or (where hostile) the edge."""
        rules = self.rules
        prey, friends = PREY[self.side], FRIENDS[self.side]
        taken = []
        for victim, beyond in rules.flanks[dest]:
            if board[victim] != prey:
                continue
            if beyond is None:
                if rules.edge_hostile:
                    taken.append(victim)
            elif board[beyond] in friends or (
                    board[beyond] == EMPTY and beyond in rules.hostile_when_empty):
                taken.append(victim)
        return taken

    def _soldier_captures(self, board: list[str], dest: int) -> list[int]:
        """Take each enemy soldier sandwiched against the piece that landed on dest."""
        taken = self._sandwiched(board, dest)
        for victim in taken:
            board[victim] = EMPTY
        return taken

    def _king_capture(self, board: list[str], dest: int) -> int | None:
        """The king's square if the attacker that landed on dest has taken him."""
        rules = self.rules
        king = self.board.find(KING)
        if king < 0 or all(victim != king for victim, _ in rules.flanks[dest]):
            return None
        if rules.king_capture == "enclosed":
            taken = self._king_enclosed(board, king)
        else:
            taken = self._king_taken_bell(board, king, dest)
        return king if taken else None

    def _king_enclosed(self, board: list[str], king: int) -> bool:
        """Brandubh: every side is an attacker, a hostile empty square or off board."""
        rules = self.rules
        sides = [ray[0] for ray in rules.rays[king] if ray]
        return all(board[sq] == "A" or (board[sq] == EMPTY and sq in rules.hostile_when_empty)
                   for sq in sides)

    def _king_taken_bell(self, board: list[str], king: int, dest: int) -> bool:
        """Tawlbwrdd: four attackers on the castle, three beside it, two in the open."""
        rules = self.rules
        sides = [ray[0] for ray in rules.rays[king] if ray]
        if king == rules.centre or rules.centre in sides:
            return all(board[sq] == "A" for sq in sides if sq != rules.centre)
        opposite = 2 * king - dest
        return opposite in sides and board[opposite] == "A"

    # --- the end of the game ---------------------------------------------------

    def _decided(self) -> Outcome | None:
        """The outcome that needs no move generation (everything but stalemate)."""
        board, rules = self.board, self.rules
        king = board.find(KING)
        if king < 0:
            return Outcome(ATTACKERS, Reason.KING_CAPTURED)
        if "A" not in board:
            return Outcome(DEFENDERS, Reason.ATTACKERS_CAPTURED)
        if rules.goal == "corner-tour":
            if self.visited == (1 << len(rules.corners)) - 1:
                return Outcome(DEFENDERS, Reason.CORNER_TOUR)
        elif king in rules.edge:
            return Outcome(DEFENDERS, Reason.KING_ESCAPED)
        return None

    def outcome(self) -> Outcome | None:
        decided = self._decided()
        if decided or self.legal_moves():
            return decided
        if self.rules.stalemate_loses:
            return Outcome(DEFENDERS if self.side == ATTACKERS else ATTACKERS,
                           Reason.NO_LEGAL_MOVE)
        return Outcome(None, Reason.NO_LEGAL_MOVE)

    def repetition_key(self) -> tuple[str, str, int]:
        """Board, side to move and corners visited: the whole position."""
        return self.key

    # --- text ----------------------------------------------------------------

    def code(self) -> str:
        rules = self.rules
        fields = [rules.name, format_board(self.board, rules.size), self.side]
        if rules.goal == "corner-tour":
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
    return ("BOARD", "SIDE", "VISITED") if rules.goal == "corner-tour" else ("BOARD", "SIDE")


def _start_code(rules: TaflRules) -> str:
    visited = " -" if rules.goal == "corner-tour" else ""
    return f"{rules.name} {rules.start_board} {ATTACKERS}{visited}"


def start(name: str) -> TaflPosition:
    return from_code(_start_code(RULES[name]))


def _spec(rules: TaflRules, **fields: object) -> GameSpec:
    return GameSpec(name=rules.name, sides=SIDES, start_code=_start_code(rules),
                    parse=from_code, code_fields=_code_fields(rules),
                    cells=rules.size * rules.size, cell_name=rules.square_name,
                    repetition_limit=rules.repetition_limit, **fields)


# Brandubh's newcomer is offered the defenders: the side with the king, whose
# plan (run for the corners) is the easiest to see.
SPECS = (_spec(BRANDUBH, suggested_side=DEFENDERS),
         _spec(TAWLBWRDD, draw_by_agreement=True))
