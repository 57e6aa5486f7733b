"""Events of the relatives. The shared ones (``DrewFromTalon`` for the stock, ``Discarded``,
``Melded``, ``LaidOff``, ``TalonRebuilt`` for the stock, ``FirstDealerDrawn``) are reused."""

from __future__ import annotations

from dataclasses import dataclass

from engine.cards import Card
from engine.events import (
    Discarded,
    DrewFromTalon,
    FirstDealerDrawn,
    GameEvent,
    LaidOff,
    Melded,
    TalonRebuilt,
)
from engine.variants.deadwood import Arrangement


@dataclass(frozen=True, slots=True)
class DealtRound(GameEvent):
    """A round began. ``upcard`` is None when the dealer got the extra card instead."""

    round_number: int
    dealer: int
    upcard: Card | None
    first: int  # who plays first


@dataclass(frozen=True, slots=True)
class TookDiscard(GameEvent):
    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class Opened(GameEvent):
    """Rommé: the seat's first meld reached the minimum."""

    seat: int
    points: int


@dataclass(frozen=True, slots=True)
class MeldsTakenBack(GameEvent):
    seat: int
    meld_ids: tuple[int, ...]
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class JokerSwapped(GameEvent):
    seat: int
    meld_id: int
    card: Card  # the natural card that replaced the joker
    new_meld_id: int
    cards: tuple[Card, ...]  # the new meld, joker included
    points: int  # the new meld's points


@dataclass(frozen=True, slots=True)
class Knocked(GameEvent):
    seat: int
    card: Card
    hand: Arrangement


@dataclass(frozen=True, slots=True)
class RummyCalled(GameEvent):
    seat: int
    card: Card
    hand: Arrangement


@dataclass(frozen=True, slots=True)
class RommeRoundResult:
    """The end of a Rommé round. ``went_out`` is None for a dead round (no minus points)."""

    round_number: int
    went_out: int | None
    hand_romme: bool
    hands: tuple[tuple[Card, ...], ...]
    minus: tuple[int, ...]  # minus points this round, by seat
    totals: tuple[int, ...]  # minus points so far

    @property
    def dead(self) -> bool:
        return self.went_out is None


@dataclass(frozen=True, slots=True)
class WienerRoundResult:
    """The end of a Wiener Rummy round. ``closer`` knocked or called Rummy; None for a dead
    round. Seats not in the rubber have no arrangement and score 0."""

    round_number: int
    closer: int | None
    rummy: bool
    hands: tuple[Arrangement | None, ...]
    bad_points: tuple[int, ...]  # added this round
    totals: tuple[int, ...]  # bad points so far
    chips: tuple[int, ...]  # chip balances after the knock money
    out: tuple[int, ...]  # seats eliminated by this round

    @property
    def dead(self) -> bool:
        return self.closer is None


@dataclass(frozen=True, slots=True)
class VariantRoundEnded(GameEvent):
    result: RommeRoundResult | WienerRoundResult


@dataclass(frozen=True, slots=True)
class BoughtBack(GameEvent):
    seat: int
    before: int
    after: int
    chips: int


@dataclass(frozen=True, slots=True)
class DeclinedBuyBack(GameEvent):
    seat: int


@dataclass(frozen=True, slots=True)
class VariantSessionEnded(GameEvent):
    """Rommé: the least minus points win. Wiener Rummy: the last player in wins the pot."""

    winner: int
    totals: tuple[int, ...]
    pot: int = 0


VariantEvent = (
    FirstDealerDrawn
    | DealtRound
    | DrewFromTalon
    | TookDiscard
    | Melded
    | LaidOff
    | Discarded
    | TalonRebuilt
    | Opened
    | MeldsTakenBack
    | JokerSwapped
    | Knocked
    | RummyCalled
    | VariantRoundEnded
    | BoughtBack
    | DeclinedBuyBack
    | VariantSessionEnded
)
