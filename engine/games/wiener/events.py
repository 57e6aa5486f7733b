"""Wiener Rummy's own events and round result."""

from __future__ import annotations

from dataclasses import dataclass

from engine.cards import Card
from engine.events import GameEvent
from engine.twopack.deadwood import Arrangement


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
class BoughtBack(GameEvent):
    seat: int
    before: int
    after: int
    chips: int


@dataclass(frozen=True, slots=True)
class DeclinedBuyBack(GameEvent):
    seat: int
