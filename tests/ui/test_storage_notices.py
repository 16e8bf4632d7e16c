"""What the player sees when storage fails: a full store is told once and the
game goes on; a game changed in another tab is told and not overwritten."""

from __future__ import annotations

import json
import random

from game.platform.storage import LocalStorage
from game.ui.board.scene import BoardScene
from game.ui.i18n import t

from ..web.test_storage import FakeLocalStorage
from .driver import make_app, settle, steps
from .test_app import play_move_by_hand, start_game


def told(app) -> list[str]:
    """Every notice queued so far, in order (the app shows them one by one)."""
    return app.ctx.told


def recording(app) -> None:
    app.ctx.told = []
    real = app.ctx.notify

    def notify(text: str) -> None:
        app.ctx.told.append(text)
        real(text)
    app.ctx.notify = notify


def modiar_move(app, scene: BoardScene) -> None:
    """One move by the mouse, whichever side is to move on one device."""
    before = scene.play.game.ply
    play_move_by_hand(app, scene, random.Random(before), "mouse")
    settle(app)
    assert scene.play.game.ply == before + 1


def test_a_full_storage_is_told_once_and_the_game_goes_on(monkeypatch):
    area = FakeLocalStorage()
    app = make_app(monkeypatch, storage=LocalStorage(area))
    recording(app)
    scene = start_game(app, "modiar", "hotseat")
    modiar_move(app, scene)
    kept = dict(area.items)
    # Full from here on, even for a value a little shorter than the kept one
    # (the clock's digits in `saved_at` vary in number).
    area.quota = sum(len(k) + len(v) for k, v in area.items.items()) - 40
    for _ in range(3):
        modiar_move(app, scene)
    steps(app, 2)
    assert told(app) == [t("notice.storage_full")]  # once, however many moves
    assert app.scene is scene and scene.play.game.ply == 4  # the game went on
    assert area.items == kept  # what was kept is still there
    assert app.errors == []


def test_a_game_changed_in_another_tab_is_told_and_kept(monkeypatch):
    area = FakeLocalStorage()
    first = make_app(monkeypatch, storage=LocalStorage(area))
    second = make_app(monkeypatch, storage=LocalStorage(area))  # the same page in a second tab
    recording(second)
    ours = start_game(first, "modiar", "hotseat")
    theirs = start_game(second, "modiar", "hotseat")
    modiar_move(first, ours)
    modiar_move(second, theirs)
    steps(second, 2)
    assert told(second) == [t("notice.other_tab", what=t("storage.autosave.modiar"))]
    slot = json.loads(area.items["taiplis.autosave.modiar"])["data"]
    aside = json.loads(area.items["taiplis.autosave.modiar.other-tab"])["data"]
    assert slot["game"] == ours.play.game.to_dict()  # the first tab's game, not overwritten
    assert aside["game"] == theirs.play.game.to_dict()  # the second tab's, kept beside it
    assert first.errors == [] and second.errors == []
