"""docs/rules.md stays true to the engines: its position codes and its perft counts.

Every inline code span of the page that begins with a game's name is either
that game's field template (the spec's own field names) or a position code,
which must parse and be written exactly as the engine writes it.  Every number
in the perft table is counted again.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from game.rules import GAME_NAMES, SPECS, from_code, start
from game.rules.base import perft

DOC = Path(__file__).resolve().parents[2] / "docs" / "rules.md"
SPAN = re.compile(r"`([^`\n]+)`")


@pytest.fixture(scope="module")
def text() -> str:
    return DOC.read_text(encoding="utf-8")


def game_spans(text: str) -> list[str]:
    """The code spans that begin with a game's name and a space."""
    return [span for span in SPAN.findall(text) if span.split(" ", 1)[0] in GAME_NAMES
            and " " in span]


def template(game: str) -> str:
    return " ".join((game, *SPECS[game].code_fields))


def test_every_code_on_the_page_parses_as_the_engine_writes_it(text: str) -> None:
    spans = game_spans(text)
    codes = [span for span in spans if span != template(span.split(" ", 1)[0])]
    assert len(codes) >= 3 * len(GAME_NAMES)
    for code in codes:
        assert from_code(code).code() == code


def test_every_game_has_its_fields_and_its_start_on_the_page(text: str) -> None:
    spans = set(game_spans(text))
    for game in GAME_NAMES:
        assert template(game) in spans, f"the page does not give {game}'s fields"
        assert SPECS[game].start_code in spans, f"the page does not give {game}'s start"


def perft_rows(text: str) -> list[tuple[str, dict[int, int]]]:
    """(code, {depth: count}) for each row of the table in the Perft section."""
    section = text.split("\n## Perft\n", 1)[1].split("\n## ", 1)[0]
    lines = [line for line in section.splitlines() if line.startswith("|")]
    header = [cell.strip() for cell in lines[0].strip("|").split("|")]
    depths = [int(cell) for cell in header[1:]]
    rows = []
    for line in lines[2:]:  # past the header and its rule
        cells = [cell.strip() for cell in line.strip("|").split("|")]
        code = SPAN.fullmatch(cells[0]).group(1)
        counts = {depth: int(cell) for depth, cell in zip(depths, cells[1:], strict=True)
                  if cell}
        rows.append((code, counts))
    return rows


def test_the_perft_table_matches_the_engines(text: str) -> None:
    rows = perft_rows(text)
    assert {code.split(" ", 1)[0] for code, _ in rows} == set(GAME_NAMES)
    assert {SPECS[game].start_code for game in GAME_NAMES} <= {code for code, _ in rows}
    for code, counts in rows:
        assert counts, code
        position = from_code(code)
        for depth, count in counts.items():
            assert perft(position, depth) == count, (code, depth)


def test_the_modiar_example_move_gives_the_code_on_the_page(text: str) -> None:
    # The worked example: South's first move S1 from the start.
    first = start("modiar")
    after = first.play(first.parse_move("S1")).position
    assert f"`{after.code()}`" in text
