"""A rules page: headings, paragraphs and diagrams drawn by the game's own
board views, scrolled with the wheel, a drag or a finger, and the keys.

Text and diagrams are rendered to surfaces once per size and language; a
frame only blits what is in view (and redraws a diagram while it animates).
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from ..rules import from_code
from ..rules.base import legal
from . import text_log
from .board.games import Animation, game_ui
from .i18n import t
from .rules_pages import PAGES, Diagram, Heading, Text
from .scene import Pop, Push, Scene, ToLessons, Transition
from .theme import colour, font, text_size, touch_height, unit_for
from .views.base import Marks
from .widgets import Button, Focus, draw_text, wrap

SCROLL_STEP = 48
DIAGRAM_ANIMATION = 1.2  # seconds a replayed diagram takes


@dataclass
class Item:
    """One laid-out block: a surface at a y offset in the page."""

    top: int
    surface: pygame.Surface
    diagram: DiagramView | None = None


class DiagramView:
    """A before → after pair (or one position) with its caption."""

    def __init__(self, block: Diagram, width: int, unit: int) -> None:
        self.block = block
        self.unit = unit
        self.before = from_code(block.code)
        self.move = legal(self.before, block.move) if block.move else None
        played = self.before.play(self.move) if self.move is not None else None
        self.after = played.position if played else None
        self.effects = played.effects if played else None
        self.animation: Animation | None = None
        self.width = width
        self.left_ui = game_ui(self.before.GAME)
        self.right_ui = game_ui(self.before.GAME)
        self.boards = self._layout(width)
        self.surface = pygame.Surface((width, self.height), pygame.SRCALPHA)
        self.render()

    def _layout(self, width: int) -> list[pygame.Rect]:
        u = self.unit
        aspect = self.left_ui.view.aspect
        count = 1 if self.after is None else 2
        side = min(int(u * 17), (width - u * 3) // count) if count == 2 else min(int(u * 20),
                                                                                width)
        stacked = count == 2 and side < u * 9
        if stacked:
            side = min(int(u * 17), width)
        height = int(side * aspect)
        rects = []
        for i in range(count):
            if stacked:
                rect = pygame.Rect((width - side) // 2, i * (height + u * 2), side, height)
            else:
                x = (width - (count * side + (count - 1) * u * 3)) // 2 + i * (side + u * 3)
                rect = pygame.Rect(x, 0, side, height)
            rects.append(rect)
        self.stacked = stacked
        self.caption_lines = wrap(t(self.block.caption), self.caption_size(), width)
        bottom = rects[-1].bottom
        self.height = bottom + u // 2 + len(self.caption_lines) * self.caption_step() + u
        self.left_ui.view.layout(rects[0])
        if count == 2:
            self.right_ui.view.layout(rects[1])
        return rects

    def caption_size(self) -> int:
        return text_size(self.unit * 0.9)

    def caption_step(self) -> int:
        from .theme import font
        return max(int(self.unit * 1.25), font(self.caption_size()).get_linesize())

    def render(self) -> None:
        surface, u = self.surface, self.unit
        surface.fill(colour("transparent"))
        before_marks = Marks()
        if self.move is not None:
            before_marks.hint = self.left_ui.move_squares(self.move)
        self.left_ui.draw(surface, self.before, before_marks, None)
        if self.after is not None:
            self.right_ui.draw(surface, self.after, self._after_marks(), self.animation)
            self._arrow(surface)
        y = self.boards[-1].bottom + u // 2
        for line in self.caption_lines:
            draw_text(surface, line, self.caption_size(), (self.width // 2, y),
                      colour("text_muted"), anchor="midtop")
            y += self.caption_step()

    def _after_marks(self) -> Marks:
        marks = Marks(last=self.right_ui.move_squares(self.move))
        if self.animation is not None:
            return marks
        # Only what was taken is crossed out: forfeited stones (the game's first
        # move takes nothing) stay in their pits, as the caption says.
        marks.crossed = tuple(self.effects.captured)
        marks.labels = self.right_ui.diagram_labels(self.effects)
        return marks

    def _arrow(self, surface: pygame.Surface) -> None:
        a, b = self.boards
        if self.stacked:
            start, end = (a.centerx, a.bottom + 4), (a.centerx, b.top - 4)
        else:
            start, end = (a.right + 6, a.centery), (b.left - 6, a.centery)
        pygame.draw.line(surface, colour("accent"), start, end, 3)
        if self.stacked:
            head = [(end[0] - 7, end[1] - 8), (end[0] + 7, end[1] - 8), end]
        else:
            head = [(end[0] - 8, end[1] - 7), (end[0] - 8, end[1] + 7), end]
        pygame.draw.polygon(surface, colour("accent"), head)

    def replay(self) -> None:
        if self.after is None:
            return
        duration = max(self.right_ui.animation_time(self.effects), 0.2) * 3
        self.animation = Animation(self.before, self.after, self.move, self.effects, duration)

    def tick(self, dt: float) -> None:
        if self.animation is None:
            return
        self.animation.elapsed += dt
        if self.animation.done:
            self.animation = None
        self.render()


class RulesScene(Scene):
    def __init__(self, ctx, game: str) -> None:
        super().__init__(ctx)
        self.game = game
        self.items: list[Item] = []
        self.scroll = 0
        self.content_height = 0
        self.view = pygame.Rect(0, 0, 0, 0)
        self.unit = 16
        self.drag_from: tuple[int, int] | None = None
        self.focus = Focus(arrows=False)  # the arrow keys scroll the page
        self.back = Button("rules.back", lambda: Pop(), name="back")
        # The game's lessons: these rules, tried on the board.
        self.try_button = Button("rules.try", lambda: Push(ToLessons(game)), name="try")
        self.title_pos = (0, 0)
        self.language = ""

    # --- layout -----------------------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        w, h = size
        if not w:
            return
        self.unit = u = unit_for(size, high=28, divisor=40)  # 20 at 1280×800, 27 at 1920×1080
        height = touch_height(u * 2.2)
        header = self._lay_header(w, u, height)
        width = min(w - 2 * u, 46 * u)
        self.view = pygame.Rect((w - width) // 2, header, width, h - header)
        self.focus.set([self.try_button, self.back])
        self._build()

    def _lay_header(self, w: int, u: int, height: int) -> int:
        """*Try it* and *Back* at the top right, the title beside them, or under
        them where it would not fit beside (a phone); where the page begins."""
        self.back.rect = pygame.Rect(w - u - 8 * u, u, 8 * u, height)
        label = font(text_size(u)).size(self.try_button.text)[0] + 2 * u
        try_width = min(max(8 * u, label), 12 * u)
        self.try_button.rect = pygame.Rect(self.back.rect.left - u // 2 - try_width, u,
                                           try_width, height)
        left = (w - min(w - 2 * u, 46 * u)) // 2
        title = t("rules.title", game=t(f"game.{self.game}"))
        if font(self._title_size(), True).size(title)[0] <= self.try_button.rect.left - left - u:
            self.title_pos = (left, u)
            return max(int(u * 4), u + height + u // 2)
        self.title_pos = (left, u + height + u // 2)
        return self.title_pos[1] + font(self._title_size(), True).get_linesize() + u // 2

    def _title_size(self) -> int:
        return int(self.unit * 1.5)

    def _build(self) -> None:
        self.language = t("language.code")
        u, width = self.unit, self.view.width
        self.items, y = [], u // 2
        for block in PAGES[self.game]:
            if isinstance(block, Heading):
                y += u // 2
                item = Item(y, _text_surface(t(block.key), int(u * 1.3), width, True,
                                             colour("accent")))
            elif isinstance(block, Text):
                values = block.values() if block.values else {}
                item = Item(y, _text_surface(t(block.key, **values), text_size(u), width, False,
                                             colour("text")))
            else:
                diagram = DiagramView(block, width, u)
                item = Item(y, diagram.surface, diagram)
            self.items.append(item)
            y += item.surface.get_height() + u // 2
        self.content_height = y + u
        self._clamp()

    def show_first_pair(self) -> None:
        """Scroll to the first before → after diagram."""
        pairs = [i for i in self.items if i.diagram is not None and i.diagram.after]
        self.scroll = pairs[0].top if pairs else 0
        self._clamp()

    def _clamp(self) -> None:
        self.scroll = max(0, min(self.scroll, self.content_height - self.view.height))

    # --- input ------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> Transition | None:
        used, result = self.focus.handle(event)
        if used:
            return result
        if event.type == pygame.MOUSEWHEEL:
            self.scroll -= int(getattr(event, "y", 0)) * SCROLL_STEP
        elif event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1:
            self.drag_from = event.pos
            self._click(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 0) in (4, 5):
            self.scroll += SCROLL_STEP * (1 if event.button == 5 else -1)
        elif event.type == pygame.MOUSEMOTION and self.drag_from is not None:
            self.scroll -= event.pos[1] - self.drag_from[1]
            self.drag_from = event.pos
        elif event.type == pygame.MOUSEBUTTONUP:
            self.drag_from = None
        elif event.type == pygame.KEYDOWN:
            return self._key(event.key)
        self._clamp()
        return None

    def _key(self, key: int) -> Transition | None:
        page = self.view.height - 2 * self.unit
        steps = {pygame.K_DOWN: SCROLL_STEP, pygame.K_UP: -SCROLL_STEP,
                 pygame.K_PAGEDOWN: page, pygame.K_PAGEUP: -page, pygame.K_SPACE: page,
                 pygame.K_HOME: -10**9, pygame.K_END: 10**9}
        if key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
            return Pop()
        self.scroll += steps.get(key, 0)
        self._clamp()
        return None

    def _click(self, pos: tuple[int, int]) -> None:
        """A click on a diagram replays its move."""
        for item in self._visible():
            rect = item.surface.get_rect(topleft=(self.view.left,
                                                  self.view.top + item.top - self.scroll))
            if item.diagram is not None and rect.collidepoint(pos):
                item.diagram.replay()

    # --- every frame --------------------------------------------------------------------

    def update(self, dt: float) -> Transition | None:
        if t("language.code") != self.language:  # switched in settings meanwhile
            self.resize(self.size)
            self.redraw()
        for item in self._visible():
            if item.diagram is not None:
                item.diagram.tick(dt)
        return None

    def animating(self) -> bool:
        """A diagram on screen replaying its move (only those on screen are ticked)."""
        return any(item.diagram is not None and item.diagram.animation is not None
                   for item in self._visible())

    def _visible(self) -> list[Item]:
        low, high = self.scroll, self.scroll + self.view.height
        return [i for i in self.items if i.top + i.surface.get_height() >= low and i.top <= high]

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(colour("background"))
        u = self.unit
        clip = surface.get_clip()
        surface.set_clip(self.view)
        for item in self._visible():
            surface.blit(item.surface, (self.view.left, self.view.top + item.top - self.scroll))
        surface.set_clip(clip)
        pygame.draw.rect(surface, colour("background"), (0, 0, self.size[0], self.view.top))
        beside = self.title_pos[1] < self.try_button.rect.bottom
        right = self.try_button.rect.left - u if beside else self.back.rect.right
        draw_text(surface, t("rules.title", game=t(f"game.{self.game}")), self._title_size(),
                  self.title_pos, colour("accent"), bold=True, max_width=right - self.view.left)
        self._scrollbar(surface)
        self.focus.draw(surface, u)

    def _scrollbar(self, surface: pygame.Surface) -> None:
        if self.content_height <= self.view.height:
            return
        track = pygame.Rect(self.size[0] - self.unit // 2 - 4, self.view.top, 4, self.view.height)
        share = self.view.height / self.content_height
        thumb = pygame.Rect(track.left, track.top + int(track.height * self.scroll
                                                        / self.content_height),
                            4, max(20, int(track.height * share)))
        pygame.draw.rect(surface, colour("panel_edge"), track, border_radius=2)
        pygame.draw.rect(surface, colour("accent"), thumb, border_radius=2)


def _text_surface(text: str, size: int, width: int, bold: bool,
                  fill: tuple[int, ...]) -> pygame.Surface:
    from .theme import font
    lines = wrap(text, size, width, bold)
    line_height = int(font(size, bold).get_linesize() * 1.08)
    surface = pygame.Surface((width, max(1, line_height * len(lines))), pygame.SRCALPHA)
    for i, line in enumerate(lines):
        if line:
            image = font(size, bold).render(line, True, fill)
            surface.blit(image, (0, i * line_height))
            text_log.text(surface, line, image, image.get_rect(topleft=(0, i * line_height)))
    return surface
