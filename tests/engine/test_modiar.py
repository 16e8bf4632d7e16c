"""Modiar rules (docs/rules.md: Modiar, Position codes, Perft), each with a worked position.

Diagrams show the board from South's chair, like docs/rules.md:

         N3 N2 N1      North's row (N1 is on North's left, South's right)
          .  .  .
          .  .  .
         S1 S2 S3      South's row

Sowing runs S1 → S2 → S3 → N1 → N2 → N3 → S1, i.e. counter-clockwise on the
diagram.  Pit indices are 0..5 in that order.  Every expected value below was
worked out by hand from the diagram, not by the engine.
"""

from __future__ import annotations

import copy
import itertools
import pickle
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.rules.base import CodeError, IllegalMove, Reason, legal, perft
from game.rules.modiar import (
    PIT_NAMES,
    SIDES,
    START_CODE,
    TOTAL,
    ModiarPosition,
    board_margin,
    drops,
    from_code,
    moves_in_frame,
    pits_of,
    rotate,
    sow_and_capture,
    start,
)

S1, S2, S3, N1, N2, N3 = range(6)


def code(south: tuple[int, int, int], north: tuple[int, int, int], caps: tuple[int, int],
         side: str = "s", first: int = 0) -> str:
    """A code from the two rows, written by hand here so tests don't trust code()."""
    pits = ",".join(str(n) for n in (*south, *north))
    return f"modiar {pits} {caps[0]},{caps[1]} {side} {first}"


def position(south: tuple[int, int, int], north: tuple[int, int, int],
             caps: tuple[int, int], side: str = "s", first: int = 0) -> ModiarPosition:
    return from_code(code(south, north, caps, side, first))


# -- start and notation ---------------------------------------------------------


def test_start_position() -> None:
    p = start()
    assert p.pits == (7, 7, 7, 7, 7, 7)
    assert p.captured == (0, 0)
    assert p.side == "s"
    assert p.first is True
    assert p.code() == START_CODE == "modiar 7,7,7,7,7,7 0,0 s 1"
    assert SIDES == ("s", "n")
    assert PIT_NAMES == ("S1", "S2", "S3", "N1", "N2", "N3")
    assert start().GAME == "modiar"


def test_move_text_and_parse_move() -> None:
    p = start()
    assert [p.move_text(m) for m in range(6)] == ["S1", "S2", "S3", "N1", "N2", "N3"]
    assert p.parse_move("S1") == S1
    assert p.parse_move("s2") == S2
    assert p.parse_move("  n3\n") == N3
    assert p.parse_move("\tN1 ") == N1


def test_position_is_immutable_and_hashable() -> None:
    a, b = start(), from_code(START_CODE)
    assert a == b and hash(a) == hash(b)
    assert len({a, b, a.play(S1).position}) == 2
    with pytest.raises(AttributeError):
        a.side = "n"  # type: ignore[misc]
    with pytest.raises(AttributeError):
        a.extra = 1  # type: ignore[attr-defined]


def test_position_survives_copy_and_pickle() -> None:
    p = start().play(S2).position
    assert copy.deepcopy(p) == p
    assert pickle.loads(pickle.dumps(p)) == p


# -- which pits may be played ------------------------------------------------------


def test_singleton_and_empty_pits_cannot_be_played() -> None:
    #      N3 N2 N1
    #       2  2  2
    #       0  1  5      S1 empty, S2 a singleton: only S3 may move
    #      S1 S2 S3
    assert position((0, 1, 5), (2, 2, 2), (15, 15)).legal_moves() == [S3]
    #      N3 N2 N1
    #       3  0  1      North: N1 singleton, N2 empty, N3 playable
    #       2  2  2
    #      S1 S2 S3
    assert position((2, 2, 2), (1, 0, 3), (16, 16), side="n").legal_moves() == [N3]


def test_moves_are_own_pits_ascending() -> None:
    # From the start every own pit holds 7: South has S1, S2, S3; North N1, N2, N3.
    assert start().legal_moves() == [S1, S2, S3]
    assert start().play(S1).position.legal_moves() == [N1, N2, N3]


# -- sowing ---------------------------------------------------------------------


def test_first_stone_goes_back_into_the_origin() -> None:
    #      N3 N2 N1              N3 N2 N1
    #       0  0  2               0  0  3
    #       0  3  0    S2 →       0  1  1
    #      S1 S2 S3              S1 S2 S3
    # Three stones from S2 land S2, S3, N1: S2 keeps one of its own stones.
    p = position((0, 3, 0), (2, 0, 0), (20, 17))
    played = p.play(S2)
    assert played.effects.sown == (S2, S3, N1)
    assert played.position.code() == "modiar 0,1,1,3,0,0 20,17 n 0"
    assert played.effects.captured == ()


def test_seven_or_more_stones_drop_into_the_origin_again() -> None:
    #      N3 N2 N1              N3 N2 N1
    #       1  1  1               2  2  3
    #       0  0  8    S3 →       1  1  2
    #      S1 S2 S3              S1 S2 S3
    # Eight stones: S3 N1 N2 N3 S1 S2 S3 N1 — S3 gets the first and the seventh.
    p = position((0, 0, 8), (1, 1, 1), (15, 16))
    played = p.play(S3)
    assert played.effects.sown == (S3, N1, N2, N3, S1, S2, S3, N1)
    # The last stone made N1 hold 3: no capture.
    assert played.position.code() == "modiar 1,1,2,3,2,2 15,16 n 0"


def test_thirteen_stones_pass_the_origin_twice() -> None:
    #      N3 N2 N1              N3 N2 N1
    #       0  0  0               2  2  2
    #      13  0  0    S1 →       3  2  2
    #      S1 S2 S3              S1 S2 S3
    # Thirteen stones: two stones in every pit plus one more back in S1, so the
    # last pit holds 3 and nothing is captured.
    p = position((13, 0, 0), (0, 0, 0), (14, 15))
    played = p.play(S1)
    assert played.effects.sown == (S1, S2, S3, N1, N2, N3) * 2 + (S1,)
    assert played.position.code() == "modiar 3,2,2,2,2,2 14,15 n 0"


def test_sowing_is_a_single_lap_without_relay() -> None:
    #      N3 N2 N1              N3 N2 N1
    #       0  0  4               0  0  5
    #       0  0  2    S3 →       0  0  1
    #      S1 S2 S3              S1 S2 S3
    # The last stone lands in the non-empty N1 (now 5); the move simply ends — N1
    # is not lifted and sown on (relay sowing would have emptied it).
    p = position((0, 0, 2), (4, 0, 0), (18, 18))
    played = p.play(S3)
    assert played.effects.sown == (S3, N1)
    assert played.position.code() == "modiar 0,0,1,5,0,0 18,18 n 0"


# -- captures ---------------------------------------------------------------------


@pytest.mark.parametrize(("after", "takes"), [
    (1, False), (2, True), (3, False), (4, True), (5, False), (6, True), (7, False),
    (8, False),
])
def test_last_pit_captures_only_at_two_four_or_six(after: int, takes: bool) -> None:
    #      N3 N2 N1
    #       0  1  k-1     South plays S3: stones go S3, N1 and N1 ends with k
    #       0  0  2
    #      S1 S2 S3
    before = after - 1
    p = position((0, 0, 2), (before, 1, 0), (20, 20 - after))
    played = p.play(S3)
    assert played.effects.sown == (S3, N1)
    if takes:
        assert played.effects.captured == (N1,)
        assert played.position.code() == f"modiar 0,0,1,0,1,0 {20 + after},{20 - after} n 0"
    else:
        assert played.effects.captured == ()
        assert played.position.code() == f"modiar 0,0,1,{after},1,0 20,{20 - after} n 0"


def test_a_pit_passed_on_the_way_is_not_captured() -> None:
    #      N3 N2 N1              N3 N2 N1
    #       1  1  1               1  1  1
    #       3  1  2    S1 →       1  2  3
    #      S1 S2 S3              S1 S2 S3
    # S2 reaches 2 mid-sowing, but the last stone leaves S3 at 3: no capture.
    p = position((3, 1, 2), (1, 1, 1), (16, 17))
    played = p.play(S1)
    assert played.effects.captured == ()
    assert played.position.code() == "modiar 1,2,3,1,1,1 16,17 n 0"


def test_chain_walks_backwards_across_both_rows() -> None:
    #      N3 N2 N1              N3 N2 N1
    #       0  5  1               0  5  2*
    #       4  1  3    S1 →       1  2* 4*
    #      S1 S2 S3              S1 S2 S3
    # Last stone in N1 (2): take it, then back S3 (4), S2 (2); S1 (1) stops the
    # chain.  Two of the three pits taken are South's own: 2 + 4 + 2 = 8 stones.
    p = position((4, 1, 3), (1, 5, 0), (14, 14))
    assert S1 in p.legal_moves()
    played = p.play(S1)
    assert played.effects.sown == (S1, S2, S3, N1)
    assert played.effects.captured == (N1, S3, S2)
    assert played.position.code() == "modiar 1,0,0,0,5,0 22,14 n 0"


def test_chain_wraps_from_s1_back_to_n3() -> None:
    #      N3 N2 N1              N3 N2 N1
    #       3  3  2               4* 1  2
    #       1  3  0    N2 →       2* 3  0
    #      S1 S2 S3              S1 S2 S3
    # North sows N2, N3, S1.  S1 (2) is taken, the walk steps back past the end
    # of the cycle to N3 (4, North's own pit), then N2 (1) stops it: 6 stones.
    p = position((1, 3, 0), (2, 3, 3), (15, 15), side="n")
    played = p.play(N2)
    assert played.effects.sown == (N2, N3, S1)
    assert played.effects.captured == (S1, N3)
    assert played.position.code() == "modiar 0,3,0,2,1,0 15,21 s 0"


def test_chain_stops_at_first_other_count_even_if_later_pits_qualify() -> None:
    #      N3 N2 N1              N3 N2 N1
    #       1  3  2               2* 4* 3
    #       6  1  5    S1 →       1  2  6
    #      S1 S2 S3              S1 S2 S3
    # Last stone N3 (2), then N2 (4); N1 holds 3 and stops the chain, so S3 (6)
    # and S2 (2) stay although they hold capturing counts.
    p = position((6, 1, 5), (2, 3, 1), (12, 12))
    played = p.play(S1)
    assert played.effects.captured == (N3, N2)
    assert played.position.code() == "modiar 1,2,6,3,0,0 18,12 n 0"


def test_capture_on_the_movers_own_side() -> None:
    #      N3 N2 N1              N3 N2 N1
    #       1  1  1               1  1  1
    #       2  3  0    S1 →       1  4* 0
    #      S1 S2 S3              S1 S2 S3
    # South's last stone lands in South's own S2 (4) and South takes it.
    p = position((2, 3, 0), (1, 1, 1), (17, 17))
    assert p.legal_moves() == [S1, S2]
    played = p.play(S1)
    assert played.effects.captured == (S2,)
    assert played.position.code() == "modiar 1,0,0,1,1,1 21,17 n 0"


def test_chain_never_returns_to_the_landing_pit() -> None:
    #      N3 N2 N1              N3 N2 N1
    #       1  1  1               2  2  2
    #       7  1  1    S1 →       2  2  2     every pit holds 2
    #      S1 S2 S3              S1 S2 S3
    # Seven stones from S1 end in S1.  The walk goes N3 N2 N1 S3 S2 and stops
    # there: S1 is listed once.  It is a first move, so all are forfeited (and
    # that is the only way a whole-board chain is not a forbidden grand slam).
    p = position((7, 1, 1), (1, 1, 1), (15, 15), first=1)
    assert S1 in p.legal_moves()
    played = p.play(S1)
    assert played.effects.forfeited == (S1, N3, N2, N1, S3, S2)
    assert played.effects.captured == ()
    assert played.position.code() == "modiar 2,2,2,2,2,2 15,15 n 0"


def test_first_move_capture_is_forfeited_worked_example() -> None:
    #      N3 N2 N1              N3 N2 N1
    #       7  7  7               8  8  8
    #       7  7  7    S1 →       2* 8  8     (the worked example in docs/rules.md, Modiar)
    #      S1 S2 S3              S1 S2 S3
    # S1 S2 S3 N1 N2 N3 S1: S1 ends with 2, a capture that the first move forfeits;
    # walking back, N3 holds 8 so only S1 is named.
    played = start().play(S1)
    assert played.effects.sown == (S1, S2, S3, N1, N2, N3, S1)
    assert played.effects.captured == ()
    assert played.effects.forfeited == (S1,)
    assert played.position.code() == "modiar 2,8,8,8,8,8 0,0 n 0"
    assert played.position.first is False


def test_second_move_captures_normally() -> None:
    # After the worked example North plays N3 (8): N3 S1 S2 S3 N1 N2 N3 S1.
    #      N3 N2 N1              N3 N2 N1
    #       8  8  8               2* 9  9
    #       2  8  8    N3 →       4* 9  9
    #      S1 S2 S3              S1 S2 S3
    # S1 (4) is taken; N3 (2) before it is taken too; N2 (9) stops the chain.
    played = start().play(S1).position.play(N3)
    assert played.effects.captured == (S1, N3)
    assert played.effects.forfeited == ()
    assert played.position.code() == "modiar 0,9,9,9,9,0 0,6 s 0"


# -- legality filters -------------------------------------------------------------


def test_grand_slam_is_forbidden() -> None:
    #      N3 N2 N1              N3 N2 N1
    #       0  3  1               0  4* 2*
    #       2  2  3    S3 →       2  2  1       North's row left empty: illegal
    #      S1 S2 S3              S1 S2 S3
    p = position((2, 2, 3), (1, 3, 0), (16, 15))
    assert p.legal_moves() == [S1, S2]
    # The same move with one stone in N3 leaves North something: legal.
    #      N3 N2 N1
    #       1  3  1
    #       2  2  3
    #      S1 S2 S3
    q = position((2, 2, 3), (1, 3, 1), (16, 14))
    assert q.legal_moves() == [S1, S2, S3]
    assert q.play(S3).effects.captured == (N2, N1)


def test_grand_slam_forbidden_for_north_too() -> None:
    #      N3 N2 N1
    #       3  3  2      N3 would sow N3 S1 S2 → S2=4, S1=2: both taken, S3 is
    #       1  3  0      empty — South's row emptied, so N3 is illegal.
    #      S1 S2 S3
    p = position((1, 3, 0), (2, 3, 3), (15, 15), side="n")
    assert p.legal_moves() == [N1, N2]


def test_first_move_is_never_a_grand_slam() -> None:
    # The board of test_chain_never_returns_to_the_landing_pit without the
    # first-move flag: S1 would take every pit, so it is illegal; S2 and S3 are
    # singletons, so South has no legal move at all.
    assert position((7, 1, 1), (1, 1, 1), (15, 15), first=1).legal_moves() == [S1]
    assert position((7, 1, 1), (1, 1, 1), (15, 15), first=0).legal_moves() == []


def test_feeding_is_required_when_the_opponent_row_is_empty() -> None:
    #      N3 N2 N1
    #       0  0  0      North is empty.  S1 sows S1 S2 (stays home); S3 sows
    #       2  0  2      S3 N1 and feeds North — so only S3 is legal.
    #      S1 S2 S3
    p = position((2, 0, 2), (0, 0, 0), (19, 19))
    assert p.legal_moves() == [S3]
    # North with South's row empty: N3 (N3 S1) feeds, N1 (N1 N2) does not.
    assert position((0, 0, 0), (2, 0, 2), (19, 19), side="n").legal_moves() == [N3]


def test_feeding_waived_when_no_move_feeds() -> None:
    #      N3 N2 N1              N3 N2 N1
    #       0  0  0               0  0  0
    #       2  1  1    S1 →       1  0* 1
    #      S1 S2 S3              S1 S2 S3
    # Only S1 is playable and it cannot reach North: it is allowed anyway.  It
    # captures South's own S2 — not a grand slam, since no North stones are taken.
    p = position((2, 1, 1), (0, 0, 0), (20, 18))
    assert p.legal_moves() == [S1]
    played = p.play(S1)
    assert played.effects.captured == (S2,)
    assert played.position.code() == "modiar 1,0,1,0,0,0 22,18 n 0"


def test_grand_slam_filter_comes_before_feeding() -> None:
    #      N3 N2 N1              N3 N2 N1
    #       0  0  0               2* 2* 2*
    #       0  2 10    S3 →       1  3  2*
    #      S1 S2 S3              S1 S2 S3
    # S3 (ten stones) is the only move that feeds, but its chain N3 N2 N1 S3
    # empties North: a grand slam, so it is struck out first.  Feeding then
    # finds no legal feeding move and the non-feeding S2 is allowed.
    p = position((0, 2, 10), (0, 0, 0), (15, 15))
    assert p.legal_moves() == [S2]


# -- the end ----------------------------------------------------------------------


def test_end_scores_own_pits_plus_captures() -> None:
    #      N3 N2 N1
    #       2  3  5      South to move has only singletons: the game is over.
    #       1  1  0      South 20 + 1 + 1 = 22, North 10 + 5 + 3 + 2 = 20
    #      S1 S2 S3
    p = position((1, 1, 0), (5, 3, 2), (20, 10))
    assert p.legal_moves() == []
    outcome = p.outcome()
    assert outcome is not None
    assert outcome.winner == "s"
    assert outcome.reason is Reason.NO_LEGAL_MOVE
    assert outcome.scores == (22, 20)


def test_no_legal_move_ends_the_game_even_if_the_opponent_could_move() -> None:
    #      N3 N2 N1
    #       1  0  1      North to move: N1, N3 singletons.  South could move but the
    #       6  6  6      game ends.  South 10 + 18 = 28, North 12 + 2 = 14.
    #      S1 S2 S3
    p = position((6, 6, 6), (1, 0, 1), (10, 12), side="n")
    assert p.legal_moves() == []
    outcome = p.outcome()
    assert outcome is not None
    assert (outcome.winner, outcome.scores) == ("s", (28, 14))


def test_only_grand_slams_means_no_legal_move() -> None:
    #      N3 N2 N1
    #       0  3  1      S3 (S3 N1 N2 → N1=2, N2=4, N3 empty) is a grand slam and
    #       1  1  3      S1, S2 are singletons: no legal move.
    #      S1 S2 S3      South 17 + 5 = 22, North 16 + 4 = 20.
    p = position((1, 1, 3), (1, 3, 0), (17, 16))
    assert p.legal_moves() == []
    outcome = p.outcome()
    assert outcome is not None
    assert (outcome.winner, outcome.scores) == ("s", (22, 20))


def test_north_can_win_on_count() -> None:
    #      N3 N2 N1
    #       0  0  0      South to move, all singletons; North's captures win.
    #       1  1  1      South 10 + 3 = 13, North 29.
    #      S1 S2 S3
    outcome = position((1, 1, 1), (0, 0, 0), (10, 29)).outcome()
    assert outcome is not None
    assert (outcome.winner, outcome.scores) == ("n", (13, 29))


def test_twenty_one_all_is_a_draw() -> None:
    #      N3 N2 N1
    #       0  3  0      South to move with singletons only.
    #       1  1  1      South 18 + 3 = 21, North 18 + 3 = 21.
    #      S1 S2 S3
    outcome = position((1, 1, 1), (0, 3, 0), (18, 18)).outcome()
    assert outcome is not None
    assert outcome.winner is None
    assert outcome.status == "draw"
    assert outcome.scores == (21, 21)


def test_game_in_progress_has_no_outcome() -> None:
    assert start().outcome() is None


def test_final_outcome_scores_the_board_now() -> None:
    # The record calls this on a third repetition.  From the start: 21-21.
    outcome = start().final_outcome(Reason.REPETITION)
    assert (outcome.winner, outcome.reason, outcome.scores) == (None, Reason.REPETITION, (21, 21))
    #      N3 N2 N1
    #       4  4  4      South 3 + 6 = 9, North 12 + 21 = 33 though South could move.
    #       2  2  2
    #      S1 S2 S3
    outcome = position((2, 2, 2), (4, 4, 4), (3, 21)).final_outcome(Reason.REPETITION)
    assert (outcome.winner, outcome.scores) == ("n", (9, 33))


def test_repetition_key_is_pits_and_side_only() -> None:
    assert start().repetition_key() == ((7, 7, 7, 7, 7, 7), "s")
    # Captures and the first-move flag are not part of it.
    a = position((2, 2, 2), (2, 2, 2), (10, 20), first=1)
    b = position((2, 2, 2), (2, 2, 2), (20, 10))
    assert a.repetition_key() == b.repetition_key() == ((2, 2, 2, 2, 2, 2), "s")
    assert b.repetition_key() != position((2, 2, 2), (2, 2, 2), (20, 10), "n").repetition_key()


# -- the kernels on plain tuples, against the rules read stone by stone ------------
#
# moves_in_frame and sow_and_capture are what legal_moves, play, the AI and the
# solver all run on.  Here they and the positions built on them are compared
# with a slow reading of docs/rules.md (Modiar) written for these tests, one stone at a
# time in South's numbering, on every board with up to SMALL stones and on
# RANDOM_BOARDS random ones with more.

SMALL = 9
RANDOM_BOARDS = 3000


def by_the_rules(pits: tuple[int, ...], side: str,
                 first: bool) -> dict[int, tuple[tuple[int, ...], int, tuple[int, ...], list[int]]]:
    """Each legal pit's board after, stones taken, the drops and the capture run."""
    own = (0, 1, 2) if side == "s" else (3, 4, 5)
    theirs = (3, 4, 5) if side == "s" else (0, 1, 2)
    found, feeds = {}, {}
    for origin in own:
        if pits[origin] < 2:
            continue
        board, hand, pit, fell = list(pits), pits[origin], origin, []
        board[origin] = 0
        while hand:
            board[pit] += 1
            fell.append(pit)
            hand -= 1
            if hand:
                pit = (pit + 1) % 6
        run = []
        for back in range(6):  # the landing pit and at most the five before it
            if board[(pit - back) % 6] not in (2, 4, 6):
                break
            run.append((pit - back) % 6)
        gain = 0
        if not first:
            gain = sum(board[p] for p in run)
            for p in run:
                board[p] = 0
            if any(p in theirs for p in run) and all(board[p] == 0 for p in theirs):
                continue  # grand slam
        found[origin] = (tuple(board), gain, tuple(fell), run)
        feeds[origin] = any(p in theirs for p in fell)
    if all(pits[p] == 0 for p in theirs) and any(feeds.values()):
        found = {m: result for m, result in found.items() if feeds[m]}
    return found


def kernel_sample() -> list[ModiarPosition]:
    """Every board up to SMALL stones and random fuller ones, each side, each first flag."""
    boards = [(*head, last) for head in itertools.product(range(SMALL + 1), repeat=5)
              if sum(head) <= SMALL for last in range(SMALL + 1 - sum(head))]
    rng = random.Random(12)
    for _ in range(RANDOM_BOARDS):
        stones = rng.randint(SMALL + 1, TOTAL)
        cuts = sorted(rng.randint(0, stones) for _ in range(5))
        boards.append(tuple(b - a for a, b in zip([0, *cuts], [*cuts, stones], strict=True)))
    positions = []
    for board in boards:
        south = (TOTAL - sum(board)) // 3
        for side, first in itertools.product(SIDES, (False, True)):
            positions.append(ModiarPosition(board, (south, TOTAL - sum(board) - south),
                                            side, first))
    return positions


@pytest.fixture(scope="module")
def sample() -> list[ModiarPosition]:
    return kernel_sample()


def test_the_kernel_sample_covers_every_rule(sample: list[ModiarPosition]) -> None:
    """The sample meets grand slams, required feeding and long chains, or the tests below
    would prove little."""
    seen = Counter()
    for p in sample:
        rules = by_the_rules(p.pits, p.side, p.first)
        own = pits_of(p.side)
        playable = [m for m in own if p.pits[m] >= 2]
        starved = all(p.pits[m] == 0 for m in range(6) if m not in own)
        # With stones in the opponent's row only a grand slam makes a pit unplayable.
        seen["grand slam"] += not starved and len(playable) > len(rules)
        seen["feeding"] += starved and 0 < len(rules) < len(playable)
        seen["chain of 3"] += any(len(run) >= 3 for *_, run in rules.values())
        seen["13 or more stones sown"] += any(p.pits[m] >= 13 for m in rules)
    assert min(seen.values()) >= 50, seen


def test_legal_moves_and_play_follow_the_rules(sample: list[ModiarPosition]) -> None:
    for p in sample:
        rules = by_the_rules(p.pits, p.side, p.first)
        assert p.legal_moves() == sorted(rules), p.code()
        mover = SIDES.index(p.side)
        for move, (board, gain, fell, run) in rules.items():
            played = p.play(move)
            assert played.position.pits == board, (p.code(), move)
            assert played.position.captured[mover] - p.captured[mover] == gain
            assert played.position.captured[1 - mover] == p.captured[1 - mover]
            assert played.effects.sown == fell
            assert (played.effects.forfeited if p.first else played.effects.captured) == tuple(run)


def test_moves_in_frame_agree_with_play(sample: list[ModiarPosition]) -> None:
    """The frame kernel gives, for each legal move, the child play() makes as its next
    mover sees it and the stones play() credits."""
    for p in sample:
        own_row = pits_of(p.side)[0]
        expected = []
        for move in p.legal_moves():
            child = p.play(move).position
            expected.append((move - own_row, child.frame_pits(),
                             sum(child.captured) - sum(p.captured)))
        assert moves_in_frame(p.frame_pits(), p.first) == expected, p.code()


def test_sow_and_capture_is_the_same_from_either_chair(sample: list[ModiarPosition]) -> None:
    """Sowing does not care whose numbering it runs in: turning the board turns the result."""
    for p in sample[::7]:
        for origin in range(6):
            after, run, gain = sow_and_capture(p.pits, origin, p.first)
            turned, turned_run, turned_gain = sow_and_capture(rotate(p.pits), (origin + 3) % 6,
                                                              p.first)
            assert rotate(turned) == tuple(after)
            assert [(pit + 3) % 6 for pit in turned_run] == list(run)
            assert turned_gain == gain


def test_board_margin_is_what_the_ending_adds_to_the_lead(sample: list[ModiarPosition]) -> None:
    for p in sample[::5]:
        south, north = p.final_outcome(Reason.NO_LEGAL_MOVE).scores
        mover = SIDES.index(p.side)
        margin = south - north if mover == 0 else north - south
        lead = p.captured[mover] - p.captured[1 - mover]
        assert margin == lead + board_margin(p.frame_pits()), p.code()


def test_frame_pits_put_the_movers_row_first() -> None:
    p = position((1, 2, 3), (4, 5, 6), (21, 0))
    assert p.frame_pits() == (1, 2, 3, 4, 5, 6)
    turned = ModiarPosition(p.pits, p.captured, "n", False)
    assert turned.frame_pits() == (4, 5, 6, 1, 2, 3) == rotate(p.pits)


def test_drops_go_round_one_lap_from_the_origin() -> None:
    assert drops(S3, 2) == (S3, N1)
    assert drops(N2, 8) == (N2, N3, S1, S2, S3, N1, N2, N3)


# -- perft --------------------------------------------------------------------------


@pytest.mark.parametrize(("depth", "nodes"), [(1, 3), (2, 9), (3, 26), (4, 72), (5, 187)])
def test_perft_from_start(depth: int, nodes: int) -> None:
    assert perft(start(), depth) == nodes


# -- codes --------------------------------------------------------------------------


@pytest.mark.parametrize("text", [
    START_CODE,
    "modiar 2,8,8,8,8,8 0,0 n 0",
    "modiar 0,0,0,0,0,0 21,21 s 0",
    "modiar 42,0,0,0,0,0 0,0 n 1",
    "modiar 0,9,9,9,9,0 0,6 s 0",
])
def test_code_round_trip(text: str) -> None:
    assert from_code(text).code() == text


def test_code_forgives_surrounding_space() -> None:
    assert from_code(f"  {START_CODE}\n").code() == START_CODE


def test_code_fields_are_read_into_attributes() -> None:
    p = from_code("modiar 1,2,3,4,5,6 10,11 n 0")
    assert p.pits == (1, 2, 3, 4, 5, 6)
    assert p.captured == (10, 11)
    assert p.side == "n"
    assert p.first is False


@pytest.mark.parametrize(("text", "message"), [
    ("", "empty"),
    ("   ", "empty"),
    ("modiar 7,7,7,7,7,7 0,0 s", "5 fields"),
    ("modiar 7,7,7,7,7,7 0,0 s 1 1", "5 fields"),
    ("modiar", "5 fields"),
    ("reversi 8/8/8/3WB3/3BW3/8/8/8 b", "not a modiar code"),
    ("Modiar 7,7,7,7,7,7 0,0 s 1", "not a modiar code"),
    ("modiar  7,7,7,7,7,7 0,0 s 1", "single spaces"),
    ("modiar 7,7,7,7,7 7,0 s 1", "6 pit counts"),
    ("modiar 6,6,6,6,6,6,6 0,0 s 1", "6 pit counts"),
    ("modiar 7,7,7,7,7,7, 0,0 s 1", "6 pit counts"),
    ("modiar 7,7,7,7,7,7 0 s 1", "2 captured counts"),
    ("modiar 7,7,7,7,7,7 0,0,0 s 1", "2 captured counts"),
    ("modiar x,7,7,7,7,7 7,0 s 1", "S1 count 'x' is not a number"),
    ("modiar 7,7,7,7,7,7 0,zero s 1", "CAPN count 'zero' is not a number"),
    ("modiar 7,7,7,7,7,+7 0,0 s 1", "N3 count '+7' is not a number"),
    ("modiar 7,7,7,7,7,7.0 0,0 s 1", "not a number"),
    ("modiar 7,7,,7,7,7 7,0 s 1", "S3 count is missing"),
    ("modiar 07,7,7,7,7,7 0,0 s 1", "S1 count '07' has a leading zero"),
    ("modiar 7,7,7,7,7,7 00,0 s 1", "CAPS count '00' has a leading zero"),
    # -7 + 35 + 14 = 42, so only the sign is wrong.
    ("modiar -7,7,7,7,7,7 14,0 s 1", "S1 count '-7' is negative"),
    ("modiar 7,7,7,7,7,8 0,-1 s 0", "CAPN count '-1' is negative"),
    ("modiar 7,7,7,7,7,7 0,-0 s 0", "not a number"),
    ("modiar 7,7,7,7,7,100 0,0 s 0", "more than the 42 stones"),
    # Past Python's int/str digit limit: must be refused without converting.
    ("modiar 7,7,7,7,7," + "9" * 5000 + " 0,0 s 0", "more than the 42 stones"),
    ("modiar 7,7,7,7,7,-" + "9" * 5000 + " 0,0 s 0", "negative"),
    ("modiar 7,7,7,7,7,7 0,1 s 1", "total 43"),
    ("modiar 7,7,7,7,7,6 0,0 s 1", "total 41"),
    ("modiar 0,0,0,0,0,0 0,0 s 0", "total 0"),
    ("modiar 7,7,7,7,7,7 0,0 b 1", "another game"),
    ("modiar 7,7,7,7,7,7 0,0 a 1", "another game"),
    ("modiar 7,7,7,7,7,7 0,0 S 1", "unknown side"),
    ("modiar 7,7,7,7,7,7 0,0 south 1", "unknown side"),
    ("modiar 7,7,7,7,7,7 0,0 s 2", "FIRST must be 0 or 1"),
    ("modiar 7,7,7,7,7,7 0,0 s yes", "FIRST must be 0 or 1"),
    ("modiar 7,7,7,7,7,7 0,0 s 01", "FIRST must be 0 or 1"),
    ("modiar \u0667,7,7,7,7,7 0,0 s 1", "ASCII"),  # an Arabic-Indic seven
    ("modiar \uff17,7,7,7,7,7 0,0 s 1", "ASCII"),  # a full-width seven
    ("modiar 7,7,7,7,7,7 0,0 s 1\x00", "ASCII"),
])
def test_malformed_codes_are_rejected(text: str, message: str) -> None:
    with pytest.raises(CodeError) as error:
        from_code(text)
    text_of_error = str(error.value)
    assert message in text_of_error
    assert "\n" not in text_of_error
    assert len(text_of_error) < 160


def test_non_text_code_is_a_code_error() -> None:
    with pytest.raises(CodeError, match="text"):
        from_code(None)  # type: ignore[arg-type]


@given(st.text(max_size=60))
def test_any_text_is_a_code_or_a_code_error(text: str) -> None:
    try:
        p = from_code(text)
    except CodeError as error:
        assert "\n" not in str(error)
    else:
        assert p.code() == text.strip()


# -- move parsing -------------------------------------------------------------------


@pytest.mark.parametrize("text", [
    "", "  ", "S", "S0", "S4", "N7", "X1", "1", "S1 S2", "s 1", "S-1", "pass", "S1S1",
    "S\u0661",      # an Arabic-Indic digit one
    "\u017f1",      # long s: str.upper() turns it into 'S'
    "\uff33\uff11",  # full-width S1
    "S1\x00", "N1\nN2",
    "S1" * 100_000,
])
def test_parse_move_rejects(text: str) -> None:
    with pytest.raises(IllegalMove) as error:
        start().parse_move(text)
    assert "\n" not in str(error.value)
    assert len(str(error.value)) < 160


def test_parse_move_rejects_non_text() -> None:
    with pytest.raises(IllegalMove):
        start().parse_move(None)  # type: ignore[arg-type]


def test_parse_move_does_not_judge_legality_but_legal_does() -> None:
    # Notation is parsed whoever is to move; base.legal() then checks the rules.
    p = start()
    assert p.parse_move("N1") == N1
    with pytest.raises(IllegalMove):
        legal(p, "N1")
    assert legal(p, " s3 ") == S3


@given(st.text(max_size=40))
def test_parse_move_never_raises_anything_else(text: str) -> None:
    try:
        move = start().parse_move(text)
    except IllegalMove:
        return
    assert text.strip().upper() in PIT_NAMES
    assert PIT_NAMES[move] == text.strip().upper()


# -- properties over random games ----------------------------------------------------

# Random games from the start all ended within 54 plies in 20 000 trials; a third
# repetition never happened.  200 leaves room without letting a loop pass.
PLY_BOUND = 200


@st.composite
def valid_codes(draw: st.DrawFn) -> str:
    """Any legal-looking code: eight counts summing to 42, any side and flag."""
    cuts = sorted(draw(st.lists(st.integers(0, 42), min_size=7, max_size=7)))
    counts = [b - a for a, b in zip([0, *cuts], [*cuts, 42], strict=True)]
    side = draw(st.sampled_from("sn"))
    first = draw(st.sampled_from("01"))
    return code(tuple(counts[:3]), tuple(counts[3:6]), (counts[6], counts[7]), side, first)


def stones(p: ModiarPosition) -> int:
    return sum(p.pits) + sum(p.captured)


def check_move(p: ModiarPosition, move: int) -> ModiarPosition:
    """Play `move` and check the invariants a single move must keep."""
    own = range(0, 3) if p.side == "s" else range(3, 6)
    assert move in own and p.pits[move] >= 2
    played = p.play(move)
    after = played.position
    assert stones(after) == 42
    assert len(played.effects.sown) == p.pits[move]
    assert played.effects.sown[0] == move
    assert all(after.pits[pit] == 0 for pit in played.effects.captured)
    mover = 0 if p.side == "s" else 1
    gained = after.captured[mover] - p.captured[mover]
    assert gained == sum(p.pits[pit] for pit in range(6)) - sum(after.pits)
    assert after.captured[1 - mover] == p.captured[1 - mover]
    assert after.side != p.side and after.first is False
    assert from_code(after.code()) == after
    return after


def play_out(p: ModiarPosition, choices: list[int]) -> tuple[ModiarPosition, int, bool]:
    """Play a game picking moves by `choices`; stop at an outcome or third repetition."""
    seen = Counter([p.repetition_key()])
    for ply in range(PLY_BOUND):
        moves = p.legal_moves()
        assert moves == sorted(moves)
        if not moves:
            assert p.outcome() is not None
            return p, ply, True
        assert p.outcome() is None
        p = check_move(p, moves[choices[ply % len(choices)] % len(moves)])
        seen[p.repetition_key()] += 1
        if seen[p.repetition_key()] == 3:
            return p, ply + 1, True
    return p, PLY_BOUND, False


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 2), min_size=1, max_size=PLY_BOUND))
def test_random_games_from_start_keep_42_stones_and_end(choices: list[int]) -> None:
    _, _, ended = play_out(start(), choices)
    assert ended


@settings(max_examples=200, deadline=None)
@given(valid_codes(), st.lists(st.integers(0, 2), min_size=1, max_size=50))
def test_random_positions_keep_42_stones_and_end(text: str, choices: list[int]) -> None:
    _, _, ended = play_out(from_code(text), choices)
    assert ended


@given(valid_codes())
def test_valid_codes_round_trip(text: str) -> None:
    p = from_code(text)
    assert p.code() == text
    assert from_code(p.code()) == p
    assert stones(p) == 42


@given(valid_codes())
def test_outcome_scores_always_total_42(text: str) -> None:
    outcome = from_code(text).final_outcome(Reason.REPETITION)
    assert outcome.scores is not None and sum(outcome.scores) == 42


def test_the_count_at_the_end_is_captures_plus_own_pits() -> None:
    p = position((1, 1, 1), (2, 1, 0), (17, 19))
    assert p.count_parts("s") == (17, 3) and p.count_parts("n") == (19, 3)
    outcome = p.outcome()
    assert outcome is not None and outcome.scores == (20, 22) and outcome.winner == "n"
