"""The state a hand control carries (``HandState``), a member's hand as the presenter's hand part
sees it (``HandContext``) and the fields of the typing form (``TypedField``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Generic, Protocol, TypeVar

from bot.core.handcode import HandState as HandState
from bot.storage import SeatRow as Seat
from engine.actions import Action
from engine.cards import Card
from engine.protocol import BasePrivateView, BasePublicView, RummyGame

PrivV = TypeVar("PrivV", bound=BasePrivateView)


class HandTable(Protocol):
    """The table a hand belongs to, as the hand reads it (``bot.core.model.LiveTable``, which
    also holds the game's presenter: the presenters' parts are typed against this instead)."""

    @property
    def id(self) -> int:
        """The table's id."""
        ...

    @property
    def names(self) -> list[str]:
        """The seats' names, raw."""
        ...

    @property
    def shown_names(self) -> list[str]:
        """The seats' names for message text."""
        ...

    @property
    def game(self) -> RummyGame | None:
        """The engine game, once started."""
        ...

    @property
    def safe_moves(self) -> dict[tuple[int, int], Action]:
        """The safe move of each seat at the game's current version, once worked out (the
        hint's and the suggested discard's; ``HandPart.suggested_discard``)."""
        ...


@dataclass(frozen=True, slots=True)
class HandContext(Generic[PrivV]):
    """One member's hand as a presenter sees it while building or answering controls:
    ``private`` is the game's own private view (the bot's core holds it as the base view)."""

    live: HandTable
    seat: Seat
    state: HandState
    private: PrivV
    cards: tuple[Card, ...]  # the hand in the member's chosen order
    legal: tuple[Action, ...]  # empty unless it is this member's turn
    # What a presenter works out once while drawing this hand (the melds it allows, asked by
    # the suggestions and by the offers' labels); ``replace`` hands the same dict on, and it
    # goes with the click: nothing of it is kept until the next one.
    memo: dict[str, object] = field(default_factory=dict, compare=False, repr=False)

    @property
    def public(self) -> BasePublicView:
        """The table as everyone sees it."""
        return self.private.public

    @property
    def arg(self) -> str:
        """The hand's state as the argument of the custom_ids of its controls."""
        return self.state.encode()

    @property
    def game_id(self) -> int:
        """The id of the game this hand belongs to."""
        return self.live.id


@dataclass(frozen=True, slots=True)
class TypedField:
    """One text field of the typing form."""

    key: str
    label: str
    placeholder: str
    required: bool = False
    max_length: int | None = None


AnyHandContext = HandContext[BasePrivateView]
"""A hand of any game, as the bot's game-blind code holds it."""
