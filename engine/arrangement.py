"""A hand laid out into melds, as the shared events carry it (``Knocked``): ``Arrangement``
and the checked, priced meld it is made of (``PricedMeld``).

Plain data of the shared layer: the meld rules that make them (jokers, ``Prices``, the
deadwood search) are in ``engine.melding``, which imports this module, never the other way.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.actions import MeldKind
from engine.cards import Card


@dataclass(frozen=True, slots=True)
class PricedMeld:
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
        """What the whole meld is worth on the table: its cards' points added up."""
        return sum(self.points)

    @property
    def jokers(self) -> int:
        """How many of its cards are jokers, each standing for its card in ``stands_for``."""
        return sum(1 for c in self.cards if c.is_joker)


@dataclass(frozen=True, slots=True)
class Arrangement:
    """A hand laid out: its melds and the cards left over (deadwood) with their value, and
    the cards it laid off on another hand's melds (Gin Rummy's defender; none elsewhere)."""

    melds: tuple[PricedMeld, ...]
    leftover: tuple[Card, ...]
    deadwood: int
    laid_off: tuple[Card, ...] = ()
