"""Rommé (German Rummy): two packs and six jokers, a 40-point first meld, joker swaps, and
minus points for the cards left in hand when someone goes out.

A first meld is laid one figure at a time: until its figures reach the minimum they are
*pending*, and the player may take them all back into the hand. The turn that reaches the
minimum has no lay-offs and no joker swaps.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass, fields
from typing import Any

from engine.actions import Discard, DrawTalon, End, LayOff, Meld, TakeStaircase
from engine.cards import JOKER, Card
from engine.errors import IllegalAction, IllegalMeld
from engine.events import Discarded, DrewFromTalon, LaidOff, Melded
from engine.melds import MeldKind
from engine.variants.actions import (
    BuyBack,
    CallRummy,
    JokerSwap,
    Knock,
    TakeBack,
    TakeDiscard,
    VariantAction,
)
from engine.variants.base import TwoPackGame, VariantDeal
from engine.variants.deadwood import best_meld_points, meld_options
from engine.variants.events import (
    DealtRound,
    JokerSwapped,
    MeldsTakenBack,
    Opened,
    RommeRoundResult,
    VariantEvent,
    VariantRoundEnded,
    VariantSessionEnded,
)
from engine.variants.melds import VariantMeld, VariantTableMeld, analyse_variant_meld, hand_value
from engine.variants.views import (
    RommePrivateView,
    RommePublicView,
    RommeSeatView,
    VariantMeldView,
    VariantPhase,
    VariantPlacedCard,
)


@dataclass(frozen=True, slots=True)
class RommeRuleset:
    """The options a Rommé table agrees on. Frozen: a game never changes its rules."""

    hand_size: int = 13
    dealer_gets_14: bool = False  # the dealer gets one more card instead of an upcard
    discard_only_to_meld: bool = False  # the discard taken must be the next card played
    strict_swap: bool = False  # a set gives up its joker only when it has four cards
    hand_romme_double: bool = True  # going out in one turn doubles everybody's minus points
    rounds: int | None = None  # None: every player deals once
    opening_minimum: int = 40
    no_return: bool = True  # the discard taken may not be thrown back in the same turn
    max_rebuilds: int = 3  # the stock runs out this often and is rebuilt; next time: dead round

    def __post_init__(self) -> None:
        if not 1 <= self.hand_size <= 15:
            raise ValueError("hand_size must be between 1 and 15")
        if self.rounds is not None and self.rounds <= 0:
            raise ValueError("rounds must be positive")
        if self.opening_minimum < 0 or self.max_rebuilds < 0:
            raise ValueError("opening_minimum and max_rebuilds cannot be negative")

    def new_game(
        self, names: Sequence[str], seed: int, deal: VariantDeal | None = None
    ) -> RommeGame:
        return RommeGame(self, names, seed, deal)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> RommeRuleset:
        known = {f.name for f in fields(cls)}
        return cls(**{k: v for k, v in data.items() if k in known})


class RommeGame(TwoPackGame):
    """A Rommé session for 2 to 6 seats (seat 0..n-1, clockwise)."""

    GAME_KEY = "romme"
    ruleset: RommeRuleset
    TITLE = "Rommé"
    JOKERS = 6

    def __init__(
        self,
        ruleset: RommeRuleset,
        names: Sequence[str],
        seed: int,
        deal: VariantDeal | None = None,
    ) -> None:
        super().__init__(names, seed, deal)
        self.ruleset = ruleset
        if ruleset.hand_size * self.n + 2 > self.pack_size:
            raise IllegalAction("Those hands need more cards than the game has.")
        self.rounds = ruleset.rounds or self.n
        self.minus = [0] * self.n
        self.round_points = [0] * self.n
        self.melds: list[VariantTableMeld] = []
        self.opened = [False] * self.n
        self.opening_points = [0] * self.n
        self.played_before = [False] * self.n  # melded in an earlier turn of this round
        self.results: list[RommeRoundResult] = []
        self._reset_turn()
        if deal is None:
            self.dealer = self._draw_for_dealer()
            self._start_round(None)
        else:
            self._check_deal(deal)
            self.dealer = deal.dealer
            self._start_round(deal)

    def _max_rebuilds(self) -> int:
        return self.ruleset.max_rebuilds

    def _reset_turn(self) -> None:
        self.pending: list[int] = []  # meld ids of a first meld still below the minimum
        self.pending_points = 0
        self.opened_this_turn = False
        self.played_this_turn = False
        self.must_meld: Card | None = None  # discard_only_to_meld: the next card to play
        self.taken: Card | None = None  # the card taken from the discard pile this turn
        self.locked_discard = None

    # ----------------------------------------------------------------- rounds
    def _start_round(self, deal: VariantDeal | None) -> None:
        self.round_number += 1
        extra = self.ruleset.dealer_gets_14
        if deal is None:
            self.hands = self._deal_hands(self.ruleset.hand_size, extra_for_dealer=extra)
            self.discard = [] if extra else [self.stock.pop()]
        else:
            self.hands = [list(hand) for hand in deal.hands]
            self.discard = list(deal.discard)
            self.stock = list(deal.stock)
        self.melds = []
        self.round_points = [0] * self.n
        self.opened = [False] * self.n
        self.opening_points = [0] * self.n
        self.played_before = [False] * self.n
        self.rebuilds = 0
        upcard = self.discard[-1] if self.discard else None
        self.events.append(DealtRound(self.round_number, self.dealer, upcard, self.dealer))
        if len(self.hands[self.dealer]) > self.ruleset.hand_size:
            # The dealer's extra card stands for the draw: straight to play.
            self._reset_turn()
            self.to_act = self.dealer
            self.phase = VariantPhase.PLAY
        else:
            self._begin_turn(self.dealer)

    def _begin_turn(self, seat: int) -> None:
        self._reset_turn()
        self.to_act = seat
        self.phase = VariantPhase.DRAW
        if not self._refill_stock():
            self._end_round(None)

    def _end_round(self, went_out: int | None) -> None:
        hands = tuple(tuple(hand) for hand in self.hands)
        double = (
            went_out is not None
            and self.ruleset.hand_romme_double
            and not self.played_before[went_out]
        )
        minus = tuple(
            0
            if went_out is None or seat == went_out
            else sum(hand_value(c) for c in hands[seat]) * (2 if double else 1)
            for seat in range(self.n)
        )
        for seat in range(self.n):
            self.minus[seat] += minus[seat]
        result = RommeRoundResult(
            self.round_number, went_out, double, hands, minus, tuple(self.minus)
        )
        self.results.append(result)
        self.events.append(VariantRoundEnded(result))
        if len(self.results) >= self.rounds:
            least = min(self.minus)
            leaders = [s for s in range(self.n) if self.minus[s] == least]
            if len(leaders) == 1:
                self.winner = leaders[0]
                self.phase = VariantPhase.OVER
                self.events.append(VariantSessionEnded(leaders[0], tuple(self.minus)))
                return
        self.dealer = (self.dealer + 1) % self.n
        self._start_round(None)

    # ----------------------------------------------------------------- checks
    def _check_play(self, seat: int) -> None:
        self._check_turn(seat)
        if self.phase is VariantPhase.DRAW:
            raise IllegalAction("Draw first: take the top discard or the top card of the stock.")

    def _check_must_meld(self, cards: Sequence[Card]) -> None:
        if self.must_meld is not None and self.must_meld not in cards:
            raise IllegalAction(
                f"You took {self.must_meld} from the discard pile: play it first, in a meld."
            )

    def _check_after_opening(self, seat: int, what: str) -> None:
        if not self.opened[seat]:
            raise IllegalAction(
                f"You may {what} only after your first meld "
                f"({self.ruleset.opening_minimum} points in melds)."
            )
        if self.opened_this_turn:
            raise IllegalAction(f"You cannot {what} in the turn of your first meld.")

    def _rest_of_hand(
        self, seat: int, played: Sequence[Card], gained: Sequence[Card] = ()
    ) -> list[Card]:
        rest = [*self.hands[seat], *gained]
        for card in played:
            rest.remove(card)
        return rest

    def _find_meld(self, meld_id: int) -> VariantTableMeld:
        if 0 <= meld_id < len(self.melds):
            return self.melds[meld_id]
        raise IllegalAction(f"There is no meld {meld_id + 1} on the table.")

    def _check_take_discard(self, seat: int) -> None:
        self._check_draw(seat, from_discard=True)
        if not self.ruleset.discard_only_to_meld:
            return
        card = self.discard[-1]
        cards = [*self.hands[seat], card]
        if self.opened[seat]:
            if best_meld_points(cards, include=card) >= 0 or any(
                self._fits(meld, card) for meld in self.melds
            ):
                return
            raise IllegalAction(
                f"{card} may be taken only to be melded at once, and it fits nowhere for you."
            )
        need = self.ruleset.opening_minimum
        if best_meld_points(cards, include=card) < need:
            raise IllegalAction(
                f"{card} may be taken only to be melded at once, and with it your hand "
                f"has no first meld of {need} points."
            )

    @staticmethod
    def _fits(meld: VariantTableMeld, card: Card) -> bool:
        for end in (End.LOW, End.HIGH) if meld.kind is MeldKind.RUN else (None,):
            try:
                meld.layoff(card, end)
            except IllegalMeld:
                continue
            return True
        return False

    def _check_meld(self, action: Meld) -> VariantMeld:
        seat = action.seat
        self._check_play(seat)
        self._check_in_hand(seat, action.cards)
        self._check_must_meld(action.cards)
        shape = analyse_variant_meld(action.cards)
        need = self.ruleset.opening_minimum
        reached = self.pending_points + shape.total
        if not self.opened[seat] and len(action.cards) == len(self.hands[seat]) and reached < need:
            raise IllegalAction(
                f"Your first meld must be worth at least {need} points: "
                f"this one would end at {reached}."
            )
        self._check_keeps_a_discard(self._rest_of_hand(seat, action.cards))
        return shape

    def _check_swap(self, action: JokerSwap) -> tuple[VariantTableMeld, int, VariantMeld]:
        seat = action.seat
        self._check_play(seat)
        self._check_after_opening(seat, "swap a joker")
        self._check_holds(seat, action.card)
        self._check_must_meld([action.card, *action.cards])
        meld = self._find_meld(action.meld_id)
        index = meld.swap_index(action.card, self.ruleset.strict_swap)
        if JOKER not in action.cards:
            raise IllegalAction(
                "The joker you take must go into a new meld at once: name it as Jo there."
            )
        rest = list(self.hands[seat])
        rest.remove(action.card)
        rest.append(JOKER)
        missing = [c for c in set(action.cards) if action.cards.count(c) > rest.count(c)]
        if missing:
            raise IllegalAction(f"You do not hold {' '.join(str(c) for c in sorted(missing))}.")
        shape = analyse_variant_meld(action.cards)
        for card in action.cards:
            rest.remove(card)
        self._check_keeps_a_discard(rest)
        return meld, index, shape

    def verify(self, action: VariantAction) -> None:
        """Raise a ``RulesError`` saying why ``action`` is not allowed now; change nothing."""
        if isinstance(action, DrawTalon):
            self._check_draw(action.seat, from_discard=False)
        elif isinstance(action, TakeDiscard):
            self._check_take_discard(action.seat)
        elif isinstance(action, Meld):
            self._check_meld(action)
        elif isinstance(action, LayOff):
            self._check_play(action.seat)
            self._check_after_opening(action.seat, "lay off")
            self._check_holds(action.seat, action.card)
            self._check_must_meld([action.card])
            self._find_meld(action.meld_id).layoff(action.card, action.end)
            self._check_keeps_a_discard(self._rest_of_hand(action.seat, [action.card]))
        elif isinstance(action, JokerSwap):
            self._check_swap(action)
        elif isinstance(action, TakeBack):
            self._check_play(action.seat)
            if not self.pending:
                raise IllegalAction("You have no melds of an unfinished first meld to take back.")
        elif isinstance(action, Discard):
            self._check_play(action.seat)
            self._check_discard(action.seat, action.card)
            if self.pending:
                need = self.ruleset.opening_minimum
                raise IllegalAction(
                    f"Your first meld has {self.pending_points} of {need} points: "
                    "lay more melds or take them back before you discard."
                )
            self._check_must_meld([])
        elif isinstance(action, TakeStaircase):
            self._check_turn(action.seat)
            raise IllegalAction(
                "Rommé has no staircase: take the top discard or the top card of the stock."
            )
        elif isinstance(action, Knock | CallRummy | BuyBack):
            self._check_turn(action.seat)
            raise IllegalAction("Knocking, calling Rummy and buying back belong to Wiener Rummy.")
        else:  # pragma: no cover - the action union is closed
            raise IllegalAction(f"Unknown action {action!r}.")

    # ----------------------------------------------------------------- apply
    def apply(self, action: VariantAction) -> list[VariantEvent]:
        """Check and apply ``action``; return the events it caused. Refused: nothing changes."""
        self.verify(action)
        start = len(self.events)
        self.actions.append(action)
        seat = action.seat
        hand = self.hands[seat]
        if isinstance(action, DrawTalon):
            self._draw_stock(seat)
            self.events.append(DrewFromTalon(seat))
        elif isinstance(action, TakeDiscard):
            card = self._take_discard(seat, self.ruleset.no_return)
            self.taken = card
            if self.ruleset.discard_only_to_meld:
                self.must_meld = card
        elif isinstance(action, Meld):
            shape = analyse_variant_meld(action.cards)
            for card in shape.cards:
                hand.remove(card)
            self._place(seat, shape)
        elif isinstance(action, LayOff):
            meld = self.melds[action.meld_id]
            end, stands, points = meld.layoff(action.card, action.end)
            hand.remove(action.card)
            meld.add(action.card, end, stands, points, seat)
            self.round_points[seat] += points
            self.played_this_turn = True
            self.must_meld = None
            self.events.append(LaidOff(seat, meld.id, action.card, end, points))
        elif isinstance(action, JokerSwap):
            meld, index, shape = self._check_swap(action)
            hand.remove(action.card)
            meld.swap(index, action.card, seat)
            if self.must_meld is action.card:
                self.must_meld = None
            hand.append(JOKER)
            for card in shape.cards:
                hand.remove(card)
            new = self._place(seat, shape, announce=False)
            self.events.append(
                JokerSwapped(seat, meld.id, action.card, new, shape.cards, shape.total)
            )
        elif isinstance(action, TakeBack):
            taken: list[Card] = []
            for meld_id in reversed(self.pending):
                meld = self.melds.pop()
                assert meld.id == meld_id
                taken.extend(meld.cards)
            hand.extend(taken)
            self.round_points[seat] -= self.pending_points
            if self.ruleset.discard_only_to_meld and self.taken in taken:
                self.must_meld = self.taken
            self.events.append(MeldsTakenBack(seat, tuple(self.pending), tuple(taken)))
            self.pending = []
            self.pending_points = 0
            self.played_this_turn = False
        elif isinstance(action, Discard):
            hand.remove(action.card)
            self.discard.append(action.card)
            self.events.append(Discarded(seat, action.card))
            if hand:
                self.played_before[seat] = self.played_before[seat] or self.played_this_turn
                self._begin_turn((seat + 1) % self.n)
        if not hand and self.phase is not VariantPhase.OVER and self.to_act == seat:
            self._end_round(seat)
        return self.events[start:]

    def _place(self, seat: int, shape: VariantMeld, announce: bool = True) -> int:
        meld = VariantTableMeld.from_shape(len(self.melds), seat, shape)
        self.melds.append(meld)
        self.round_points[seat] += shape.total
        self.played_this_turn = True
        if self.must_meld is not None and self.must_meld in shape.cards:
            self.must_meld = None
        if announce:
            self.events.append(Melded(seat, meld.id, shape.cards, shape.total))
        if not self.opened[seat]:
            self.pending.append(meld.id)
            self.pending_points += shape.total
            if self.pending_points >= self.ruleset.opening_minimum:
                self.opened[seat] = True
                self.opened_this_turn = True
                self.opening_points[seat] = self.pending_points
                self.events.append(Opened(seat, self.pending_points))
                self.pending = []
                self.pending_points = 0
        return meld.id

    # ----------------------------------------------------------------- moves
    def legal_actions(self) -> list[VariantAction]:
        """Every action the player to act may take now (one joker placement per meld)."""
        seat = self.to_act
        if self.phase is VariantPhase.OVER:
            return []
        if self.phase is VariantPhase.DRAW:
            moves: list[VariantAction] = []
            if self.stock:
                moves.append(DrawTalon(seat))
            if self.discard and self.can(TakeDiscard(seat)):
                moves.append(TakeDiscard(seat))
            return moves
        hand = self.hands[seat]
        result: list[VariantAction] = []
        for cards in meld_options(hand):
            action = Meld(seat, cards)
            if self.can(action):
                result.append(action)
        if self.opened[seat] and not self.opened_this_turn:
            result.extend(self._legal_layoffs(seat))
            result.extend(self._legal_swaps(seat))
        if self.pending:
            result.append(TakeBack(seat))
        elif self.must_meld is None:
            locked = self.locked_discard
            for card in dict.fromkeys(hand):
                if card is not locked or hand.count(card) > 1:
                    result.append(Discard(seat, card))
        return result

    def _legal_layoffs(self, seat: int) -> list[VariantAction]:
        held = set(self.hands[seat])
        moves: list[VariantAction] = []
        for meld in self.melds:
            for card, end in meld.fitting_cards():
                if card in held:
                    moves.append(LayOff(seat, card, meld.id, end))
            if JOKER in held:
                ends = (End.LOW, End.HIGH) if meld.kind is MeldKind.RUN else (None,)
                moves.extend(LayOff(seat, JOKER, meld.id, end) for end in ends)
        return [m for m in moves if self.can(m)]

    def _legal_swaps(self, seat: int) -> list[VariantAction]:
        hand = self.hands[seat]
        moves: list[VariantAction] = []
        for meld in self.melds:
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

    # ----------------------------------------------------------------- views
    def public_view(self) -> RommePublicView:
        pending = set(self.pending)
        return RommePublicView(
            version=len(self.actions),
            round_number=self.round_number,
            rounds=self.rounds,
            opening_minimum=self.ruleset.opening_minimum,
            seats=tuple(
                RommeSeatView(
                    seat=s,
                    name=self.names[s],
                    hand_count=len(self.hands[s]),
                    minus=self.minus[s],
                    opened=self.opened[s],
                    opening_points=self.opening_points[s]
                    if self.opened[s]
                    else (self.pending_points if s == self.to_act else 0),
                    round_points=self.round_points[s],
                )
                for s in range(self.n)
            ),
            dealer=self.dealer,
            to_act=self.to_act,
            phase=self.phase,
            stock_count=len(self.stock),
            discard_top=self.discard[-1] if self.discard else None,
            discard_count=len(self.discard),
            melds=tuple(
                VariantMeldView(
                    m.id,
                    m.owner,
                    m.kind,
                    tuple(
                        VariantPlacedCard(c, st, p, by)
                        for c, st, p, by in zip(
                            m.cards, m.stands_for, m.points, m.placed_by, strict=True
                        )
                    ),
                    m.id in pending,
                )
                for m in self.melds
            ),
            rebuilds=self.rebuilds,
            last_round=self.results[-1] if self.results else None,
            winner=self.winner,
        )

    def private_view(self, seat: int) -> RommePrivateView:
        mine = seat == self.to_act
        return RommePrivateView(
            seat,
            tuple(self.hands[seat]),
            self.public_view(),
            self.locked_discard if mine else None,
            self.must_meld if mine else None,
        )

    def _table_cards(self) -> list[Card]:
        return [c for meld in self.melds for c in meld.cards]

    # ----------------------------------------------------------------- replay
    @classmethod
    def from_json(cls, text: str) -> RommeGame:
        ruleset, names, seed, actions, deal = cls.read_json(text)
        return cls.replay(RommeRuleset.from_json(ruleset), names, seed, actions, deal)

    @classmethod
    def replay(
        cls,
        ruleset: RommeRuleset,
        names: Sequence[str],
        seed: int,
        actions: Sequence[VariantAction],
        deal: VariantDeal | None = None,
    ) -> RommeGame:
        game = cls(ruleset, names, seed, deal)
        for action in actions:
            game.apply(action)
        return game
