"""Pricing single cards for the planner: what kept pairs promise, what a discard may feed the
next player, and what each card scores as a lay-off now."""

from __future__ import annotations

from collections.abc import Sequence

from engine.cards import CARD_AT, FULL_PACK, Card, Rank
from engine.games.treppe.ai.context import Context
from engine.games.treppe.ai.knowledge import (
    HAND_VALUE_OF_RANK,
    Fit,
    card_bit,
    card_number,
    cards_mask,
    fit_value,
    hand_value,
    next_rank,
    prev_rank,
)

_NEXT = [0, *(next_rank(r) for r in range(1, 14))]
_PREV = [0, *(prev_rank(r) for r in range(1, 14))]
_FACE = [0, *(Rank(r).face_value for r in range(1, 14))]


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


def _pairs_of(codes: list[int], ctx: Context) -> list[tuple[int, int, float]]:
    """``pair_values`` of the cards of bit numbers ``codes``."""
    w = ctx.weights
    live = ctx.unseen_mask
    stair = ctx.stair_mask
    if stair < 0:
        stair = ctx.staircase_mask
    stair &= ~live  # a live card counts as live, not as staircase
    pot = w.staircase_pot
    set_ranks = ctx.table_set_ranks
    n = len(codes)
    later = 0  # the cards after the current one, a mask: most pair with none of them
    for code in codes:
        later |= 1 << code
    partners, pairs = _PARTNERS, _PAIRS
    result: list[tuple[int, int, float]] = []
    for i, code in enumerate(codes):
        later ^= 1 << code  # a hand holds a card once
        if not partners[code] & later:
            continue
        row = pairs[code]
        for j in range(i + 1, n):
            entry = row[codes[j]]
            if entry is None:
                continue
            rank, needed, value = entry
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


def _feed_entry(card: Card, same_rank: int, in_set: bool, near: int) -> tuple[float, float]:
    """(meld, partial) of ``card`` for ``same_rank`` staircase cards of its rank (2: two
    or more), ``in_set``: its rank is a table set's, and ``near``: which of the ranks two
    below, one below, one above and two above it the staircase holds in its suit (bits 3
    to 0)."""
    meld = 0.0
    partial = 0.0
    if same_rank >= 2 and not in_set:
        meld = hand_value(card) * 3
    elif same_rank and not in_set:
        partial = hand_value(card) * 3
    if card.suit_int >= 0:
        r = card.rank_int
        has_lo, has_hi = near >> 2 & 1, near >> 1 & 1
        run = (has_lo and near >> 3 & 1) or (has_hi and near & 1) or (has_lo and has_hi)
        if run:
            meld = max(meld, _FACE[r] * 3.0)
        elif has_lo or has_hi:
            partial = max(partial, _FACE[r] * 3.0)
    return meld, partial


# ``_stair_feed`` of every card, by its bit number and then by ``same_rank << 5 | in_set << 4
# | near``; and for each card the bit numbers of its rank's first card and of the ``near``
# cards (two below, one below, one above, two above, in its suit).
_FEEDS: list[list[tuple[float, float]]] = [[] for _ in range(56)]
_NEAR: list[tuple[int, int, int, int, int]] = [(0, 0, 0, 0, 0)] * 56
for _c in FULL_PACK:
    _n, _r, _s = card_number(_c), _c.rank_int, _c.suit_int
    _FEEDS[_n] = [_feed_entry(_c, k >> 5, bool(k >> 4 & 1), k & 15) for k in range(3 << 5)]
    _NEAR[_n] = (
        _r << 2,
        _PREV[_PREV[_r]] << 2 | _s,
        _PREV[_r] << 2 | _s,
        _NEXT[_r] << 2 | _s,
        _NEXT[_NEXT[_r]] << 2 | _s,
    )


StairFeeds = list[tuple[float, float] | None]
# ``_stair_feed`` depends only on the staircase and the table's set ranks: the lists of it
# by card, filled lazily, are shared by every context of the same (the staircase of a
# decision recurs in every world searched). Started afresh past ``FEEDS_SIZE`` keys.
_STAIR_FEEDS: dict[tuple[int, frozenset[int]], StairFeeds] = {}
FEEDS_SIZE = 2_000


def feeds_for(stair_mask: int, set_ranks: frozenset[int]) -> StairFeeds:
    """The shared ``Context.stair_feed`` list of a staircase (as a card mask) and set ranks."""
    key = (stair_mask, set_ranks)
    feeds = _STAIR_FEEDS.get(key)
    if feeds is None:
        if len(_STAIR_FEEDS) >= FEEDS_SIZE:
            _STAIR_FEEDS.clear()
        feeds = _STAIR_FEEDS[key] = [None] * 56
    return feeds


def stair_feeds(ctx: Context) -> StairFeeds:
    """``ctx.stair_feed``, looked up (shared by staircase and set ranks) when not yet set."""
    feeds = ctx.stair_feed
    if feeds is None:
        feeds = ctx.stair_feed = feeds_for(ctx.staircase_mask, ctx.table_set_ranks)
    return feeds


def _stair_feed(card: Card, ctx: Context) -> tuple[float, float]:
    """(meld, partial): what ``card`` could complete with staircase cards alone."""
    number = card.rank_int << 2 | card.suit_int & 3
    feeds = ctx.stair_feed or stair_feeds(ctx)
    cached = feeds[number]
    if cached is not None:
        return cached
    stair = ctx.stair_mask
    if stair < 0:
        stair = ctx.staircase_mask
    rank, lo2, lo, hi, hi2 = _NEAR[number]
    same = (stair >> rank & 15).bit_count()
    if same > 2:
        same = 2
    key = (
        same << 5
        | (card.rank_int in ctx.table_set_ranks) << 4
        | (stair >> lo2 & 1) << 3
        | (stair >> lo & 1) << 2
        | (stair >> hi & 1) << 1
        | stair >> hi2 & 1
    )
    feed = feeds[number] = _FEEDS[number][key]
    return feed


def lay_values(fits: Sequence[Fit]) -> dict[Card, int]:
    """The most each card scores as a lay-off onto ``fits`` now (absent: 0)."""
    best: dict[Card, int] = {}
    for fit in fits:
        for c, _, pts in fit.fitting():
            if pts > best.get(c, 0):
                best[c] = pts
    return best


def feed_value(
    card: Card, fits: Sequence[Fit], ctx: Context, lays: dict[Card, int] | None = None
) -> float:
    """What discarding ``card`` onto the staircase may be worth to the next player."""
    w = ctx.weights
    lay = fit_value(card, fits) if lays is None else lays.get(card, 0)
    meld, partial = _stair_feed(card, ctx)
    return w.feed * max(lay, 0.85 * meld) + w.feed_partial * partial


def lay_table(fits: Sequence[Fit], base: list[int] | None = None) -> list[int]:
    """``lay_values`` as a list by card bit number, starting from a copy of ``base``."""
    best = [0] * 56 if base is None else list(base)
    for fit in fits:
        for _, number, _, _, pts in fit.fitting_bits():
            if pts > best[number]:
                best[number] = pts
    return best


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


def discard_values(
    left: Sequence[Card],
    fits: Sequence[Fit],
    intact: bool,
    ctx: Context,
    pairs: tuple[HandPairs, int] | None = None,
    need: float | None = None,
) -> list[tuple[float, Card]]:
    """(value, card) for each card of ``left`` but the locked one, in order: the worth of
    discarding it (minus its ``feed_value``, the risk of the rest, the promise of the rest).
    ``intact``: the first fits are the context's, unchanged, whose lay values are found once.
    ``pairs``: ``hand_pairs`` of a hand ``left`` is part of in pack order, and the mask of
    ``left``, so as not to pair up its cards again. ``need``: none when no value can reach
    it (for non-negative weights: the feed and the pairs a discard breaks only lower it)."""
    numbers = [c.rank_int << 2 | c.suit_int & 3 for c in left]
    worths = [HAND_VALUE_OF_RANK[c.rank_int] for c in left]
    total_promise, losses = _promise(numbers, ctx, pairs)
    total_value = sum(worths)
    # The best value any discard could have, past rounding: below ``need``, none is priced.
    if (
        need is not None
        and left
        and total_promise - ctx.risk * (total_value - max(worths)) + 1e-6 < need
    ):
        return []
    lays = _lays(fits, intact, ctx)
    w = ctx.weights
    feed, feed_partial, risk, locked = w.feed, w.feed_partial, ctx.risk, ctx.locked
    result: list[tuple[float, Card]] = []
    cache = ctx.stair_feed or stair_feeds(ctx)
    for card, number, worth in zip(left, numbers, worths, strict=True):
        if card is locked:
            continue
        meld, partial = cache[number] or _stair_feed(card, ctx)
        lay = lays[number]
        top = 0.85 * meld
        if not top > lay:  # as max(lay, top)
            top = lay
        fed = feed * top + feed_partial * partial  # as ``feed_value``
        value = -fed - risk * (total_value - worth) + (total_promise - losses[number])
        result.append((value, card))
    return result


def _promise(
    numbers: list[int], ctx: Context, pairs: tuple[HandPairs, int] | None
) -> tuple[float, list[float]]:
    """The total promise of the cards of bit numbers ``numbers`` and, by card number, the
    promise each card is part of (a list, not a dict of cards, which would hash them)."""
    losses: list[float] = [0] * 56
    if pairs is None:
        found = _pairs_of(numbers, ctx)
        values = [v for _, _, v in found]
        for i, j, v in found:
            losses[numbers[i]] += v
            losses[numbers[j]] += v
    else:
        values = []
        listed, mask = pairs
        for both, a, b, v in listed:
            if both & mask == both:
                values.append(v)
                losses[a] += v
                losses[b] += v
    return sum(values), losses


def _lays(fits: Sequence[Fit], intact: bool, ctx: Context) -> list[int]:
    """``lay_table`` of ``fits``; when ``intact``, from the context's, found once."""
    if not intact:
        return lay_table(fits)
    base = ctx.table_lays
    if base is None:
        base = ctx.table_lays = lay_table(ctx.fits)
    extra = fits[len(ctx.fits) :]
    return lay_table(extra, base) if extra else base
