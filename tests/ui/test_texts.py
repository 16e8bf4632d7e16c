"""The words themselves: our own (not the rule sheets'), and grammar that the
catalogues can get wrong in ways a layout test never sees."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest

from game.ui import i18n

# The rule sheets and the tool that compares texts with them live beside the
# project (../shared), not in it.
OVERLAP_TOOL = Path(__file__).resolve().parents[2].parent / "shared" / "tools" / "seed_overlap.py"


def texts(language: str) -> dict[str, str]:
    """Every text of a catalogue, plural forms as `key.form`."""
    found = {}
    for key, entry in i18n.catalogue(language).items():
        forms = entry.items() if isinstance(entry, dict) else [(None, entry)]
        for form, text in forms:
            found[f"{key}.{form}" if form else key] = text
    return found


def in_language(language: str, key: str, **values) -> str:
    previous = i18n.language()
    i18n.set_language(language)
    try:
        return i18n.t(key, **values)
    finally:
        i18n.set_language(previous)


@pytest.mark.skipif(not OVERLAP_TOOL.exists(), reason="../shared/tools is not beside the project")
def test_no_text_shares_a_run_of_six_words_with_a_rule_sheet(capsys):
    spec = importlib.util.spec_from_file_location("seed_overlap", OVERLAP_TOOL)
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    status = tool.main([str(path) for language in i18n.LANGUAGES
                        for path in i18n.catalogue_paths(language)])
    assert status == 0, capsys.readouterr().out


@pytest.mark.parametrize(("count", "shown"), [
    (1, "1 chloch"), (2, "2 chloch"), (7, "7 gcloch"), (11, "11 chloch"), (12, "12 chloch"),
    (17, "17 gcloch"), (20, "20 cloch"), (27, "27 gcloch"), (30, "30 cloch"), (42, "42 chloch"),
])
def test_irish_counts_mutate_the_noun_as_their_last_digit_asks(count, shown):
    # aon chloch déag, dhá chloch dhéag, seacht gcloch déag, fiche cloch, ...
    assert in_language("ga", "panel.south_captured", count=count) == \
        f"Gafa ag an Taobh Theas: {shown}"


@pytest.mark.parametrize("language", ["ga", "da"])
def test_side_names_stand_only_where_a_name_can_start(language):
    # Irish and Danish side names carry their article and a capital ("An Taobh
    # Theas", "Angriberne"), which reads right at the start of a text or after a
    # colon ("Vinder: Angriberne") but not inside a sentence ("Du spiller
    # Angriberne", "ag An Taobh Theas").
    for key, text in texts(language).items():
        for found in re.finditer(r"\{(side|winner)\}", text):
            before = text[:found.start()]
            assert before == "" or before.endswith(": "), (language, key, text)


@pytest.mark.parametrize(("language", "stem"), [("en", "sav"), ("ga", "bháil"), ("da", "gem")])
def test_a_storage_notice_does_not_name_its_item_by_what_failed(language, stem):
    # "The saved game could not be saved" says nothing; each name of a stored
    # item must read well in every notice about it.
    catalogue = i18n.catalogue(language)
    items = [key for key in catalogue if key.startswith("storage.")]
    for notice in ("notice.damaged", "notice.outdated", "notice.unsaved", "notice.newer",
                   "notice.other_tab"):
        for item in items:
            text = in_language(language, notice, what=in_language(language, item))
            assert text.lower().count(stem) <= 1, (language, notice, item, text)


def test_irish_calls_a_legal_move_dleathach():
    # "dlíthiúil" is "to do with the law"; a move allowed by the rules is "dleathach".
    wrong = {key: text for key, text in texts("ga").items()
             if "dlíthiú" in text.lower()}
    assert wrong == {}
