"""Does the computer of this checkout play what another checkout's plays?

    nice -n 10 python tools/same_moves.py --against bbf10a9 [--positions 40] [--nodes 2000]
    nice -n 10 python tools/same_moves.py --against /path/to/another/checkout

A refactoring of the AI must not change what the computer does.  The pins
(`tests/pins/`) hold the Druid's answers on a fixed set of positions; this
asks on positions nobody pinned, at every level, and compares two trees
answer by answer.

Positions: for each game, `--positions` of them, reached by seeded random
play from the start (`--seed`), each cut from a random game at a ply drawn
from one of four bands of its length in turn, from the opening to the last
move before the end (so Reversi's endgame solver, Modiar's table and a tafl
king with few defenders are among them).  Each is given as
the start and the moves that led there, so each tree replays them and
searches with the repetition history they make.

Answers: at each level (`random` included: it is seeded) the move, score,
depth and node count under a fixed node budget (`--nodes`, no clock) and a
seed of its own; with `--draws` (the default) also whether the computer
playing the side not to move accepts a draw offered there (its own short
search, `game.ai.levels.accepts_draw`).  Any difference is printed, with the
position's code and moves, and the exit status is 1; 0 when every answer
agrees.

`--against` is a commit (extracted with `git archive` into a temporary
directory; the repository's worktrees are left alone) or a directory holding
another checkout; `--tree` likewise for the first side (by default this
checkout, uncommitted changes included).  Each tree answers in its own
process, started with that tree first on `sys.path`, so each imports its own
`game` package.  Only the long-standing API is used on the serving side
(`game.rules.record.Game`, `game.ai.levels.start_search`, `accepts_draw`),
so old commits can serve too.  The positions are made by this checkout's
rules engine.
"""

from __future__ import annotations

import argparse
import inspect
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
LEVELS = ("random", "bard", "ovate", "druid")
# The longest a random game is followed, per game (a random tafl game rarely
# ends sooner; Reversi has 60 squares, and Modiar's random games end sooner).
LONGEST = {"brandubh": 120, "tawlbwrdd": 160, "reversi": 60, "modiar": 60}
BANDS = 4  # bands of game length the positions are spread over
ANSWER_KEYS = ("move", "score", "depth", "nodes", "accepts")


# --- the serving side (runs inside either tree) --------------------------------------


def serve() -> None:
    """Answer requests on stdin, one JSON object a line, until stdin closes."""
    sys.path.insert(0, os.getcwd())
    from game.ai.levels import accepts_draw, start_search
    from game.rules.record import Game

    print(json.dumps({"ready": True}), flush=True)
    for line in sys.stdin:
        request = json.loads(line)
        try:
            answer = answer_one(request, Game, start_search, accepts_draw)
        except Exception as error:  # a tree that fails answers so, and differs
            answer = {"error": f"{type(error).__name__}: {error}"}
        print(json.dumps(answer), flush=True)


def answer_one(request: dict[str, Any], game_type: Any, start_search: Any,
               accepts_draw: Any) -> dict[str, Any]:
    """One position's answer at one level (and, if asked, the draw answer)."""
    game = game_type(request["start"], request["moves"])
    position = game.position
    result = start_search(position, request["level"], history=game.repetition_keys(),
                          seed=request["seed"], nodes=request["nodes"],
                          **record_knowledge(game, start_search)).run()
    answer: dict[str, Any] = {
        "move": None if result.move is None else position.move_text(result.move),
        "score": result.score, "depth": result.depth, "nodes": result.nodes}
    if request.get("draw_side"):
        answer["accepts"] = accepts_draw(game, computer_side=request["draw_side"])
    return answer


def record_knowledge(game: Any, start_search: Any) -> dict[str, Any]:
    """What else of the record the serving tree's `start_search` takes besides
    the repetition history: the plies without progress (`quiet_plies`), which
    trees older than the no-progress draw neither take nor know.  (The serving
    side imports the other tree's `tools`, so this file keeps its own copy.)"""
    if "quiet_plies" in inspect.signature(start_search).parameters:
        return {"quiet_plies": game.quiet_plies()}
    return {}


# --- the referee -----------------------------------------------------------------------


class Server:
    """One tree's answering process (its own `game` package)."""

    def __init__(self, tree: Path) -> None:
        env = dict(os.environ, PYTHONPATH=str(tree))
        self.tree = tree
        self.process = subprocess.Popen(
            [sys.executable, str(Path(__file__).resolve()), "--serve"], cwd=tree, env=env,
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        self.read()  # waits until its imports are done

    def send(self, request: dict[str, Any]) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(json.dumps(request) + "\n")
        self.process.stdin.flush()

    def read(self) -> dict[str, Any]:
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        if not line:
            raise SystemExit(f"the tree at {self.tree} stopped answering "
                             f"(exit {self.process.wait()})")
        return json.loads(line)

    def close(self) -> None:
        if self.process.stdin:
            self.process.stdin.close()
        self.process.wait()


def tree_of(source: str, temp: Path, name: str) -> Path:
    """A directory holding the checkout `source` names: itself if it is one,
    else the commit's files extracted into `temp`."""
    if Path(source).is_dir():
        return Path(source).resolve()
    from tools.druid_match import extract

    into = temp / name
    into.mkdir()
    try:
        return extract(source, into)
    except subprocess.CalledProcessError as error:
        raise SystemExit(f"{source!r} is neither a directory nor a commit of {ROOT} "
                         f"({error.stderr.decode(errors='replace').strip()})") from None


def sample_positions(game_name: str, count: int, seed: int) -> list[list[str]]:
    """`count` different move lists from the start of `game_name`, by seeded
    random play: each a random game (to its end, or LONGEST plies) cut at a
    ply drawn from band i % BANDS of its length, so the positions spread from
    the opening to the last move before the end."""
    from game.rules import start
    from game.rules.record import Game

    rng = random.Random(f"same-moves-{game_name}-{seed}")
    found: list[list[str]] = []
    seen: set[str] = set()
    attempts = 0
    while len(found) < count:
        attempts += 1
        if attempts > 50 * count:
            raise SystemExit(f"{game_name}: only {len(found)} different positions found")
        record = Game(start(game_name))
        while record.ply < LONGEST[game_name] and record.outcome() is None:
            record.play(rng.choice(record.legal_moves()))
        # The plies whose position still has a move to make: 1 .. last.
        last = record.ply - 1 if record.outcome() is not None else record.ply
        band = len(found) % BANDS
        low = 1 + band * last // BANDS
        high = (band + 1) * last // BANDS
        if high < low:
            continue  # a game too short for this band: play another
        moves = record.move_texts()[:rng.randint(low, high)]
        code = Game(start(game_name).code(), moves).position.code()
        if code not in seen:
            seen.add(code)
            found.append(moves)
    return found


def compare(game_name: str, servers: list[Server], count: int, seed: int, nodes: int,
            draws: bool, out: Any) -> tuple[int, int]:
    """Ask both trees about every position of `game_name` at every level; print
    each difference; returns (answers compared, answers that differ)."""
    from game.rules import start
    from game.rules.record import Game

    start_code = start(game_name).code()
    compared = differ = 0
    for number, moves in enumerate(sample_positions(game_name, count, seed)):
        position = Game(start_code, moves).position
        sides = position.SIDES
        for level_number, level in enumerate(LEVELS):
            request = {"start": start_code, "moves": moves, "level": level,
                       "seed": seed * 100_000 + number * 10 + level_number, "nodes": nodes}
            if draws and level == "druid":
                request["draw_side"] = sides[1 - sides.index(position.side)]
            for server in servers:  # both search at once, each in its own process
                server.send(request)
            answers = [server.read() for server in servers]
            compared += 1
            if answers[0] != answers[1]:
                differ += 1
                print(f"DIFFERS {game_name} #{number} {level} (seed {request['seed']}, "
                      f"{nodes} nodes): {position.code()}\n"
                      f"  after {len(moves)} moves: {' '.join(moves)}\n"
                      f"  {describe(answers[0])}\n  {describe(answers[1])}", file=out)
    return compared, differ


def describe(answer: dict[str, Any]) -> str:
    if "error" in answer:
        return f"error: {answer['error']}"
    return ", ".join(f"{key} {answer[key]}" for key in ANSWER_KEYS if key in answer)


def parse(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--against", required=True,
                        help="the other checkout: a commit, or a directory holding one")
    parser.add_argument("--tree", default=str(ROOT),
                        help="the first checkout (default: this one), a commit or a directory")
    parser.add_argument("--games", nargs="+", default=None, metavar="GAME",
                        help="the games to ask about (default: all four)")
    parser.add_argument("--positions", type=int, default=40, help="positions per game")
    parser.add_argument("--nodes", type=int, default=2000, help="node budget per search")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--no-draws", dest="draws", action="store_false",
                        help="leave out the computer's answer to a draw offer")
    parsed = parser.parse_args(argv)
    if parsed.positions < 1 or parsed.nodes < 1:
        parser.error("--positions and --nodes must be at least 1")
    from game.rules import GAME_NAMES

    parsed.games = parsed.games or list(GAME_NAMES)
    unknown = [name for name in parsed.games if name not in GAME_NAMES]
    if unknown:
        parser.error(f"unknown game(s) {', '.join(unknown)}; choose from {', '.join(GAME_NAMES)}")
    return parsed


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv == ["--serve"]:
        serve()
        return 0
    sys.path.insert(0, str(ROOT))
    args = parse(argv)
    began = time.perf_counter()
    total = differing = 0
    with tempfile.TemporaryDirectory(prefix="same-moves-") as temp:
        trees = [tree_of(args.tree, Path(temp), "tree"),
                 tree_of(args.against, Path(temp), "against")]
        print(f"A: {args.tree} ({trees[0]})\nB: {args.against} ({trees[1]})\n"
              f"{args.positions} positions a game, levels {', '.join(LEVELS)}, "
              f"{args.nodes} nodes a search, seed {args.seed}"
              + (", and the Druid's answer to a draw offer" if args.draws else ""))
        servers = [Server(tree) for tree in trees]
        try:
            for game_name in args.games:
                compared, differ = compare(game_name, servers, args.positions, args.seed,
                                           args.nodes, args.draws, sys.stdout)
                total += compared
                differing += differ
                print(f"{game_name}: {compared} answers compared "
                      f"({args.positions} positions x {len(LEVELS)} levels), {differ} differ",
                      flush=True)
        finally:
            for server in servers:
                server.close()
    print(f"{total} answers, {differing} differ ({time.perf_counter() - began:.0f} s)")
    return 1 if differing else 0


if __name__ == "__main__":
    sys.exit(main())
