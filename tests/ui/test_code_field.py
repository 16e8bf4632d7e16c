"""The code field: select-all, and refusals in plain words in every language."""

from __future__ import annotations

import pygame
import pytest

from game.platform import clipboard
from game.rules import from_code
from game.rules.base import CodeError
from game.rules.modiar import TOTAL as MODIAR_STONES
from game.ui import i18n
from game.ui.code_errors import explain
from game.ui.dialogs import CodeDialog
from game.ui.i18n import t
from game.ui.scene import Push
from game.ui.theme import colour

from .driver import key, make_app, post, press, steps

# A bad code of each kind the engines report, and the game it was for.
BAD_CODES = {
    "unknown_game": ("chess 8/8 w", None),
    "not_ascii": ("brandubh 7/7/7/7/7/7/7 a ‑", None),
    "spacing": ("reversi  8/8/8/8/8/8/8/8 b", None),
    "field_count": ("brandubh 2AAA2/7/A1DDD1A/A1DKD1A/A1DDD1A/7/2AAA2 a - extra", "brandubh"),
    "board_shape": ("brandubh 2AAA2/7 a -", "brandubh"),
    "bad_piece": ("reversi 8/8/8/3WX3/3BW3/8/8/8 b", "reversi"),
    "bad_side": ("reversi 8/8/8/3WB3/3BW3/8/8/8 a", "reversi"),
    "piece_count": ("brandubh AAAAAAA/AAAAAAA/7/3K3/7/7/7 a -", "brandubh"),
    "piece_placement": ("brandubh 7/7/7/3A3/7/7/7 a -", "brandubh"),
    "visited": ("brandubh 7/7/7/3K3/7/7/7 a z9", "brandubh"),
    "stone_count": ("modiar 7,7,7,7,7 0,0 s 1", "modiar"),
    "stone_total": ("modiar 7,7,7,7,7,6 0,0 s 1", "modiar"),
    "first_flag": ("modiar 7,7,7,7,7,7 0,0 s 2", "modiar"),
}


def refusal(code: str) -> CodeError:
    with pytest.raises(CodeError) as caught:
        from_code(code)
    return caught.value


@pytest.mark.parametrize("kind", sorted(BAD_CODES))
def test_every_refused_code_has_a_stable_kind_and_the_game_it_was_for(kind):
    code, game = BAD_CODES[kind]
    error = refusal(code)
    assert error.kind == kind
    if game is not None:
        assert error.game == game


@pytest.mark.parametrize("language", i18n.LANGUAGES)
@pytest.mark.parametrize("kind", sorted(BAD_CODES))
def test_each_kind_has_its_own_plain_sentence_in_every_language(kind, language):
    code, game = BAD_CODES[kind]
    error = refusal(code)
    i18n.set_language(language)
    try:
        sentence = explain(error)
        assert sentence == t(f"code_error.{kind}", game=t(f"game.{game}") if game else "",
                             total=MODIAR_STONES)
        assert sentence != t("code_error.generic") and "⟦" not in sentence
        assert "{" not in sentence and str(error) not in sentence
        if game is not None:
            assert t(f"game.{game}") in sentence
    finally:
        i18n.set_language("en")


def test_a_kind_without_its_own_sentence_gets_the_generic_one():
    assert explain(CodeError("something new", "a_kind_from_the_future")) == \
        t("code_error.generic")
    assert explain(CodeError("no game known", "board_shape")) == t("code_error.generic")


def open_dialog(monkeypatch, text: str = "brandubh 7/7 a -"):
    app = make_app(monkeypatch)
    dialog = CodeDialog(app.ctx, text)
    app._apply(Push(dialog))
    steps(app, 1)
    return app, dialog


def test_the_dialog_says_a_refusal_in_plain_words(monkeypatch):
    app, dialog = open_dialog(monkeypatch)
    key(app, pygame.K_RETURN)
    assert app.scene is dialog
    assert dialog.error == "The board part of the code has the wrong size for Brandubh"


def test_ctrl_a_selects_all_and_typing_replaces_it(monkeypatch):
    app, dialog = open_dialog(monkeypatch)
    key(app, pygame.K_a, mod=pygame.KMOD_LCTRL)
    assert dialog.all_selected
    post(pygame.TEXTINPUT, text="r")
    steps(app, 1)
    assert dialog.text == "r" and not dialog.all_selected
    post(pygame.TEXTINPUT, text="eversi")
    steps(app, 1)
    assert dialog.text == "reversi"


@pytest.mark.parametrize("mod", [pygame.KMOD_LMETA, pygame.KMOD_LGUI, pygame.KMOD_RCTRL])
def test_cmd_a_selects_all_and_backspace_deletes_it_all(monkeypatch, mod):
    app, dialog = open_dialog(monkeypatch)
    key(app, pygame.K_a, mod=mod)
    key(app, pygame.K_BACKSPACE)
    assert dialog.text == "" and not dialog.all_selected


def test_select_all_then_paste_replaces_and_moving_the_caret_ends_the_selection(monkeypatch):
    app, dialog = open_dialog(monkeypatch)
    monkeypatch.setattr(clipboard, "paste",
                        lambda done, **_: done("modiar 7,7,7,7,7,7 0,0 s 1"))
    key(app, pygame.K_a, mod=pygame.KMOD_LCTRL)
    key(app, pygame.K_v, mod=pygame.KMOD_LCTRL)
    assert dialog.text == "modiar 7,7,7,7,7,7 0,0 s 1" and not dialog.all_selected
    key(app, pygame.K_a, mod=pygame.KMOD_LCTRL)
    key(app, pygame.K_END)
    key(app, pygame.K_BACKSPACE)
    assert dialog.text == "modiar 7,7,7,7,7,7 0,0 s "
    key(app, pygame.K_a)  # a plain "a" key (no Ctrl) selects nothing
    assert not dialog.all_selected


def test_selected_text_is_shown_highlighted(monkeypatch):
    app, dialog = open_dialog(monkeypatch)
    # Just left of the first letter: the field's background, then the highlight.
    probe = (dialog.field.left + dialog.unit // 2 - 1, dialog.field.centery)
    before = tuple(app.screen.get_at(probe))[:3]
    key(app, pygame.K_a, mod=pygame.KMOD_LCTRL)
    after = tuple(app.screen.get_at(probe))[:3]
    assert before == colour("background")[:3]
    assert after == colour("accent_dark")[:3]
    press(app, "clear")
    assert not dialog.all_selected and dialog.text == ""


def test_a_record_file_with_a_bad_code_is_refused_in_the_same_words(monkeypatch, tmp_path):
    """The code dialog hands the board a game, never text: the other place a
    code is refused is a record opened as the app starts (--open)."""
    code = BAD_CODES["bad_side"][0]
    record = tmp_path / "game.txt"
    record.write_text(f"{code}\n1. d3\n", encoding="utf-8")
    app = make_app(monkeypatch, open_file=str(record))
    assert app.notice is not None and app.notice[0] == explain(refusal(code))
    assert app.notice[0] == "The code does not say whose turn it is in a way Reversi understands"
    assert type(app.scene).__name__ == "MenuScene" and len(app.scenes) == 1
