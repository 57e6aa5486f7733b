"""Events every game shares: what happened, in order. The bot narrates them; tests check
scores against them. Each game's own events live in its folder.

Events are derived from actions; the action log (not the events) is what gets stored.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from engine.actions import End
from engine.cards import Card


class GameEvent:
    """The base of every event of every game."""

    __slots__ = ()


class RoundRecord(Protocol):
    """What every game's round result tells: which round, whether it was dead (nobody went
    out or closed it), and each seat's session total after it."""

    @property
    def round_number(self) -> int: ...
    @property
    def totals(self) -> tuple[int, ...]: ...
    @property
    def dead(self) -> bool: ...


@dataclass(frozen=True, slots=True)
class FirstDealerDrawn(GameEvent):
    """Each pass of the draw for first dealer: (seat, card) pairs; ties draw again."""

    passes: tuple[tuple[tuple[int, Card], ...], ...]
    dealer: int


@dataclass(frozen=True, slots=True)
class DrewFromTalon(GameEvent):
    seat: int


@dataclass(frozen=True, slots=True)
class Melded(GameEvent):
    seat: int
    meld_id: int
    cards: tuple[Card, ...]
    points: int


@dataclass(frozen=True, slots=True)
class LaidOff(GameEvent):
    seat: int
    meld_id: int
    card: Card
    end: End | None
    points: int


@dataclass(frozen=True, slots=True)
class Discarded(GameEvent):
    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class TalonRebuilt(GameEvent):
    cards: int
    rebuild: int
