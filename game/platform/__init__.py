"""What differs between the browser (pygbag, emscripten) and the desktop.

This is the only package that asks which platform it runs on.
"""

from __future__ import annotations

import sys
from typing import Any

IS_WEB = sys.platform == "emscripten"


def browser_window() -> Any | None:
    """The page's JavaScript `window` (pygbag's `platform.window`), or None.

    pygbag adds `window` to the `platform` module when it starts CPython in a
    page; natively, and under Pyodide in Node, there is no such attribute.
    """
    if not IS_WEB:
        return None
    import platform  # pygbag's augmented module in the browser

    return getattr(platform, "window", None)


def locale_name() -> str | None:
    """The player's language setting: the browser's, or the desktop's locale."""
    window = browser_window()
    if window is not None:
        try:
            return str(window.navigator.language)
        except Exception:  # a page without navigator.language: fall back below
            pass
    import locale
    import os
    for variable in ("LC_ALL", "LC_MESSAGES", "LANG"):
        if os.environ.get(variable):
            return os.environ[variable]
    try:
        return locale.getlocale()[0]
    except ValueError:
        return None


def no_display_variables() -> bool:
    """True on Linux with neither X11 (DISPLAY) nor Wayland (WAYLAND_DISPLAY)
    to show a window on: no window could ever be seen.
    Elsewhere (Windows, macOS, the browser) the system always has a screen."""
    import os
    return sys.platform.startswith("linux") and not (
        os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))
