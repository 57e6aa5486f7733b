"""What the meld-table pictures (``meld_table.py``, ``table_alt.py``) read of a game's view:
the engine's public view with a face-down pile, a spread discard pile whose every card shows,
and melds that say who laid each card and what it scored. Any game whose view has these draws
on the same table."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Protocol

from engine.cards import Card
from engine.protocol import BaseMeldView, BasePlacedCard, BasePublicView


class CreditedCard(BasePlacedCard, Protocol):
    """A meld's card with who laid it (and was credited) and the points it scored."""

    @property
    def points(self) -> int:
        """What the card scored, fixed when it was placed."""
        ...

    @property
    def seat(self) -> int:
        """The seat that placed it."""
        ...


class CreditedMeld(BaseMeldView, Protocol):
    """A meld whose every card says who laid it."""

    @property
    def cards(self) -> Sequence[CreditedCard]:
        """The meld's cards in table order."""
        ...


class MeldTableView(BasePublicView, Hashable, Protocol):
    """The table: the face-down pile's count, the spread pile (oldest first, the top last) and
    the melds with their credits; hashable, as its picture is cached by it."""

    @property
    def talon_count(self) -> int:
        """Cards left in the face-down pile."""
        ...

    @property
    def staircase(self) -> tuple[Card, ...]:
        """The spread pile, oldest first; the last card is the top."""
        ...

    @property
    def melds(self) -> Sequence[CreditedMeld]:
        """The melds on the table, in the order they were laid."""
        ...
