"""Persistence of settings and the autosaved game, as versioned JSON.

`Storage` is the interface; `FileStorage` keeps one JSON file per key in a
folder on the desktop, and `LocalStorage` one item per key in the browser's
`localStorage` (so settings and the autosaved game survive a page reload).
Anything unreadable is set aside — renamed, never deleted — and reported
once, so a damaged save costs the player a notice, not a crash.
"""

from __future__ import annotations

import contextlib
import json
import os
import time
from pathlib import Path
from typing import Any, Protocol

from . import browser_window

FORMAT_VERSION = 1


class Storage(Protocol):
    notices: list[str]

    def load(self, key: str) -> Any | None: ...

    def save(self, key: str, value: Any) -> None: ...

    def delete(self, key: str) -> None: ...

    def set_aside(self, key: str, why: str) -> None: ...


class MemoryStorage:
    """Keeps everything in memory: for tests and when nothing can be written."""

    def __init__(self) -> None:
        self.data: dict[str, str] = {}
        self.notices: list[str] = []

    def load(self, key: str) -> Any | None:
        return _decode(self, key, self.data.get(key))

    def save(self, key: str, value: Any) -> None:
        self.data[key] = _encode(value)

    def delete(self, key: str) -> None:
        self.data.pop(key, None)

    def set_aside(self, key: str, why: str) -> None:
        if key in self.data:
            self.data[f"{key}.damaged"] = self.data.pop(key)
        self.notices.append(why)


class FileStorage:
    """One `<key>.json` file per key in `folder` (created when first needed)."""

    def __init__(self, folder: Path) -> None:
        self.folder = Path(folder)
        self.notices: list[str] = []
        self.unsaved: set[str] = set()

    def _path(self, key: str) -> Path:
        return self.folder / f"{key}.json"

    def load(self, key: str) -> Any | None:
        path = self._path(key)
        try:
            text = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return None
        except (OSError, UnicodeDecodeError):
            text = "\0"  # unreadable: treat like damaged content
        return _decode(self, key, text)

    def save(self, key: str, value: Any) -> None:
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            temporary = self._path(key).with_suffix(".tmp")
            temporary.write_text(_encode(value), encoding="utf-8")
            os.replace(temporary, self._path(key))  # never leave a half-written save
        except OSError:
            if key not in self.unsaved:  # say it once, not after every move
                self.unsaved.add(key)
                self.notices.append(f"unsaved:{key}")

    def delete(self, key: str) -> None:
        with contextlib.suppress(OSError):
            self._path(key).unlink(missing_ok=True)

    def set_aside(self, key: str, why: str) -> None:
        path = self._path(key)
        with contextlib.suppress(OSError):
            path.rename(path.with_name(f"{key}.damaged-{int(time.time())}.json"))
        self.notices.append(why)


class StorageArea(Protocol):
    """The part of the Web Storage API (`window.localStorage`) that is used here."""

    def getItem(self, key: str) -> str | None: ...  # the JavaScript names

    def setItem(self, key: str, value: str) -> None: ...

    def removeItem(self, key: str) -> None: ...


class BrowserStorageArea:
    """Adapter over the page's `localStorage` as pygbag hands it to Python.

    A JavaScript bridge need not answer a missing item with None: Pyodide, for
    one, returns its `jsnull` object.  This turns every answer into `str | None`.
    """

    NULLS = frozenset({"null", "undefined", "jsnull", "None"})

    def __init__(self, js_storage: Any) -> None:
        self._js = js_storage

    def getItem(self, key: str) -> str | None:
        value = self._js.getItem(key)
        if value is None or isinstance(value, str):
            return value
        if type(value).__name__ in ("JsNull", "JsUndefined") or str(value) in self.NULLS:
            return None
        return str(value)

    def setItem(self, key: str, value: str) -> None:
        self._js.setItem(key, value)

    def removeItem(self, key: str) -> None:
        self._js.removeItem(key)


class LocalStorage:
    """One item per key in the browser's `localStorage`, as versioned JSON.

    Items are named `taiplis.<key>`: a GitHub Pages site shares its origin
    (and so its localStorage) with the owner's other project sites.  The
    browser may refuse (storage disabled, quota full): the game then goes on
    with what it has in memory, and the player is told once per key.
    """

    PREFIX = "taiplis."

    def __init__(self, area: StorageArea) -> None:
        self.area = area
        self.notices: list[str] = []
        self._memory: dict[str, str] = {}  # what could not be written, for this session
        self._refused: set[str] = set()

    def _item(self, key: str) -> str:
        return f"{self.PREFIX}{key}"

    def load(self, key: str) -> Any | None:
        text = self._memory.get(key)
        if text is None:
            try:
                text = self.area.getItem(self._item(key))
            except Exception:  # the browser refused; nothing stored is reachable
                text = None
        return _decode(self, key, text)

    def save(self, key: str, value: Any) -> None:
        text = _encode(value)
        try:
            self.area.setItem(self._item(key), text)
        except Exception:  # quota exceeded, storage disabled, private mode…
            self._memory[key] = text
            if key not in self._refused:
                self._refused.add(key)
                self.notices.append(f"unsaved:{key}")
            return
        self._memory.pop(key, None)
        self._refused.discard(key)

    def delete(self, key: str) -> None:
        self._memory.pop(key, None)
        with contextlib.suppress(Exception):
            self.area.removeItem(self._item(key))

    def set_aside(self, key: str, why: str) -> None:
        """Keep the unusable item as `taiplis.<key>.damaged` (one copy: the quota is small)."""
        self._memory.pop(key, None)
        aside = self._item(f"{key}.damaged")
        with contextlib.suppress(Exception):
            text = self.area.getItem(self._item(key))
            if text is not None:
                self.area.removeItem(aside)  # the older damaged copy makes room
                self.area.setItem(aside, text)
                self.area.removeItem(self._item(key))  # only once the copy is kept
        self.notices.append(why)


def _encode(value: Any) -> str:
    return json.dumps({"version": FORMAT_VERSION, "data": value}, ensure_ascii=False)


def _decode(storage: Storage, key: str, text: str | None) -> Any | None:
    """The stored value, or None (after setting it aside) when it is unusable."""
    if text is None:
        return None
    try:
        wrapper = json.loads(text)
    except (ValueError, RecursionError):
        storage.set_aside(key, f"damaged:{key}")
        return None
    if not isinstance(wrapper, dict) or wrapper.get("version") != FORMAT_VERSION \
            or "data" not in wrapper:
        storage.set_aside(key, f"outdated:{key}")
        return None
    return wrapper["data"]


def browser_storage_area() -> StorageArea | None:
    """The page's `localStorage` behind the adapter, or None when there is none."""
    window = browser_window()
    if window is None:
        return None
    try:
        js_storage = window.localStorage
    except Exception:  # some browsers throw when storage is disabled
        return None
    return None if js_storage is None else BrowserStorageArea(js_storage)


def default_storage() -> Storage:
    """The storage for this platform.

    In the browser: the page's localStorage (memory only if the page has none).
    On the desktop: a folder in the user's data directory.
    """
    from . import IS_WEB  # looked up per call, so tests can pretend to be a browser

    if IS_WEB:
        area = browser_storage_area()
        return MemoryStorage() if area is None else LocalStorage(area)
    base = os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share"
    return FileStorage(Path(base) / "taiplis")
