"""The safety net for redesigns: fixed positions and what the engine and the Druid say.

For 20 positions per game (the start, then positions reached by seeded random
play, endgames among them) it records the legal moves in notation, perft to a
small depth, and the Druid's move, score, depth and node count under a fixed
node budget, searching with the repetition history of the moves that led there.

`tests/pins/pins.json` holds the values computed at the commit that wrote it;
`tests/pins/test_pins.py` computes them again and compares.  A change that is
meant to alter them (a real bug fixed) rewrites the file in that commit alone:

    python -m tests.pins.pins --write
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

from game.ai.levels import start_search
from game.rules import GAME_NAMES, start
from game.rules.base import perft
from game.rules.record import Game

PIN_FILE = Path(__file__).with_name("pins.json")
POSITIONS_PER_GAME = 20
SEARCH_NODES = 4000
PERFT_DEPTH = {"brandubh": 2, "tawlbwrdd": 2, "reversi": 3, "modiar": 4}


def sample_games(game: str) -> list[Game]:
    """The start, then seeded random games stopped at spread-out lengths.

    The lengths reach deep into each game so that endgames (Reversi's exact
    solver, a lone tafl king, Modiar's last stones) are among the samples.
    """
    games = [Game(start(game))]
    rng = random.Random(f"pins-{game}")
    while len(games) < POSITIONS_PER_GAME:
        record = Game(start(game))
        target = rng.randrange(1, 90)
        while record.ply < target and record.outcome() is None:
            record.play(rng.choice(record.legal_moves()))
        if record.outcome() is None:
            games.append(record)
    return games


def pin(record: Game) -> dict[str, Any]:
    position = record.position
    history = record.repetition_keys()
    result = start_search(position, "druid", history=history, nodes=SEARCH_NODES).run()
    return {
        "code": position.code(),
        "moves": record.move_texts(),
        "legal": sorted(position.move_text(m) for m in position.legal_moves()),
        "perft": perft(position, PERFT_DEPTH[record.game]),
        "druid": {
            "move": None if result.move is None else position.move_text(result.move),
            "score": result.score,
            "depth": result.depth,
            "nodes": result.nodes,
        },
    }


def compute(game: str) -> list[dict[str, Any]]:
    return [pin(record) for record in sample_games(game)]


def load() -> dict[str, list[dict[str, Any]]]:
    return json.loads(PIN_FILE.read_text(encoding="utf-8"))


def write() -> None:
    pins = {game: compute(game) for game in GAME_NAMES}
    PIN_FILE.write_text(json.dumps(pins, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    if sys.argv[1:] != ["--write"]:
        sys.exit("usage: python -m tests.pins.pins --write")
    write()
