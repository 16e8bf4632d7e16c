"""Position codes (docs/rules.md, Position codes): exact round trips and one-line rejections."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.rules import START_CODES, from_code, position_from, start
from game.rules.base import CodeError

BRANDUBH = "brandubh 2AAA2/7/A1DDD1A/A1DKD1A/A1DDD1A/7/2AAA2 a -"
TAWLBWRDD = ("tawlbwrdd 4AAA4/4A1A4/5A5/5D5/AA2DDD2AA/A1ADDKDDA1A/AA2DDD2AA/"
             "5D5/5A5/4A1A4/4AAA4 a")

VALID = [
    BRANDUBH,
    "brandubh 2AAA2/7/A1DDD1A/A1D1D1A/A1DDD1A/7/K1AAA2 d a1",
    "brandubh 6K/7/3A3/7/7/7/7 a a1,g1,a7,g7",
    "brandubh 7/7/3A3/7/7/7/7 d g1,a7",  # no king: a finished game
    TAWLBWRDD,
    "tawlbwrdd 11/11/11/11/11/11/3A7/11/11/11/K10 a",
    "tawlbwrdd A10/11/11/11/11/5K5/11/11/11/11/10D d",  # soldiers on corners are fine
]


@pytest.mark.parametrize("code", VALID)
def test_valid_codes_round_trip_exactly(code):
    assert from_code(code).code() == code


@pytest.mark.parametrize("name", sorted(START_CODES))
def test_a_game_name_alone_means_its_start_position(name):
    assert position_from(name) == start(name)
    assert from_code(START_CODES[name]).code() == START_CODES[name]


def test_surrounding_white_space_is_forgiven():
    assert from_code(f"  {BRANDUBH}\n").code() == BRANDUBH


MALFORMED = {
    "empty": ("", "unknown game"),
    "unknown game": ("chess 8/8/8/8/8/8/8/8 w", "unknown game"),
    "name only": ("brandubh", "fields"),
    "missing VISITED": (BRANDUBH[:-2], "fields"),
    "extra field": (TAWLBWRDD + " -", "fields"),
    "double space": (BRANDUBH.replace(" a ", "  a "), "single spaces"),
    "bad letter": (BRANDUBH.replace("A1DKD1A", "A1DXD1A"), "unknown letter"),
    "lower-case piece": (BRANDUBH.replace("A1DKD1A", "A1DkD1A"), "unknown letter"),
    "long rank": (BRANDUBH.replace("2AAA2", "2AAA3", 1), "rank 7 has 8 squares"),
    "short rank": (BRANDUBH.replace("/7/", "/6/", 1), "rank 6 has 6 squares"),
    "eight ranks": (BRANDUBH.replace("/7/", "/7/7/", 1), "8 ranks"),
    "zero run": (BRANDUBH.replace("A1DDD1A", "A0DDD1A", 1), "0"),
    "huge run": (BRANDUBH.replace("/7/", "/99999999999999999999999/", 1), "run"),
    "two kings": (BRANDUBH.replace("A1DDD1A", "A1DKD1A", 1), "more than one king"),
    "13 attackers": (BRANDUBH.replace("/7/", "/A6/", 1), "13 attackers"),
    "9 defenders": (BRANDUBH.replace("/7/", "/1D5/", 1), "9 defenders"),
    "25 attackers": (TAWLBWRDD.replace("/5A5/", "/4AA5/", 1), "25 attackers"),
    "soldier on corner": (BRANDUBH.replace("2AAA2", "A1AA3", 1), "a7"),
    "soldier on throne": ("brandubh 7/7/7/3D3/7/7/K6 a a1", "d4"),
    "soldier on castle": ("tawlbwrdd 11/11/11/11/11/5A5/11/11/11/11/K10 a", "castle f6"),
    "king on unlisted corner": ("brandubh 7/7/3A3/7/7/7/6K a a1", "g1"),
    "side of another game": (BRANDUBH.replace(" a -", " b -"), "another game"),
    "unknown side": (BRANDUBH.replace(" a -", " x -"), "unknown side"),
    "visited out of order": (BRANDUBH.replace(" a -", " a g1,a1"), "order"),
    "visited twice": (BRANDUBH.replace(" a -", " a a1,a1"), "order"),
    "visited not a corner": (BRANDUBH.replace(" a -", " a b2"), "VISITED"),
    "non-ascii": (BRANDUBH.replace("K", "Ḱ"), "ASCII"),
    "control character": (BRANDUBH.replace(" a ", " a\t"), "ASCII"),
}


@pytest.mark.parametrize("case", sorted(MALFORMED))
def test_malformed_codes_are_rejected_with_one_line_naming_the_problem(case):
    code, words = MALFORMED[case]
    with pytest.raises(CodeError) as error:
        from_code(code)
    message = str(error.value)
    assert "\n" not in message and message
    assert words in message, message


@settings(max_examples=400, deadline=None)
@given(st.text(max_size=80))
def test_arbitrary_text_is_either_a_position_or_a_code_error(text):
    try:
        position = from_code(text)
    except CodeError as error:
        assert "\n" not in str(error)
    else:
        assert position.code() == text.strip()


@settings(max_examples=600, deadline=None)
@given(st.sampled_from(sorted(START_CODES.values())), st.data())
def test_mutated_codes_are_rejected_or_read_exactly(code, data):
    # Change a few characters of a real code: the result must parse to a
    # position that prints back the same text, or be rejected cleanly.
    chars = list(code)
    for _ in range(data.draw(st.integers(1, 3))):
        i = data.draw(st.integers(0, len(chars) - 1))
        chars[i] = data.draw(st.sampled_from("ADKBW.0123456789/ ,-adbwsnxK"))
    text = "".join(chars)
    try:
        position = from_code(text)
    except CodeError as error:
        assert "\n" not in str(error)
    else:
        assert position.code() == text.strip()
