"""New-game setup: who plays (computer, two players, computer vs computer),
the person's side, and the computer's level."""

from __future__ import annotations

import random

from ..rules import start
from .board.scene import SIDE_NAMES, BoardScene
from .choices import ChoiceScene
from .i18n import t
from .play import MODES, Play, Setup, resolve_side
from .scene import Pop, Replace, Transition
from .widgets import Button

LEVELS = ("bard", "ovate", "druid")


class SetupScene(ChoiceScene):
    subtitle_key = "setup.title"

    def __init__(self, ctx, game: str) -> None:
        super().__init__(ctx)
        self.game = game
        self.sides = start(game).SIDES
        self.choice = {"mode": "computer", "level": "ovate",
                       "side": self.sides[1] if game == "brandubh" else self.sides[0]}
        self.mode_buttons = [Button(f"mode.{m}", self._set("mode", m), name=f"mode-{m}")
                             for m in MODES]
        self.side_buttons = [Button(SIDE_NAMES[s], self._set("side", s), name=f"side-{s}")
                             for s in self.sides]
        self.side_buttons.append(Button("side.random", self._set("side", "random"),
                                        name="side-random"))
        self.level_buttons = [Button(f"level.{lv}", self._set("level", lv), name=f"level-{lv}")
                              for lv in LEVELS]
        self.start_button = Button("setup.start", self.begin, name="start")
        self.back_button = Button("setup.back", lambda: Pop(), name="back")
        self.footer = [self.back_button, self.start_button]

    def _set(self, field: str, value: str):
        def choose() -> None:
            self.choice[field] = value
            self.refresh()
        return choose

    def title(self) -> str:
        return t(f"game.{self.game}")

    def rows(self) -> list[tuple[str, list[Button]]]:
        rows = [("setup.mode", self.mode_buttons)]
        if self.choice["mode"] == "computer":
            rows.append(("setup.side", self.side_buttons))
        if self.choice["mode"] != "hotseat":
            rows.append(("setup.level", self.level_buttons))
        return rows

    def all_buttons(self) -> list[Button]:
        return [*self.mode_buttons, *self.side_buttons, *self.level_buttons]

    def is_selected(self, button: Button) -> bool:
        field, _, value = button.name.partition("-")
        return self.choice[field] == value

    def begin(self) -> Transition:
        rng = random.Random()
        mode = self.choice["mode"]
        side = resolve_side(self.choice["side"], self.sides, rng) if mode == "computer" else ""
        setup = Setup(self.game, mode, side, self.choice["level"], seed=rng.randrange(1 << 30))
        return Replace(BoardScene(self.ctx, Play(setup)))
