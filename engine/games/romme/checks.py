"""What Rommé allows: its own part of the state (``RommeState``) and, as functions over the
game (``RommeTable``), the checks behind ``verify`` and the legal moves. ``RommeGame``
(``game.py``) plays the moves, the rounds and the views."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol, TypeAlias

from engine.actions import (
    Action,
    BuyBack,
    CallRummy,
    Discard,
    DrawTalon,
    End,
    JokerSwap,
    Knock,
    LayOff,
    Meld,
    MeldKind,
    TakeBack,
    TakeDiscard,
)
from engine.cards import JOKER, Card
from engine.errors import IllegalAction, IllegalMeld
from engine.games.romme.events import RommeRoundResult
from engine.i18n import N_, Message
from engine.melding.deadwood import best_meld_points, meld_options
from engine.melding.melds import PricedMeld, PricedTableMeld, analyse_priced_meld
from engine.options import PileRules
from engine.piles import PileGame, layoffs_onto
from engine.protocol import Phase


class RommeOptions(PileRules, Protocol):
    """The ruleset options the checks read."""

    @property
    def opening_minimum(self) -> int:
        """Points a seat's first meld needs; its figures stay pending until they reach them."""
        ...

    @property
    def discard_only_to_meld(self) -> bool:
        """A card taken from the discard pile must be melded in the same turn."""
        ...

    @property
    def strict_swap(self) -> bool:
        """A set gives up its joker only when it holds four cards."""
        ...


@dataclass(slots=True, eq=False)
class RommeState:
    """What a Rommé round keeps beside the shared parts: the melds on the table, who has made
    a first meld (and its points so far), and what this turn has played and taken."""

    melds: list[PricedTableMeld] = field(default_factory=list)
    round_points: list[int] = field(default_factory=list)  # each seat's meld points this round
    opened: list[bool] = field(default_factory=list)  # has made its first meld this round
    opening_points: list[int] = field(default_factory=list)
    played_before: list[bool] = field(default_factory=list)  # melded in an earlier turn
    pending: list[int] = field(
        default_factory=list
    )  # meld ids of a first meld short of the minimum
    pending_points: int = 0
    opened_this_turn: bool = False
    played_this_turn: bool = False
    must_meld: Card | None = None  # discard_only_to_meld: the next card to play
    taken: Card | None = None  # the card taken from the discard pile this turn


# A Rommé game as its checks read it: its options, round result and own state.
RommeTable: TypeAlias = PileGame[RommeOptions, RommeRoundResult, RommeState]


# ----------------------------------------------------------------- checks
def _check_play(game: RommeTable, seat: int) -> None:
    game._check_turn(seat)
    if game.table.phase is Phase.DRAW:
        raise IllegalAction(N_("Draw first: take the top discard or the top card of the stock."))


def _check_must_meld(game: RommeTable, cards: Sequence[Card]) -> None:
    if game.own.must_meld is not None and game.own.must_meld not in cards:
        raise IllegalAction(
            N_("You took {must_meld} from the discard pile: play it first, in a meld."),
            must_meld=game.own.must_meld,
        )


def _check_after_opening(game: RommeTable, seat: int, what: Message) -> None:
    if not game.own.opened[seat]:
        raise IllegalAction(
            N_("You may {what} only after your first meld ({opening_minimum} points in melds)."),
            what=what,
            opening_minimum=game.ruleset.opening_minimum,
        )
    if game.own.opened_this_turn:
        raise IllegalAction(N_("You cannot {what} in the turn of your first meld."), what=what)


def _rest_of_hand(
    game: RommeTable, seat: int, played: Sequence[Card], gained: Sequence[Card] = ()
) -> list[Card]:
    rest = [*game.table.hands[seat], *gained]
    for card in played:
        rest.remove(card)
    return rest


def _find_meld(game: RommeTable, meld_id: int) -> PricedTableMeld:
    if 0 <= meld_id < len(game.own.melds):
        return game.own.melds[meld_id]
    raise IllegalAction(N_("There is no meld {number} on the table."), number=meld_id + 1)


def _check_take_discard(game: RommeTable, seat: int, depth: int) -> None:
    game._check_draw(seat, depth)
    if not game.ruleset.discard_only_to_meld:
        return
    card = game.piles.discard[-1]
    cards = [*game.table.hands[seat], card]
    if game.own.opened[seat]:
        if best_meld_points(cards, include=card) >= 0 or any(
            meld.accepts(card) for meld in game.own.melds
        ):
            return
        raise IllegalAction(
            N_("{card} may be taken only to be melded at once, and it fits nowhere for you."),
            card=card,
        )
    need = game.ruleset.opening_minimum
    if best_meld_points(cards, include=card) < need:
        raise IllegalAction(
            N_(
                "{card} may be taken only to be melded at once, and with it your hand has no "
                "first meld of {need} points."
            ),
            card=card,
            need=need,
        )


def check_keeps_a_copy(game: RommeTable, rest: Sequence[Card], played: Sequence[Card]) -> None:
    """``_check_keeps_a_discard``, unless this play is the one that melds the taken card
    (option ``discard_only_to_meld``): then the taken card leaves the hand, and a copy of
    it left behind (two packs) is the player's own to throw."""
    if game.own.must_meld is not None and game.own.must_meld in played:
        return
    game._check_keeps_a_discard(rest)


def _check_meld(game: RommeTable, action: Meld) -> PricedMeld:
    seat = action.seat
    _check_play(game, seat)
    game._check_in_hand(seat, action.cards)
    _check_must_meld(game, action.cards)
    shape = analyse_priced_meld(action.cards)
    need = game.ruleset.opening_minimum
    reached = game.own.pending_points + shape.total
    if (
        not game.own.opened[seat]
        and len(action.cards) == len(game.table.hands[seat])
        and reached < need
    ):
        raise IllegalAction(
            N_(
                "Your first meld must be worth at least {need} points: this one would end at "
                "{reached}."
            ),
            need=need,
            reached=reached,
        )
    check_keeps_a_copy(game, _rest_of_hand(game, seat, action.cards), action.cards)
    return shape


def check_swap(game: RommeTable, action: JokerSwap) -> tuple[PricedTableMeld, int, PricedMeld]:
    """Refuse a joker swap, or give the meld, the joker's place in it and the meld after."""
    seat = action.seat
    _check_play(game, seat)
    _check_after_opening(game, seat, Message(N_("swap a joker")))
    game._check_holds(seat, action.card)
    _check_must_meld(game, [action.card, *action.cards])
    meld = _find_meld(game, action.meld_id)
    index = meld.swap_index(action.card, game.ruleset.strict_swap)
    if JOKER not in action.cards:
        raise IllegalAction(
            N_("The joker you take must go into a new meld at once: name it as Jo there.")
        )
    rest = list(game.table.hands[seat])
    rest.remove(action.card)
    rest.append(JOKER)
    missing = [c for c in set(action.cards) if action.cards.count(c) > rest.count(c)]
    if missing:
        raise IllegalAction(N_("You do not hold {cards}."), cards=tuple(sorted(missing)))
    shape = analyse_priced_meld(action.cards)
    for card in action.cards:
        rest.remove(card)
    check_keeps_a_copy(game, rest, [action.card, *action.cards])
    return meld, index, shape


def check(game: RommeTable, action: Action) -> None:
    """``verify``: raise a ``RulesError`` saying why ``action`` is not allowed now."""
    if isinstance(action, DrawTalon):
        game._check_draw(action.seat, None)
    elif isinstance(action, TakeDiscard):
        _check_take_discard(game, action.seat, action.depth)
    elif isinstance(action, Meld):
        _check_meld(game, action)
    elif isinstance(action, LayOff):
        _check_play(game, action.seat)
        _check_after_opening(game, action.seat, Message(N_("lay off")))
        game._check_holds(action.seat, action.card)
        _check_must_meld(game, [action.card])
        _find_meld(game, action.meld_id).layoff(action.card, action.end)
        check_keeps_a_copy(game, _rest_of_hand(game, action.seat, [action.card]), [action.card])
    elif isinstance(action, JokerSwap):
        check_swap(game, action)
    elif isinstance(action, TakeBack):
        _check_play(game, action.seat)
        if not game.own.pending:
            raise IllegalAction(N_("You have no melds of an unfinished first meld to take back."))
    elif isinstance(action, Discard):
        _check_play(game, action.seat)
        game._check_discard(action.seat, action.card)
        if game.own.pending:
            need = game.ruleset.opening_minimum
            raise IllegalAction(
                N_(
                    "Your first meld has {pending_points} of {need} points: lay more melds or "
                    "take them back before you discard."
                ),
                pending_points=game.own.pending_points,
                need=need,
            )
        _check_must_meld(game, [])
    elif isinstance(action, Knock | CallRummy | BuyBack):
        game._refuse(
            action.seat, N_("Knocking, calling Rummy and buying back belong to Wiener Rummy.")
        )
    else:
        game._refuse_pass(action)


# ----------------------------------------------------------------- moves
def legal_moves(game: RommeTable, seat: int) -> list[Action]:
    """Every action ``seat``, to act, may take now (one joker placement per meld)."""
    if game.table.phase is Phase.DRAW:
        draws = game._legal_draws(seat)
        return [m for m in draws if not isinstance(m, TakeDiscard) or game.can(m)]
    hand = game.table.hands[seat]
    result: list[Action] = []
    for cards in meld_options(hand):
        action = Meld(seat, cards)
        if game.can(action):
            result.append(action)
    if game.own.opened[seat] and not game.own.opened_this_turn:
        result.extend(_legal_layoffs(game, seat))
        result.extend(_legal_swaps(game, seat))
    if game.own.pending:
        result.append(TakeBack(seat))
    elif game.own.must_meld is None:
        locked = game.table.locked_discard
        for card in dict.fromkeys(hand):
            if card is not locked or hand.count(card) > 1:
                result.append(Discard(seat, card))
    return result


def _legal_layoffs(game: RommeTable, seat: int) -> list[Action]:
    held = set(game.table.hands[seat])
    moves: list[Action] = []
    for meld in game.own.melds:
        moves.extend(layoffs_onto(seat, held, meld))
        if JOKER in held:
            ends = (End.LOW, End.HIGH) if meld.kind is MeldKind.RUN else (None,)
            moves.extend(LayOff(seat, JOKER, meld.id, end) for end in ends)
    return [m for m in moves if game.can(m)]


def _legal_swaps(game: RommeTable, seat: int) -> list[Action]:
    hand = game.table.hands[seat]
    moves: list[Action] = []
    for meld in game.own.melds:
        if not meld.jokers:
            continue
        for card in dict.fromkeys(hand):
            if card.is_joker:
                continue
            try:
                meld.swap_index(card, game.ruleset.strict_swap)
            except IllegalMeld:
                continue
            rest = list(hand)
            rest.remove(card)
            rest.append(JOKER)
            for cards in meld_options(rest, min_jokers=1):
                action = JokerSwap(seat, card, meld.id, cards)
                if game.can(action):
                    moves.append(action)
    return moves
