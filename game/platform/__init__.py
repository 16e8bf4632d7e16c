"""What differs between the browser (pygbag, emscripten) and the desktop.

This is the only package that asks which platform it runs on.
"""

from __future__ import annotations

import sys

IS_WEB = sys.platform == "emscripten"
