"""What each seat may see in Rommé."""

from __future__ import annotations

from dataclasses import dataclass

from engine.cards import Card
from engine.games.romme.events import RommeRoundResult
from engine.melding.views import PricedMeldView
from engine.protocol import Phase
from engine.views import SquaredPile


@dataclass(frozen=True, slots=True)
class RommeSeatView:
    """One seat as everyone sees it in Rommé: minus points and its first meld's progress."""

    seat: int
    name: str
    hand_count: int
    minus: int  # minus points of the session so far
    opened: bool  # the first meld is down
    opening_points: int  # points of the first meld (or laid so far toward it this turn)
    round_points: int  # table points laid this round

    @property
    def score(self) -> int:
        """The session's minus points (lower is better)."""
        return self.minus


@dataclass(frozen=True, slots=True)
class RommePublicView(SquaredPile):
    """The Rommé table as everyone sees it; of the discard pile only the top card shows."""

    version: int
    round_number: int
    rounds: int
    opening_minimum: int
    seats: tuple[RommeSeatView, ...]
    dealer: int
    to_act: int
    phase: Phase
    stock_count: int
    discard_top: Card | None
    discard_count: int
    melds: tuple[PricedMeldView, ...]
    rebuilds: int
    last_round: RommeRoundResult | None
    winner: int | None


@dataclass(frozen=True, slots=True)
class RommePrivateView:
    """What one seat sees in Rommé: the public table, its hand and this turn's discard ties."""

    seat: int
    hand: tuple[Card, ...]
    public: RommePublicView
    locked_discard: Card | None  # taken from the discard pile this turn: may not go back
    must_meld: Card | None  # option discard_only_to_meld: the taken card still to be melded
