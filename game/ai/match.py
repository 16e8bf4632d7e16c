"""AI against AI: the ladder behind `python -m game match`.

Player A takes the first side in even-numbered games and the second side in
odd ones, so both see both sides equally often.  With `opening` set, each pair
of games starts from the same few random plies (seeded): deterministic
players would otherwise play the same game again and again, and a pair
played from one opening with the sides swapped keeps the comparison fair.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from ..rules import start
from ..rules.record import Game
from .levels import start_search

# A game still going after this many plies is scored a draw (a tafl game in
# which neither side makes progress can otherwise wander for a long time).
PLY_CAP = 400


@dataclass
class MatchResult:
    game: str
    a: str
    b: str
    # results[(player, side)] counts "win" / "draw" / "loss" for that player
    results: Counter[tuple[str, str, str]] = field(default_factory=Counter)
    times: dict[str, list[float]] = field(default_factory=lambda: {"A": [], "B": []})
    capped: int = 0
    # how each game ended: (winning side or "draw", reason) -> games
    endings: Counter[tuple[str, str]] = field(default_factory=Counter)
    lengths: list[int] = field(default_factory=list)

    def score(self, player: str) -> float:
        """The share of points, a draw counting half."""
        won = sum(n for (p, _, r), n in self.results.items() if p == player and r == "win")
        drawn = sum(n for (p, _, r), n in self.results.items() if p == player and r == "draw")
        played = sum(n for (p, _, _), n in self.results.items() if p == player)
        return (won + drawn / 2) / played if played else 0.0

    def interval(self, player: str) -> tuple[float, float]:
        """A 95% confidence interval for `score` (Wilson's, over the games played)."""
        played = sum(n for (p, _, _), n in self.results.items() if p == player)
        return wilson_interval(self.score(player), played)


def wilson_interval(share: float, trials: int) -> tuple[float, float]:
    """A 95% confidence interval (Wilson's) for a share observed over `trials`."""
    if not trials:
        return 0.0, 1.0
    z = 1.96
    centre = (share + z * z / (2 * trials)) / (1 + z * z / trials)
    half = z * math.sqrt(share * (1 - share) / trials + z * z / (4 * trials * trials)) \
        / (1 + z * z / trials)
    return max(0.0, centre - half), min(1.0, centre + half)


def play_one(game_name: str, levels: dict[str, str], seed: int, *,
             nodes: int | None = None, seconds: float | None = None,
             on_move: Callable[[str, float], None] | None = None,
             opening: Game | None = None) -> Game:
    """One game; `levels` maps each side letter to a level name.  It goes on
    from `opening` (a copy of it) when given."""
    game = Game(start(game_name)) if opening is None else \
        Game(opening.start, opening.move_texts())
    while game.outcome() is None and game.ply < PLY_CAP:
        position = game.position
        history = game.repetition_keys()
        search = start_search(position, levels[position.side], history=history,
                              quiet_plies=game.quiet_plies(), seed=seed * 1000 + game.ply,
                              nodes=nodes, seconds=seconds)
        result = search.run()
        if on_move:
            on_move(position.side, result.seconds)
        game.play(result.move)
    return game


def random_opening(game_name: str, plies: int, seed: int) -> Game:
    """`plies` random legal moves from the start (fewer if the game ends)."""
    rng = random.Random(f"opening-{game_name}-{seed}")
    game = Game(start(game_name))
    while game.ply < plies and game.outcome() is None:
        game.play(rng.choice(game.legal_moves()))
    return game


def run_match(game_name: str, a: str, b: str, games: int, seed: int = 0, *,
              nodes: int | None = None, seconds: float | None = None,
              opening: int = 0) -> MatchResult:
    sides = start(game_name).SIDES
    match = MatchResult(game_name, a, b)
    for i in range(games):
        a_side = sides[i % 2]
        b_side = sides[1 - i % 2]
        players = {a_side: "A", b_side: "B"}

        def timed(side: str, seconds_used: float, players=players) -> None:
            match.times[players[side]].append(seconds_used)

        start_from = random_opening(game_name, opening, seed + i // 2) if opening else None
        game = play_one(game_name, {a_side: a, b_side: b}, seed + i, nodes=nodes,
                        seconds=seconds, on_move=timed, opening=start_from)
        outcome = game.outcome()
        match.lengths.append(game.ply)
        if outcome is None:
            match.capped += 1
            match.endings[("draw", "ply cap")] += 1
        else:
            match.endings[(outcome.winner or "draw", outcome.reason.value)] += 1
        for side, player in players.items():
            winner = outcome.winner if outcome else None
            result = "draw" if winner is None else "win" if winner == side else "loss"
            match.results[(player, side, result)] += 1
    return match


def report(match: MatchResult) -> str:
    lines = [f"{match.game}: A = {match.a}, B = {match.b}"]
    sides = start(match.game).SIDES
    for player in ("A", "B"):
        for side in sides:
            counts = [match.results[(player, side, r)] for r in ("win", "draw", "loss")]
            lines.append(f"{player} as {side}: wins {counts[0]}, draws {counts[1]}, "
                         f"losses {counts[2]}")
    for player in ("A", "B"):
        times = match.times[player] or [0.0]
        low, high = match.interval(player)
        lines.append(f"{player} score {100 * match.score(player):.1f}% (95% interval "
                     f"{100 * low:.0f}-{100 * high:.0f}%), move time mean "
                     f"{sum(times) / len(times):.3f} s, max {max(times):.3f} s")
    for (winner, reason), count in sorted(match.endings.items()):
        lines.append(f"ended {winner} by {reason}: {count}")
    lengths = sorted(match.lengths)
    if lengths:
        lines.append(f"plies: median {lengths[len(lengths) // 2]}, shortest {lengths[0]}, "
                     f"longest {lengths[-1]}")
    if match.capped:
        lines.append(f"{match.capped} game(s) reached {PLY_CAP} plies and count as draws")
    return "\n".join(lines)
