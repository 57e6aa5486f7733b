"""What the two-pack games' views share: melds on the table with their jokers."""

from __future__ import annotations

from dataclasses import dataclass

from engine.actions import MeldKind
from engine.cards import Card


@dataclass(frozen=True, slots=True)
class VariantPlacedCard:
    card: Card
    stands_for: Card  # the card itself, or the one a joker represents
    points: int
    seat: int


@dataclass(frozen=True, slots=True)
class VariantMeldView:
    id: int
    owner: int
    kind: MeldKind
    cards: tuple[VariantPlacedCard, ...]
    pending: bool  # part of a first meld that has not reached the minimum yet

    @property
    def points(self) -> int:
        return sum(c.points for c in self.cards)
