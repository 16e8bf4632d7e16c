"""The Druid's analysis on the board: it starts by itself after a game, runs a
slice per frame (animations on, stepped clock), puts its marks in the move list
and the better move on the board in replay, can be stopped and resumed, and
never changes the game."""

from __future__ import annotations

import random

import pygame

from game.ai.levels import start_search
from game.rules import start
from game.rules.record import Game
from game.ui.board import scene as board_scene
from game.ui.board.scene import BoardScene
from game.ui.play import Play, Setup
from game.ui.scene import Push
from game.ui.theme import colour

from .driver import button, click, make_app, press, settle, steps

MAX_FRAMES = 20_000  # far more than any analysis here takes; a hang fails instead


def game_with_mistakes(name: str, seed: int, share: float, plies: int | None = None) -> Game:
    """The Druid (on a small budget) against itself, a seeded share of moves random."""
    rng = random.Random(seed)
    game = Game(start(name))
    while game.legal_moves() and (plies is None or game.ply < plies):
        if rng.random() < share:
            game.play(rng.choice(game.legal_moves()))
        else:
            game.play(start_search(game.position, "druid", history=game.repetition_keys(),
                                   nodes=300).run().move)
    return game


def open_board(app, name: str, game: Game) -> BoardScene:
    setup = Setup(name, "hotseat", start(name).SIDES[0], "druid", 0)
    app._apply(Push(BoardScene(app.ctx, Play(setup, game))))
    steps(app, 1)
    return app.scene


def run_analysis(app, scene: BoardScene) -> int:
    """Frames until the analysis has finished (or was stopped)."""
    for frame in range(MAX_FRAMES):
        if not scene.analysis.running:
            return frame
        steps(app, 1)
    raise AssertionError("the analysis never finished")


def test_after_the_last_move_the_druid_analyses_and_marks_the_moves(monkeypatch):
    app = make_app(monkeypatch)
    finished = game_with_mistakes("modiar", 3, 0.3)
    assert finished.outcome() is not None
    texts = finished.move_texts()
    scene = open_board(app, "modiar", Game(finished.start, texts[:-1]))
    assert not scene.analysis.shown
    last = scene.play.position.legal_moves()
    pit = next(m for m in last if scene.play.position.move_text(m) == texts[-1])
    click(app, scene.ui.view.cell(pit).center)  # the last move, played by a click
    settle(app)
    assert scene.game_over_panel
    before = scene.play.game.to_dict()
    steps(app, 1)
    assert scene.analysis.running  # by itself, once the game is over
    frames = run_analysis(app, scene)
    analysis = scene.analysis.analysis
    assert analysis is not None and analysis.done and frames >= 1
    assert analysis.progress == (len(texts), len(texts))
    marks = [result.mark for result in analysis.results]
    assert any(marks)
    assert [entry.mark for entry in scene.panel.move_entries()] == marks
    assert scene.play.game.to_dict() == before  # the game is as it was
    assert app.errors == []

    # Replay of a marked move shows the Druid's better pit, ringed on the board.
    ply = marks.index(next(mark for mark in marks if mark)) + 1
    press(app, "over-close")
    scene.show_ply(ply)
    steps(app, 2)
    better = scene.analysis.better_move(ply)
    assert better is not None and better != scene.play.game.moves[ply - 1]
    rect = scene.ui.view.cell(better)
    ring = app.screen.get_at((rect.centerx + int(rect.width * 0.42), rect.centery))
    r, g, b = ring[:3]
    assert g > r + 20 and g > b + 20, f"no green ring on the better pit: {ring}"
    # The graph under the move list answers a click with that move.
    graph = scene.analysis.graph
    assert graph.width > 0 and graph.bottom <= button(app, "replay-back").rect.top
    click(app, (graph.left + 1, graph.centery))
    assert scene.viewing == 0


def test_analysis_in_replay_runs_in_slices_and_can_be_stopped_and_resumed(monkeypatch):
    app = make_app(monkeypatch)
    # No time to spare in any frame: each frame then gives the analysis exactly one
    # slice (a few nodes), so how far it gets is counted in frames, not in seconds.
    monkeypatch.setattr(board_scene, "FRAME_BUDGET", 0.0)
    monkeypatch.setattr(board_scene, "QUIET_FRAME_BUDGET", 0.0)
    game = game_with_mistakes("brandubh", 5, 0.4, plies=14)
    scene = open_board(app, "brandubh", game)
    before = scene.play.game.to_dict()
    assert not button(app, "analyse").enabled  # only after the game, or in replay
    scene.show_ply(6)
    steps(app, 1)
    press(app, "analyse")
    assert scene.analysis.running
    frames = 0
    while scene.analysis.progress[0] < 3:
        steps(app, 1)
        frames += 1
        assert frames < MAX_FRAMES
    assert frames > 3 * 10, "a ply of 300 nodes should take many slices"
    assert button(app, "analyse").label == "board.stop_analysis"
    # The × on the progress bar stops it: nothing more is analysed.
    stop = scene.analysis.stop
    assert stop.width > 0
    click(app, stop.center)
    assert not scene.analysis.running
    kept = scene.analysis.progress[0]
    steps(app, 60)
    assert scene.analysis.progress[0] == kept
    assert button(app, "analyse").label == "board.analyse"
    press(app, "analyse")  # goes on from where it stopped
    assert scene.analysis.running
    run_analysis(app, scene)
    assert scene.analysis.complete and scene.analysis.progress == (14, 14)
    assert scene.play.game.to_dict() == before and scene.viewing == 6
    assert not button(app, "analyse").enabled  # nothing more to analyse
    assert app.errors == []


def test_an_undo_after_the_game_forgets_the_analysis(monkeypatch):
    app = make_app(monkeypatch)
    finished = game_with_mistakes("modiar", 4, 0.3)
    scene = open_board(app, "modiar", Game(finished.start, finished.move_texts()))
    steps(app, 2)
    assert scene.analysis.shown
    press(app, "over-undo")
    steps(app, 2)
    assert not scene.analysis.shown  # a different game now: its verdicts do not hold
    assert all(entry.mark == "" for entry in scene.panel.move_entries())


def test_the_graph_and_marks_are_drawn_on_a_phone(monkeypatch):
    app = make_app(monkeypatch, size=(390, 844))
    finished = game_with_mistakes("modiar", 3, 0.3)
    scene = open_board(app, "modiar", Game(finished.start, finished.move_texts()))
    run_analysis(app, scene)
    press(app, "over-close")
    pygame.event.pump()
    steps(app, 2)
    graph = scene.analysis.graph
    assert graph.height > 10 and scene.panel.moves_rect.height > 0
    assert graph.top >= scene.panel.moves_rect.bottom
    inside = app.screen.get_at((graph.left + 2, graph.bottom - 2))[:3]
    assert inside in (colour("graph_first")[:3], colour("graph_second")[:3])


def test_reversi_values_on_every_legal_square_deepen_and_follow_the_game(monkeypatch):
    app = make_app(monkeypatch)
    rng = random.Random(1)
    game = Game(start("reversi"))
    for _ in range(20):
        game.play(rng.choice(game.legal_moves()))
    scene = open_board(app, "reversi", game)
    before = scene.play.game.to_dict()
    press(app, "values")
    assert button(app, "values").selected
    for _ in range(MAX_FRAMES):
        found = scene.move_values.values
        if found is not None and found.round >= 2:
            break
        steps(app, 1)
    moves = scene.play.position.legal_moves()
    assert set(found.values) == set(moves)
    assert scene.play.game.to_dict() == before  # looking changes nothing
    # The best value is drawn on its square: the square looks different without it.
    square = scene.ui.view.cell(found.best())

    def pixels() -> list:
        return [tuple(app.screen.get_at((x, square.centery))[:3])
                for x in range(square.left + 2, square.right - 2)]

    shown = pixels()
    press(app, "values")
    steps(app, 1)
    assert pixels() != shown
    press(app, "values")
    for _ in range(MAX_FRAMES):
        if scene.move_values.values is not None and scene.move_values.values.round >= 1:
            break
        steps(app, 1)
    moves = scene.play.position.legal_moves()
    # A move played: the values start again for the new position.
    click(app, scene.ui.view.cell(moves[0]).center)
    settle(app)
    steps(app, 2)
    if scene.play.may_move(scene.animation is not None):
        assert scene.move_values.values.position is scene.play.position
    press(app, "values")
    assert scene.move_values.values is None and not button(app, "values").selected
    assert app.errors == []


def test_only_reversi_offers_values(monkeypatch):
    app = make_app(monkeypatch)
    open_board(app, "modiar", Game(start("modiar")))
    try:
        button(app, "values")
    except LookupError:
        return
    raise AssertionError("Modiar's board offers values")


def test_a_verdict_puts_the_unit_after_numbers_and_none_after_won_or_lost():
    from game.ai.analysis import UNITS
    from game.ui import i18n
    from game.ui.analysis_view import value_with_unit

    i18n.set_language("en")
    tafl, reversi = UNITS["brandubh"], UNITS["reversi"]
    assert value_with_unit(tafl.win + 5, tafl) == "won"  # not "won points"
    assert value_with_unit(-tafl.win - 5, tafl) == "lost"
    assert value_with_unit(40, tafl) == "+40 points"
    assert value_with_unit(-3.5, reversi) == "−3.5 discs"


def click_move(app, scene: BoardScene, text: str) -> None:
    """Play the move written `text` by clicking it, as a player would."""
    position = scene.play.position
    move = next(m for m in position.legal_moves() if position.move_text(m) == text)
    for square in scene.ui.move_squares(move):
        click(app, scene.ui.view.cell(square).center)
    settle(app)


def analyse_in_replay(app, scene: BoardScene, ply: int) -> None:
    scene.show_ply(ply)
    steps(app, 1)
    press(app, "analyse")
    run_analysis(app, scene)
    press(app, "replay-back")


def test_an_analysis_begun_in_replay_covers_every_move_once_the_game_is_over(monkeypatch):
    app = make_app(monkeypatch)
    finished = game_with_mistakes("modiar", 3, 0.3)
    texts = finished.move_texts()
    total = len(texts)
    scene = open_board(app, "modiar", Game(finished.start, texts[:-2]))
    analyse_in_replay(app, scene, 2)
    assert scene.analysis.progress == (total - 2, total - 2)
    for text in texts[-2:]:
        click_move(app, scene, text)
    assert scene.play.game.outcome() is not None and scene.game_over_panel
    for _ in range(MAX_FRAMES):
        if scene.analysis.complete and scene.analysis.progress[0] == total:
            break
        steps(app, 1)
    assert scene.analysis.progress == (total, total), "the last moves were never analysed"
    assert all(scene.analysis.result(ply) is not None for ply in range(1, total + 1))
    marks = [entry.mark for entry in scene.panel.move_entries()]
    assert len(marks) == total
    press(app, "over-close")
    assert not button(app, "analyse").enabled  # every move has its verdict
    assert app.errors == []


def test_analyse_is_offered_again_once_moves_lack_a_verdict(monkeypatch):
    app = make_app(monkeypatch)
    game = game_with_mistakes("brandubh", 5, 0.4, plies=10)
    scene = open_board(app, "brandubh", game)
    analyse_in_replay(app, scene, 4)
    assert scene.analysis.progress == (10, 10)
    click_move(app, scene, scene.play.position.move_text(scene.play.position.legal_moves()[0]))
    assert scene.play.game.ply == 11
    scene.show_ply(4)
    steps(app, 1)
    assert button(app, "analyse").enabled, "a move lacks its verdict: Analyse is offered"
    press(app, "analyse")
    run_analysis(app, scene)
    assert scene.analysis.progress == (11, 11)
    assert scene.analysis.result(11) is not None
    assert app.errors == []


def colour_in(surface: pygame.Surface, rect: pygame.Rect, wanted: tuple[int, ...]) -> bool:
    """Whether some pixel of `rect` is near `wanted` (text is antialiased)."""
    return any(all(abs(a - b) <= 12 for a, b in zip(surface.get_at((x, y))[:3], wanted[:3],
                                                     strict=True))
               for x in range(rect.left, rect.right) for y in range(rect.top, rect.bottom))


def test_the_result_panel_sums_up_each_sides_play_once_the_analysis_is_done(monkeypatch):
    from game.ui.analysis_view import mark_colour

    app = make_app(monkeypatch, size=(360, 640))
    finished = game_with_mistakes("modiar", 3, 0.3)
    scene = open_board(app, "modiar", Game(finished.start, finished.move_texts()))
    steps(app, 1)
    assert scene.game_over_panel and scene.analysis.running
    box, table = scene.result.box.copy(), scene.result.summary_rect.copy()
    assert scene.result.summary.summary() is None  # not before every move has its verdict
    assert not colour_in(app.screen, table, mark_colour("??"))  # the progress, not the table
    run_analysis(app, scene)
    steps(app, 1)
    assert scene.result.box == box and scene.result.summary_rect == table  # no jump
    # Each side's counts and accuracy, worked out here from the verdicts.
    results = scene.analysis.analysis.results
    for found in scene.result.summary.summary():
        marks = [result.mark for result in results if result.side == found.side]
        assert found.moves == len(marks)
        assert found.counts == {mark: marks.count(mark) for mark in ("?!", "?", "??")}
        assert found.accuracy == 100 * marks.count("") // len(marks)
    # The table is drawn inside the panel, above its buttons, its marks in their colours.
    assert box.contains(table) and table.bottom <= button(app, "rematch").rect.top
    assert app.screen.get_rect().contains(box)
    for mark in ("?!", "?", "??"):
        assert colour_in(app.screen, table, mark_colour(mark)), mark
    assert app.errors == []


def test_values_in_words_are_for_the_side_they_favour():
    from game.ai.analysis import UNITS
    from game.ui import i18n
    from game.ui.analysis_view import value_for_side

    i18n.set_language("en")
    tafl, reversi = UNITS["brandubh"], UNITS["reversi"]
    assert value_for_side(3.5, reversi, "b", "bw") == "+3.5 discs for Black"
    assert value_for_side(-3.5, reversi, "b", "bw") == "+3.5 discs for White"  # never a minus
    assert value_for_side(0, reversi, "w", "bw") == "even"
    assert value_for_side(-40, tafl, "a", "ad") == "+40 points for Defenders"
    assert value_for_side(tafl.win + 5, tafl, "d", "ad") == "a win for Defenders"
    assert value_for_side(-tafl.win - 5, tafl, "d", "ad") == "a win for Attackers"


def test_a_value_with_decimals_is_written_as_the_language_writes_it():
    from game.ai.analysis import UNITS
    from game.ui import i18n
    from game.ui.analysis_view import format_value

    reversi = UNITS["reversi"]
    try:
        for language, ahead, behind in (("en", "+3.5", "−0.5"), ("ga", "+3.5", "−0.5"),
                                        ("da", "+3,5", "−0,5")):
            i18n.set_language(language)
            assert format_value(3.5, reversi) == ahead
            assert format_value(-0.5, reversi) == behind
    finally:
        i18n.set_language("en")


def test_the_verdict_and_the_graph_name_the_side_each_value_favours(monkeypatch):
    from game.ui.analysis_view import AnalysisView

    app = make_app(monkeypatch)
    finished = game_with_mistakes("reversi", 2, 0.3)
    scene = open_board(app, "reversi", Game(finished.start, finished.move_texts()))
    run_analysis(app, scene)
    press(app, "over-close")
    results = scene.analysis.analysis.results
    # A marked move whose value after is below zero for its mover: the words give it,
    # unsigned, to the other side.
    verdict = next(r for r in results if r.mark and r.value_after < 0)
    scene.show_ply(verdict.ply)
    steps(app, 2)
    other = "White" if verdict.side == "b" else "Black"
    text, _ = scene.analysis.caption(verdict.ply)
    lost = -verdict.value_after
    assert text.startswith(f"{verdict.move}{verdict.mark}: +{lost:g} discs for {other};"), text
    assert f"{verdict.best} was better: " in text
    # The graph's edges: the span for each side, labelled on the graph itself.
    assert scene.analysis.scale_labels() == ("+32 discs for Black", "+32 discs for White")
    graph = scene.analysis.graph.copy()
    assert graph.height > 40
    labelled = app.screen.subsurface(graph).copy()
    monkeypatch.setattr(AnalysisView, "_draw_scale", lambda *args: None)
    scene.redraw()
    steps(app, 1)
    plain = app.screen.subsurface(graph).copy()
    top_left = pygame.Rect(2, 2, graph.width // 4, graph.height // 4)
    differs = [labelled.get_at(p) != plain.get_at(p) for p in
               ((x, y) for x in range(top_left.left, top_left.right)
                for y in range(top_left.top, top_left.bottom))]
    assert any(differs), "no label at the graph's top"
    assert app.errors == []


def test_reversis_flip_counts_have_a_key_below_the_move_list(monkeypatch):
    app = make_app(monkeypatch)
    game = Game(start("reversi"), ["f5", "d6", "c3"])
    scene = open_board(app, "reversi", game)
    steps(app, 1)
    moves = scene.panel.move_list
    assert moves.key_rect.height > 0 and moves.area.contains(moves.key_rect)
    assert all(rect.bottom <= moves.key_rect.top for _, rect in moves.hits)
    assert [entry.note.text for entry in scene.panel.move_entries()] == ["·1", "·1", "·1"]
    # A game whose notes are not numbers has no key.
    modiar = open_board(app, "modiar", Game(start("modiar"), ["S3", "N3"]))
    steps(app, 1)
    assert modiar.panel.move_list.key_rect.height == 0
    assert app.errors == []
