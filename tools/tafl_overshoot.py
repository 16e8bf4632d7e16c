"""How far the tafl Druid's shallow score lies from a deeper search's, on logged positions.

    python tools/tafl_overshoot.py GAME LOG... [--every 5] [--shallow 2] [--deep 4]
                                   [--limit 100] [--margin 400]

A search of 3-4 plies can score a king's sortie hundreds of points too high
when one blocking move refutes it.  This asks how often that happens: the
positions are every `every`-th ply of the games in `tools/druid_match.py`
logs; each is searched to `shallow` and to `deep` plies, by depth alone,
with the shipped weights, and the report gives the gap between the two
scores (from the defenders' side) and how many shallow scores favour the
defenders by `margin` or more over the deeper one.  Set `TREE` to a checkout
to measure another tree's shipped Druid (its own `game` package is imported;
the tag `dormant-experiments` holds the tafl threat terms this was written
to judge, as `THREAT_WEIGHTS`, which it then measures too).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys

sys.path.insert(0, os.environ.get("TREE", "."))

# A proven result's score is a win less its plies; it counts as this much.
CLAMP = 3000


def logged_positions(game_name: str, logs: list[str], every: int, limit: int) -> list:
    """(position, repetition history) at every `every`-th ply of the logged games."""
    from druid_match import read_log  # the match tool's reader says what is wrong with a log

    from game.rules import start
    from game.rules.record import Game

    found = []
    for log in logs:
        for record in read_log(log):
            game = Game(start(game_name))
            for ply, text in enumerate(record["moves"]):
                if ply >= every and ply % every == 0 and game.outcome() is None:
                    found.append((game.position, game.repetition_keys()))
                game.play_text(text)
    return found[:limit]


def defenders_score(position, history, strategy, depth: int) -> tuple[int, int]:
    """The search's score to `depth`, from the defenders' side, and its nodes."""
    from game.ai.search import Search
    from game.ai.strategy import Limits
    from game.rules.tafl import DEFENDERS

    result = Search(position, strategy, history=history, limits=Limits(depth=depth)).run()
    score = result.score if position.side == DEFENDERS else -result.score
    return max(-CLAMP, min(CLAMP, score)), result.nodes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("game")
    parser.add_argument("logs", nargs="+")
    parser.add_argument("--every", type=int, default=5)
    parser.add_argument("--shallow", type=int, default=2)
    parser.add_argument("--deep", type=int, default=4)
    parser.add_argument("--limit", type=int, default=100)
    parser.add_argument("--margin", type=int, default=400)
    args = parser.parse_args()
    import game.ai.levels  # noqa: F401  (registers every game's strategy)
    import game.ai.tafl as tafl
    from game.ai.strategy import strategy_for

    strategies = {"shipped": lambda: strategy_for(args.game)}
    if hasattr(tafl, "THREAT_WEIGHTS"):
        strategies["threat set"] = lambda: tafl.TaflStrategy(tafl.THREAT_WEIGHTS)
    positions = logged_positions(args.game, args.logs, args.every, args.limit)
    for name, make in strategies.items():
        gaps, nodes = [], 0
        for position, history in positions:
            shallow, n1 = defenders_score(position, history, make(), args.shallow)
            deep, n2 = defenders_score(position, history, make(), args.deep)
            gaps.append(shallow - deep)
            nodes += n1 + n2
        sizes = [abs(gap) for gap in gaps]
        print(f"{args.game} {name}: {len(gaps)} positions, depth {args.shallow} against "
              f"{args.deep}: mean gap {statistics.mean(sizes):.0f}, median "
              f"{statistics.median(sizes):.0f}; the defenders' side {args.margin} or more "
              f"too high {sum(gap >= args.margin for gap in gaps)}, too low "
              f"{sum(gap <= -args.margin for gap in gaps)}; {nodes:,} nodes")


if __name__ == "__main__":
    main()
