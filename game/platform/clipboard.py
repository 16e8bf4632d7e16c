"""The system clipboard where there is one; an in-app one otherwise."""

from __future__ import annotations

_fallback = {"text": ""}


def copy(text: str) -> bool:
    """Put `text` on the clipboard; True if the system clipboard took it."""
    _fallback["text"] = text
    try:
        import pygame.scrap as scrap
        scrap.put_text(text)
        return True
    except Exception:  # no clipboard on this display (headless, some browsers)
        return False


def paste() -> str:
    try:
        import pygame.scrap as scrap
        text = scrap.get_text()
        if text:
            return text
    except Exception:
        pass
    return _fallback["text"]
