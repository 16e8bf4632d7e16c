"""The Puzzles scenes: a game chosen with the player's rating and streak in
it, then its puzzles one after another on the board (docs/puzzles.md).

`run.py` follows one player through a game's puzzles with no window;
`choose.py` is the choice of game, `board.py` the puzzle on the board and
`panel.py` the words beside it.
The puzzles' data is read when a game's puzzles are opened, never at start.
"""
