"""What Rommé allows: the checks behind ``verify`` and the legal moves. ``RommeGame``
(``game.py``) holds the state, the rounds and ``apply``."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol, TypeVar

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
from engine.piles import PileGame, PileRules
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


RulesT = TypeVar("RulesT", bound=RommeOptions)


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


class RommeChecks(PileGame[RulesT, RommeRoundResult]):
    """The checks and legal moves of a Rommé game; the state is set up by ``RommeGame``."""

    MIN_SEATS = 2
    MAX_SEATS = 6
    OWN = RommeState
    RESULT = RommeRoundResult
    own: RommeState

    def _own_state(self) -> RommeState:
        return RommeState()

    # ----------------------------------------------------------------- checks
    def _check_play(self, seat: int) -> None:
        self._check_turn(seat)
        if self.table.phase is Phase.DRAW:
            raise IllegalAction(
                N_("Draw first: take the top discard or the top card of the stock.")
            )

    def _check_must_meld(self, cards: Sequence[Card]) -> None:
        if self.own.must_meld is not None and self.own.must_meld not in cards:
            raise IllegalAction(
                N_("You took {must_meld} from the discard pile: play it first, in a meld."),
                must_meld=self.own.must_meld,
            )

    def _check_after_opening(self, seat: int, what: Message) -> None:
        if not self.own.opened[seat]:
            raise IllegalAction(
                N_(
                    "You may {what} only after your first meld ({opening_minimum} points in melds)."
                ),
                what=what,
                opening_minimum=self.ruleset.opening_minimum,
            )
        if self.own.opened_this_turn:
            raise IllegalAction(N_("You cannot {what} in the turn of your first meld."), what=what)

    def _rest_of_hand(
        self, seat: int, played: Sequence[Card], gained: Sequence[Card] = ()
    ) -> list[Card]:
        rest = [*self.table.hands[seat], *gained]
        for card in played:
            rest.remove(card)
        return rest

    def _find_meld(self, meld_id: int) -> PricedTableMeld:
        if 0 <= meld_id < len(self.own.melds):
            return self.own.melds[meld_id]
        raise IllegalAction(N_("There is no meld {number} on the table."), number=meld_id + 1)

    def _check_take_discard(self, seat: int, depth: int) -> None:
        self._check_draw(seat, depth)
        if not self.ruleset.discard_only_to_meld:
            return
        card = self.piles.discard[-1]
        cards = [*self.table.hands[seat], card]
        if self.own.opened[seat]:
            if best_meld_points(cards, include=card) >= 0 or any(
                meld.accepts(card) for meld in self.own.melds
            ):
                return
            raise IllegalAction(
                N_("{card} may be taken only to be melded at once, and it fits nowhere for you."),
                card=card,
            )
        need = self.ruleset.opening_minimum
        if best_meld_points(cards, include=card) < need:
            raise IllegalAction(
                N_(
                    "{card} may be taken only to be melded at once, and with it your hand has no "
                    "first meld of {need} points."
                ),
                card=card,
                need=need,
            )

    def _check_keeps_a_copy(self, rest: Sequence[Card], played: Sequence[Card]) -> None:
        """``_check_keeps_a_discard``, unless this play is the one that melds the taken card
        (option ``discard_only_to_meld``): then the taken card leaves the hand, and a copy of
        it left behind (two packs) is the player's own to throw."""
        if self.own.must_meld is not None and self.own.must_meld in played:
            return
        self._check_keeps_a_discard(rest)

    def _check_meld(self, action: Meld) -> PricedMeld:
        seat = action.seat
        self._check_play(seat)
        self._check_in_hand(seat, action.cards)
        self._check_must_meld(action.cards)
        shape = analyse_priced_meld(action.cards)
        need = self.ruleset.opening_minimum
        reached = self.own.pending_points + shape.total
        if (
            not self.own.opened[seat]
            and len(action.cards) == len(self.table.hands[seat])
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
        self._check_keeps_a_copy(self._rest_of_hand(seat, action.cards), action.cards)
        return shape

    def _check_swap(self, action: JokerSwap) -> tuple[PricedTableMeld, int, PricedMeld]:
        seat = action.seat
        self._check_play(seat)
        self._check_after_opening(seat, Message(N_("swap a joker")))
        self._check_holds(seat, action.card)
        self._check_must_meld([action.card, *action.cards])
        meld = self._find_meld(action.meld_id)
        index = meld.swap_index(action.card, self.ruleset.strict_swap)
        if JOKER not in action.cards:
            raise IllegalAction(
                N_("The joker you take must go into a new meld at once: name it as Jo there.")
            )
        rest = list(self.table.hands[seat])
        rest.remove(action.card)
        rest.append(JOKER)
        missing = [c for c in set(action.cards) if action.cards.count(c) > rest.count(c)]
        if missing:
            raise IllegalAction(N_("You do not hold {cards}."), cards=tuple(sorted(missing)))
        shape = analyse_priced_meld(action.cards)
        for card in action.cards:
            rest.remove(card)
        self._check_keeps_a_copy(rest, [action.card, *action.cards])
        return meld, index, shape

    def _check(self, action: Action) -> None:
        """``verify``: raise a ``RulesError`` saying why ``action`` is not allowed now."""
        if isinstance(action, DrawTalon):
            self._check_draw(action.seat, None)
        elif isinstance(action, TakeDiscard):
            self._check_take_discard(action.seat, action.depth)
        elif isinstance(action, Meld):
            self._check_meld(action)
        elif isinstance(action, LayOff):
            self._check_play(action.seat)
            self._check_after_opening(action.seat, Message(N_("lay off")))
            self._check_holds(action.seat, action.card)
            self._check_must_meld([action.card])
            self._find_meld(action.meld_id).layoff(action.card, action.end)
            self._check_keeps_a_copy(self._rest_of_hand(action.seat, [action.card]), [action.card])
        elif isinstance(action, JokerSwap):
            self._check_swap(action)
        elif isinstance(action, TakeBack):
            self._check_play(action.seat)
            if not self.own.pending:
                raise IllegalAction(
                    N_("You have no melds of an unfinished first meld to take back.")
                )
        elif isinstance(action, Discard):
            self._check_play(action.seat)
            self._check_discard(action.seat, action.card)
            if self.own.pending:
                need = self.ruleset.opening_minimum
                raise IllegalAction(
                    N_(
                        "Your first meld has {pending_points} of {need} points: lay more melds or "
                        "take them back before you discard."
                    ),
                    pending_points=self.own.pending_points,
                    need=need,
                )
            self._check_must_meld([])
        elif isinstance(action, Knock | CallRummy | BuyBack):
            self._check_turn(action.seat)
            raise IllegalAction(
                N_("Knocking, calling Rummy and buying back belong to Wiener Rummy.")
            )
        else:  # pragma: no cover - the action union is closed
            raise IllegalAction(N_("Unknown action {action}."), action=repr(action))

    # ----------------------------------------------------------------- moves
    def legal_actions(self) -> list[Action]:
        """Every action the player to act may take now (one joker placement per meld)."""
        seat = self.table.to_act
        if self.table.phase is Phase.OVER:
            return []
        if self.table.phase is Phase.DRAW:
            moves: list[Action] = []
            if self.piles.stock:
                moves.append(DrawTalon(seat))
            if self.piles.discard and self.can(TakeDiscard(seat)):
                moves.append(TakeDiscard(seat))
            return moves
        hand = self.table.hands[seat]
        result: list[Action] = []
        for cards in meld_options(hand):
            action = Meld(seat, cards)
            if self.can(action):
                result.append(action)
        if self.own.opened[seat] and not self.own.opened_this_turn:
            result.extend(self._legal_layoffs(seat))
            result.extend(self._legal_swaps(seat))
        if self.own.pending:
            result.append(TakeBack(seat))
        elif self.own.must_meld is None:
            locked = self.table.locked_discard
            for card in dict.fromkeys(hand):
                if card is not locked or hand.count(card) > 1:
                    result.append(Discard(seat, card))
        return result

    def _legal_layoffs(self, seat: int) -> list[Action]:
        held = set(self.table.hands[seat])
        moves: list[Action] = []
        for meld in self.own.melds:
            for card, end in meld.fitting_cards():
                if card in held:
                    moves.append(LayOff(seat, card, meld.id, end))
            if JOKER in held:
                ends = (End.LOW, End.HIGH) if meld.kind is MeldKind.RUN else (None,)
                moves.extend(LayOff(seat, JOKER, meld.id, end) for end in ends)
        return [m for m in moves if self.can(m)]

    def _legal_swaps(self, seat: int) -> list[Action]:
        hand = self.table.hands[seat]
        moves: list[Action] = []
        for meld in self.own.melds:
            if not meld.jokers:
                continue
            for card in dict.fromkeys(hand):
                if card.is_joker:
                    continue
                try:
                    meld.swap_index(card, self.ruleset.strict_swap)
                except IllegalMeld:
                    continue
                rest = list(hand)
                rest.remove(card)
                rest.append(JOKER)
                for cards in meld_options(rest, min_jokers=1):
                    action = JokerSwap(seat, card, meld.id, cards)
                    if self.can(action):
                        moves.append(action)
        return moves
