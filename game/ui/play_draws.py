"""The draw offers' part of a game's flow (`Play` is a `DrawFlow`): a person
offers a draw to the computer, which weighs it over a few frames, or to the
other player on one device, who accepts on their turn; and the computer
offers one itself on its turn, where it has nothing better to play for, and
waits for the person's answer.  No pygame here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..ai.search import Search
from ..rules.base import Move, other
from .play_events import DrawAnswered, DrawOffered, Refused, Why, reported
from .players import Mode

if TYPE_CHECKING:
    from ..rules.base import Position
    from ..rules.record import Game
    from .background import DrawOffers
    from .computer_turn import Decided
    from .flow_state import Frame, Snapshot
    from .play_events import Event
    from .players import Setup


class DrawFlow:
    """What `Play` does with draws; the rest of the flow is `Play`'s own."""

    # Play's, used here.
    game: Game
    setup: Setup
    draws: DrawOffers
    paused: bool
    _events: list[Event]

    if TYPE_CHECKING:
        @property
        def state(self) -> Snapshot: ...

        @property
        def position(self) -> Position: ...

        def cancel(self) -> None: ...

        def _record_changed(self) -> None: ...

        def _report_ending(self) -> None: ...

        def _play_computer_move(self, move: Move) -> None: ...

    # --- what stands --------------------------------------------------------------------

    @property
    def draw_weighing(self) -> Search | None:
        """The computer's search weighing a draw offered to it, while it weighs."""
        return self.draws.search

    @property
    def accepting_draw(self) -> bool:
        """On one device the other side offered a draw, and this side may
        accept; against the computer, the computer offered one (`draws.standing`)."""
        return self.draws.accepting(self.position.side) or self.draws.standing is not None

    # --- the person's requests ----------------------------------------------------------

    @reported
    def offer_draw(self) -> None:
        """Against the computer it weighs the offer (answered a few frames
        later), or accepts the computer's own; on one device, or with a friend
        by link, the other player accepts by offering on their turn."""
        if self.state.over or self.setup.mode == Mode.WATCH or \
                not self.game.spec.draw_by_agreement:
            self._events.append(Refused(Why.GAME_OVER if self.state.over
                                        else Why.NOT_IN_THIS_MODE))
        elif self.state.friend_to_move:  # offered, or accepted, on one's turn: sent with it
            self._events.append(Refused(Why.NOT_YOUR_TURN))
        elif self.accepting_draw:
            self._agree_draw()
        elif self.setup.mode == Mode.COMPUTER:
            self.draws.weigh(self.game)
        elif self.draws.offer(self.position.side):
            self._events.append(DrawOffered(self.position.side))

    @reported
    def answer_draw(self, accept: bool) -> None:
        """The person's answer to the computer's own offer: accepted, the game
        is drawn; declined, the computer plays the move it had chosen, and
        does not offer again at once (`DrawOffers.may_offer`)."""
        offer = self.draws.standing
        if offer is None or self.paused:
            self._events.append(Refused(Why.REPLAY if self.paused else Why.NOTHING_TO_DO))
        elif accept:
            self._agree_draw()
        else:
            self.draws.decline(self.game)
            self._play_computer_move(offer.move)

    def _agree_draw(self) -> None:
        self.cancel()
        self.game.agree_draw()
        self.draws.forget()
        self._record_changed()
        self._report_ending()

    # --- the computer's side ------------------------------------------------------------

    def _step_draw_weighing(self, frame: Frame) -> None:
        """The computer's answer to a draw offer, once its weighing ends; paused
        (the player looks at an earlier position) it waits, as its turn does."""
        if self.paused or not self.draws.weighing:
            return
        computer = other(self.game.start.SIDES, self.setup.human_side)
        accepted = self.draws.step(self.game, computer, frame.deadline)
        if accepted is None:
            return
        self._events.append(DrawAnswered(accepted))
        if accepted:
            self._agree_draw()

    def _offers_draw_first(self, decided: Decided) -> bool:
        """Against a person, the computer offers a draw before it plays the
        move it `decided` on, where its search says it has nothing better to
        play for (`DrawOffers.computer_offers`); the move waits for the answer
        (`answer_draw`).  Whether it offered."""
        if self.setup.mode != Mode.COMPUTER or not self.draws.computer_offers(self.game, decided):
            return False
        self._events.append(DrawOffered(self.position.side))
        return True
