"""Which staircase cards are worth digging for: those that could be melded or laid off."""

from __future__ import annotations

from collections.abc import Sequence

from engine.cards import CARD_AT, SUITS, Card
from engine.games.treppe.ai.knowledge import Fit, card_at, fit_value, next_rank, prev_rank


def card_useful(card: Card, pool: set[Card] | frozenset[Card], fits: Sequence[Fit]) -> bool:
    """Could ``card`` take part in a meld with cards of ``pool``, or be laid off now?"""
    if fit_value(card, fits):
        return True
    suit = card.suit
    if suit is None:
        return False
    rank = card.rank_int
    same = sum(1 for s in SUITS if s is not suit and CARD_AT[s.index][rank] in pool)
    if same >= 2:
        return True
    r = int(card.rank)
    lo, hi = prev_rank(r), next_rank(r)
    has_lo = card_at(lo, suit) in pool
    has_hi = card_at(hi, suit) in pool
    return (
        (has_lo and has_hi)
        or (has_lo and card_at(prev_rank(lo), suit) in pool)
        or (has_hi and card_at(next_rank(hi), suit) in pool)
    )


def useful_digs(stair: Sequence[Card], hand: Sequence[Card], fits: Sequence[Fit]) -> list[int]:
    """Staircase indices whose deepest card could be melded or laid off after the dig."""
    pool = set(hand)
    result: list[int] = []
    for index in range(len(stair) - 1, -1, -1):
        card = stair[index]
        pool.add(card)
        if card_useful(card, pool, fits):
            result.append(index)
    return result
