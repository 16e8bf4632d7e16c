"""The Druid of this tree against the Druid of an earlier commit.

    python tools/druid_match.py tawlbwrdd --against b4ec05e --games 40 --nodes 8000

REV is extracted with `git archive` into a temporary directory (the
repository's worktree list is left alone).  Each side is a subprocess of
this file in `--serve` mode, started with its own tree first on `sys.path`,
so it imports that tree's `game` package; it reads one JSON request a line
(start code, moves so far, level, node or time budget, seed) and answers
with its move in notation.  Only the long-standing API is used on the
serving side (`game.rules.start`, `game.rules.record.Game`,
`game.ai.levels.start_search`), so old commits can serve too.

The referee is this tree's `game.ai.match`: its `random_opening`, `PLY_CAP`,
`MatchResult` (score and Wilson interval) and `report`.  The openings are
distinct (two seeds giving the same plies count once); each is played twice
with the colours swapped, and both sides get the same budget.  Player A is
the new side, B the old one.

`--log FILE` appends one JSON line per finished game, and a match started
again with the same arguments and log skips the games already there.
`--part K/N` plays only every N-th opening from the K-th (both of its games),
so a match can be split over N processes, each with its own log.
`--first-game N` skips the games numbered below N (an even number, so pairs
stay whole): a match carried on past games whose log is kept elsewhere.
`--report LOG [LOG ...]` plays nothing: it reports the games of the logs
given (the parts of one match, or several matches pooled), counting only
whole opening pairs, so a match stopped mid-pair does not count the
unanswered half; it adds each side's mean nodes a move.

`--self-play` plays this tree's Druid on both sides, one process for both:
the Druid is deterministic, so an opening played with the colours swapped
would replay the same game, and each distinct opening is played once (game
i from opening i; `--part` and `--first-game` count games, any number).
Its report lists every game (opening, winner, how it ended, plies), the
endings and lengths, and the first side's share of the decisive games with
its Wilson interval; `--self-play --report LOG ...` reports logs of it.

`--engine COMMAND` plays an outside engine instead of an earlier Druid: in
Tawlbwrdd over the OpenTafl Engine Protocol, with `--engine-time` seconds on
its clock each move; in Reversi over a board protocol, where `--engine-time`
only bounds the wait for a move (tools/outside_engine.py).  The referee is
the same.
"""

from __future__ import annotations

import argparse
import inspect
import json
import os
import subprocess
import sys
import tarfile
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


# --- the serving side (runs inside either tree) --------------------------------------


def serve() -> None:
    """Answer move requests on stdin, one JSON object a line, until stdin closes."""
    sys.path.insert(0, os.getcwd())
    from game.ai.levels import start_search
    from game.rules.record import Game

    print(json.dumps({"ready": True}), flush=True)
    for line in sys.stdin:
        request = json.loads(line)
        game = Game(request["start"], request["moves"])
        search = start_search(game.position, request["level"],
                              history=game.repetition_keys(), seed=request["seed"],
                              nodes=request.get("nodes"), seconds=request.get("seconds"),
                              **record_knowledge(game, start_search))
        result = search.run()
        print(json.dumps({"move": game.position.move_text(result.move),
                          "nodes": result.nodes, "depth": result.depth,
                          "seconds": result.seconds}), flush=True)


def record_knowledge(game: Any, start_search: Any) -> dict[str, Any]:
    """What else of the record the serving tree's `start_search` takes besides
    the repetition history: the plies without progress (`quiet_plies`), which
    trees older than the no-progress draw neither take nor know."""
    if "quiet_plies" in inspect.signature(start_search).parameters:
        return {"quiet_plies": game.quiet_plies()}
    return {}


# --- the referee ---------------------------------------------------------------------


class Player:
    """One side's subprocess, importing the `game` package of `tree`."""

    def __init__(self, tree: Path) -> None:
        env = dict(os.environ, PYTHONPATH=str(tree))
        self.process = subprocess.Popen(
            [sys.executable, str(Path(__file__).resolve()), "--serve"], cwd=tree, env=env,
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        self._read()  # waits until its imports are done

    def ask(self, request: dict[str, Any]) -> dict[str, Any]:
        assert self.process.stdin is not None
        self.process.stdin.write(json.dumps(request) + "\n")
        self.process.stdin.flush()
        return self._read()

    def _read(self) -> dict[str, Any]:
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        if not line:
            raise RuntimeError(f"a player stopped answering (exit {self.process.wait()})")
        return json.loads(line)

    def close(self) -> None:
        if self.process.stdin:
            self.process.stdin.close()
        self.process.wait()


def extract(rev: str, into: Path) -> Path:
    """The files of commit `rev` of this repository, under `into`."""
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", "--format=tar", rev],
                             check=True, capture_output=True).stdout
    tree = into / "tree"
    tree.mkdir()
    with tempfile.TemporaryFile() as handle:
        handle.write(archive)
        handle.seek(0)
        with tarfile.open(fileobj=handle) as tar:
            tar.extractall(tree, filter="data")
    return tree


def distinct_openings(game_name: str, plies: int, count: int, seed: int) -> list[list[str]]:
    """`count` different openings of `plies` random moves (seeds from `seed` on)."""
    from game.ai.match import random_opening

    openings: list[list[str]] = []
    seen: set[tuple[str, ...]] = set()
    trial = seed
    while len(openings) < count:
        moves = random_opening(game_name, plies, trial).move_texts()
        trial += 1
        if tuple(moves) not in seen:
            seen.add(tuple(moves))
            openings.append(moves)
        if trial - seed > 100 * count + 1000:
            raise SystemExit(f"only {len(openings)} different {plies}-ply openings found")
    return openings


def play(game_name: str, players: dict[str, Player], opening: list[str], seed: int,
         budget: dict[str, Any], level: str) -> dict[str, Any]:
    """One game from `opening`; `players` maps each side letter to its process."""
    from game.ai.match import PLY_CAP
    from game.rules import start
    from game.rules.base import IllegalMove
    from game.rules.record import Game

    start_code = start(game_name).code()
    game = Game(start_code, opening)
    seconds: dict[str, list[float]] = {}
    nodes: dict[str, list[int]] = {}
    while game.outcome() is None and game.ply < PLY_CAP:
        side = game.position.side
        answer = players[side].ask({"start": start_code, "moves": game.move_texts(),
                                    "level": level, "seed": seed * 1000 + game.ply, **budget})
        try:
            game.play_text(answer["move"])
        except IllegalMove as error:  # never from a Druid; an outside engine's rules may differ
            raise SystemExit(f"{side} played {answer['move']!r} in {game.position.code()} "
                             f"after {game.move_texts()}: {error}") from None
        seconds.setdefault(side, []).append(answer["seconds"])
        if "nodes" in answer:  # an outside engine does not say
            nodes.setdefault(side, []).append(answer["nodes"])
    outcome = game.outcome()
    return {"winner": outcome.winner if outcome else None,
            "reason": outcome.reason.value if outcome else "ply cap",
            "plies": game.ply, "moves": game.move_texts(),
            "seconds": {side: sum(times) / len(times) for side, times in seconds.items()},
            "nodes": {side: sum(counts) / len(counts) for side, counts in nodes.items()}}



def keep(args: argparse.Namespace, records: list[dict], record: dict, label: str) -> None:
    """Add a finished game to `records`, to the log (--log) and, with
    --verbose, as one line on stderr."""
    records.append(record)
    if args.log:
        with open(args.log, "a") as log:
            log.write(json.dumps(record) + "\n")
    if args.verbose:
        print(f"{label} {record['winner'] or 'draw'} by {record['reason']} "
              f"at ply {record['plies']}", file=sys.stderr)

def schedule(game_name: str, games: int, plies: int, seed: int,
             part: tuple[int, int] = (0, 1),
             first: int = 0) -> Iterator[tuple[int, list[str], str]]:
    """(game number, opening, the new side's side letter) for every game of `part`
    numbered `first` or more.

    `part` (k, n) keeps every n-th opening from the k-th, both its games, so n
    processes given k = 0 .. n-1 play the whole match between them.  The
    openings do not depend on `first`: game i is the same game for any `first`.
    """
    from game.rules import start

    sides = start(game_name).SIDES
    k, n = part
    for i, opening in enumerate(distinct_openings(game_name, plies, (games + 1) // 2, seed)):
        if i % n != k:
            continue
        for j in range(2):
            if first <= 2 * i + j < games:
                yield 2 * i + j, opening, sides[j]


def self_play_schedule(game_name: str, games: int, plies: int, seed: int,
                       part: tuple[int, int] = (0, 1),
                       first: int = 0) -> Iterator[tuple[int, list[str]]]:
    """(game number, opening) for every self-play game of `part` numbered
    `first` or more: game i is played from opening i, once."""
    k, n = part
    for i, opening in enumerate(distinct_openings(game_name, plies, games, seed)):
        if i % n == k and i >= first:
            yield i, opening


def run_self_play(args: argparse.Namespace) -> str:
    """This tree's Druid on both sides, each distinct opening once (`--self-play`)."""
    from game.rules import start

    budget = {"nodes": args.nodes} if args.time is None else {"seconds": args.time}
    done: dict[int, dict[str, Any]] = {}
    if args.log and Path(args.log).exists():
        done = {record["i"]: record for record in read_log(args.log)}
    records = []
    druid = Player(ROOT)
    sides = start(args.game).SIDES
    try:
        for i, opening in self_play_schedule(args.game, args.games, args.opening, args.seed,
                                             args.part, args.first_game):
            if i in done:
                records.append(done[i])
                continue
            record = play(args.game, dict.fromkeys(sides, druid), opening, args.seed + i,
                          budget, args.level)
            record.update(i=i, new_side=None, opening=opening)
            keep(args, records, record, f"game {i}:")
    finally:
        druid.close()
    header = (f"{args.game}: this tree's {args.level} on both sides ({ROOT}), "
              + (f"{args.nodes} nodes a move" if args.time is None else f"{args.time} s a move")
              + f", {args.opening}-ply distinct openings, one game each, seed {args.seed}")
    return header + "\n" + self_play_report(args.game, records)


def self_play_report(game_name: str, records: list[dict[str, Any]]) -> str:
    """Every self-play game, then the endings, the lengths and the first side's
    share of the decisive games (95% Wilson interval)."""
    from game.ai.match import PLY_CAP, wilson_interval
    from game.rules import start

    records = sorted(records, key=lambda record: record["i"])
    first = start(game_name).SIDES[0]
    lines = [f"game {r['i']}: opening {' '.join(r['opening'])}: "
             f"{'won by ' + r['winner'] if r['winner'] else 'drawn'} ({r['reason']}) "
             f"at ply {r['plies']}" for r in records]
    endings: dict[tuple[str, str], int] = {}
    for r in records:
        key = (r["winner"] or "draw", r["reason"])
        endings[key] = endings.get(key, 0) + 1
    lines += [f"ended {winner} by {reason}: {count}"
              for (winner, reason), count in sorted(endings.items())]
    lengths = sorted(r["plies"] for r in records)
    if lengths:
        lines.append(f"plies: median {lengths[len(lengths) // 2]}, shortest {lengths[0]}, "
                     f"longest {lengths[-1]}; {sum(r['reason'] == 'ply cap' for r in records)} "
                     f"of {len(records)} reached the {PLY_CAP}-ply cap")
    decisive = [r for r in records if r["winner"]]
    won = sum(r["winner"] == first for r in decisive)
    share = won / len(decisive) if decisive else 0.0
    low, high = wilson_interval(share, len(decisive))
    lines.append(f"{first} won {won} of {len(decisive)} decisive games: {100 * share:.1f}% "
                 f"(95% interval {100 * low:.0f}-{100 * high:.0f}%); "
                 f"{len(records) - len(decisive)} drawn")
    nodes = [mean for r in records for mean in r.get("nodes", {}).values()]
    seconds = [mean for r in records for mean in r["seconds"].values()]
    if nodes:
        lines.append(f"nodes a move: {round(sum(nodes) / len(nodes)):,} "
                     f"(each side's mean in each game, averaged); seconds a move "
                     f"{sum(seconds) / len(seconds):.2f}")
    return "\n".join(lines)


def other_side(game_name: str, side: str) -> str:
    """The side letter that is not `side` in `game_name`."""
    from game.rules import start

    sides = start(game_name).SIDES
    return sides[1 - sides.index(side)]


def tally(game_name: str, rev: str, records: list[dict[str, Any]]):
    """The games as match.MatchResult (A = this tree, B = `rev`)."""
    from game.ai.match import MatchResult

    match = MatchResult(game_name, "this tree", rev)
    for record in records:
        new_side = record["new_side"]
        sides = {new_side: "A", other_side(game_name, new_side): "B"}
        winner = record["winner"]
        match.lengths.append(record["plies"])
        if record["reason"] == "ply cap":
            match.capped += 1
        match.endings[(winner or "draw", record["reason"])] += 1
        for side, player in sides.items():
            result = "draw" if winner is None else "win" if winner == side else "loss"
            match.results[(player, side, result)] += 1
            if side in record["seconds"]:  # the mean move time of that side in that game
                match.times[player].append(record["seconds"][side])
    return match


def whole_pairs(log: list[dict[str, Any]]) -> tuple[list[dict[str, Any]], int]:
    """The games of one log whose opening's other game is there too, and how many are not.

    Games 2k and 2k+1 are one opening with the colours swapped; a log of one
    match process holds both or, if it was stopped between them, only the first.
    """
    by_number = {record["i"]: record for record in log}  # a resumed game: the last one
    kept = [record for number, record in sorted(by_number.items()) if number ^ 1 in by_number]
    return kept, len(by_number) - len(kept)


LOG_KEYS = ("i", "new_side", "winner", "reason", "plies", "moves", "opening", "seconds")


def read_log(path: str) -> list[dict[str, Any]]:
    """The games of a match log, or SystemExit saying why the file is not one."""
    try:
        log = [json.loads(line) for line in Path(path).read_text().splitlines() if line]
    except (OSError, ValueError) as error:
        raise SystemExit(f"{path}: not a match log ({error})") from None
    for number, record in enumerate(log, 1):
        if not isinstance(record, dict) or any(key not in record for key in LOG_KEYS):
            raise SystemExit(f"{path}: not a match log (line {number} is not a game)")
    return log


def report_logs(game_name: str, rev: str, paths: list[str]) -> str:
    """The report of the whole opening pairs in the logs at `paths`; plays nothing."""
    from game.ai.match import report

    records: list[dict[str, Any]] = []
    seen: set[tuple[Any, ...]] = set()
    left_out = 0
    for path in paths:
        kept, unpaired = whole_pairs(read_log(path))
        for record in kept:
            key = (record["i"], tuple(record["opening"]), tuple(record["moves"]))
            if key in seen:
                raise SystemExit(f"{path}: game {record['i']} is in an earlier log too")
            seen.add(key)
        records += kept
        left_out += unpaired
    match = tally(game_name, rev, records)
    header = (f"{game_name}: this tree (A) against {rev} (B), {len(paths)} log(s): "
              f"{len(records)} games in whole opening pairs, {left_out} unpaired left out")
    return "\n".join([header, report(match), nodes_line(game_name, records)])


def nodes_line(game_name: str, records: list[dict[str, Any]]) -> str:
    """Each player's nodes a move: the mean over games of each game's mean."""
    counts: dict[str, list[float]] = {"A": [], "B": []}
    for record in records:
        old_side = other_side(game_name, record["new_side"])
        for player, side in (("A", record["new_side"]), ("B", old_side)):
            if side in record.get("nodes", {}):
                counts[player].append(record["nodes"][side])
    means = {player: f"{round(sum(c) / len(c)):,}" if c else "not counted"
             for player, c in counts.items()}  # an outside engine does not say
    return f"nodes a move: A {means['A']}, B {means['B']}"


def run(args: argparse.Namespace) -> str:
    from game.ai.match import report

    budget = {"nodes": args.nodes} if args.time is None else {"seconds": args.time}
    done: dict[int, dict[str, Any]] = {}
    if args.log and Path(args.log).exists():
        for line in Path(args.log).read_text().splitlines():
            record = json.loads(line)
            done[record["i"]] = record
    records = []
    with tempfile.TemporaryDirectory(prefix="druid-match-") as temp:
        new, old = Player(ROOT), opponent(args, Path(temp))
        try:
            for i, opening, new_side in schedule(args.game, args.games, args.opening, args.seed,
                                                 args.part, args.first_game):
                if i in done:
                    records.append(done[i])
                    continue
                old_side = other_side(args.game, new_side)
                record = play(args.game, {new_side: new, old_side: old}, opening,
                              args.seed + i, budget, args.level)
                record.update(i=i, new_side=new_side, opening=opening)
                keep(args, records, record, f"game {i}: new as {new_side},")
        finally:
            new.close()
            old.close()
    against = args.against or engine_words(args)
    header = (f"{args.game}: this tree ({ROOT}) against {against}, {args.level}, "
              + (f"{args.nodes} nodes a move" if args.time is None else f"{args.time} s a move")
              + f", {args.opening}-ply distinct openings, seed {args.seed}")
    return header + "\n" + report(tally(args.game, args.against or "engine", records))


def engine_words(args: argparse.Namespace) -> str:
    """The outside engine as the report's header names it, with its time."""
    from tools.outside_engine import ENGINE_PLAYERS

    time_note = ENGINE_PLAYERS[args.game].TIME_NOTE.format(args.engine_time)
    return f"the engine `{args.engine}` ({time_note})"


def opponent(args: argparse.Namespace, temp: Path) -> Any:
    """Player B: an earlier commit's Druid, or an outside engine (OTEP for
    tafl, the board protocol for Reversi: tools/outside_engine.py)."""
    if args.engine:
        from tools.outside_engine import ENGINE_PLAYERS

        return ENGINE_PLAYERS[args.game](args.engine, args.game, args.engine_time)
    return Player(extract(args.against, temp))


def part_of_match(text: str) -> tuple[int, int]:
    """`K/N` as (K, N), with 0 <= K < N."""
    try:
        k, n = (int(number) for number in text.split("/"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not K/N") from None
    if not 0 <= k < n:
        raise argparse.ArgumentTypeError(f"{text!r}: K must be from 0 to N-1")
    return k, n


def first_game(text: str) -> int:
    """A game number, 0 or more (`parse` asks for an even one in a match: game
    2k and 2k+1 share an opening, so a pair stays whole)."""
    try:
        number = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a game number") from None
    if number < 0:
        raise argparse.ArgumentTypeError(f"{text!r}: give a number, 0 or more")
    return number


def parse(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("game")
    parser.add_argument("--against", help="the commit to play against")
    parser.add_argument("--engine", metavar="COMMAND",
                        help="play an outside engine instead: the command that starts it "
                             "(Tawlbwrdd: an OTEP engine; Reversi: a board-protocol engine; "
                             "tools/outside_engine.py)")
    parser.add_argument("--engine-time", type=float,
                        help="the seconds a move on the engine's clock (default: --time); "
                             "for a Reversi engine, how long to wait for its move")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--nodes", type=int, help="the node budget a move (both sides)")
    parser.add_argument("--time", type=float, help="seconds a move (both sides)")
    parser.add_argument("--opening", type=int, default=2, help="random plies to start from")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--level", default="druid")
    parser.add_argument("--log", help="append each game as a JSON line (and resume from it)")
    parser.add_argument("--verbose", action="store_true", help="a line per game on stderr")
    parser.add_argument("--part", type=part_of_match, default=(0, 1), metavar="K/N",
                        help="play only openings K, K+N, K+2N, ... (N processes, one log each)")
    parser.add_argument("--first-game", type=first_game, default=0, metavar="N",
                        help="skip the games numbered below N (even): carry a match on "
                             "whose earlier games are logged elsewhere")
    parser.add_argument("--report", nargs="+", metavar="LOG",
                        help="play nothing: report the whole opening pairs of these logs "
                             "(with --self-play: every game of these self-play logs)")
    parser.add_argument("--self-play", action="store_true",
                        help="this tree's Druid on both sides, each distinct opening once")
    parsed = parser.parse_args(argv)
    if parsed.nodes is not None and parsed.time is not None:
        parser.error("give --nodes or --time, not both")
    if parsed.first_game % 2 and not parsed.self_play:
        parser.error(f"--first-game {parsed.first_game}: give an even number, 0 or more "
                     "(a pair of games shares an opening)")
    if parsed.self_play and (parsed.against or parsed.engine):
        parser.error("--self-play plays this tree against itself: no --against or --engine")
    if (parsed.against is None) == (parsed.engine is None) and not parsed.report \
            and not parsed.self_play:
        parser.error("give --against COMMIT, --engine COMMAND or --self-play")
    from tools.outside_engine import ENGINE_PLAYERS

    if parsed.engine and parsed.game not in ENGINE_PLAYERS:
        parser.error(f"an outside engine plays {' or '.join(sorted(ENGINE_PLAYERS))} only "
                     "(OpenTafl's rules notation cannot say Brandubh's corner tour)")
    if parsed.engine_time is None:
        parsed.engine_time = parsed.time
    if parsed.engine and parsed.engine_time is None:
        parser.error("an outside engine needs its time a move: give --engine-time or --time")
    if parsed.nodes is None and parsed.time is None:
        parsed.nodes = 6000
    return parsed


def main(argv: list[str] | None = None) -> None:
    argv = sys.argv[1:] if argv is None else argv
    if argv == ["--serve"]:
        serve()
        return
    sys.path.insert(0, str(ROOT))
    args = parse(argv)
    if args.self_play:
        print(self_play_logs(args.game, args.report) if args.report else run_self_play(args))
        return
    label = args.against or "engine"
    print(report_logs(args.game, label, args.report) if args.report else run(args))


def self_play_logs(game_name: str, paths: list[str]) -> str:
    """The report of the self-play games in the logs at `paths`; plays nothing."""
    by_number: dict[int, dict[str, Any]] = {}
    for path in paths:
        for record in read_log(path):
            if record["i"] in by_number and by_number[record["i"]]["opening"] != \
                    record["opening"]:
                raise SystemExit(f"{path}: game {record['i']} is another game in an earlier log")
            by_number[record["i"]] = record
    header = f"{game_name}: self-play, {len(paths)} log(s): {len(by_number)} games"
    return header + "\n" + self_play_report(game_name, list(by_number.values()))


if __name__ == "__main__":
    main()
