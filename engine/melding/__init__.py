"""What the two-pack games (Rommé and Wiener Rummy today) share: joker melds, deadwood,
meld views and the players' common code (their table is ``engine.piles.PileGame``).

``analyse_priced_meld(cards)`` checks one meld (jokers, no corner, Ace 11 or 1);
``deadwood(cards)`` is the least deadwood over every arrangement into melds; ``arrange(cards)``
gives that arrangement.
"""

from __future__ import annotations

from collections.abc import Iterable

from engine.arrangement import Arrangement
from engine.cards import Card
from engine.melding.deadwood import (
    arrange,
    best_meld_points,
    best_melds,
    deadwood_of,
    meld_options,
)
from engine.melding.melds import PricedMeld, analyse_priced_meld, hand_value


def deadwood(cards: Iterable[Card]) -> int:
    """The least deadwood of ``cards`` over every arrangement into disjoint melds: each card
    outside a meld counts its hand value (joker 30, Ace 11, J Q K 10, others face)."""
    return deadwood_of(list(cards))


__all__ = [
    "Arrangement",
    "PricedMeld",
    "analyse_priced_meld",
    "arrange",
    "best_meld_points",
    "best_melds",
    "deadwood",
    "hand_value",
    "meld_options",
]
