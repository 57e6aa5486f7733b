"""What Treppenrommé allows: its own part of the state (``TreppeState``) and, as functions
over the game (``TreppeTable``), the checks behind ``verify`` and the legal moves. ``Game``
(``game.py``) plays the moves, the rounds and the views."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TypeAlias

from engine.actions import (
    Action,
    Discard,
    DrawTalon,
    LayOff,
    Meld,
    TakeDiscard,
)
from engine.cards import FULL_PACK, Card
from engine.errors import IllegalAction
from engine.games.treppe.events import TreppeRoundResult
from engine.games.treppe.melds import MeldShape, TableMeld, analyse_meld, possible_melds
from engine.i18n import N_, plural_message
from engine.options import PileRules
from engine.piles import PileGame
from engine.protocol import Phase

MIN_SEATS = 2
MAX_SEATS = 4
# Actions are immutable values, so the common ones are made once (legal_actions is hot).
_DRAWS = [DrawTalon(seat) for seat in range(MAX_SEATS)]
_TAKES = [[TakeDiscard(seat, d) for d in range(len(FULL_PACK) + 1)] for seat in range(MAX_SEATS)]
_DISCARDS = [{card: Discard(seat, card) for card in FULL_PACK} for seat in range(MAX_SEATS)]


@dataclass(slots=True, eq=False)
class TreppeState:
    """What a Treppenrommé round keeps beside the shared parts: the melds on the table, each
    seat's meld points, the cards each seat was seen to take from the staircase, and whether
    it has melded (a Rommé hand is one melded in a single turn)."""

    melds: list[TableMeld] = field(default_factory=list)
    round_points: list[int] = field(default_factory=list)
    played_earlier: list[bool] = field(default_factory=list)  # melded in an earlier turn
    played_this_turn: bool = False
    known: list[list[Card]] = field(default_factory=list)  # taken openly, still in hand


# A Treppenrommé game as its checks read it.
TreppeTable: TypeAlias = PileGame[PileRules, TreppeRoundResult, TreppeState]


# ----------------------------------------------------------------- checks
def _check_play(game: TreppeTable, seat: int) -> None:
    game._check_turn(seat)
    if game.table.phase is Phase.DRAW:
        raise IllegalAction(N_("Draw first: take the top talon card or cards from the staircase."))


def _find_meld(game: TreppeTable, meld_id: int) -> TableMeld:
    if 0 <= meld_id < len(game.own.melds):
        return game.own.melds[meld_id]
    raise IllegalAction(N_("There is no meld {number} on the table."), number=meld_id + 1)


def leaves_locked_alone(game: TreppeTable, seat: int, played: Sequence[Card]) -> bool:
    """Would playing ``played`` leave only the card that may not be discarded?"""
    locked = game.table.locked_discard
    hand = game.table.hands[seat]
    return (
        locked is not None
        and len(hand) == len(played) + 1
        and locked in hand
        and locked not in played
    )


def _check_keeps_one_to_discard(game: TreppeTable, seat: int, played: Sequence[Card]) -> None:
    if leaves_locked_alone(game, seat, played):
        card = game.table.locked_discard
        raise IllegalAction(
            N_(
                "That would leave only {card} in your hand, and you took it from the "
                "staircase this turn, so you cannot discard it: keep another card to discard, "
                "or play {card} too."
            ),
            card=card,
        )


def check(game: TreppeTable, action: Action) -> MeldShape | int | None:
    """``verify``, returning what apply needs next: a meld's shape, a lay-off's points."""
    if isinstance(action, Discard):
        _check_play(game, action.seat)
        game._check_holds(action.seat, action.card)
        if action.card is game.table.locked_discard:
            raise IllegalAction(
                N_("You took {card} from the staircase; you cannot discard it this turn."),
                card=action.card,
            )
    elif isinstance(action, DrawTalon):
        game._check_turn(action.seat)
        if game.table.phase is not Phase.DRAW:
            raise IllegalAction(N_("You have drawn already this turn."))
        if not game.piles.stock:
            raise IllegalAction(N_("The talon is empty: take from the staircase."))
    elif isinstance(action, TakeDiscard):
        game._check_turn(action.seat)
        if game.table.phase is not Phase.DRAW:
            raise IllegalAction(N_("You have drawn already this turn."))
        if not 1 <= action.depth <= len(game.piles.discard):
            count = len(game.piles.discard)
            raise IllegalAction(
                N_("The staircase has {cards}: pick a position from 1 to {count}."),
                cards=plural_message("{n} card", "{n} cards", count),  # "1 card"
                count=count,
            )
    elif isinstance(action, Meld):
        _check_play(game, action.seat)
        game._check_in_hand(action.seat, action.cards)
        shape = analyse_meld(action.cards)
        _check_keeps_one_to_discard(game, action.seat, action.cards)
        return shape
    elif isinstance(action, LayOff):
        _check_play(game, action.seat)
        game._check_holds(action.seat, action.card)
        points = _find_meld(game, action.meld_id).layoff_points(action.card, action.end)
        _check_keeps_one_to_discard(game, action.seat, (action.card,))
        return points
    else:
        game._refuse(
            action.seat,
            N_(
                "Treppenrommé has no such move: draw from the talon or take from the "
                "staircase, then meld, lay off and discard."
            ),
        )
    return None


# ----------------------------------------------------------------- moves
def legal_moves(game: TreppeTable, seat: int) -> list[Action]:
    """Every action ``seat``, to act, may take now: each staircase depth (the deepest
    first), each meld the hand can form, each lay-off (card, meld, end) and each discard."""
    if game.table.phase is Phase.DRAW:
        takes = _TAKES[seat]
        moves: list[Action] = [_DRAWS[seat]] if game.piles.stock else []
        moves.extend(takes[len(game.piles.discard) : 0 : -1])
        return moves
    hand = game.table.hands[seat]
    result: list[Action] = [
        Meld(seat, cards)
        for cards in possible_melds(hand)
        if not leaves_locked_alone(game, seat, cards)
    ]
    result.extend(legal_layoffs(game, seat))
    result.extend(legal_discards(game, seat))
    return result


def legal_layoffs(game: TreppeTable, seat: int) -> list[LayOff]:
    """Each card of ``seat``'s hand that fits a table meld, with the meld and the end."""
    held = set(game.table.hands[seat])
    moves: list[LayOff] = []
    for meld in game.own.melds:
        for card, end in meld.fitting_cards():
            if card in held and not leaves_locked_alone(game, seat, (card,)):
                moves.append(LayOff(seat, card, meld.id, end))
    return moves


def legal_discards(game: TreppeTable, seat: int) -> list[Discard]:
    """A discard of each different card in ``seat``'s hand but the locked one."""
    hand = game.table.hands[seat]
    locked = game.table.locked_discard
    discards = _DISCARDS[seat]
    return [discards[card] for card in dict.fromkeys(hand) if card is not locked]
