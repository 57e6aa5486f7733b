"""Treppenrommé's own events and round result."""

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


@dataclass(frozen=True, slots=True)
class RoundStarted(GameEvent):
    round_number: int
    dealer: int
    upcard: Card


@dataclass(frozen=True, slots=True)
class TookFromStaircase(GameEvent):
    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class RoundResult:
    """The end of a round. ``went_out`` is None for a dead round (nobody scores hands)."""

    round_number: int
    went_out: int | None
    hand_romme: bool
    hands: tuple[tuple[Card, ...], ...]
    hand_points: tuple[int, ...]
    bonus: int
    meld_points: tuple[int, ...]
    totals: tuple[int, ...]

    @property
    def dead(self) -> bool:
        return self.went_out is None


@dataclass(frozen=True, slots=True)
class RoundEnded(GameEvent):
    result: RoundResult


@dataclass(frozen=True, slots=True)
class SessionEnded(GameEvent):
    winner: int
    totals: tuple[int, ...]


Event = (
    FirstDealerDrawn
    | RoundStarted
    | DrewFromTalon
    | TookFromStaircase
    | Melded
    | LaidOff
    | Discarded
    | TalonRebuilt
    | RoundEnded
    | SessionEnded
)
