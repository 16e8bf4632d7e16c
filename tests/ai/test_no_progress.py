"""Brandubh's no-progress draw as the computer sees it.

A game is drawn when 100 plies in a row take nothing and bring the king to
no corner he had not visited (`GameSpec.no_progress_plies`).  The count
comes from the game's record (`Game.quiet_plies()`) into the search, which
scores a line reaching it as a draw; the computer then makes progress while
it can, and takes (or offers) the draw when it has nothing better.
"""

from __future__ import annotations

from game.ai.analysis import Analysis
from game.ai.levels import (
    FORTRESS_STOOD,
    NEAR_NO_PROGRESS,
    TAFL_CONTEMPT,
    accepts_draw,
    draw_check,
    offers_draw,
    start_search,
)
from game.ai.match import random_opening
from game.ai.search import Search
from game.ai.strategy import MAX_DEPTH, WIN, Limits, strategy_for
from game.rules import SPECS, from_code, spec_of, start
from game.rules.base import Position, Reason
from game.rules.record import Game

from ..engine.diagrams import tafl_code
from ..engine.walks import walk
from .test_tafl_fortress import ON_THE_CASTLE

NODES = 4000
BRANDUBH = spec_of(start("brandubh"))
LIMIT = BRANDUBH.no_progress_plies

# The king has visited every corner but a1, which four attackers wall off two
# by two where no capture reaches them; his defenders are gone.  He stands
# far better (three corners, four attackers' worth more than his lost
# defenders), but nothing can be taken and a1 cannot be reached.
WALLED = """
7 . . . . . . .
6 . . A . A . .
5 . . . . K . .
4 . A . . . . .
3 A . . . . A .
2 A . . . . . .
1 . A A . . . .
  a b c d e f g
"""
WALL = ("a2", "a3", "b1", "c1")


def made_progress(before: Position, move) -> bool:
    return BRANDUBH.made_progress(before, before.play_position(move))


def druid(position: Position, quiet_plies: int = 0, history=()) -> tuple:
    result = start_search(position, "druid", history=history, quiet_plies=quiet_plies,
                          nodes=NODES).run()
    return result.move, result.score


# --- the search ----------------------------------------------------------------


def test_a_line_that_reaches_the_count_is_a_draw_with_contempt():
    # From the start nothing can be taken in one move: at 99 every move draws.
    position = start("brandubh")
    assert not any(made_progress(position, m) for m in position.legal_moves())
    _, score = druid(position, quiet_plies=LIMIT - 1)
    assert score == -TAFL_CONTEMPT
    _, score = druid(position, quiet_plies=0)
    assert score != -TAFL_CONTEMPT


def test_the_side_that_stands_better_takes_before_the_last_quiet_ply():
    # The defenders stand better; at a count of 0 the Druid prefers a quiet
    # move (a6-b6) to the capture it has (e5-g5 takes g4).  One ply before
    # the limit every quiet move draws, so it takes.
    position = from_code("brandubh 1A1A3/D1D3A/3DD2/3KD1A/2DDD2/2AA1A1/1A1A3 d -")
    quiet_move, score = druid(position)
    assert score > TAFL_CONTEMPT and not made_progress(position, quiet_move)
    assert any(made_progress(position, m) for m in position.legal_moves())
    move, score = druid(position, quiet_plies=LIMIT - 1)
    assert made_progress(position, move)
    assert score > 0


def play_out(position: Position, quiet_plies: int) -> tuple[str, list[str]]:
    """The Druid on both sides from `position`, `quiet_plies` into the count,
    until a move makes progress or ends the game, or the count draws it."""
    history = [position.repetition_key()]
    moves = []
    while True:
        move, _ = druid(position, quiet_plies, history)
        moves.append(position.move_text(move))
        child = position.play_position(move)
        progress = BRANDUBH.made_progress(position, child)
        position, quiet_plies = child, 0 if progress else quiet_plies + 1
        history.append(position.repetition_key())
        if position.outcome() is not None:
            return "ended", moves
        if progress:
            return "progress", moves
        if BRANDUBH.ended_by_no_progress(quiet_plies):
            return "drawn", moves


def test_from_a_count_of_95_the_side_that_stands_better_makes_progress_in_time():
    # The defenders stand better and would shuffle on (c5-c6, then e4-e2, ...)
    # past the limit if they did not know the count; knowing it, they take
    # on their third move, the last before the count runs out.
    position = from_code("brandubh 2AA3/4A2/2DK2A/1DD1D1A/A2D1A1/AAD4/5A1 d -")
    _, score = druid(position)
    assert score > TAFL_CONTEMPT
    ending, moves = play_out(position, LIMIT - 5)
    assert ending == "progress" and len(moves) <= 5
    assert len(moves) % 2 == 1  # the defenders' own move made it


def test_a_move_that_ends_the_game_otherwise_ends_it_so_on_the_last_ply():
    # g3-g5 takes nothing, and leaves the defenders (king in his visited
    # corner g7, his two soldiers boxed in beside him) without a move, which
    # loses: on the 100th ply that is a win for the attackers, not a draw.
    position = from_code(tafl_code("brandubh", """
        7 . . . . A D K
        6 . . . . . A D
        5 . . . . . . .
        4 . . . . . . .
        3 . . . . . . A
        2 . A . . . . .
        1 . . . . . . .
          a b c d e f g
        """, "a", "g7"))
    stalemate = position.parse_move("g3-g5")
    assert not made_progress(position, stalemate)
    assert position.play_position(stalemate).outcome().winner == "a"
    move, score = druid(position, quiet_plies=LIMIT - 1)
    assert move == stalemate and score > WIN - MAX_DEPTH


def test_far_from_the_limit_the_count_changes_nothing():
    # Only a node the draw could reach pays for it: from a low count the
    # search is the same search, node for node (and other games ignore it).
    for game in ("brandubh", "tawlbwrdd"):
        record = random_opening(game, 12, seed=3)
        answers = set()
        for quiet in (0, 40):
            result = Search(record.position, strategy_for(game),
                            history=record.repetition_keys(), quiet_plies=quiet,
                            limits=Limits(nodes=NODES)).run()
            answers.add((result.move, result.score, result.depth, result.nodes))
        assert len(answers) == 1, game


def test_no_search_goes_as_deep_as_a_no_progress_limit():
    # The search reads "no progress since the root" off the root and the node
    # (progress cannot be undone), which holds only while no line could make
    # progress and then run the whole limit again inside one search.
    for spec in SPECS.values():
        if spec.no_progress_plies is not None:
            deepest = MAX_DEPTH + strategy_for(spec.name).plan(
                from_code(spec.start_code)).quiescence_depth
            assert deepest < spec.no_progress_plies


# --- the game's record to the search -------------------------------------------


def walled_game(quiet_plies: int) -> Game:
    """A game from WALLED, the attackers to move first, whose last `quiet_plies`
    plies take nothing: the wall stands, no attacker stands where the lone
    king could take it (beside the throne or a corner), and no attacker can
    take the king, so the position at the end is WALLED's kind."""
    code = tafl_code("brandubh", WALLED, "a", "g1,a7,g7")
    rules = from_code(code).rules
    wall = {rules.square_index(name) for name in WALL}
    exposed = set(rules.neighbours[rules.centre])
    for corner in rules.corners:
        exposed |= set(rules.neighbours[corner])

    def keep(text: str) -> bool:
        board = from_code(text).board
        king = board.find("K")
        return all(board[sq] == "A" for sq in wall) and \
            not any(board[sq] == "A" for sq in exposed - wall) and \
            rules.shut_sides(board, king) <= 1
    return Game(code, walk(code, "q" * quiet_plies, seed=1, keep=keep))


def test_the_search_of_a_game_reads_the_count_from_its_record():
    game = walled_game(LIMIT - 1)
    assert game.quiet_plies() == LIMIT - 1 and game.position.side == "d"
    result = draw_check(game).run()
    assert result.score == -TAFL_CONTEMPT  # every move of the king draws
    fresh = draw_check(Game(game.position.code())).run()
    assert fresh.score > 300  # the same position with the count at 0: far better


def test_the_computer_that_cannot_win_takes_the_draw_near_the_limit():
    near = walled_game(LIMIT - 1)
    assert accepts_draw(near, computer_side="d")
    # From a count of 0 the defenders, far better, play on; the attackers,
    # far worse, accept at any count.
    fresh = Game(near.position.code())
    assert not accepts_draw(fresh, computer_side="d")
    assert accepts_draw(fresh, computer_side="a")


def test_the_computer_offers_a_draw_only_when_it_has_nothing_better():
    near = walled_game(LIMIT - 1)
    result = start_search(near.position, "druid", history=near.repetition_keys(),
                          quiet_plies=near.quiet_plies(), nodes=NODES).run()
    assert offers_draw(near, result)
    fresh = Game(near.position.code())
    assert not offers_draw(fresh, start_search(fresh.position, "druid", nodes=NODES).run())
    # Further from the limit than NEAR_NO_PROGRESS it does not count on it.
    far = walled_game(LIMIT - NEAR_NO_PROGRESS - 1)
    assert far.position.side == "d"
    assert not offers_draw(far, start_search(far.position, "druid",
                                             history=far.repetition_keys(),
                                             quiet_plies=far.quiet_plies(),
                                             nodes=NODES).run())


def test_the_attackers_offer_a_draw_from_a_fortress_that_has_stood():
    # Loaded from a code the fortress has no past: the attackers take a draw
    # offered there but offer none until it has stood FORTRESS_STOOD plies.
    game = Game(tafl_code("tawlbwrdd", ON_THE_CASTLE, "a"))
    result = start_search(game.position, "druid", nodes=NODES).run()
    assert accepts_draw(game, computer_side="a")
    assert not offers_draw(game, result)
    shuffles = 0
    while game.ply < FORTRESS_STOOD:
        attackers = game.position.side == "a"
        moves = [m for m in game.legal_moves()
                 if strategy_for("tawlbwrdd").cannot_win(game.position.play(m).position, "a")]
        assert moves, "the defenders can keep the fortress and the attackers cannot break it"
        game.play(moves[shuffles % len(moves)] if attackers else moves[0])
        shuffles += 1
    result = start_search(game.position, "druid", history=game.repetition_keys(),
                          nodes=NODES).run()
    assert game.position.side == "a" and offers_draw(game, result)


def test_the_attackers_offer_no_draw_from_the_start_though_it_is_a_fortress():
    # The start's block round the castle is a fortress, but the defenders
    # must leave it to win, and the attackers' own search scores them ahead.
    game = Game(start("tawlbwrdd"))
    result = start_search(game.position, "druid", nodes=NODES).run()
    assert strategy_for("tawlbwrdd").cannot_win(game.position, "a")
    assert not offers_draw(game, result)


def test_no_draw_is_offered_where_none_may_be_agreed_or_the_game_is_over():
    game = Game(start("reversi"))
    result = start_search(game.position, "druid", nodes=200).run()
    assert not game.spec.draw_by_agreement and not offers_draw(game, result)
    drawn = walled_game(LIMIT)
    assert drawn.outcome().reason is Reason.NO_PROGRESS
    assert not offers_draw(drawn, result)


# --- the analysis ---------------------------------------------------------------


def test_the_analysis_knows_the_count_of_each_position():
    # The game's last move draws it; the analysis values the position before
    # it as the draw it is (its search has no contempt), not by the board as
    # it would the same position with the count at 0.
    game = walled_game(LIMIT)
    assert game.outcome().reason is Reason.NO_PROGRESS
    last = Analysis(game, nodes=300).run()[-1]
    assert last.value_before == 0 and last.value_after == 0
    before_last = Game(game.start, game.move_texts()[:-1]).position
    fresh = Analysis(Game(before_last.code(), game.move_texts()[-1:]), nodes=300).run()
    assert fresh[0].value_before > 300
