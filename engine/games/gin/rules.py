"""Gin Rummy's rules apart from the moves' effects: what its cards count, its own events, a
hand's result, what each seat may see, the legal moves and why any other move is refused.
Its own part of the state is ``GinState``; the checks are functions over the game
(``GinTable``). ``GinGame`` (``game.py``) plays the moves' effects and the scoring."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TypeAlias

from engine.actions import Action, Discard, DrawTalon, Knock, LayOff, Meld, Pass, TakeDiscard
from engine.arrangement import Arrangement
from engine.cards import Card
from engine.errors import IllegalAction, IllegalMeld
from engine.events import GameEvent, RoundResult
from engine.i18n import N_
from engine.melding.melds import analyse_priced_meld
from engine.melding.points import Prices
from engine.onepack import CARDS, OnePack, cards_of, index, indices, mask_of, melded
from engine.options import PileRules
from engine.piles import PileGame
from engine.protocol import BaseMeldView, Phase

PACK = OnePack([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10])  # Ace 1 and low only: A 2 3
PRICES = Prices(ace_high=1, ace_low=1, ace_in_hand=1, court=10)
VOID_WALL = "wall"  # the stock was down to two cards and nobody knocked
VOID_REPEAT = "repeat"  # both players threw back the card they had just taken
VOID_TAKES = "takes"  # the upcard was taken fifty times (OpenSpiel's guard)


def _pack_mask(cards: Sequence[Card]) -> int:
    """The mask of ``cards``; ``IllegalMeld`` for a joker or a card twice, which one pack
    cannot hold."""
    if any(c.is_joker for c in cards) or mask_of(cards).bit_count() != len(cards):
        raise IllegalMeld(N_("Gin Rummy has no jokers and no card twice: {cards}."), cards=cards)
    return mask_of(cards)


def meld_value(cards: Sequence[Card]) -> int:
    """What ``cards`` take out of the deadwood as one meld; ``IllegalMeld`` if they are none
    (a set of three or four, or a run of three or more, Ace low)."""
    if not PACK.is_meld(_pack_mask(cards)):
        raise IllegalMeld(
            N_(
                "{cards} is no meld: three or four of a rank, or three or more in a row of one "
                "suit with the Ace low."
            ),
            cards=tuple(cards),
        )
    return PACK.value_of(mask_of(cards))


def hand_deadwood(cards: Sequence[Card]) -> int:
    """The least deadwood of ``cards`` over every arrangement into melds (Ace 1, pictures
    10, runs Ace low); ``IllegalMeld`` for a joker or a card twice."""
    return PACK.deadwood(_pack_mask(cards))


def laid_down(hand: int, melds: Sequence[int], laid_off: int = 0) -> Arrangement:
    """A hand as laid down when a hand ends: ``melds``, the cards ``laid_off`` on the knocker's
    melds, the rest as deadwood."""
    left = hand & ~melded(melds) & ~laid_off
    return Arrangement(
        tuple(analyse_priced_meld(cards_of(m), PRICES) for m in melds),
        cards_of(left),
        PACK.value_of(left),
        cards_of(laid_off),
    )


@dataclass(frozen=True, slots=True)
class Passed(GameEvent):
    """``seat`` left ``card`` lying: the first upcard offered, or the upcard at the wall."""

    seat: int
    card: Card


@dataclass(frozen=True, slots=True, kw_only=True)
class GinHandResult(RoundResult):
    """One hand. ``closer`` knocked (None: the hand is void, see ``void``); ``special`` is a
    gin; ``points`` what each seat scored (the winner only; nobody on a tie), ``totals`` the
    match points after it; ``hands`` both hands laid down. ``doubled``: Oklahoma, spade upcard."""

    dealer: int
    knock_card: int
    hands: tuple[Arrangement, ...]
    undercut: bool
    doubled: bool
    void: str | None

    @property
    def winner(self) -> int | None:
        """The seat that scored the hand; None for a void hand or a tie."""
        return next((seat for seat, points in enumerate(self.points) if points > 0), None)


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
    """One seat as both players see it: match points, hands won and this hand's traffic with
    the discard pile (cards taken, upcards left lying, discards, in order)."""

    seat: int
    name: str
    hand_count: int
    score: int  # match points (with the bonuses once the match is over)
    hands_won: int
    picked_up: tuple[Card, ...]
    passed: tuple[Card, ...]
    discarded: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class GinPublicView:
    """The table as both players see it: the squared discard pile (``seen_discards``, bottom
    first), the knock card, the first upcard's offer, the wall, the last hand and the match."""

    version: int
    round_number: int
    dealer: int
    to_act: int
    phase: Phase
    seats: tuple[GinSeatView, ...]
    stock_count: int
    seen_discards: tuple[Card, ...]
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
        """The upcard, the only card of the pile that may be taken."""
        return self.seen_discards[-1] if self.seen_discards else None

    @property
    def discard_count(self) -> int:
        """Cards in the discard pile."""
        return len(self.seen_discards)

    @property
    def discard_pile(self) -> tuple[Card, ...]:
        """The top card alone: the pile lies squared."""
        return self.seen_discards[-1:]

    @property
    def melds(self) -> tuple[BaseMeldView, ...]:
        """Nothing is melded during play: hands are laid down when one ends."""
        return ()


@dataclass(frozen=True, slots=True)
class GinPrivateView:
    """One seat's view: the table, its hand and the hand's least deadwood (after the best
    discard when it holds eleven cards)."""

    seat: int
    hand: tuple[Card, ...]
    public: GinPublicView
    deadwood: int
    locked_discard: Card | None = None  # Gin lets the card just taken go back


_DRAWS = (DrawTalon(0), DrawTalon(1))
_TAKES = (TakeDiscard(0), TakeDiscard(1))
_PASSES = (Pass(0), Pass(1))
_DISCARDS = tuple(tuple(Discard(seat, card) for card in CARDS) for seat in (0, 1))
_KNOCKS = tuple(tuple(Knock(seat, card) for card in CARDS) for seat in (0, 1))


@dataclass(slots=True, eq=False)
class GinState:
    """What a Gin Rummy match keeps beside the shared parts: the match so far, and the hand's
    masks, knock card, upcard offer and the cards each seat was seen to take and throw."""

    hands_won: list[int] = field(default_factory=lambda: [0, 0])
    match: MatchScored | None = None  # the match's final score, once it is over
    masks: list[int] = field(default_factory=list)  # each hand as a one-pack mask
    knock_card: int = 10  # the most deadwood a knock may leave this hand
    doubled: bool = False  # Oklahoma: a spade upcard doubles the hand
    offer_passes: int | None = 0  # the first upcard's offer: passes so far (None: over)
    repeated: bool = False  # the card just taken was thrown straight back
    last_taken: Card | None = None
    upcard_takes: int = 0
    traffic: list[tuple[list[Card], list[Card], list[Card]]] = field(
        default_factory=lambda: [([], [], []), ([], [], [])]
    )  # each seat's (taken, thrown, passed), for the void rule
    must_knock: bool = False
    wall: bool = False  # the stock is down to the cards never drawn


# A Gin Rummy hand as its checks read it.
GinTable: TypeAlias = PileGame[PileRules, GinHandResult, GinState]


def legal_moves(game: GinTable) -> list[Action]:
    """Every move the player to act may make now, worked out afresh."""
    seat = game.table.to_act
    if game.table.phase is Phase.OVER:
        return []
    if game.table.phase is Phase.DRAW:
        if game.own.offer_passes == 2:
            return [_DRAWS[seat]]
        if game.own.offer_passes is not None:
            return [_TAKES[seat], _PASSES[seat]]
        if game.own.wall:
            upcard = 1 << index(game.piles.discard[-1])
            knocks = PACK.can_get_to(game.own.masks[seat] | upcard, game.own.knock_card)
            return [_TAKES[seat], _PASSES[seat]] if knocks else [_PASSES[seat]]
        return [_DRAWS[seat], _TAKES[seat]]
    mask, limit, discards = game.own.masks[seat], game.own.knock_card, _DISCARDS[seat]
    if not PACK.can_get_to(mask, limit):  # by suit, then rank: as a hand is held
        return [discards[i] for i in indices(mask)]
    moves: list[Action] = []
    for i, left in PACK.deadwood_after_discards(mask).items():
        if not game.own.must_knock:
            moves.append(discards[i])
        if left <= limit:
            moves.append(_KNOCKS[seat][i])
    return moves


def check(game: GinTable, action: Action, legal: Sequence[Action]) -> None:
    """Refuse ``action`` unless it is one of the ``legal`` moves, saying why."""
    if action in legal:  # ``in`` tries identity first: the moves handed out
        return
    game._check_turn(action.seat)
    if isinstance(action, Meld | LayOff):
        raise IllegalAction(
            N_("In Gin Rummy melds are laid down only when a hand ends: knock to lay yours.")
        )
    if isinstance(action, DrawTalon | TakeDiscard | Pass):
        _refuse_draw(game, action)
    if isinstance(action, Discard | Knock):
        _refuse_discard(game, action)
    raise IllegalAction(
        N_("Gin Rummy has no such move: draw or take the upcard, then discard or knock.")
    )


def _refuse_draw(game: GinTable, action: DrawTalon | TakeDiscard | Pass) -> None:
    if isinstance(action, TakeDiscard):
        game._check_draw(action.seat, action.depth)  # the top card only, and in turn
    elif game.table.phase is not Phase.DRAW:
        raise IllegalAction(N_("You have drawn already this turn."))
    if game.own.offer_passes == 2:
        raise IllegalAction(N_("Both of you passed the upcard: draw from the stock."))
    if game.own.offer_passes is not None:
        raise IllegalAction(N_("First take the upcard or pass it."))
    if game.own.wall and isinstance(action, TakeDiscard):
        raise IllegalAction(
            N_(
                "The stock is down to its last two cards: you may take the upcard only to "
                "knock with it, and it does not bring your deadwood to {knock_card}."
            ),
            knock_card=game.own.knock_card,
        )
    if game.own.wall:
        raise IllegalAction(
            N_("The stock is down to its last two cards: knock with the upcard or pass.")
        )
    raise IllegalAction(N_("Only the first upcard may be passed: draw or take it."))


def _refuse_discard(game: GinTable, action: Discard | Knock) -> None:
    if game.table.phase is Phase.DRAW:
        raise IllegalAction(N_("Draw first: take the upcard or the top card of the stock."))
    game._check_holds(action.seat, action.card)
    if isinstance(action, Discard):
        raise IllegalAction(N_("You took the upcard at the wall: knock with it."))
    left = PACK.deadwood(game.own.masks[action.seat] & ~(1 << index(action.card)))
    raise IllegalAction(
        N_(
            "You may knock only with at most {knock_card} points of deadwood after "
            "discarding: discarding {card} leaves {left}."
        ),
        knock_card=game.own.knock_card,
        card=action.card,
        left=left,
    )
