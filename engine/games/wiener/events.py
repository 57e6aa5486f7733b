"""Wiener Rummy's own events and round result."""

from __future__ import annotations

from dataclasses import dataclass

from engine.cards import Card
from engine.events import GameEvent, RoundResult
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


@dataclass(frozen=True, slots=True, kw_only=True)
class WienerRoundResult(RoundResult):
    """The end of a Wiener Rummy round: ``closer`` knocked or called Rummy (``special``);
    ``points`` are the bad points it added. Seats not in the rubber have no arrangement in
    ``hands`` and score 0."""

    hands: tuple[Arrangement | None, ...]
    chips: tuple[int, ...]  # chip balances after the knock money
    out: tuple[int, ...]  # seats eliminated by this round

    @property
    def rummy(self) -> bool:
        return self.special

    @property
    def bad_points(self) -> tuple[int, ...]:
        return self.points


@dataclass(frozen=True, slots=True)
class BoughtBack(GameEvent):
    seat: int
    before: int
    after: int
    chips: int


@dataclass(frozen=True, slots=True)
class DeclinedBuyBack(GameEvent):
    seat: int
