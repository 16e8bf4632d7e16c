"""What differs between the four board scenes: the view, how a move is
picked, how it is animated, and what the side panel counts.

Everything here reads the engine's answers (legal moves, effects); nothing
decides a rule.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

import pygame

from ...rules import modiar, reversi, spec, tafl
from ...rules.base import Effects, Move, Position
from ...rules.modiar import pits_of
from ...rules.reversi import PASS, supplies
from ..i18n import t
from ..theme import colour
from ..views.base import BoardView, Marks, ease
from ..views.modiar import ModiarView
from ..views.reversi import ReversiView
from ..views.tafl import TaflView

MOVE_SECONDS = 0.2
FLIP_SECONDS = 0.35
SOW_STONE_SECONDS = 0.09
CAPTURE_FADE_SECONDS = 0.3


@dataclass
class Animation:
    before: Position
    after: Position
    move: Move
    effects: Effects
    duration: float
    elapsed: float = 0.0

    @property
    def progress(self) -> float:
        return 1.0 if self.duration <= 0 else min(self.elapsed / self.duration, 1.0)

    @property
    def done(self) -> bool:
        return self.elapsed >= self.duration


@dataclass(frozen=True)
class MoveNote:
    """What the move list writes after a move's notation (a capture mark);
    a `quiet` one is drawn smaller and dimmer."""

    text: str
    quiet: bool = False


class GameUI:
    """Base adapter.  `two_step` games pick a piece, then its destination.

    `midgame_plies` is how many random plies make a fair picture of the game
    under way (the screenshots play that many).
    """

    two_step = False
    # Whether the board offers the Druid's value on every legal square (a toggle),
    # as strong Othello programs do.
    value_hints = False
    midgame_plies = 16
    # The i18n key of a one-line key to the move list's notes, where a note is a
    # number a player could not read without one (None: the notes need none).
    note_key: str | None = None

    def __init__(self, view: BoardView) -> None:
        self.view = view

    @classmethod
    def for_game(cls, game: str) -> GameUI:
        """The adapter for the game called `game` (one of those it registered for)."""
        return cls()

    # --- moves from clicks ------------------------------------------------------------

    def targets(self, position: Position) -> dict[int, Move]:
        """One-step games: the square/pit to click for each legal move."""
        return {}

    def origins(self, position: Position) -> set[int]:
        return set()

    def destinations(self, position: Position, orig: int) -> dict[int, Move]:
        return {}

    def holds_piece(self, position: Position, target: int) -> bool:
        """Two-step games: whether a piece stands on `target` (a click on one
        that cannot move is refused aloud; a click on an empty square is not)."""
        return False

    def move_squares(self, move: Move) -> tuple[int, ...]:
        """The squares to tint for a move (last move, hint)."""
        return ()

    def captures(self, position: Position, orig: int) -> tuple[int, ...]:
        """The destinations of the piece on `orig` whose move captures (ringed
        instead of dotted); only games that pick a piece first have any."""
        return ()

    def diagram_labels(self, effects: Effects) -> dict[int, str]:
        """Small text a rules diagram writes in the cells a move changed (none here)."""
        return {}

    def move_note(self, before: Position, after: Position, effects: Effects) -> MoveNote | None:
        """What the move list writes after the move that led from `before` to
        `after` with `effects` (None: nothing)."""
        return None

    def refusal(self, position: Position, target: int) -> str | None:
        """Why clicking `target` (which has no move) does nothing, in a few words read
        off the position; None where there is nothing short to say."""
        return None

    # --- drawing ----------------------------------------------------------------------

    def animation_time(self, effects: Effects) -> float:
        return MOVE_SECONDS

    def draw(self, surface: pygame.Surface, position: Position, marks: Marks,
             animation: Animation | None) -> None:
        self.view.draw_position(surface, position, marks)

    def info(self, position: Position, start: Position, moves: list[Move]) -> list[str]:
        return []

    def draw_extra(self, surface: pygame.Surface, rect: pygame.Rect, position: Position,
                   size: int) -> int:
        """Game-specific panel drawing below the info lines; returns the height used."""
        return 0

    def extra_height(self, size: int) -> int:
        """The height `draw_extra` takes at text size `size` (measured, not drawn)."""
        return 0


_REGISTERED: dict[str, type[GameUI]] = {}
UIClass = TypeVar("UIClass", bound=type[GameUI])


def register(*games: str) -> Callable[[UIClass], UIClass]:
    """Class decorator: `games` (spec names) are shown by this adapter."""
    def add(cls: UIClass) -> UIClass:
        for game in games:
            _REGISTERED[spec(game).name] = cls
        return cls
    return add


def game_ui(name: str) -> GameUI:
    """A fresh adapter for the game called `name`."""
    return _REGISTERED[spec(name).name].for_game(name)


@register(*tafl.RULES)
class TaflUI(GameUI):
    two_step = True

    def __init__(self, rules: tafl.TaflRules) -> None:
        super().__init__(TaflView(rules))
        self.rules = rules

    @classmethod
    def for_game(cls, game: str) -> GameUI:
        return cls(tafl.RULES[game])

    def origins(self, position: tafl.TaflPosition) -> set[int]:
        return {orig for orig, _ in position.legal_moves()}

    def destinations(self, position: tafl.TaflPosition, orig: int) -> dict[int, Move]:
        return {dest: (o, dest) for o, dest in position.legal_moves() if o == orig}

    def move_squares(self, move: Move) -> tuple[int, ...]:
        return tuple(move)

    def holds_piece(self, position: tafl.TaflPosition, target: int) -> bool:
        return position.board[target] != tafl.EMPTY

    def captures(self, position: tafl.TaflPosition, orig: int) -> tuple[int, ...]:
        """Asked of the engine, without playing a move: the soldiers it takes
        (`TaflPosition.captures`) and whether an attacker landing there takes
        the king (`TaflRules.takes_king`)."""
        board, king = position.board, position.board.find(tafl.KING)
        hunting = position.side == tafl.ATTACKERS and king >= 0
        return tuple(dest for dest in self.destinations(position, orig)
                     if position.captures(orig, dest)
                     or (hunting and self.rules.takes_king(board, king, dest)))

    def move_note(self, before, after, effects: Effects) -> MoveNote | None:
        """`x` after a move that captured (the king or any soldier)."""
        return MoveNote("x") if effects.captured else None

    def refusal(self, position: tafl.TaflPosition, target: int) -> str | None:
        piece = position.board[target]
        if piece == tafl.EMPTY:
            return None
        if piece not in tafl.FRIENDS[position.side]:  # the other side's piece
            return t(f"refuse.turn.{position.side}")
        return t("refuse.blocked")  # the mover's own piece, and legal_moves has none from it

    def draw(self, surface: pygame.Surface, position: tafl.TaflPosition, marks: Marks,
             animation: Animation | None) -> None:
        if animation is None or animation.done:
            self.view.draw_position(surface, position, marks)
            return
        orig, dest = animation.move
        marks.hidden = frozenset({dest})
        self.view.draw_position(surface, position, marks)
        fade = int(255 * (1 - animation.progress))
        for square in animation.effects.captured:
            self.view.draw_piece(surface, animation.before.board[square],
                                 self.view.cell(square).center, alpha=fade)
        a, b = self.view.cell(orig).center, self.view.cell(dest).center
        p = ease(animation.progress)
        self.view.draw_piece(surface, animation.before.board[orig],
                             (a[0] + (b[0] - a[0]) * p, a[1] + (b[1] - a[1]) * p))

    def info(self, position: tafl.TaflPosition, start, moves) -> list[str]:
        counts = {letter: position.board.count(letter) for letter in "ADK"}
        lost_a = self.rules.counts["A"] - counts["A"]
        lost_d = self.rules.counts["D"] - counts["D"]
        return [t("panel.attackers", count=counts["A"], lost=lost_a),
                t("panel.defenders", count=counts["D"], lost=lost_d),
                t("panel.king_on_board") if counts["K"] else t("panel.king_captured")]

    def draw_extra(self, surface: pygame.Surface, rect: pygame.Rect, position, size: int) -> int:
        if self.rules.goal is not tafl.Goal.CORNER_TOUR:
            return 0
        return draw_corner_tour(surface, rect, self.rules, position.visited, size)

    def extra_height(self, size: int) -> int:
        if self.rules.goal is not tafl.Goal.CORNER_TOUR:
            return 0
        return corner_tour_height(size)


def corner_tour_height(size: int) -> int:
    """The height `draw_corner_tour` takes: its label, then the row of boxes."""
    from ..theme import font
    return font(size).get_height() + 4 + int(size * 1.3) + 6


def draw_corner_tour(surface: pygame.Surface, rect: pygame.Rect, rules: tafl.TaflRules,
                     visited: int, size: int) -> int:
    """Brandubh's tour: four corner boxes, ticked once the king has been there."""
    from ..theme import text_size
    from ..widgets import draw_text
    label = draw_text(surface, t("panel.corner_tour"), size, rect.topleft,
                      colour("text_muted"), max_width=rect.width)
    box = int(size * 1.3)
    top = label.bottom + 4
    for i, corner in enumerate(rules.corners):
        cell = pygame.Rect(rect.left + i * (box * 3), top, box, box)
        done = visited >> i & 1
        pygame.draw.rect(surface, colour("corner") if done else colour("button"), cell,
                         border_radius=3)
        pygame.draw.rect(surface, colour("accent") if done else colour("panel_edge"), cell, 1,
                         border_radius=3)
        if done:
            pygame.draw.lines(surface, colour("text"), False,
                              [(cell.left + box * 0.2, cell.centery),
                               (cell.left + box * 0.42, cell.bottom - box * 0.22),
                               (cell.right - box * 0.18, cell.top + box * 0.2)], 2)
        draw_text(surface, rules.square_name(corner), text_size(size * 0.9),
                  (cell.right + 4, cell.centery), colour("text_muted"), anchor="midleft")
    return top - rect.top + box + 6


@register(reversi.SPEC.name)
class ReversiUI(GameUI):
    midgame_plies = 21
    value_hints = True
    note_key = "notes.flips"

    def __init__(self) -> None:
        super().__init__(ReversiView())

    def targets(self, position) -> dict[int, Move]:
        return {m: m for m in position.legal_moves() if m != PASS}

    def move_squares(self, move: Move) -> tuple[int, ...]:
        return () if move == PASS else (move,)

    def move_note(self, before, after, effects: Effects) -> MoveNote | None:
        """The discs turned, quietly (every move but a pass turns some)."""
        return MoveNote(f"·{len(effects.flipped)}", quiet=True) if effects.flipped else None

    def refusal(self, position, target: int) -> str | None:
        if (position.black | position.white) >> target & 1:
            return t("refuse.taken")
        return t("refuse.no_flips")  # an empty square the engine does not list

    def animation_time(self, effects: Effects) -> float:
        return FLIP_SECONDS

    def draw(self, surface, position, marks: Marks, animation: Animation | None) -> None:
        if animation is None or animation.done or animation.move == PASS:
            self.view.draw_position(surface, position, marks)
            return
        placed = animation.move
        marks.hidden = frozenset({placed, *animation.effects.flipped})
        self.view.draw_position(surface, position, marks)
        mover = animation.before.side
        other = "w" if mover == "b" else "b"
        p = animation.progress
        grow = min(1.0, 0.5 + p * 1.5)
        self.view.draw_disc(surface, self.view.cell(placed).center, mover,
                            squash=grow, alpha=int(255 * min(1.0, 0.3 + p * 2)))
        squash = abs(math.cos(math.pi * p))
        for square in animation.effects.flipped:
            self.view.draw_disc(surface, self.view.cell(square).center,
                                other if p < 0.5 else mover, squash=max(0.05, squash))

    def info(self, position, start, moves) -> list[str]:
        black, white = position.counts()
        self.in_hand = supplies(start, list(moves))
        return [t("panel.black_discs", count=black, supply=self.in_hand[0]),
                t("panel.white_discs", count=white, supply=self.in_hand[1])]

    def extra_height(self, size: int) -> int:
        return 2 * (max(6, int(size * 0.7)) + 4)

    def draw_extra(self, surface: pygame.Surface, rect: pygame.Rect, position, size: int) -> int:
        """The two supplies as rows of discs seen edge-on, 32 places each."""
        in_hand = getattr(self, "in_hand", (32, 32))
        step = max(3, min(size // 2, (rect.width - size) // 32))
        height = max(6, int(size * 0.7))
        for row, (side, count) in enumerate(zip("bw", in_hand, strict=True)):
            y = rect.top + row * (height + 4)
            for i in range(32):
                place = pygame.Rect(rect.left + i * step, y, max(2, step - 1), height)
                if i < count:
                    pygame.draw.rect(surface, colour("disc_black" if side == "b"
                                                     else "disc_white"), place, border_radius=2)
                    pygame.draw.rect(surface, colour("text_muted"), place, 1, border_radius=2)
                else:
                    pygame.draw.rect(surface, colour("button_disabled"), place, 1,
                                     border_radius=2)
        return 2 * (height + 4)


@register(modiar.SPEC.name)
class ModiarUI(GameUI):
    midgame_plies = 7

    def __init__(self) -> None:
        super().__init__(ModiarView())

    def targets(self, position) -> dict[int, Move]:
        return {m: m for m in position.legal_moves()}

    def move_squares(self, move: Move) -> tuple[int, ...]:
        return (move,)

    def move_note(self, before, after, effects: Effects) -> MoveNote | None:
        """The stones taken, as the engine counted them into the mover's store
        (a first move's forfeited capture takes none)."""
        taken = sum(after.captured) - sum(before.captured)
        return MoveNote(f" +{taken}") if effects.captured and taken else None

    def refusal(self, position, target: int) -> str | None:
        if target not in pits_of(position.side):
            return t("refuse.opponents_pit")
        if position.pits[target] == 0:
            return t("refuse.empty_pit")
        return t("refuse.pit_no_move")

    def diagram_labels(self, effects: Effects) -> dict[int, str]:
        """The order the stones were sown in, in each pit (a pit sown twice says both)."""
        order: dict[int, list[str]] = {}
        for number, pit in enumerate(effects.sown, 1):
            order.setdefault(pit, []).append(str(number))
        return {pit: ",".join(numbers) for pit, numbers in order.items()}

    def animation_time(self, effects: Effects) -> float:
        fade = CAPTURE_FADE_SECONDS if effects.captured or effects.forfeited else 0.0
        return SOW_STONE_SECONDS * len(effects.sown) + fade

    def draw(self, surface, position, marks: Marks, animation: Animation | None) -> None:
        if animation is None or animation.done:
            self.view.draw_position(surface, position, marks)
            return
        counts, fading = self._counts_at(animation)
        marks.hidden = frozenset(fading)
        self.view.draw_position(surface, position, marks, counts=counts)
        alpha = round(255 * (1 - self._fade_progress(animation)))
        for pit in fading:
            self.view.draw_stones(surface, self.view.cell(pit), counts[pit], alpha=alpha)

    def _timeline(self, animation: Animation) -> tuple[float, float, float]:
        """Where the animation is on its natural timeline (speed setting undone):
        (elapsed, sowing seconds, fade seconds), so the speed stretches both
        phases alike."""
        effects = animation.effects
        natural = self.animation_time(effects)
        elapsed = natural if animation.duration <= 0 else \
            natural * min(animation.elapsed / animation.duration, 1.0)
        sowing = SOW_STONE_SECONDS * len(effects.sown)
        return elapsed, sowing, natural - sowing

    def _fade_progress(self, animation: Animation) -> float:
        """0..1 through the capture fade, which starts once the sowing is over."""
        elapsed, sowing, fade = self._timeline(animation)
        if fade <= 0:
            return 1.0
        return min(max((elapsed - sowing) / fade, 0.0), 1.0)

    def _counts_at(self, animation: Animation) -> tuple[list[int], tuple[int, ...]]:
        """Pit counts shown mid-animation, and the captured pits fading out.

        Stone k lands at the start of its slot, k × SOW_STONE_SECONDS; the
        captured pits only fade once the whole sowing time has passed, so the
        last stone is seen landing before anything is taken.
        """
        elapsed, sowing, _ = self._timeline(animation)
        sown = animation.effects.sown
        counts = list(animation.before.pits)
        counts[sown[0]] = 0
        dropped = min(len(sown), int(elapsed / SOW_STONE_SECONDS) + 1)
        for pit in sown[:dropped]:
            counts[pit] += 1
        fading = animation.effects.captured if elapsed >= sowing else ()
        return counts, fading

    def info(self, position, start, moves) -> list[str]:
        south, north = position.captured
        return [t("panel.south_captured", count=south),
                t("panel.north_captured", count=north)]
