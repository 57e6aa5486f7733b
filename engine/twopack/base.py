"""What the two-pack games share beyond ``engine.table``: two packs with jokers, a stock
and a discard pile, dealing, drawing, and the stock rebuilt when it runs out.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from engine.cards import FULL_PACK, Card
from engine.errors import IllegalAction
from engine.i18n import N_
from engine.protocol import Phase
from engine.table import Deal, R, TableGame, two_packs
from engine.twopack.events import TookDiscard

MIN_SEATS = 2
MAX_SEATS = 6


class TwoPackGame(TableGame[R]):
    """The common core. Subclasses set the class constants and implement the rules."""

    JOKERS: ClassVar[int]
    MIN_SEATS = MIN_SEATS
    MAX_SEATS = MAX_SEATS

    def __init__(self, ruleset: R, names: Sequence[str], seed: int, deal: Deal | None) -> None:
        super().__init__(ruleset, names, seed, deal)
        self.stock: list[Card] = []
        self.discard: list[Card] = []
        self.rebuilds = 0
        self.active = [True] * self.n

    @property
    def pack_size(self) -> int:
        return 2 * len(FULL_PACK) + self.JOKERS

    def pack(self) -> list[Card]:
        """Every card of the game, in a fixed order."""
        return two_packs(self.JOKERS)

    # ----------------------------------------------------------------- set-up
    def _next_seat(self, seat: int) -> int:
        """The next seat to the left that is still in play."""
        nxt = (seat + 1) % self.n
        while not self.active[nxt]:
            nxt = (nxt + 1) % self.n
        return nxt

    def _deal_hands(self, size: int, extra_for_dealer: bool) -> list[list[Card]]:
        """Shuffle and deal ``size`` cards to each seat in play, starting left of the dealer;
        the rest is the stock."""
        deck = two_packs(self.JOKERS)
        self._rng.shuffle(deck)
        hands: list[list[Card]] = [[] for _ in range(self.n)]
        order = [self._next_seat(self.dealer)]
        while order[-1] != self.dealer:
            order.append(self._next_seat(order[-1]))
        for _ in range(size):
            for seat in order:
                hands[seat].append(deck.pop())
        if extra_for_dealer:
            hands[self.dealer].append(deck.pop())
        self.stock = deck
        return hands

    # ----------------------------------------------------------------- stock
    def _refill_stock(self) -> bool:
        """At the start of a draw with an empty stock, shuffle the discard pile but its top
        into a new stock. False when the round must end instead (see ``max_rebuilds``)."""
        if self.stock:
            return True
        self.rebuilds += 1
        if self.rebuilds > self._max_rebuilds():
            return False
        self.discard, self.stock = self._rebuilt_stock(self.discard, self.rebuilds)
        return bool(self.stock or self.discard)

    def _max_rebuilds(self) -> int:
        raise NotImplementedError

    # ----------------------------------------------------------------- checks
    def _check_draw(self, seat: int, from_discard: bool) -> None:
        self._check_turn(seat)
        if self.phase is Phase.BUY_BACK:
            raise IllegalAction(N_("First decide whether to buy back in."))
        if self.phase is not Phase.DRAW:
            raise IllegalAction(N_("You have drawn already this turn."))
        if from_discard and not self.discard:
            raise IllegalAction(N_("The discard pile is empty: draw from the stock."))
        if not from_discard and not self.stock:
            raise IllegalAction(N_("The stock is empty: take the top card of the discard pile."))

    def _check_discard(self, seat: int, card: Card) -> None:
        self._check_holds(seat, card)
        hand = self.hands[seat]
        if card is self.locked_discard and hand.count(card) == 1:
            raise IllegalAction(
                N_("You took {card} from the discard pile; you cannot throw it back this turn."),
                card=card,
            )

    def _check_keeps_a_discard(self, rest: Sequence[Card]) -> None:
        """Refuse a play that would leave only the taken discard, which may not go back."""
        card = self.locked_discard
        if card is not None and len(rest) == 1 and rest[0] is card:
            raise IllegalAction(
                N_(
                    "That would leave only {card} in your hand, and you took it from the discard "
                    "pile this turn, so you cannot throw it back: keep another card to discard, "
                    "or play {card} too."
                ),
                card=card,
            )

    # ----------------------------------------------------------------- draws
    def _draw_stock(self, seat: int) -> None:
        self.hands[seat].append(self.stock.pop())
        self.phase = Phase.PLAY

    def _take_discard(self, seat: int, no_return: bool) -> Card:
        card = self.discard.pop()
        self.hands[seat].append(card)
        if no_return:
            self.locked_discard = card
        self.phase = Phase.PLAY
        self.events.append(TookDiscard(seat, card))
        return card

    def card_locations(self) -> list[Card]:
        """Every card of the game, wherever it lies (for conservation checks)."""
        cards = [*self.stock, *self.discard]
        for hand in self.hands:
            cards.extend(hand)
        cards.extend(self._table_cards())
        return cards

    def _table_cards(self) -> list[Card]:
        return []
