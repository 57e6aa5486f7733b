"""Pricing single cards for the planner: what kept pairs promise, what a discard may feed the
next player, and what each card scores as a lay-off now."""

from __future__ import annotations

from collections.abc import Sequence

from engine.cards import CARD_AT, Card, Rank
from engine.games.treppe.ai.context import Context
from engine.games.treppe.ai.knowledge import Fit, fit_value, hand_value, next_rank, prev_rank

_NEXT = [0, *(next_rank(r) for r in range(1, 14))]
_PREV = [0, *(prev_rank(r) for r in range(1, 14))]
_FACE = [0, *(Rank(r).face_value for r in range(1, 14))]


def promise_pairs(keep: Sequence[Card], ctx: Context) -> list[tuple[Card, Card, float]]:
    """Pairs of kept cards that could still become a meld, with what that promise is worth."""
    w = ctx.weights
    live = ctx.unseen
    stair = set(ctx.staircase)
    set_ranks = ctx.table_set_ranks
    result: list[tuple[Card, Card, float]] = []
    for i, a in enumerate(keep):
        ra = a.rank_int
        sa = a.suit_int
        for b in keep[i + 1 :]:
            rb = b.rank_int
            if ra == rb:
                if ra in set_ranks:
                    continue
                completions = 0.0
                sb = b.suit_int
                for s in range(4):
                    if s in (sa, sb):
                        continue
                    c = CARD_AT[s][ra]
                    if c in live:
                        completions += 1.0
                    elif c in stair:
                        completions += w.staircase_pot
                if completions:
                    value = 3 * hand_value(a)
                    result.append((a, b, w.pair * value * min(completions, 1.5)))
            elif sa == b.suit_int and sa >= 0:
                needed: tuple[int, ...]
                if _NEXT[ra] == rb:
                    needed = (_PREV[ra], _NEXT[rb])
                elif _NEXT[rb] == ra:
                    needed = (_PREV[rb], _NEXT[ra])
                elif _NEXT[_NEXT[ra]] == rb:
                    needed = (_NEXT[ra],)
                elif _NEXT[_NEXT[rb]] == ra:
                    needed = (_NEXT[rb],)
                else:
                    continue
                completions = 0.0
                row = CARD_AT[sa]
                for r in needed:
                    c = row[r]
                    if c in live:
                        completions += 1.0
                    elif c in stair:
                        completions += w.staircase_pot
                if completions:
                    value = _FACE[ra] + _FACE[rb] + 7
                    result.append((a, b, w.near_run * value * min(completions, 1.5)))
    return result


def _stair_feed(card: Card, ctx: Context) -> tuple[float, float]:
    """(meld, partial): what ``card`` could complete with staircase cards alone."""
    cached = ctx.stair_feed.get(card)
    if cached is not None:
        return cached
    info = ctx.stair_info
    if info is None:
        rank_count = [0] * 14
        suit_ranks: list[set[int]] = [set(), set(), set(), set()]
        for c in ctx.staircase:
            rank_count[c.rank_int] += 1
            if c.suit_int >= 0:
                suit_ranks[c.suit_int].add(c.rank_int)
        info = ctx.stair_info = (rank_count, suit_ranks)
    rank_count, suit_ranks = info
    r = card.rank_int
    same_rank = rank_count[r]
    meld = 0.0
    partial = 0.0
    if same_rank >= 2 and r not in ctx.table_set_ranks:
        meld = hand_value(card) * 3
    elif same_rank and r not in ctx.table_set_ranks:
        partial = hand_value(card) * 3
    if card.suit_int >= 0:
        ranks = suit_ranks[card.suit_int]
        lo, hi = _PREV[r], _NEXT[r]
        run = (
            (lo in ranks and _PREV[lo] in ranks)
            or (hi in ranks and _NEXT[hi] in ranks)
            or (lo in ranks and hi in ranks)
        )
        if run:
            meld = max(meld, _FACE[r] * 3.0)
        elif lo in ranks or hi in ranks:
            partial = max(partial, _FACE[r] * 3.0)
    ctx.stair_feed[card] = (meld, partial)
    return meld, partial


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
