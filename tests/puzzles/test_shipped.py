"""The shipped puzzles: enough of them, spread over difficulty, compact, read
only when asked for, and a sample proven again (bounded by nodes)."""

from __future__ import annotations

import subprocess
import sys
from collections import Counter

import pytest

from game.puzzles import load, load_all, record
from game.puzzles.proofs import reversi_empties
from game.puzzles.verify import verify
from game.rules import GAME_NAMES

LEAST = {"modiar": 300, "reversi": 300, "tawlbwrdd": 300, "brandubh": 150}
DATA_BYTES = 64 * 1024  # all four files together
SAMPLE = 4  # puzzles re-proven per game and kind
SAMPLE_NODES = 400_000


@pytest.mark.parametrize("game", GAME_NAMES)
def test_each_game_ships_enough_puzzles_over_a_spread_of_difficulty(game):
    puzzles = load(game)
    assert len(puzzles) >= LEAST[game]
    assert all(p.game == game for p in puzzles)
    bands = Counter(p.rating // 200 for p in puzzles)
    assert len(bands) >= 4 and max(bands.values()) <= 0.6 * len(puzzles)
    assert len({p.depth for p in puzzles}) >= 2


def test_reversi_has_fifty_puzzles_at_twelve_empties_or_fewer():
    assert sum(reversi_empties(p.position()) <= 12 for p in load("reversi")) >= 50


def test_ids_are_unique_and_the_data_is_small():
    puzzles = load_all()
    assert len({p.id for p in puzzles}) == len(puzzles)
    assert sum(record.data_path(game).stat().st_size for game in GAME_NAMES) <= DATA_BYTES


def test_tafl_ships_both_wins_and_saves():
    for game in ("brandubh", "tawlbwrdd"):
        assert {p.goal for p in load(game)} == {"win", "save"}


def test_nothing_is_read_until_asked_for():
    script = ("import game.puzzles, game.puzzles.player, game.puzzles.verify\n"
              "from game.puzzles.record import load\n"
              "print(load.cache_info().currsize)")
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == "0"


def cheap_sample(game: str) -> list[record.Puzzle]:
    """A few of each kind: the first by id among those cheap to prove
    (Reversi with few empties, tafl lines of one or two moves)."""
    chosen = []
    for kind in sorted({(p.goal, p.depth) for p in load(game)}):
        of_kind = sorted((p for p in load(game) if (p.goal, p.depth) == kind),
                         key=lambda p: p.id)
        if game == "reversi":
            of_kind = [p for p in of_kind if reversi_empties(p.position()) <= 12]
        elif kind[1] > 2:
            continue
        chosen += of_kind[:SAMPLE]
    return chosen


def test_every_shipped_modiar_puzzle_is_proven_again():
    # Modiar's proofs are cheap (solved values, at most 20 stones): all of them.
    failed = [(p.id, v.reason) for p in load("modiar") if not (v := verify(p)).ok]
    assert failed == []


@pytest.mark.parametrize("game", GAME_NAMES)
def test_a_sample_of_shipped_puzzles_is_proven_again(game):
    sample = cheap_sample(game)
    assert sample
    failed = [(p.id, v.reason) for p in sample if not (v := verify(p, nodes=SAMPLE_NODES)).ok]
    assert failed == []
