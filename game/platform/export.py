"""Handing a text to the player as a file: on the desktop a file written in
their Downloads folder (else their home folder), in the browser a download
the page starts."""

from __future__ import annotations

import json
import os
from pathlib import Path

from . import browser_window


def export_file(name: str, text: str) -> str | None:
    """Give `text` to the player as the file `name`.  Where it went (a path on
    the desktop, the name in the browser), or None when it could not be done."""
    window = browser_window()
    if window is not None:
        return name if _download(window, name, text) else None
    return _write(name, text)


def _download(window, name: str, text: str) -> bool:
    """Start the browser's download of `text` (a link to a Blob, clicked)."""
    script = ("(function(text, name){const link = document.createElement('a');"
              "link.href = URL.createObjectURL(new Blob([text], {type: 'text/plain'}));"
              "link.download = name; document.body.appendChild(link); link.click();"
              "setTimeout(function(){URL.revokeObjectURL(link.href); link.remove();}, 0);})"
              f"({json.dumps(text)}, {json.dumps(name)})")
    try:
        window.eval(script)
    except Exception:  # a bridge without eval, or a page that refuses: say so
        return False
    return True


def export_folder() -> Path:
    """Where the desktop's files go: TAIPLIS_EXPORT_DIR, else Downloads, else home."""
    chosen = os.environ.get("TAIPLIS_EXPORT_DIR")
    if chosen:
        return Path(chosen)
    downloads = Path.home() / "Downloads"
    return downloads if downloads.is_dir() else Path.home()


def _write(name: str, text: str) -> str | None:
    path = export_folder() / name
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    except OSError:
        return None
    return str(path)
