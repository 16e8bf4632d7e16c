"""Game records as text (game/rules/transcript.py, docs/records.md).

Random games of every game, played to the end and cut mid-game, go through a
record and come back the same: the same moves, every position on the way and
the same outcome.  Reversi games also go through Othello's bare transcript.
Malformed records fail with one line naming the move or line at fault.
"""

from __future__ import annotations

import random
import re
from itertools import pairwise

import pytest

from game.rules import GAME_NAMES, SPECS, from_code, start
from game.rules.base import IllegalMove, Outcome, Reason, RulesError
from game.rules.record import Game
from game.rules.transcript import (
    RecordError,
    is_link,
    is_transcript,
    move_label,
    read_link,
    read_record,
    read_shared,
    read_transcript,
    write_link,
    write_record,
    write_transcript,
)

from .walks import walk

SEEDS = range(4)
TRANSCRIPT_GAME = "reversi"
# Games where one move can take pieces or stones: the record marks those moves.
CAPTURING = [name for name in GAME_NAMES if name != TRANSCRIPT_GAME]


def random_game(name: str, seed: int, plies: int | None = None) -> Game:
    """Random legal moves (no search) to the end, or for `plies` plies."""
    rng = random.Random(seed)
    game = Game(start(name))
    while game.legal_moves() and (plies is None or game.ply < plies):
        game.play(rng.choice(game.legal_moves()))
    return game


def assert_same_game(read: Game, played: Game) -> None:
    assert read.start == played.start
    assert read.move_texts() == played.move_texts()
    assert list(read.replay()) == list(played.replay())
    assert read.outcome() == played.outcome()
    assert read.legal_moves() == played.legal_moves()


@pytest.mark.parametrize("name", GAME_NAMES)
@pytest.mark.parametrize("seed", SEEDS)
def test_a_finished_random_game_round_trips(name: str, seed: int) -> None:
    game = random_game(name, seed)
    assert game.outcome() is not None
    assert_same_game(read_record(write_record(game)), game)


@pytest.mark.parametrize("name", GAME_NAMES)
@pytest.mark.parametrize("seed", SEEDS)
def test_a_game_cut_mid_way_round_trips(name: str, seed: int) -> None:
    length = random_game(name, seed).ply
    cut = random.Random(seed).randrange(1, length)
    game = random_game(name, seed, plies=cut)
    assert game.ply == cut and game.outcome() is None
    text = write_record(game)
    assert text.rstrip().endswith("result: ongoing")
    assert_same_game(read_record(text), game)


def test_moves_taken_back_are_not_in_the_record() -> None:
    game = random_game("brandubh", 0, plies=10)
    game.undo()
    game.undo()
    read = read_record(write_record(game))
    assert read.ply == 8 and not read.can_redo
    assert read.move_texts() == game.move_texts()


def pieces_or_stones_taken(before: str, after: str) -> bool:
    """Whether a move took something, read from the codes alone: a tafl board
    lost a piece, or a Modiar side's captured count grew."""
    name = before.split()[0]
    if SPECS[name].code_fields[0] == "BOARD":
        return sum(c.isalpha() for c in after.split()[1]) < \
            sum(c.isalpha() for c in before.split()[1])
    return after.split()[2] != before.split()[2]


@pytest.mark.parametrize("name", CAPTURING)
def test_the_record_marks_exactly_the_moves_that_captured(name: str) -> None:
    for seed in SEEDS:
        game = random_game(name, seed)
        codes = [position.code() for position in game.replay()]
        took = [pieces_or_stones_taken(a, b) for a, b in pairwise(codes)]
        marked = [token.endswith("x") for token in move_tokens(write_record(game))]
        assert marked == took
        assert any(took), f"{name} seed {seed}: a game with no capture proves little"


def test_reversi_flips_are_not_marked() -> None:
    text = write_record(random_game(TRANSCRIPT_GAME, 0))
    assert not any(token.endswith("x") for token in move_tokens(text))


def move_tokens(text: str) -> list[str]:
    """The move words of a written record: after the code, before the result,
    move numbers left out."""
    lines = [line for line in text.splitlines() if line and not line.startswith("#")]
    words = " ".join(lines[1:-1]).split()
    return [word for word in words if not re.fullmatch(r"[0-9]+\.(\.\.)?", word)]


@pytest.mark.parametrize("name", GAME_NAMES)
def test_numbers_and_marks_are_not_required(name: str) -> None:
    game = random_game(name, 1, plies=30)
    bare = " ".join(token.rstrip("x") for token in move_tokens(write_record(game)))
    assert_same_game(read_record(f"{game.start.code()}\n{bare}"), game)


def test_a_record_can_be_one_line_with_comments_anywhere() -> None:
    text = ("# a game between friends\n"
            "modiar 7,7,7,7,7,7 0,0 s 1  # the usual start\n"
            "1.S1 N3 # a capture\n"
            "\n"
            "2. S2 N2x  result: ongoing\n")
    game = read_record(text)
    assert game.move_texts() == ["S1", "N3", "S2", "N2"]
    assert read_record("modiar S1 N3 S2 N2").move_texts() == game.move_texts()


def test_a_game_name_alone_is_its_start_position() -> None:
    assert read_record("brandubh\n1. d7-d6").start == start("brandubh")


def test_a_position_code_alone_is_a_record_with_no_moves() -> None:
    code = random_game("tawlbwrdd", 2, plies=12).position.code()
    game = read_record(code + "\n")
    assert game.ply == 0 and game.position == from_code(code)


def test_a_record_from_the_second_side_numbers_its_moves_from_1_dots() -> None:
    game = Game(random_game("brandubh", 3, plies=5).position)
    game.play_text(game.position.move_text(game.legal_moves()[0]))
    game.play_text(game.position.move_text(game.legal_moves()[0]))
    text = write_record(game)
    assert "1... " in text and "\n2. " in text
    assert move_label(game, 1) == "1..." and move_label(game, 2) == "2."
    assert_same_game(read_record(text), game)


def test_annotations_after_a_move_are_ignored() -> None:
    assert read_record("reversi f5?! d6!! c3?").move_texts() == ["f5", "d6", "c3"]


# --- endings the players chose ----------------------------------------------------

@pytest.mark.parametrize("name", GAME_NAMES)
@pytest.mark.parametrize("loser_index", [0, 1])
def test_a_resignation_survives(name: str, loser_index: int) -> None:
    game = random_game(name, 2, plies=6)
    game.resign(game.start.SIDES[loser_index])
    text = write_record(game)
    assert "resignation" in text
    assert_same_game(read_record(text), game)


@pytest.mark.parametrize("name", GAME_NAMES)
@pytest.mark.parametrize("loser_index", [0, 1])
def test_a_loss_on_time_survives_a_record_a_link_and_a_save(name: str, loser_index: int) -> None:
    game = random_game(name, 4, plies=5)
    loser = game.start.SIDES[loser_index]
    game.lose_on_time(loser)
    winner = game.start.SIDES[1 - loser_index]
    assert game.outcome() == Outcome(winner, Reason.TIME)
    text = write_record(game)
    assert text.endswith(f"result: win:{winner} time\n")
    for read in (read_record(text), read_link(write_link(game)), Game.from_dict(game.to_dict())):
        assert read.outcome() == Outcome(winner, Reason.TIME)
        assert_same_game(read, game)


def test_a_loss_on_time_ends_the_game_and_undo_takes_it_back() -> None:
    game = random_game("reversi", 1, plies=4)
    game.lose_on_time(game.position.side)
    with pytest.raises(IllegalMove):
        game.play(game.position.legal_moves()[0])
    with pytest.raises(RulesError):
        game.resign(game.position.side)
    assert game.undo() and game.outcome() is None and game.ply == 4


def test_a_loss_on_time_without_a_winner_is_not_a_result() -> None:
    with pytest.raises(RecordError) as caught:
        read_record("brandubh\n1. d7-e7\nresult: draw time\n")
    assert caught.value.kind == "bad_result"


def test_an_agreed_draw_survives() -> None:
    game = random_game("tawlbwrdd", 5, plies=9)
    game.agree_draw()
    read = read_record(write_record(game))
    assert read.outcome() is not None and read.outcome().reason is Reason.DRAW_AGREED
    assert_same_game(read, game)


def test_a_repetition_ending_survives() -> None:
    # An attacker and a defender step out and back twice: the start's third
    # occurrence.  (Random games rarely repeat before the no-progress draw.)
    game = Game(start("brandubh"), ["a4-b4", "c3-c2", "b4-a4", "c2-c3"] * 2)
    assert game.outcome().reason is Reason.REPETITION
    text = write_record(game)
    assert "result: draw repetition" in text
    assert_same_game(read_record(text), game)


def test_a_no_progress_draw_survives_a_record_and_a_link() -> None:
    game = Game(BRANDUBH, walk(BRANDUBH, "q" * 100, 11))
    assert game.outcome().reason is Reason.NO_PROGRESS
    text = write_record(game)
    assert text.endswith("result: draw no-progress\n")
    assert_same_game(read_record(text), game)
    assert_same_game(read_link(write_link(game)), game)


def test_a_record_that_plays_on_after_the_no_progress_draw_names_the_move() -> None:
    line = walk(BRANDUBH, "q" * 101, 12)
    with pytest.raises(RecordError) as caught:
        read_record(f"{BRANDUBH}\n{' '.join(line)}")
    assert caught.value.kind == "illegal_move" and caught.value.ply == 101
    assert f"move 51. {line[100]}: the game is over (draw no-progress)" in str(caught.value)
    with pytest.raises(RecordError) as caught:
        read_record(f"{BRANDUBH}\n{' '.join(line[:100])}\nresult: ongoing")
    assert caught.value.kind == "wrong_result"


# --- Othello transcripts ------------------------------------------------------

@pytest.mark.parametrize("seed", range(12))
def test_reversi_transcripts_round_trip_with_passes_implicit(seed: int) -> None:
    played = random_game(TRANSCRIPT_GAME, seed)
    transcript = write_transcript(played)
    assert re.fullmatch(r"([a-h][1-8])+", transcript)
    squares = [t for t in played.move_texts() if t != "pass"]
    assert len(transcript) == 2 * len(squares)
    assert_same_game(read_record(transcript), played)
    assert_same_game(read_transcript(transcript.upper()), played)


def test_random_games_do_pass_so_the_transcripts_test_it() -> None:
    assert any("pass" in random_game(TRANSCRIPT_GAME, seed).move_texts() for seed in range(12))


def test_a_transcript_cut_before_a_forced_pass_plays_that_pass() -> None:
    for seed in range(200):
        full = random_game(TRANSCRIPT_GAME, seed)
        texts = full.move_texts()
        passes = [ply for ply, text in enumerate(texts) if text == "pass" and ply < len(texts) - 1]
        if passes:
            break
    else:
        pytest.fail("no random game passed")
    before_pass = random_game(TRANSCRIPT_GAME, seed, plies=passes[0])
    read = read_transcript(write_transcript(before_pass))
    assert read.ply == passes[0] + 1 and read.move_texts()[-1] == "pass"
    assert read.legal_moves() != [SPECS[TRANSCRIPT_GAME].pass_move]


def test_a_transcript_may_be_written_with_spaces_and_capitals() -> None:
    assert is_transcript("F5 d6 C3")
    assert read_record("F5 d6 C3\n").move_texts() == ["f5", "d6", "c3"]


@pytest.mark.parametrize("name", CAPTURING)
def test_only_reversi_from_its_start_has_a_transcript(name: str) -> None:
    with pytest.raises(RecordError, match="transcript"):
        write_transcript(random_game(name, 0, plies=4))
    with pytest.raises(RecordError, match="transcript"):
        write_transcript(Game(random_game(TRANSCRIPT_GAME, 0, plies=4).position))


# --- malformed records -----------------------------------------------------------

BRANDUBH = "brandubh 1A1A1A1/A5A/2DDD2/A1DKD1A/2DDD2/A5A/1A1A1A1 a -"
MALFORMED = [
    # (record, what the one-line message must say, kind)
    ("", "empty", "empty"),
    ("# only a comment\n", "empty", "empty"),
    ("chess e2-e4", "line 1: unknown game 'chess'", "unknown_game"),
    ("# header\nbrandubh 1A1A1A1/A5A/2DDD2/A1DKD1A/2DDD2/A5A/1A1A1A1 a\n1. d7-d6",
     "line 2: a brandubh code has 4 fields", "field_count"),
    ("reversi 8/8/8/3WX3/3BW3/8/8/8 b", "line 1: unknown letter 'X'", "bad_piece"),
    (f"{BRANDUBH}\n1. d7-d6 c5-b5\n2. d6-d2", "move 2. d6-d2:", "illegal_move"),
    (f"{BRANDUBH}\n1. d7-e7 e3-f3\n2. d1-e1 f3-e3\n3. b7-b2 e5-g5x\n4. g5-g6",
     "move 4. g5-g6:", "illegal_move"),
    (f"{BRANDUBH}\n1. d7-d6 banana", "move 1... banana:", "illegal_move"),
    (f"{BRANDUBH}\n1. d7-d6 c5-b5\n3. a4-a2", "line 3: move number 3. where 2. was expected",
     "move_number"),
    (f"{BRANDUBH}\n1. d7-d6 c5-b5 2.", "line 2: move number 2. has no move", "move_number"),
    (f"{BRANDUBH}\n1. d7-d6x", "move 1. d7-d6x: marked as a capture, but it took nothing",
     "bad_mark"),
    (f"{BRANDUBH}\n1. d7-d6\nresult: win:a king-captured",
     "line 3: the record says win:a king-captured, but after its moves the game is ongoing",
     "wrong_result"),
    (f"{BRANDUBH}\nresult: win:b", "line 2: a result is", "bad_result"),
    (f"{BRANDUBH}\nresult: draw stalemate", "line 2: unknown reason 'stalemate'", "bad_result"),
    ("reversi\nresult: draw draw-agreed", "a draw cannot be agreed in reversi",
     "wrong_result"),
    (f"{BRANDUBH}\nresult: ongoing\n1. d7-d6", "line 3: nothing may follow the result",
     "after_result"),
    ("f5d6f5", "move 3 f5:", "illegal_move"),
]


@pytest.mark.parametrize(("text", "says", "kind"), MALFORMED)
def test_a_malformed_record_fails_with_one_clear_line(text: str, says: str, kind: str) -> None:
    with pytest.raises(RecordError) as caught:
        read_record(text)
    message = str(caught.value)
    assert "\n" not in message and says in message
    assert caught.value.kind == kind
    assert isinstance(caught.value, RulesError)


def test_a_finished_game_that_claims_to_be_ongoing_is_refused() -> None:
    game = random_game("modiar", 0)
    text = write_record(game).replace(write_record(game).splitlines()[-1], "result: ongoing")
    with pytest.raises(RecordError, match=r"the record says ongoing, but after its moves the "
                       r"game is (win:|draw)"):
        read_record(text)


def test_a_move_after_the_end_names_that_move() -> None:
    game = random_game("modiar", 0)
    lines = write_record(game).splitlines()[:-1]
    ply = game.ply + 1
    with pytest.raises(RecordError, match=re.escape(f"move {move_label(game, ply)} S1: "
                                                    "the game is over")) as caught:
        read_record("\n".join(lines) + " S1")
    assert caught.value.ply == ply


def test_the_failing_ply_is_reported() -> None:
    with pytest.raises(RecordError) as caught:
        read_record(f"{BRANDUBH}\n1. d7-d6 c5-b5\n2. d6-d2")
    assert caught.value.ply == 3


def test_an_over_long_record_is_refused_before_it_is_read() -> None:
    with pytest.raises(RecordError, match="longer than"):
        read_record(BRANDUBH + " d7-d6" * 40_000)


def test_game_effects_follow_the_cursor() -> None:
    game = random_game("tawlbwrdd", 1, plies=20)
    effects = game.effects
    assert len(effects) == len(game.moves) == 20
    game.undo()
    assert game.effects == effects[:-1]
    assert game.capture_marks() == [SPECS["tawlbwrdd"].capture_mark(e) for e in effects[:-1]]


# --- the compact form of a shared link ------------------------------------------------

@pytest.mark.parametrize("name", GAME_NAMES)
@pytest.mark.parametrize("seed", SEEDS)
def test_links_round_trip_finished_and_cut_games(name: str, seed: int) -> None:
    full = random_game(name, seed)
    cut = random_game(name, seed, plies=random.Random(seed).randrange(0, full.ply))
    for game in (full, cut):
        link = write_link(game)
        assert re.fullmatch(r"[A-Za-z0-9._,/-]+", link), "only characters a URL keeps as they are"
        assert is_link(link)
        assert_same_game(read_link(link), game)
        assert_same_game(read_shared(link), game)


def test_a_link_is_much_shorter_than_the_record() -> None:
    for name in GAME_NAMES:
        game = random_game(name, 0)
        assert len(write_link(game)) * 4 < len(write_record(game))


@pytest.mark.parametrize("name", GAME_NAMES)
def test_a_link_keeps_a_start_other_than_the_usual_one_and_a_resignation(name: str) -> None:
    game = Game(random_game(name, 3, plies=7).position)
    game.play(game.legal_moves()[-1])
    game.resign(game.position.side)
    link = write_link(game)
    assert ".s" in link
    assert_same_game(read_link(link), game)


def test_a_link_keeps_an_agreed_draw() -> None:
    game = random_game("tawlbwrdd", 4, plies=11)
    game.agree_draw()
    assert_same_game(read_link(write_link(game)), game)


def damaged_links() -> list[str]:
    good = write_link(random_game("brandubh", 0, plies=20))
    version, name, edition, plies, moves = good.split(".")
    no_agreed_draws = write_link(random_game("reversi", 0, plies=20))
    return [
        "t1", "t1.chess.1.0.", f"{version}.{name}.9.{plies}.{moves}",
        f"{version}.{name}.{edition}.x.{moves}", f"{version}.{name}.{edition}.{plies}.{moves}!",
        f"{version}.{name}.{edition}.{int(plies) + 500}.{moves}",
        f"{version}.{name}.{edition}.2.{moves}",  # fewer moves than the number holds
        f"{version}.{name}.{edition}.{plies}.{moves}.sXYZ",
        f"{version}.{name}.{edition}.{plies}.{moves}.q",
        f"{no_agreed_draws}.d",  # Reversi has no agreed draws
        f"{version}.{name}.{edition}.{plies}.A",
    ]


@pytest.mark.parametrize("link", damaged_links())
def test_a_damaged_link_fails_with_one_line(link: str) -> None:
    with pytest.raises(RecordError) as caught:
        read_link(link)
    assert "\n" not in str(caught.value)
    assert caught.value.kind in ("bad_link", "old_rules")


def test_the_records_in_docs_read_back_as_written() -> None:
    """docs/records.md shows real games: each complete one must still be a game
    whose record, written again, is the same text."""
    from pathlib import Path
    doc = (Path(__file__).parents[2] / "docs" / "records.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```\n(.*?)```", doc, re.S)
    records = [b for b in blocks if b.split(" ", 1)[0] in GAME_NAMES and "⋮" not in b]
    assert len(records) >= 3
    for text in records:
        assert write_record(read_record(text)) == text
    transcripts = [b.strip() for b in blocks if is_transcript(b)]
    assert transcripts and all(write_transcript(read_record(t)) == t for t in transcripts)
