"""Text tools over the engines: `python -m game perft|moves|apply|replay|ai|match|analyse|…`.

Every failure a user can cause (a bad code, an illegal move, a bad number)
ends with one line on stderr and exit status 2 — never a traceback.  A
command that runs to the end and finds a fault (`soak`) exits with status 1.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, NoReturn

from .ai.levels import LEVEL_NAMES, start_search
from .ai.match import report, run_match
from .rules import GAME_NAMES, SPECS, position_from, spec_of
from .rules.base import RulesError, perft
from .rules.record import Game
from .rules.spec import GameSpec
from .rules.transcript import MAX_RECORD_CHARS, is_link, is_transcript, move_label, read_shared
from .webbuild import add_options as add_build_web_options

if TYPE_CHECKING:
    from .ai.analysis import SideSummary

FOUND_FAULTS = 1
USAGE_ERROR = 2
MAX_SOAK_EVENTS = 10_000_000
MAX_PERFT_DEPTH = 30


def code_field_count(game: str) -> int | None:
    """How many fields `game`'s code has, counting the name (None: not a game's name).
    Lets an unquoted code typed as several arguments be put back together."""
    found = SPECS.get(game)
    return None if found is None else len(found.code_fields) + 1


class UsageError(Exception):
    """A command line that cannot be carried out; the message is one line."""


class FaultsFound(Exception):
    """A command ran to the end and found faults: its report, printed with status 1."""

    def __init__(self, report: str) -> None:
        super().__init__(report)
        self.report = report


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:  # one line, not argparse's usage block
        raise UsageError(message)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="python -m game", description="Táiplis engine tools.")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    cmd = commands.add_parser("perft", help="count the leaves of the move tree")
    cmd.add_argument("args", nargs="+", metavar="CODE|GAME DEPTH")
    cmd = commands.add_parser("moves", help="list the legal moves, sorted")
    cmd.add_argument("args", nargs="+", metavar="CODE|GAME")
    cmd = commands.add_parser("apply", help="play moves; print the code and the status "
                              "(with the no-progress count where the game has one)")
    cmd.add_argument("args", nargs="+", metavar="CODE|GAME|RECORD|FILE|- [MOVE ...]")
    cmd = commands.add_parser("replay", help="a game record: the code after each move")
    cmd.add_argument("file", metavar="FILE|-")
    cmd = commands.add_parser("ai", help="the computer's move in a position")
    cmd.add_argument("args", nargs="+", metavar="CODE|GAME")
    add_search_options(cmd)
    cmd.add_argument("--level", choices=LEVEL_NAMES, default="druid")
    cmd.add_argument("--quiet", type=int, default=0, metavar="PLIES",
                     help="plies in a row without progress that led to the position "
                          "(a code does not carry them; Brandubh draws after 100)")
    cmd = commands.add_parser("match", help="AI against AI, alternating sides")
    cmd.add_argument("game", choices=GAME_NAMES)
    cmd.add_argument("--a", choices=LEVEL_NAMES, default="druid")
    cmd.add_argument("--b", choices=LEVEL_NAMES, default="ovate")
    cmd.add_argument("--games", type=int, default=2)
    cmd.add_argument("--opening", type=int, default=0, metavar="PLIES",
                     help="start each pair of games from PLIES random moves")
    add_search_options(cmd)
    cmd = commands.add_parser("screenshots", help="write a PNG of every scene")
    cmd.add_argument("--out", default="screenshots")
    cmd = commands.add_parser("bench", help="benchmarks (docs/benchmarks.md)")
    cmd.add_argument("what", choices=["perft", "yield", "ai", "frames"])
    cmd = commands.add_parser("soak", help="random events through every scene; status 1 on "
                              "any error caught")
    cmd.add_argument("--events", type=int, default=10_000)
    cmd.add_argument("--seed", type=int, default=0)
    cmd.add_argument("--scene", help="storm one scene only: menu, setup, settings, rules, "
                     "code, or a game's board")
    add_analyse_command(commands)
    add_puzzles_command(commands)
    add_history_command(commands)
    cmd = commands.add_parser("build-web", help="the browser build: pygbag packs build/web/")
    add_build_web_options(cmd)
    return parser


def add_search_options(cmd: argparse.ArgumentParser) -> None:
    budget = cmd.add_mutually_exclusive_group()
    budget.add_argument("--nodes", type=int, help="stop after N nodes (deterministic)")
    budget.add_argument("--time", type=float, dest="seconds", help="stop after S seconds")
    cmd.add_argument("--seed", type=int, default=0)


def split_code(args: Sequence[str]) -> tuple[str, list[str]]:
    """The position code at the front of `args`, and the arguments after it.

    A quoted code is one argument; a game name followed by its other fields
    (an unquoted code) is joined back into one.
    """
    first, rest = args[0], list(args[1:])
    fields = code_field_count(first)
    if fields and rest and any(ch in rest[0] for ch in "/,"):
        return " ".join([first, *rest[:fields - 1]]), rest[fields - 1:]
    return first, rest


def cmd_perft(args: Sequence[str]) -> str:
    code, rest = split_code(args)
    if len(rest) != 1:
        raise UsageError("perft takes a code (or game name) and a depth")
    depth = parse_depth(rest[0])
    return str(perft(position_from(code), depth))


def parse_depth(text: str) -> int:
    if not (text.isascii() and text.isdigit()) or len(text) > 3 or int(text) > MAX_PERFT_DEPTH:
        raise UsageError(f"depth must be a whole number from 0 to {MAX_PERFT_DEPTH}")
    return int(text)


def cmd_moves(args: Sequence[str]) -> str:
    code, rest = split_code(args)
    if rest:
        raise UsageError("moves takes one position code (quote it) or a game name")
    position = position_from(code)
    return "\n".join(sorted(position.move_text(m) for m in position.legal_moves()))


def cmd_apply(args: Sequence[str]) -> str:
    """Moves played from a code or game name, or after a record's own moves."""
    record = record_argument(args[0])
    if record is not None:
        game, moves = read_shared(record), list(args[1:])
    else:
        code, moves = split_code(args)
        game = Game(position_from(code))
    say_rules_change(game)
    first = game.ply + 1
    for ply, text in enumerate(moves, first):
        try:
            game.play_text(text)
        except RulesError as error:
            raise RulesError(f"move {ply}: {error}") from None
    return f"{game.position.code()}\n{status(game)}"


def record_argument(arg: str) -> str | None:
    """The record `arg` stands for: `-` (standard input), a file, or a record,
    link or Reversi transcript written out; None for a code or a game name."""
    if arg == "-" or (arg.split(" ", 1)[0] not in SPECS and os.path.isfile(arg)):
        return read_record_file(arg)
    if "\n" in arg.strip() or is_link(arg) or is_transcript(arg):
        return arg
    return None


def read_record_file(path: str) -> str:
    """The text of a record file (`-`: standard input), or one line saying why not."""
    try:
        if path == "-":
            return sys.stdin.read(MAX_RECORD_CHARS + 1)
        with open(path, encoding="utf-8") as file:
            return file.read(MAX_RECORD_CHARS + 1)
    except UnicodeDecodeError:
        raise UsageError(f"{path}: not a text file (a record is UTF-8 text)") from None
    except OSError as error:
        raise UsageError(f"{path}: {error.strerror or 'cannot be read'}") from None


def cmd_replay(path: str) -> str:
    """Each move of a record with the code after it, tab-separated; the start
    code first and the status last."""
    game = read_shared(read_record_file(path))
    say_rules_change(game)
    replayed = Game(game.start)
    lines = [f"start\t\t{game.start.code()}"]
    for ply, (text, mark) in enumerate(zip(game.move_texts(), game.capture_marks(),
                                           strict=True), 1):
        label = move_label(replayed, ply)
        replayed.play_text(text)
        lines.append(f"{label}\t{text}{mark}\t{replayed.position.code()}")
    lines.append(status(game))
    return "\n".join(lines)


def cmd_ai(parsed: argparse.Namespace) -> str:
    code, rest = split_code(parsed.args)
    if rest:
        raise UsageError("ai takes one position code (quote it) or a game name")
    check_budget(parsed)
    position = position_from(code)
    check_quiet(parsed.quiet, spec_of(position))
    if not position.legal_moves():
        raise UsageError("the game is over in this position: there is no move to choose")
    result = start_search(position, parsed.level, quiet_plies=parsed.quiet, seed=parsed.seed,
                          nodes=parsed.nodes, seconds=parsed.seconds).run()
    return "\n".join([position.move_text(result.move), f"score: {result.score}",
                      f"depth: {result.depth}", f"nodes: {result.nodes}",
                      f"seconds: {result.seconds:.3f}"])


def cmd_match(parsed: argparse.Namespace) -> str:
    check_budget(parsed)
    if not 1 <= parsed.games <= 10_000:
        raise UsageError("--games must be between 1 and 10000")
    if not 0 <= parsed.opening <= 40:
        raise UsageError("--opening must be between 0 and 40 plies")
    match = run_match(parsed.game, parsed.a, parsed.b, parsed.games, parsed.seed,
                      nodes=parsed.nodes, seconds=parsed.seconds, opening=parsed.opening)
    return report(match)


def cmd_soak(parsed: argparse.Namespace) -> str:
    if not 1 <= parsed.events <= MAX_SOAK_EVENTS:
        raise UsageError(f"--events must be between 1 and {MAX_SOAK_EVENTS}")
    for name, value in (("SDL_VIDEODRIVER", "dummy"), ("SDL_AUDIODRIVER", "dummy"),
                        ("PYGAME_HIDE_SUPPORT_PROMPT", "1")):
        os.environ.setdefault(name, value)  # headless, set before pygame starts
    from .soak import SCENES, soak  # imports pygame: only for this command
    if parsed.scene is not None and parsed.scene not in SCENES:
        raise UsageError(f"--scene must be one of {', '.join(SCENES)}")
    summary = soak(parsed.events, parsed.seed, parsed.scene)
    if summary.errors:
        raise FaultsFound(summary.report())
    return summary.report()


def add_analyse_command(commands: argparse._SubParsersAction) -> None:
    cmd = commands.add_parser("analyse", help="the Druid's verdict on every move of a game "
                              "record (FILE, or - for standard input)")
    cmd.add_argument("record", metavar="FILE|-")
    cmd.add_argument("--nodes", type=int, default=None,
                     help="nodes per position (an exact search gets ten times as many)")
    cmd.add_argument("--json", action="store_true", help="one JSON object a line")


def cmd_analyse(parsed: argparse.Namespace) -> str:
    """One line per move: the move, its mark, the Druid's best move and both values."""
    import json

    from .ai.analysis import DEFAULT_NODES, Analysis, summarise, unit_of

    nodes = DEFAULT_NODES if parsed.nodes is None else parsed.nodes
    if nodes < 1:
        raise UsageError("--nodes must be a positive whole number")
    game = read_shared(read_record_file(parsed.record))
    say_rules_change(game)
    moves = Analysis(game, nodes=nodes).run()
    sides = summarise(moves, game.start.SIDES)
    if parsed.json:
        summary = {"summary": [side.as_dict() for side in sides]}
        return "\n".join(json.dumps(row, ensure_ascii=False)
                         for row in [*(move.as_dict() for move in moves), summary])
    unit = unit_of(game.game).name
    return "\n".join([*(
        f"{m.ply:>3}. {m.side} {m.move:<9} {m.mark:<2}  best {m.best:<9} "
        f"{m.value_before:>8} -> {m.value_after:<8} {unit}{'  exact' if m.exact else ''}"
        for m in moves), summary_line(sides)])


def summary_line(sides: list[SideSummary]) -> str:
    """`analyse`'s last line: per side its moves, each mark's count and its accuracy."""
    def side_text(side: SideSummary) -> str:
        marks = ", ".join(f"{mark} {count}" for mark, count in side.counts.items())
        accuracy = "-" if side.accuracy is None else f"{side.accuracy}%"
        return f"{side.side}: moves {side.moves}, {marks}, exact {side.exact}, " \
            f"accuracy {accuracy}"

    return "summary  " + "; ".join(side_text(side) for side in sides)


def check_quiet(quiet: int, spec: GameSpec) -> None:
    """`--quiet` must be a count the game keeps, below the count that ends it."""
    limit = spec.no_progress_plies
    if quiet and limit is None:
        raise UsageError(f"--quiet: {spec.name} has no draw for plies without progress")
    if limit is not None and not 0 <= quiet < limit:
        raise UsageError(f"--quiet must be from 0 to {limit - 1}: {limit} plies without "
                         "progress draw the game")


def add_puzzles_command(commands: argparse._SubParsersAction) -> None:
    cmd = commands.add_parser("puzzles", help="the shipped puzzles: export them one a line, "
                              "or prove every one again (status 1 if any fails)")
    cmd.add_argument("action", choices=["export", "verify"])
    cmd.add_argument("--game", choices=GAME_NAMES, help="only this game's puzzles")
    cmd.add_argument("--json", action="store_true", help="export: one JSON object a line")


def cmd_puzzles(parsed: argparse.Namespace) -> str:
    """`export`: every shipped puzzle, one a line; `verify`: each proven again."""
    import json

    from .puzzles import load, load_all
    from .puzzles.verify import verify

    puzzles = load(parsed.game) if parsed.game else load_all()
    if parsed.action == "export":
        if parsed.json:
            return "\n".join(json.dumps(p.as_dict()) for p in puzzles)
        return "\n".join("\t".join((p.id, p.goal, str(p.depth), str(p.rating),
                                    "-" if p.value is None else str(p.value),
                                    " ".join(p.solution), p.code)) for p in puzzles)
    if parsed.json:
        raise UsageError("--json goes with export")
    failed = [f"{v.puzzle_id}: {v.reason}" for v in map(verify, puzzles) if not v.ok]
    summary = f"{len(puzzles) - len(failed)} of {len(puzzles)} puzzles proven"
    if failed:
        raise FaultsFound("\n".join([*failed, summary]))
    return summary


def add_history_command(commands: argparse._SubParsersAction) -> None:
    cmd = commands.add_parser("history", help="the finished games the app keeps on this "
                              "computer: export them as one text of records")
    cmd.add_argument("action", choices=["export"])
    cmd.add_argument("--out", metavar="FILE", help="write the records to FILE (default: "
                     "print them)")


def cmd_history(parsed: argparse.Namespace) -> str:
    """Every kept game's record, oldest first, a blank line between them: the
    text the History scene's Export button gives."""
    from .history import export_text, load_history
    from .platform.storage import default_storage

    storage = default_storage()
    games = load_history(storage)
    for notice in storage.notices:  # a damaged history: said, and the rest exported
        print(f"warning: {notice}", file=sys.stderr)
    text = export_text(games)
    if parsed.out is None:
        return text
    try:
        with open(parsed.out, "w", encoding="utf-8") as out:
            out.write(text + "\n" if text else "")
    except OSError as error:
        raise UsageError(f"cannot write {parsed.out}: {error.strerror}") from None
    return f"{len(games)} games written to {parsed.out}"


def check_budget(parsed: argparse.Namespace) -> None:
    if parsed.nodes is not None and parsed.nodes < 1:
        raise UsageError("--nodes must be a positive whole number")
    if parsed.seconds is not None and not 0 < parsed.seconds <= 3600:
        raise UsageError("--time must be a number of seconds above 0 and at most 3600")


def status(game: Game) -> str:
    """`ongoing`, `draw` or `win:SIDE`; in a game with a no-progress limit,
    followed by the count: `quiet N/LIMIT`, the plies in a row without
    progress (no capture, no new corner) that LIMIT of them draw."""
    outcome = game.outcome()
    text = "ongoing" if outcome is None else outcome.status
    limit = game.spec.no_progress_plies
    return text if limit is None else f"{text} quiet {game.quiet_plies()}/{limit}"


def say_rules_change(game: Game) -> None:
    """Tell, on stderr, how today's rules cut a game read from an earlier
    edition of them (the output itself stays the code and the status)."""
    change = game.rules_change
    if change is None:
        return
    dropped = f"; its {change.moves_dropped} later move(s) were not replayed" \
        if change.moves_dropped else ""
    ending = f"; its ending ({change.ending_dropped.reason.value}) came too late" \
        if change.ending_dropped else ""
    print(f"note: the game was played under edition {change.edition} of the {game.game} "
          f"rules; today's rules end it after move {move_label(game, change.ply)} "
          f"({change.outcome.status} {change.outcome.reason.value}){dropped}{ending}",
          file=sys.stderr)


def run(argv: Sequence[str]) -> str:
    parsed = build_parser().parse_args(argv)
    if parsed.command == "perft":
        return cmd_perft(parsed.args)
    if parsed.command == "moves":
        return cmd_moves(parsed.args)
    if parsed.command == "apply":
        return cmd_apply(parsed.args)
    if parsed.command == "replay":
        return cmd_replay(parsed.file)
    if parsed.command == "ai":
        return cmd_ai(parsed)
    if parsed.command == "match":
        return cmd_match(parsed)
    if parsed.command == "screenshots":
        from .ui.screenshots import write_screenshots
        return "\n".join(write_screenshots(parsed.out))
    if parsed.command == "build-web":
        from .webbuild import WebBuildError, build_web
        try:
            return build_web(out=parsed.out, base_url=parsed.base_url).summary()
        except WebBuildError as error:
            raise UsageError(str(error)) from None
    if parsed.command == "bench":
        from . import bench
        return {"perft": bench.bench_perft, "yield": bench.bench_yield,
                "ai": bench.bench_ai, "frames": bench.bench_frames}[parsed.what]()
    if parsed.command == "soak":
        return cmd_soak(parsed)
    if parsed.command == "analyse":
        return cmd_analyse(parsed)
    if parsed.command == "history":
        return cmd_history(parsed)
    if parsed.command == "puzzles":
        return cmd_puzzles(parsed)
    return build_parser().format_help() + f"\nGames: {', '.join(GAME_NAMES)}"


OPEN_OPTION = "--open"


def open_window(record_file: str | None) -> int:
    """The desktop app; with `--open FILE`, started on that record's game
    (`--open LINK`: a friend's link, applied to the games with friends).  A
    file that cannot be read or holds no game is said in the app, over its
    menu, as a player who opened it by mistake needs to see it."""
    from .ui.start import run_native  # the window; imports pygame only now
    return run_native(open_file=record_file)


def main(argv: Sequence[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if not argv:
        return open_window(None)
    if argv[0] == OPEN_OPTION:
        if len(argv) != 2:
            print(f"error: {OPEN_OPTION} takes one record file or friend's link",
                  file=sys.stderr)
            return USAGE_ERROR
        return open_window(argv[1])
    try:
        output = run(argv)
    except FaultsFound as faults:
        print(faults.report)
        return FOUND_FAULTS
    except (RulesError, UsageError) as error:
        print(f"error: {error}", file=sys.stderr)
        return USAGE_ERROR
    except RecursionError:
        print("error: the request is too large", file=sys.stderr)
        return USAGE_ERROR
    if output:
        try:
            print(output)
        except BrokenPipeError:  # the reader stopped early (`| head`): not an error
            sys.stdout = open(os.devnull, "w")  # noqa: SIM115  (for the exit's quiet flush)
    return 0
