"""Events the two-pack games share beyond ``engine.events`` (where ``DrewFromTalon`` is the
draw from the stock and ``TalonRebuilt`` the stock rebuilt). Each game's own events live in
its folder."""

from __future__ import annotations

from dataclasses import dataclass

from engine.cards import Card
from engine.events import GameEvent, RoundRecord


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
class VariantRoundEnded(GameEvent):
    result: RoundRecord


@dataclass(frozen=True, slots=True)
class VariantSessionEnded(GameEvent):
    """Rommé: the least minus points win. Wiener Rummy: the last player in wins the pot."""

    winner: int
    totals: tuple[int, ...]
    pot: int = 0
