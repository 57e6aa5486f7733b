"""What each seat may see in Wiener Rummy."""

from __future__ import annotations

from dataclasses import dataclass

from engine.cards import Card
from engine.games.wiener.events import WienerRoundResult
from engine.protocol import Phase
from engine.twopack.deadwood import Arrangement
from engine.twopack.views import VariantMeldView


@dataclass(frozen=True, slots=True)
class WienerSeatView:
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
        return self.bad_points


@dataclass(frozen=True, slots=True)
class WienerPublicView:
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
    def discard_pile(self) -> tuple[Card, ...]:
        return () if self.discard_top is None else (self.discard_top,)

    @property
    def melds(self) -> tuple[VariantMeldView, ...]:
        """Nothing is melded during play (the closer's hand is in its seat's ``revealed``)."""
        return ()


@dataclass(frozen=True, slots=True)
class WienerPrivateView:
    seat: int
    hand: tuple[Card, ...]
    public: WienerPublicView
    deadwood: int  # least deadwood of the hand as it is
    locked_discard: Card | None
