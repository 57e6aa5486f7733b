"""Gin Rummy's rules apart from the moves' effects: its own events, a hand's result, what
each seat may see, the legal moves and why any other move is refused. ``GinGame``
(``game.py``) holds the state, the moves' effects and the hands' scoring."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeVar

import engine.games.gin.melds as melds
from engine.actions import Action, Discard, DrawTalon, Knock, LayOff, Meld, Pass, TakeDiscard
from engine.cards import Card
from engine.errors import IllegalAction
from engine.events import GameEvent, RoundResult
from engine.i18n import N_
from engine.piles import PileGame, PileRules
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


# ----------------------------------------------------------------------------- checks
_DRAWS = (DrawTalon(0), DrawTalon(1))
_TAKES = (TakeDiscard(0), TakeDiscard(1))
_PASSES = (Pass(0), Pass(1))
_DISCARDS = tuple(tuple(Discard(seat, card) for card in melds.CARDS) for seat in (0, 1))
_KNOCKS = tuple(tuple(Knock(seat, card) for card in melds.CARDS) for seat in (0, 1))


R = TypeVar("R", bound=PileRules)


class GinChecks(PileGame[R, GinHandResult]):
    """The legal moves of a Gin Rummy hand and the reasons for refusing the rest."""

    masks: list[int]
    knock_card: int
    offer_passes: int | None  # the first upcard's offer: passes so far (None: over)
    wall: bool
    must_knock: bool

    # ----------------------------------------------------------------- moves
    def legal_actions(self) -> list[Action]:
        """Every move the player to act may make now."""
        return list(self._legal())

    def _legal(self) -> tuple[Action, ...]:
        """The legal moves, worked out once for each state (``verify`` asks every time)."""
        cached: tuple[int, tuple[Action, ...]] | None = getattr(self, "_legal_cache", None)
        version = self.version
        if cached is not None and cached[0] == version:
            return cached[1]
        moves = tuple(self._moves())
        self._legal_cache = (version, moves)
        return moves

    def _moves(self) -> list[Action]:
        seat = self.to_act
        if self.phase is Phase.OVER:
            return []
        if self.phase is Phase.DRAW:
            if self.offer_passes is not None:
                return [_DRAWS[seat]] if self.offer_passes == 2 else [_TAKES[seat], _PASSES[seat]]
            if self.wall:
                upcard = 1 << melds.index(self.discard[-1])
                can_knock = melds.can_get_to(self.masks[seat] | upcard, self.knock_card)
                return [_TAKES[seat], _PASSES[seat]] if can_knock else [_PASSES[seat]]
            return [_DRAWS[seat], _TAKES[seat]]
        mask, limit, discards = self.masks[seat], self.knock_card, _DISCARDS[seat]
        if not melds.can_get_to(mask, limit):  # by suit, then rank: as a hand is held
            return [discards[i] for i in melds.indices(mask)]
        after, knocks = melds.deadwood_after_discards(mask), _KNOCKS[seat]
        moves: list[Action] = []
        for i in melds.indices(mask):
            if not self.must_knock:
                moves.append(discards[i])
            if after[i] <= limit:
                moves.append(knocks[i])
        return moves

    # ----------------------------------------------------------------- checks
    def _check(self, action: Action) -> None:
        legal = self._legal()
        if any(move is action for move in legal) or action in legal:
            return
        self._check_turn(action.seat)
        if isinstance(action, DrawTalon | TakeDiscard | Pass):
            self._refuse_draw(action)
        elif isinstance(action, Discard | Knock):
            self._refuse_discard(action)
        elif isinstance(action, Meld | LayOff):
            raise IllegalAction(
                N_("In Gin Rummy melds are laid down only when a hand ends: knock to lay yours.")
            )
        raise IllegalAction(
            N_("Gin Rummy has no such move: draw or take the upcard, then discard or knock.")
        )

    def _refuse_draw(self, action: DrawTalon | TakeDiscard | Pass) -> None:
        if isinstance(action, TakeDiscard) and action.depth != 1:
            raise IllegalAction(N_("Only the top card of the discard pile may be taken."))
        if self.phase is Phase.PLAY:
            raise IllegalAction(N_("You have drawn already this turn: discard or knock."))
        if self.offer_passes == 2:
            raise IllegalAction(N_("Both of you passed the upcard: draw from the stock."))
        if self.offer_passes is not None:
            raise IllegalAction(N_("First take the upcard or pass it."))
        if self.wall and isinstance(action, TakeDiscard):
            raise IllegalAction(
                N_(
                    "The stock is down to its last two cards: you may take the upcard only to "
                    "knock with it, and it does not bring your deadwood to {knock_card}."
                ),
                knock_card=self.knock_card,
            )
        if self.wall:
            raise IllegalAction(
                N_("The stock is down to its last two cards: knock with the upcard or pass.")
            )
        if isinstance(action, Pass):
            raise IllegalAction(N_("Only the first upcard may be passed: draw or take it."))

    def _refuse_discard(self, action: Discard | Knock) -> None:
        if self.phase is Phase.DRAW:
            raise IllegalAction(N_("Draw first: take the upcard or the top card of the stock."))
        self._check_holds(action.seat, action.card)
        if isinstance(action, Discard):
            raise IllegalAction(N_("You took the upcard at the wall: knock with it."))
        left = melds.deadwood(self.masks[action.seat] & ~(1 << melds.index(action.card)))
        raise IllegalAction(
            N_(
                "You may knock only with at most {knock_card} points of deadwood after "
                "discarding: discarding {card} leaves {left}."
            ),
            knock_card=self.knock_card,
            card=action.card,
            left=left,
        )
