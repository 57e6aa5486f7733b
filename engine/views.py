"""What every game's public view tells alike (``ViewBasics``), read from its table game,
what each seat's view tells alike (``SeatBasics``), and the discard pile of a view where
only its top card shows (``SquaredPile``)."""

from __future__ import annotations

from typing import Any, TypedDict

from engine.cards import Card
from engine.protocol import Phase
from engine.table import TableGame


class ViewBasics(TypedDict):
    """The public view's fields every table game fills alike, for ``**`` into a view."""

    version: int
    round_number: int
    dealer: int
    to_act: int
    phase: Phase
    winner: int | None


def view_basics(game: TableGame[Any, Any, Any]) -> ViewBasics:
    """``game``'s version, round, dealer, seat to act, phase and winner."""
    return ViewBasics(
        version=game.version,
        round_number=game.round_number,
        dealer=game.dealer,
        to_act=game.to_act,
        phase=game.phase,
        winner=game.winner,
    )


class SeatBasics(TypedDict):
    """The seat view's fields every table game fills alike, for ``**`` into a seat's view."""

    seat: int
    name: str
    hand_count: int


def seat_basics(game: TableGame[Any, Any, Any], seat: int) -> SeatBasics:
    """``seat``'s number, name and how many cards it holds."""
    return SeatBasics(seat=seat, name=game.names[seat], hand_count=len(game.hands[seat]))


class SquaredPile:
    """A public view's base where the discard pile lies squared: of it only ``discard_top``
    shows, and ``discard_count`` counts it."""

    __slots__ = ()
    discard_top: Card | None

    @property
    def discard_pile(self) -> tuple[Card, ...]:
        """The top card alone (the pile lies squared); ``discard_count`` counts the pile."""
        return () if self.discard_top is None else (self.discard_top,)
