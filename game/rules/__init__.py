"""The four rules engines behind one registry of game names and position codes."""
