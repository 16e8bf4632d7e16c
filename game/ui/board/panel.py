"""The side panel's reading matter: the game's name, who plays, whose turn it
is, the clocks (game/ui/board/clock_view.py), the game's counts, room for
a notice, the move list and the analysis.
It draws what the play and the replay cursor hold; the buttons below are
the command panel's (game/ui/board/commands.py).

A notice on the board gets a strip of its own above the move list while it
is on screen (the list gives up the room), so it never covers anything the
player reads.
"""

from __future__ import annotations

import pygame

from ...ai.levels import NEAR_NO_PROGRESS
from ..analysis_view import AnalysisView
from ..eval_bar import EvalBar
from ..i18n import side_name, t
from ..notices import notice_height
from ..play import HUMAN, PLIES_PER_LINE, Mode, Play, move_number
from ..theme import colour, font, text_size
from ..widgets import draw_lines, draw_text, lines_needed
from .clock_view import ClockView
from .games import GameUI
from .move_list import Entry, MoveList
from .replay import ReplayCursor

LIST_LINES_BESIDE_ANALYSIS = 3  # the lines of moves kept when the analysis opens...
LEAST_LIST_LINES_BESIDE_ANALYSIS = 2  # ...or, where that leaves it no room, these
SPINNER_STEPS_PER_SECOND = 3  # the thinking dots: only a few redraws a second


class SidePanel:
    def __init__(self, play: Play, ui: GameUI, replay: ReplayCursor,
                 analysis: AnalysisView, eval_bar: EvalBar) -> None:
        self.play, self.ui, self.replay, self.analysis = play, ui, replay, analysis
        self.eval_bar = eval_bar
        self.clocks = ClockView(play)
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.unit = 16
        self.move_list = MoveList()
        self.moves_rect = pygame.Rect(0, 0, 0, 0)  # the move list, as last drawn
        self.notice_strip: pygame.Rect | None = None  # a notice's room, as last drawn

    def layout(self, rect: pygame.Rect, unit: int) -> None:
        self.rect, self.unit = rect, unit

    def is_short(self) -> bool:
        """Too little height for the title and a few moves (a small phone held
        upright): the moves get the title's room."""
        return self.rect.height < 26 * self.unit

    def text_room(self) -> int:
        """The height the panel's text wants above its buttons: title, players,
        status, the game's info lines, its extra drawing, and a few moves."""
        u = self.unit
        line = font(text_size(u)).get_linesize()
        game = self.play.game
        info = len(self.ui.info(game.position, game.start, game.moves))
        note_key = self.ui.note_key  # the notes' key at the list's foot
        key = self.move_list.key_height(t(note_key) if note_key else None, self.rect.width, u)
        extra = self.ui.extra_height(text_size(u))  # Reversi's discs in hand
        return font(int(u * 1.6), True).get_linesize() + 3 * line + info * (line + 4) + \
            2 * u + extra + self.move_line_height() * 3 + key + 2 * u + self._clocks_height()

    def _clocks_height(self) -> int:
        """The clocks' room below the status line, with its gap (none without clocks)."""
        height = self.clocks.height(self.unit, self.is_short())
        return height + self.unit // 2 if height else 0

    def move_line_height(self) -> int:
        return max(int(self.unit * 1.35), font(MoveList.text_size(self.unit)).get_linesize() + 2)

    # --- the words --------------------------------------------------------------------------

    def players_line(self) -> str:
        setup = self.play.setup
        if setup.mode == Mode.HOTSEAT:
            return t("players.hotseat")
        if setup.mode == Mode.FRIEND:
            return t("players.friend", side=side_name(setup.human_side))
        level = t(f"level.{setup.level}")
        if setup.mode == Mode.WATCH:
            first, second = setup.levels()
            if first != second:
                return t("players.watch_two", first=t(f"level.{first}"),
                         second=t(f"level.{second}"))
            return t("players.watch", level=level)
        return t("players.computer", side=side_name(setup.human_side), level=level)

    def status_line(self, can_move: bool, waited: float) -> str:
        """Whose turn it is; "your turn" only when the player can act (not while
        the computer's move is still sliding in)."""
        play = self.play
        if self.replay.viewing is not None:
            return self._viewing_line()
        state = play.state
        if state.over:
            return t("status.over")
        if state.only_pass:
            return self.pass_message()  # never "your turn" when the pass is all there is
        side = side_name(state.side)
        if play.draws.standing is not None:  # the computer's offer, put to the player
            return t("offer.title", level=t(f"level.{play.setup.level}"))
        if play.draw_weighing is not None:
            level = t(f"level.{play.setup.level}")
            return t("status.weighing_draw", level=level) + self._dots(waited)
        if state.friend_to_move:
            return t("friend.waiting", side=side)
        if state.player == HUMAN:
            yours = play.setup.mode in (Mode.COMPUTER, Mode.FRIEND) and can_move
            return t("status.to_move", side=side) + (f" · {t('status.you')}" if yours else "")
        if play.computer_stopped:
            return t("status.computer_stopped", side=side)
        if play.watching.paused and not play.watching.step_due:
            return t("status.watch_paused", side=side)
        return t("status.thinking", side=side, level=t(f"level.{state.player}")) + \
            self._dots(waited)

    def no_progress_line(self) -> str | None:
        """How many plies are left before the no-progress draw, once few are
        (from `NEAR_NO_PROGRESS`, where the computer starts to count on it):
        for the game as it stands, not a position looked back at."""
        left = self.play.game.no_progress_left()
        if left is None or left > NEAR_NO_PROGRESS or self.play.state.over or \
                self.replay.viewing is not None:
            return None
        return t("panel.no_progress", count=left)

    def pass_message(self) -> str:
        return t("status.passes", side=side_name(self.play.position.side))

    @staticmethod
    def _dots(waited: float) -> str:
        """The computer is busy: dots by stepped time, so a frame knows before
        searching whether it will draw new dots (a few times a second)."""
        return "." * (1 + int(waited * SPINNER_STEPS_PER_SECOND) % 3)

    def _viewing_line(self) -> str:
        """What replay shows: the move (number, side, notation) or the start."""
        ply = self.replay.viewing or 0
        if not ply:
            return t("replay.viewing_start")
        return t("replay.viewing", number=move_number(ply), side=side_name(self.replay.mover(ply)),
                 move=self.move_texts()[ply - 1])

    def move_texts(self) -> list[str]:
        """The moves in notation, a pass in the player's language."""
        game = self.play.game
        pass_move = game.spec.pass_move
        return [t("move.pass") if move == pass_move else text
                for move, text in zip(game.moves, game.move_texts(), strict=True)]

    def move_entries(self) -> list[Entry]:
        """Each ply's notation, its capture note (worded by the game's UI from the
        engine's effects) and the analysis's mark."""
        game = self.play.game
        positions = list(game.replay())
        marks = self.analysis.marks(game.ply)
        return [Entry(text, self.ui.move_note(positions[i], positions[i + 1], game.effects[i]),
                      marks[i])
                for i, text in enumerate(self.move_texts())]

    # --- drawing -----------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, status: str, buttons_top: int,
             notice: str | None) -> None:
        rect, u = self.rect, self.unit
        body = text_size(u)
        need = notice_height(notice, rect.width, surface.get_size()) if notice else 0
        left_out = self._left_out(status, need, buttons_top)
        y = rect.top
        if "title" not in left_out:
            y = draw_text(surface, t(f"game.{self.play.setup.game}"), int(u * 1.6),
                          (rect.left, y), colour("accent"), bold=True,
                          max_width=rect.width).bottom + u // 3
        if "players" not in left_out:
            y = draw_lines(surface, self.players_line(), body, (rect.left, y), rect.width,
                           colour("text_muted")) + u // 2
        status_colour = colour("accent") if self.replay.viewing is not None else None
        y = draw_lines(surface, status, text_size(u * 1.1), (rect.left, y), rect.width,
                       status_colour, bold=True) + u // 2
        if self.clocks.shown:
            y = self.clocks.draw(surface, pygame.Rect(rect.left, y, rect.width, 0), u,
                                 self.is_short()) + u // 2
        count = self.no_progress_line()
        if count is not None:  # stays with the status line: the game's end draws near
            y = draw_lines(surface, count, body, (rect.left, y), rect.width,
                           colour("accent")) + u // 2
        value = self.eval_bar.words()
        if value is not None:  # the evaluation bar's value, in words
            y = draw_lines(surface, value, body, (rect.left, y), rect.width,
                           colour("text_muted")) + u // 2
        shown = self.replay.shown_position  # in replay the counts are those of the move shown
        if "info" not in left_out:
            for line in self._info(shown):
                if y + lines_needed(line, body, rect.width) * font(body).get_linesize() > \
                        buttons_top - u // 2:
                    break  # no room left above the buttons (a crowded phone in replay)
                y = draw_lines(surface, line, body, (rect.left, y), rect.width) + 4
            y += u // 3
        if "extra" not in left_out and y + self.ui.extra_height(body) <= buttons_top - u // 2:
            y += self.ui.draw_extra(surface, pygame.Rect(rect.left, y, rect.width, 2 * u), shown,
                                    body)
        self.notice_strip = None
        room = buttons_top - u // 2 - (y + u // 3)
        if notice is not None and room > 0:
            self.notice_strip = pygame.Rect(rect.left, y + u // 3, rect.width, min(need, room))
            y = self.notice_strip.bottom
        self._draw_list_and_analysis(surface, y, buttons_top)

    def _info(self, shown) -> list[str]:
        game = self.play.game
        return self.ui.info(shown, game.start, game.moves[:self.replay.shown_ply])

    def _left_out(self, status: str, need: int, bottom: int) -> set[str]:
        """The blocks of text left out: the title on a short panel (and the
        players while the count before the draw shows, so the moves keep
        their room); and while a notice is on screen, as many as its strip
        needs beyond the move list's room, the least read first (the status
        line, and the count before the no-progress draw, always stay)."""
        count = self.no_progress_line()
        left_out = set()
        if self.is_short():
            left_out = {"title", "players"} if count is not None else {"title"}
        if not need:
            return left_out
        u, width, body = self.unit, self.rect.width, text_size(self.unit)

        def lines(text: str, size: int, bold: bool = False) -> int:
            return lines_needed(text, size, width, bold) * font(size, bold).get_height()

        heights = {"title": font(int(u * 1.6), True).get_height() + u // 3,
                   "players": lines(self.players_line(), body) + u // 2,
                   "extra": self.ui.extra_height(body),
                   "info": sum(lines(line, body) + 4 for line in self._info(
                       self.replay.shown_position)) + u // 3}
        used = lines(status, text_size(u * 1.1), True) + u // 2 + self._clocks_height() + \
            (lines(count, body) + u // 2 if count is not None else 0) + \
            sum(h for block, h in heights.items() if block not in left_out)
        free = bottom - self.rect.top - used - u // 3 - u // 2
        for block in ("title", "players", "extra", "info"):
            if need <= free:
                break
            if block not in left_out:
                left_out.add(block)
                free += heights[block]
        return left_out

    def _draw_list_and_analysis(self, surface: pygame.Surface, y: int, bottom: int) -> None:
        """The moves, and the analysis below them, shrunk to leave the list
        LIST_LINES_BESIDE_ANALYSIS lines (fewer when the game has fewer; the
        list scrolls), or on a crowded phone two at the least; the analysis is
        left out where even its least height (its caption whole) would not
        leave two (its marks still show in the list)."""
        u = self.unit
        below = 0
        viewing, width = self.replay.viewing, self.rect.width
        entries = self.move_entries()
        note_key = self.ui.note_key
        key = t(note_key) if note_key and any(e.note for e in entries) else None
        key_room = self.move_list.key_height(key, width, u)  # the list's foot keeps it
        for kept in (LIST_LINES_BESIDE_ANALYSIS, LEAST_LIST_LINES_BESIDE_ANALYSIS):
            lines = max(1, min(kept, -(-self.play.game.ply // PLIES_PER_LINE)))
            room = bottom - y - u - self.move_line_height() * lines - u - key_room
            below = min(self.analysis.height(u, width, viewing), room)
            if below - u // 3 >= self.analysis.least_height(u, width, viewing):  # the block
                break
            below = 0
        self.moves_rect = pygame.Rect(self.rect.left, y + u // 2, self.rect.width,
                                      max(0, bottom - y - u - below))
        if self.moves_rect.height < u * 2:
            self.move_list.hits = []  # nothing on show to pick
            self.move_list.area = pygame.Rect(0, 0, 0, 0)
            self.moves_rect.height = 0
        else:
            self.move_list.draw(surface, self.moves_rect, entries, self.replay.viewing, u,
                                t("board.no_moves_yet"), key)
        self.analysis.rect = pygame.Rect(0, 0, 0, 0)
        self.analysis.graph = self.analysis.stop = pygame.Rect(0, 0, 0, 0)
        if below:
            block = pygame.Rect(self.rect.left, self.moves_rect.bottom + u // 3, self.rect.width,
                                below - u // 3)
            self.analysis.draw(surface, block, u, viewing)
