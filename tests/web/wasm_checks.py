"""The engines' checks, run inside Pyodide (CPython on WebAssembly) by test_wasm.py.

The same script also runs natively (`python tests/web/wasm_checks.py`): that
run is the reference the WebAssembly results must equal.  Each check prints
one line, `WASM-RESULT {json}`; an exception fails the run.

Only the pure-Python parts are used — `game.rules`, `game.ai`,
`game.platform.storage` and `game.ui.play` — and pygame must never be imported.
Settings arrive as JSON in the global CHECK_ARGS (Pyodide) or the environment
variable of that name (natively).
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import sys
import time

ARGS = json.loads(globals().get("CHECK_ARGS") or os.environ.get("CHECK_ARGS") or "{}")


def report(check: str, **values) -> None:
    print("WASM-RESULT " + json.dumps({"check": check, **values}), flush=True)


def check_environment() -> None:
    import game.platform

    report("environment", platform=sys.platform, python=sys.version.split()[0],
           is_web=game.platform.IS_WEB)


def check_perft() -> None:
    from game.rules import start
    from game.rules.base import perft

    for name, depth in ARGS.get("perft", {}).items():
        started = time.perf_counter()
        leaves = perft(start(name), depth)
        report("perft", game=name, depth=depth, leaves=leaves,
               seconds=time.perf_counter() - started)


def check_codes() -> None:
    """Every position along a random game survives code → position → code."""
    from game.rules import GAME_NAMES, from_code, start
    from game.rules.base import CodeError

    rng = random.Random(ARGS.get("seed", 0))
    for name in GAME_NAMES:
        position, codes = start(name), []
        for _ in range(ARGS.get("code_plies", 60)):
            code = position.code()
            again = from_code(code)
            assert again.code() == code, (code, again.code())
            assert sorted(map(position.move_text, position.legal_moves())) == \
                sorted(map(again.move_text, again.legal_moves())), code
            codes.append(code)
            moves = position.legal_moves()
            if position.outcome() is not None or not moves:
                break
            position = position.play(rng.choice(list(moves))).position
        try:
            from_code(f"{name} this is not a position")
        except CodeError:
            rejected = True
        else:
            rejected = False
        report("codes", game=name, codes=codes, rejects_garbage=rejected)


def check_ai_games() -> None:
    """One whole game per game, Ovate against Ovate, bounded by nodes (deterministic)."""
    from game.ai.match import play_one
    from game.rules import GAME_NAMES, start

    nodes, seed = ARGS.get("nodes", 1000), ARGS.get("seed", 0)
    for name in GAME_NAMES:
        started = time.perf_counter()
        game = play_one(name, {side: "ovate" for side in start(name).SIDES}, seed, nodes=nodes)
        outcome = game.outcome()
        report("ai_game", game=name, moves=game.move_texts(), plies=game.ply,
               status=outcome.status if outcome else None,
               reason=outcome.reason.name if outcome else None,
               seconds=time.perf_counter() - started)


async def cooperative_search(name: str, nodes: int) -> dict:
    """A search advanced one frame slice at a time, while 'frames' keep coming."""
    from game.ai.levels import start_search
    from game.rules import start

    # druid: no depth cap, so the node budget alone decides how long it runs
    search = start_search(start(name), "druid", nodes=nodes, seed=ARGS.get("seed", 0))
    frames = {"count": 0, "during_search": 0}
    steps, longest = 0, 0.0
    searching = True

    async def frame_clock() -> None:  # stands in for drawing: must keep running
        while searching:
            frames["count"] += 1
            await asyncio.sleep(0)

    clock = asyncio.ensure_future(frame_clock())
    longest_slice = 0  # nodes: the work a frame may wait for, whatever the machine's load
    while True:
        started, nodes_before = time.perf_counter(), search.nodes
        # A deadline already reached: each step is the one slice a step always
        # runs, so its node count is the most a frame can be held up by.
        done = search.step(started)
        longest = max(longest, time.perf_counter() - started)
        longest_slice = max(longest_slice, search.nodes - nodes_before)
        steps += 1
        before = frames["count"]
        await asyncio.sleep(0)  # every frame yields to the event loop
        frames["during_search"] += frames["count"] > before
        if done:
            break
    searching = False
    await clock
    result = search.result()
    return {"game": name, "move": start(name).move_text(result.move), "score": result.score,
            "nodes": result.nodes, "depth": result.depth, "steps": steps,
            "frames": frames["count"], "frames_between_steps": frames["during_search"],
            "longest_step_seconds": longest, "longest_slice_nodes": longest_slice}


def check_cooperative_search() -> None:
    from game.rules import GAME_NAMES

    async def main() -> None:  # shaped like main.py: asyncio.run(main()) drives it
        for name in GAME_NAMES:
            report("cooperative", **await cooperative_search(name, ARGS.get("coop_nodes", 3000)))

    asyncio.run(main())


def check_storage() -> None:
    """The autosave and settings through LocalStorage and back, as JSON text."""
    from game.platform.storage import BrowserStorageArea, LocalStorage
    from game.rules import GAME_NAMES
    from game.ui.play import Play, Setup

    try:
        import fake_browser  # the JavaScript object test harness registers (Pyodide)

        area = BrowserStorageArea(fake_browser.localStorage)
        where = "javascript"
    except ImportError:
        class Area(dict):
            def getItem(self, key):
                return self.get(key)

            def setItem(self, key, value):
                self[key] = str(value)

            def removeItem(self, key):
                self.pop(key, None)

        area, where = Area(), "python"
    storage = LocalStorage(area)
    rng = random.Random(ARGS.get("seed", 0))
    for name in GAME_NAMES:
        play = Play(Setup(name, mode="hotseat", seed=7))
        for _ in range(12):
            moves = play.game.legal_moves()
            if play.game.outcome() is not None or not moves:
                break
            play.play(rng.choice(moves))
        storage.save("autosave", play.to_dict())
        loaded = Play.from_dict(LocalStorage(area).load("autosave"))  # as after a reload
        assert loaded.game.move_texts() == play.game.move_texts()
        assert loaded.position.code() == play.position.code()
    storage.save("settings", {"sound": False, "language": "ga", "animation": "fast"})
    settings = LocalStorage(area).load("settings")
    assert settings == {"sound": False, "language": "ga", "animation": "fast"}, settings
    area.setItem("taiplis.settings", "{damaged")
    again = LocalStorage(area)
    assert again.load("settings") is None and again.notices == ["damaged:settings"]
    assert area.getItem("taiplis.settings.damaged") == "{damaged"
    assert area.getItem("taiplis.settings") is None
    if where == "javascript":
        check_default_storage_in_a_page(fake_browser.localStorage)
    report("storage", area=where, games=list(GAME_NAMES))


def check_default_storage_in_a_page(js_local_storage) -> None:
    """What the app gets from default_storage() without a page, and with one."""
    import platform
    from types import SimpleNamespace

    from game.platform.storage import LocalStorage, MemoryStorage, default_storage

    assert isinstance(default_storage(), MemoryStorage)  # Node: no window, nothing kept
    platform.window = SimpleNamespace(localStorage=js_local_storage)  # as pygbag sets it
    try:
        storage = default_storage()
        assert isinstance(storage, LocalStorage), storage
        storage.save("settings", {"sound": True})
        assert default_storage().load("settings") == {"sound": True}
        assert default_storage().load("never-saved") is None
    finally:
        del platform.window


def main() -> None:
    checks = [check_environment, check_perft, check_codes, check_ai_games,
              check_cooperative_search, check_storage]
    wanted = ARGS.get("checks")
    for check in checks:
        if wanted is None or check.__name__.removeprefix("check_") in wanted:
            check()
    report("pygame", imported="pygame" in sys.modules)


main()
