"""`python -m game …`: the engine command-line tools (see game/cli.py)."""

import sys

from .cli import main

sys.exit(main())
