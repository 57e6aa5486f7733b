"""What Treppenrommé allows: the checks behind ``verify`` and the legal moves. ``Game``
(``game.py``) holds the state, the rounds and ``apply``."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from engine.actions import (
    Action,
    Discard,
    DrawTalon,
    LayOff,
    Meld,
    TakeDiscard,
)
from engine.cards import FULL_PACK, Card
from engine.errors import IllegalAction
from engine.games.treppe.events import TreppeRoundResult
from engine.games.treppe.melds import MeldShape, TableMeld, analyse_meld, possible_melds
from engine.i18n import N_, plural_message
from engine.piles import PR, PileGame
from engine.protocol import Phase

MIN_SEATS = 2
MAX_SEATS = 4
# Actions are immutable values, so the common ones are made once (legal_actions is hot).
_DRAWS = [DrawTalon(seat) for seat in range(MAX_SEATS)]
_TAKES = [[TakeDiscard(seat, d) for d in range(len(FULL_PACK) + 1)] for seat in range(MAX_SEATS)]
_DISCARDS = [{card: Discard(seat, card) for card in FULL_PACK} for seat in range(MAX_SEATS)]


@dataclass(slots=True, eq=False)
class TreppeState:
    """What a Treppenrommé round keeps beside the shared parts: the melds on the table, each
    seat's meld points, the cards each seat was seen to take from the staircase, and whether
    it has melded (a Rommé hand is one melded in a single turn)."""

    melds: list[TableMeld] = field(default_factory=list)
    round_points: list[int] = field(default_factory=list)
    played_earlier: list[bool] = field(default_factory=list)  # melded in an earlier turn
    played_this_turn: bool = False
    known: list[list[Card]] = field(default_factory=list)  # taken openly, still in hand


class TreppeChecks(PileGame[PR, TreppeRoundResult]):
    """The checks and legal moves of a Treppenrommé game; ``Game`` sets up the state. The
    stock is the talon, the discard pile the staircase (``DEEP_TAKES``)."""

    DEEP_TAKES = True
    MIN_SEATS = MIN_SEATS
    MAX_SEATS = MAX_SEATS
    OWN = TreppeState
    RESULT = TreppeRoundResult
    own: TreppeState

    def _own_state(self) -> TreppeState:
        return TreppeState()

    # ----------------------------------------------------------------- checks
    def _check_play(self, seat: int) -> None:
        self._check_turn(seat)
        if self.table.phase is Phase.DRAW:
            raise IllegalAction(
                N_("Draw first: take the top talon card or cards from the staircase.")
            )

    def _find_meld(self, meld_id: int) -> TableMeld:
        if 0 <= meld_id < len(self.own.melds):
            return self.own.melds[meld_id]
        raise IllegalAction(N_("There is no meld {number} on the table."), number=meld_id + 1)

    def _leaves_locked_alone(self, seat: int, played: Sequence[Card]) -> bool:
        """Would playing ``played`` leave only the card that may not be discarded?"""
        locked = self.table.locked_discard
        hand = self.table.hands[seat]
        return (
            locked is not None
            and len(hand) == len(played) + 1
            and locked in hand
            and locked not in played
        )

    def _check_keeps_one_to_discard(self, seat: int, played: Sequence[Card]) -> None:
        if self._leaves_locked_alone(seat, played):
            card = self.table.locked_discard
            raise IllegalAction(
                N_(
                    "That would leave only {card} in your hand, and you took it from the "
                    "staircase this turn, so you cannot discard it: keep another card to discard, "
                    "or play {card} too."
                ),
                card=card,
            )

    def _check(self, action: Action) -> MeldShape | int | None:
        """``verify``, returning what apply needs next: a meld's shape, a lay-off's points."""
        if isinstance(action, Discard):
            self._check_play(action.seat)
            self._check_holds(action.seat, action.card)
            if action.card is self.table.locked_discard:
                raise IllegalAction(
                    N_("You took {card} from the staircase; you cannot discard it this turn."),
                    card=action.card,
                )
        elif isinstance(action, DrawTalon):
            self._check_turn(action.seat)
            if self.table.phase is not Phase.DRAW:
                raise IllegalAction(N_("You have drawn already this turn."))
            if not self.piles.stock:
                raise IllegalAction(N_("The talon is empty: take from the staircase."))
        elif isinstance(action, TakeDiscard):
            self._check_turn(action.seat)
            if self.table.phase is not Phase.DRAW:
                raise IllegalAction(N_("You have drawn already this turn."))
            if not 1 <= action.depth <= len(self.piles.discard):
                count = len(self.piles.discard)
                raise IllegalAction(
                    N_("The staircase has {cards}: pick a position from 1 to {count}."),
                    cards=plural_message("{n} card", "{n} cards", count),  # "1 card"
                    count=count,
                )
        elif isinstance(action, Meld):
            self._check_play(action.seat)
            self._check_in_hand(action.seat, action.cards)
            shape = analyse_meld(action.cards)
            self._check_keeps_one_to_discard(action.seat, action.cards)
            return shape
        elif isinstance(action, LayOff):
            self._check_play(action.seat)
            self._check_holds(action.seat, action.card)
            points = self._find_meld(action.meld_id).layoff_points(action.card, action.end)
            self._check_keeps_one_to_discard(action.seat, (action.card,))
            return points
        else:
            self._check_turn(action.seat)
            raise IllegalAction(
                N_(
                    "Treppenrommé has no such move: draw from the talon or take from the "
                    "staircase, then meld, lay off and discard."
                )
            )
        return None

    # ----------------------------------------------------------------- moves
    def legal_actions(self) -> list[Action]:
        """Every action the player to act may take now: each staircase depth (the deepest
        first), each meld the hand can form, each lay-off (card, meld, end) and each discard."""
        if self.table.phase is Phase.OVER:
            return []
        seat = self.table.to_act
        if self.table.phase is Phase.DRAW:
            takes = _TAKES[seat]
            moves: list[Action] = [_DRAWS[seat]] if self.piles.stock else []
            moves.extend(takes[len(self.piles.discard) : 0 : -1])
            return moves
        hand = self.table.hands[seat]
        result: list[Action] = [
            Meld(seat, cards)
            for cards in possible_melds(hand)
            if not self._leaves_locked_alone(seat, cards)
        ]
        result.extend(self.legal_layoffs(seat))
        result.extend(self.legal_discards(seat))
        return result

    def legal_layoffs(self, seat: int) -> list[LayOff]:
        """Each card of ``seat``'s hand that fits a table meld, with the meld and the end."""
        held = set(self.table.hands[seat])
        moves: list[LayOff] = []
        for meld in self.own.melds:
            for card, end in meld.fitting_cards():
                if card in held and not self._leaves_locked_alone(seat, (card,)):
                    moves.append(LayOff(seat, card, meld.id, end))
        return moves

    def legal_discards(self, seat: int) -> list[Discard]:
        """A discard of each different card in ``seat``'s hand but the locked one."""
        hand = self.table.hands[seat]
        locked = self.table.locked_discard
        discards = _DISCARDS[seat]
        return [discards[card] for card in dict.fromkeys(hand) if card is not locked]
