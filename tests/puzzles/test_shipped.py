"""The shipped puzzles: Modiar's (the only game whose data is made so far)
are enough, spread over difficulty, all proven again, and read only when
asked for.  The other games' data is still to be generated
(tools/make_puzzles.py); until then they ship none."""

from __future__ import annotations

import subprocess
import sys
from collections import Counter

from game.puzzles import load, load_all, record
from game.puzzles.verify import verify

DATA_BYTES = 64 * 1024  # all the data files together


def test_modiar_ships_enough_puzzles_over_a_spread_of_difficulty():
    puzzles = load("modiar")
    assert len(puzzles) >= 300
    assert all(p.game == "modiar" and p.goal == "best" for p in puzzles)
    bands = Counter(p.rating // 200 for p in puzzles)
    assert len(bands) >= 4 and max(bands.values()) <= 0.6 * len(puzzles)
    assert {p.depth for p in puzzles} == {1, 2, 3}


def test_every_shipped_modiar_puzzle_is_proven_again():
    failed = [(p.id, v.reason) for p in load("modiar") if not (v := verify(p)).ok]
    assert failed == []


def test_ids_are_unique_and_the_data_is_small():
    puzzles = load_all()
    assert len({p.id for p in puzzles}) == len(puzzles)
    files = list(record.DATA_DIR.glob("*.tsv.gz"))
    assert files and sum(f.stat().st_size for f in files) <= DATA_BYTES


def test_nothing_is_read_until_asked_for():
    script = ("import game.puzzles, game.puzzles.player, game.puzzles.verify\n"
              "from game.puzzles.record import load\n"
              "print(load.cache_info().currsize)")
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == "0"
