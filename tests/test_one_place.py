"""One place for each fact: outside game/rules nothing compares a game's name
to decide a rule or a layout; every layer reads the game's spec instead (or
asks the game's own UI or AI, which registered themselves under spec names).

Tables keyed by game name (levels, rules pages, benchmark lists, AI weights)
are registrations and stay; what is caught is a comparison: `==`, `!=`, `in`,
`not in` or a `match` case against a game's name, written as a literal, a
container of literals, a module constant holding one, or `<module>.SPEC.name`.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from game.rules import GAME_NAMES, SPECS
from game.ui.board.games import game_ui
from game.ui.i18n import LANGUAGES, catalogue

ROOT = Path(__file__).resolve().parent.parent
SEARCHED = ("game", "tools")
THE_REGISTRY = ROOT / "game" / "rules"


def _names_a_game(node: ast.AST, constants: set[str]) -> bool:
    """Whether `node` stands for a game's name (or holds one, for `in`)."""
    if isinstance(node, ast.Constant):
        return node.value in GAME_NAMES
    if isinstance(node, ast.Tuple | ast.List | ast.Set):
        return any(_names_a_game(element, constants) for element in node.elts)
    if isinstance(node, ast.Name):
        return node.id in constants
    if isinstance(node, ast.Attribute) and node.attr == "name":  # modiar.SPEC.name
        owner = node.value
        return isinstance(owner, ast.Attribute) and owner.attr == "SPEC"
    return False


def _constants_naming_games(tree: ast.Module) -> set[str]:
    """Module-level names bound to a game's name (`MODIAR = "modiar"`)."""
    found = set()
    for statement in tree.body:
        if isinstance(statement, ast.Assign) and _names_a_game(statement.value, set()) \
                and isinstance(statement.value, ast.Constant):
            found.update(target.id for target in statement.targets
                         if isinstance(target, ast.Name))
    return found


def _pattern_names_a_game(pattern: ast.pattern, constants: set[str]) -> bool:
    if isinstance(pattern, ast.MatchValue):
        return _names_a_game(pattern.value, constants)
    if isinstance(pattern, ast.MatchOr):
        return any(_pattern_names_a_game(p, constants) for p in pattern.patterns)
    return False


def name_comparisons(source: str) -> list[int]:
    """The lines of `source` that compare something with a game's name."""
    tree = ast.parse(source)
    constants = _constants_naming_games(tree)
    lines = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            if any(_names_a_game(operand, constants)
                   for operand in (node.left, *node.comparators)):
                lines.append(node.lineno)
        elif isinstance(node, ast.match_case) and _pattern_names_a_game(node.pattern, constants):
            lines.append(node.pattern.lineno)
    return sorted(lines)


def _searched_files() -> list[Path]:
    files = []
    for folder in SEARCHED:
        files += [path for path in sorted((ROOT / folder).rglob("*.py"))
                  if THE_REGISTRY not in path.parents]
    return files


def test_nothing_outside_the_registry_compares_a_game_name():
    found = []
    for path in _searched_files():
        source = path.read_text(encoding="utf-8")
        lines = source.splitlines()
        for line in name_comparisons(source):
            found.append(f"{path.relative_to(ROOT)}:{line}: {lines[line - 1].strip()}")
    assert not found, "read the game's spec (game.rules.spec) instead of comparing its " \
        "name:\n" + "\n".join(found)


def test_the_search_covers_the_ui_the_cli_and_the_tools():
    searched = {path.relative_to(ROOT).as_posix() for path in _searched_files()}
    assert {"game/cli.py", "game/ui/board/scene.py", "game/ui/rules.py", "game/ui/setup.py",
            "game/ai/levels.py", "tools/modiar_solve.py"} <= searched
    assert not any(name.startswith("game/rules/") for name in searched)


PLANTED = '''\
MODIAR = "modiar"


def layout(position, game, setup):
    if position.GAME == "modiar":
        wide = True
    if game != 'reversi':
        wide = False
    if game in ("brandubh", "tawlbwrdd"):
        two_step = True
    if "tawlbwrdd" == setup.game:
        draw = True
    if game not in ["reversi"]:
        passes = False
    if setup.game == MODIAR:
        labels = True
    if position.GAME == reversi.SPEC.name:
        passes = True
    match game:
        case "brandubh" | "other":
            side = "d"
'''


def test_the_detector_finds_each_kind_of_planted_comparison():
    assert name_comparisons(PLANTED) == [5, 7, 9, 11, 13, 15, 17, 20]


def test_the_detector_leaves_registrations_and_identity_tests_alone():
    allowed = '''\
LEVELS = {"modiar": 3, "reversi": 2}
BENCH = [("brandubh", 4, 127_624)]


def same(setup, position, game):
    scene = SetupScene(ctx, "brandubh")
    if setup.game != position.GAME or game == setup.game:
        return LEVELS.get(game, 1)
    return spec(game).draw_by_agreement
'''
    assert name_comparisons(allowed) == []


@pytest.mark.parametrize("game", GAME_NAMES)
def test_every_game_has_a_registered_ui_whose_view_has_the_specs_cells(game):
    """The keyboard cursor walks `spec.cells` cells: each must be where the view
    finds it again."""
    import pygame
    ui = game_ui(game)
    ui.view.layout(pygame.Rect(0, 0, 480, 480))
    cells = SPECS[game].cells
    assert [ui.view.target_at(ui.view.cell(index).center) for index in range(cells)] == \
        list(range(cells))


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_side_of_every_spec_has_a_name_in_the_catalogue(language):
    missing = [f"side.{side}" for spec in SPECS.values() for side in spec.sides
               if f"side.{side}" not in catalogue(language)]
    assert not missing


@pytest.mark.parametrize("game", GAME_NAMES)
def test_the_cli_joins_every_games_unquoted_code_by_its_specs_fields(game, capsys):
    """`split_code` counts the fields from the spec: a start code typed as
    several arguments, then a depth, reads as the code and the depth."""
    from game.cli import main
    code = SPECS[game].start_code
    assert main(["perft", code, "1"]) == 0
    quoted = capsys.readouterr().out
    assert main(["perft", *code.split(), "1"]) == 0
    assert capsys.readouterr().out == quoted and int(quoted) > 0
