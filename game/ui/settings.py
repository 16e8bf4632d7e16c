"""Settings: sound, move hints, animation speed, language, the evaluation bar.
Saved at once."""

from __future__ import annotations

from .choices import ChoiceScene
from .context import ANIMATION_SPEEDS, EVALUATION_CHOICES
from .i18n import LANGUAGES, t
from .scene import Pop
from .widgets import Button

LANGUAGE_NAMES = {"en": "English", "ga": "Gaeilge", "da": "Dansk"}


class SettingsScene(ChoiceScene):
    def __init__(self, ctx) -> None:
        super().__init__(ctx)
        self.setting_rows: list[tuple[str, list[Button]]] = [
            ("settings.sound", self._switch("sound")),
            ("settings.hints", self._switch("hints")),
            ("settings.animation", [Button(f"settings.anim_{speed}",
                                           self._set("animation", speed), name=f"anim-{speed}")
                                    for speed in ANIMATION_SPEEDS]),
            ("settings.language", [Button(LANGUAGE_NAMES[lang], self._set("language", lang),
                                          literal=True, name=f"lang-{lang}")
                                   for lang in LANGUAGES]),
            ("settings.evaluation", [Button(f"settings.{choice}",
                                            self._set("evaluation", choice),
                                            name=f"evaluation-{choice}")
                                     for choice in EVALUATION_CHOICES]),
        ]
        self.back = Button("settings.done", lambda: Pop(), name="done")
        self.footer = [self.back]

    def _switch(self, key: str) -> list[Button]:
        return [Button("settings.on", self._set(key, True), name=f"{key}-on"),
                Button("settings.off", self._set(key, False), name=f"{key}-off")]

    def _set(self, key: str, value):
        def choose() -> None:
            self.ctx.change(key, value)
            self.refresh()
        return choose

    def title(self) -> str:
        return t("settings.title")

    def rows(self) -> list[tuple[str, list[Button]]]:
        return self.setting_rows

    def is_selected(self, button: Button) -> bool:
        key, _, value = button.name.partition("-")
        settings = self.ctx.settings
        current = {"sound": "on" if settings["sound"] else "off",
                   "hints": "on" if settings["hints"] else "off",
                   "anim": settings["animation"], "lang": settings["language"],
                   "evaluation": settings["evaluation"]}[key]
        return value == current
