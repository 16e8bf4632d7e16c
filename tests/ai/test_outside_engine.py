"""tools/outside_engine.py: outside engines as match players, a tafl engine
over OTEP and a Reversi engine over the board protocol.

The tafl engine here is a stand-in written for the test (OpenTafl itself
needs a JVM and its build): it keeps its own game from the rules and the
moves it is sent, checks every position record against that game, and plays
its first legal move.  What it checks is what OpenTafl relies on: the rules'
start, the moves in order, each move's position record, a clock before each
`play`.  The Reversi stand-in reads the board it is sent with our rules and
plays its last legal move; it objects when asked to move where it must pass.
The front end for Egaroucid for Web (tools/egaroucid_web.js) is run in
Node.js on a stand-in for Egaroucid's compiled engine.
"""

import json
import subprocess
import sys
import textwrap

import pytest

from game.rules import start
from game.rules.record import Game
from tools import druid_match, outside_engine
from tools.outside_engine import EnginePlayer, position_record, rules_record

# OpenTafl's notation specification gives Tawlbwrdd's Bell layout as this record.
BELL_RECORD = "/4ttt4/4t1t4/5t5/5T5/tt2TTT2tt/t1tTTKTTt1t/tt2TTT2tt/5T5/5t5/4t1t4/4ttt4/"

# How every stand-in engine begins: our tree importable, then ready.
ENGINE_HEAD = textwrap.dedent('''
    import sys
    sys.path.insert(0, {root!r})

    def say(line):
        print(line, flush=True)

    say("a log line an engine may print first")
    say("hello")
''')

STAND_IN = ENGINE_HEAD + textwrap.dedent('''
    from game.rules import start
    from game.rules.record import Game
    from tools.outside_engine import position_record, rules_record

    game, clocked = None, False
    for line in sys.stdin:
        word, _, rest = line.strip().partition(" ")
        if word == "rules":
            if rest != rules_record("tawlbwrdd"):
                say("error -1 unexpected rules")
            game = Game(start("tawlbwrdd").code())
        elif word == "opponent-move":
            move, record = rest.split()
            game.play_text(move)
            if record != position_record(game.position):
                say("error -1 the record does not match " + move)
        elif word == "clock":
            clocked = rest.split()[2] != "0"
        elif word == "play":
            side = {{"attackers": "a", "defenders": "d"}}[rest]
            if not clocked or side != game.position.side:
                say("error -1 no clock, or the wrong side")
            clocked = False
            move = game.position.move_text(game.position.legal_moves()[0])
            if {illegal!r}:
                say("move a1-a2")  # no piece stands on a1
                continue
            game.play_text(move)
            say("status thinking")
            say("move " + move)
        elif word == "goodbye":
            break
''')


@pytest.fixture
def stand_in(tmp_path):
    script = tmp_path / "engine.py"
    script.write_text(STAND_IN.format(root=str(druid_match.ROOT), illegal=False))
    return f"{sys.executable} {script}"


@pytest.fixture
def cheat(tmp_path):
    script = tmp_path / "cheat.py"
    script.write_text(STAND_IN.format(root=str(druid_match.ROOT), illegal=True))
    return f"{sys.executable} {script}"


def test_the_start_is_opentafls_bell_layout_and_rank_one_comes_first():
    first = start("tawlbwrdd")
    assert position_record(first) == BELL_RECORD
    # One move on rank 9 (the third row from the top): the ninth row of the record.
    rows = position_record(Game(first.code(), ["f9-h9"]).position).strip("/").split("/")
    assert rows[8] == "7t3" and rows[2] == "5t5"


def test_brandubh_cannot_be_said_in_opentafls_rules_notation():
    with pytest.raises(SystemExit, match="only Tawlbwrdd"):
        rules_record("brandubh")


def test_the_engine_is_told_each_move_it_did_not_make(stand_in):
    player = EnginePlayer(stand_in, "tawlbwrdd", 1)
    code = start("tawlbwrdd").code()
    try:
        first = player.ask({"start": code, "moves": []})["move"]
        game = Game(code, [first])
        reply = game.position.move_text(game.position.legal_moves()[-1])
        second = player.ask({"start": code, "moves": [first, reply]})["move"]
        assert Game(code, [first, reply, second]).ply == 3  # legal in our rules
        process = player.process
        # Another game (an opening the engine never saw): a fresh engine.
        opening = Game(code, ["f9-h9"]).move_texts()
        answer = player.ask({"start": code, "moves": opening})
        assert player.process is not process
        assert Game(code, [*opening, answer["move"]]).ply == 2
    finally:
        player.close()


def test_an_error_from_the_engine_stops_the_match(stand_in):
    player = EnginePlayer(stand_in, "tawlbwrdd", 0)  # no time on its clock: it objects
    try:
        with pytest.raises(RuntimeError, match="no clock"):
            player.ask({"start": start("tawlbwrdd").code(), "moves": []})
    finally:
        player.close()


def engine_match(game_name: str, engine: str, tmp_path, engine_time: str):
    """A two-game match of the Druid at 300 nodes against `engine`: its report
    and its log, every game of which is checked against our rules."""
    log = tmp_path / "games.jsonl"
    args = druid_match.parse([game_name, "--engine", engine, "--engine-time", engine_time,
                              "--nodes", "300", "--games", "2", "--log", str(log)])
    text = druid_match.run(args)
    records = [json.loads(line) for line in log.read_text().splitlines()]
    for record in records:  # every move the engine made was legal, and the result ours
        outcome = Game(start(game_name).code(), record["moves"]).outcome()
        assert outcome is not None and outcome.winner == record["winner"]
    return text, records


def test_a_match_against_an_outside_engine(stand_in, tmp_path):
    text, records = engine_match("tawlbwrdd", stand_in, tmp_path, "1")
    assert [r["new_side"] for r in records] == ["a", "d"]
    # The Druid's king walks past an engine that plays its first legal move.
    assert records[1]["winner"] == "d" and "A as d: wins 1" in text
    assert all(set(r["nodes"]) == {r["new_side"]} for r in records)  # the engine's: none


def test_an_engine_needs_a_clock():
    with pytest.raises(SystemExit):
        druid_match.parse(["tawlbwrdd", "--engine", "engine", "--nodes", "300"])


def test_an_illegal_move_from_the_engine_stops_the_match_saying_where(cheat, tmp_path):
    args = druid_match.parse(["tawlbwrdd", "--engine", cheat, "--engine-time", "1",
                              "--nodes", "300", "--games", "2"])
    with pytest.raises(SystemExit, match="'a1-a2' in tawlbwrdd "):
        druid_match.run(args)


def replayed_by_a_faithful_engine(games) -> str:
    """What OpenTafl's RulesCheck prints for games whose rules agree with ours."""
    codes = {"a": "2", "d": "3"}
    blocks = []
    for game in games:
        positions = list(game.replay())[1:]
        outcome = game.outcome()
        last = codes.get(outcome.winner, "0") if outcome else "0"
        rows = [f"{last if ply == len(positions) - 1 else '0'} {position_record(position)}"
                for ply, position in enumerate(positions)]
        blocks.append("\n".join(rows) + "\nend\n")
    return "".join(blocks)


def test_the_crosscheck_finds_no_difference_where_the_engines_agree():
    games = outside_engine.random_games("tawlbwrdd", 6, seed=3)
    differences, endings = outside_engine.compare(games, replayed_by_a_faithful_engine(games))
    assert differences == [] and sum(endings.values()) == 6
    finished = [g for g in games if g.outcome() is not None and g.outcome().winner]
    assert finished  # (six random games: some end with a winner)
    agreed = sum(n for (ours, theirs), n in endings.items() if ours.split()[0] == theirs)
    assert agreed == len(finished)


def test_the_crosscheck_names_the_first_move_where_the_engines_differ():
    games = outside_engine.random_games("tawlbwrdd", 3, seed=4)
    faithful = replayed_by_a_faithful_engine(games).split("\n")
    result, record = faithful[4].split(" ")  # game 0's fifth move
    for changed in (f"{result} {record.replace('t', 'T', 1)}",  # a piece changed sides
                    f"-3 {record}"):  # OpenTafl refused the move
        lines = [*faithful[:4], changed, *faithful[5:]]
        differences, _ = outside_engine.compare(games, "\n".join(lines))
        assert len(differences) == 1 and differences[0].startswith("game 0, move 5 ")


def test_the_crosscheck_counts_a_game_ended_otherwise_as_a_difference():
    games = [g for g in outside_engine.random_games("tawlbwrdd", 8, seed=5)
             if g.outcome() is not None and g.outcome().winner]
    assert games
    faithful = replayed_by_a_faithful_engine(games[:1])
    rows = faithful.split("\n")
    result, record = rows[-3].split(" ")  # the last move's row (before "end")
    other = {"2": "3", "3": "2"}[result]
    for changed in ([*rows[:-3], f"{other} {record}", *rows[-2:]],  # the other side won
                    [f"2 {rows[0].split(' ')[1]}", *rows[1:]]):  # over after the first move
        differences, _ = outside_engine.compare(games[:1], "\n".join(changed))
        assert len(differences) == 1 and differences[0].startswith("game 0")


def test_an_engine_plays_tawlbwrdd_or_reversi_only():
    for game_name in ("brandubh", "modiar"):
        with pytest.raises(SystemExit):
            druid_match.parse([game_name, "--engine", "engine", "--time", "2"])
    assert druid_match.parse(["reversi", "--engine", "engine", "--time", "2"]).engine_time == 2


def test_an_engine_that_never_answers_stops_the_match(tmp_path, monkeypatch):
    script = tmp_path / "silent.py"
    script.write_text("import sys\nprint('hello', flush=True)\nfor line in sys.stdin:\n    pass\n")
    monkeypatch.setattr(outside_engine, "GRACE_SECONDS", 0.5)
    player = EnginePlayer(f"{sys.executable} {script}", "tawlbwrdd", 0.5)
    try:
        with pytest.raises(RuntimeError, match="sent no 'move'"):
            player.ask({"start": start("tawlbwrdd").code(), "moves": []})
        assert player.process is None  # and it is gone
    finally:
        player.close()


def test_the_opentafl_entries_follow_our_tawlbwrdd_rules():
    # The entries restate our rules in OpenTafl's words (checked move by move
    # against OpenTafl by `crosscheck`); a change to our rules must show here.
    from game.rules.tafl import BOTH, NEITHER, Goal, KingCapture

    rules = start("tawlbwrdd").rules
    entries = dict(entry.split(":", 1) for entry in outside_engine.TAWLBWRDD_ENTRIES.split())
    assert (rules.goal is Goal.EDGE) == (entries["esc"] == "e")
    assert (rules.king_capture is KingCapture.BELL) == (entries["ks"] == "c")
    assert rules.corners == () and entries["cor"] == ""
    assert rules.edge_hostile_to == NEITHER  # OpenTafl's default: no hostile edge
    assert rules.throne_hostile_to == BOTH and entries["cenhe"] == "tcnkmTCNKM"
    assert rules.restricted == {rules.centre} and rules.king_squares == frozenset()
    assert entries["cens"] == "" and entries["cenp"] == entries["cenre"] == "tcnkmTCNKM"
    assert start("tawlbwrdd").side == "a" and entries["atkf"] == "y"  # attackers first


BOARD_STAND_IN = ENGINE_HEAD + textwrap.dedent('''
    from game.rules.reversi import ReversiPosition

    for line in sys.stdin:
        word, *fields = line.split()
        if word == "goodbye":
            break
        side, board = fields
        black = sum(1 << sq for sq, square in enumerate(board) if square == "B")
        white = sum(1 << sq for sq, square in enumerate(board) if square == "W")
        position = ReversiPosition.from_colours(black, white, side)
        moves = [position.move_text(move) for move in position.legal_moves()]
        if moves == ["pass"]:
            say("error -1 asked to move where only a pass is legal")
        else:
            say("move " + moves[{pick}])
''')


@pytest.fixture
def board_engine(tmp_path):
    script = tmp_path / "board_engine.py"
    script.write_text(BOARD_STAND_IN.format(root=str(druid_match.ROOT), pick=-1))
    return f"{sys.executable} {script}"


def test_the_board_protocol_sends_the_board_from_a1_row_by_row():
    game = Game(start("reversi").code(), ["d3"])
    board = outside_engine.board_text(game.position)
    assert len(board) == 64 and board.count(".") == 59
    assert board[2 * 8 + 3] == "B"  # d3: the fourth column of the third row down
    assert board[3 * 8 + 3: 3 * 8 + 5] == "BB" and board[4 * 8 + 3: 4 * 8 + 5] == "BW"


def test_a_board_engine_moves_on_the_board_it_is_sent(board_engine):
    player = outside_engine.BoardEnginePlayer(board_engine, "reversi", 5)
    code = start("reversi").code()
    try:
        first = player.ask({"start": code, "moves": []})["move"]
        assert first == "e6"  # the last of d3, c4, f5, e6: the stand-in read our board
        second = player.ask({"start": code, "moves": ["d3", "c5"]})["move"]
        assert Game(code, ["d3", "c5", second]).ply == 3  # legal in our rules
    finally:
        player.close()


def test_a_board_engine_is_never_asked_to_pass(board_engine):
    player = outside_engine.BoardEnginePlayer(board_engine, "reversi", 5)
    try:
        # Black's only move is a pass (no white line ends on an empty square);
        # the stand-in would answer such a request with an error.
        answer = player.ask({"start": "reversi WWB5/8/8/8/8/8/8/8 b", "moves": []})
        assert answer["move"] == "pass" and player.process is None
        assert player.ask({"start": "reversi WWB5/8/8/8/8/8/8/8 b",
                           "moves": ["pass"]})["move"] == "d1"
    finally:
        player.close()


def test_a_match_against_a_board_engine(board_engine, tmp_path):
    text, records = engine_match("reversi", board_engine, tmp_path, "5")
    assert [r["new_side"] for r in records] == ["b", "w"]
    # The Druid beats an engine that plays its last legal move, and the header
    # says the engine's time only bounds the wait.
    assert "A as b: wins 1" in text and "A as w: wins 1" in text
    assert "(waits up to 5.0 s a move)" in text.splitlines()[0]


# A stand-in for Egaroucid for Web's compiled engine (`ai.js`), as Emscripten
# builds it for Node.js: a module with a heap, malloc and free, and the two
# functions the page calls.  Its move is a function of what it was given (the
# black discs, the side, the level), so the test can tell each arrived, and it
# chatters on stdout and stderr, as the real one does.
FAKE_EGAROUCID = textwrap.dedent('''
    const engine = { HEAP32: new Int32Array(1024), next: 64 };
    engine._malloc = (bytes) => {
        const at = engine.next * 4;
        engine.next += bytes / 4;
        return at;
    };
    engine._free = () => {};
    engine._init_ai = () => { console.error("eval init"); return 0; };
    engine._ai_js = (pointer, level, side) => {
        console.log("start AI");
        const board = engine.HEAP32.subarray(pointer / 4, pointer / 4 + 64);
        if (board.some((code) => code < -1 || code > 1)) return -1;
        const black = board.filter((code) => code === 0).length;
        const white = board.filter((code) => code === 1).length;
        const square = (black * 7 + white * 5 + side * 3 + level) % 64;
        return 1000 * square + 100 - 64;  // its value: a loss by 64
    };
    setImmediate(() => engine.onRuntimeInitialized());
    module.exports = engine;
''')


def egaroucid_front(tmp_path, *args: str) -> subprocess.CompletedProcess:
    from tests.web.test_wasm import node

    (tmp_path / "ai.js").write_text(FAKE_EGAROUCID)
    script = druid_match.ROOT / "tools" / "egaroucid_web.js"
    after_d3 = Game(start("reversi").code(), ["d3"]).position
    requests = ["play b " + outside_engine.board_text(start("reversi")),
                "play w " + outside_engine.board_text(after_d3),
                "play x BW", "ponder", "goodbye"]
    return subprocess.run([node(), str(script), str(tmp_path), *args], input="\n".join(requests),
                          capture_output=True, text=True, timeout=60)


def test_the_egaroucid_front_end_speaks_the_board_protocol(tmp_path):
    result = egaroucid_front(tmp_path, "7")
    assert result.returncode == 0, result.stderr
    # Start: 2 black, 2 white, black (0) at level 7: (14 + 10 + 0 + 7) % 64 = 31, h4.
    # After d3: 4 black, 1 white, white (1): (28 + 5 + 3 + 7) % 64 = 43, d6.
    assert result.stdout.splitlines() == [
        "hello", "move h4", "move d6",
        "error -1 expected: play b|w and 64 squares of B, W or .",
        "error -1 unknown command ponder"]
    assert result.stderr == ""  # the engine's chatter is dropped


def test_the_egaroucid_front_end_wants_a_level(tmp_path):
    result = egaroucid_front(tmp_path, "strong")
    assert result.returncode == 2 and "usage" in result.stderr and result.stdout == ""
