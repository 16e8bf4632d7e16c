"""New-game setup: who plays (computer, two players, a friend by link,
computer vs computer), the person's side, the computer's level (watching,
one for each side), and the clocks (against the computer and for two
players here).  Each game's setup opens with the choices its last game
was started with, kept in storage across restarts."""

from __future__ import annotations

from typing import Any

import pygame

from ..history import PERSONAL
from ..lessons import LESSONS
from ..platform.storage import Storage
from ..rules import spec
from .choices import ChoiceScene
from .clocks import TIME_CONTROLS
from .dialogs import ConfirmDialog, Confirmed, Declined
from .i18n import t
from .lessons.store import offer_due, skip_offer
from .play import MODES, TIMED_MODES, Play, Setup, discard_save, load_save, resolve_side
from .scene import Pop, Push, Replace, ToBoard, ToLesson, Transition
from .theme import colour, font, text_size
from .widgets import Button, draw_text, wrap

LEVELS = ("bard", "ovate", "druid")
# A line under a game's name on its setup screen: Brandubh's rules are a modern
# reconstruction (the old sheet's diagram is lost), which tafl players should
# know before they take a rule for a bug.
GAME_NOTES = {"brandubh": "setup.reconstruction"}
# Where each game's last started choices are kept:
# {game: {"mode", "side", "level", "second_level", "clock"}}.
CHOICES_KEY = "setups"
LEVEL_FOR = "setup.level_for:"  # a watched side's level row: this, then the side


def default_choice(game: str) -> dict[str, str]:
    """The choices a game's setup opens with when none were kept."""
    return {"mode": "computer", "level": "ovate", "side": spec(game).suggested_side,
            "second_level": "ovate", "clock": ""}


def remembered_choice(storage: Storage, game: str) -> dict[str, str]:
    """The choices `game` was last started with; a field that is missing or no
    longer one of the choices offered (an edited or older file) takes its default."""
    choice = default_choice(game)
    kept = _kept_choices(storage).get(game)
    if isinstance(kept, dict):
        offered = {"mode": MODES, "level": LEVELS, "side": (*spec(game).sides, "random"),
                   "second_level": LEVELS, "clock": TIME_CONTROLS}
        choice.update({field: value for field, value in kept.items()
                       if field in offered and isinstance(value, str)
                       and value in offered[field]})
    return choice


def remember_choice(storage: Storage, game: str, choice: dict[str, str]) -> None:
    """Keep `choice` as `game`'s, beside the other games' (which stay as they were)."""
    storage.save(CHOICES_KEY, {**_kept_choices(storage), game: dict(choice)})


def _kept_choices(storage: Storage) -> dict[str, Any]:
    stored = storage.load(CHOICES_KEY)  # unreadable JSON is set aside by the storage itself
    return stored if isinstance(stored, dict) else {}


def lessons_offer(ctx, game: str) -> ConfirmDialog:
    """The question put before a first game of `game`: take its lessons, or
    skip them for good.  Skipping is the answer that has the focus, and Esc or
    a tap beside the box: the player pressed Start, so the game is what they
    asked for."""
    return ConfirmDialog(ctx, "lessons", t("lessons.offer.title", game=t(f"game.{game}")),
                         t("lessons.offer.body"), "lessons.offer.take", "lessons.offer.skip",
                         no_acts=True)


class SetupScene(ChoiceScene):
    subtitle_key = "setup.title"

    def __init__(self, ctx, game: str) -> None:
        super().__init__(ctx)
        self.game = game
        self.sides = spec(game).sides
        self.choice = remembered_choice(ctx.storage, game)
        ctx.take_storage_notices()  # a kept file that could not be read: say so here
        self.mode_buttons = [Button(f"mode.{m}", self._set("mode", m), name=f"mode-{m}")
                             for m in MODES]
        self.side_buttons = [Button(f"side.{s}", self._set("side", s), name=f"side-{s}")
                             for s in self.sides]
        self.side_buttons.append(Button("side.random", self._set("side", "random"),
                                        name="side-random"))
        self.level_buttons = [Button(f"level.{lv}", self._set("level", lv), name=f"level-{lv}")
                              for lv in LEVELS]
        # Watching: the level of the side that moves second (the first side's is `level`).
        self.second_level_buttons = [Button(f"level.{lv}", self._set("second_level", lv),
                                            name=f"second_level-{lv}") for lv in LEVELS]
        # The time control: one button in the footer that goes round the
        # choices (a row of its own would push the level's note off a phone).
        self.clock_button = Button("", self.next_clock, literal=True, name="clock")
        self.start_button = Button("setup.start", self.begin, name="start")
        self.back_button = Button("setup.back", lambda: Pop(), name="back")
        self.footer = [self.back_button, self.start_button]
        self.note_area: pygame.Rect | None = None
        self._note_lines: tuple[tuple[str, int, int], list[str]] | None = None

    def _set(self, field: str, value: str):
        def choose() -> None:
            self.choice[field] = value
            self.refresh()
        return choose

    def title(self) -> str:
        return t(f"game.{self.game}")

    def header_note(self) -> str:
        key = GAME_NOTES.get(self.game)
        return t(key) if key else ""

    def rows(self) -> list[tuple[str, list[Button]]]:
        rows = [("setup.mode", self.mode_buttons)]
        if self.choice["mode"] in PERSONAL:
            rows.append(("setup.side", self.side_buttons))
        if self.choice["mode"] == "computer":
            rows.append(("setup.level", self.level_buttons))
        elif self.choice["mode"] == "watch":
            first, second = self.sides
            rows.append((f"{LEVEL_FOR}{first}", self.level_buttons))
            rows.append((f"{LEVEL_FOR}{second}", self.second_level_buttons))
        return rows

    def row_label(self, label: str) -> str:
        """A watched side's level row names the side."""
        if label.startswith(LEVEL_FOR):
            return t("setup.level_for", side=t(f"side.{label.removeprefix(LEVEL_FOR)}"))
        return t(label)

    def all_buttons(self) -> list[Button]:
        return [*self.mode_buttons, *self.side_buttons, *self.level_buttons,
                *self.second_level_buttons, self.clock_button]

    def resize(self, size: tuple[int, int]) -> None:
        """The footer holds the clock's button in the modes played with clocks."""
        timed = self.choice["mode"] in TIMED_MODES
        self.footer = [self.back_button, *([self.clock_button] if timed else []),
                       self.start_button]
        clock = self.choice["clock"]
        self.clock_button.label = t("setup.clock_on", clock=clock) if clock \
            else t("setup.clock_off")
        self.clock_button.selected = bool(clock)
        super().resize(size)

    def next_clock(self) -> None:
        """The next time control, round to none after the longest."""
        index = TIME_CONTROLS.index(self.choice["clock"])
        self.choice["clock"] = TIME_CONTROLS[(index + 1) % len(TIME_CONTROLS)]
        self.refresh()

    def is_selected(self, button: Button) -> bool:
        field, _, value = button.name.partition("-")
        return self.choice[field] == value

    def computer_sides(self) -> tuple[str, ...]:
        """The sides the computer may play with these choices."""
        mode, side = self.choice["mode"], self.choice["side"]
        if mode in ("hotseat", "friend"):
            return ()
        if mode == "computer" and side in self.sides:
            return tuple(s for s in self.sides if s != side)
        return self.sides  # watching, or a side drawn at random

    def level_note(self) -> str:
        """What the chosen level means (none when no computer plays, nor for the
        two levels of a watched game)."""
        if not self.computer_sides() or self.choice["mode"] == "watch":
            return ""
        return t(f"level.{self.choice['level']}.about")

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        self.note_area = None
        note = self.level_note()
        if not note or not self.level_buttons[0].rect.width or self.compact:
            return
        u = self.unit
        size = self._note_size()
        y = self.level_buttons[0].rect.bottom + int(u * 0.8)
        row = self.level_buttons[0].rect.unionall([b.rect for b in self.level_buttons])
        area = pygame.Rect(row.left, y, 0, 0)
        for line in self._wrapped(note, size, row.width):
            rect = draw_text(surface, line, size, (row.left, y), colour("text_muted"))
            area.union_ip(rect)
            y = rect.bottom + u // 5
        self.note_area = area  # where the note went (the layout tests read it)

    def _note_size(self) -> int:
        return text_size(self.unit * 0.9)

    def extra_room(self, width: int) -> int:
        """Room under the level buttons for the note (its longest wording)."""
        note = self.level_note()
        if not note:
            return 0
        size = self._note_size()
        lines = len(wrap(note, size, width - 2 * self.unit))
        return int(self.unit * 0.8) + lines * (font(size).get_linesize() + self.unit // 5)

    def _wrapped(self, note: str, size: int, width: int) -> list[str]:
        """The note's lines, measured again only when the note or the size changes
        (not on every frame)."""
        key = (note, size, width)
        if self._note_lines is None or self._note_lines[0] != key:
            self._note_lines = (key, wrap(note, size, width))
        return self._note_lines[1]

    def begin(self) -> Transition:
        """Start, asking first when this game has an unfinished one saved (a
        game with a friend has its own place, and replaces nothing), and
        offering the lessons before a first game of a game never played."""
        if self.choice["mode"] == "friend":
            return self._start()
        saved = load_save(self.ctx.storage, self.game)
        self.ctx.take_storage_notices()
        if saved is None and offer_due(self.ctx.storage, self.game):
            self.ctx.take_storage_notices()
            return Push(lessons_offer(self.ctx, self.game))
        if saved is None or not saved.unfinished:
            return self._start()
        return Push(ConfirmDialog(self.ctx, "new", t("confirm.new.title"),
                                  t("confirm.replace.body", game=t(f"game.{self.game}")),
                                  "confirm.new.yes", "confirm.keep_game"))

    def returned(self, result) -> Transition | None:
        if isinstance(result, Confirmed) and result.question == "new":
            discard_save(self.ctx.storage, self.game)  # replaced, as the question said
            return self._start()
        if isinstance(result, Confirmed) and result.question == "lessons":
            # Over the setup, so that Back from the lessons comes here to start.
            return Push(ToLesson(LESSONS[self.game][0].id))
        if isinstance(result, Declined) and result.question == "lessons":
            skip_offer(self.ctx.storage, self.game)
            return self._start()
        return None

    def _start(self) -> Transition:
        rng = self.ctx.rng
        mode = self.choice["mode"]
        side = resolve_side(self.choice["side"], self.sides, rng) if mode in PERSONAL else ""
        second = self.choice["second_level"] if mode == "watch" else ""
        clock = self.choice["clock"] if mode in TIMED_MODES else ""
        setup = Setup(self.game, mode, side, self.choice["level"], seed=rng.randrange(1 << 30),
                      second_level=second, clock=clock)
        remember_choice(self.ctx.storage, self.game, self.choice)
        return Replace(ToBoard(Play(setup)))
