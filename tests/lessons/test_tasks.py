"""Every task can be solved, and its goal check says what the engine says.

For each task the truth about every choice is worked out here, apart from
the checker: the choice is played by its notation on a record rebuilt from
the task's code and history, and the goal is read off that record's own
account of the move (its effects, outcome and next legal moves) by the
small interpreter below.  The checker (`Task.check`) must agree on every
choice, and at least one choice must meet the goal.
"""

from __future__ import annotations

import pytest

from game.lessons import TASKS, Action, Kind, Winner
from game.lessons.tasks import REFUSED, Task
from game.rules import GAME_NAMES, from_code, spec_of
from game.rules.base import Reason
from game.rules.record import Game
from game.rules.reversi import supplies

ALL = sorted(TASKS)


def text_of(task: Task, choice) -> str:
    return choice.value if isinstance(choice, Action) else task.position.move_text(choice)


def played(task: Task, text: str) -> Game:
    """A record at the task's start (code and history, by notation) with `text`
    played on it: a move, or a resignation or agreed draw."""
    game = Game(from_code(task.code))
    for move in task.history:
        game.play_text(move)
    side = game.position.side
    if text == Action.RESIGN.value:
        game.resign(side)
    elif text == Action.OFFER_DRAW.value:
        game.agree_draw()
    else:
        game.play_text(text)
    return game


def names(game: Game, cells) -> set[str]:
    return {game.spec.cell_name(cell) for cell in cells}


def affected(condition, cells: set[str]) -> bool:
    if condition.cells is not None:
        return cells == set(condition.cells) and \
            (condition.count is None or len(cells) == condition.count)
    if condition.count is not None:
        return len(cells) == condition.count
    return bool(cells)


def truth(task: Task, text: str) -> bool:
    """Whether `text` meets the task's goal, read off the record."""
    game = played(task, text)
    mover = task.position.side
    moved = text not in {action.value for action in Action}
    effects = game.effects[-1] if moved else None
    outcome = game.outcome()
    destination = text.split("-")[-1] if moved and text != "pass" else None
    results = []
    for c in task.goal.conditions:
        if c.kind is Kind.CAPTURES:
            results.append(moved and affected(c, names(game, effects.captured)))
        elif c.kind is Kind.FLIPS:
            results.append(moved and affected(c, names(game, effects.flipped)))
        elif c.kind is Kind.FORFEITS:
            results.append(moved and affected(c, names(game, effects.forfeited)))
        elif c.kind is Kind.LAST_STONE:
            results.append(moved and bool(effects.sown)
                           and game.spec.cell_name(effects.sown[-1]) in c.cells)
        elif c.kind is Kind.SOWS_INTO:
            results.append(moved and bool(names(game, effects.sown) & set(c.cells)))
        elif c.kind is Kind.ENDS_ON:
            results.append(destination in c.cells)
        elif c.kind is Kind.SURVIVES:
            results.append(destination is not None and not any(
                destination in names(game, game.position.play(reply).effects.captured)
                for reply in game.legal_moves()))
        elif c.kind is Kind.ENDS_GAME:
            if outcome is None:
                results.append(False)
                continue
            winner = Winner.NOBODY if outcome.winner is None else \
                Winner.MOVER if outcome.winner == mover else Winner.OPPONENT
            results.append((c.winner is None or winner is c.winner)
                           and (c.reason is None or outcome.reason is c.reason))
        elif c.kind is Kind.PASSES:
            results.append(text == "pass")
        elif c.kind is Kind.OPPONENT_PASSES:
            results.append(game.spec.pass_move is not None
                           and game.legal_moves() == [game.spec.pass_move])
        else:
            raise AssertionError(f"no truth written for {c.kind}")
    return all(results)


@pytest.mark.parametrize("task_id", ALL)
def test_the_goal_check_agrees_with_the_engine_and_some_choice_meets_it(task_id):
    task = TASKS[task_id]
    verdicts = {text_of(task, choice): task.check(choice) for choice in task.choices()}
    met = {text for text in verdicts if truth(task, text)}
    assert {text for text, verdict in verdicts.items() if verdict.ok} == met
    assert met, f"{task_id}: no choice meets the goal"
    for text, verdict in verdicts.items():
        assert verdict.legal
        wanted = task.praise_key if text in met else task.wrong_key(text)
        assert verdict.text_key == wanted, text


@pytest.mark.parametrize("task_id", ALL)
def test_each_named_wrong_move_is_a_legal_move_that_misses(task_id):
    task = TASKS[task_id]
    legal = {text_of(task, choice) for choice in task.choices()}
    for text in task.wrong:
        assert text in legal, text
        assert task.check(task.position.parse_move(text)).text_key == task.wrong_key(text)
        assert not truth(task, text)


@pytest.mark.parametrize("task_id", ALL)
def test_no_wrong_choice_wins_the_game(task_id):
    """A move told it missed must not have won outright: that would puzzle
    the player."""
    task = TASKS[task_id]
    for choice in task.choices():
        if not task.check(choice).ok:
            report = task.report(choice)
            assert report.winner() is not Winner.MOVER, report.text


def opponent_wins_next(game: Game, mover: str) -> bool:
    """Whether the game is over with the other side winning, or that side
    has a move that wins it at once."""
    outcome = game.outcome()
    if outcome is not None:
        return outcome.winner not in (None, mover)
    for reply in game.legal_moves():
        game.play(reply)
        won = game.outcome() is not None and game.outcome().winner not in (None, mover)
        game.undo()
        if won:
            return True
    return False


RESIGNING = [task_id for task_id in ALL if Reason.RESIGNATION in TASKS[task_id].goal.reasons]


@pytest.mark.parametrize("task_id", RESIGNING)
def test_a_task_that_asks_for_resignation_is_lost_whatever_is_played(task_id):
    # Its instruction says so: every move lets the other side win at once.
    task = TASKS[task_id]
    mover = task.position.side
    moves = task.record().legal_moves()
    assert moves
    for move in moves:
        assert opponent_wins_next(played(task, task.position.move_text(move)), mover)


def test_every_game_has_a_task_that_asks_for_resignation():
    assert {TASKS[task_id].game for task_id in RESIGNING} == set(GAME_NAMES)


def test_the_borrowed_disc_task_starts_with_the_movers_hand_empty():
    task = TASKS["reversi.hand.borrow"]
    record = task.record()
    black_in_hand, white_in_hand = supplies(record.start, record.moves)
    assert task.position.side == "b" and black_in_hand == 0 < white_in_hand
    assert task.position.legal_moves() != [record.spec.pass_move]


def test_the_quiet_task_starts_one_ply_short_of_the_no_progress_draw():
    record = TASKS["brandubh.draw.quiet"].record()
    assert record.outcome() is None
    assert record.no_progress_left() == 1


# Moves the rules forbid, one for each task that explains a refusal.
FORBIDDEN = {
    "brandubh.move.throne": "d6-d4",
    "tawlbwrdd.move.slide": "f9-f6",
    "tawlbwrdd.move.king": "f8-f6",
    "modiar.sow.single": "S1",
    "modiar.limits.slam": "S2",
    "modiar.limits.feed": "S1",
}


def test_every_task_that_explains_a_refusal_has_a_forbidden_move_to_explain():
    assert {task_id for task_id in ALL if TASKS[task_id].refused} == set(FORBIDDEN)


@pytest.mark.parametrize(("task_id", "text"), sorted(FORBIDDEN.items()))
def test_a_forbidden_move_is_refused_with_the_tasks_own_line(task_id, text):
    task = TASKS[task_id]
    move = task.position.parse_move(text)
    assert move not in task.position.legal_moves()
    assert task.check(move) == (False, task.refused_key, False)


def test_a_forbidden_move_elsewhere_gets_the_shared_line():
    task = TASKS["brandubh.move.king"]
    move = task.position.parse_move("c7-c4")  # through the defender on c5
    assert task.check(move) == (False, REFUSED, False)


def test_a_draw_offer_is_a_choice_only_where_a_draw_may_be_agreed():
    for task in TASKS.values():
        offers = Action.OFFER_DRAW in task.choices()
        assert offers == spec_of(task.position).draw_by_agreement, task.id


def test_checking_leaves_the_task_as_it_was():
    task = TASKS["brandubh.draw.repeat"]
    before = task.position.code()
    for choice in task.choices():
        task.check(choice)
    assert task.position.code() == before
    assert task.check(task.position.parse_move("f2-e2")).ok


def test_every_kind_of_goal_is_used():
    used = {c.kind for task in TASKS.values() for c in task.goal.conditions}
    assert used == set(Kind)
