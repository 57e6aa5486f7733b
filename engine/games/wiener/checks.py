"""What Wiener Rummy allows: its own part of the state (``WienerState``) and, as functions
over the game (``WienerTable``), the checks behind ``verify`` and the legal moves.
``WienerGame`` (``game.py``) plays the moves, the rounds and the views."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol, TypeAlias

from engine.actions import (
    Action,
    BuyBack,
    CallRummy,
    Discard,
    DrawTalon,
    JokerSwap,
    Knock,
    LayOff,
    Meld,
    TakeBack,
    TakeDiscard,
)
from engine.arrangement import Arrangement
from engine.cards import Card
from engine.errors import IllegalAction
from engine.games.wiener.events import WienerRoundResult
from engine.i18n import N_
from engine.melding.deadwood import arrange, deadwood_after_discards, deadwood_of
from engine.options import PileRules
from engine.piles import PileGame
from engine.protocol import Phase

_NO_MELDING = N_(
    "Nothing is melded during play in Wiener Rummy: keep your melds in hand, "
    "then knock or call Rummy."
)


class WienerOptions(PileRules, Protocol):
    """The ruleset options the checks read."""

    @property
    def knock_limit(self) -> int:
        """A seat may knock when its deadwood after the discard is below this."""
        ...


@dataclass(slots=True, eq=False)
class WienerState:
    """What a rubber of Wiener Rummy keeps beside the shared parts: each seat's chips, the
    pot and who bought back in; in a round, the knocker, who still has a last turn, the hands
    shown, and who may still buy back in."""

    chips: list[int]
    pot: int
    bought_back: list[bool]
    knocker: int | None = None
    final_turns: list[int] = field(default_factory=list)  # after a knock: a last turn each
    revealed: list[Arrangement | None] = field(default_factory=list)
    buy_back_queue: list[int] = field(default_factory=list)


# A Wiener Rummy game as its checks read it.
WienerTable: TypeAlias = PileGame[WienerOptions, WienerRoundResult, WienerState]


# ----------------------------------------------------------------- checks
def _check_play(game: WienerTable, seat: int) -> None:
    game._check_turn(seat)
    if game.table.phase is Phase.BUY_BACK:
        raise IllegalAction(N_("First decide whether to buy back in."))
    if game.table.phase is Phase.DRAW:
        raise IllegalAction(N_("Draw first: take the upcard or the top card of the stock."))


def _check_close(game: WienerTable, seat: int, card: Card) -> list[Card]:
    _check_play(game, seat)
    if game.own.knocker is not None:
        raise IllegalAction(
            N_("{name} has knocked: you only draw and discard once more."),
            name=game.names[game.own.knocker],
        )
    game._check_discard(seat, card)
    rest = list(game.table.hands[seat])
    rest.remove(card)
    return rest


def check(game: WienerTable, action: Action) -> None:
    """``verify``: raise a ``RulesError`` saying why ``action`` is not allowed now."""
    if isinstance(action, DrawTalon):
        game._check_draw(action.seat, None)
    elif isinstance(action, TakeDiscard):
        game._check_draw(action.seat, action.depth)
    elif isinstance(action, Discard):
        _check_play(game, action.seat)
        game._check_discard(action.seat, action.card)
    elif isinstance(action, Knock):
        rest = _check_close(game, action.seat, action.card)
        left = deadwood_of(rest)
        if left >= game.ruleset.knock_limit:
            raise IllegalAction(
                N_(
                    "You may knock only with less than {knock_limit} points of deadwood after "
                    "discarding: discarding {card} leaves {left}."
                ),
                knock_limit=game.ruleset.knock_limit,
                card=action.card,
                left=left,
            )
    elif isinstance(action, CallRummy):
        rest = _check_close(game, action.seat, action.card)
        laid = arrange(rest)
        if laid.deadwood:
            raise IllegalAction(
                N_(
                    "Rummy needs every other card in melds: discarding {card} leaves "
                    "{leftover} outside ({points} points)."
                ),
                card=action.card,
                leftover=tuple(sorted(laid.leftover)),
                points=laid.deadwood,
            )
    elif isinstance(action, BuyBack):
        game._check_turn(action.seat)
        if game.table.phase is not Phase.BUY_BACK:
            raise IllegalAction(N_("There is no buy-back to decide now."))
    elif isinstance(action, Meld | LayOff | JokerSwap | TakeBack):
        game._refuse(action.seat, _NO_MELDING)
    else:
        game._refuse_pass(action)


# ----------------------------------------------------------------- moves
def legal_moves(game: WienerTable, seat: int) -> list[Action]:
    """Every action ``seat``, to act, may take now."""
    if game.table.phase is Phase.BUY_BACK:
        return [BuyBack(seat, True), BuyBack(seat, False)]
    if game.table.phase is Phase.DRAW:
        return game._legal_draws(seat)
    hand = game.table.hands[seat]
    result: list[Action] = []
    after = deadwood_after_discards(hand) if game.own.knocker is None else {}
    for card in dict.fromkeys(hand):
        if card is game.table.locked_discard and hand.count(card) == 1:
            continue
        result.append(Discard(seat, card))
        if card in after:
            left = after[card]
            if left < game.ruleset.knock_limit:
                result.append(Knock(seat, card))
            if left == 0:
                result.append(CallRummy(seat, card))
    return result
