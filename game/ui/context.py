"""What every scene shares: storage, settings, sounds, notices, clipboard."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from ..platform import IS_WEB
from ..platform.storage import Storage
from . import i18n
from .sound import Sounds
from .theme import BOARD_THEME_NAMES, PIECE_SETS, use_board_look

DEFAULT_SETTINGS: dict[str, Any] = {
    "sound": True,
    "hints": True,  # legal destinations shown when a piece is selected
    "animation": "normal",  # off | fast | normal | slow
    "language": None,  # chosen from the locale on first start
    "threats": "auto",  # the beginner's threat marks: auto (against the Bard) | on | off
    # The board: which way up (auto: flipped when a person plays the computer
    # with the second side), the coordinates round it, its colours, its pieces.
    "orientation": "auto",
    "coordinates": True,
    "board_theme": BOARD_THEME_NAMES[0],
    **{f"pieces_{family}": sets[0] for family, sets in PIECE_SETS.items()},
    # The evaluation bar beside the board: off, on (in a game against the
    # computer once it is over), or always.
    "evaluation": "off",
}
ORIENTATIONS = ("auto", "normal", "flipped")
ANIMATION_SPEEDS = {"off": 0.0, "fast": 0.5, "normal": 1.0, "slow": 1.8}
THREAT_MARKS = ("auto", "on", "off")
BEGINNERS_LEVEL = "bard"  # where the threat marks are on unless the player says otherwise
EVALUATION_CHOICES = ("off", "on", "always")


@dataclass
class Context:
    storage: Storage
    sounds: Sounds
    settings: dict[str, Any] = field(default_factory=dict)
    notices: list[str] = field(default_factory=list)
    # The notice the app has on screen (None: none), so a scene can make room for it.
    notice_shown: str | None = None
    is_web: bool = IS_WEB
    frame_began: float = 0.0  # perf_counter() when the app began the current frame
    # Where the app's chance comes from (a new game's seed, a side drawn at random):
    # the soak run seeds it, so that one seed always plays the same games.
    rng: random.Random = field(default_factory=random.Random)
    # The computer's budget in search nodes instead of its levels' clocks (None):
    # the soak run sets it, so that what the computer plays does not depend on
    # how fast the machine is.
    search_nodes: int | None = None
    # Whether a frame's share of searching ends by the wall clock (players) or
    # only when the node budget does (the soak run: how many frames a search
    # spans must not depend on the machine's speed either, or one seed would
    # not give one run).
    search_slices_by_clock: bool = True

    def load_settings(self, locale_name: str | None) -> None:
        self.settings = stored_settings(self.storage.load("settings"), locale_name)
        self.apply_settings()

    def apply_settings(self) -> None:
        i18n.set_language(self.settings["language"])
        self.sounds.enabled = bool(self.settings["sound"])
        use_board_look(self.settings["board_theme"],
                       {family: self.settings[f"pieces_{family}"] for family in PIECE_SETS})

    def change(self, key: str, value: Any) -> None:
        self.settings[key] = value
        self.apply_settings()
        # Read again first: another tab may have changed other settings meanwhile.
        stored = self.storage.load("settings")
        kept = stored if isinstance(stored, dict) and stored else self.settings
        self.storage.save("settings", {**kept, key: value})

    @property
    def animation_scale(self) -> float:
        return ANIMATION_SPEEDS.get(self.settings.get("animation"), 1.0)

    def threat_marks(self, mode: str, level: str) -> bool:
        """Whether the board marks threats (pieces in danger, the king's open
        lines, what a sowing would take) for a game played in `mode` at
        `level`: as the player set it, or by default against the Bard only."""
        chosen = self.settings.get("threats", "auto")
        if chosen == "auto":
            return mode == "computer" and level == BEGINNERS_LEVEL
        return chosen == "on"

    def notify(self, text: str) -> None:
        """Queue a notice for the player; one already waiting is not queued twice."""
        if text not in self.notices:
            self.notices.append(text)

    def take_storage_notices(self) -> None:
        """Move storage problems (damaged saves, a full or refused store, a save
        changed in another tab) into the notices shown to the player."""
        for notice in self.storage.notices:
            kind, _, key = notice.partition(":")
            self.notify(i18n.t(f"notice.{kind}", what=i18n.t(f"storage.{key}"))
                        if key else i18n.t(f"notice.{kind}"))
        self.storage.notices.clear()


def stored_settings(stored: Any, locale_name: str | None) -> dict[str, Any]:
    """The settings `stored` holds (what is missing or invalid there at its
    default), the language the locale's on first start."""
    settings = dict(DEFAULT_SETTINGS)
    if isinstance(stored, dict):
        settings.update({k: v for k, v in stored.items()
                         if k in DEFAULT_SETTINGS and _valid(k, v)})
    if settings["language"] is None:
        settings["language"] = i18n.pick_language(locale_name)
    return settings


def _valid(key: str, value: Any) -> bool:
    if key in ("sound", "hints", "coordinates"):
        return isinstance(value, bool)
    if key == "orientation":
        return value in ORIENTATIONS
    if key == "board_theme":
        return value in BOARD_THEME_NAMES
    if key.startswith("pieces_"):
        return value in PIECE_SETS[key.removeprefix("pieces_")]
    if key == "animation":
        return value in ANIMATION_SPEEDS
    if key == "language":
        return value in i18n.LANGUAGES
    if key == "threats":
        return value in THREAT_MARKS
    if key == "evaluation":
        return value in EVALUATION_CHOICES
    return False
