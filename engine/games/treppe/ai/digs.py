"""Which staircase cards are worth digging for: those that could be melded or laid off."""

from __future__ import annotations

from collections.abc import Sequence

from engine.cards import Card
from engine.games.treppe.ai.knowledge import NEXT_RANK as _NEXT
from engine.games.treppe.ai.knowledge import PREV_RANK as _PREV
from engine.games.treppe.ai.knowledge import Fit, card_bit, cards_mask, fits_masks


def card_useful(card: Card, pool: set[Card] | frozenset[Card], fits: Sequence[Fit]) -> bool:
    """Could ``card`` take part in a meld with cards of ``pool``, or be laid off now?"""
    return _useful(card, cards_mask(pool), fits_masks(fits)[1])


def _useful(card: Card, pool: int, lays: int) -> bool:
    """``card_useful`` with ``pool`` and the cards that lay off as card
    masks (``knowledge.cards_mask``), ``lays`` those scoring above 0 (``fits_masks``)."""
    bit = card_bit(card)
    if lays & bit:
        return True
    suit = card.suit_int
    if suit < 0:
        return False
    rank = card.rank_int
    if (pool & (0b1111 << (rank << 2)) & ~bit).bit_count() >= 2:  # two more of the rank
        return True
    lo, hi = _PREV[rank], _NEXT[rank]
    has_lo = pool >> (lo << 2 | suit) & 1
    has_hi = pool >> (hi << 2 | suit) & 1
    return bool(
        (has_lo and has_hi)
        or (has_lo and pool >> (_PREV[lo] << 2 | suit) & 1)
        or (has_hi and pool >> (_NEXT[hi] << 2 | suit) & 1)
    )


def useful_digs(
    stair: Sequence[Card],
    hand: Sequence[Card],
    fits: Sequence[Fit],
    lays: int = -1,
    hand_mask: int = -1,
) -> list[int]:
    """Staircase indices whose deepest card could be melded or laid off after the dig.
    ``lays``, when given, is the mask of the cards that score as lay-offs onto ``fits``,
    ``hand_mask`` the card mask of ``hand``."""
    pool = cards_mask(hand) if hand_mask < 0 else hand_mask
    if lays < 0:
        lays = fits_masks(fits)[1]
    result: list[int] = []
    for index in range(len(stair) - 1, -1, -1):
        card = stair[index]
        pool |= card_bit(card)
        if _useful(card, pool, lays):
            result.append(index)
    return result
