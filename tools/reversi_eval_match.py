"""The Druid with the pattern evaluation against the Druid with the classic one.

Run from the repository root::

    nice -n 10 python tools/reversi_eval_match.py [--games 40] [--seconds 2] [--opening 4]
    nice -n 10 python tools/reversi_eval_match.py --nodes 4000   # equal nodes instead

Both players are the real Druid (`start_search(..., "druid")`: the same
search, move ordering and exact endgame solver); only the evaluation differs
(`reversi.evaluate_bits` is swapped before each move; the classic one,
`tools/reversi_classic.py`, is the evaluation the game had before the
patterns).  Equal time: first each
evaluation's native speed is measured in this run (nodes per CPU second over
the bench positions, the two interleaved), then every move of a player gets a
node budget of `seconds` x its own nodes/s — deterministic games, fair to the
slower evaluation.  Each opening (`--opening` random plies, seeded; seeds
whose opening repeats an earlier one are skipped, so all differ) is played
twice, colours swapped.  Prints each game as it ends and the score with a
Wilson 95% interval.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai import reversi as rv
from game.ai.levels import start_search
from game.ai.match import MatchResult, random_opening, report
from game.bench import sample_positions
from tools import reversi_classic as classic

EVALUATIONS = {"A": rv.evaluate_bits, "B": classic.evaluate}  # A: patterns, B: classic


def nodes_per_second(rounds: int = 2, nodes: int = 20_000) -> dict[str, float]:
    """Each evaluation's Druid nodes per CPU second, measured turn about."""
    counted = {player: [0, 0.0] for player in EVALUATIONS}
    for _ in range(rounds):
        for player, evaluation in EVALUATIONS.items():
            rv.evaluate_bits = evaluation
            for position in sample_positions("reversi"):
                began = time.process_time()
                result = start_search(position, "druid", nodes=nodes).run()
                counted[player][0] += result.nodes
                counted[player][1] += time.process_time() - began
    rv.evaluate_bits = EVALUATIONS["A"]
    return {player: n / max(t, 1e-9) for player, (n, t) in counted.items()}


def distinct_openings(count: int, plies: int, seed: int) -> list[int]:
    """Seeds of `count` random openings that all reach different positions."""
    seeds, seen, candidate = [], set(), seed
    while len(seeds) < count:
        key = random_opening("reversi", plies, candidate).position.key
        if key not in seen:
            seen.add(key)
            seeds.append(candidate)
        candidate += 1
    return seeds


def play(games: int, budgets: dict[str, int], opening: int, seed: int) -> MatchResult:
    match = MatchResult("reversi", "druid (patterns)", "druid (classic)")
    seeds = distinct_openings((games + 1) // 2, opening, seed)
    for i in range(games):
        game = random_opening("reversi", opening, seeds[i // 2])
        sides = {"b": "A", "w": "B"} if i % 2 == 0 else {"b": "B", "w": "A"}
        while game.outcome() is None:
            player = sides[game.position.side]
            rv.evaluate_bits = EVALUATIONS[player]
            began = time.process_time()
            result = start_search(game.position, "druid", history=game.repetition_keys(),
                                  nodes=budgets[player]).run()
            match.times[player].append(time.process_time() - began)
            game.play(result.move)
        rv.evaluate_bits = EVALUATIONS["A"]
        outcome = game.outcome()
        match.lengths.append(game.ply)
        match.endings[(outcome.winner or "draw", outcome.reason.value)] += 1
        for side, player in sides.items():
            verdict = "draw" if outcome.winner is None else \
                "win" if outcome.winner == side else "loss"
            match.results[(player, side, verdict)] += 1
        black, white = game.position.counts()
        print(f"game {i + 1}: patterns as {'black' if sides['b'] == 'A' else 'white'}, "
              f"{black}-{white}; patterns score so far {100 * match.score('A'):.1f}%",
              flush=True)
    return match


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--opening", type=int, default=4)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--nodes", type=int, default=None,
                        help="equal nodes instead: this budget a move for both")
    args = parser.parse_args()
    if args.nodes:
        budgets = {"A": args.nodes, "B": args.nodes}
        print(f"equal nodes: {args.nodes:,} a move for both", flush=True)
    else:
        rates = nodes_per_second()
        budgets = {player: round(args.seconds * rate) for player, rate in rates.items()}
        print(f"nodes per CPU second: patterns {rates['A']:,.0f}, classic {rates['B']:,.0f} "
              f"(ratio {rates['A'] / rates['B']:.2f}); budgets a move at {args.seconds} s: "
              f"patterns {budgets['A']:,}, classic {budgets['B']:,}", flush=True)
    print(report(play(args.games, budgets, args.opening, args.seed)))


if __name__ == "__main__":
    main()
