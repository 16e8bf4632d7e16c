"""The system clipboard: the browser's, the desktop's, or an in-app one.

Both directions answer through a callback, because in the browser they are
asynchronous: `navigator.clipboard.writeText()` and `readText()` return
promises.  The page (web/taiplis.tmpl) starts them and keeps their outcome in
a JavaScript-side table; `poll()`, called after every frame by main.py, hands
each settled outcome to its callback.  Natively the callback runs at once,
inside `copy()` or `paste()`.

Sending a link (`send`) offers it to the system's share sheet where the
browser has one (`navigator.share`, on phones), and copies it otherwise.

Pasting on the web asks the page for text: `readText()` where the browser
allows it, else (or on a touch screen, which has no keyboard for the game's
text field) a browser text prompt, where the player can type or paste.
"""

from __future__ import annotations

from collections.abc import Callable

from . import browser_window

_fallback = {"text": ""}
_waiting: dict[int, tuple[str, Callable]] = {}  # page request id -> (kind, callback)


def copy(text: str, done: Callable[[bool], None] | None = None) -> bool | None:
    """Put `text` on the clipboard; `done(copied)` says whether the system took it.

    Returns the same answer when it is known at once (natively), None while
    the browser is still deciding.  Only True means the text really left the app.
    """
    _fallback["text"] = text
    window = browser_window()
    if window is not None:
        try:
            request = int(window.taiplis_copy(text))
        except Exception:  # an old page, or a bridge without calls: nothing copied
            return _settle(done, False)
        _waiting[request] = ("copy", done or (lambda copied: None))
        return None
    try:
        import pygame.scrap as scrap
        scrap.put_text(text)
        copied = True
    except Exception:  # no clipboard on this display (headless)
        copied = False
    return _settle(done, copied)


SHARED, COPIED, FAILED, CANCELLED = "shared", "copied", "failed", "cancelled"


def send(link: str, message: str, record: str, done: Callable[[str], None]) -> None:
    """Hand `link` to another app: in the browser its share sheet where there
    is one (with `message`), else the clipboard; on the desktop the link and
    the game's `record` after it are copied.  `done(how)` gets SHARED,
    COPIED, FAILED (nothing left the app) or CANCELLED (the player closed
    the share sheet)."""
    window = browser_window()
    if window is None:
        copy(f"{link}\n\n{record}", lambda copied: done(COPIED if copied else FAILED))
        return
    try:
        request = int(window.taiplis_send(message, link))
    except Exception:  # an old page without the share sheet's bridge: copy instead
        copy(link, lambda copied: done(COPIED if copied else FAILED))
        return
    _waiting[request] = ("send", done)


def _settle(done: Callable[[bool], None] | None, copied: bool) -> bool:
    if done is not None:
        done(copied)
    return copied


def paste(done: Callable[[str | None], None], prompt: str = "", current: str = "") -> None:
    """Ask for text to paste; `done(text)` gets it, or None if the player cancelled.

    `prompt` and `current` are for the browser's text prompt: its question and
    the text it starts with.
    """
    window = browser_window()
    if window is not None:
        try:
            request = int(window.taiplis_paste(prompt, current))
        except Exception:
            done(None)
            return
        _waiting[request] = ("paste", done)
        return
    text = ""
    try:
        import pygame.scrap as scrap
        text = scrap.get_text() or ""
    except Exception:
        pass
    done(text or _fallback["text"])


def poll() -> None:
    """Hand every answer the page has settled to its callback (once per frame)."""
    if not _waiting:
        return
    window = browser_window()
    if window is None:
        return
    for request in list(_waiting):
        try:
            answer = window.taiplis_clipboard_result(request)
        except Exception:
            answer = None
        if answer is None or _is_js_null(answer) or str(answer) == "":
            continue  # still pending
        kind, done = _waiting.pop(request)
        answer = str(answer)
        if kind == "copy":
            done(answer == "ok")
        elif kind == "send":  # "shared", "ok" (copied), "cancel" or "failed"
            done({"shared": SHARED, "ok": COPIED, "cancel": CANCELLED}.get(answer, FAILED))
        else:  # "text:<what was pasted>" or "cancel"
            done(answer[5:] if answer.startswith("text:") else None)


def pending() -> int:
    """How many clipboard answers are still awaited."""
    return len(_waiting)


def _is_js_null(value) -> bool:
    return type(value).__name__ in ("JsNull", "JsUndefined") or str(value) in (
        "null", "undefined")
