"""Every text fits: in every scene (the screenshots' list, game/ui/screenshots.py),
at every window size the app supports, in all three languages, no text is cut
off by (or touches) the edge of what holds it — its button, the panel under it,
the window or the image it is drawn into — and none runs into another text or a
button not its own.  The record of what was drawn is game/ui/text_log.py.

A new scene is checked once it is in `screenshots.scenes`.  English is checked
at every size; Irish and Danish (longer words) at the phone sizes, where room
is shortest, and at pixel ratio 2.
"""

from __future__ import annotations

import pygame
import pytest

from game.ui import screenshots, text_log
from game.ui.theme import set_pixel_ratio

from .driver import make_app, steps

PHONES = [(320, 480), (360, 640), (390, 844), (800, 480)]
DESKTOPS = [(1280, 800), (1920, 1080)]
LANGUAGES = ["en", "ga", "da"]
CASES = [(size, 1, "en", False) for size in PHONES + DESKTOPS] + \
    [(size, 1, language, False) for size in PHONES for language in ("ga", "da")] + \
    [((720, 1280), 2, language, False) for language in LANGUAGES] + \
    [(size, 1, language, True) for size in PHONES[:3] for language in LANGUAGES]
# The last: in a browser, where the menu has no Quit (its buttons share the room).
# There, the scenes the browser changes: the menu, the friends' list and boards
# (links are pasted, not read from a file), and a board of each game (its
# commands); every scene is checked in all three languages at these sizes above.
WEB_SCENES = ("menu", "friend", "-midgame")


def frame_problems(app) -> list[str]:
    """What is cut off or overlaps in the next frame, after a fresh layout of
    every scene (boards and rules pages draw their images when laid out)."""
    with text_log.recording() as log:
        for scene in app.scenes:
            scene.resize(app.screen.get_size())
        app.redraw()
        steps(app, 1)
    return text_log.problems(log)


def fit_app(monkeypatch, size, ratio, language, web=False):
    # Animations off: the test measures still frames, not how moves move.
    app = make_app(monkeypatch, size=size, animation="off")
    app.ctx.is_web = web
    app.resize(size, pixel_ratio=ratio)
    app.ctx.change("language", language)
    steps(app, 1)
    return app


@pytest.mark.parametrize(("size", "ratio", "language", "web"), CASES,
                         ids=[f"{w}x{h}-x{ratio}-{language}{'-web' if web else ''}"
                              for (w, h), ratio, language, web in CASES])
def test_every_text_fits_every_scene(monkeypatch, size, ratio, language, web):
    app = fit_app(monkeypatch, size, ratio, language, web)
    found = []
    try:
        for name, make in screenshots.scenes(app).items():
            if web and not any(part in name for part in WEB_SCENES):
                continue
            screenshots.show_scene(app, make)
            steps(app, 2)
            for problem in frame_problems(app):  # once each (a page repeats its boards)
                if f"{name}: {problem}" not in found:
                    found.append(f"{name}: {problem}")
    finally:
        set_pixel_ratio(1)
    assert app.errors == []
    assert not found, f"{len(found)} at {size} ×{ratio} {language}:\n" + "\n".join(found)


@pytest.mark.parametrize("size", [(390, 844), (800, 480), (1280, 800)])
def test_the_viewed_move_stays_in_the_move_list_with_the_analysis_open(monkeypatch, size):
    """Opening the analysis takes room from the move list; the list keeps three
    lines where there is room, two on a crowded phone, and the move on show
    (looked back at) stays among them."""
    from game.rules import start
    from game.rules.record import Game
    from game.ui.board.scene import BoardScene
    from game.ui.play import Play, Setup
    from game.ui.scene import Push

    app = fit_app(monkeypatch, size, 1, "en")
    game = Game(start("reversi"))
    while game.ply < 40:
        game.play(game.legal_moves()[0])
    setup = Setup("reversi", "hotseat", "b", "druid", 0)
    app._apply(Push(BoardScene(app.ctx, Play(setup, game))))
    steps(app, 1)
    scene = app.scene
    moves = scene.panel.move_list
    lines_before = moves.capacity
    scene.show_ply(1)
    steps(app, 1)
    viewed = max(ply for ply, _ in moves.hits)  # a move on the list's last line on show
    scene.show_ply(viewed)
    steps(app, 1)
    assert moves.rect_of(viewed) is not None
    scene.toggle_analysis()
    steps(app, 2)
    assert scene.analysis.shown and scene.analysis.rect.height > 0
    assert moves.rows >= min(2, lines_before), f"the list keeps {moves.rows} line"
    assert moves.rect_of(viewed) is not None, "the move on show left the list"
    assert app.errors == []


def recorded(app) -> text_log.Log:
    with text_log.recording() as log:
        for scene in app.scenes:
            scene.resize(app.screen.get_size())
        app.redraw()
        steps(app, 1)
    return log


def test_tawlbwrdd_rank_numbers_are_never_cut_on_a_phone(monkeypatch):
    """On the menu card and the rules diagrams at 360×640, ranks 10 and 11 show
    whole (or, on a board too small for them, not at all) — never cut to 0 and 1."""
    from game.ui.rules import RulesScene
    app = fit_app(monkeypatch, (360, 640), 1, "en")
    scene = RulesScene(app.ctx, "tawlbwrdd")
    app._push(scene)
    scene.show_first_pair()
    steps(app, 1)
    numbers = [d for d in recorded(app).texts if d.text in ("10", "11")]
    assert numbers, "the rules diagrams show their rank numbers"
    app._pop(None)
    steps(app, 1)
    numbers += [d for d in recorded(app).texts if d.text in ("10", "11")]
    for drawn in numbers:
        assert drawn.room.contains(drawn.ink), f"{drawn.text} cut at {tuple(drawn.ink)}"


@pytest.mark.parametrize("size", [(390, 844), (360, 640), (320, 480)])
def test_modiar_pit_labels_stay_apart_on_the_menu_card(monkeypatch, size):
    """A saved Modiar game with two-digit pits: the labels round its card's
    board never run together."""
    from game.rules import from_code
    from game.rules.record import Game
    from game.ui.play import Play, Setup, save_play
    app = fit_app(monkeypatch, size, 1, "en")
    save_play(app.ctx.storage, Play(Setup("modiar", "hotseat", "s", "bard", 0),
                                    Game(from_code("modiar 3,16,18,1,2,2 0,0 s 0"))))
    app.scene.enter()
    window = id(pygame.display.get_surface())
    labels = [d for d in recorded(app).texts if d.layer == window and
              ((d.text[:1] in "SN" and d.text[1:2].isdigit()) or d.text.isdigit())]
    assert labels or size == (320, 480), "the card's board shows its pits' counts"
    for i, a in enumerate(labels):
        for b in labels[i + 1:]:
            assert not a.ink.colliderect(b.ink), f"{a.text!r} runs into {b.text!r}"


@pytest.mark.parametrize("size", [(360, 640), (390, 844)])
def test_an_irish_result_title_stays_clear_of_the_close_cross(monkeypatch, size):
    from game.rules import from_code
    from game.rules.record import Game
    from game.ui.board.scene import BoardScene
    from game.ui.play import Play, Setup
    from game.ui.scene import Push
    app = fit_app(monkeypatch, size, 1, "ga")
    stuck = from_code("modiar 1,1,1,2,1,0 17,19 s 0")  # over: North wins
    app._apply(Push(BoardScene(app.ctx, Play(Setup("modiar", "hotseat", "s", "bard", 0),
                                             Game(stuck)))))
    steps(app, 2)
    scene = app.scene
    assert scene.game_over_panel
    close = scene.result.close_button.rect
    title = [d for d in recorded(app).texts if d.room == scene.result.box and
             d.ink.top < close.bottom]
    assert title, "the title is drawn beside the ×"
    for drawn in title:
        assert not drawn.ink.colliderect(close), f"{drawn.text!r} runs under the ×"


def test_modiar_keeps_room_for_its_smallest_label(monkeypatch):
    """The strip Modiar's layout keeps for its pit labels (measured without a
    loaded font) holds the smallest label the view draws."""
    from game.ui.theme import font
    from game.ui.views.base import MIN_FONT_PIXELS
    from game.ui.views.modiar import LEAST_LABEL_HEIGHT
    make_app(monkeypatch, animation="off")
    assert font(MIN_FONT_PIXELS, bold=True).get_height() <= LEAST_LABEL_HEIGHT
