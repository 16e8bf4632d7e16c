"""The setup scene's notes: under the game's name (Brandubh's rules are a
reconstruction) and under the level buttons (what the level means)."""

from __future__ import annotations

import pytest

from game.ui import i18n
from game.ui.app import App
from game.ui.setup import SetupScene

from .driver import make_app, press, steps


def open_setup(monkeypatch, game: str, size=(1280, 800),
               language: str = "en") -> tuple[App, SetupScene]:
    app = make_app(monkeypatch, size=size)
    app.ctx.change("language", language)
    scene = SetupScene(app.ctx, game)
    app._push(scene)
    steps(app, 1)
    return app, scene


def choose(app, scene: SetupScene, **names: str) -> str:
    for field, value in names.items():
        press(app, f"{field}-{value}")
    steps(app, 1)
    return scene.level_note()


def test_the_note_says_what_the_level_means(monkeypatch):
    app, scene = open_setup(monkeypatch, "reversi")
    for level in ("bard", "ovate", "druid"):
        note = choose(app, scene, mode="computer", level=level)
        assert note == i18n.t(f"level.{level}.about")
    assert choose(app, scene, mode="hotseat") == ""  # no computer, no level, no note
    assert scene.note_area is None
    assert app.errors == []


def test_brandubh_levels_play_both_sides_alike_so_the_note_is_the_level_alone(monkeypatch):
    """No handicap is left: whichever side the computer takes, the note says
    what the level means and nothing more."""
    app, scene = open_setup(monkeypatch, "brandubh")
    for side in ("a", "d", "random"):
        for level in ("bard", "ovate", "druid"):
            note = choose(app, scene, mode="computer", side=side, level=level)
            assert note == i18n.t(f"level.{level}.about")


@pytest.mark.parametrize("size", [(360, 640), (1280, 800)])
@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_the_longest_note_fits_between_the_level_buttons_and_the_footer(monkeypatch, size,
                                                                         language):
    app, scene = open_setup(monkeypatch, "brandubh", size=size, language=language)
    choose(app, scene, mode="computer", side="a", level="ovate")
    area = scene.note_area
    assert area is not None and area.height > 0
    assert scene.box.contains(area)
    assert area.top >= scene.level_buttons[0].rect.bottom
    assert area.bottom <= min(b.rect.top for b in scene.footer)
    assert app.errors == []


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_every_setup_button_label_fits_its_button_on_a_small_phone(monkeypatch, language):
    """Long labels ("Against the computer" in Irish) go on two lines rather than
    spill over the button's edge at 360 px."""
    from game.ui.theme import font
    from game.ui.widgets import label_lines, label_width

    _, scene = open_setup(monkeypatch, "brandubh", size=(360, 640), language=language)
    for button in scene.all_buttons() + scene.footer:
        if not button.rect.width:
            continue
        width = label_width(button.rect)
        lines, size = label_lines(button.text, scene.unit, width)
        assert 1 <= len(lines) <= 2 and " ".join(lines) == button.text
        assert all(font(size).size(line)[0] <= width for line in lines), (button.text, size)
        assert font(size).get_linesize() * len(lines) <= button.rect.height


def test_a_short_label_stays_on_one_line_at_full_size():
    from game.ui.widgets import label_lines

    assert label_lines("Bard", 20, 200) == (["Bard"], 20)


@pytest.mark.parametrize("language", ["en", "ga", "da"])
@pytest.mark.parametrize("size", [(1280, 800), (390, 844), (360, 640)])
def test_brandubh_setup_says_its_rules_are_a_reconstruction_above_the_choices(
        monkeypatch, language, size):
    _app, scene = open_setup(monkeypatch, "brandubh", size=size, language=language)
    lines = scene._header_lines(scene.box.width)
    assert " ".join(lines).split() == i18n.t("setup.reconstruction").split()
    first_label_top = scene.mode_buttons[0].rect.top - scene._label_room()
    bottom = scene.box.top + int(scene.unit * 4.5) + len(lines) * scene._header_step()
    assert bottom <= first_label_top  # the note never runs under the first row's label
    assert scene.footer[0].rect.bottom <= scene.box.bottom <= size[1]


@pytest.mark.parametrize("game", ["tawlbwrdd", "reversi", "modiar"])
def test_other_games_have_no_setup_note(monkeypatch, game):
    _app, scene = open_setup(monkeypatch, game, size=(390, 844))
    assert scene.header_note() == "" and scene._header_lines(scene.box.width) == []
