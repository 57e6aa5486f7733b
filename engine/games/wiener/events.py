"""Wiener Rummy's own events and round result."""

from __future__ import annotations

from dataclasses import dataclass

from engine.arrangement import Arrangement
from engine.cards import Card
from engine.events import GameEvent, RoundResult


@dataclass(frozen=True, slots=True)
class RummyCalled(GameEvent):
    """``seat`` discarded ``card`` and called Rummy: ``hand`` is all melds; the round ends."""

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
        """The closer called Rummy rather than knocked (``special`` in Wiener Rummy's words)."""
        return self.special

    @property
    def bad_points(self) -> tuple[int, ...]:
        """The bad points the round added, by seat (``points`` in Wiener Rummy's words)."""
        return self.points


@dataclass(frozen=True, slots=True)
class BoughtBack(GameEvent):
    """Between rounds ``seat`` paid ``chips`` into the pot to buy back in: its bad points
    went from ``before`` down to ``after`` (the next-highest seat's)."""

    seat: int
    before: int
    after: int
    chips: int


@dataclass(frozen=True, slots=True)
class DeclinedBuyBack(GameEvent):
    """``seat`` let its chance to buy back in pass."""

    seat: int
