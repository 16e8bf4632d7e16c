"""AI against AI: the ladder behind `python -m game match`.

Player A takes the first side in even-numbered games and the second side in
odd ones, so both see both sides equally often.
"""

from __future__ import annotations

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

    def score(self, player: str) -> float:
        """The share of points, a draw counting half."""
        won = sum(n for (p, _, r), n in self.results.items() if p == player and r == "win")
        drawn = sum(n for (p, _, r), n in self.results.items() if p == player and r == "draw")
        played = sum(n for (p, _, _), n in self.results.items() if p == player)
        return (won + drawn / 2) / played if played else 0.0


def play_one(game_name: str, levels: dict[str, str], seed: int, *,
             nodes: int | None = None, seconds: float | None = None,
             on_move: Callable[[str, float], None] | None = None) -> Game:
    """One game; `levels` maps each side letter to a level name."""
    game = Game(start(game_name))
    while game.outcome() is None and game.ply < PLY_CAP:
        position = game.position
        history = game.repetition_keys()
        search = start_search(position, levels[position.side], history=history,
                              seed=seed * 1000 + game.ply, nodes=nodes, seconds=seconds)
        result = search.run()
        if on_move:
            on_move(position.side, result.seconds)
        game.play(result.move)
    return game


def run_match(game_name: str, a: str, b: str, games: int, seed: int = 0, *,
              nodes: int | None = None, seconds: float | None = None) -> MatchResult:
    sides = start(game_name).SIDES
    match = MatchResult(game_name, a, b)
    for i in range(games):
        a_side = sides[i % 2]
        b_side = sides[1 - i % 2]
        players = {a_side: "A", b_side: "B"}

        def timed(side: str, seconds_used: float, players=players) -> None:
            match.times[players[side]].append(seconds_used)

        game = play_one(game_name, {a_side: a, b_side: b}, seed + i, nodes=nodes,
                        seconds=seconds, on_move=timed)
        outcome = game.outcome()
        if outcome is None:
            match.capped += 1
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
        lines.append(f"{player} score {100 * match.score(player):.1f}%, move time mean "
                     f"{sum(times) / len(times):.3f} s, max {max(times):.3f} s")
    if match.capped:
        lines.append(f"{match.capped} game(s) reached {PLY_CAP} plies and count as draws")
    return "\n".join(lines)
