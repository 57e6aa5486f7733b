"""What each seat may see in Rommé and Wiener Rummy."""

from __future__ import annotations

from dataclasses import dataclass

from engine.cards import Card
from engine.melds import MeldKind
from engine.protocol import Phase
from engine.variants.deadwood import Arrangement
from engine.variants.events import RommeRoundResult, WienerRoundResult

VariantPhase = Phase  # the one Phase of every game (engine.protocol)


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


@dataclass(frozen=True, slots=True)
class RommeSeatView:
    seat: int
    name: str
    hand_count: int
    minus: int  # minus points of the session so far
    opened: bool  # the first meld is down
    opening_points: int  # points of the first meld (or laid so far toward it this turn)
    round_points: int  # table points laid this round

    @property
    def score(self) -> int:
        return self.minus


@dataclass(frozen=True, slots=True)
class RommePublicView:
    version: int
    round_number: int
    rounds: int
    opening_minimum: int
    seats: tuple[RommeSeatView, ...]
    dealer: int
    to_act: int
    phase: VariantPhase
    stock_count: int
    discard_top: Card | None
    discard_count: int
    melds: tuple[VariantMeldView, ...]
    rebuilds: int
    last_round: RommeRoundResult | None
    winner: int | None


@dataclass(frozen=True, slots=True)
class RommePrivateView:
    seat: int
    hand: tuple[Card, ...]
    public: RommePublicView
    locked_discard: Card | None  # taken from the discard pile this turn: may not go back
    must_meld: Card | None  # option discard_only_to_meld: the taken card still to be melded


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
    phase: VariantPhase
    stock_count: int
    discard_top: Card | None
    discard_count: int
    pot: int
    knocker: int | None
    final_turns_left: int  # after a knock: players still to take their last draw and discard
    rebuilds: int
    last_round: WienerRoundResult | None
    winner: int | None


@dataclass(frozen=True, slots=True)
class WienerPrivateView:
    seat: int
    hand: tuple[Card, ...]
    public: WienerPublicView
    deadwood: int  # least deadwood of the hand as it is
    locked_discard: Card | None
