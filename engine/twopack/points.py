"""What a card is worth in the two-pack games (Rommé, Wiener Rummy): in a run, in a set, left in
a hand; run positions; and ``VariantMeld``, a checked meld priced card by card.

Positions in a run are numbered 1 (Ace low) to 14 (Ace high); 2..13 are the plain ranks.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.actions import MeldKind
from engine.cards import CARD_AT, Card

MIN_MELD = 3
MAX_SET = 4
MAX_RUN = 13
LOW_ACE = 1
HIGH_ACE = 14
ACE_ON_TABLE = 11  # in a set or after the King
ACE_LOW_POINTS = 1  # before the 2
ACE_IN_HAND = 11
JOKER_IN_HAND = 30


def position_points(position: int) -> int:
    """What the card at run ``position`` (1..14) is worth on the table."""
    if position == HIGH_ACE:
        return ACE_ON_TABLE
    if position == LOW_ACE:
        return ACE_LOW_POINTS
    return 10 if position >= 10 else position


def set_points(rank: int) -> int:
    """What each card of a set of ``rank`` is worth on the table."""
    return ACE_ON_TABLE if rank == 1 else (10 if rank >= 10 else rank)


def hand_value(card: Card) -> int:
    """A card left in a hand at the end: joker 30, Ace 11, J Q K 10, others face."""
    rank = card.rank_int
    if rank == 0:
        return JOKER_IN_HAND
    if rank == 1:
        return ACE_IN_HAND
    return 10 if rank >= 10 else rank


def card_at(suit: int, position: int) -> Card:
    """The natural card of ``suit`` at run ``position`` (both Ace positions give the Ace)."""
    return CARD_AT[suit][1 if position == HIGH_ACE else position]


def natural_positions(card: Card) -> tuple[int, ...]:
    """The run positions a natural card can take: two for an Ace, one for any other rank."""
    return (LOW_ACE, HIGH_ACE) if card.rank_int == 1 else (card.rank_int,)


@dataclass(frozen=True, slots=True)
class VariantMeld:
    """A checked meld: table order, the card each position stands for, and its points.

    For a run ``low`` is the position (1..14) of its first card; for a set it is the rank.
    """

    kind: MeldKind
    cards: tuple[Card, ...]
    stands_for: tuple[Card, ...]
    points: tuple[int, ...]
    low: int

    @property
    def total(self) -> int:
        return sum(self.points)

    @property
    def jokers(self) -> int:
        return sum(1 for c in self.cards if c.is_joker)
