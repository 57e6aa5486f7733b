"""Pairs of kept cards that could still become a meld, and what that promise is worth: the
pricing of a hand's keeps, for ``pricing`` (which re-exports it)."""

from __future__ import annotations

from collections.abc import Sequence

from engine.cards import CARD_AT, FULL_PACK, Card
from engine.games.treppe.ai.context import Context
from engine.games.treppe.ai.knowledge import FACE_OF_RANK as _FACE
from engine.games.treppe.ai.knowledge import NEXT_RANK as _NEXT
from engine.games.treppe.ai.knowledge import PREV_RANK as _PREV
from engine.games.treppe.ai.knowledge import card_bit, card_number, cards_mask, hand_value


def _pair_entry(a: Card, b: Card) -> tuple[int, int, int] | None:
    """What kept ``a`` and ``b`` could become: (the rank of a set, 0 for a run; the cards
    that complete it, as a mask; its value), or None."""
    ra, rb, sa = a.rank_int, b.rank_int, a.suit_int
    if ra == rb:
        needed = [CARD_AT[s][ra] for s in range(4) if s not in (sa, b.suit_int)]
        return ra, cards_mask(needed), 3 * hand_value(a)
    if sa != b.suit_int:
        return None
    if _NEXT[ra] == rb:
        ranks: tuple[int, ...] = (_PREV[ra], _NEXT[rb])
    elif _NEXT[rb] == ra:
        ranks = (_PREV[rb], _NEXT[ra])
    elif _NEXT[_NEXT[ra]] == rb:
        ranks = (_NEXT[ra],)
    elif _NEXT[_NEXT[rb]] == ra:
        ranks = (_NEXT[rb],)
    else:
        return None
    return 0, cards_mask(CARD_AT[sa][r] for r in ranks), _FACE[ra] + _FACE[rb] + 7


# Every pair of cards priced once, indexed by the cards' bit numbers (no jokers here), and
# for each card the mask of the cards it pairs with.
_PAIRS: list[list[tuple[int, int, int] | None]] = [[None] * 56 for _ in range(56)]
_PARTNERS = [0] * 56
for _a in FULL_PACK:
    for _b in FULL_PACK:
        _entry = _pair_entry(_a, _b) if _a is not _b else None
        _PAIRS[card_bit(_a).bit_length() - 1][card_bit(_b).bit_length() - 1] = _entry
        if _entry is not None:
            _PARTNERS[card_bit(_a).bit_length() - 1] |= card_bit(_b)


def pair_values(keep: Sequence[Card], ctx: Context) -> list[tuple[int, int, float]]:
    """``promise_pairs`` by the pair's indices into ``keep``."""
    return _pairs_of([c.rank_int << 2 | c.suit_int & 3 for c in keep], ctx)


# (i, j, and ``_PAIRS``' entry of the two: set rank or 0, completing cards' mask, value)
PairList = list[tuple[int, int, int, int, int]]


def pair_list(codes: Sequence[int]) -> PairList:
    """The pairs of the cards of bit numbers ``codes`` that could become a meld, by their
    indices into ``codes``, whatever the table. (Not memoised: the lists a memo keeps
    would make the garbage collector run more often, and its full collections dearer.)"""
    found: PairList = []
    n = len(codes)
    later = 0  # the cards after the current one, a mask: most pair with none of them
    for code in codes:
        later |= 1 << code
    partners, pairs = _PARTNERS, _PAIRS
    for i, code in enumerate(codes):
        later ^= 1 << code  # a hand holds a card once
        if not partners[code] & later:
            continue
        row = pairs[code]
        for j in range(i + 1, n):
            entry = row[codes[j]]
            if entry is not None:
                found.append((i, j, *entry))
    return found


def _pairs_of(codes: list[int], ctx: Context) -> list[tuple[int, int, float]]:
    """``pair_values`` of the cards of bit numbers ``codes``."""
    return priced_pairs(pair_list(codes), ctx)


def priced_pairs(entries: PairList, ctx: Context) -> list[tuple[int, int, float]]:
    """(i, j, value) of the pairs ``entries`` (``pair_list``) that ``ctx`` leaves a promise."""
    if not entries:
        return []
    w = ctx.weights
    live = ctx.unseen_mask
    stair = ctx.stair_mask
    if stair < 0:
        stair = ctx.staircase_mask
    stair &= ~live  # a live card counts as live, not as staircase
    pot = w.staircase_pot
    set_ranks = ctx.table_set_ranks
    result: list[tuple[int, int, float]] = []
    for i, j, rank, needed, value in entries:
        if rank and rank in set_ranks:
            continue
        # As adding 1.0 per live card and ``pot`` per staircase card: the same floats.
        completions = (needed & live).bit_count() + (needed & stair).bit_count() * pot
        if completions:
            weight = w.pair if rank else w.near_run
            if completions > 1.5:  # as min(completions, 1.5)
                completions = 1.5
            result.append((i, j, weight * value * completions))
    return result


def promise_pairs(keep: Sequence[Card], ctx: Context) -> list[tuple[Card, Card, float]]:
    """Pairs of kept cards that could still become a meld, with what that promise is worth."""
    return [(keep[i], keep[j], v) for i, j, v in pair_values(keep, ctx)]


HandPairs = list[tuple[int, int, int, float]]  # (both cards' bits, numbers, value)


def hand_pairs(hand: Sequence[Card], ctx: Context) -> HandPairs:
    """The promise pairs of ``hand`` in pack order, by card bits and numbers: those of a
    part of the hand kept in pack order come in the order ``pair_values`` finds them."""
    cards = sorted(hand, key=card_number)
    numbers = [card_number(c) for c in cards]
    return [
        (1 << numbers[i] | 1 << numbers[j], numbers[i], numbers[j], v)
        for i, j, v in pair_values(cards, ctx)
    ]
