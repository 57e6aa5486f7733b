"""What each seat may see in Wiener Rummy."""

from __future__ import annotations

from dataclasses import dataclass

from engine.arrangement import Arrangement
from engine.cards import Card
from engine.games.wiener.events import WienerRoundResult
from engine.melding.views import PricedMeldView
from engine.protocol import Phase
from engine.views import SquaredPile


@dataclass(frozen=True, slots=True)
class WienerSeatView:
    """One seat as everyone sees it in Wiener Rummy: bad points, chips, still in or out."""

    seat: int
    name: str
    hand_count: int
    bad_points: int
    chips: int  # balance: paid in is negative, won is positive
    in_rubber: bool
    bought_back: bool
    revealed: Arrangement | None  # the knocker's or rummy caller's hand, once laid down

    @property
    def score(self) -> int:
        """The bad points so far (lower is better; at ``out_at`` the seat is out)."""
        return self.bad_points


@dataclass(frozen=True, slots=True)
class WienerPublicView(SquaredPile):
    """The Wiener Rummy table as everyone sees it: no melds, the pot, a knock in progress."""

    version: int
    round_number: int
    out_at: int
    seats: tuple[WienerSeatView, ...]
    dealer: int
    to_act: int
    phase: Phase
    stock_count: int
    discard_top: Card | None
    discard_count: int
    pot: int
    knocker: int | None
    final_turns_left: int  # after a knock: players still to take their last draw and discard
    rebuilds: int
    last_round: WienerRoundResult | None
    winner: int | None

    @property
    def melds(self) -> tuple[PricedMeldView, ...]:
        """Nothing is melded during play (the closer's hand is in its seat's ``revealed``)."""
        return ()


@dataclass(frozen=True, slots=True)
class WienerPrivateView:
    """What one seat sees in Wiener Rummy: the public table and its hand with its deadwood."""

    seat: int
    hand: tuple[Card, ...]
    public: WienerPublicView
    deadwood: int  # least deadwood of the hand as it is
    locked_discard: Card | None
