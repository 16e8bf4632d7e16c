"""Settings: sound, animation speed, language; and on three more pages the
board's options (which way up, coordinates, colours), its piece sets, and how
it helps the player (move hints, threat marks, the evaluation bar).  Saved at once."""

from __future__ import annotations

import pygame

from ..rules import start
from .board.games import game_ui
from .choices import ChoiceScene
from .context import ANIMATION_SPEEDS, EVALUATION_CHOICES, ORIENTATIONS, THREAT_MARKS
from .i18n import LANGUAGES, t
from .scene import Pop, Push
from .theme import BOARD_THEME_NAMES, PIECE_SETS
from .views.base import Marks
from .widgets import Button

LANGUAGE_NAMES = {"en": "English", "ga": "Gaeilge", "da": "Dansk"}
PREVIEW_GAMES = ("brandubh", "reversi", "modiar")  # a board of each family
# The settings whose buttons go by a shorter name (`anim-fast`, `theme-slate`).
SHORT_NAMES = {"anim": "animation", "lang": "language", "orient": "orientation",
               "theme": "board_theme"}


class SettingsPage(ChoiceScene):
    """A page of settings: each button sets one setting to one value (its
    name is `<short name>-<value>`), and shows as chosen while it holds."""

    def _choices(self, key: str, values, label: str, short: str = "") -> list[Button]:
        """A button for each of `values`, labelled `settings.<label>_<value>`
        and named `<short>-<value>` (`short` is `label` unless given)."""
        return [Button(f"settings.{label}_{value}", self._set(key, value),
                       name=f"{short or label}-{value}") for value in values]

    def _switch(self, key: str) -> list[Button]:
        return [Button("settings.on", self._set(key, True), name=f"{key}-on"),
                Button("settings.off", self._set(key, False), name=f"{key}-off")]

    def _set(self, key: str, value):
        def choose() -> None:
            self.ctx.change(key, value)
            self.refresh()
        return choose

    def is_selected(self, button: Button) -> bool:
        short, _, value = button.name.partition("-")
        current = self.ctx.settings.get(SHORT_NAMES.get(short, short))
        if isinstance(current, bool):
            current = "on" if current else "off"
        return value == str(current)


class SettingsScene(SettingsPage):
    def __init__(self, ctx) -> None:
        super().__init__(ctx)
        self.setting_rows: list[tuple[str, list[Button]]] = [
            ("settings.sound", self._switch("sound")),
            ("settings.animation", self._choices("animation", ANIMATION_SPEEDS, "anim")),
            ("settings.language", [Button(LANGUAGE_NAMES[lang], self._set("language", lang),
                                          literal=True, name=f"lang-{lang}")
                                   for lang in LANGUAGES]),
        ]
        self.board_button = Button("settings.board", lambda: Push(BoardSettingsScene(ctx)),
                                   name="board-settings")
        self.pieces_button = Button("settings.pieces",
                                    lambda: Push(BoardSettingsScene(ctx, "pieces")),
                                    name="pieces-settings")
        self.help_button = Button("settings.help", lambda: Push(BoardSettingsScene(ctx, "help")),
                                  name="help-settings")
        self.back = Button("settings.done", lambda: Pop(), name="done")
        self.footer = [self.board_button, self.pieces_button, self.help_button, self.back]

    def title(self) -> str:
        return t("settings.title")

    def rows(self) -> list[tuple[str, list[Button]]]:
        return self.setting_rows


class BoardSettingsScene(SettingsPage):
    """The board's options, on three pages: the board ("board": which way up,
    coordinates, colours), the pieces ("pieces": a set for each game family)
    and its help ("help": move hints, threat marks, the evaluation bar).  They
    apply to every board drawn from now on."""

    def __init__(self, ctx, part: str = "board") -> None:
        super().__init__(ctx)
        self.part = part
        if part == "board":
            self.setting_rows: list[tuple[str, list[Button]]] = [
                ("settings.orientation", self._choices("orientation", ORIENTATIONS, "orient")),
                ("settings.coordinates", self._switch("coordinates")),
                ("settings.board_theme", self._choices("board_theme", BOARD_THEME_NAMES,
                                                       "theme")),
            ]
        elif part == "help":
            self.setting_rows = [
                ("settings.hints", self._switch("hints")),
                ("settings.threats", self._choices("threats", THREAT_MARKS, "threats")),
                ("settings.evaluation",
                 [Button(f"settings.{choice}", self._set("evaluation", choice),
                         name=f"evaluation-{choice}") for choice in EVALUATION_CHOICES]),
            ]
        else:
            self.setting_rows = [(f"settings.pieces_{family}",
                                  self._choices(f"pieces_{family}", sets, "pieces",
                                                f"pieces_{family}"))
                                 for family, sets in PIECE_SETS.items()]
        self.back = Button("settings.done", lambda: Pop(), name="done")
        self.footer = [self.back]
        self.previews = [game_ui(game) for game in PREVIEW_GAMES]

    def title(self) -> str:
        return t(f"settings.{self.part}_title")

    def _preview_side(self, width: int) -> int:
        return max(0, min((width - 4 * self.unit) // 3, 7 * self.unit))

    def extra_room(self, width: int) -> int:
        return 0 if self.part == "help" else self._preview_side(width) + self.unit

    def draw(self, surface: pygame.Surface) -> None:
        """The rows, then a small board of each family at its start as the
        options draw it (turned only when "Flipped": "Auto" depends on the game)."""
        super().draw(surface)
        bottom = max(button.rect.bottom for _, row in self.setting_rows for button in row)
        side = self._preview_side(self.box.width - 2 * self.unit)
        room = self.back.rect.top - self.unit - (bottom + self.unit)
        if self.part == "help" or self.compact or not self.setting_rows[0][1][0].rect.width or \
                side < 4 * self.unit or room < side:
            return  # no room for the previews above Done
        gap = (self.box.width - 3 * side) // 4
        settings = self.ctx.settings
        for i, ui in enumerate(self.previews):
            area = pygame.Rect(self.box.left + gap + i * (side + gap),
                               bottom + self.unit, side, side)
            ui.view.set_look(settings["orientation"] == "flipped", settings["coordinates"])
            ui.view.layout(area)
            ui.draw(surface, start(PREVIEW_GAMES[i]), Marks(), None)

    def rows(self) -> list[tuple[str, list[Button]]]:
        return self.setting_rows
