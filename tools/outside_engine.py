"""Outside engines as players of `druid_match.py`: tafl engines over OTEP,
Reversi engines over a board protocol of this tool's own (`BoardEnginePlayer`).

OTEP, the OpenTafl Engine Protocol, is how OpenTafl talks to tafl engines:
lines of text on the engine's stdin and stdout.  OpenTafl can itself run as
such an engine (`--engine`), so this is how the Druid meets OpenTafl's Java
engine, with this tree's rules as the referee:

    python tools/druid_match.py tawlbwrdd --engine "java -cp ... OpenTafl --engine" \\
        --time 2 --engine-time 11 --games 20 --log otep.jsonl

Here the match plays the host's part: for each game a fresh engine process
gets the rules (`rules`), every move it has not made itself with the
position after it (`opponent-move`), its clock (`clock`) and its side
(`play`), and answers `move a1-a4`.  Its move is checked against this tree's
rules like any player's.

The rules go in OpenTafl's rules notation.  Only Tawlbwrdd can be said in it:
Brandubh's king wins by touring the corners, which the notation has no word
for.  Where OpenTafl's rules differ from ours the referee's (ours) decide:
a position's second occurrence draws here, its third there; defenders left
without a move draw here, and lose there.

That the two rule sets agree otherwise is checked, not assumed:

    python tools/outside_engine.py crosscheck --classpath CP --games 200

replays random games of ours in OpenTafl's own rules engine (the Java
program beside this file, compiled against OpenTafl's classes at `CP`) and
compares the position after every move and how each game ended.

A Reversi engine gets the whole board and the side to move each time and
answers with its move; `tools/egaroucid_web.js` puts Egaroucid for Web
behind that protocol (a web engine with levels: level 5 searches five plies,
with a pattern evaluation):

    python tools/druid_match.py reversi --engine "node tools/egaroucid_web.js DIR 7" \\
        --time 2 --engine-time 30 --games 20 --log egaroucid.jsonl
"""

from __future__ import annotations

import argparse
import math
import os
import queue
import random
import shlex
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from game.rules.record import Game
    from game.rules.reversi import ReversiPosition
    from game.rules.tafl import TaflPosition

# Our rules (docs/rules.md, Tawlbwrdd) as OpenTafl rules-notation entries: the
# king escapes to the edge, attackers move first, the king is armed, taken by
# two in the open and by four (the empty castle counting as one) on or beside
# the castle; the corners are ordinary squares; the empty castle is hostile to
# every piece, the occupied one to the attackers; every piece may pass over it
# and none stop on it (the king's start on it is the start's own); no rule of
# surrounding a whole side.  OpenTafl counts passing over the castle as
# entering it again, so `cenre` must allow everyone; only `cens` forbids.
TAWLBWRDD_ENTRIES = ("esc:e surf:n atkf:y tfr:d ka:y ks:c nj:n cj:n cor: "
                     "cenhe:tcnkmTCNKM cenh:tcnkm cenp:tcnkmTCNKM cens: cenre:tcnkmTCNKM")
# The games OpenTafl's rules notation can say (Brandubh's corner tour it cannot).
OPENTAFL_ENTRIES = {"tawlbwrdd": TAWLBWRDD_ENTRIES}

OTEP_LETTERS = {"A": "t", "D": "T", "K": "K"}  # OpenTafl: attackers lower case
SIDE_WORDS = {"a": "attackers", "d": "defenders"}
GRACE_SECONDS = 60.0  # beyond its clock (a JVM starting on a loaded machine): it hangs


def position_record(position: TaflPosition) -> str:
    """The board as an OpenTafl position record: rank 1 first, file a first."""
    size, board = position.rules.size, position.board
    rows = []
    for rank in range(1, size + 1):
        row = board[(size - rank) * size:(size - rank + 1) * size]
        text, empty = "", 0
        for square in row:
            if square in OTEP_LETTERS:
                text += (str(empty) if empty else "") + OTEP_LETTERS[square]
                empty = 0
            else:
                empty += 1
        rows.append(text + (str(empty) if empty else ""))
    return "/" + "/".join(rows) + "/"


def rules_record(game_name: str) -> str:
    """This game's rules in OpenTafl's notation, or SystemExit saying why not."""
    from game.rules import start

    if game_name not in OPENTAFL_ENTRIES:
        raise SystemExit(f"{game_name}: OpenTafl's rules notation cannot say this game's rules "
                         "(only Tawlbwrdd can be played against an OTEP engine)")
    first = start(game_name)
    return (f"dim:{first.rules.size} name:{game_name.title()} "
            f"{OPENTAFL_ENTRIES[game_name]} start:{position_record(first)}")


class LineEngine:
    """An outside engine's process, talking in lines of text both ways.

    It says `hello` when ready and `goodbye` ends it; lines it prints that are
    not the word awaited are its own logs.  A thread reads its output, so that
    waiting for a line can time out: `seconds` (its time a move) and
    GRACE_SECONDS more.
    """

    def __init__(self, command: str, seconds: float) -> None:
        self.command = shlex.split(command)
        self.seconds = seconds
        self.process: subprocess.Popen[str] | None = None
        self.lines: queue.Queue[str | None] = queue.Queue()  # its output, read by a thread

    def _start(self) -> None:
        self.close()
        self.process = subprocess.Popen(self.command, stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, text=True)
        self.lines = queue.Queue()
        threading.Thread(target=self._pump, args=(self.process.stdout, self.lines),
                         daemon=True).start()
        self._read_command("hello")

    @staticmethod
    def _pump(stream, lines: queue.Queue[str | None]) -> None:
        for line in stream:
            lines.put(line)
        lines.put(None)  # the engine closed its output

    def _send(self, line: str) -> None:
        assert self.process is not None and self.process.stdin is not None
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def _read_command(self, word: str) -> str:
        """The next line that is the command `word`; an `error` line, an engine
        that stops or one silent for its time and GRACE_SECONDS more stops the
        match."""
        assert self.process is not None
        while True:
            try:
                line = self.lines.get(timeout=self.seconds + GRACE_SECONDS)
            except queue.Empty:
                self.close()
                raise RuntimeError(f"the engine sent no {word!r} in "
                                   f"{self.seconds + GRACE_SECONDS:.0f} s") from None
            if line is None:
                raise RuntimeError(f"the engine stopped (exit {self.process.wait()})")
            line = line.strip()
            if line == word or line.startswith(word + " "):
                return line
            if line.startswith("error "):
                raise RuntimeError(f"the engine reports: {line}")

    def close(self) -> None:
        """Say goodbye to the engine (killing it if it does not go)."""
        if self.process is None:
            return
        process, self.process = self.process, None
        try:
            process.stdin.write("goodbye\n")  # type: ignore[union-attr]
            process.stdin.close()  # type: ignore[union-attr]
            process.wait(timeout=10)
        except (OSError, ValueError, subprocess.TimeoutExpired):
            process.kill()
            process.wait()
        if process.stdout is not None:
            process.stdout.close()


class EnginePlayer(LineEngine):
    """An OTEP engine answering `druid_match.play`'s requests like a `Player`.

    `seconds` is the overtime period its clock shows each move (it has no main
    time): OpenTafl spends that less three quarters of a second, at most its
    own think-time setting (10 s unless its settings file says otherwise).
    """

    TIME_NOTE = "{} s on its clock"

    def __init__(self, command: str, game_name: str, seconds: float) -> None:
        super().__init__(command, seconds)
        self.rules = rules_record(game_name)
        self.known: list[str] = []  # the moves the engine's own game holds

    def ask(self, request: dict[str, Any]) -> dict[str, Any]:
        """The engine's move in the request's game (start code and moves so far),
        with the seconds it took; a game it does not hold starts a fresh engine."""
        from game.rules.record import Game

        moves = request["moves"]
        if self.process is None or moves[:len(self.known)] != self.known:
            self._new_game()
        game = Game(request["start"], self.known)
        for move in moves[len(self.known):]:
            game.play_text(move)
            self._send(f"opponent-move {move} {position_record(game.position)}")
            self.known.append(move)
        # The clock goes before `play`, though OTEP has the host send it after:
        # OpenTafl plans a move with the last clock it had when `play` came.
        self._send(f"clock 0 0 {math.ceil(self.seconds)} 1000 1000")
        began = time.perf_counter()
        self._send(f"play {SIDE_WORDS[game.position.side]}")
        move = self._read_command("move").split()[1]
        self.known.append(move)
        return {"move": move, "seconds": time.perf_counter() - began}

    def _new_game(self) -> None:
        self._start()
        self._send(f"rules {self.rules}")
        self.known = []


class BoardEnginePlayer(LineEngine):
    """A Reversi engine over the board protocol, answering like a `Player`.

    The board protocol is this tool's own, the least an engine that takes a
    board and a side needs (tools/egaroucid_web.js fronts one with it):

        engine: hello                      when ready (other lines are its logs)
        host:   play b ...........................WB......BW...........................
        engine: move d3
        host:   goodbye                    at the end of the match

    `play` gives the side to move (`b`, `w`) and the 64 squares row by row
    from a1 (the top left, as docs/rules.md writes Reversi), `B`, `W` or `.`.
    A position where the only move is a pass is never sent: this tree's rules
    pass for the engine, so it needs no rules of its own.  `seconds` is only
    how long to wait for a move (with GRACE_SECONDS more): an engine playing
    at a fixed level keeps to its own limits.
    """

    TIME_NOTE = "waits up to {} s a move"

    def __init__(self, command: str, game_name: str, seconds: float) -> None:
        # `game_name` (Reversi, the one game the protocol speaks) is taken
        # only so that both players are built alike from ENGINE_PLAYERS.
        super().__init__(command, seconds)

    def ask(self, request: dict[str, Any]) -> dict[str, Any]:
        """The engine's move in the request's game (start code and moves so far),
        with the seconds it took."""
        from game.rules.record import Game

        position = Game(request["start"], request["moves"]).position
        moves = [position.move_text(move) for move in position.legal_moves()]
        if moves == ["pass"]:
            return {"move": "pass", "seconds": 0.0}
        if self.process is None:
            self._start()
        began = time.perf_counter()
        self._send(f"play {position.side} {board_text(position)}")
        move = self._read_command("move").split()[1]
        return {"move": move, "seconds": time.perf_counter() - began}


def board_text(position: ReversiPosition) -> str:
    """A Reversi position's 64 squares for the board protocol: its code's BOARD
    field expanded, a1 first."""
    from game.rules.codes import parse_board

    return parse_board(position.code().split(" ")[1], 8, "BW", rows_from_top=True)


# The games an outside engine can play here, and the protocol each is played over.
ENGINE_PLAYERS = {"tawlbwrdd": EnginePlayer, "reversi": BoardEnginePlayer}


# --- the rules checked against OpenTafl's own engine ------------------------------------

PROBE = Path(__file__).resolve().parent / "opentafl" / "RulesCheck.java"
OPENTAFL_ENDINGS = {"2": "a", "3": "d", "4": "draw"}  # its result codes for a game over
GOING_ON = ("0", "1")  # its result codes for a good move in a game going on
RANDOM_GAME_PLIES = 300


def random_games(game_name: str, count: int, seed: int) -> list[Game]:
    """`count` games of uniformly random legal moves, to their end or the ply limit."""
    from game.rules import start
    from game.rules.record import Game

    rng = random.Random(seed)
    games = []
    for _ in range(count):
        game = Game(start(game_name).code())
        while game.outcome() is None and game.ply < RANDOM_GAME_PLIES:
            game.play(rng.choice(game.position.legal_moves()))
        games.append(game)
    return games


def compare(games: list[Game], output: str) -> tuple[list[str], Counter]:
    """The differences between our games and OpenTafl's replay of them
    (`RulesCheck`'s output), and a count of (our ending, its ending) pairs.
    A repetition draw at the second occurrence is ours alone (OpenTafl's is
    at the third): such a game going on there is no difference."""
    from game.rules.base import Reason

    differences: list[str] = []
    endings: Counter = Counter()
    blocks = output.split("end\n")
    for number, game in enumerate(games):
        rows = [line.split(" ", 1) for line in blocks[number].splitlines()] \
            if number < len(blocks) else []
        moves = game.move_texts()
        replay = list(game.replay())[1:]  # the position after each move
        if len(rows) != len(moves):
            differences.append(f"game {number}: {len(rows)} positions for {len(moves)} moves")
            continue
        for ply, ((result, record), position) in enumerate(zip(rows, replay, strict=True)):
            refused = result.startswith("-")
            ended_early = ply < len(moves) - 1 and result not in GOING_ON
            if record != position_record(position) or refused or ended_early:
                differences.append(f"game {number}, move {ply + 1} ({moves[ply]}): OpenTafl "
                                   f"{result} {record}, ours {position_record(position)}")
                break
        else:
            outcome = game.outcome()
            theirs = OPENTAFL_ENDINGS.get(rows[-1][0], "going on")
            ours = "going on" if outcome is None else outcome.winner or "draw"
            if ours != theirs and not (outcome and outcome.reason is Reason.REPETITION):
                differences.append(f"game {number}: ours {ours}, OpenTafl {theirs}")
            reason = f" by {outcome.reason.value}" if outcome else ""
            endings[(ours + reason, theirs)] += 1
    return differences, endings


def crosscheck(classpath: str, games: int, seed: int) -> str:
    """Our random Tawlbwrdd games replayed by OpenTafl's rules engine, compared."""
    played = random_games("tawlbwrdd", games, seed)
    with tempfile.TemporaryDirectory(prefix="opentafl-check-") as temp:
        subprocess.run(["javac", "-nowarn", "-cp", classpath, "-d", temp, str(PROBE)],
                       check=True)
        lines = [rules_record("tawlbwrdd")] + [" ".join(g.move_texts()) for g in played]
        output = subprocess.run(["java", "-cp", os.pathsep.join([classpath, temp]),
                                 "RulesCheck"], input="\n".join(lines) + "\n",
                                stdout=subprocess.PIPE, text=True, check=True).stdout
    differences, endings = compare(played, output)
    plies = sum(game.ply for game in played)
    lines = [f"{games} random games, {plies} moves: {len(differences)} games differ"]
    lines += differences[:10]
    lines += [f"  ours {ours}, OpenTafl {theirs}: {count}"
              for (ours, theirs), count in sorted(endings.items())]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Check our Tawlbwrdd rules against OpenTafl's.")
    parser.add_argument("command", choices=["crosscheck"])
    parser.add_argument("--classpath", required=True,
                        help="OpenTafl's compiled classes and the jars they need")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    print(crosscheck(args.classpath, args.games, args.seed))


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    main()
