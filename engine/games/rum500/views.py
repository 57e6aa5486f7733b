"""What each seat may see in 500 Rum, and the round result (here, so that the views can hold
the last one without importing the game)."""

from __future__ import annotations

from dataclasses import dataclass

from engine.cards import Card
from engine.events import RoundResult
from engine.protocol import Phase
from engine.twopack.views import VariantMeldView


@dataclass(frozen=True, slots=True, kw_only=True)
class Rum500RoundResult(RoundResult):
    """The end of a 500 Rum round: ``points`` are each seat's ``placed`` points (the cards it
    laid on the table this round) minus its ``hand_points`` (the cards left in ``hands``)."""

    placed: tuple[int, ...]
    hands: tuple[tuple[Card, ...], ...]
    hand_points: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Rum500SeatView:
    """One seat as everyone sees it: name, cards in hand, points placed and total."""

    seat: int
    name: str
    hand_count: int
    score: int  # the session total
    placed: int  # points of the cards this seat laid on the table this round


@dataclass(frozen=True, slots=True)
class Rum500PublicView:
    """The table as everyone sees it: the spread discard pile, the stock, melds and seats."""

    version: int
    round_number: int
    target: int
    seats: tuple[Rum500SeatView, ...]
    dealer: int
    to_act: int
    phase: Phase
    stock_count: int
    discard_pile: tuple[Card, ...]  # spread: every card shows, the top card last
    melds: tuple[VariantMeldView, ...]
    last_round: Rum500RoundResult | None
    winner: int | None


@dataclass(frozen=True, slots=True)
class Rum500PrivateView:
    """One seat's view: its hand beside the public table."""

    seat: int
    hand: tuple[Card, ...]
    public: Rum500PublicView
    locked_discard: Card | None  # never set: a card taken must be melded anyway
    must_meld: Card | None  # the deepest card taken this turn, still to be played first
