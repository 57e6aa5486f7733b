"""What the meld-table pictures (``meld_table.py``, ``table_alt.py``) read of a game's view:
the engine's public view, whose discard pile is spread (every card shows: the staircase), and
melds that say who laid each card and what it scored. Any game whose view has these draws on
the same table, its own view as it is."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Protocol

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
    """The table: the face-down stock's count, the spread discard pile (``discard_pile``,
    oldest first, the top last: the staircase) and the melds with their credits; hashable, as
    its picture is cached by it."""

    @property
    def melds(self) -> Sequence[CreditedMeld]:
        """The melds on the table, in the order they were laid."""
        ...
