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

from ...rules import modiar, reversi, spec, tafl, threats
from ...rules.base import Effects, Move, Outcome, Position
from ...rules.modiar import pits_of
from ...rules.reversi import PASS, supplies
from ..i18n import side_name, t
from ..theme import colour
from ..views.base import BoardView, Marks, ease
from ..views.modiar import ModiarView
from ..views.reversi import ReversiView
from ..views.tafl import TaflView

MOVE_SECONDS = 0.2
FLIP_SECONDS = 0.35
SOW_STONE_SECONDS = 0.16  # a Modiar stone's journey to its pit
CAPTURE_STEP_SECONDS = 0.22  # a Modiar pit taken, fading out
FORFEIT_PAUSE_SECONDS = 0.3  # the first move's capture that is not taken
STONE_HOP = 0.45  # how high a travelling stone rises, in pits


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


@dataclass
class Sowing:
    """A moment of a Modiar move's animation: the stones shown in each pit, the
    stone on its way (from pit, to pit, 0..1 of its journey; None: none)
    with the rest of the hand it leaves, and the pits being taken (pit ->
    0..1 of its fade)."""

    counts: list[int]
    flying: tuple[int, int, float] | None
    fading: dict[int, float]
    in_hand: int = 0  # the stones not yet sown, the one on its way among them


def stone_path(orig: pygame.Rect, dest: pygame.Rect, progress: float) -> tuple[float, float]:
    """Where a stone travelling from pit `orig` to pit `dest` is at `progress`:
    eased along the line between them, lifted on an arc (a hop when the two
    are one pit)."""
    p = ease(progress)
    lift = math.sin(math.pi * min(max(progress, 0.0), 1.0)) * orig.width * STONE_HOP
    return (orig.centerx + (dest.centerx - orig.centerx) * p,
            orig.centery + (dest.centery - orig.centery) * p - lift)


@dataclass(frozen=True)
class Threats:
    """What the threat marks show of a position: the pieces the other side
    could take next move, and the king's open lines (each from his square to
    a goal)."""

    threatened: tuple[int, ...] = ()
    king_lines: tuple[tuple[int, ...], ...] = ()


NO_THREATS = Threats()


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
    # Whether the threat marks preview a move's capture before it is played
    # (Modiar: a sowing, on hover, under the keyboard cursor, or on the first tap).
    previews = False
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

    def captures(self, position: Position, orig: int) -> dict[int, tuple[int, ...]]:
        """For each destination of the piece on `orig` whose move takes
        something, the cells it takes; only games that pick a piece first
        have any."""
        return {}

    def threats(self, position: Position, viewer: str) -> Threats:
        """The threat marks for the player of `viewer`'s side (none here)."""
        return NO_THREATS

    def sowing(self, position: Position, target: int) -> tuple[tuple[int, ...], int] | None:
        """Games that preview a move: the cells playing `target` would take and
        how much they hold (None: not a move; a forfeited capture takes none)."""
        return None

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

    def attempted(self, position: Position, selected: int | None, target: int) -> Move | None:
        """The move, written as the engine writes its moves, that pressing `target`
        (with `selected` picked up) tried to make when the board refused it: a
        piece sent to an empty square, a pit or square of the mover's that may
        not be played now.  None when the press was no move at all (the other
        side's piece or pit, a square already taken).  A lesson asks its task
        why such a move is not allowed; nothing here decides that it is not."""
        return None

    # --- drawing ----------------------------------------------------------------------

    def animation_time(self, effects: Effects) -> float:
        return MOVE_SECONDS

    def draw(self, surface: pygame.Surface, position: Position, marks: Marks,
             animation: Animation | None) -> None:
        self.view.draw_position(surface, position, marks)

    def info(self, position: Position, start: Position, moves: list[Move]) -> list[str]:
        return []

    def score_note(self, position: Position, outcome: Outcome) -> str:
        """How a counted result was counted, after the reason on the result
        panel: the two scores, unless the game says more."""
        return f" ({outcome.scores[0]}–{outcome.scores[1]})"

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

    def captures(self, position: tafl.TaflPosition, orig: int) -> dict[int, tuple[int, ...]]:
        """Asked of the rules, without playing a move (`threats.captures_from`)."""
        return threats.captures_from(position, orig)

    def threats(self, position: tafl.TaflPosition, viewer: str) -> Threats:
        """The viewer's pieces the other side could take next move, the king
        whenever one attacker move takes him, and his open lines to a goal."""
        danger = set(threats.threatened(position, tafl.ENEMY[viewer]))
        king = position.board.find(tafl.KING)
        if viewer == tafl.ATTACKERS and threats.king_in_danger(position):
            danger.add(king)
        lines = tuple((king, *line) for line in threats.king_lines(position))
        return Threats(tuple(sorted(danger)), lines)

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

    def attempted(self, position: tafl.TaflPosition, selected: int | None,
                  target: int) -> Move | None:
        if selected is None or position.board[target] != tafl.EMPTY:
            return None
        return (selected, target)

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

    def attempted(self, position, selected: int | None, target: int) -> Move | None:
        return None if (position.black | position.white) >> target & 1 else target

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
    previews = True

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

    def sowing(self, position, target: int) -> tuple[tuple[int, ...], int] | None:
        """What sowing the pit `target` would take (`threats.sowing_capture`)."""
        found = threats.sowing_capture(position, target)
        if found is None:
            return None
        return ((), 0) if found.forfeited else (found.pits, found.stones)

    def refusal(self, position, target: int) -> str | None:
        if target not in pits_of(position.side):
            return t("refuse.opponents_pit")
        if position.pits[target] == 0:
            return t("refuse.empty_pit")
        return t("refuse.pit_no_move")

    def attempted(self, position, selected: int | None, target: int) -> Move | None:
        return target if target in pits_of(position.side) and position.pits[target] else None

    def diagram_labels(self, effects: Effects) -> dict[int, str]:
        """The order the stones were sown in, in each pit (a pit sown twice says both)."""
        order: dict[int, list[str]] = {}
        for number, pit in enumerate(effects.sown, 1):
            order.setdefault(pit, []).append(str(number))
        return {pit: ",".join(numbers) for pit, numbers in order.items()}

    def animation_time(self, effects: Effects) -> float:
        """One slot per stone sown, then one per pit taken (in the chain's
        order), or a pause where the first move's capture is forfeited."""
        if effects.captured:
            taking = CAPTURE_STEP_SECONDS * len(effects.captured)
        else:
            taking = FORFEIT_PAUSE_SECONDS if effects.forfeited else 0.0
        return SOW_STONE_SECONDS * len(effects.sown) + taking

    def draw(self, surface, position, marks: Marks, animation: Animation | None) -> None:
        if animation is None or animation.done:
            self.view.draw_position(surface, position, marks)
            return
        sowing = self.sowing_at(animation)
        marks.hidden = frozenset(sowing.fading)
        self.view.draw_position(surface, position, marks, counts=sowing.counts)
        for pit, progress in sowing.fading.items():
            self.view.draw_stones(surface, self.view.cell(pit), sowing.counts[pit],
                                  alpha=round(255 * (1 - progress)))
        if sowing.flying is not None:
            orig, dest, progress = sowing.flying
            self.view.draw_hand(surface, stone_path(self.view.cell(orig), self.view.cell(dest),
                                                    progress), sowing.in_hand)

    def sowing_at(self, animation: Animation) -> Sowing:
        """What the board shows this far into a move's animation.

        The stones are lifted from the origin; stone k then travels from the
        pit stone k − 1 fell in (the first: from the origin, back into it) to
        `effects.sown[k]`, in slot k of SOW_STONE_SECONDS, and is counted in
        once it lands.  Once the last has landed, the pits taken fade one
        after another, in the order of `effects.captured` (the chain's, from
        the last stone's pit backwards), each in its own slot; a taken pit's
        count reads 0 once it has faded.  The animation's duration (the speed
        setting) stretches every slot alike.
        """
        effects = animation.effects
        natural = self.animation_time(effects)
        elapsed = natural if animation.duration <= 0 else \
            natural * min(animation.elapsed / animation.duration, 1.0)
        sown = effects.sown
        counts = list(animation.before.pits)
        counts[sown[0]] = 0
        landed = min(len(sown), int(elapsed / SOW_STONE_SECONDS + 1e-9))
        for pit in sown[:landed]:
            counts[pit] += 1
        flying = None
        if landed < len(sown):
            orig = sown[landed - 1] if landed else sown[0]
            flying = (orig, sown[landed], elapsed / SOW_STONE_SECONDS - landed)
        fading: dict[int, float] = {}
        taking = elapsed - SOW_STONE_SECONDS * len(sown)
        for order, pit in enumerate(effects.captured):
            progress = min(max(taking / CAPTURE_STEP_SECONDS - order + 1e-9, 0.0), 1.0)
            if landed < len(sown) or progress <= 1e-9:
                break
            if progress >= 1.0:
                counts[pit] = 0
            else:
                fading[pit] = progress
        return Sowing(counts, flying, fading, len(sown) - landed)

    def score_note(self, position, outcome: Outcome) -> str:
        """Each side's count spelt out: the stones it captured plus those left
        in its own pits."""
        return ": " + ", ".join(t("over.modiar_count", side=side_name(side), captured=captured,
                          left=left, total=captured + left)
                        for side in position.SIDES
                        for captured, left in [position.count_parts(side)])

    def info(self, position, start, moves) -> list[str]:
        south, north = position.captured
        return [t("panel.south_captured", count=south),
                t("panel.north_captured", count=north)]
