"""The Druid's analysis of finished games, kept beside the history, so a game
opened again shows its analysis at once instead of searching it again.

What is kept is the value of each position of the game (its best move as
text, the value, whether it is exact): the verdict on each move follows from
those by the analysis's own judging, which takes no search.  The analyses of
the newest `ANALYSES_LIMIT` games are kept (they are larger than the records).
No pygame here.
"""

from __future__ import annotations

import zlib
from typing import Any

from ..ai.analysis import Analysis, PositionValue
from ..platform.storage import Storage
from ..rules.base import RulesError
from ..rules.record import Game
from . import load_history

ANALYSES_KEY = "analyses"
ANALYSES_LIMIT = 60


def moves_check(game: Game) -> str:
    """A short fingerprint of the game's moves: an analysis is used only for
    the moves it was made for (a game taken back and ended again differs)."""
    return f"{zlib.crc32(' '.join(game.move_texts()).encode('utf-8')):08x}"


def stored_analysis(game: Game, analysis: Analysis) -> dict[str, Any]:
    """A finished analysis of `game` as plain data."""
    values = []
    for position, value in zip(analysis.positions, analysis.values, strict=True):
        assert value is not None, "only a finished analysis is kept"
        best = None if value.best is None else position.move_text(value.best)
        values.append([best, value.value, value.exact])
    return {"moves": moves_check(game), "nodes": analysis.nodes, "values": values}


def restored_analysis(game: Game, data: Any) -> Analysis | None:
    """The finished analysis of `game` from `stored_analysis`'s data, judged
    again from the kept values (no search); None when the data does not fit."""
    if not isinstance(data, dict) or data.get("moves") != moves_check(game) \
            or not isinstance(data.get("nodes"), int) or data["nodes"] < 1:
        return None
    analysis = Analysis(game, nodes=data["nodes"])
    values = data.get("values")
    if not isinstance(values, list) or len(values) != len(analysis.positions):
        return None
    try:
        analysis.values[:] = [_value(position, item)
                              for position, item in zip(analysis.positions, values, strict=True)]
    except (RulesError, TypeError, ValueError):
        return None
    analysis.run()  # every position has its value: this only judges the moves
    return analysis


def _value(position, item: Any) -> PositionValue:
    best, value, exact = item
    if not isinstance(value, int | float) or isinstance(value, bool) \
            or not isinstance(exact, bool):
        raise ValueError("a kept value is damaged")
    if best is None:
        return PositionValue(None, value, exact)
    move = position.parse_move(best)
    if move not in position.legal_moves():
        raise ValueError("a kept best move is not legal")
    return PositionValue(move, value, exact)


def keep_analysis(storage: Storage, game_id: str, data: dict[str, Any]) -> bool:
    """Keep the analysis of the history's game `game_id` (the newest last; the
    oldest beyond the limit dropped).  False when that game is not in the
    history, or the analysis could not be written for good."""
    if all(entry.game_id != game_id for entry in load_history(storage)):
        return False
    kept = _load(storage)
    kept.pop(game_id, None)
    kept[game_id] = data
    newest = dict(list(kept.items())[-ANALYSES_LIMIT:])
    return storage.save(ANALYSES_KEY, {"games": newest})


def kept_analysis(storage: Storage, game_id: str) -> Any | None:
    """The kept data of `game_id`'s analysis, or None."""
    return _load(storage).get(game_id)


def _load(storage: Storage) -> dict[str, Any]:
    data = storage.load(ANALYSES_KEY)
    games = data.get("games") if isinstance(data, dict) else None
    if data is not None and not isinstance(games, dict):
        storage.set_aside(ANALYSES_KEY, f"damaged:{ANALYSES_KEY}")
        return {}
    return dict(games or {})

