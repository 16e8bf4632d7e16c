"""Which tasks teach which rule: every rule of docs/rules.md, named by a few
words of its own statement there, with the tasks that practise it.

`tests/lessons` checks that each quotation still stands in its game's
section of docs/rules.md (with the page's bold marks left out), that the
tasks exist and belong to that game, and that every task teaches something
listed here; the endings are checked against the page's table of reasons.
"""

from __future__ import annotations

from typing import NamedTuple


class Rule(NamedTuple):
    game: str
    quote: str  # words of docs/rules.md, in the game's section
    tasks: tuple[str, ...]  # task ids without the game's name


def _rules(game: str, *rows: tuple[str, str]) -> tuple[Rule, ...]:
    return tuple(Rule(game, quote, tuple(tasks.split())) for quote, tasks in rows)


RULES = (
    *_rules(
        "brandubh",
        ("slides any number of empty squares", "move.king move.return"),
        ("only he may end a move on one", "move.throne move.return win.tour"),
        ("he may go back to the throne after leaving it", "move.return"),
        ("A soldier may slide across the empty throne but not stop there", "move.throne"),
        ("A soldier is taken when the opponent moves a piece onto a square beside it",
         "capture.sandwich capture.attackers"),
        ("a soldier may step in between two enemies safely", "safe.gap"),
        ("One move can take up to three soldiers", "capture.three"),
        ("he can make the capturing move himself", "capture.king"),
        ("or be the piece waiting beyond the victim", "capture.anvil"),
        ("an empty corner, or the empty throne", "squares.corner squares.throne"),
        ("against a defender: an attacker, or the board's edge",
         "capture.attackers squares.edge"),
        ("Corners and the throne never help take a defender", "squares.edge"),
        ("A corner or the throne with the king on it counts as the king",
         "squares.king_square"),
        ("The edge only ever takes part against defenders", "squares.along_edge"),
        ("Two pieces astride the king never take him", "king.throne king.edge"),
        ("In the open that takes four attackers", "king.open"),
        ("three when he stands beside the throne or on an edge square",
         "king.throne king.edge"),
        ("two when he is in a corner or on the edge square next to one",
         "king.corner king.by_corner"),
        ("He may step into such a trap himself without harm", "safe.step_in"),
        ("The attackers win by capturing the king", "king.open king.corner"),
        ("once the king has stood on every one of the four corners", "win.tour"),
        ("or when no attacker is left on the board", "win.last"),
        ("A side whose turn it is and who has no legal move loses", "win.no_move"),
        ("arises for the third time, the game is drawn", "draw.repeat"),
        ("No progress: when 100 plies in a row", "draw.quiet"),
        ("Both players may agree a draw", "draw.agree"),
        ("Either player may resign", "draw.resign"),
    ),
    *_rules(
        "tawlbwrdd",
        ("every piece slides like a rook without jumping", "move.slide move.king"),
        ("no piece may end a move on it", "move.slide move.king"),
        ("once he has left he cannot return", "move.king"),
        ("Any piece may slide across it while it is empty", "move.slide move.king"),
        ("The corners are ordinary squares", "move.corner capture.no_edge"),
        ("A soldier of either side is taken when an enemy piece arrives beside it",
         "capture.sandwich capture.attackers"),
        ("or is the empty castle", "castle.attacker castle.defender"),
        ("The king takes part in captures like a defender", "capture.king"),
        ("the castle with the king on it counts as the king", "castle.king"),
        ("The board's edge never helps", "capture.no_edge"),
        ("only the side that has just moved captures", "capture.gap"),
        ("away from the castle, he is taken like a soldier", "king.open"),
        ("a pair astride him is not enough there", "king.beside"),
        ("on the castle, all four squares around him must hold attackers", "king.castle"),
        ("The attackers win by capturing the king", "king.open king.beside king.castle"),
        ("as soon as the king arrives on any edge square", "win.escape"),
        ("or when no attacker is left", "win.last"),
        ("drawn when the player to move is left without a legal move", "draw.no_move"),
        ("comes up a second time", "draw.repeat"),
        ("Both players may agree a draw", "draw.agree"),
        ("either may resign", "draw.resign"),
    ),
    *_rules(
        "reversi",
        ("A move puts a disc of the mover's colour on an empty square",
         "place.one place.line place.diagonal"),
        ("along a row, a column or a diagonal", "place.line place.diagonal lines.two"),
        ("in all eight directions together, turns over",
         "lines.two lines.three lines.four lines.exact"),
        ("No other disc changes", "place.diagonal lines.two lines.three"),
        ("A player who has no such square passes", "pass.must pass.force"),
        ("The game ends when neither player can place a disc, whether the board is full or not",
         "end.full end.stuck"),
        ("The player with more discs on the board wins", "end.full end.stuck"),
        ("equal counts are a draw", "end.draw"),
        ("is handed a disc by the opponent", "hand.borrow"),
        ("Either player may resign", "hand.resign"),
    ),
    *_rules(
        "modiar",
        ("The mover chooses a pit on their own row with two or more stones",
         "sow.single"),
        ("the first stone goes back into the pit just emptied", "sow.last sow.lap"),
        ("the 7th stone falls into it again", "sow.lap capture.own"),
        ("If the last stone leaves its pit, on either row, holding 2, 4 or 6 stones",
         "capture.two capture.six capture.own"),
        ("if it holds 2, 4 or 6 it is taken as well", "chain.two chain.three"),
        ("The run can cross from one row to the other", "chain.three"),
        ("The first move of the game captures nothing", "first.forfeit first.after"),
        ("No grand slam", "limits.slam"),
        ("the mover must choose a move that drops at least one stone into them",
         "limits.feed"),
        ("if none does, any of them may be played", "limits.no_feed"),
        ("Play stops when the player whose turn it is cannot make a legal move",
         "end.count end.draw"),
        ("the higher score wins, and 21–21 is a draw", "end.count end.draw"),
        ("comes about for the third time", "end.repeat"),
        ("either player may resign", "end.resign"),
    ),
)
