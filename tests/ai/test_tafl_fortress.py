"""The king in a fortress: a block of his own pieces that no capture can break
while it stands (`TaflRules.safe_while`, `game.ai.tafl._fortress`).

In Tawlbwrdd the attackers win only by taking the king, so while such a
block stands they cannot win however far ahead they are: Druid-against-Druid
games at 2 s a move ran to the 400-ply cap that way, the defenders, far
behind, holding a two-by-two block for hundreds of plies.  The computer
playing the attackers therefore takes a draw offered from a fortress the
defenders can keep (`TaflStrategy.cannot_win`).
"""

from __future__ import annotations

from game.ai.levels import DRAW_MARGIN, accepts_draw
from game.ai.tafl import TaflStrategy, _fortress
from game.rules import tafl
from game.rules.record import Game

from ..engine.diagrams import tafl_code

# The last position of one of those games: the king on his castle, three
# defenders two by two with him; the attackers to move.
ON_THE_CASTLE = """
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . A . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . . A A A A A . .
 6 A A A A D K A A . . .
 5 . . . A D D . . . A A
 4 . . . A . . . . D . .
 3 . . . . . A A . . . .
 2 . . . . A . . . . . .
 1 . . . . A A A . . . .
   a b c d e f g h i j k
"""


def position(diagram: str, side: str = "a") -> tafl.TaflPosition:
    return tafl.from_code(tafl_code("tawlbwrdd", diagram, side))


def is_fortress(pos: tafl.TaflPosition) -> bool:
    return _fortress(pos.board, pos.rules, pos.board.find("K"))


def moved(diagram: str, orig: str, dest: str) -> str:
    """The diagram with the piece on `orig` put on `dest` (nothing taken)."""
    pos = position(diagram)
    rules, board = pos.rules, list(pos.board)
    o, d = rules.square_index(orig), rules.square_index(dest)
    board[d], board[o] = board[o], "."
    n = rules.size
    return "\n".join(f"{n - r} " + " ".join(board[r * n:(r + 1) * n]) for r in range(n))


def test_a_block_of_four_with_the_king_is_a_fortress_and_three_are_not():
    assert is_fortress(position(ON_THE_CASTLE))
    # Without f5, e5 can be taken from d5 by an attacker landing on f5, then
    # e6, and the king on his castle has nothing left beside him.
    assert not is_fortress(position(moved(ON_THE_CASTLE, "f5", "h4")))


def test_a_defender_joined_to_the_block_but_open_to_capture_does_not_spoil_it():
    # A fifth defender on f4 hangs off the block: it can be taken between e4
    # and g4, but the block of four stands without it.
    pos = position(moved(ON_THE_CASTLE, "i4", "f4"))
    assert is_fortress(pos)
    rules = pos.rules
    block = {rules.square_index(x) for x in ("f6", "e6", "e5", "f5", "f4")}
    assert not rules.safe_while(pos.board, rules.square_index("f4"), block)


def test_the_start_is_a_fortress_the_three_by_three_round_the_castle():
    # Every piece of the inner square has a friend across each of its lines.
    assert is_fortress(tafl.start("tawlbwrdd"))


def test_the_attackers_take_a_draw_offered_from_a_fortress_and_not_from_an_open_block():
    # Far ahead in soldiers, the Druid's attackers would decline by their
    # score alone; but they cannot take the king while the block stands, and
    # without the draw a player holding it could only resign or play on.
    held = Game(tafl.from_code(tafl_code("tawlbwrdd", ON_THE_CASTLE, "d")))
    assert TaflStrategy().evaluate(held.position) < -DRAW_MARGIN  # the defenders stand worse
    assert accepts_draw(held, computer_side="a")
    # The computer defending accepts as well: it stands worse.
    assert accepts_draw(held, computer_side="d")
    # One defender off the block and the same lead is worth playing for.
    broken = Game(tafl.from_code(tafl_code("tawlbwrdd", moved(ON_THE_CASTLE, "f5", "h4"), "d")))
    assert not accepts_draw(broken, computer_side="a")


def test_only_where_a_side_without_a_move_draws_does_a_fortress_stop_the_attackers():
    # Brandubh's start is a fortress too, but a side with no move loses there:
    # the attackers could still win by leaving the defenders none.
    brandubh = tafl.start("brandubh")
    assert is_fortress(brandubh)
    assert not TaflStrategy().cannot_win(brandubh, "a")
    assert TaflStrategy().cannot_win(tafl.start("tawlbwrdd"), "a")
    assert not TaflStrategy().cannot_win(tafl.start("tawlbwrdd"), "d")


def test_a_fortress_the_defenders_must_break_with_their_next_move_is_no_draw():
    # Without the free defender on i4 every defenders' move leaves the block:
    # they are in zugzwang, and the attackers may still win.
    bare = ON_THE_CASTLE.replace(" 4 . . . A . . . . D . .", " 4 . . . A . . . . . . .")
    pos = position(bare, "d")
    assert bare != ON_THE_CASTLE and is_fortress(pos)
    assert not TaflStrategy().cannot_win(pos, "a")
    assert TaflStrategy().cannot_win(position(ON_THE_CASTLE, "d"), "a")
