"""What Rommé and Wiener Rummy share: two packs with jokers, a stock and a discard pile,
the draw for first dealer, turn checks, the stock rebuilt from the discard pile, and replay.
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Protocol

from engine.cards import FULL_PACK, JOKER, Card, Rank, format_cards
from engine.errors import IllegalAction, RulesError
from engine.events import FirstDealerDrawn, TalonRebuilt
from engine.variants.actions import (
    VariantAction,
    variant_action_from_json,
    variant_action_to_json,
)
from engine.variants.events import TookDiscard, VariantEvent
from engine.variants.views import VariantPhase

MIN_SEATS = 2
MAX_SEATS = 6


def two_packs(jokers: int) -> list[Card]:
    """Two French packs and ``jokers`` jokers, in a fixed order (shuffle before use)."""
    return [*FULL_PACK, *FULL_PACK, *([JOKER] * jokers)]


@dataclass(frozen=True, slots=True)
class VariantDeal:
    """A chosen first deal, for puzzles and tests: hands by seat, the discard pile bottom
    first (may be empty when the dealer got an extra card), the stock with its top card last.
    Later rounds are shuffled from the seed as usual."""

    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    discard: tuple[Card, ...]
    stock: tuple[Card, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "dealer": self.dealer,
            "hands": [[c.code for c in hand] for hand in self.hands],
            "discard": [c.code for c in self.discard],
            "stock": [c.code for c in self.stock],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> VariantDeal:
        def cards(codes: list[str]) -> tuple[Card, ...]:
            return tuple(Card.parse(code) for code in codes)

        return cls(
            int(data["dealer"]),
            tuple(cards(hand) for hand in data["hands"]),
            cards(data["discard"]),
            cards(data["stock"]),
        )


def _lot_value(card: Card) -> int:
    return 14 if card.rank is Rank.ACE else int(card.rank)


class _StoredRuleset(Protocol):
    def to_json(self) -> dict[str, Any]: ...


class TwoPackGame:
    """The common core. Subclasses set the class constants and implement the rules."""

    GAME_KEY: ClassVar[str]  # names the game in stored JSON
    TITLE: ClassVar[str]
    JOKERS: ClassVar[int]
    ruleset: _StoredRuleset
    actions: list[VariantAction]

    def __init__(self, names: Sequence[str], seed: int, deal: VariantDeal | None) -> None:
        if not MIN_SEATS <= len(names) <= MAX_SEATS:
            raise IllegalAction(f"{self.TITLE} is played by 2 to 6 players.")
        self.names: tuple[str, ...] = tuple(names)
        self.seed = seed
        self.n = len(names)
        self._rng = random.Random(seed)
        self.deal = deal
        self.actions: list[VariantAction] = []
        self.events: list[VariantEvent] = []
        self.round_number = 0
        self.dealer = 0
        self.to_act = 0
        self.phase = VariantPhase.DRAW
        self.hands: list[list[Card]] = [[] for _ in range(self.n)]
        self.stock: list[Card] = []
        self.discard: list[Card] = []
        self.rebuilds = 0
        self.locked_discard: Card | None = None
        self.winner: int | None = None
        self.active = [True] * self.n

    def to_json(self) -> str:
        """The ruleset, names, seed and action log: all a replay needs."""
        data: dict[str, Any] = {
            "game": self.GAME_KEY,
            "ruleset": self.ruleset.to_json(),
            "names": list(self.names),
            "seed": self.seed,
            "actions": [variant_action_to_json(a) for a in self.actions],
        }
        if self.deal is not None:
            data["deal"] = self.deal.to_json()
        return json.dumps(data, separators=(",", ":"), ensure_ascii=False)

    @staticmethod
    def read_json(
        text: str,
    ) -> tuple[dict[str, Any], list[str], int, list[VariantAction], VariantDeal | None]:
        """The parts of ``to_json``'s text: ruleset data, names, seed, actions, deal."""
        data = json.loads(text)
        deal = VariantDeal.from_json(data["deal"]) if "deal" in data else None
        actions = [variant_action_from_json(a) for a in data["actions"]]
        return data["ruleset"], list(data["names"]), int(data["seed"]), actions, deal

    @property
    def pack_size(self) -> int:
        return 2 * len(FULL_PACK) + self.JOKERS

    # ----------------------------------------------------------------- set-up
    def _draw_for_dealer(self) -> int:
        """Every player is shown a card of one shuffled pack; the highest deals (Ace high),
        ties draw again."""
        contenders = list(range(self.n))
        passes: list[tuple[tuple[int, Card], ...]] = []
        while True:
            deck = list(FULL_PACK)
            self._rng.shuffle(deck)
            drawn = tuple((seat, deck[i]) for i, seat in enumerate(contenders))
            passes.append(drawn)
            best = max(_lot_value(card) for _, card in drawn)
            contenders = [seat for seat, card in drawn if _lot_value(card) == best]
            if len(contenders) == 1:
                self.events.append(FirstDealerDrawn(tuple(passes), contenders[0]))
                return contenders[0]

    def _check_deal(self, deal: VariantDeal) -> None:
        if len(deal.hands) != self.n or not 0 <= deal.dealer < self.n:
            raise IllegalAction("The chosen deal does not fit the table.")
        placed = [*deal.discard, *deal.stock, *(c for hand in deal.hands for c in hand)]
        if sorted(placed) != sorted(two_packs(self.JOKERS)):
            raise IllegalAction("The chosen deal must hold every card of the game exactly once.")

    def _next_seat(self, seat: int) -> int:
        """The next seat to the left that is still in play."""
        nxt = (seat + 1) % self.n
        while not self.active[nxt]:
            nxt = (nxt + 1) % self.n
        return nxt

    def _deal_hands(self, size: int, extra_for_dealer: bool) -> list[list[Card]]:
        """Shuffle and deal ``size`` cards to each seat in play, starting left of the dealer;
        the rest is the stock."""
        deck = two_packs(self.JOKERS)
        self._rng.shuffle(deck)
        hands: list[list[Card]] = [[] for _ in range(self.n)]
        order = [self._next_seat(self.dealer)]
        while order[-1] != self.dealer:
            order.append(self._next_seat(order[-1]))
        for _ in range(size):
            for seat in order:
                hands[seat].append(deck.pop())
        if extra_for_dealer:
            hands[self.dealer].append(deck.pop())
        self.stock = deck
        return hands

    # ----------------------------------------------------------------- stock
    def _refill_stock(self) -> bool:
        """At the start of a draw with an empty stock, shuffle the discard pile but its top
        into a new stock. False when the round must end instead (see ``max_rebuilds``)."""
        if self.stock:
            return True
        self.rebuilds += 1
        if self.rebuilds > self._max_rebuilds():
            return False
        rebuilt = self.discard[:-1]
        self.discard = self.discard[-1:]
        self._rng.shuffle(rebuilt)
        self.stock = rebuilt
        self.events.append(TalonRebuilt(len(rebuilt), self.rebuilds))
        return bool(self.stock or self.discard)

    def _max_rebuilds(self) -> int:
        raise NotImplementedError

    def verify(self, action: VariantAction) -> None:
        """Raise a ``RulesError`` saying why ``action`` is not allowed now; change nothing."""
        raise NotImplementedError

    def can(self, action: VariantAction) -> bool:
        try:
            self.verify(action)
        except RulesError:
            return False
        return True

    # ----------------------------------------------------------------- checks
    def _check_turn(self, seat: int) -> None:
        if self.phase is VariantPhase.OVER:
            raise IllegalAction("The game is over.")
        if not 0 <= seat < self.n:
            raise IllegalAction("You are not seated at this table.")
        if seat != self.to_act:
            raise IllegalAction(f"It is {self.names[self.to_act]}'s turn.")

    def _check_draw(self, seat: int, from_discard: bool) -> None:
        self._check_turn(seat)
        if self.phase is VariantPhase.BUY_BACK:
            raise IllegalAction("First decide whether to buy back in.")
        if self.phase is not VariantPhase.DRAW:
            raise IllegalAction("You have drawn already this turn.")
        if from_discard and not self.discard:
            raise IllegalAction("The discard pile is empty: draw from the stock.")
        if not from_discard and not self.stock:
            raise IllegalAction("The stock is empty: take the top card of the discard pile.")

    def _check_holds(self, seat: int, card: Card) -> None:
        if card not in self.hands[seat]:
            raise IllegalAction(f"You do not hold {card}.")

    def _check_in_hand(self, seat: int, cards: Sequence[Card]) -> None:
        hand = self.hands[seat]
        missing = [c for c in set(cards) if cards.count(c) > hand.count(c)]
        if missing:
            raise IllegalAction(f"You do not hold {format_cards(sorted(missing))}.")

    def _check_discard(self, seat: int, card: Card) -> None:
        self._check_holds(seat, card)
        hand = self.hands[seat]
        if card is self.locked_discard and hand.count(card) == 1:
            raise IllegalAction(
                f"You took {card} from the discard pile; you cannot throw it back this turn."
            )

    def _check_keeps_a_discard(self, rest: Sequence[Card]) -> None:
        """Refuse a play that would leave only the taken discard, which may not go back."""
        card = self.locked_discard
        if card is not None and len(rest) == 1 and rest[0] is card:
            raise IllegalAction(
                f"That would leave only {card} in your hand, and you took it from the discard "
                f"pile this turn, so you cannot throw it back: keep another card to discard, "
                f"or play {card} too."
            )

    # ----------------------------------------------------------------- draws
    def _draw_stock(self, seat: int) -> None:
        self.hands[seat].append(self.stock.pop())
        self.phase = VariantPhase.PLAY

    def _take_discard(self, seat: int, no_return: bool) -> Card:
        card = self.discard.pop()
        self.hands[seat].append(card)
        if no_return:
            self.locked_discard = card
        self.phase = VariantPhase.PLAY
        self.events.append(TookDiscard(seat, card))
        return card

    def card_locations(self) -> list[Card]:
        """Every card of the game, wherever it lies (for conservation checks)."""
        cards = [*self.stock, *self.discard]
        for hand in self.hands:
            cards.extend(hand)
        cards.extend(self._table_cards())
        return cards

    def _table_cards(self) -> list[Card]:
        return []
