"""Gin Rummy's own events, its hand result, and what each seat may see."""

from __future__ import annotations

from dataclasses import dataclass

from engine.cards import Card
from engine.events import GameEvent, RoundResult
from engine.protocol import BaseMeldView, Phase

# Why a hand ended without a score.
VOID_WALL = "wall"  # the stock was down to two cards and nobody knocked
VOID_REPEAT = "repeat"  # both players threw back the card they had just taken
VOID_TAKES = "takes"  # the upcard was taken fifty times (OpenSpiel's guard)


@dataclass(frozen=True, slots=True)
class Passed(GameEvent):
    """``seat`` left ``card`` lying: the first upcard offered, or the upcard at the wall."""

    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class Knocked(GameEvent):
    """``seat`` discarded ``card`` face down and knocked with ``deadwood`` left (0: gin)."""

    seat: int
    card: Card
    deadwood: int


@dataclass(frozen=True, slots=True)
class LaidHand:
    """A hand as laid down at the end of a hand: its melds, the cards laid off on the
    knocker's melds (the defender's only) and the deadwood left."""

    melds: tuple[tuple[Card, ...], ...]
    laid_off: tuple[Card, ...]
    leftover: tuple[Card, ...]
    deadwood: int


@dataclass(frozen=True, slots=True, kw_only=True)
class GinHandResult(RoundResult):
    """One hand. ``closer`` knocked (None: the hand is void, see ``void``); ``special`` is a
    gin; ``points`` what each seat scored (the winner only; nobody on a tie), ``totals`` the
    match points after it. ``doubled``: Oklahoma with a spade upcard."""

    dealer: int
    knock_card: int
    hands: tuple[LaidHand, ...]
    undercut: bool
    doubled: bool
    void: str | None

    @property
    def winner(self) -> int | None:
        """The seat that scored the hand; None for a void hand or a tie."""
        scored = [seat for seat, points in enumerate(self.points) if points > 0]
        return scored[0] if scored else None


@dataclass(frozen=True, slots=True)
class MatchScored(GameEvent):
    """The match's end: the points won in hands, the hands won, and the bonuses added (the
    game bonus to the winner, doubled with his hand points on a shutout; a box bonus for
    every hand won)."""

    winner: int
    hand_points: tuple[int, ...]
    hands_won: tuple[int, ...]
    game_bonus: int
    box_bonus: tuple[int, ...]
    shutout: bool
    totals: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class GinSeatView:
    """One seat as both players see it: its match points, hands won and this hand's traffic
    with the discard pile."""

    seat: int
    name: str
    hand_count: int
    score: int  # match points (with the bonuses once the match is over)
    hands_won: int
    picked_up: tuple[Card, ...]  # cards this seat took from the discard pile this hand
    passed: tuple[Card, ...]  # upcards this seat left lying this hand
    discarded: tuple[Card, ...]  # cards this seat discarded this hand, in order


@dataclass(frozen=True, slots=True)
class GinPublicView:
    """The Gin Rummy table as both players see it: the squared discard pile (and every card
    that went onto it), the knock card, the first upcard's offer and the wall."""

    version: int
    round_number: int
    dealer: int
    to_act: int
    phase: Phase
    seats: tuple[GinSeatView, ...]
    stock_count: int
    seen_discards: tuple[Card, ...]  # the discard pile, bottom first: every card was seen
    knock_card: int  # the most deadwood a knock may leave, this hand
    doubled: bool  # Oklahoma: a spade upcard doubles the hand
    offer: bool  # the first upcard is offered: take it or pass
    wall: bool  # the stock is down to two cards: knock with the upcard or pass
    must_knock: bool  # took the upcard at the wall: knock
    target: int
    last_round: GinHandResult | None
    match: MatchScored | None
    winner: int | None

    @property
    def discard_top(self) -> Card | None:
        """The upcard: the top of the discard pile, the only card that may be taken."""
        return self.seen_discards[-1] if self.seen_discards else None

    @property
    def discard_count(self) -> int:
        """Cards in the discard pile."""
        return len(self.seen_discards)

    @property
    def discard_pile(self) -> tuple[Card, ...]:
        """The top card alone: the pile lies squared (``seen_discards`` holds it all)."""
        return self.seen_discards[-1:]

    @property
    def melds(self) -> tuple[BaseMeldView, ...]:
        """Nothing is melded during play: hands are laid down when one ends (``last_round``)."""
        return ()


@dataclass(frozen=True, slots=True)
class GinPrivateView:
    """What one seat sees: the table, its hand and the hand's least deadwood."""

    seat: int
    hand: tuple[Card, ...]
    public: GinPublicView
    deadwood: int  # least deadwood of the hand (after the best discard when it holds 11)
    locked_discard: Card | None = None  # Gin lets the card just taken go back
