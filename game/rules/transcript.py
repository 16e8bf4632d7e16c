"""A game as text: the record every game shares, and Reversi's bare transcript.

A record (docs/records.md) is the start position's code on a line of its
own, then the moves in the notation of docs/rules.md, then the result::

    brandubh 1A1A1A1/A5A/2DDD2/A1DKD1A/2DDD2/A5A/1A1A1A1 a -
    1. d7-e7 e3-f3
    2. d1-e1 f3-e3
    3. b7-b2 e5-g5x
    result: ongoing

Move numbers (`1.`, or `1...` when the second side plays first) and capture
marks (`x`) are written so a person can follow the game, and accepted but not
required when reading.  `#` starts a comment to the end of its line (none
is written, so a record may be put on one line, as a browser's text prompt
does to pasted text).  The result is `ongoing`, `draw REASON` or
`win:SIDE REASON` with a reason key of `base.Reason` (`win:d resignation`
is a resignation by the other side, `win:d time` a loss on time by it).

Othello programs exchange a game as its squares alone (`f5d6c3d3c4…`), from
the standard start, with passes left out; `read_record` reads that form too
and `write_transcript` writes it.

Every failure is a `RecordError`: one line naming the move (its number and
text as the record writes them) or the line that is wrong.
"""

from __future__ import annotations

import base64
import re
from dataclasses import dataclass

from . import SPECS, from_code
from .base import CodeError, Reason, RulesError, short
from .record import PLAYER_ENDINGS, Game, check_edition
from .spec import GameSpec

RESULT = "result:"
ONGOING = "ongoing"
MAX_RECORD_CHARS = 200_000
# Othello's transcript: the standard start, squares only.
TRANSCRIPT_GAME = "reversi"
_TRANSCRIPT = re.compile(r"(?:[a-h][1-8])+", re.ASCII | re.IGNORECASE)
_SQUARE = re.compile(r"[a-h][1-8]", re.ASCII | re.IGNORECASE)
_NUMBER = re.compile(r"([1-9][0-9]*)(\.\.\.|\.)(.*)", re.ASCII)
_ANNOTATION = re.compile(r"[!?]{1,2}$", re.ASCII)
_CAPTURE = "x"


class RecordError(RulesError):
    """A game record that cannot be read.  The message is one line naming the
    move (`move 7... c1-c4: …`) or the line (`line 3: …`) that fails.

    Kinds: too_long, empty, move_number, illegal_move, bad_mark, bad_result,
    wrong_result, after_result, not_a_transcript; a bad start code keeps the
    CodeError's own kind (unknown_game, board_shape, …).  `ply` is the move
    that failed, counted from 1, and `move` its number and text as the record
    writes them (`7... c1-c4`), when a move failed; `line` the line at fault
    (from 1), when a line is.
    """

    def __init__(self, message: str, kind: str = "other", game: str | None = None,
                 ply: int | None = None, move: str | None = None,
                 line: int | None = None) -> None:
        super().__init__(message, kind, game)
        self.ply, self.move, self.line = ply, move, line


@dataclass(frozen=True)
class _Token:
    text: str
    line: int


# --- writing --------------------------------------------------------------------

def write_record(game: Game) -> str:
    """The record of the moves on the board: code, numbered moves, result."""
    lines = [game.start.code()]
    lines += _numbered_lines(game)
    lines.append(_result_line(game))
    return "\n".join(lines) + "\n"


def move_label(game: Game, ply: int) -> str:
    """The move number a record writes before ply `ply` (from 1): `3.` before
    the first side's move, `3...` before the second side's."""
    first_side = game.spec.sides[0]
    offset = 0 if game.start.side == first_side else 1
    number = (ply - 1 + offset) // 2 + 1
    return f"{number}." if (ply - 1 + offset) % 2 == 0 else f"{number}..."


def _numbered_lines(game: Game) -> list[str]:
    """One line a move number, each move with its capture mark."""
    texts = [text + mark for text, mark in zip(game.move_texts(), game.capture_marks(),
                                                strict=True)]
    lines: list[str] = []
    for ply, text in enumerate(texts, 1):
        label = move_label(game, ply)
        if ply == 1 or not label.endswith("..."):
            lines.append(f"{label} {text}")
        else:
            lines[-1] += f" {text}"  # the second side's move, under the same number
    return lines


def _result_line(game: Game) -> str:
    outcome = game.outcome()
    if outcome is None:
        return f"{RESULT} {ONGOING}"
    return f"{RESULT} {outcome.status} {outcome.reason.value}"


def write_transcript(game: Game) -> str:
    """Othello's transcript of a Reversi game from the standard start: the
    squares played, passes left out (`f5d6c3…`)."""
    _check_transcript_game(game)
    pass_text = game.position.move_text(game.spec.pass_move)
    return "".join(text for text in game.move_texts() if text != pass_text)


def _check_transcript_game(game: Game) -> None:
    transcript_spec = SPECS[TRANSCRIPT_GAME]
    if game.spec is not transcript_spec or game.start.code() != transcript_spec.start_code:
        raise RecordError("a transcript holds only a reversi game from the standard start",
                          "not_a_transcript", game.game)


# --- reading --------------------------------------------------------------------

def read_record(text: str) -> Game:
    """The game a record (or a position code, or a Reversi transcript) holds,
    with its result checked against its moves; RecordError if it cannot be."""
    if not isinstance(text, str):
        raise RecordError("a game record is text", "not_text")
    if len(text) > MAX_RECORD_CHARS:
        raise RecordError(f"the record is longer than {MAX_RECORD_CHARS} characters", "too_long")
    if is_transcript(text):
        return read_transcript(text)
    tokens = _tokens(text)
    if not tokens:
        raise RecordError("the record is empty: it starts with a position code", "empty")
    game, rest = _start(tokens)
    rest, result = _split_result(rest)
    _play_moves(game, rest)
    if result is not None:
        _apply_result(game, result)
    return game


def is_transcript(text: str) -> bool:
    """Whether `text` is a bare Othello transcript (squares only, spaces allowed)."""
    return bool(_TRANSCRIPT.fullmatch("".join(text.split())))


def read_transcript(text: str) -> Game:
    """A Reversi game from the standard start, from its squares (`f5d6c3…`, either
    case); the passes a square needs first are played for it, and so is a forced
    pass after the last square, so the game stands where a real move is next."""
    squares = _SQUARE.findall("".join(text.split()))
    if not is_transcript(text):
        raise RecordError(f"not a transcript: {short(text.strip())} (expected squares like "
                          "f5d6c3)", "not_a_transcript", TRANSCRIPT_GAME)
    game = Game(SPECS[TRANSCRIPT_GAME].start_code)
    for ply, square in enumerate(squares, 1):
        _play_forced_passes(game)
        try:
            game.play_text(square)
        except RulesError as error:
            move = f"{ply} {square.lower()}"
            raise RecordError(f"move {move}: {error}", "illegal_move", game.game, ply,
                              move) from None
    _play_forced_passes(game)
    return game


def _play_forced_passes(game: Game) -> None:
    pass_move = game.spec.pass_move
    if game.legal_moves() == [pass_move]:
        game.play(pass_move)


def _tokens(text: str) -> list[_Token]:
    """Every word outside comments, with its line number (from 1)."""
    tokens = []
    for number, line in enumerate(text.splitlines(), 1):
        words = line.split("#", 1)[0].split()
        tokens += [_Token(word, number) for word in words]
    return tokens


def _start(tokens: list[_Token]) -> tuple[Game, list[_Token]]:
    """The start position at the front of the record (a full code, or a game's
    name alone for its start) and the tokens after it."""
    name, line = tokens[0].text, tokens[0].line
    found = SPECS.get(name)
    fields = 0 if found is None else len(found.code_fields)
    # Every BOARD field holds a `/` (tafl, Reversi) or a `,` (Modiar).
    full_code = len(tokens) > 1 and any(ch in tokens[1].text for ch in "/,")
    if found is not None and not full_code:
        return Game(found.start_code), tokens[1:]
    code_words = [token for token in tokens[:fields + 1] if token.line == line]
    try:
        start = from_code(" ".join(token.text for token in code_words))
    except CodeError as error:
        raise RecordError(f"line {line}: {error}", error.kind, error.game, line=line) from None
    return Game(start), tokens[len(code_words):]


def _split_result(tokens: list[_Token]) -> tuple[list[_Token], list[_Token] | None]:
    """The moves, and the words of the result line (None: the record has none)."""
    for index, token in enumerate(tokens):
        if token.text == RESULT:
            result = [t for t in tokens[index + 1:] if t.line == token.line]
            after = tokens[index + 1 + len(result):]
            if after:
                raise RecordError(f"line {after[0].line}: nothing may follow the result "
                                  f"(found {short(after[0].text)})", "after_result",
                                  line=after[0].line)
            return tokens[:index], result
    return tokens, None


def _play_moves(game: Game, tokens: list[_Token]) -> None:
    number: _Token | None = None  # a move number waiting for its move
    for token in tokens:
        match = _NUMBER.fullmatch(token.text)
        if match is not None:
            number = _check_number(game, token, match.group(1) + match.group(2))
            if not match.group(3):
                continue
            token = _Token(match.group(3), token.line)  # `12.c1-c2`, written together
        _play_token(game, token)
        number = None
    if number is not None:
        raise RecordError(f"line {number.line}: move number {number.text} has no move after it",
                          "move_number", game.game, game.ply + 1, line=number.line)


def _check_number(game: Game, token: _Token, written: str) -> _Token:
    expected = move_label(game, game.ply + 1)
    if written != expected:
        raise RecordError(f"line {token.line}: move number {written} where {expected} was "
                          "expected", "move_number", game.game, game.ply + 1, line=token.line)
    return token


def _play_token(game: Game, token: _Token) -> None:
    ply = game.ply + 1
    move = f"{move_label(game, ply)} {token.text}"
    move_text, marked = _without_marks(token.text)
    try:
        game.play_text(move_text)
    except RulesError as error:
        raise RecordError(f"move {move}: {error}", "illegal_move", game.game, ply, move,
                          token.line) from None
    mark = game.capture_marks()[-1]
    if marked and mark != _CAPTURE:
        raise RecordError(f"move {move}: marked as a capture, but it took nothing", "bad_mark",
                          game.game, ply, move, token.line)


def _without_marks(text: str) -> tuple[str, bool]:
    """The move text without a trailing annotation (`!`, `?!`, …) and capture
    mark, and whether the capture mark was there."""
    text = _ANNOTATION.sub("", text)
    if len(text) > 1 and text.endswith(_CAPTURE):
        return text[:-1], True
    return text, False


def _apply_result(game: Game, words: list[_Token]) -> None:
    """Check the result the record states against its moves; a resignation, an
    agreed draw or a loss on time is the players' doing (or their clocks'),
    so it is applied rather than checked."""
    line = words[0].line if words else None
    where = f"line {line}: " if line else ""
    status, reason = _parse_result(words, where, game)
    if reason in PLAYER_ENDINGS:
        _apply_player_ending(game, status, reason, where)
        return
    stated = _describe_status(status, reason)
    actual = game.outcome()
    if status == ONGOING and actual is None:
        return
    if actual is None or actual.status != status or reason not in (None, actual.reason):
        found = ONGOING if actual is None else f"{actual.status} {actual.reason.value}"
        raise RecordError(f"{where}the record says {stated}, but after its moves the game "
                          f"is {found}", "wrong_result", game.game)


def _parse_result(words: list[_Token], where: str, game: Game) -> tuple[str, Reason | None]:
    texts = [word.text for word in words]
    sides = game.start.SIDES
    statuses = (ONGOING, "draw", *(f"win:{side}" for side in sides))
    if not 1 <= len(texts) <= 2 or texts[0] not in statuses or \
            (texts[0] == ONGOING and len(texts) == 2):
        raise RecordError(f"{where}a result is ongoing, draw REASON or win:SIDE REASON "
                          f"(sides {' or '.join(sides)}), got {short(' '.join(texts))}",
                          "bad_result", game.game)
    if len(texts) == 1:
        return texts[0], None
    try:
        return texts[0], Reason(texts[1])
    except ValueError:
        reasons = ", ".join(reason.value for reason in Reason)
        raise RecordError(f"{where}unknown reason {short(texts[1])}: one of {reasons}",
                          "bad_result", game.game) from None


def _apply_player_ending(game: Game, status: str, reason: Reason, where: str) -> None:
    stated = _describe_status(status, reason)
    winner = status.removeprefix("win:") if status.startswith("win:") else None
    if (reason is Reason.DRAW_AGREED) != (winner is None):
        raise RecordError(f"{where}{stated} is not a result: a resignation or a loss on time "
                          "has a winner, an agreed draw none", "bad_result", game.game)
    try:
        if winner is None:
            game.agree_draw()
        else:
            loser = next(side for side in game.start.SIDES if side != winner)
            (game.lose_on_time if reason is Reason.TIME else game.resign)(loser)
    except RulesError as error:
        raise RecordError(f"{where}the record says {stated}, but {error}", "wrong_result",
                          game.game) from None


def _describe_status(status: str, reason: Reason | None) -> str:
    return status if reason is None else f"{status} {reason.value}"



# --- the compact form a shared link carries ---------------------------------------
#
# `t1.GAME.EDITION.PLIES.MOVES[.sSTART][.END]`, every character URL-safe:
# MOVES numbers each move by its place among the position's legal moves in
# sorted notation, and packs those numbers into one integer (mixed radix: a
# move among n costs log2(n) bits, a forced pass none), written in base64url
# without padding; PLIES says how many moves there are.  START is the start
# code's fields after the name with `_` for spaces, given only when the game
# did not begin at its usual start; END is `r` and the winner's side letter
# for a resignation, `d` for an agreed draw.  EDITION is the rules edition the
# game was played under, so that a link never replays a game under other rules
# (but for those today's rules replay, `GameSpec.replayed_editions`).

LINK_VERSION = "t1"
_LINK_ENDINGS = {Reason.RESIGNATION: "r", Reason.TIME: "t", Reason.DRAW_AGREED: "d"}
_LINK_FIELD = re.compile(r"[A-Za-z0-9_,/-]*", re.ASCII)
MAX_LINK_PLIES = 6_000  # beyond the longest random games (tests/engine/test_conformance.py)


def write_link(game: Game) -> str:
    """The game on the board as a link's fragment (without the `#`)."""
    fields = [LINK_VERSION, game.game, str(game.spec.rules_edition), str(game.ply),
              _encode_number(_move_number_of(game))]
    if game.start.code() != game.spec.start_code:
        fields.append("s" + game.start.code().split(" ", 1)[1].replace(" ", "_"))
    ending = game.ending
    if ending is not None:
        fields.append(_LINK_ENDINGS[ending.reason] + (ending.winner or ""))
    return ".".join(fields)


def is_link(text: str) -> bool:
    """Whether `text` is meant as a link's fragment (it may still be damaged)."""
    return text.strip().startswith(LINK_VERSION + ".")


def read_link(fragment: str) -> Game:
    """The game a link's fragment holds; RecordError (kind bad_link, or
    old_rules for a game played under another edition) if it holds none.  A
    game of an edition today's rules replay, which they end sooner, is cut
    there (`Game.rules_change`)."""
    fields = fragment.strip().split(".")
    if len(fields) < 5 or fields[0] != LINK_VERSION or \
            not all(_LINK_FIELD.fullmatch(field) for field in fields):
        raise _bad_link("it is not a Táiplis game link")
    name, edition, plies, moves, extra = fields[1], fields[2], fields[3], fields[4], fields[5:]
    found = SPECS.get(name)
    if found is None:
        raise _bad_link(f"unknown game {short(name)}")
    edition_number = _link_edition(edition, found)
    if not plies.isdigit() or int(plies) > MAX_LINK_PLIES:
        raise _bad_link("its move count is damaged", name)
    start_fields = [field[1:] for field in extra if field.startswith("s")]
    endings = [field for field in extra if not field.startswith("s")]
    if len(start_fields) > 1 or len(endings) > 1:
        raise _bad_link("it has fields twice", name)
    game = _link_start(found, start_fields)
    with game.replayed_under(edition_number):
        _replay_numbered_moves(game, int(plies), _decode_number(moves, name))
        if endings:
            _apply_link_ending(game, endings[0])
    return game


def _link_edition(field: str, found: GameSpec) -> int:
    """The link's rules edition, if today's rules replay its games; else
    RecordError (kind old_rules)."""
    # 0 is no edition: the first is 1.
    edition = int(field) if field.isdigit() and field[0] != "0" and len(field) <= 3 else 0
    try:
        check_edition(edition, found, "the link's game was")
    except RulesError as error:
        raise RecordError(str(error), error.kind, error.game) from None
    return edition


def _bad_link(why: str, game: str | None = None) -> RecordError:
    return RecordError(f"the link's game is damaged: {why}", "bad_link", game)


def _sorted_legal(game: Game) -> list[str]:
    return sorted(game.position.move_text(move) for move in game.legal_moves())


def _move_number_of(game: Game) -> int:
    """The moves as one integer: each move's place among the sorted legal
    moves of its position, in a mixed radix whose first digit is the first move."""
    replayed = Game(game.start)
    number, weight = 0, 1
    for text in game.move_texts():
        choices = _sorted_legal(replayed)
        number += choices.index(text) * weight
        weight *= len(choices)
        replayed.play_text(text)
    return number


def _replay_numbered_moves(game: Game, plies: int, number: int) -> None:
    for ply in range(1, plies + 1):
        choices = _sorted_legal(game)
        if not choices:
            raise _bad_link(f"the game is over before move {ply}", game.game)
        number, place = divmod(number, len(choices))
        game.play_text(choices[place])
    if number:
        raise _bad_link("it holds more moves than it says", game.game)


def _link_start(found, start_fields: list[str]) -> Game:
    if not start_fields:
        return Game(found.start_code)
    try:
        return Game(from_code(f"{found.name} {start_fields[0].replace('_', ' ')}"))
    except CodeError as error:
        raise _bad_link(f"its start position is wrong ({error})", found.name) from None


def _apply_link_ending(game: Game, field: str) -> None:
    try:
        if field == "d":
            game.agree_draw()
        elif field[:1] in ("r", "t") and field[1:] in game.start.SIDES:
            loser = next(side for side in game.start.SIDES if side != field[1:])
            (game.resign if field[0] == "r" else game.lose_on_time)(loser)
        else:
            raise _bad_link(f"unknown ending {short(field)}", game.game)
    except RecordError:
        raise
    except RulesError as error:
        raise _bad_link(str(error), game.game) from None


def _encode_number(number: int) -> str:
    raw = number.to_bytes((number.bit_length() + 7) // 8, "big")
    return base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")


def _decode_number(text: str, game: str) -> int:
    if not re.fullmatch(r"[A-Za-z0-9_-]*", text) or len(text) % 4 == 1:
        raise _bad_link("its moves are damaged", game)
    raw = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    return int.from_bytes(raw, "big")


def read_shared(text: str) -> Game:
    """A game from whatever a player may share: a link's fragment, a record, a
    position code or a Reversi transcript."""
    return read_link(text) if is_link(text) else read_record(text)
