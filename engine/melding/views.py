"""What the two-pack games' views share: melds on the table with their jokers."""

from __future__ import annotations

from dataclasses import dataclass

from engine.actions import MeldKind
from engine.cards import Card


@dataclass(frozen=True, slots=True)
class PricedPlacedCard:
    """One card of a two-pack meld on the table: what it stands for, its points, who laid it."""

    card: Card
    stands_for: Card  # the card itself, or the one a joker represents
    points: int
    seat: int


@dataclass(frozen=True, slots=True)
class PricedMeldView:
    """A two-pack meld on the table as everyone sees it, jokers with the cards they replace."""

    id: int
    owner: int
    kind: MeldKind
    cards: tuple[PricedPlacedCard, ...]
    pending: bool  # part of a first meld that has not reached the minimum yet

    @property
    def points(self) -> int:
        """What the meld is worth: the points of its cards, each fixed when it was laid."""
        return sum(c.points for c in self.cards)
