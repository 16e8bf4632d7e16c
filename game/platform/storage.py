"""Persistence of settings, saves and the history, as versioned JSON.

`Storage` is the interface the game sees; `KeptStorage` is what every
backend shares: the stored envelope and its version, the stamp that tells one
writer's value from another's (two tabs of one page share a localStorage),
and what happens when writing fails.  `MemoryStorage` keeps values in memory,
`FileStorage` one JSON file per key in a folder on the desktop, and
`LocalStorage` one item per key in the browser's `localStorage`.

What is already kept is never lost:
- anything unreadable is set aside (moved, never deleted) and reported once;
- a value written by a newer version of the game is left exactly as it is;
- a write the platform refuses (quota full, storage disabled) leaves the old
  value where it was; the game goes on with the new one in memory, and the
  player is told once for each kind of refusal;
- a value another writer (another tab) changed since this one last read it is
  not overwritten: ours goes to `<key>.other-tab` and the player is told.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import re
import time
import uuid
import zlib
from pathlib import Path
from typing import Any, Protocol

from . import browser_window

# The envelope's version: raised only for a change that older code would
# misread.  The writer's stamp is an addition older code ignores, so it is 1 still.
FORMAT_VERSION = 1

Stamp = tuple[str, int]  # (writer, revision) of a stored value
_STAMP = re.compile(r'^\{"version": -?\d+, "writer": "([0-9a-z]*)", "revision": (\d+),')


class Storage(Protocol):
    notices: list[str]

    def load(self, key: str) -> Any | None: ...

    def save(self, key: str, value: Any) -> bool: ...

    def delete(self, key: str) -> None: ...

    def set_aside(self, key: str, why: str) -> None: ...


class KeptStorage:
    """Versioned, stamped values over a backend's plain texts (`_read`,
    `_write`, `_remove`, `_move_aside`), which may raise: nothing here does.

    Notices are `kind:key` (`damaged`, `outdated`, `newer`, `other_tab`) or a
    bare kind (`storage_full`, `storage_unavailable`); each is given once.
    """

    def __init__(self) -> None:
        self.notices: list[str] = []
        self.writer = uuid.uuid4().hex[:12]  # this page or process, among others sharing the store
        self._seen: dict[str, Stamp | None] = {}  # each key's stamp as last read or written here
        self._held: dict[str, str] = {}  # values the store refused, kept while the app runs
        self._untouchable: set[str] = set()  # a newer version's value, or one not movable
        self._told: set[str] = set()

    # --- what a backend provides ------------------------------------------------------

    def _read(self, key: str) -> str | None:
        raise NotImplementedError

    def _write(self, key: str, text: str) -> None:
        raise NotImplementedError

    def _remove(self, key: str) -> None:
        raise NotImplementedError

    def _move_aside(self, key: str) -> bool:
        """Keep the value of `key` under another name; True when it is moved."""
        raise NotImplementedError

    # --- the interface --------------------------------------------------------------------

    def load(self, key: str) -> Any | None:
        """The value, or None when there is none or it cannot be used."""
        if key in self._held:
            return json.loads(self._held[key])["data"]
        try:
            text = self._read(key)
        except Exception as error:  # the platform refused: nothing stored is reachable
            self._refused(error)
            return None
        if key in self._untouchable:
            return None
        self._seen[key] = _stamp_of(text)
        return self._decode(key, text)

    def save(self, key: str, value: Any) -> bool:
        """Write `value`; True when it is kept after the app closes."""
        if key in self._untouchable:
            self._held[key] = _encode(value, (self.writer, 0))
            return False
        try:
            stored = _stamp_of(self._read(key))
        except Exception as error:
            return self._hold(key, _encode(value, (self.writer, 0)), error)
        if key in self._seen and stored != self._seen[key]:
            return self._written_elsewhere(key, value)
        stamp = (self.writer, (stored[1] if stored else 0) + 1)
        text = _encode(value, stamp)
        try:
            self._write(key, text)  # the old value stays if this fails
        except Exception as error:
            return self._hold(key, text, error)
        self._seen[key] = stamp
        self._held.pop(key, None)
        return True

    def delete(self, key: str) -> None:
        """Forget `key`, unless another writer changed it since it was read here."""
        self._held.pop(key, None)
        if key in self._untouchable:
            return
        with contextlib.suppress(Exception):
            if key in self._seen and _stamp_of(self._read(key)) != self._seen[key]:
                return  # that value is another tab's newer one: it stays
            self._remove(key)
            self._seen[key] = None

    def set_aside(self, key: str, why: str) -> None:
        """Move an unusable value out of the way, keeping it, and say `why`."""
        self._held.pop(key, None)
        self._seen.pop(key, None)
        try:
            moved = self._move_aside(key)
        except Exception:
            moved = False
        if not moved:
            self._untouchable.add(key)  # never overwritten while it cannot be kept elsewhere
        self.notices.append(why)

    # --- how failures are handled ----------------------------------------------------------

    def _decode(self, key: str, text: str | None) -> Any | None:
        if text is None:
            return None
        try:
            wrapper = json.loads(text)
        except (ValueError, RecursionError):
            self.set_aside(key, f"damaged:{key}")
            return None
        version = wrapper.get("version") if isinstance(wrapper, dict) else None
        if isinstance(version, int) and version > FORMAT_VERSION:
            self._untouchable.add(key)  # a newer game's: kept exactly as it is
            self._say(f"newer:{key}")
            return None
        if version != FORMAT_VERSION or "data" not in wrapper:
            self.set_aside(key, f"outdated:{key}")
            return None
        return wrapper["data"]

    def _hold(self, key: str, text: str, error: Exception) -> bool:
        self._held[key] = text
        self._refused(error)
        return False

    def _refused(self, error: Exception) -> None:
        self._say("storage_full" if _is_full(error) else "storage_unavailable")

    def _written_elsewhere(self, key: str, value: Any) -> bool:
        """Another tab wrote `key` since this one read it: theirs stays, ours is
        kept beside it, and the player is told (once for each key)."""
        with contextlib.suppress(Exception):
            self._write(f"{key}.other-tab", _encode(value, (self.writer, 0)))
        self._say(f"other_tab:{key}")
        return False

    def _say(self, notice: str) -> None:
        if notice not in self._told:
            self._told.add(notice)
            self.notices.append(notice)


class MemoryStorage(KeptStorage):
    """Keeps everything in memory: for tests and when nothing can be written."""

    def __init__(self) -> None:
        super().__init__()
        self.data: dict[str, str] = {}

    def _read(self, key: str) -> str | None:
        return self.data.get(key)

    def _write(self, key: str, text: str) -> None:
        self.data[key] = text

    def _remove(self, key: str) -> None:
        self.data.pop(key, None)

    def _move_aside(self, key: str) -> bool:
        if key in self.data:
            self.data[f"{key}.damaged"] = self.data.pop(key)
        return True


class FileStorage(KeptStorage):
    """One `<key>.json` file per key in `folder` (created when first needed)."""

    def __init__(self, folder: Path) -> None:
        super().__init__()
        self.folder = Path(folder)

    def _path(self, key: str) -> Path:
        return self.folder / f"{key}.json"

    def _read(self, key: str) -> str | None:
        try:
            return self._path(key).read_text(encoding="utf-8")
        except FileNotFoundError:
            return None
        except (IsADirectoryError, UnicodeDecodeError):
            return "\0"  # unreadable: treat like damaged content

    def _write(self, key: str, text: str) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        temporary = self.folder / f"{key}.{self.writer}.tmp"
        try:
            temporary.write_text(text, encoding="utf-8")
            os.replace(temporary, self._path(key))  # never a half-written file in its place
        finally:
            with contextlib.suppress(OSError):
                temporary.unlink(missing_ok=True)

    def _remove(self, key: str) -> None:
        self._path(key).unlink(missing_ok=True)

    def _move_aside(self, key: str) -> bool:
        path = self._path(key)
        if not path.exists():
            return True
        path.rename(path.with_name(f"{key}.damaged-{int(time.time())}.json"))
        return True


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


class LocalStorage(KeptStorage):
    """One item per key in the browser's `localStorage`.

    Items are named `taiplis.<key>`: a GitHub Pages site shares its origin
    (and so its localStorage) with the owner's other project sites.  Every
    tab of the page shares the items too; the stamps tell their writes apart.
    """

    PREFIX = "taiplis."

    def __init__(self, area: StorageArea) -> None:
        super().__init__()
        self.area = area

    def _item(self, key: str) -> str:
        return f"{self.PREFIX}{key}"

    def _read(self, key: str) -> str | None:
        return self.area.getItem(self._item(key))

    def _write(self, key: str, text: str) -> None:
        self.area.setItem(self._item(key), text)

    def _remove(self, key: str) -> None:
        self.area.removeItem(self._item(key))

    def _move_aside(self, key: str) -> bool:
        """Keep the item as `taiplis.<key>.damaged` (one copy: the quota is small)."""
        text = self.area.getItem(self._item(key))
        if text is None:
            return True
        aside = self._item(f"{key}.damaged")
        try:
            self.area.setItem(aside, text)
        except Exception:  # full: the older damaged copy makes room for this one
            self.area.removeItem(aside)
            self.area.setItem(aside, text)
        self.area.removeItem(self._item(key))  # only once the copy is kept
        return True


def _encode(value: Any, stamp: Stamp) -> str:
    # The stamp comes first, so that it is read without parsing the whole value.
    return json.dumps({"version": FORMAT_VERSION, "writer": stamp[0], "revision": stamp[1],
                       "data": value}, ensure_ascii=False)


def _stamp_of(text: str | None) -> Stamp | None:
    """Who wrote `text` and how many writes it follows; a value without a stamp
    (older, or damaged) is known by a checksum of its text."""
    if text is None:
        return None
    found = _STAMP.match(text[:120])
    if found:
        return found.group(1), int(found.group(2))
    return f"#{zlib.crc32(text.encode('utf-8', 'replace')):08x}", 0


def _is_full(error: Exception) -> bool:
    """Whether the platform refused a write for want of room (QuotaExceededError
    in a browser, a full disk on the desktop)."""
    if isinstance(error, OSError) and error.errno in (errno.ENOSPC, errno.EDQUOT):
        return True
    return "quota" in f"{type(error).__name__} {error}".lower()


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

    In the browser: the page's localStorage (memory only, and the player told
    so, if the page has none).  On the desktop: a folder in the user's data
    directory.
    """
    from . import IS_WEB  # looked up per call, so tests can pretend to be a browser

    if IS_WEB:
        area = browser_storage_area()
        if area is not None:
            return LocalStorage(area)
        memory = MemoryStorage()
        memory.notices.append("storage_unavailable")
        return memory
    base = os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share"
    return FileStorage(Path(base) / "taiplis")
