"""Rommé's own events and round result."""

from __future__ import annotations

from dataclasses import dataclass

from engine.cards import Card
from engine.events import GameEvent


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
