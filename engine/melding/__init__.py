"""Melds priced by a table of card values, and the least deadwood of a hand: what Rommé,
Wiener Rummy, 500 Rum and Gin Rummy share (Treppenrommé's staircase melds are its own). Their
table of piles is ``engine.piles.PileGame``; each game passes its own ``Prices``.

``analyse_priced_meld(cards, prices)`` checks one meld (jokers wild, no corner, an Ace high or
low at the game's prices); ``deadwood(cards)`` is the least deadwood over every arrangement
into melds at the two-pack games' prices; ``arrange(cards)`` gives that arrangement.
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
