"""Make the shipped puzzles: positions from self-play, proven, rated, written.

Run from the repository root, at low priority (the proofs are long)::

    nice -n 19 python tools/make_puzzles.py GAME [--count N] [--seed S] [--work DIR]

GAME is modiar, reversi, brandubh or tawlbwrdd.  The positions come from
games the computer plays against itself at mixed levels (random, Bard, Ovate,
from a few random opening plies), and for Reversi also from the classic FFO
endgame positions (../shared/data/ffo/).  Each candidate is made into a
puzzle if it is one (docs/puzzles.md):

- Modiar: a position with at most 20 stones on the board (the solved values
  are exact there) whose best move is the only one keeping the best final
  margin; the line goes on while the solver's next move is again the only
  one, up to three moves of the solver, each reply one that keeps the
  opponent's best;
- Reversi: 10-20 empty squares, the best move the only one keeping the exact
  result (every other loses at least four discs of it, or the win), the
  line likewise for up to three moves;
- Brandubh, Tawlbwrdd: a win in N (1-4 moves, the winner's: the line the
  only winning move at each turn, each reply the longest defence, ending by
  the king), or a save (the only move after which the opponent cannot win
  within N of its moves).  The candidates are the last positions of won
  games: the winner's, for a win in as many moves as the game took, and the
  loser's, for a save.

Every puzzle is then proven again from scratch (`game.puzzles.verify`), and
rated (`rating`): each of the computer's levels tries the position (seeded,
bounded by nodes), and the more of them miss the solution's first move, the
higher the rating; each move of the line past the first adds to it, and so
does each ply the plain search must look ahead before it finds the first move
at every depth from there on (`sight`).  Every search is bounded by nodes, never by time, so a
run gives the same puzzles from the same seed.  With `--work DIR` each
game's findings are kept as they come, and a run stopped half-way goes on
from where it was.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Iterator
from pathlib import Path

if not os.environ.get("PYTHONPATH"):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai.levels import start_search
from game.ai.match import play_one, random_opening
from game.ai.search import Search
from game.ai.strategy import Limits, strategy_for
from game.puzzles import record
from game.puzzles.proofs import (
    MOST_MOVES,
    REVERSI_EMPTIES,
    ModiarValues,
    ReversiValues,
    ValueUnknown,
    placements,
    reversi_empties,
    reversi_threshold,
)
from game.puzzles.record import Puzzle
from game.puzzles.tafl_mate import (
    PUZZLE_ENDINGS,
    MateSearch,
    SearchBudget,
    immediate_wins,
)
from game.puzzles.verify import verify
from game.rules import GAME_NAMES, SPECS
from game.rules.base import Move, Position
from game.rules.modiar import ModiarPosition
from game.rules.reversi import PASS, ReversiPosition
from game.rules.tafl import TaflPosition

ROOT = Path(__file__).resolve().parent.parent
FFO_DIRS = (ROOT.parent / "shared" / "data" / "ffo", Path("/work/shared/data/ffo"),
            ROOT / "tests" / "ai" / "data" / "ffo")
FFO_FILES = ("fforum-1-19.obf", "fforum-20-39.obf")

# How many puzzles each game ships (docs/puzzles.md), and how many times as
# many are found to choose a spread of kinds and difficulty from (Modiar's
# come cheap, and most are easy).
TARGETS = {"modiar": 320, "reversi": 320, "tawlbwrdd": 320, "brandubh": 170}
SPARE = {"modiar": 6.0, "reversi": 1.25, "brandubh": 1.5, "tawlbwrdd": 2.0}
MOST_GAMES = 5000
# Self-play: the pairs of levels (first side, second side), taken in turn,
# each game from a seeded random opening of up to OPENING_PLIES plies.
PAIRINGS = (("bard", "ovate"), ("ovate", "bard"), ("random", "bard"), ("bard", "random"),
            ("bard", "bard"), ("ovate", "ovate"), ("random", "ovate"), ("ovate", "random"))
OPENING_PLIES = {"modiar": 6, "reversi": 8, "brandubh": 6, "tawlbwrdd": 8}
SELF_PLAY_NODES = 3000
# The proof budget of one candidate, in nodes of the game's search.
PROOF_NODES = {"modiar": None, "reversi": 1_500_000, "brandubh": 2_000_000,
               "tawlbwrdd": 1_500_000}
# Finding a forced win is cheap where there is one, showing there is none
# costly: a position whose win is not found within this many nodes is left.
FIND_NODES = 100_000
# The most moves in a win, and the longest threat a save is shown against.
WIN_MOVES = {"brandubh": 4, "tawlbwrdd": 4}
SAVE_MOVES = {"brandubh": 3, "tawlbwrdd": 2}
# Modiar: positions with at most this many stones on the board (exact values).
MODIAR_STONES = 20
# Reversi: from each game, the positions with these many empty squares are
# tried, a triple a game in turn: every size from 10 to 20 is reached, the
# larger ones (costlier to prove, and more often beyond the budget) less often.
REVERSI_SIZES = ((10, 13, 16), (11, 14, 17), (12, 15, 18), (10, 14, 19), (11, 12, 20),
                 (13, 15, 16))

# The levels that try each puzzle, how often (the noisy ones, with other
# seeds) and with what budget of nodes; the Druid plays Modiar from its table
# and never misses, so it is not asked there.
LEVEL_TRIES = {"bard": 2, "ovate": 2, "druid": 1}
LEVEL_NODES = {"modiar": 20_000, "reversi": 60_000, "brandubh": 25_000, "tawlbwrdd": 25_000}
UNASKED = {"modiar": ("druid",)}
# Sight: the plain search (no noise, no solved data) at each depth up to
# this one, with this budget; the puzzle's sight is the least depth from
# which every deeper one finds the first move.
SIGHT_DEPTH = {"modiar": 9, "reversi": 6, "brandubh": 5, "tawlbwrdd": 3}
SIGHT_NODES = 60_000
# Rating: a base; what each level's misses add (times the share of its tries
# that missed the first move); each move of the solver past the first (a
# save: each move of the threat); each ply of sight past the first.
RATING_BASE = 700
RATING_MISSES = {"bard": 250, "ovate": 350, "druid": 450}
RATING_DEPTH = 120
RATING_SIGHT = 60


def log(message: str) -> None:
    print(f"[{time.strftime('%H:%M:%S')}] {message}", file=sys.stderr, flush=True)


# -- sources ----------------------------------------------------------------------


def self_play(game: str, index: int, seed: int) -> list[Position]:
    """The positions of self-play game number `index` (seeded)."""
    rng = random.Random(f"{game}-{seed}-{index}")
    first, second = PAIRINGS[index % len(PAIRINGS)]
    sides = SPECS[game].sides
    opening = random_opening(game, rng.randint(0, OPENING_PLIES[game]), seed * 100_003 + index)
    played = play_one(game, {sides[0]: first, sides[1]: second}, seed * 100_003 + index,
                      nodes=SELF_PLAY_NODES, opening=opening)
    return list(played.replay())


def ffo_positions() -> list[ReversiPosition]:
    """The FFO endgame positions with 10-20 empty squares."""
    found = []
    for name in FFO_FILES:
        path = next((folder / name for folder in FFO_DIRS if (folder / name).is_file()), None)
        if path is None:
            continue
        for line in path.read_text().splitlines():
            if not line.strip() or line.startswith("%"):
                continue
            board, side = line.split(";")[0].split()
            black = sum(1 << sq for sq, c in enumerate(board) if c == "X")
            white = sum(1 << sq for sq, c in enumerate(board) if c == "O")
            position = ReversiPosition.from_colours(black, white, "b" if side == "X" else "w")
            low, high = REVERSI_EMPTIES
            if low <= reversi_empties(position) <= high:
                found.append(position)
    return found


# -- Modiar -----------------------------------------------------------------------


def modiar_line(values: ModiarValues, position: ModiarPosition, most: int) -> list[Move]:
    """The longest line (up to `most` moves of the solver) in which each of the
    solver's moves is the only one keeping the best margin and each reply
    keeps the opponent's best; [] if the first move is not the only one."""
    margins = values.move_margins(position)
    if len(margins) < 2:
        return []
    best = max(margins.values())
    keeping = [move for move, margin in margins.items() if margin == best]
    if len(keeping) != 1:
        return []
    move = keeping[0]
    after = position.play_position(move)
    if most == 1 or not after.legal_moves():
        return [move]
    replies = values.move_margins(after)
    longest: list[Move] = []
    for reply, margin in replies.items():
        if margin != max(replies.values()):
            continue
        rest = modiar_line(values, after.play_position(reply), most - 1)
        if len(rest) + 1 > len(longest):
            longest = [reply, *rest]
    return [move, *longest] if len(longest) > 1 else [move]


def modiar_candidate(position: ModiarPosition, values: ModiarValues) -> Puzzle | None:
    if position.first or sum(position.pits) > MODIAR_STONES or not position.legal_moves():
        return None
    try:
        line = modiar_line(values, position, MOST_MOVES)
        if not line:
            return None
        value = values.margin(position)
    except ValueUnknown:
        return None
    return _puzzle(position, "best", (len(line) + 1) // 2, line, value)


# -- Reversi ------------------------------------------------------------------------


def reversi_line(values: ReversiValues, position: ReversiPosition, value: int,
                 first: int, most: int) -> list[Move]:
    """The line from `position`, whose exact margin is `value` and best move
    `first` (proven), while each solver move is the only one keeping it."""
    options = placements(position)
    if len(options) < 2:
        return []
    for other in options:
        if other != first and not values.move_at_most(position, other, reversi_threshold(value)):
            return []
    after = position.play_position(first)
    if most == 1 or not after.legal_moves():
        return [first]
    for reply in after.legal_moves():
        answer = after.play_position(reply)
        if reply != PASS and values.at_least(answer, value + 1):
            continue  # not the opponent's best
        if not placements(answer):
            break
        _, follow = values.best(answer)
        rest = reversi_line(values, answer, value, follow, most - 1)
        if rest:
            return [first, reply, *rest]
        break
    return [first]


def reversi_candidate(position: ReversiPosition) -> Puzzle | None:
    low, high = REVERSI_EMPTIES
    if not low <= reversi_empties(position) <= high or len(placements(position)) < 2:
        return None
    values = ReversiValues(PROOF_NODES["reversi"])
    try:
        value, first = values.best(position)
        line = reversi_line(values, position, value, first, MOST_MOVES)
    except SearchBudget:
        return None
    if not line:
        return None
    return _puzzle(position, "best", (len(line) + 1) // 2, line, value)


# -- tafl ------------------------------------------------------------------------------


def tafl_win_line(search: MateSearch, position: TaflPosition, n: int) -> list[Move]:
    """A line of a win in exactly `n` in which every solver move is the only
    one winning within the moves left and every reply holds out longest;
    [] if there is none."""
    winning = search.winning_moves(position, n)
    if len(winning) != 1 or len(position.legal_moves()) < 2:
        return []
    move = winning[0]
    after = position.play_position(move)
    if n == 1:
        outcome = after.outcome()
        return [move] if outcome is not None and outcome.reason in PUZZLE_ENDINGS else []
    for reply in after.legal_moves():
        answer = after.play_position(reply)
        if search.wins_within(answer, n - 2):
            continue  # not the longest defence
        rest = tafl_win_line(search, answer, n - 1)
        if rest:
            return [move, reply, *rest]
    return []


def tafl_save(search: MateSearch, position: TaflPosition, most: int) -> tuple[Move, int] | None:
    """The only move after which the opponent cannot win within N of its
    moves while after every other it can, N the fewest moves that makes it
    so (at most `most`); None if there is no such move."""
    moves = position.legal_moves()
    if len(moves) < 2 or immediate_wins(position):
        return None
    holding = list(moves)
    for n in range(1, most + 1):
        holding = [move for move in holding if _holds(search, position.play_position(move), n)]
        if len(holding) == 1:
            return (holding[0], n) if position.play_position(holding[0]).legal_moves() else None
        if not holding:
            return None
    return None


def _holds(search: MateSearch, after: TaflPosition, n: int) -> bool:
    """Whether the side to move in `after` (the opponent) cannot win within `n`."""
    return not after.legal_moves() or not search.wins_within(after, n)


def tafl_win(position: TaflPosition, most: int) -> list[Puzzle]:
    """A win puzzle at `position`, if its side to move forces a win within
    `most` moves (as many as it took in the game) by a line of only moves."""
    search = MateSearch(FIND_NODES)
    try:
        if not search.wins_within(position, most):
            return []
        search.limit = search.nodes + PROOF_NODES[position.GAME]
        distance = search.distance(position, most) or most
        line = tafl_win_line(search, position, distance)
    except SearchBudget:
        return []
    return [_puzzle(position, "win", distance, line, None)] if line else []


def tafl_saved(position: TaflPosition) -> list[Puzzle]:
    """A save puzzle at `position`, if it is one."""
    search = MateSearch(PROOF_NODES[position.GAME])
    try:
        saved = tafl_save(search, position, SAVE_MOVES[position.GAME])
    except SearchBudget:
        return []
    if saved is None:
        return []
    move, n = saved
    return [_puzzle(position, "save", n, [move], None)]


# -- rating ------------------------------------------------------------------------------


def misses(puzzle: Puzzle) -> dict[str, float]:
    """Per level, the share of its tries whose move was not the solution's first."""
    position = puzzle.position()
    first = puzzle.moves()[0]
    found = {}
    for level, tries in LEVEL_TRIES.items():
        if level in UNASKED.get(puzzle.game, ()):
            continue
        missed = 0
        for seed in range(tries):
            result = start_search(position, level, seed=seed,
                                  nodes=LEVEL_NODES[puzzle.game]).run()
            missed += result.move != first
        found[level] = missed / tries
    return found


def sight(puzzle: Puzzle) -> int:
    """The least search depth from which the plain search finds the first
    move at every depth up to the game's SIGHT_DEPTH (one more: never)."""
    position, first = puzzle.position(), puzzle.moves()[0]
    most = SIGHT_DEPTH[puzzle.game]
    found = []
    for depth in range(1, most + 1):
        limits = Limits(nodes=SIGHT_NODES, depth=depth, exact=False)
        result = Search(position, strategy_for(puzzle.game), limits=limits).run()
        # A search that saw every line to its end stops short of the depth.
        finished = result.depth >= depth or result.nodes < SIGHT_NODES
        found.append(result.move == first and finished)
    least = most + 1
    while least > 1 and found[least - 2]:
        least -= 1
    return least


def rating(puzzle: Puzzle, missed: dict[str, float], seen_from: int) -> int:
    return round(RATING_BASE + sum(RATING_MISSES[level] * share
                                   for level, share in missed.items())
                 + RATING_DEPTH * (puzzle.depth - 1) + RATING_SIGHT * (seen_from - 1))


# -- the run -------------------------------------------------------------------------------


def _puzzle(position: Position, goal: str, depth: int, line: list[Move],
            value: int | None) -> Puzzle:
    texts, at = [], position
    for move in line:
        texts.append(at.move_text(move))
        at = at.play_position(move)
    return record.make(position.code(), goal, depth, texts, value, 0)


def modiar_puzzles(positions: list[Position], index: int) -> list[Puzzle]:
    values = ModiarValues()
    found = [modiar_candidate(position, values) for position in positions]
    return [puzzle for puzzle in found if puzzle is not None]


def reversi_puzzles(positions: list[Position], index: int) -> list[Puzzle]:
    """A self-play game's positions at its sizes (REVERSI_SIZES);
    every position of the other sources."""
    wanted = REVERSI_SIZES[index % len(REVERSI_SIZES)] if index >= 0 else range(65)
    found = [reversi_candidate(position) for position in positions
             if reversi_empties(position) in wanted]
    return [puzzle for puzzle in found if puzzle is not None]


def tafl_puzzles(positions: list[Position], index: int) -> list[Puzzle]:
    """The last positions of a won game: where the winner is to move, a win
    in at most as many moves as it took (a win puzzle, if forced); where the
    loser is, a save from a loss as near (a save puzzle, if it has one)."""
    outcome = positions[-1].outcome()
    if outcome is None or outcome.winner is None:
        return []
    game = positions[-1].GAME
    found = []
    for back, position in enumerate(reversed(positions[:-1]), start=1):
        if back > 2 * max(WIN_MOVES[game], SAVE_MOVES[game]) + 1:
            break
        if len(position.legal_moves()) < 2:
            continue
        if position.side == outcome.winner:
            if (back + 1) // 2 <= WIN_MOVES[game]:
                found += tafl_win(position, (back + 1) // 2)
        elif back // 2 <= SAVE_MOVES[game]:
            found += tafl_saved(position)
    return found


FINDERS = {"modiar": modiar_puzzles, "reversi": reversi_puzzles,
           "brandubh": tafl_puzzles, "tawlbwrdd": tafl_puzzles}


def finished(puzzle: Puzzle) -> Puzzle | None:
    """The puzzle proven again from scratch and rated, or None if the proof fails."""
    nodes = PROOF_NODES[puzzle.game]
    verdict = verify(puzzle, nodes=None if nodes is None else 4 * nodes)
    if not verdict.ok:
        log(f"dropped {puzzle.code}: {verdict.reason}")
        return None
    return record.make(puzzle.code, puzzle.goal, puzzle.depth, puzzle.solution,
                       puzzle.value, rating(puzzle, misses(puzzle), sight(puzzle)))


def work_file(folder: Path | None, game: str, seed: int) -> Path | None:
    return None if folder is None else folder / f"{game}-{seed}.jsonl"


def read_work(path: Path | None) -> dict[int, list[Puzzle]]:
    """The findings of an earlier run, by game index."""
    found: dict[int, list[Puzzle]] = {}
    if path is None or not path.is_file():
        return found
    for line in path.read_text().splitlines():
        entry = json.loads(line)
        found[entry["index"]] = [record.from_line(text) for text in entry["puzzles"]]
    return found


def collect(game: str, wanted: int, seed: int, work: Path | None) -> list[Puzzle]:
    """Puzzles from one self-play game after another (and, for Reversi, the
    FFO positions first) until `wanted` distinct ones are found."""
    done = read_work(work)
    found: dict[str, Puzzle] = {}
    sources: Iterator[tuple[int, list[Position]]] = _sources(game, seed, set(done))
    for index, positions in sources:
        if len(found) >= wanted:
            break
        if index in done:
            fresh = done[index]
        else:
            fresh = [p for p in (finished(c) for c in FINDERS[game](positions, index)
                                 if c.id not in found) if p is not None]
            if work is not None:
                with work.open("a") as file:
                    file.write(json.dumps({"index": index,
                                           "puzzles": [record.to_line(p) for p in fresh]}) + "\n")
        for puzzle in fresh:
            found.setdefault(puzzle.id, puzzle)
        if fresh:
            log(f"{game} source {index}: {len(fresh)} found, {len(found)} in all "
                f"({_summary(list(found.values()))})")
    return list(found.values())


FFO_INDEX = -1  # the work file's index for the FFO positions
# Positions tried, every one, before the self-play games.
EXTRA_SOURCES = {"reversi": ffo_positions}


def _sources(game: str, seed: int, done: set[int]) -> Iterator[tuple[int, list[Position]]]:
    extra = EXTRA_SOURCES.get(game)
    if extra is not None:
        yield FFO_INDEX, [] if FFO_INDEX in done else list(extra())
    for index in range(MOST_GAMES):
        yield index, [] if index in done else self_play(game, index, seed)


def _summary(puzzles: list[Puzzle]) -> str:
    kinds = Counter(f"{p.goal}{p.depth}" for p in puzzles)
    return " ".join(f"{kind}:{count}" for kind, count in sorted(kinds.items()))


def spread(puzzles: list[Puzzle], count: int, first: list[Puzzle] | None = None) -> list[Puzzle]:
    """`count` puzzles spread over kinds and difficulty: `first` (up to the
    count), then one from each (goal, depth, rating band) in turn, no kind
    (goal and depth) taking more than KIND_SHARE of the count while others
    can fill it."""
    chosen = {p.id: p for p in (first or [])[:count]}
    bands: dict[tuple, list[Puzzle]] = defaultdict(list)
    for puzzle in sorted(puzzles, key=lambda p: p.id):
        if puzzle.id not in chosen:
            bands[puzzle.goal, puzzle.depth, puzzle.rating // 200].append(puzzle)
    kinds = Counter((p.goal, p.depth) for p in chosen.values())
    for cap in (int(count * KIND_SHARE), count):
        progress = True
        while len(chosen) < count and progress:
            progress = False
            for (goal, depth, _), queue in sorted(bands.items()):
                if queue and len(chosen) < count and kinds[goal, depth] < cap:
                    puzzle = queue.pop(0)
                    chosen[puzzle.id] = puzzle
                    kinds[goal, depth] += 1
                    progress = True
    return sorted(chosen.values(), key=lambda p: (p.rating, p.id))


# The largest share of a game's puzzles one kind (goal and depth) may take.
KIND_SHARE = 0.25


def fills_board(puzzle: Puzzle) -> bool:
    """Whether perfect play from the puzzle (its line, then the solver's best
    moves for both sides) ends with the board full: its value is then reached
    with no empty square left over, which docs/rules.md counts for nobody and
    FFO's count (the tournament rules') gives the winner."""
    values = ReversiValues(PROOF_NODES["reversi"])
    position = puzzle.position()
    for move in puzzle.moves():
        position = position.play_position(move)
    try:
        while position.legal_moves():
            move = values.best(position)[1] if placements(position) else PASS
            position = position.play_position(move)
    except SearchBudget:
        return False
    return reversi_empties(position) == 0


def few_empties(puzzles: list[Puzzle]) -> list[Puzzle]:
    """Reversi's puzzles at 12 empty squares or fewer, up to 60, taken first
    (at least 50 ship)."""
    return [p for p in sorted(puzzles, key=lambda p: p.id)
            if reversi_empties(p.position()) <= 12][:60]


# Checks a found puzzle must pass as well to be shipped, and the puzzles a
# game ships before the rest are spread.
SHIPPABLE = {"reversi": fills_board}
FIRST_PICKS = {"reversi": few_empties}


def chosen(game: str, puzzles: list[Puzzle], count: int) -> list[Puzzle]:
    shippable = SHIPPABLE.get(game)
    if shippable is not None:
        puzzles = [p for p in puzzles if shippable(p)]
    first_picks = FIRST_PICKS.get(game)
    return spread(puzzles, count, first_picks(puzzles) if first_picks else [])


def report(game: str, puzzles: list[Puzzle], path: Path) -> str:
    bands = Counter(p.rating // 200 * 200 for p in puzzles)
    lines = [f"{game}: {len(puzzles)} puzzles, {path.stat().st_size:,} bytes in {path.name}",
             f"  kinds: {_summary(puzzles)}",
             "  ratings: " + " ".join(f"{band}-{band + 199}:{n}"
                                      for band, n in sorted(bands.items()))]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", choices=GAME_NAMES)
    parser.add_argument("--count", type=int, help="puzzles to ship (default: the game's target)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--work", type=Path, help="keep findings here, and go on from them")
    parser.add_argument("--out", type=Path, default=record.DATA_DIR)
    args = parser.parse_args()
    count = args.count or TARGETS[args.game]
    if args.work is not None:
        args.work.mkdir(parents=True, exist_ok=True)
    found = collect(args.game, int(count * SPARE[args.game]), args.seed,
                    work_file(args.work, args.game, args.seed))
    puzzles = chosen(args.game, found, count)
    args.out.mkdir(parents=True, exist_ok=True)
    path = record.write(args.game, puzzles, args.out)
    print(report(args.game, puzzles, path))


if __name__ == "__main__":
    main()
