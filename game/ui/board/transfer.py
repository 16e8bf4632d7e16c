"""A game into and out of the board: the position's code copied, the whole
game shared (a link on the web, the record's text elsewhere), a game with a
friend sent (its link, through the share sheet or the clipboard), and a code,
record or shared link loaded — asking first whenever that would replace an
unfinished game or leave the one on the board, and saying so when today's
rules cut a game saved or shared under an earlier edition of them."""

from __future__ import annotations

import time
from collections.abc import Callable

from ...friends import write_friend_link
from ...platform import clipboard, web
from ...rules.record import Game, RulesChange
from ...rules.transcript import write_link, write_record
from ..dialogs import CodeDialog, ConfirmDialog
from ..i18n import t
from ..opening import Shared
from ..play import Mode, Play, Setup, load_save, move_number
from ..play_events import Event
from ..scene import Push, Replace, ToBoard, Transition


def same_record(kept: Game, loading: Game) -> bool:
    """Whether two games are one record: the same start, moves and ending."""
    return kept.start == loading.start and kept.move_texts() == loading.move_texts() and \
        kept.ending == loading.ending


class GameTransfer:
    def __init__(self, ctx, play: Play, show: Callable[[list[Event]], None]) -> None:
        self.ctx = ctx
        self.play = play
        self.show = show  # the board shows what a load did
        self._sent_revision: int | None = None  # the record's revision last sent to a friend

    def copy_code(self) -> None:
        code = self.play.position.code()

        def tell(copied: bool) -> None:  # in the browser this comes a frame or two later
            self.ctx.notify(t("notice.copied" if copied else "notice.copy_by_hand", code=code))

        clipboard.copy(code, tell)

    def share(self) -> None:
        """The whole game for someone else: on the web a link to this page that
        opens it (also left in the address bar), elsewhere the record's text."""
        game = self.play.game
        link = web.share_link(write_link(game))
        if link is None:
            self._copy_record(write_record(game))
            return

        def tell(copied: bool) -> None:
            self.ctx.notify(t("notice.link_copied" if copied else "notice.link_in_address"))

        clipboard.copy(link, tell)

    @property
    def unsent(self) -> bool:
        """With a friend: the player acted last (a move, a resignation, an
        agreed draw; or set the game up for the friend to start) and has not
        sent the game since it last changed, or since it came to the board."""
        play = self.play
        return play.setup.mode == Mode.FRIEND and self._sent_revision != play.revision and \
            play.friend_game(0.0).last_actor == play.setup.human_side

    def send_to_friend(self) -> None:
        """The game with a friend as it stands here, for the friend to play on:
        its link (in the page's address too, on the web) through the share
        sheet where there is one, else copied (on the desktop with the record)."""
        entry = self.play.friend_game(time.time())
        fragment = write_friend_link(entry.latest_link())
        link = web.share_link(fragment) or fragment
        message = t("friend.message", game=t(f"game.{entry.game.game}"))

        def tell(how: str) -> None:
            if how != clipboard.CANCELLED:
                self.ctx.notify(t(f"friend.sent.{how}"))

        self._sent_revision = self.play.revision
        clipboard.send(link, message, write_record(entry.game), tell)

    def _copy_record(self, record: str) -> None:
        def tell(copied: bool) -> None:
            self.ctx.notify(t("notice.record_copied" if copied else "notice.record_not_copied"))

        clipboard.copy(record, tell)

    def load_code(self) -> Transition:
        return Push(CodeDialog(self.ctx, self.play.position.code()))

    def ask_before_load(self, wanted: Game | Shared) -> Transition | None:
        """Load a game (a record, or a position code's one position), asking
        first when it would replace an unfinished game — this one, or (for
        another game's record) that game's own saved one, unless it is the very
        same game, as when a shared link is opened again — and when it would
        leave an unfinished game on this board for another game's."""
        loading = wanted.game if isinstance(wanted, Shared) else wanted
        game = loading.game
        here = self.play.setup.game
        replaced = self.play if game == here else load_save(self.ctx.storage, game)
        self.ctx.take_storage_notices()
        replacing = replaced is not None and replaced.unfinished and \
            not same_record(replaced.game, loading)
        leaving = game != here and self.play.unfinished
        if not replacing and not leaving:
            return self.load(wanted)
        message = []
        if replacing:
            message.append(t("confirm.replace.body", game=t(f"game.{game}")))
        if leaving:
            message.append(t("notice.game_kept", game=t(f"game.{here}")))
        title = "confirm.load_record.title" if loading.ply else "confirm.load.title"
        return Push(ConfirmDialog(self.ctx, "load", t(title), " ".join(message),
                                  "dialog.load", "confirm.keep_game", value=wanted))

    def load(self, wanted: Game | Shared) -> Transition | None:
        """Put the game on a board: this one, or (another game's) its own.  A
        shared game is played on by people only (`Shared.mode`); a loaded one
        keeps who played here.  The move list holds the record's moves, so a
        click on one replays the game from there."""
        loading = wanted.game if isinstance(wanted, Shared) else wanted
        mode = wanted.mode if isinstance(wanted, Shared) else None
        setup = self.play.setup
        if setup.game != loading.game:
            sides = loading.start.SIDES
            side = setup.human_side if setup.human_side in sides else sides[0]
            loaded = Play(Setup(loading.game, mode or setup.mode, side, setup.level, setup.seed),
                          loading)
            loaded.mark_unsaved()  # kept in its own slot by its board's first frame
            if self.play.unfinished:  # it stays in its own slot
                self.ctx.notify(t("notice.game_kept", game=t(f"game.{setup.game}")))
            return Replace(ToBoard(loaded))
        self.show(self.play.load(loading, mode))
        if not self.tell_rules_change():
            self.ctx.notify(t("notice.record_loaded" if loading.ply else "notice.loaded"))
        return None

    def tell_rules_change(self) -> bool:
        """If today's rules cut the game on the board (a save or link of an
        earlier edition, `Game.rules_change`), say how in a notice, and have
        it saved again under today's edition, so that it is said once.
        Whether there was anything to say."""
        change = self.play.game.rules_change
        if change is None:
            return False
        self.ctx.notify(rules_change_text(change))
        self.play.mark_unsaved()
        return True


def rules_change_text(change: RulesChange) -> str:
    """The one line telling the player how today's rules cut a game: the
    draw after move N, and what came after it that was dropped."""
    key = "notice.rules_change_ending" if change.ending_dropped else \
        "notice.rules_change_moves" if change.moves_dropped else "notice.rules_change"
    return t(key, number=move_number(change.ply), count=change.moves_dropped)
