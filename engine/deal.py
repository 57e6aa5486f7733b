"""A session's first dealer and a chosen first deal: the draw for first dealer, where each
player is shown a card and the highest deals, and ``Deal``, the cards placed by hand (for
puzzles and tests) instead of shuffled."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from engine.cards import FULL_PACK, Card, Rank
from engine.events import FirstDealerDrawn


def lot_value(card: Card) -> int:
    """For the draw for first dealer the Ace is high."""
    return 14 if card.rank is Rank.ACE else int(card.rank)


def draw_for_dealer(rng: random.Random, seats: int) -> FirstDealerDrawn:
    """Every player is shown a card of one shuffled pack; the highest deals, ties draw again."""
    contenders = list(range(seats))
    passes: list[tuple[tuple[int, Card], ...]] = []
    while True:
        deck = list(FULL_PACK)
        rng.shuffle(deck)
        drawn = tuple((seat, deck[i]) for i, seat in enumerate(contenders))
        passes.append(drawn)
        best = max(lot_value(card) for _, card in drawn)
        contenders = [seat for seat, card in drawn if lot_value(card) == best]
        if len(contenders) == 1:
            return FirstDealerDrawn(tuple(passes), contenders[0])


@dataclass(frozen=True, slots=True)
class Deal:
    """A chosen first deal, for puzzles and tests: hands by seat, the discard pile (the
    staircase in Treppenrommé) bottom first, the stock (the talon) with its top card last.
    Later rounds are shuffled from the seed as usual."""

    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    discard: tuple[Card, ...]
    stock: tuple[Card, ...]

    def cards(self) -> list[Card]:
        """Every card the deal places, to check that it is the game's whole pack."""
        return [*self.discard, *self.stock, *(c for hand in self.hands for c in hand)]

    def to_json(self) -> dict[str, Any]:
        """The deal as card codes, stored with the game so that its replay deals the same."""
        hands = [[c.code for c in hand] for hand in self.hands]
        discard, stock = [c.code for c in self.discard], [c.code for c in self.stock]
        return {"dealer": self.dealer, "hands": hands, "discard": discard, "stock": stock}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Deal:
        """Reads ``to_json``, and Treppenrommé's older ``staircase``/``talon`` spelling."""
        discard = data["discard"] if "discard" in data else data["staircase"]
        stock = data["stock"] if "stock" in data else data["talon"]
        cards = [tuple(map(Card.parse, codes)) for codes in (discard, stock, *data["hands"])]
        return cls(int(data["dealer"]), tuple(cards[2:]), cards[0], cards[1])
