"""The lessons' list: the four games as tabs, and the chosen game's lessons,
each marked done (✓), begun (tasks solved of all) or not yet (no mark)."""

from __future__ import annotations

import pygame

from ...lessons import LESSONS, Lesson, Progress
from ...rules import GAME_NAMES
from ..i18n import t
from ..scene import Pop, Push, Scene, ToLesson, Transition, handle_buttons
from ..theme import colour, css_pixels, font, text_size, touch_height, unit_for
from ..widgets import (
    Button,
    Focus,
    draw_text,
    label_fits,
    label_lines,
    label_width,
    row_buttons,
    stack_buttons,
)
from .store import load_progress

DONE_MARK = "✓"
NOTICE_ROOM_CSS = 130  # kept free under the list: a notice never covers a lesson


def first_unfinished(progress: Progress) -> str:
    """The first game with a lesson not done (the first game when all are)."""
    return next((game for game in GAME_NAMES
                 if not all(progress.is_done(lesson) for lesson in LESSONS[game])),
                GAME_NAMES[0])


def progress_mark(progress: Progress, lesson: Lesson) -> str:
    """What a lesson's button says after its title: ✓ when done, the tasks
    solved of all when begun, nothing before that."""
    if progress.is_done(lesson):
        return f"  {DONE_MARK}"
    solved = sum(task.id in progress.tasks_done for task in lesson.tasks)
    return f"  {solved}/{len(lesson.tasks)}" if solved else ""


class LessonsScene(Scene):
    def __init__(self, ctx, game: str | None = None) -> None:
        super().__init__(ctx)
        self.progress = load_progress(ctx.storage)
        ctx.take_storage_notices()
        self.game = game or first_unfinished(self.progress)
        self.unit = 16
        self.title_y = 16
        self.count_y = 0
        self.focus = Focus(spatial=True)
        self.game_buttons = [Button(f"game.{name}", self._choose(name), name=f"lessons-{name}")
                             for name in GAME_NAMES]
        self.back_button = Button("setup.back", lambda: Pop(), name="back")
        self.lesson_buttons: list[Button] = []
        self._make_lesson_buttons()

    def enter(self) -> None:
        """Back from a lesson: its marks as they now are."""
        self.progress = load_progress(self.ctx.storage)
        self.ctx.take_storage_notices()
        self._make_lesson_buttons()
        self.resize(self.size)

    def _choose(self, game: str):
        def choose() -> None:
            self.game = game
            self._make_lesson_buttons()
            self.resize(self.size)
        return choose

    def _make_lesson_buttons(self) -> None:
        self.lesson_buttons = [
            Button(lesson.title_key, self._open(lesson.id), name=f"lesson-{lesson.id}",
                   suffix=progress_mark(self.progress, lesson))
            for lesson in LESSONS[self.game]]
        for button, name in zip(self.game_buttons, GAME_NAMES, strict=True):
            button.selected = name == self.game

    def _open(self, lesson_id: str):
        def open_lesson() -> Transition:
            return Push(ToLesson(lesson_id))
        return open_lesson

    @property
    def buttons(self) -> list[Button]:
        return [*self.game_buttons, *self.lesson_buttons, self.back_button]

    # --- layout ----------------------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        w, h = size
        if not w:
            return
        self.unit = u = unit_for(size, high=30, divisor=36)
        height, gap = touch_height(u * 2.2), u // 2
        width = min(w - 2 * u, 40 * u)
        left = (w - width) // 2
        back_width = max(6 * u, font(text_size(u)).size(self.back_button.text)[0] + 2 * u)
        self.back_button.rect = pygame.Rect(left + width - back_width, u, back_width, height)
        self.title_y = u + height // 2
        top = u + height + u
        tabs = self._tab_rows(width, height)
        for row in tabs:
            row_buttons(row, pygame.Rect(left, top, width, height), gap)
            top += height + gap
        self.count_y = top + gap
        top = self.count_y + font(self._count_size()).get_linesize() + u
        self._lay_lessons(pygame.Rect(left, top, width, h - u - top), height, gap)
        self.focus.set(self.buttons)

    def _tab_rows(self, width: int, height: int) -> list[list[Button]]:
        """The four games in one row, or two rows of two where a name would not fit."""
        gap = self.unit // 2
        one = pygame.Rect(0, 0, (width - 3 * gap) // 4, height)
        if all(label_fits(b.text, self.unit, one) for b in self.game_buttons):
            return [self.game_buttons]
        return [self.game_buttons[:2], self.game_buttons[2:]]

    def _lay_lessons(self, area: pygame.Rect, height: int, gap: int) -> None:
        """One column where it fits the window with room left under it for a
        notice (a copied code's worth), else two side by side."""
        buttons = self.lesson_buttons
        half = (area.width - self.unit) // 2
        two = area.width >= 36 * self.unit or \
            len(buttons) * (height + gap) + css_pixels(NOTICE_ROOM_CSS) > area.height
        if not two:
            stack_buttons(buttons, area, height, gap)
            return
        rows = (len(buttons) + 1) // 2
        height = max(height, *(self._label_height(b, half) for b in buttons))
        stack_buttons(buttons[:rows], pygame.Rect(area.left, area.top, half, area.height),
                      height, gap)
        stack_buttons(buttons[rows:], pygame.Rect(area.right - half, area.top, half,
                                                  area.height), height, gap)

    def _label_height(self, button: Button, width: int) -> int:
        """The height `button`'s label needs in a button `width` wide (a long
        title in half a phone's width takes three lines)."""
        rect = pygame.Rect(0, 0, width, touch_height(self.unit * 2.2))
        lines, size = label_lines(button.text, text_size(self.unit), label_width(rect))
        return len(lines) * font(size).get_linesize() + self.unit // 2

    def _count_size(self) -> int:
        return text_size(self.unit * 0.9)

    # --- events and drawing ----------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> Transition | None:
        return handle_buttons(self.focus, event)

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(colour("background"))
        u = self.unit
        left = self.game_buttons[0].rect.left
        draw_text(surface, t("lessons.title"), int(u * 1.5), (left, self.title_y),
                  colour("accent"), anchor="midleft", bold=True,
                  max_width=self.back_button.rect.left - left - u)
        lessons = LESSONS[self.game]
        done = sum(self.progress.is_done(lesson) for lesson in lessons)
        draw_text(surface, t("lessons.done_count", done=done, total=len(lessons)),
                  self._count_size(), (left, self.count_y), colour("text_muted"),
                  max_width=self.back_button.rect.right - left)
        self.focus.draw(surface, u)
        for button, lesson in zip(self.lesson_buttons, lessons, strict=True):
            if self.progress.is_done(lesson):  # done: edged in the colour of praise
                pygame.draw.rect(surface, colour("ok"), button.rect, 2,
                                 border_radius=max(4, button.rect.height // 4))
