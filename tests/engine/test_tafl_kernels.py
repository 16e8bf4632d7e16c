"""The tafl engine's public kernels (`TaflRules.moves`, `sandwiched`, `landings`,
`capture_moves`, `takes_king`, `king_captures`, `shut_sides`, `decided`, ...):
what each answers on a board drawn as in docs/rules.md, and that they agree with
`play()` and with a brute-force reading of the rules on many random positions.

The search calls these kernels instead of playing moves, so a kernel that
disagreed with `play()` would make the computer misjudge positions unseen.
"""

from __future__ import annotations

import dataclasses
import random

import pytest

from game.rules import tafl
from game.rules.base import Reason, legal

from .diagrams import tafl_code


def position(game: str, diagram: str, side: str, visited: str = "-") -> tafl.TaflPosition:
    return tafl.from_code(tafl_code(game, diagram, side, visited))


def sq(pos: tafl.TaflPosition, name: str) -> int:
    return pos.rules.square_index(name)


def play(pos: tafl.TaflPosition, text: str):
    return pos.play(legal(pos, text))


def named(pos: tafl.TaflPosition, items) -> list:
    """Square indices (alone or inside tuples) as their names, order kept."""
    name = pos.rules.square_name
    return [tuple(name(x) for x in item) if isinstance(item, tuple) else name(item)
            for item in items]


# --- moving ----------------------------------------------------------------------------

BOXED = """
7 K A . . . . .
6 A . . A . . .
5 . . A D A . .
4 . . . . . . .
3 . . . . . . .
2 . . . . . . .
1 . . . . . . .
  a b c d e f g
"""


def test_a_piece_whose_only_way_out_crosses_the_empty_throne_can_move():
    # The king is boxed in on a7; the defender on d5 can only go down, over
    # the throne d4, on which it may not stop.
    pos = position("brandubh", BOXED, "d", "a7")
    rules = pos.rules
    assert named(pos, rules.moves(pos.board, "d")) == [("d5", "d3"), ("d5", "d2"), ("d5", "d1")]
    assert rules.has_move(pos.board, "d")


def test_a_side_with_no_move_has_none_and_loses_brandubh_but_is_not_decided():
    stuck = BOXED.replace("3 . . . . . . .", "3 . . . A . . .")
    pos = position("brandubh", stuck, "d", "a7")
    rules = pos.rules
    assert rules.moves(pos.board, "d") == [] and not rules.has_move(pos.board, "d")
    assert rules.has_move(pos.board, "a")
    # No move generation decides it ...
    assert rules.decided(pos.board, pos.visited) is None
    # ... but the whole outcome does: a side that cannot move loses Brandubh.
    outcome = rules.outcome(pos.board, "d", pos.visited)
    assert (outcome.winner, outcome.reason) == ("a", Reason.NO_LEGAL_MOVE)
    assert pos.outcome() == outcome


BESIDE_CORNERS = """
7 . A D . . . .
6 . . . . . . .
5 D . . . . . .
4 . . . . . . .
3 K . . . . . .
2 . . . . . . .
1 . A D . . . .
  a b c d e f g
"""


def test_slides_are_where_a_piece_could_go_from_a_square_it_is_not_on():
    # The king's squares from d7, though he stands on d4: the attacker on f7
    # stops him on e7, and the corner a7 is his to stop on, not a soldier's.
    pos = position("brandubh", """
7 . . . . . A .
6 . . . . . . .
5 . . . A . . .
4 . . . K . . .
3 . . . . . . .
2 . . . . . . .
1 . . . . . . .
  a b c d e f g
""", "d")
    rules = pos.rules
    assert sorted(named(pos, rules.slides(pos.board, sq(pos, "d7"), "K"))) == \
        ["a7", "b7", "c7", "d6", "e7"]
    assert sorted(named(pos, rules.slides(pos.board, sq(pos, "d7"), "A"))) == \
        ["b7", "c7", "d6", "e7"]


def test_arrivals_are_the_pieces_that_may_stop_on_a_square():
    # The defender a5 slides up to the corner a7 but may not stop there; the
    # king a3 may stop on a1; both reach a4, between them.
    pos = position("brandubh", BESIDE_CORNERS, "d")
    rules = pos.rules
    assert rules.arrivals(pos.board, "d", sq(pos, "a7")) == []  # a5 may not stop there
    assert named(pos, rules.arrivals(pos.board, "d", sq(pos, "a1"))) == ["a3"]
    assert named(pos, rules.arrivals(pos.board, "d", sq(pos, "a4"))) == ["a5", "a3"]


# --- soldiers taken ----------------------------------------------------------------------

HANGING_DEFENDERS = """
7 . D . . . . .
6 A . . . . K .
5 . . . D . . .
4 . . . . . . D
3 . A D . D A .
2 . . . . . . .
1 . . . A . . .
  a b c d e f g
"""


def test_landings_list_each_sandwich_an_attacker_could_close():
    # b7 is not taken from c7 against the corner a7, nor d5 from d6 against
    # the empty throne d4: both are hostile to attackers only.
    pos = position("brandubh", HANGING_DEFENDERS, "a")
    assert named(pos, pos.rules.landings(pos.board, "a")) == [
        ("b7", "b6"),  # against the edge
        ("g4", "f4"),  # against the edge
        ("c3", "d3"),  # against the attacker on b3
        ("e3", "d3"),  # against the attacker on f3
    ]


def test_capture_moves_are_the_landings_some_attacker_can_reach():
    pos = position("brandubh", HANGING_DEFENDERS, "a")
    assert named(pos, pos.rules.capture_moves(pos.board, "a")) == [
        ("b3", "b6", "b7"), ("a6", "b6", "b7"), ("f3", "f4", "g4"),
        ("d1", "d3", "c3"), ("d1", "d3", "e3")]
    # Whoever is to move: the defenders' position shows the same threats.
    defenders_to_move = tafl.TaflPosition(pos.rules, pos.board, "d")
    assert pos.rules.capture_moves(defenders_to_move.board, "a") == \
        pos.rules.capture_moves(pos.board, "a")


def test_sandwiched_takes_in_every_direction_the_landing_closes():
    pos = position("brandubh", HANGING_DEFENDERS, "a")
    rules = pos.rules
    assert named(pos, rules.sandwiched(pos.board, "a", sq(pos, "d3"))) == ["c3", "e3"]
    assert named(pos, rules.sandwiched(pos.board, "a", sq(pos, "f4"))) == ["g4"]
    assert rules.sandwiched(pos.board, "a", sq(pos, "d6")) == []  # the throne helps defenders
    assert rules.sandwiched(pos.board, "a", sq(pos, "c7")) == []  # and so does the corner
    assert rules.sandwiched(pos.board, "a", sq(pos, "c6")) == []
    assert named(pos, play(pos, "d1-d3").effects.captured) == ["c3", "e3"]
    assert named(pos, play(pos, "f3-f4").effects.captured) == ["g4"]


def test_only_the_king_lands_on_a_corner_to_capture_against_a_defender():
    pos = position("brandubh", BESIDE_CORNERS, "d")
    rules = pos.rules
    # b7 and b1 stand on the edge, which never helps take an attacker: no
    # landing on b6 or b2, only on the corners, against c7 and c1.
    assert named(pos, rules.landings(pos.board, "d")) == [("b7", "a7"), ("b1", "a1")]
    # a5 could slide to a7 but may not stop there; the king may stop on a1.
    assert named(pos, rules.capture_moves(pos.board, "d")) == [("a3", "a1", "b1")]
    assert named(pos, play(pos, "a3-a1").effects.captured) == ["b1"]


def test_a_defender_landing_beside_an_attacker_takes_it_against_an_empty_corner():
    # With c1 and c7 empty, the defenders close on b1 and b7 from the other
    # side: the corners a1 and a7 are hostile to attackers.
    pos = position("brandubh", BESIDE_CORNERS.replace("A D", "A ."), "d")
    rules = pos.rules
    assert named(pos, rules.landings(pos.board, "d")) == [("b7", "c7"), ("b1", "c1")]
    assert rules.capture_moves(pos.board, "d") == []  # no defender reaches c7 or c1 ...
    with_c4 = position("brandubh", BESIDE_CORNERS.replace("A D", "A .").replace(
        "4 . . . . . . .", "4 . . D . . . ."), "d")
    # ... but one on c4 does.
    assert named(with_c4, rules.capture_moves(with_c4.board, "d")) == [
        ("c4", "c7", "b7"), ("c4", "c1", "b1")]
    assert named(with_c4, play(with_c4, "c4-c1").effects.captured) == ["b1"]


# --- the king taken ------------------------------------------------------------------------


def test_a_brandubh_king_on_the_edge_falls_to_the_attacker_closing_his_last_side():
    pos = position("brandubh", """
7 . . . . . . .
6 . . . . . . .
5 . . . A . . .
4 . . . . . . .
3 . . . . . . .
2 . . . . . . A
1 . . A K A . .
  a b c d e f g
""", "a")
    rules, king = pos.rules, sq(pos, "d1")
    assert rules.shut_sides(pos.board, king) == 3  # the edge and two attackers
    assert rules.takes_king(pos.board, king, sq(pos, "d2"))
    assert not rules.takes_king(pos.board, king, sq(pos, "f1"))  # not beside him
    # d5 crosses the empty throne to d2; g2 slides along the rank.
    assert named(pos, rules.king_captures(pos.board, king)) == [("d5", "d2"), ("g2", "d2")]
    assert sq(pos, "d1") in play(pos, "d5-d2").effects.captured


def test_the_empty_throne_walls_a_brandubh_king_and_two_attackers_do_not():
    pos = position("brandubh", """
7 . . . A . . .
6 . . . . . . .
5 . . A K A . .
4 . . . . . . .
3 . . . . . . .
2 . . . . . . .
1 . . . . . . .
  a b c d e f g
""", "a")
    rules, king = pos.rules, sq(pos, "d5")
    assert rules.shut_sides(pos.board, king) == 3  # c5, e5 and the empty throne d4
    assert named(pos, rules.king_captures(pos.board, king)) == [("d7", "d6")]
    open_below = position("brandubh", """
7 . . . A . . .
6 . . . . . . .
5 . . . . . . .
4 . . A K A . .
3 . . . . . . .
2 . . . . . . .
1 . . . . . . .
  a b c d e f g
""", "a")
    # The king on his throne, two attackers beside him: no move takes him.
    assert open_below.rules.shut_sides(open_below.board, sq(open_below, "d4")) == 2
    assert open_below.rules.king_captures(open_below.board, sq(open_below, "d4")) == []


TAWLBWRDD_BESIDE_CASTLE = """
11 . . . . . . . . . . .
10 . . . . . A . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . . A K A . . . .
 6 . . . . . . . . . . .
 5 . . . . . . . . . . .
 4 . . . . . . . . . . .
 3 . . . . . . . . . . .
 2 . . . . . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
"""


def test_a_tawlbwrdd_king_beside_the_castle_needs_three_attackers():
    pos = position("tawlbwrdd", TAWLBWRDD_BESIDE_CASTLE, "a")
    rules, king = pos.rules, sq(pos, "f7")
    assert rules.takes_king(pos.board, king, sq(pos, "f8"))
    assert named(pos, rules.king_captures(pos.board, king)) == [("f10", "f8")]
    two = position("tawlbwrdd", TAWLBWRDD_BESIDE_CASTLE.replace("A K A", "A K ."), "a")
    assert not two.rules.takes_king(two.board, king, sq(two, "f8"))
    assert two.rules.king_captures(two.board, king) == []


def test_a_tawlbwrdd_king_in_the_open_falls_to_two_attackers_astride_him():
    pos = position("tawlbwrdd", """
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . . . . . . . . .
 6 . . . . . . . . . . .
 5 . . . . . . . . . . .
 4 . . . . . . . A . . .
 3 . . K . . . . . . . .
 2 . . A . . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
""", "a")
    rules, king = pos.rules, sq(pos, "c3")
    assert rules.takes_king(pos.board, king, sq(pos, "c4"))
    assert not rules.takes_king(pos.board, king, sq(pos, "b3"))  # d3 is empty
    assert named(pos, rules.king_captures(pos.board, king)) == [("h4", "c4")]


# --- which sides the special squares are hostile to: data, not code ------------------------


def test_the_hostile_sides_of_edge_corners_and_throne_are_fields_of_the_record():
    """Each special square of Brandubh helps one side: the corners and the empty
    throne the defenders, the edge the attackers.  A record with every special
    square hostile to both sides (the first reading of the sheet, withdrawn)
    changes who is taken, with no new code."""
    brandubh = tafl.RULES["brandubh"]
    assert (brandubh.edge_hostile_to, brandubh.corners_hostile_to,
            brandubh.throne_hostile_to) == ({"d"}, {"a"}, {"a"})
    both_sides = dataclasses.replace(
        brandubh, edge_hostile_to=tafl.BOTH, corners_hostile_to=tafl.BOTH,
        throne_hostile_to=tafl.BOTH)
    diagram = """
7 . A . . . . .
6 . . . . . . .
5 . . . A . . .
4 A . . . . . D
3 . . A D . . .
2 . D . . . . .
1 . D . . . K .
  a b c d e f g
"""
    board = position("brandubh", diagram, "a").board

    def taken(rules: tafl.TaflRules, side: str, dest: str) -> list[str]:
        return [rules.square_name(v)
                for v in rules.sandwiched(board, side, rules.square_index(dest))]

    # An attacker on the edge (a4) and beside a corner (b7) or the throne (d5) ...
    assert taken(brandubh, "d", "b4") == [] and taken(both_sides, "d", "b4") == ["a4"]
    assert taken(brandubh, "d", "c7") == ["b7"] and taken(both_sides, "d", "c7") == ["b7"]
    assert taken(brandubh, "d", "d6") == ["d5"] and taken(both_sides, "d", "d6") == ["d5"]
    # ... and a defender on the edge (g4), beside a corner (b1) or the throne (d3).
    assert taken(brandubh, "a", "f4") == ["g4"] and taken(both_sides, "a", "f4") == ["g4"]
    assert taken(brandubh, "a", "c1") == [] and taken(both_sides, "a", "c1") == ["b1"]
    assert taken(brandubh, "a", "d2") == [] and taken(both_sides, "a", "d2") == ["d3"]
    # play() reads the same fields: b2-b4 and c3-c1 take only under both_sides.
    for rules, expected in ((brandubh, []), (both_sides, ["a4"])):
        assert named(pos_of(rules, board, "d"), play(pos_of(rules, board, "d"), "b2-b4")
                     .effects.captured) == expected
    for rules, expected in ((brandubh, []), (both_sides, ["b1"])):
        assert named(pos_of(rules, board, "a"), play(pos_of(rules, board, "a"), "c3-c1")
                     .effects.captured) == expected


def pos_of(rules: tafl.TaflRules, board: str, side: str) -> tafl.TaflPosition:
    return tafl.TaflPosition(rules, board, side)


# --- the kernels agree with play() and with the rules read square by square --------------


def sample(name: str, games: int, seed: str, plies: int = 150) -> list[tafl.TaflPosition]:
    """Positions of seeded random games in which the attackers mostly capture
    when they can, else often close in on the king, and the defenders sometimes
    capture, so that sandwiches, king captures and every ending are common."""
    rng = random.Random(seed)
    eager = {"a": 0.9, "d": 0.2}
    found = []
    for _ in range(games):
        pos = tafl.start(name)
        for _ in range(plies):
            if pos.outcome() is not None:
                break
            found.append(pos)
            played = [pos.play(m) for m in pos.legal_moves()]
            taking = [p for p in played if p.effects.captured]
            beside = [p for m, p in zip(pos.legal_moves(), played, strict=True)
                      if beside_king(pos, m[1])]
            if taking and rng.random() < eager[pos.side]:
                played = taking
            elif pos.side == "a" and beside and rng.random() < 0.6:
                played = beside
            pos = rng.choice(played).position
    return found


def beside_king(pos: tafl.TaflPosition, sq: int) -> bool:
    n, king = pos.rules.size, pos.board.find("K")
    (row, col), (krow, kcol) = divmod(sq, n), divmod(king, n)
    return abs(row - krow) + abs(col - kcol) == 1


def brute_force_moves(rules: tafl.TaflRules, board: str, side: str) -> set[tuple[int, int]]:
    """Rook moves over empty squares, read off the board square by square."""
    n, found = rules.size, set()
    for orig, piece in enumerate(board):
        if piece not in tafl.FRIENDS[side]:
            continue
        row, col = divmod(orig, n)
        for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            r, c = row + dr, col + dc
            while 0 <= r < n and 0 <= c < n and board[r * n + c] == ".":
                dest = r * n + c
                if dest not in rules.restricted or (piece == "K" and dest in rules.king_squares):
                    found.add((orig, dest))
                r, c = r + dr, c + dc
    return found


@pytest.mark.parametrize("name", ["brandubh", "tawlbwrdd"])
def test_the_kernels_agree_with_play_on_random_positions(name):
    seen = {"soldiers": 0, "kings": 0, "positions": 0}
    # Brandubh's king needs four sides shut: it takes more games to see it taken.
    games = {"brandubh": 16, "tawlbwrdd": 8}[name]
    for original in sample(name, games, f"kernels-{name}"):
        rules = original.rules
        for side in tafl.SIDES:
            pos = tafl.TaflPosition(rules, original.board, side, original.visited)
            if rules.decided(pos.board, pos.visited):
                continue
            seen["positions"] += 1
            board, king = pos.board, pos.board.find("K")
            moves = pos.legal_moves()
            assert set(moves) == brute_force_moves(rules, board, side)
            assert rules.has_move(board, side) == bool(moves)
            for orig in {o for o, _ in moves}:
                assert sorted(rules.slides(board, orig, board[orig])) == \
                    sorted(d for o, d in moves if o == orig)
            captures, king_takes = set(), set()
            landings = set(rules.landings(board, side))
            for orig, dest in moves:
                played = pos.play((orig, dest))
                soldiers = [x for x in played.effects.captured if x != king]
                king_taken = king in played.effects.captured
                assert sorted(rules.sandwiched(board, side, dest)) == sorted(soldiers)
                assert {v for v, d in landings if d == dest} == set(soldiers)
                assert (side == "a" and rules.takes_king(board, king, dest)) == king_taken
                captures |= {(orig, dest, victim) for victim in soldiers}
                if king_taken:
                    king_takes.add((orig, dest))
            capture_moves = rules.capture_moves(board, side)
            assert len(capture_moves) == len(set(capture_moves))
            assert set(capture_moves) == captures
            if side == "a":
                assert set(rules.king_captures(board, king)) == king_takes
                if king_takes and rules.king_capture is tafl.KingCapture.ENCLOSED:
                    assert rules.shut_sides(board, king) == 3
            seen["soldiers"] += len(captures)
            seen["kings"] += len(king_takes)
    # The sample must really exercise the rules it checks.
    assert seen["positions"] > 300 and seen["soldiers"] > 300 and seen["kings"] > 5, seen


BRANDUBH_SPECIAL = {"a1", "g1", "a7", "g7", "d4"}  # the corners and the throne


def brandubh_taken(board: dict[str, str], dest: str) -> dict[str, str]:
    """What the Brandubh move that landed on `dest` takes, read from docs/rules.md (Brandubh)
    as written, on a board of square names (off the board: no entry): each
    victim with what closed on it (the edge, a special square, a piece, or for
    the king his four sides)."""
    side = "a" if board[dest] == "A" else "d"
    prey, friends = ("D", "A") if side == "a" else ("A", "DK")
    taken = {}
    file, rank = ord(dest[0]), int(dest[1])
    for df, dr in ((0, 1), (0, -1), (-1, 0), (1, 0)):
        victim = f"{chr(file + df)}{rank + dr}"
        far = f"{chr(file + 2 * df)}{rank + 2 * dr}"
        if board.get(victim) != prey:
            continue
        if far not in board:  # the edge: hostile to defenders only
            closed, by = prey == "D", "edge"
        elif board[far] == ".":  # an empty corner or throne: hostile to attackers only
            closed, by = far in BRANDUBH_SPECIAL and prey == "A", "special"
        else:
            closed, by = board[far] in friends, "piece"
        if closed:
            taken[victim] = by
    king = next((sq for sq, piece in board.items() if piece == "K"), None)
    if side == "a" and king is not None:
        kfile, krank = ord(king[0]), int(king[1])
        sides = [f"{chr(kfile + df)}{krank + dr}"
                 for df, dr in ((0, 1), (0, -1), (-1, 0), (1, 0))]
        if dest in sides and all(sq not in board or board[sq] == "A"
                                 or (board[sq] == "." and sq in BRANDUBH_SPECIAL)
                                 for sq in sides):
            taken[king] = "king"
    return taken


def test_brandubh_captures_agree_with_the_rules_read_square_by_square():
    """play() against an independent reading of the revised capture rules: the
    edge hostile to defenders only, corners and the empty throne to attackers
    only, the king taken when all four sides are shut."""
    seen = {"edge": 0, "special": 0, "piece": 0, "king": 0, "moves": 0}
    for original in sample("brandubh", 10, "brandubh-reference"):
        rules = original.rules
        for side in tafl.SIDES:
            pos = tafl.TaflPosition(rules, original.board, side, original.visited)
            if rules.decided(pos.board, pos.visited):
                continue
            for move in pos.legal_moves():
                played = pos.play(move)
                after = {rules.square_name(sq): piece for sq, piece in enumerate(pos.board)}
                dest = rules.square_name(move[1])
                after[dest], after[rules.square_name(move[0])] = after[rules.square_name(
                    move[0])], "."
                expected = brandubh_taken(after, dest)
                assert {rules.square_name(sq) for sq in played.effects.captured} == \
                    set(expected), (pos.code(), pos.move_text(move))
                seen["moves"] += 1
                for by in expected.values():
                    seen[by] += 1
    # Every way of closing a capture must really occur in the sample.
    assert seen["moves"] > 10_000 and min(seen.values()) > 20, seen


@pytest.mark.parametrize("name", ["brandubh", "tawlbwrdd"])
def test_decided_and_outcome_read_the_end_of_the_game_from_the_board(name):
    rules = tafl.RULES[name]
    ends = set()
    games = {"brandubh": 12, "tawlbwrdd": 6}[name]
    for pos in sample(name, games, f"ends-{name}", plies=100):
        after = [pos.play(m).position for m in pos.legal_moves()]
        for child in after:
            board, king = child.board, child.board.find("K")
            expected = None
            if king < 0:
                expected = ("a", Reason.KING_CAPTURED)
            elif "A" not in board:
                expected = ("d", Reason.ATTACKERS_CAPTURED)
            elif name == "brandubh" and child.visited == 0b1111:
                expected = ("d", Reason.CORNER_TOUR)
            elif name == "tawlbwrdd" and (king // 11 in (0, 10) or king % 11 in (0, 10)):
                expected = ("d", Reason.KING_ESCAPED)
            decided = rules.decided(board, child.visited)
            assert (decided and (decided.winner, decided.reason)) == expected
            outcome = rules.outcome(board, child.side, child.visited)
            if expected is None:
                assert (outcome is None) == bool(brute_force_moves(rules, board, child.side))
            else:
                assert outcome == decided
                ends.add(expected[1])
    goal = Reason.CORNER_TOUR if name == "brandubh" else Reason.KING_ESCAPED
    assert {Reason.KING_CAPTURED, goal} <= ends, ends


# --- pieces no capture can reach (`safe_while`) -------------------------------------------

BLOCK_IN_THE_OPEN = """
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . A . . . . . . .
 7 . . . . . . A . . . .
 6 . . . . . . . . . . .
 5 . . A . . A K D A . .
 4 . . . . . A D D . . .
 3 . . . . . . A . . . .
 2 . . . . . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
"""


def test_a_king_and_three_defenders_two_by_two_cannot_be_taken_while_they_stay():
    pos = position("tawlbwrdd", BLOCK_IN_THE_OPEN, "a")
    rules, board = pos.rules, pos.board
    block = {sq(pos, name) for name in ("g5", "h5", "g4", "h4")}
    assert all(rules.safe_while(board, x, block) for x in block)
    # Without h4 the block is an L: h5 and g4 can each be taken across it.
    corner = block - {sq(pos, "h4")}
    assert not rules.safe_while(board, sq(pos, "h5"), corner)
    assert not rules.safe_while(board, sq(pos, "g4"), corner)
    # The king still has a defender across each of his lines.
    assert rules.safe_while(board, sq(pos, "g5"), corner)
    assert not rules.safe_while(board, sq(pos, "g5"), {sq(pos, "g5"), sq(pos, "h5")})


EDGE_PAIR = """
7 . . . . . . .
6 . . . . . . .
5 . . . . . . .
4 D . . K . . .
3 D . . . . . .
2 . A . . . . .
1 . . . . . . .
  a b c d e f g
"""


def test_a_brandubh_defender_on_the_edge_is_safe_only_with_a_friend_inward():
    # The edge helps the attackers take a defender standing on it: a friend
    # beside him along the edge covers one line, not the line into the board.
    pos = position("brandubh", EDGE_PAIR, "a")
    rules, board = pos.rules, pos.board
    a3, a4, b3 = sq(pos, "a3"), sq(pos, "a4"), sq(pos, "b3")
    assert not rules.safe_while(board, a3, {a4})
    assert rules.safe_while(board, a3, {a4, b3})


@pytest.mark.parametrize("name", ["brandubh", "tawlbwrdd"])
def test_no_move_takes_a_piece_safe_while_its_neighbours_stay(name):
    # Read on random positions against play(): a piece `safe_while` its side's
    # pieces beside it stay is taken by no move of the other side.
    seen = {"safe": 0, "safe kings": 0, "taken": 0}
    for original in sample(name, {"brandubh": 8, "tawlbwrdd": 4}[name], f"safe-{name}"):
        rules = original.rules
        for side in tafl.SIDES:
            pos = tafl.TaflPosition(rules, original.board, side, original.visited)
            if rules.decided(pos.board, pos.visited):
                continue
            board = pos.board
            friends = tafl.FRIENDS[tafl.ENEMY[side]]
            taken = {x for m in pos.legal_moves() for x in pos.play(m).effects.captured}
            for x, piece in enumerate(board):
                if piece not in friends:
                    continue
                stay = {y for y in rules.neighbours[x] if board[y] in friends}
                if rules.safe_while(board, x, stay):
                    assert x not in taken, (pos.code(), rules.square_name(x))
                    seen["safe kings" if piece == "K" else "safe"] += 1
            seen["taken"] += len(taken)
    assert seen["safe"] > 200 and seen["safe kings"] > 20 and seen["taken"] > 100, seen
