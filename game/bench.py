"""Benchmarks behind `python -m game bench …`; results go in docs/benchmarks.md.

Speed is measured here, never asserted in tests: the machine is shared and
noisy, so compare figures taken in one run.
"""

from __future__ import annotations

import random
import time

from .ai.levels import preload, start_search
from .ai.search import Search
from .ai.strategy import Limits, Tentative, strategy_for
from .rules import GAME_NAMES, start
from .rules.base import perft
from .rules.record import Game

# (game, depth, the leaf count docs/rules.md gives under Perft) for `bench perft`.
PERFT_RUNS = (
    ("brandubh", 4, 1_395_308),
    ("brandubh", 5, 64_815_228),
    ("tawlbwrdd", 3, 1_042_016),
    ("reversi", 9, 3_005_288),
    ("modiar", 5, 187),
)


def bench_perft() -> str:
    """Time perft from each start position; flag any count that disagrees."""
    lines = [f"{'game':<10} {'depth':>5} {'leaves':>10} {'seconds':>8} {'leaves/s':>11}  check"]
    for game, depth, expected in PERFT_RUNS:
        began = time.perf_counter()
        leaves = perft(start(game), depth)
        seconds = time.perf_counter() - began
        check = "ok" if leaves == expected else f"MISMATCH (expected {expected})"
        lines.append(f"{game:<10} {depth:>5} {leaves:>10} {seconds:>8.3f} "
                     f"{leaves / max(seconds, 1e-9):>11,.0f}  {check}")
    return "\n".join(lines)


def sample_positions(game: str, plies: tuple[int, ...] = (0, 12, 30), seed: int = 1) -> list:
    """Fixed positions of a game: its start, and after random opening plies."""
    rng = random.Random(seed)
    game_record = Game(start(game))
    found = []
    for ply in range(max(plies) + 1):
        if ply in plies:
            found.append(game_record.position)
        moves = game_record.legal_moves()
        if not moves:
            break
        game_record.play(rng.choice(moves))
    return found


Slices = tuple[float, float, int]  # the longest step by the clock, by CPU time, and the steps


def longest_slice(position, level: str, slice_seconds: float = 0.001) -> Slices:
    """Step a search as a frame loop would; the longest step and the step count."""
    return longest_step(start_search(position, level), slice_seconds)


def longest_step(stepper, slice_seconds: float = 0.001) -> Slices:
    """Step anything with `step(deadline)` and `done` (a search, an analysis) in
    slices; its longest step by the wall clock and by this thread's CPU time (on a
    loaded machine the clock also counts the time other processes took)."""
    longest = longest_cpu = 0.0
    steps = 0
    while not stepper.done:
        began, cpu = time.perf_counter(), time.thread_time()
        stepper.step(began + slice_seconds)
        longest = max(longest, time.perf_counter() - began)
        longest_cpu = max(longest_cpu, time.thread_time() - cpu)
        steps += 1
    return longest, longest_cpu, steps


def bench_yield() -> str:
    """The longest time the search keeps the caller, per game and level.

    Set up as the app is: the engines' tables loaded, then everything alive
    frozen out of the garbage collector's full passes (`App.__init__`).
    """
    import gc

    preload()
    gc.freeze()
    lines = [f"{'game':<10} {'level':<8} {'longest step (ms)':>18} {'CPU (ms)':>9} {'steps':>7}"]
    for game in GAME_NAMES:
        for level in ("bard", "ovate", "druid"):
            worst = worst_cpu = 0.0
            steps = 0
            # An odd ply too, so both sides' settings are measured (they differ
            # in Brandubh below the Druid).
            for position in sample_positions(game, (0, 12, 13, 30)):
                if position.legal_moves():
                    longest, cpu, count = longest_slice(position, level)
                    worst, worst_cpu = max(worst, longest), max(worst_cpu, cpu)
                    steps += count
            lines.append(f"{game:<10} {level:<8} {1000 * worst:>18.2f} {1000 * worst_cpu:>9.2f}"
                         f" {steps:>7}")
    # The Druid's analysis of a game, stepped as the board steps it after a game.
    for game in GAME_NAMES:
        longest, cpu, steps = longest_analysis_slice(analysis_sample(game))
        lines.append(f"{game:<10} {'analysis':<8} {1000 * longest:>18.2f} {1000 * cpu:>9.2f}"
                     f" {steps:>7}")
    return "\n".join(lines)


ANALYSIS_PLIES = 16  # moves of each sample game the analysis bench looks at
ANALYSIS_NODES = 5000


def analysis_sample(game: str, seed: int = 1) -> Game:
    """A fixed game for the analysis bench: a seeded game played out at random,
    of which the last ANALYSIS_PLIES moves are taken (for Reversi, the endgame the
    exact solver reaches; for Modiar, the ending the table and the solver value)."""
    rng = random.Random(seed)
    record = Game(start(game))
    while record.legal_moves() and record.ply < 400:
        record.play(rng.choice(record.legal_moves()))
    if record.ply <= ANALYSIS_PLIES:
        return record
    return Game(list(record.replay())[-ANALYSIS_PLIES - 1], record.move_texts()[-ANALYSIS_PLIES:])


def longest_analysis_slice(record: Game, slice_seconds: float = 0.001) -> Slices:
    """Step the Druid's analysis of `record` as the board steps it; the longest step."""
    from .ai.analysis import Analysis

    return longest_step(Analysis(record, nodes=ANALYSIS_NODES), slice_seconds)


def bench_ai() -> str:
    """Nodes per second and the depth reached in 1 s from fixed positions.

    Where the Druid answers from exact data (Modiar's table), a second line
    (`search`) times the midgame search it falls back on beyond its data.
    """
    lines = [f"{'game':<10} {'position':<13} {'depth':>5} {'nodes':>8} {'nodes/s':>9}  move"]
    for game in GAME_NAMES:
        for ply, position in zip((0, 12, 30), sample_positions(game), strict=False):
            if not position.legal_moves():
                continue
            runs = [(f"ply {ply}", start_search(position, "druid", seconds=1.0))]
            # (A forced move is played without a search: nothing to time.)
            if len(position.legal_moves()) > 1 and answered_from_data(position):
                search = Search(position, strategy_for(game),
                                limits=Limits(seconds=1.0, exact=False))
                runs.append((f"ply {ply} search", search))
            for label, player in runs:
                result = player.run()
                lines.append(f"{game:<10} {label:<13} {result.depth:>5} "
                             f"{result.nodes:>8} {result.nodes / max(result.seconds, 1e-9):>9,.0f}"
                             f"  {position.move_text(result.move)}")
    return "\n".join(lines)


def answered_from_data(position) -> bool:
    """Whether the Druid plays `position` from an exact search of its game's own
    (not one raced against the midgame search)."""
    exact = strategy_for(position.GAME).exact(position, Limits(), lambda: False, {})
    return exact is not None and not isinstance(exact, Tentative)


FRAMES_PER_SECOND = 60  # as run_native paces the window
SHARE_GAMES = ("brandubh", "tawlbwrdd", "reversi")  # Modiar's Druid reads a table: no search


def bench_frames(seconds: float = 4.0) -> str:
    """Frame times while the computer thinks, idle CPU, and the search's share
    of the wall clock through the app's loop against `python -m game ai`."""
    import os
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    return "\n\n".join([frame_times(seconds), idle_cpu(), search_share()])


def _app(board=None, every_frame: bool = False):
    """A headless app showing the menu, or a board scene for `board` (a Setup)."""
    from .platform.storage import MemoryStorage
    from .ui.app import App
    from .ui.board.scene import BoardScene
    from .ui.play import Play
    app = App((1280, 800), storage=MemoryStorage(), locale_name="en")
    app.draw_every_frame = every_frame
    if board is not None:
        app._push(BoardScene(app.ctx, Play(board)))
    return app


def frame_times(seconds: float) -> str:
    """Frame times of each board scene while the computer (Druid) thinks,
    frames run back to back (unpaced).

    The scene's first frame (fonts, the cached board, the engine's tables)
    is reported on its own; median and worst are over the frames after it.
    """
    from .ui.play import Setup
    lines = [f"{'game':<10} {'frames':>6} {'drawn':>6} {'first ms':>8} {'median ms':>9} "
             f"{'worst ms':>9}"]
    for game in GAME_NAMES:
        app = _app(Setup(game, "watch", "", "druid"))
        times = []
        end = time.perf_counter() + seconds
        while time.perf_counter() < end:
            began = time.perf_counter()
            app.step()
            times.append(time.perf_counter() - began)
        first, rest = times[0], sorted(times[1:])
        lines.append(f"{game:<10} {len(times):>6} {app.frames_drawn:>6} {1000 * first:>8.2f} "
                     f"{1000 * rest[len(rest) // 2]:>9.2f} {1000 * rest[-1]:>9.2f}")
    return "\n".join(lines)


def run_paced(app, until) -> tuple[float, float, int, int]:
    """Run the app's frames paced as `run_native` paces them until `until()`;
    (wall seconds, CPU seconds, frames, frames drawn)."""
    import pygame
    pacer = pygame.time.Clock()
    wall, cpu, drawn, frames = time.perf_counter(), time.process_time(), app.frames_drawn, 0
    while not until() and app.step():
        pacer.tick(FRAMES_PER_SECOND)
        frames += 1
    return (time.perf_counter() - wall, time.process_time() - cpu, frames,
            app.frames_drawn - drawn)


def _for(seconds: float):
    end = time.perf_counter() + seconds
    return lambda: time.perf_counter() >= end


def idle_cpu(seconds: float = 3.0) -> str:
    """CPU seconds per wall second of an idle menu and an idle board (the person
    to move, nothing touched), drawing only on change and drawing every frame."""
    from .ui.play import Setup
    lines = [f"{'scene':<16} {'drawing':<12} {'CPU s / s':>9} {'frames':>6} {'drawn':>6}"]
    idle = {"menu": None, "brandubh board": Setup("brandubh", "computer", "a", "druid"),
            "reversi board": Setup("reversi", "computer", "b", "druid")}
    for name, board in idle.items():
        for every_frame in (False, True):
            app = _app(board, every_frame)
            run_paced(app, _for(0.5))  # the first frames: fonts, cached boards
            wall, cpu, frames, drawn = run_paced(app, _for(seconds))
            how = "every frame" if every_frame else "on change"
            lines.append(f"{name:<16} {how:<12} {cpu / wall:>9.3f} {frames:>6} {drawn:>6}")
    return "\n".join(lines)


def search_share(repeats: int = 3) -> str:
    """The search's share of the wall clock while the computer thinks through
    the app's loop (paced, a game watched), with frames drawn on change and
    drawn every frame, two ways:

    - `in step`: the time spent inside the search's `step` calls over its wall
      clock, which a busy machine hardly moves (both are wall time);
    - `n/s share`: nodes per second through the app over nodes per second of
      the same search run alone (as `python -m game ai` runs it), which
      other work on the machine moves by ±10 points.

    Each is run `repeats` times in turn and the best kept: on a shared
    machine other work only ever slows a run down."""
    from .ui import play as play_module
    from .ui.play import Setup
    lines = [f"{'game':<10} {'in step':>7} {'n/s share':>9} {'every-frame in step':>19} "
             f"{'n/s share':>9} {'alone n/s':>9} {'drawn':>6}"]
    real_start = play_module.start_search
    searches: list = []
    stepping = [0.0]

    def recorded(*args, **kwargs):
        search = real_start(*args, **kwargs)
        real_step = search.step

        def timed_step(deadline):
            began = time.perf_counter()
            try:
                return real_step(deadline)
            finally:
                stepping[0] += time.perf_counter() - began
        search.step = timed_step
        searches.append(search)
        return search

    def through_app(game: str, every_frame: bool) -> tuple[float, float, int]:
        searches.clear()
        stepping[0] = 0.0
        app = _app(Setup(game, "watch", "", "druid"), every_frame)
        run_paced(app, lambda: bool(searches) and searches[0].done)
        result = searches[0].result()
        return stepping[0] / result.seconds, result.nodes / result.seconds, app.frames_drawn

    play_module.start_search = recorded
    try:
        for game in SHARE_GAMES:
            alone = new_step = new_rate = old_step = old_rate = 0.0
            for _ in range(repeats):
                alone_result = start_search(start(game), "druid").run()  # as `game ai` does
                alone = max(alone, alone_result.nodes / alone_result.seconds)
                step_share, rate, drawn = through_app(game, every_frame=False)
                new_step, new_rate = max(new_step, step_share), max(new_rate, rate)
                step_share, rate, _ = through_app(game, every_frame=True)
                old_step, old_rate = max(old_step, step_share), max(old_rate, rate)
            lines.append(f"{game:<10} {new_step:>7.0%} {new_rate / alone:>9.0%} "
                         f"{old_step:>19.0%} {old_rate / alone:>9.0%} {alone:>9,.0f} {drawn:>6}")
    finally:
        play_module.start_search = real_start
    return "\n".join(lines)
