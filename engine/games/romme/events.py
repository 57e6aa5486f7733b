"""Rommé's own events and round result."""

from __future__ import annotations

from dataclasses import dataclass

from engine.cards import Card
from engine.events import GameEvent, RoundResult


@dataclass(frozen=True, slots=True)
class Opened(GameEvent):
    """Rommé: the seat's first meld reached the minimum."""

    seat: int
    points: int


@dataclass(frozen=True, slots=True)
class MeldsTakenBack(GameEvent):
    """``seat`` took its pending first meld (the melds ``meld_ids``, short of the minimum)
    back into the hand: ``cards``."""

    seat: int
    meld_ids: tuple[int, ...]
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class JokerSwapped(GameEvent):
    """``seat`` put ``card`` in place of the joker of meld ``meld_id`` and laid that joker
    at once in the new meld ``new_meld_id`` (the joker must not go into the hand)."""

    seat: int
    meld_id: int
    card: Card  # the natural card that replaced the joker
    new_meld_id: int
    cards: tuple[Card, ...]  # the new meld, joker included
    points: int  # the new meld's points


@dataclass(frozen=True, slots=True, kw_only=True)
class RommeRoundResult(RoundResult):
    """The end of a Rommé round: ``points`` are the minus points of the cards left in
    ``hands``, doubled for a Rommé hand (``special``); a dead round gives none."""

    hands: tuple[tuple[Card, ...], ...]

    @property
    def hand_romme(self) -> bool:
        """The closer went out in one turn (a Rommé hand) and the rules double the minus points."""
        return self.special

    @property
    def minus(self) -> tuple[int, ...]:
        """Each seat's minus points of the round, by seat: ``points`` in Rommé's words."""
        return self.points
