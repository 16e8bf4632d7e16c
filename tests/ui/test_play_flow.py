"""The game's flow without a window: `Play` takes requests and one tick a
frame, and reports what happened as events.  Frames are records with a
stepped clock and searches bounded by nodes, so nothing here depends on how
fast the machine is."""

from __future__ import annotations

import math
import random

import pytest

from game.ai.analysis import Analysis
from game.platform.storage import MemoryStorage
from game.rules import from_code, start, tafl
from game.rules.base import Reason, RulesError
from game.rules.record import Game
from game.ui import play as play_module
from game.ui.play import (
    FORCED_PASS_SECONDS,
    SHOW_THINKING_AT_LEAST,
    Frame,
    Mode,
    Play,
    Setup,
    autosave_key,
)
from game.ui.play_events import (
    Actor,
    DrawAnswered,
    DrawOffered,
    GameEnded,
    HintFound,
    HistoryChanged,
    Moved,
    PassDue,
    Refused,
    Why,
)

from ..ai.test_tafl_fortress import ON_THE_CASTLE
from ..engine.diagrams import tafl_code

NODES = 300
STEP = 1 / 60


def frame(dt: float = STEP, **kwargs) -> Frame:
    """A frame whose searches end by their node budget, not the clock."""
    return Frame(dt, math.inf, nodes=NODES, **kwargs)


def run(play: Play, frames: int, **kwargs) -> list:
    """Every event of `frames` ticks."""
    return [event for _ in range(frames) for event in play.tick(frame(**kwargs))]


def kinds(events: list) -> list[type]:
    return [type(event) for event in events]


# --- a person's move --------------------------------------------------------------------


def test_a_persons_move_is_reported_at_once_with_what_it_did():
    play = Play(Setup("reversi", "hotseat"))
    move = sorted(play.position.legal_moves())[0]
    before = play.position
    (moved,) = play.request_move(move)
    assert isinstance(moved, Moved) and moved.by == Actor.PERSON
    assert moved.turn.before is before and moved.turn.move == move
    assert moved.turn.played.position is play.position and play.game.ply == 1


@pytest.mark.parametrize("why", [Why.NOT_YOUR_TURN, Why.REPLAY, Why.GAME_OVER, Why.ILLEGAL])
def test_a_move_that_is_not_the_persons_to_make_is_refused_with_the_reason(why):
    setup = Setup("reversi", "computer", "w" if why == Why.NOT_YOUR_TURN else "b", "bard")
    play = Play(setup)
    move = sorted(play.position.legal_moves())[0]
    if why == Why.REPLAY:
        play.pause()
    elif why == Why.GAME_OVER:
        play.request_resign()
    elif why == Why.ILLEGAL:
        move = 0  # a1: no disc can be placed there yet
    ply = play.game.ply
    assert play.request_move(move) == [Refused(why, move)]
    assert play.game.ply == ply


# --- the computer's turn ------------------------------------------------------------------


def test_the_computer_plays_no_sooner_than_its_move_can_be_followed():
    play = Play(Setup("reversi", "watch", level="bard", seed=3))
    # In a frame with nothing to draw the search may run to its end; the move
    # then waits for the next frame, and for the least time its thinking is shown.
    frames = 0
    while play.game.ply == 0:
        events = play.tick(frame())
        frames += 1
        assert frames < 600
    assert kinds(events) == [Moved] and events[0].by == Actor.COMPUTER
    assert frames * STEP >= SHOW_THINKING_AT_LEAST


def test_the_computer_waits_while_a_move_is_shown_and_while_the_player_looks_back():
    play = Play(Setup("reversi", "watch", level="bard", seed=3))
    assert run(play, 120, showing=True) == [] and play.search is None  # not even begun
    play.pause()
    assert run(play, 120) == [] and play.game.ply == 0
    play.resume()
    assert kinds(run(play, 40))[:1] == [Moved]


def test_the_computers_moves_follow_its_seed_and_budget():
    """The same seed and node budget: the same moves, whoever drives the frames."""
    def moves(dt: float) -> list[str]:
        play = Play(Setup("brandubh", "watch", level="ovate", seed=11))
        while play.game.ply < 6:
            play.tick(frame(dt))
        return play.game.move_texts()
    assert moves(STEP) == moves(0.5)


# --- forced passes ---------------------------------------------------------------------------


@pytest.mark.parametrize("pace, seconds", [(1.0, FORCED_PASS_SECONDS), (0.0, 0.6)])
def test_a_forced_pass_is_announced_then_plays_itself(pace, seconds):
    play = Play(Setup("reversi", "hotseat"), Game(from_code("reversi WB6/8/8/8/8/8/8/8 b")))
    assert play.state.only_pass and not play.may_move()
    assert play.tick(frame(pace=pace)) == [PassDue("b")]
    frames = 1
    while play.game.ply == 0:
        events = play.tick(frame(pace=pace))
        frames += 1
        assert frames < 600
    assert kinds(events) == [Moved] and events[0].by == Actor.FORCED
    assert frames * STEP == pytest.approx(seconds, abs=2 * STEP)


def test_a_forced_pass_waits_while_the_player_looks_back():
    play = Play(Setup("reversi", "hotseat"), Game(from_code("reversi WB6/8/8/8/8/8/8/8 b")))
    play.pause()
    assert run(play, 300) == [] and play.game.ply == 0
    play.resume()
    assert kinds(run(play, 300)) == [PassDue, Moved]


# --- draw offers -----------------------------------------------------------------------------


def test_on_one_device_an_offer_is_accepted_on_the_other_sides_turn():
    play = Play(Setup("tawlbwrdd", "hotseat"))
    assert play.offer_draw() == [DrawOffered(tafl.ATTACKERS)]
    assert play.offer_draw() == []  # the same side again: still only an offer
    play.request_move(play.position.legal_moves()[0])
    assert play.accepting_draw
    (ended,) = play.offer_draw()
    assert isinstance(ended, GameEnded) and ended.outcome.reason is Reason.DRAW_AGREED


def test_on_one_device_moving_on_declines_an_offer():
    play = Play(Setup("tawlbwrdd", "hotseat"))
    play.offer_draw()
    play.request_move(play.position.legal_moves()[0])  # the attackers, who offered
    play.request_move(play.position.legal_moves()[0])  # the defenders decline by moving
    assert play.draws.offered_by is None and not play.accepting_draw


def test_the_computer_weighs_an_offer_over_frames_and_answers():
    code = tafl_code("tawlbwrdd", ON_THE_CASTLE, "d")
    play = Play(Setup("tawlbwrdd", "computer", tafl.DEFENDERS, "druid"), Game(from_code(code)))
    assert play.offer_draw() == [] and play.draw_weighing is not None
    # A deadline already passed: each frame gets one slice, so the weighing spans frames.
    frames, events = 0, []
    while not events:
        events = play.tick(Frame(STEP, 0.0, nodes=NODES))
        frames += 1
        assert frames < 5000
    assert frames > 1
    assert kinds(events) == [DrawAnswered, GameEnded] and events[0].accepted


def test_draws_are_refused_where_the_game_has_none():
    play = Play(Setup("reversi", "hotseat"))
    assert play.offer_draw() == [Refused(Why.NOT_IN_THIS_MODE)]
    assert play.draws.offered_by is None


# --- the end of a game ------------------------------------------------------------------------


def test_the_move_that_ends_the_game_reports_its_end_once():
    play = Play(Setup("brandubh", "hotseat"),
                Game(from_code("brandubh 7/7/7/7/7/A6/1K3A1 d g1,a7,g7")))
    king = next(m for m in play.position.legal_moves() if play.position.move_text(m) == "b1-a1")
    events = play.request_move(king)
    assert kinds(events) == [Moved, GameEnded]
    assert events[1].outcome.winner == "d" and events[1].ply == 1
    assert run(play, 10) == []
    assert kinds(play.request_undo()) == [HistoryChanged] and not play.state.over
    assert kinds(play.request_redo()) == [HistoryChanged] and play.state.over  # no new end


def test_a_resignation_ends_the_game_and_undo_takes_it_back():
    play = Play(Setup("reversi", "computer", "b", "bard"))
    (ended,) = play.request_resign()
    assert ended.outcome.reason is Reason.RESIGNATION and ended.outcome.winner == "w"
    assert kinds(play.request_undo()) == [HistoryChanged] and not play.state.over


def test_undo_with_nothing_to_take_back_changes_nothing():
    play = Play(Setup("reversi", "hotseat"))
    assert play.request_undo() == [Refused(Why.NOTHING_TO_DO)]
    assert Play(Setup("reversi", "watch")).request_undo() == [Refused(Why.NOT_IN_THIS_MODE)]


# --- autosave: one place, after every change ------------------------------------------------


def test_the_game_is_saved_once_per_change_and_its_slot_emptied_at_its_end():
    storage = MemoryStorage()
    saves = []
    real = storage.save
    storage.save = lambda key, value: (saves.append(key), real(key, value))
    play = Play(Setup("brandubh", "hotseat"),
                Game(from_code("brandubh 7/7/7/7/7/A6/1K3A1 d g1,a7,g7")))
    play.storage = storage
    run(play, 5)
    assert saves == []  # nothing changed
    move = next(m for m in play.position.legal_moves() if play.position.move_text(m) == "b1-b2")
    play.request_move(move)
    assert saves == []  # saved by the next tick, the one place that saves
    run(play, 5)
    assert saves == [autosave_key("brandubh")]
    assert Play.from_dict(storage.load(autosave_key("brandubh"))).game.moves == [move]
    play.request_move((0, 1))  # refused: nothing changed, nothing saved
    run(play, 5)
    assert len(saves) == 1
    play.request_resign()
    run(play, 5)
    assert autosave_key("brandubh") not in storage.data  # over: its slot is emptied


# --- the snapshot --------------------------------------------------------------------------------


def test_the_outcome_is_worked_out_once_per_change_however_often_it_is_read(monkeypatch):
    play = Play(Setup("reversi", "hotseat"))
    calls = []
    real = Game.outcome
    monkeypatch.setattr(Game, "outcome", lambda game: calls.append(1) or real(game))
    for _ in range(50):
        assert play.human_to_move and not play.state.over and play.may_move()
    assert len(calls) == 1
    play.request_move(sorted(play.position.legal_moves())[0])
    calls.clear()
    for _ in range(50):
        assert not play.human_to_move or play.may_move()
    assert len(calls) <= 1  # worked out as the move was reported, or at the first read


def test_the_snapshot_follows_moves_made_on_the_record_itself():
    play = Play(Setup("reversi", "computer", "b", "bard"))
    assert play.human_to_move
    play.game.play(sorted(play.position.legal_moves())[0])
    assert play.computer_to_move and play.state.side == "w" and play.state.ply == 1


# --- hints, values and the analysis -----------------------------------------------


def test_a_hint_is_pending_from_the_ask_and_found_in_a_later_frame():
    play = Play(Setup("tawlbwrdd", "hotseat"))
    assert play.request_hint() == []
    assert play.hint_search.pending and play.hint is None
    events = run(play, 20)
    assert kinds(events) == [HintFound] and events[0].move == play.hint
    assert play.hint in play.position.legal_moves() and not play.hint_search.pending


def test_a_hint_is_refused_on_the_computers_turn():
    play = Play(Setup("reversi", "computer", "w", "bard"))
    assert play.request_hint() == [Refused(Why.NOT_YOUR_TURN)]


def test_the_analysis_runs_by_itself_at_the_end_and_goes_on_from_an_earlier_one():
    rng = random.Random(4)
    game = Game(start("modiar"))
    while game.outcome() is None:
        game.play(rng.choice(game.legal_moves()))
    moves = game.move_texts()
    play = Play(Setup("modiar", "hotseat"), Game(game.start, moves[:-1]))
    play.pause()  # looking back: the analysis may be asked for
    play.toggle_analysis()
    while play.analysis.running or not play.analysis.progress[0]:
        play.tick(frame())
    assert play.analysis.progress == (len(moves) - 1, len(moves) - 1)
    first_nodes = play.analysis.analysis.searched_nodes
    play.resume()
    last = next(m for m in play.position.legal_moves()
                if play.position.move_text(m) == moves[-1])
    assert kinds(play.request_move(last)) == [Moved, GameEnded]
    sliced = Frame(STEP, 0.0, nodes=NODES)  # one slice a frame: the analysis spans frames
    play.tick(Frame(STEP, 0.0, showing=True, nodes=NODES))
    assert not play.analysis.running  # not while the last move is still shown
    play.tick(sliced)
    assert play.analysis.running
    while play.analysis.running:
        play.tick(sliced)
    assert play.analysis.progress == (len(moves), len(moves))
    fresh = Analysis(game, nodes=NODES)
    assert play.analysis.analysis.results == fresh.run()  # as if analysed in one go
    went_on = play.analysis.analysis.searched_nodes - first_nodes
    assert went_on < fresh.searched_nodes // 2, "what was found before is searched again"


def test_values_are_searched_only_on_the_persons_turn():
    play = Play(Setup("reversi", "computer", "b", "bard"))
    play.toggle_values()
    run(play, 3)
    assert play.values.values is not None and play.values.values.position is play.position
    run(play, 3, showing=True)
    assert play.values.values is None


# --- the setup's stored form -----------------------------------------------------------------


def test_a_stored_setup_reads_back_with_its_mode_as_an_enum():
    stored = {"game": "tawlbwrdd", "mode": "hotseat", "human_side": "", "level": "bard",
              "seed": 4}
    setup = Setup.read(stored)
    assert setup.mode is Mode.HOTSEAT and setup.mode == "hotseat"
    # one level for both, and no clocks
    assert Play(setup).to_dict()["setup"] == {**stored, "second_level": "", "clock": ""}


@pytest.mark.parametrize("mode", ["chess", 3, None])
def test_a_stored_setup_with_an_unknown_mode_is_damaged(mode):
    with pytest.raises(RulesError):
        Setup.read({"game": "reversi", "mode": mode})


def test_the_start_search_the_computer_uses_is_the_modules_own(monkeypatch):
    """Tests and benchmarks bound the computer through `play.start_search`."""
    started = []
    real = play_module.start_search

    def counted(*args, **kwargs):
        started.append(args[0])
        return real(*args, **kwargs)
    monkeypatch.setattr(play_module, "start_search", counted)
    play = Play(Setup("reversi", "watch", level="bard"))
    run(play, 2)
    play2 = Play(Setup("reversi", "hotseat"))
    play2.request_hint()
    run(play2, 2)
    assert len(started) == 2
