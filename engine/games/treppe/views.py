"""What each seat may see. The bot, the renderer and computer players read only these."""

from __future__ import annotations

from dataclasses import dataclass

from engine.actions import MeldKind
from engine.cards import Card
from engine.games.treppe.events import TreppeRoundResult
from engine.protocol import Phase

__all__ = ["MeldView", "Phase", "PlacedCard", "PrivateView", "PublicView", "SeatView"]


@dataclass(frozen=True, slots=True)
class PlacedCard:
    """One card of a meld on the table, with the points it scored and who laid it."""

    card: Card
    points: int  # fixed when placed
    seat: int  # who placed it (and was credited)


@dataclass(frozen=True, slots=True)
class MeldView:
    """A meld on the table as everyone sees it, card by card."""

    id: int
    owner: int
    kind: MeldKind
    cards: tuple[PlacedCard, ...]

    @property
    def points(self) -> int:
        """What the meld has scored so far, lay-offs included."""
        return sum(c.points for c in self.cards)


@dataclass(frozen=True, slots=True)
class SeatView:
    """One seat as everyone sees it: its score and what it laid and took this round."""

    seat: int
    name: str
    hand_count: int
    score: int  # session total, meld points included the moment they are laid
    round_points: int  # meld and lay-off points in the current round
    has_melded: bool  # melded or laid off in this round
    # Cards this seat took from the staircase and still holds: everyone at the table saw them.
    known_cards: tuple[Card, ...] = ()


@dataclass(frozen=True, slots=True)
class PublicView:
    """Everything on the table. ``version`` counts applied actions: a cheap cache key and a
    way to spot stale buttons."""

    version: int
    round_number: int
    target: int
    seats: tuple[SeatView, ...]
    dealer: int
    to_act: int
    phase: Phase
    talon_count: int
    staircase: tuple[Card, ...]  # oldest first; the last card is the top
    melds: tuple[MeldView, ...]
    rebuilds: int  # how often the talon ran out this round
    last_round: TreppeRoundResult | None
    winner: int | None

    @property
    def stock_count(self) -> int:
        """How many cards the talon holds, under the name every game's view uses."""
        return self.talon_count

    @property
    def discard_pile(self) -> tuple[Card, ...]:
        """The staircase, under the name every game's view uses: spread, every card shows."""
        return self.staircase


@dataclass(frozen=True, slots=True)
class PrivateView:
    """What one seat sees: the table, its own hand, and the card it may not throw back."""

    seat: int
    hand: tuple[Card, ...]
    public: PublicView
    locked_discard: Card | None  # no_return: the card that may not go back this turn
