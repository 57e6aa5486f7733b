"""What a card is worth in a game's melds (``Prices``: in a run, in a set, left in a hand);
run positions; and ``PricedMeld`` (a checked meld priced card by card, defined in
``engine.arrangement`` because the shared events carry it).

``PRICES`` are the two-pack games' (Rommé, Wiener Rummy): the Ace 11 in a set or after the
King, 1 before the 2 and 11 left in a hand, a joker 30 in a hand. A game that counts its
cards otherwise passes its own ``Prices`` to the meld rules (``analyse_priced_meld``, the
deadwood search), which price every card with them from the start.

Positions in a run are numbered 1 (Ace low) to 14 (Ace high); 2..13 are the plain ranks.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.arrangement import PricedMeld as PricedMeld
from engine.cards import CARD_AT, Card
from engine.meld_checks import MAX_SET as MAX_SET
from engine.meld_checks import MIN_MELD as MIN_MELD

MAX_RUN = 13
LOW_ACE = 1
HIGH_ACE = 14


@dataclass(frozen=True, slots=True)
class Prices:
    """What cards are worth: ``ace_high`` an Ace in a set or after the King, ``ace_low`` an
    Ace before the 2, ``court`` a J, Q or K (and a 10 counts 10), 2..9 their face value;
    left in a hand at the end, an Ace counts ``ace_in_hand`` and a joker ``joker_in_hand``."""

    ace_high: int = 11
    ace_low: int = 1
    ace_in_hand: int = 11
    joker_in_hand: int = 30
    court: int = 10

    def position_points(self, position: int) -> int:
        """What the card at run ``position`` (1..14) is worth on the table."""
        if position == HIGH_ACE:
            return self.ace_high
        if position == LOW_ACE:
            return self.ace_low
        return self.court if position > 10 else position

    def set_points(self, rank: int) -> int:
        """What each card of a set of ``rank`` is worth on the table."""
        return self.ace_high if rank == 1 else (self.court if rank > 10 else rank)

    def hand_value(self, card: Card) -> int:
        """A card left in a hand at the end of a round."""
        rank = card.rank_int
        if rank == 0:
            return self.joker_in_hand
        if rank == 1:
            return self.ace_in_hand
        return self.court if rank > 10 else rank


PRICES = Prices()  # the two-pack games'
JOKER_IN_HAND = PRICES.joker_in_hand
position_points = PRICES.position_points
set_points = PRICES.set_points
# A card left in a hand at the two-pack games' prices: joker 30, Ace 11, J Q K 10, others face.
hand_value = PRICES.hand_value


def card_at(suit: int, position: int) -> Card:
    """The natural card of ``suit`` at run ``position`` (both Ace positions give the Ace)."""
    return CARD_AT[suit][1 if position == HIGH_ACE else position]


def natural_positions(card: Card) -> tuple[int, ...]:
    """The run positions a natural card can take: two for an Ace, one for any other rank."""
    return (LOW_ACE, HIGH_ACE) if card.rank_int == 1 else (card.rank_int,)
