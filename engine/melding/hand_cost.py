"""What a hand costs the computer players built on ``MeldingPlayer``: the deadwood of its
best arrangement, with leftover cards one draw from a meld discounted and a leftover joker
counted as an asset."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache

from engine.actions import MeldKind
from engine.arrangement import Arrangement
from engine.cards import CARD_AT, Card
from engine.melding.deadwood import arrange, best_meld_points
from engine.melding.melds import PricedMeld, card_at, hand_value

PARTNER_DISCOUNT = 0.6  # a leftover card one draw from a meld counts this share of its value
LEFTOVER_JOKER_COST = 6.0  # a joker that fits no meld yet: costly in hand, but it will


def sorted_key(cards: Sequence[Card]) -> tuple[Card, ...]:
    """The cards in order, as a key for the memoised arrangements."""
    return tuple(sorted(cards))


def without(cards: Sequence[Card], remove: Sequence[Card]) -> list[Card]:
    """``cards`` less one copy of each card of ``remove``."""
    rest = list(cards)
    for card in remove:
        rest.remove(card)
    return rest


def related(a: Card, b: Card) -> bool:
    """Two naturals that a single further card (or a joker) could turn into a meld."""
    if a.rank_int == b.rank_int:
        return a.suit_int != b.suit_int
    if a.suit_int != b.suit_int:
        return False
    gap = abs(a.rank_int - b.rank_int)
    if gap <= 2:
        return True
    # The Ace also sits above the King: Q A, K A.
    high = {a.rank_int, b.rank_int}
    return 1 in high and max(high) >= 12


# A hand's cost from the hand and the leftover cards of its best arrangement; lower is better.
Cost = Callable[[Sequence[Card], Sequence[Card]], float]


@lru_cache(maxsize=8192)
def arrangement_of(cards: tuple[Card, ...]) -> Arrangement:
    """The least-deadwood arrangement of sorted ``cards`` (memoised)."""
    return arrange(cards)


@lru_cache(maxsize=8192)
def best_points(cards: tuple[Card, ...]) -> int:
    """The most table points sorted ``cards`` can lay at once (memoised)."""
    return best_meld_points(cards)


def leftover_of(cards: Sequence[Card]) -> tuple[Card, ...]:
    """The leftover cards of the least-deadwood arrangement (memoised: a pure function)."""
    return arrangement_of(sorted_key(cards)).leftover


def meld_extensions(melds: Sequence[PricedMeld]) -> set[Card]:
    """Natural cards that would lengthen one of ``melds``."""
    out: set[Card] = set()
    for meld in melds:
        if meld.kind is MeldKind.SET:
            if len(meld.cards) < 4:
                have = {c.suit_int for c in meld.stands_for}
                out.update(CARD_AT[s][meld.low] for s in range(4) if s not in have)
            continue
        suit = meld.stands_for[0].suit_int
        high = meld.low + len(meld.cards) - 1
        if meld.low > 1 and len(meld.cards) < 13:
            out.add(card_at(suit, meld.low - 1))
        if high < 14 and len(meld.cards) < 13:
            out.add(card_at(suit, high + 1))
    return out


def leftover_value(left: Sequence[Card]) -> float:
    """Deadwood of leftover cards, with those one card away from a meld (a pair of a rank, two
    of a suit close together) discounted, and a leftover joker counted as the asset it is."""
    naturals = [c for c in left if not c.is_joker]
    cost = 0.0
    for card in left:
        if card.is_joker:
            cost += LEFTOVER_JOKER_COST
            continue
        value = hand_value(card)
        if any(related(card, other) for other in naturals):
            cost += PARTNER_DISCOUNT * value
        else:
            cost += value
    return cost


def leftover_cost(cards: Sequence[Card]) -> float:
    """``leftover_value`` of the leftover cards of the best arrangement of ``cards``."""
    return leftover_value(leftover_of(cards))


def plain_cost(cards: Sequence[Card], left: Sequence[Card]) -> float:
    """A ``Cost``: the leftover cards valued by ``leftover_value``."""
    return leftover_value(left)


def deadwood_cost(cards: Sequence[Card], left: Sequence[Card]) -> float:
    """A ``Cost``: the leftover cards at their full hand value."""
    return float(sum(hand_value(c) for c in left))


def real_deadwood(cards: Sequence[Card]) -> int:
    """The least deadwood of ``cards``, as the scoring counts it."""
    return sum(hand_value(c) for c in leftover_of(cards))


def evaluate(cost: Cost, cards: Sequence[Card]) -> float:
    """``cost`` of ``cards`` with the leftover cards of their best arrangement."""
    return cost(cards, leftover_of(cards))
