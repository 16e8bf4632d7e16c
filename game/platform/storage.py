"""Persistence of settings and the autosaved game, as versioned JSON.

`Storage` is the interface; `FileStorage` keeps one JSON file per key in a
folder on the desktop.  (The browser's localStorage backend plugs in here.)
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
        except OSError as error:
            self.notices.append(f"could not save: {error.strerror or error}")

    def delete(self, key: str) -> None:
        with contextlib.suppress(OSError):
            self._path(key).unlink(missing_ok=True)

    def set_aside(self, key: str, why: str) -> None:
        path = self._path(key)
        with contextlib.suppress(OSError):
            path.rename(path.with_name(f"{key}.damaged-{int(time.time())}.json"))
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


def default_storage() -> Storage:
    """The storage for this platform: a folder in the user's data directory."""
    base = os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share"
    return FileStorage(Path(base) / "taiplis")
