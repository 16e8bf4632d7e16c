"""The string catalogues and `t(key, **values)`.

One JSON catalogue per language (`en.json`, …) maps namespaced keys
(`menu.play`) to text with `{name}` placeholders; the lessons' texts, keys
`lesson.*`, live in a file of their own per language (`lessons_en.json`, …)
and are merged into it.  A plural entry is an object
of forms chosen by the `count` value: English and Danish use `one`/`other`;
Irish uses `one`, `two`, `few`, `many` and `other`, chosen by the number's last
digits (see `plural_form`).
A key missing from a catalogue falls back to English, then shows `⟦key⟧` so a
test can find it.
"""

from __future__ import annotations

import contextlib
import json
from pathlib import Path
from typing import Any

LANGUAGES = ("en", "ga", "da")
MISSING = "⟦{key}⟧"
_FOLDER = Path(__file__).parent
# The files of one language's catalogue, merged in this order.
_FILES = ("{language}.json", "lessons_{language}.json")
# The mark before a number's decimals where a language does not write a point
# (Danish writes 3,5).
_DECIMAL_MARKS = {"da": ","}
_catalogues: dict[str, dict[str, Any]] = {}
_language = "en"


def catalogue_paths(language: str) -> list[Path]:
    """The files that make up the catalogue of `language`."""
    return [_FOLDER / name.format(language=language) for name in _FILES]


def catalogue(language: str) -> dict[str, Any]:
    """The catalogue of `language`, loaded once from all its files (those
    missing or unreadable add nothing; {} if there are none)."""
    if language not in _catalogues:
        merged: dict[str, Any] = {}
        for path in catalogue_paths(language):
            with contextlib.suppress(OSError, ValueError):
                merged.update(json.loads(path.read_text(encoding="utf-8")))
        _catalogues[language] = merged
    return _catalogues[language]


def set_language(language: str) -> None:
    global _language
    _language = language if language in LANGUAGES else "en"


def language() -> str:
    return _language


def plural_form(language: str, count: int) -> str:
    """Which form of a plural entry `count` takes in `language`."""
    if language == "ga":
        return _irish_form(count)
    return "one" if count == 1 else "other"


def _irish_form(count: int) -> str:
    """An Irish noun after a number mutates as its last digit asks: 13 is
    "trí chloch déag" like 3, 27 "seacht gcloch is fiche" like 7.  So `one`
    (1, 11, 21 …), `two` (2, 12, 22 …), `few` (3–6, 13–16, 23–26 …, lenition),
    `many` (7–10, 17–19, 27–29 …, eclipsis) and `other` for 0, 20, 30, 100 …,
    after which the noun keeps its plain form ("fiche cloch")."""
    units, last_two = abs(count) % 10, abs(count) % 100
    if units == 0:
        return "many" if last_two == 10 else "other"
    if units == 1:
        return "one"
    if units == 2:
        return "two"
    return "few" if units <= 6 else "many"


def t(key: str, **values: Any) -> str:
    """The text for `key` in the current language, with `values` filled in."""
    entry = catalogue(_language).get(key)
    lang = _language
    if entry is None:
        entry, lang = catalogue("en").get(key), "en"
    if entry is None:
        return MISSING.format(key=key)
    if isinstance(entry, dict):
        count = int(values.get("count", 0))
        entry = entry.get(plural_form(lang, count)) or entry.get("other", "")
    try:
        return entry.format(**values)
    except (KeyError, IndexError, ValueError):
        return entry


def decimal(value: float, places: int = 1, *, signed: bool = False) -> str:
    """`value` with `places` decimals as the language writes it (+3.5, +3,5)."""
    text = f"{value:+.{places}f}" if signed else f"{value:.{places}f}"
    return text.replace(".", _DECIMAL_MARKS.get(_language, "."))


def side_name(side: str) -> str:
    """The name of the side whose letter is `side` (a letter of its game's spec
    `sides`: each letter names one side across all the games)."""
    return t(f"side.{side}")


def pick_language(locale_name: str | None) -> str:
    """The first-start language from a locale like `ga_IE.UTF-8` or `da-DK`."""
    if locale_name:
        code = locale_name.replace("-", "_").split("_")[0].lower()
        if code in LANGUAGES:
            return code
    return "en"
