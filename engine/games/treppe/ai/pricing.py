"""Pricing single cards for the planner: what kept pairs promise (``pairs``, re-exported
here), what a discard may feed the next player, and what each card scores as a lay-off now."""

from __future__ import annotations

from collections.abc import Sequence

from engine.cards import FULL_PACK, Card
from engine.games.treppe.ai.context import Context
from engine.games.treppe.ai.knowledge import FACE_OF_RANK as _FACE
from engine.games.treppe.ai.knowledge import (
    HAND_VALUE_OF_RANK,
    Fit,
    card_number,
    fit_value,
    hand_value,
)
from engine.games.treppe.ai.knowledge import NEXT_RANK as _NEXT
from engine.games.treppe.ai.knowledge import PREV_RANK as _PREV
from engine.games.treppe.ai.pairs import (
    HandPairs,
    PairList,
    hand_pairs,
    pair_list,
    pair_values,
    priced_pairs,
    promise_pairs,
)

__all__ = [
    "HandPairs",
    "best_discard",
    "discard_values",
    "feed_value",
    "feeds_for",
    "hand_pairs",
    "lay_table",
    "lay_values",
    "pair_values",
    "promise_pairs",
    "stair_feeds",
]


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
    result: list[tuple[float, Card]] = []
    _price(left, fits, intact, ctx, pairs, need, result)
    return result


def best_discard(
    left: Sequence[Card],
    fits: Sequence[Fit],
    intact: bool,
    ctx: Context,
    pairs: tuple[HandPairs, int] | None = None,
    need: float | None = None,
) -> tuple[float, Card] | None:
    """The first of the best of ``discard_values`` (None when it is empty), found without
    listing them all: the planner wants only it, for most of the hands it plans."""
    return _price(left, fits, intact, ctx, pairs, need, None)


def _price(
    left: Sequence[Card],
    fits: Sequence[Fit],
    intact: bool,
    ctx: Context,
    pairs: tuple[HandPairs, int] | None,
    need: float | None,
    result: list[tuple[float, Card]] | None,
) -> tuple[float, Card] | None:
    """``discard_values`` into ``result``; or, when it is None, the first of the best."""
    numbers, worths, total_value, top_worth, entries = _cards_info(left)
    if pairs is None:
        total_promise, losses = _promise(entries, numbers, ctx)
    else:
        total_promise, losses = _listed_promise(pairs)
    # The best value any discard could have, past rounding: below ``need``, none is priced.
    if (
        need is not None
        and left
        and total_promise - ctx.risk * (total_value - top_worth) + 1e-6 < need
    ):
        return None
    lays = _lays(fits, intact, ctx)
    w = ctx.weights
    feed, feed_partial, risk, locked = w.feed, w.feed_partial, ctx.risk, ctx.locked
    best: tuple[float, Card] | None = None
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
        if result is not None:
            result.append((value, card))
        elif best is None or value > best[0]:  # as ``max``: the first of the best
            best = (value, card)
    return best


_CardsInfo = tuple[list[int], list[int], int, int, PairList]


def _cards_info(cards: Sequence[Card]) -> _CardsInfo:
    """What ``_price`` needs of ``cards`` that does not depend on the table: their bit
    numbers, hand values, total and highest value, and ``pairs.pair_list``. (Not memoised:
    a memo this big makes the garbage collector's full collections dearer than it saves.)"""
    numbers = [c.rank_int << 2 | c.suit_int & 3 for c in cards]
    worths = [HAND_VALUE_OF_RANK[c.rank_int] for c in cards]
    top = max(worths) if worths else 0
    return numbers, worths, sum(worths), top, pair_list(numbers)


_NO_LOSSES: list[float] = [0] * 56  # the losses of a hand without promise: never changed


def _promise(entries: PairList, numbers: Sequence[int], ctx: Context) -> tuple[float, list[float]]:
    """The total promise of the cards of bit numbers ``numbers``, whose pairs are
    ``entries``, and by card number the promise each card is part of (a list, not a dict
    of cards, which would hash them)."""
    found = priced_pairs(entries, ctx)
    if not found:  # as below, without making a list of losses
        return 0, _NO_LOSSES
    losses: list[float] = [0] * 56
    values = [v for _, _, v in found]
    for i, j, v in found:
        losses[numbers[i]] += v
        losses[numbers[j]] += v
    return sum(values), losses


def _listed_promise(pairs: tuple[HandPairs, int]) -> tuple[float, list[float]]:
    """``_promise`` from ``hand_pairs`` of a hand and the mask of the cards kept of it."""
    losses: list[float] = [0] * 56
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
