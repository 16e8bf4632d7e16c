"""Reversi engine against docs/rules.md: its Reversi rules, position codes and perft.

Boards are drawn as in docs/rules.md: columns a-h from the left, rows 1-8 from the
top.  Expected results are worked out by hand from the diagrams, or by the
small square-by-square reference implementation below, never taken from the
engine under test.
"""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.rules.base import CodeError, IllegalMove, Reason, legal, perft
from game.rules.reversi import (
    FULL,
    NEIGHBOURS,
    PASS,
    START_CODE,
    ReversiPosition,
    _full_lines,
    flips,
    from_code,
    mobility,
    place,
    square_name,
    stable_discs,
    start,
    supplies,
)

# -- helpers ---------------------------------------------------------------------


def diagram_code(diagram: str, side: str) -> str:
    """The position code of a docs/rules.md-style diagram (rows 1..8 from the top)."""
    rows = [line.split()[1:] for line in diagram.strip().splitlines()
            if re.match(r"\d ", line.strip())]
    assert len(rows) == 8 and all(len(row) == 8 for row in rows), diagram
    ranks = [re.sub(r"\.+", lambda run: str(len(run.group())), "".join(row)) for row in rows]
    return f"reversi {'/'.join(ranks)} {side}"


def position(diagram: str, side: str) -> ReversiPosition:
    return from_code(diagram_code(diagram, side))


def sq(name: str) -> int:
    """Square index by hand: column letter, row counted from the top."""
    return (int(name[1]) - 1) * 8 + "abcdefgh".index(name[0])


def squares(*names: str) -> tuple[int, ...]:
    return tuple(sorted(sq(name) for name in names))


def board_of(pos: ReversiPosition) -> str:
    return "".join("B" if pos.black >> i & 1 else "W" if pos.white >> i & 1 else "."
                   for i in range(64))


DIRECTIONS = [(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr, dc) != (0, 0)]


def reference_flips(board: str, square: int, me: str) -> set[int]:
    """Walk the eight lines from `square` one square at a time."""
    if board[square] != ".":
        return set()
    them = "W" if me == "B" else "B"
    row, col = divmod(square, 8)
    flips: set[int] = set()
    for dr, dc in DIRECTIONS:
        run = []
        r, c = row + dr, col + dc
        while 0 <= r < 8 and 0 <= c < 8 and board[r * 8 + c] == them:
            run.append(r * 8 + c)
            r, c = r + dr, c + dc
        if run and 0 <= r < 8 and 0 <= c < 8 and board[r * 8 + c] == me:
            flips.update(run)
    return flips


def reference_moves(board: str, me: str) -> list[int]:
    return [i for i in range(64) if reference_flips(board, i, me)]


def colour(side: str) -> str:
    return "B" if side == "b" else "W"


# -- docs/rules.md, Reversi: the start and who moves first -----------------------


def test_black_moves_first_from_the_diagram_start():
    #   a b c d e f g h
    # 4 . . . W B . . .
    # 5 . . . B W . . .
    pos = start()
    assert pos.side == "b"
    assert pos.code() == START_CODE
    assert pos.black == 1 << sq("e4") | 1 << sq("d5")
    assert pos.white == 1 << sq("d4") | 1 << sq("e5")
    assert pos.counts() == (2, 2)
    assert [pos.move_text(m) for m in pos.legal_moves()] == ["d3", "c4", "f5", "e6"]


def test_opening_move_flips_the_outflanked_disc():
    # Black d3 outflanks d4 (W) against d5 (B).
    played = start().play(sq("d3"))
    assert played.effects.flipped == squares("d4")
    assert played.position.side == "w"
    assert played.position.counts() == (4, 1)


# -- a move flips every outflanked line, in all directions at once -------------------

EIGHT_WAYS = """
  a b c d e f g h
1 B . . B . . B .
2 . W . W . W . .
3 . . W W W . . .
4 B W W . W W B .
5 . . W W W . . .
6 . W . W . W . .
7 B . . B . . B W
8 . . . . . . . W
"""
EIGHT_WAYS_AFTER_D4 = """
  a b c d e f g h
1 B . . B . . B .
2 . B . B . B . .
3 . . B B B . . .
4 B B B B B B B .
5 . . B B B . . .
6 . B . B . B . .
7 B . . B . . B W
8 . . . . . . . W
"""


def test_flips_in_all_eight_directions_at_once():
    played = position(EIGHT_WAYS, "b").play(sq("d4"))
    assert played.effects.flipped == squares(
        "d3", "d2", "d5", "d6", "c4", "b4", "e4", "f4",
        "c3", "b2", "e3", "f2", "c5", "b6", "e5", "f6")
    assert played.position == position(EIGHT_WAYS_AFTER_D4, "w")


LONG_LINES = """
  a b c d e f g h
1 . W W W W W W B
2 W W . . . . . .
3 W . W . . . . .
4 W . . W . . . .
5 W . . . W . . .
6 W . . . . W . .
7 W . . . . . W .
8 B . . . . . . B
"""


LINE_SQUARES = {
    "row": ("b1", "c1", "d1", "e1", "f1", "g1", "h1"),
    "column": ("a2", "a3", "a4", "a5", "a6", "a7", "a8"),
    "diagonal": ("b2", "c3", "d4", "e5", "f6", "g7", "h8"),
}


def one_line(diagram: str, line: str, rows: bool, cols: bool) -> str:
    """Keep only one line of the diagram, then turn it over as asked."""
    keep = {sq(name) for name in LINE_SQUARES[line]}
    grid = [text.split()[1:] for text in diagram.strip().splitlines()[1:]]
    grid = [[ch if r * 8 + c in keep else "." for c, ch in enumerate(row)]
            for r, row in enumerate(grid)]
    grid = grid[::-1] if rows else grid
    grid = [row[::-1] if cols else row for row in grid]
    return "\n".join(f"{r + 1} " + " ".join(row) for r, row in enumerate(grid))


@pytest.mark.parametrize("line", ["row", "column", "diagonal"])
@pytest.mark.parametrize(("rows", "cols", "corner"),
                         [(False, False, "a1"), (False, True, "h1"),
                          (True, False, "a8"), (True, True, "h8")])
def test_a_line_of_six_flips_in_every_direction(line, rows, cols, corner):
    # Six enemy discs is the longest a line can hold.  One line of LONG_LINES
    # at a time, turned over, points from each corner in all eight directions.
    pos = position(one_line(LONG_LINES, line, rows, cols), "b")
    assert pos.legal_moves() == [sq(corner)]
    assert pos.move_count() == 1
    played = pos.play(sq(corner))
    assert len(played.effects.flipped) == 6
    assert played.position.counts() == (1 + 1 + 6, 0)


NO_OTHER_FLIPS = """
  a b c d e f g h
1 . . . . . . . .
2 . . . . . . . .
3 . . W . . . . .
4 . B W W . W B .
5 . . . W W . . .
6 . . W . . . . .
7 B W W B . . . .
8 . . . . . . . .
"""
NO_OTHER_FLIPS_AFTER_E4 = """
  a b c d e f g h
1 . . . . . . . .
2 . . . . . . . .
3 . . W . . . . .
4 . B B B B B B .
5 . . . W W . . .
6 . . W . . . . .
7 B W W B . . . .
8 . . . . . . . .
"""


def test_no_other_discs_flip():
    # Black e4 closes c4-d4 (against b4) and f4 (against g4).  Left alone:
    # c3 (not on a line through e4), d5/c6 and e5 (lines run into empty
    # squares), and b7-c7, already between two black discs but not by e4.
    played = position(NO_OTHER_FLIPS, "b").play(sq("e4"))
    assert played.effects.flipped == squares("c4", "d4", "f4")
    assert played.position == position(NO_OTHER_FLIPS_AFTER_E4, "w")


UNCLOSED = """
  a b c d e f g h
1 . W W W W W W W
2 W W . . . . . .
3 W . W . . . . .
4 . . . . . . . .
5 B . . . B . . .
6 . . . . . . . .
7 . . . . . . . .
8 . . . . . . . .
"""


def test_a_line_must_be_closed_by_the_movers_disc():
    # From a1: row 1 runs into the edge, column a and the diagonal run into
    # an empty square before reaching a black disc, so a1 is no move.
    pos = position(UNCLOSED, "b")
    assert sq("a1") not in pos.legal_moves()
    with pytest.raises(IllegalMove):
        legal(pos, "a1")


CLOSED_AND_OPEN = """
  a b c d e f g h
1 . W W B . . . .
2 W W . . . . . .
3 W . W . . . . .
4 . . . . . . . .
5 B . . . B . . .
6 . . . . . . . .
7 . . . . . . . .
8 . . . . . . . .
"""


def test_only_closed_lines_flip():
    # a1: b1-c1 closed by d1 flip; a2-a3 (gap at a4) and b2-c3 (gap at d4) do not.
    pos = position(CLOSED_AND_OPEN, "b")
    assert sq("a1") in pos.legal_moves()
    assert pos.play(sq("a1")).effects.flipped == squares("b1", "c1")


def test_occupied_square_is_never_a_move():
    pos = start()
    for name in ("d4", "e4", "d5", "e5"):
        assert sq(name) not in pos.legal_moves()


# -- passing --------------------------------------------------------------------------

BLACK_MUST_PASS = """
  a b c d e f g h
1 W B . . . . . .
2 . . . . . . . .
3 . . . . . . . .
4 . . . . . . . .
5 . . . . . . . .
6 . . . . . . . .
7 . . . . . . . .
8 . . . . . . . .
"""


def test_forced_pass_is_the_only_move():
    # Black's b1 has a white disc only towards the edge; white can play c1.
    pos = position(BLACK_MUST_PASS, "b")
    assert pos.legal_moves() == [PASS]
    assert pos.move_count() == 1
    assert pos.outcome() is None
    played = pos.play(PASS)
    assert played.effects.flipped == ()
    assert played.position == position(BLACK_MUST_PASS, "w")
    assert played.position.legal_moves() == [sq("c1")]
    assert legal(pos, " PASS ") == PASS


def test_a_player_with_a_move_may_not_pass():
    pos = start()
    assert PASS not in pos.legal_moves()
    with pytest.raises(IllegalMove):
        legal(pos, "pass")


# -- the end of the game ----------------------------------------------------------------


def test_game_ends_when_neither_can_move_board_not_full():
    # After white c1 in BLACK_MUST_PASS, black has no disc left: W W W on row 1.
    pos = position(BLACK_MUST_PASS, "w").play(sq("c1")).position
    assert pos.legal_moves() == []
    assert pos.move_count() == 0
    outcome = pos.outcome()
    assert outcome is not None
    assert outcome.winner == "w"
    assert (outcome.reason, outcome.scores) == (Reason.NEITHER_CAN_MOVE, (0, 3))


STUCK_DRAW = """
  a b c d e f g h
1 B . W . . . . .
2 . . . . . . . .
3 . . . . . . . .
4 . . . . . . . .
5 . . . . . . . .
6 . . . . . . . .
7 . . . . . . . .
8 . . . . . . . .
"""


@pytest.mark.parametrize("side", ["b", "w"])
def test_equal_discs_with_no_moves_is_a_draw(side):
    # b1 lies between them but neither line is closed beyond it.
    pos = position(STUCK_DRAW, side)
    assert pos.legal_moves() == []
    outcome = pos.outcome()
    assert outcome is not None
    assert outcome.winner is None
    assert (outcome.reason, outcome.scores) == (Reason.NEITHER_CAN_MOVE, (1, 1))
    assert outcome.status == "draw"


def full_board(blacks: int, side: str = "b") -> ReversiPosition:
    """A full board: the first `blacks` squares black, the rest white."""
    return from_code(diagram_code(
        "\n".join(f"{r + 1} " + " ".join("B" if r * 8 + c < blacks else "W" for c in range(8))
                  for r in range(8)), side))


@pytest.mark.parametrize(("blacks", "winner"),
                         [(40, "b"), (33, "b"), (31, "w"), (1, "w"), (32, None)])
def test_full_board_ends_game_more_discs_wins(blacks, winner):
    pos = full_board(blacks)
    assert pos.legal_moves() == []
    outcome = pos.outcome()
    assert outcome is not None
    assert outcome.reason == Reason.BOARD_FULL
    assert outcome.winner == winner
    assert outcome.scores == (blacks, 64 - blacks)


def test_no_outcome_while_a_side_can_move():
    assert start().outcome() is None
    assert position(BLACK_MUST_PASS, "w").outcome() is None


# -- supplies ---------------------------------------------------------------------------


def test_supplies_start_with_thirty_each_and_placements_use_the_movers():
    pos = start()
    assert supplies(pos, []) == (30, 30)
    moves = []
    for _ in range(4):
        move = pos.legal_moves()[0]
        moves.append(move)
        pos = pos.play(move).position
    assert supplies(start(), moves) == (28, 28)
    assert supplies(start(), moves[:3]) == (28, 29)


def test_supplies_pass_takes_nothing():
    pos = position(BLACK_MUST_PASS, "b")
    # 62 discs off the board, 31 each; black passes, white plays c1.
    assert supplies(pos, [PASS, sq("c1")]) == (31, 30)


def test_supplies_odd_split_favours_the_side_to_move():
    pos = position(BLACK_MUST_PASS, "w").play(sq("c1")).position  # 3 discs, black to move
    assert supplies(pos, []) == (31, 30)
    assert supplies(position(STUCK_DRAW, "w"), []) == (31, 31)


HAND_OVER = """
  a b c d e f g h
1 . W B B B B B B
2 B B B B B B B B
3 . W B B B B B B
4 B B B B B B B B
5 . W B B B B B B
6 B B B B B B B B
7 B B B B B B B B
8 B B B B B B B B
"""


def test_supplies_hand_over_when_the_movers_supply_is_empty():
    # Three empty squares: black (to move) holds 2, white 1.  Only black can
    # ever move, so white passes in between; black's third disc is white's.
    pos = position(HAND_OVER, "b")
    texts = ["a1", "pass", "a3", "pass", "a5"]
    moves = []
    expected = [(1, 1), (1, 1), (0, 1), (0, 1), (0, 0)]
    assert supplies(pos, []) == (2, 1)
    for text, after in zip(texts, expected, strict=True):
        move = legal(pos, text)
        moves.append(move)
        pos = pos.play(move).position
        assert supplies(position(HAND_OVER, "b"), moves) == after
    outcome = pos.outcome()
    assert outcome is not None
    assert (outcome.winner, outcome.reason, outcome.scores) == ("b", Reason.BOARD_FULL, (64, 0))


# -- perft (docs/rules.md, Perft) --------------------------------------------------


@pytest.mark.parametrize(("depth", "nodes"),
                         [(1, 4), (2, 12), (3, 56), (4, 244), (5, 1396), (6, 8200), (7, 55092)])
def test_perft_from_the_start(depth, nodes):
    assert perft(start(), depth) == nodes


def test_perft_of_a_finished_game_is_zero():
    assert perft(full_board(40), 1) == 0
    assert perft(position(BLACK_MUST_PASS, "b"), 2) == 1  # pass, then c1


# -- codes -------------------------------------------------------------------------------


@pytest.mark.parametrize("code", [
    START_CODE,
    "reversi 8/8/8/3WB3/3BW3/8/8/8 w",
    "reversi 8/8/8/8/8/8/8/8 b",
    "reversi BBBBBBBB/BBBBBBBB/BBBBBBBB/BBBBBBBB/WWWWWWWW/WWWWWWWW/WWWWWWWW/WWWWWWWW w",
    "reversi W7/1B6/2WWW3/3BWB2/2BBBW2/8/7B/6WW b",
])
def test_code_round_trip(code):
    pos = from_code(code)
    assert pos.code() == code
    assert from_code(pos.code()) == pos
    assert hash(from_code(code)) == hash(pos)


def test_code_forgives_surrounding_whitespace_and_places_discs_by_row_from_top():
    pos = from_code("  reversi B7/8/8/8/8/8/8/7W w\n")
    assert pos.black == 1 << sq("a1")
    assert pos.white == 1 << sq("h8")
    assert pos.side == "w"


@pytest.mark.parametrize("code", [
    "reversi 8/8/8/3WB3/3BW3/8/8/8",             # field missing
    "reversi 8/8/8/3WB3/3BW3/8/8/8 b extra",     # field too many
    "reversi 8/8/8/3XB3/3BW3/8/8/8 b",           # bad letter
    "reversi 8/8/8/3wb3/3BW3/8/8/8 b",           # lower-case letters
    "reversi 8/8/8/3WB2/3BW3/8/8/8 b",           # short rank
    "reversi 8/8/8/3WB4/3BW3/8/8/8 b",           # long rank
    "reversi 8/8/8/3WB3/3BW3/8/8/8/8 b",         # 9 ranks
    "reversi 8/8/8/3WB3/3BW3/8/8 b",             # 7 ranks
    "reversi 8/8/8/3WB3/3BW3/8/8/8 a",           # side of another game
    "reversi 8/8/8/3WB3/3BW3/8/8/8 x",           # unknown side
    "reversi 8/8/8/3WB3/3BW3/8/8/8 B",           # side in upper case
    "reversi 8/8/8/3WB3/3BWé2/8/8/8 b",          # non-ASCII
    "reversi 8/8/8/3WB3/3BW3/8/8/8 ｂ",           # non-ASCII side
    "reversi 99999999999999999999999/8/8/3WB3/3BW3/8/8/8 b",  # huge number
    "reversi  8/8/8/3WB3/3BW3/8/8/8 b",          # stray double space
    "reversi 8/8/8/3WB3/3BW3/8/8/8\tb",          # tab separator
    "reversi 0WB6/8/8/3WB3/3BW3/8/8/8 b",        # empty run of 0
    "brandubh 8/8/8/3WB3/3BW3/8/8/8 b",          # another game's name
    "",
])
def test_malformed_codes_are_rejected_in_one_line(code):
    with pytest.raises(CodeError) as error:
        from_code(code)
    message = str(error.value)
    assert message and "\n" not in message


def test_code_error_names_the_problem():
    with pytest.raises(CodeError, match="another game"):
        from_code("reversi 8/8/8/3WB3/3BW3/8/8/8 a")
    with pytest.raises(CodeError, match="'X'"):
        from_code("reversi 8/8/8/3XB3/3BW3/8/8/8 b")
    with pytest.raises(CodeError, match="9 ranks"):
        from_code("reversi 8/8/8/3WB3/3BW3/8/8/8/8 b")
    with pytest.raises(CodeError, match="fields"):
        from_code("reversi 8/8/8/3WB3/3BW3/8/8/8")


@given(st.text(max_size=80))
def test_any_text_after_the_name_gives_a_position_or_a_code_error(text):
    try:
        pos = from_code("reversi " + text)
    except CodeError as error:
        assert "\n" not in str(error)
    else:
        assert from_code(pos.code()) == pos


# -- move text --------------------------------------------------------------------------


def test_move_text_round_trip_for_every_square_and_pass():
    pos = start()
    for i in range(64):
        assert pos.parse_move(pos.move_text(i)) == i
        assert square_name(i) == pos.move_text(i)
    assert pos.move_text(PASS) == "pass"
    assert pos.parse_move("pass") == PASS
    assert pos.move_text(sq("d3")) == "d3"
    assert pos.move_text(sq("h8")) == "h8"
    assert pos.move_text(0) == "a1"


@pytest.mark.parametrize(("text", "move"), [
    ("D3", 19), ("  d3\n", 19), ("PASS", PASS), (" Pass ", PASS), ("a1", 0), ("h1", 7), ("a8", 56),
])
def test_parse_move_accepts_case_and_whitespace(text, move):
    assert start().parse_move(text) == move


@pytest.mark.parametrize("text", [
    "", " ", "d", "d9", "d0", "i1", "3d", "d33", "d 3", "pas", "passs", "d3 d4", "c4-d4",
    "ｄ３", "é", "\x00", "d3\x00", "d" + "3" * 100_000, "\u212a1",
])
def test_parse_move_rejects_anything_else(text):
    with pytest.raises(IllegalMove) as error:
        start().parse_move(text)
    message = str(error.value)
    assert "\n" not in message and len(message) < 200


def test_parse_move_rejects_non_text():
    with pytest.raises(IllegalMove):
        start().parse_move(None)  # type: ignore[arg-type]


@given(st.text())
def test_parse_move_only_ever_raises_illegal_move(text):
    try:
        move = start().parse_move(text)
    except IllegalMove:
        return
    assert move == PASS or 0 <= move < 64


# -- value semantics ----------------------------------------------------------------------


def test_positions_are_hashable_values():
    a, b = start(), from_code(START_CODE)
    assert a == b and hash(a) == hash(b) and a is not b
    assert a.repetition_key() == b.repetition_key()
    assert len({a, b, a.play(sq("d3")).position}) == 2
    assert a != from_code("reversi 8/8/8/3WB3/3BW3/8/8/8 w")
    assert ReversiPosition.GAME == "reversi" and ReversiPosition.SIDES == ("b", "w")


def test_play_leaves_the_position_unchanged():
    pos = start()
    pos.play(sq("d3"))
    assert pos.code() == START_CODE


# -- properties ---------------------------------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(st.randoms(use_true_random=False))
def test_random_games_follow_the_rules_and_end(rng):
    pos = start()
    placements = passes = 0
    moves = []
    last_was_pass = False
    while True:
        legal_moves = pos.legal_moves()
        board, me = board_of(pos), colour(pos.side)
        ref = reference_moves(board, me)
        assert pos.move_count() == len(legal_moves)
        if not legal_moves:
            assert not ref and not reference_moves(board, "W" if me == "B" else "B")
            break
        assert pos.outcome() is None
        assert legal_moves == (ref or [PASS])
        assert from_code(pos.code()) == pos
        move = rng.choice(legal_moves)
        moves.append(move)
        played = pos.play(move)
        after = played.position
        mine, theirs = pos.counts() if pos.side == "b" else pos.counts()[::-1]
        mine2, theirs2 = after.counts() if pos.side == "b" else after.counts()[::-1]
        if move == PASS:
            assert not last_was_pass, "two passes in a row"
            assert after.counts() == pos.counts() and played.effects.flipped == ()
            passes += 1
        else:
            flipped = played.effects.flipped
            assert flipped == tuple(sorted(reference_flips(board, move, me)))
            assert sum(after.counts()) == sum(pos.counts()) + 1
            assert mine2 == mine + 1 + len(flipped)
            assert theirs2 == theirs - len(flipped)
            placements += 1
        last_was_pass = move == PASS
        black_left, white_left = supplies(start(), moves)
        assert black_left >= 0 and white_left >= 0
        assert black_left + white_left + sum(after.counts()) == 64
        assert after.side != pos.side
        pos = after
        assert placements <= 60 and passes <= placements + 1
    outcome = pos.outcome()
    assert outcome is not None
    black, white = pos.counts()
    assert outcome.scores == (black, white)
    assert outcome.winner == ("b" if black > white else "w" if white > black else None)
    full = black + white == 64
    assert outcome.reason == (Reason.BOARD_FULL if full else Reason.NEITHER_CAN_MOVE)


boards = st.lists(st.sampled_from(".BW"), min_size=64, max_size=64).map("".join)


@settings(max_examples=300)
@given(boards, st.sampled_from(["b", "w"]))
def test_any_board_moves_match_the_reference(board, side):
    # Random boards reach edge cases a game rarely does (long lines to the
    # rim, discs on every border), where a shift could wrap a row.
    code = "reversi " + "/".join(
        re.sub(r"\.+", lambda run: str(len(run.group())), board[r * 8:r * 8 + 8]) for r in range(8)
    ) + " " + side
    pos = from_code(code)
    assert pos.code() == code
    assert board_of(pos) == board
    me = colour(side)
    ref = reference_moves(board, me)
    other = reference_moves(board, "W" if me == "B" else "B")
    expected = ref or ([PASS] if other else [])
    assert pos.legal_moves() == expected
    assert pos.move_count() == len(expected)
    for move in ref:
        assert pos.play(move).effects.flipped == tuple(sorted(reference_flips(board, move, me)))
    assert (pos.outcome() is None) == bool(expected)


# -- the public kernels (what the AI searches with) -----------------------------------
#
# The AI works on raw bitboards through these; they must say exactly what the
# square-by-square reference and the position's own legal_moves()/play() say.


def random_position(seed: int, plies: int) -> ReversiPosition:
    """The start, then up to `plies` random legal moves (passes included)."""
    rng = random.Random(seed)
    pos = start()
    for _ in range(plies):
        moves = pos.legal_moves()
        if not moves:
            break
        pos = pos.play(rng.choice(moves)).position
    return pos


def bits_of(squares_: list[int]) -> int:
    return sum(1 << s for s in squares_)


def test_mover_and_opponent_are_the_boards_of_the_side_to_move_and_the_other():
    black, white = 0x0000000810000000, 0x0000001008000000
    as_black = ReversiPosition.from_colours(black, white, "b")
    as_white = ReversiPosition.from_colours(black, white, "w")
    assert (as_black.mover, as_black.opponent) == (black, white)
    assert (as_white.mover, as_white.opponent) == (white, black)
    assert as_black == start()


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 10**6), st.integers(0, 60))
def test_kernels_agree_with_legal_moves_and_play_in_games(seed, plies):
    pos = random_position(seed, plies)
    p, o = pos.mover, pos.opponent
    legal_moves = pos.legal_moves()
    moves = mobility(p, o)
    placements = [m for m in legal_moves if m != PASS]
    assert moves == bits_of(placements)
    if not moves:  # no placement: a pass if the opponent has one, else the end
        assert legal_moves == ([PASS] if mobility(o, p) else [])
        assert (pos.outcome() is None) == bool(mobility(o, p))
    other = "w" if pos.side == "b" else "b"
    for square in range(64):
        after = None if (p | o) >> square & 1 else place(square, p, o)
        if square in placements:
            played = pos.play(square)
            assert after is not None
            assert ReversiPosition(*after, other) == played.position
            assert flips(square, p, o) == bits_of(list(played.effects.flipped))
        elif not (p | o) >> square & 1:
            assert after is None and flips(square, p, o) == 0


@settings(max_examples=300)
@given(boards, st.sampled_from(["b", "w"]))
def test_kernels_match_the_reference_on_any_board(board, side):
    pos = from_code("reversi " + "/".join(
        re.sub(r"\.+", lambda run: str(len(run.group())), board[r * 8:r * 8 + 8])
        for r in range(8)) + " " + side)
    p, o = pos.mover, pos.opponent
    me = colour(side)
    assert mobility(p, o) == bits_of(reference_moves(board, me))
    for square in range(64):
        if board[square] != ".":
            continue
        want = bits_of(sorted(reference_flips(board, square, me)))
        assert flips(square, p, o) == want
        after = place(square, p, o)
        if want:
            assert after == (o & ~want, p | want | 1 << square)
            assert NEIGHBOURS[square] & o  # a flip starts next to the placed disc
        else:
            assert after is None


def test_neighbours_are_the_adjacent_squares():
    assert NEIGHBOURS[sq("a1")] == bits_of([sq("b1"), sq("a2"), sq("b2")])
    assert NEIGHBOURS[sq("h8")] == bits_of([sq("g8"), sq("h7"), sq("g7")])
    d4 = [sq(c + r) for c in "cde" for r in "345" if c + r != "d4"]
    assert NEIGHBOURS[sq("d4")] == bits_of(d4)
    assert [n.bit_count() for n in NEIGHBOURS].count(8) == 36


def test_play_refuses_a_square_that_is_not_a_move():
    pos = start()
    for name in ("a1", "d6", "f3"):  # none of them encloses a white disc
        with pytest.raises(IllegalMove):
            pos.play(sq(name))


STABLE = """
  a b c d e f g h
1 B B B W . . . .
2 B B W . . . . .
3 B . . . . . . .
4 . . . W B . . .
5 . . . B W . . .
6 . . . . . . . .
7 . . . . . . . .
8 W W W W W W W W
"""


def test_stable_discs_grow_from_corners_and_full_lines():
    pos = position(STABLE, "b")
    occupied = pos.black | pos.white
    # a1 is a corner.  b1 and c1 lean on it along row 1, a2 and a3 along column
    # a (their other lines end at the wall), and b2 has a stable black disc on
    # each of its four lines (a2, b1, a1, c1).  d1 and c2 can still be turned
    # along row 1 and row 2, the centre discs anyhow.  Row 8 is full: stable.
    black = stable_discs(pos.black, occupied)
    assert black == bits_of([sq(n) for n in ("a1", "b1", "c1", "a2", "a3", "b2")])
    assert stable_discs(pos.white, occupied) == bits_of([sq(c + "8") for c in "abcdefgh"])
    full = from_code("reversi " + "/".join(["BBBBWWWW"] * 8) + " b")
    assert stable_discs(full.black, FULL) == full.black  # nothing can ever move again


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), plies=st.integers(20, 58))
def test_stable_discs_never_flip(seed: int, plies: int) -> None:
    """What the solver's stability cutoff trusts: those discs keep their colour to the end."""
    pos = random_position(seed, plies)
    occupied = pos.black | pos.white
    black, white = stable_discs(pos.black, occupied), stable_discs(pos.white, occupied)
    rng = random.Random(seed)
    while pos.legal_moves():
        pos = pos.play(rng.choice(pos.legal_moves())).position
        assert pos.black & black == black and pos.white & white == white


@settings(max_examples=200)
@given(st.integers(0, FULL), st.integers(0, FULL))
def test_full_lines_are_the_lines_with_no_empty_square(a, b):
    occupied = a | b  # mostly full boards, so full lines are common
    got = _full_lines(occupied)
    for axis, (dr, dc) in enumerate(((0, 1), (1, 0), (1, 1), (1, -1))):
        for square in range(64):
            line = [square]
            for sign in (1, -1):  # walk the line both ways from the square
                r, c = divmod(square, 8)
                r, c = r + sign * dr, c + sign * dc
                while 0 <= r < 8 and 0 <= c < 8:
                    line.append(r * 8 + c)
                    r, c = r + sign * dr, c + sign * dc
            full = all(occupied >> s & 1 for s in line)
            assert bool(got[axis] >> square & 1) == full, (axis, square_name(square))
