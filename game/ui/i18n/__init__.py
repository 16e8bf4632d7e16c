"""The string catalogues and `t(key, **values)`.

One JSON catalogue per language (`en.json`, …) maps namespaced keys
(`menu.play`) to text with `{name}` placeholders.  A plural entry is an object
of forms chosen by the `count` value: English and Danish use `one`/`other`;
Irish uses `one`, `two`, `few` (3–6), `many` (7–10) and `other` (11+, 0).
A key missing from a catalogue falls back to English, then shows `⟦key⟧` so a
test can find it.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

LANGUAGES = ("en", "ga", "da")
MISSING = "⟦{key}⟧"
_FOLDER = Path(__file__).parent
_catalogues: dict[str, dict[str, Any]] = {}
_language = "en"


def catalogue(language: str) -> dict[str, Any]:
    """The catalogue of `language`, loaded once ({} if it does not exist yet)."""
    if language not in _catalogues:
        path = _FOLDER / f"{language}.json"
        try:
            _catalogues[language] = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            _catalogues[language] = {}
    return _catalogues[language]


def set_language(language: str) -> None:
    global _language
    _language = language if language in LANGUAGES else "en"


def language() -> str:
    return _language


def plural_form(language: str, count: int) -> str:
    if language == "ga":
        if count == 1:
            return "one"
        if count == 2:
            return "two"
        if 3 <= count <= 6:
            return "few"
        if 7 <= count <= 10:
            return "many"
        return "other"
    return "one" if count == 1 else "other"


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
