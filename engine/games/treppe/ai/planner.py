"""Turn planning: which melds, lay-offs and discard make the best turn for a hand.

A plan is found by enumerating the ways the hand splits into melds (``possible_melds``) plus
leftovers, laying off every leftover that fits (chains included, onto the table or the melds
just made), and pricing the card to discard. The price of a plan is

    points scored now + going-out bonus
    - what the discard is worth to the next player
    - the risk of still holding the kept cards when an opponent goes out
    + the promise of the kept cards (pairs and near-runs that can still be completed).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from engine.actions import Action, Discard, End, LayOff, Meld, MeldKind
from engine.cards import CARD_AT, SUITS, Card, Rank
from engine.games.treppe.ai.knowledge import (
    Fit,
    average_hand_value,
    card_at,
    fit_value,
    fresh_meld_points,
    hand_value,
    meld_kind,
    next_rank,
    prev_rank,
    table_fits,
    unseen_cards,
)
from engine.games.treppe.melds import possible_melds
from engine.games.treppe.views import PrivateView

PARTITION_LIMIT = 600


@dataclass(slots=True)
class Weights:
    """Tunable weights of the evaluation (``normal``'s; ``hard`` uses them in its search)."""

    risk_base: float = 0.35
    risk_close: float = 0.6  # an opponent holds 2 cards or fewer
    risk_near: float = 0.45  # an opponent holds 4 cards or fewer
    feed: float = 1.0
    feed_partial: float = 0.25
    pair: float = 0.22
    near_run: float = 0.2
    staircase_pot: float = 0.6  # a completion lying in the staircase counts this much


@dataclass(slots=True)
class Context:
    """What the planner needs to know about the table, built from a ``PrivateView``."""

    seat: int
    fits: list[Fit]
    staircase: tuple[Card, ...]
    unseen: frozenset[Card]
    locked: Card | None
    out_bonus: float
    risk: float
    next_meld_id: int
    weights: Weights
    table_set_ranks: frozenset[int] = field(default_factory=frozenset)
    # feed_value's staircase part per card, filled lazily (the staircase is fixed here)
    stair_feed: dict[Card, tuple[float, float]] = field(default_factory=dict)
    stair_info: tuple[list[int], list[set[int]]] | None = None  # ranks on the staircase
    # Splits planned so far, shared by every context of one search, which stops sampling
    # worlds once this passes its budget (a count, not a clock, so decisions replay).
    work: list[int] | None = None

    @classmethod
    def of_view(cls, view: PrivateView, weights: Weights) -> Context:
        public = view.public
        unseen = unseen_cards(view)
        avg = average_hand_value(unseen)
        opponents = [s for s in public.seats if s.seat != view.seat]
        bonus = sum(s.hand_count for s in opponents) * avg
        me = public.seats[view.seat]
        if not me.has_melded:
            bonus *= 2  # a Rommé hand doubles the opponents' cards
        fewest = min((s.hand_count for s in opponents), default=7)
        risk = weights.risk_base
        if fewest <= 2:
            risk = weights.risk_close
        elif fewest <= 4:
            risk = weights.risk_near
        fits = table_fits(view)
        set_ranks = frozenset(f.rank for f in fits if f.kind is MeldKind.SET)
        return cls(
            seat=view.seat,
            fits=fits,
            staircase=public.staircase,
            unseen=frozenset(unseen),
            locked=view.locked_discard,
            out_bonus=bonus,
            risk=risk,
            next_meld_id=len(public.melds),
            weights=weights,
            table_set_ranks=set_ranks,
        )

    def with_staircase(self, staircase: tuple[Card, ...], locked: Card | None) -> Context:
        return Context(
            self.seat,
            self.fits,
            staircase,
            self.unseen,
            locked,
            self.out_bonus,
            self.risk,
            self.next_meld_id,
            self.weights,
            self.table_set_ranks,
            work=self.work,
        )


@dataclass(slots=True)
class Plan:
    melds: list[tuple[Card, ...]]
    layoffs: list[tuple[Card, int, End | None]]
    discard: Card | None
    keep: tuple[Card, ...]
    points: int
    out: bool
    score: float
    fits: list[Fit] = field(default_factory=list)  # the table after the plan

    def first_action(self, seat: int) -> Action:
        if self.melds:
            return Meld(seat, self.melds[0])
        if self.layoffs:
            card, meld_id, end = self.layoffs[0]
            return LayOff(seat, card, meld_id, end)
        assert self.discard is not None
        return Discard(seat, self.discard)


PARTITION_VISITS = 3_000


def partitions(
    hand: Sequence[Card], maximal: bool = True, limit: int = PARTITION_LIMIT
) -> list[tuple[list[tuple[Card, ...]], list[Card]]]:
    """Ways to split ``hand`` into disjoint melds and leftovers. With ``maximal`` only the
    splits whose leftovers form no further meld."""
    melds = possible_melds(hand)
    if not melds:
        return [([], list(hand))]
    cards = sorted(hand)
    count = len(cards)
    # Cards are bits of an int (their place in ``cards``) so that the walk, which visits
    # thousands of splits for a big hand, works on ints instead of sets of cards.
    bit = {c: 1 << i for i, c in enumerate(cards)}
    meld_masks: list[int] = []
    starting: list[list[tuple[int, tuple[Card, ...]]]] = [[] for _ in cards]
    for meld in melds:
        mask = 0
        for c in meld:
            mask |= bit[c]
        meld_masks.append(mask)
        starting[(mask & -mask).bit_length() - 1].append((mask, meld))
    result: list[tuple[list[tuple[Card, ...]], list[Card]]] = []
    chosen: list[tuple[Card, ...]] = []
    visits = 0

    def walk(i: int, used: int, rest: int) -> None:
        # Big hands (deep digs, or sampled worlds in hard's rollouts) have exponentially many
        # splits; the visit budget bounds a decision's time. Melds are tried before leaving
        # a card out, so the splits found first are the meld-rich ones.
        nonlocal visits
        visits += 1
        if len(result) >= limit or visits > PARTITION_VISITS:
            return
        while i < count and used >> i & 1:
            i += 1
        if i == count:
            if not maximal or not any(m & rest == m for m in meld_masks):
                result.append((list(chosen), [c for k, c in enumerate(cards) if rest >> k & 1]))
            return
        for mask, meld in starting[i]:
            if mask & used:
                continue
            chosen.append(meld)
            walk(i + 1, used | mask, rest)
            chosen.pop()
        card_bit = 1 << i
        walk(i + 1, used | card_bit, rest | card_bit)

    walk(0, 0, 0)
    if not result:
        result.append(([], list(hand)))
    return result


def _lay_off_all(
    rest: list[Card], fits: list[Fit]
) -> tuple[list[tuple[Card, int, End | None]], int, list[Card]]:
    """Lay off every leftover that fits (repeatedly, so runs can grow card by card)."""
    layoffs: list[tuple[Card, int, End | None]] = []
    points = 0
    left = list(rest)
    changed = True
    while changed and left:
        changed = False
        for fit in fits:
            for card, end, pts in fit.fitting():
                if card in left:
                    left.remove(card)
                    fit.add(card, end)
                    layoffs.append((card, fit.id, end))
                    points += pts
                    changed = True
                    break
    return layoffs, points, left


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


def plan_turn(
    hand: Sequence[Card], ctx: Context, maximal: bool = True, keep_plans: int = 1
) -> list[Plan]:
    """The best plans for ``hand`` (best first); at least one whenever the hand is not empty."""
    plans: list[Plan] = []
    splits = partitions(hand, maximal)
    if ctx.work is not None:
        ctx.work[0] += len(splits)
    for melds, rest in splits:
        fits = [f.copy() for f in ctx.fits]
        points = 0
        for k, meld in enumerate(melds):
            kind = meld_kind(meld)
            points += fresh_meld_points(meld, kind)
            fits.append(Fit.of_cards(ctx.next_meld_id + k, meld, kind))
        layoffs, lay_points, left = _lay_off_all(rest, fits)
        points += lay_points
        if len(left) <= 1 and not (left and left[0] is ctx.locked):
            discard = left[0] if left else None
            score = points + ctx.out_bonus
            plans.append(Plan(melds, layoffs, discard, (), points, True, score, fits))
            continue
        pairs = promise_pairs(left, ctx)
        total_promise = sum(v for _, _, v in pairs)
        total_value = sum(hand_value(c) for c in left)
        lays = lay_values(fits)
        losses: dict[Card, float] = {}
        for a, b, v in pairs:
            losses[a] = losses.get(a, 0) + v
            if b is not a:
                losses[b] = losses.get(b, 0) + v
        best: tuple[float, Card] | None = None
        for card in left:
            if card is ctx.locked:
                continue
            lost = losses.get(card, 0)
            value = (
                -feed_value(card, fits, ctx, lays)
                - ctx.risk * (total_value - hand_value(card))
                + (total_promise - lost)
            )
            if best is None or value > best[0]:
                best = (value, card)
        if best is None:  # only the locked card is left: it may not be discarded
            continue
        keep = tuple(c for c in left if c is not best[1])
        plans.append(Plan(melds, layoffs, best[1], keep, points, False, points + best[0], fits))
    if not plans and hand:
        plans.append(_keep_melds_plan(hand, ctx))
    plans.sort(key=lambda p: -p.score)
    return plans[:keep_plans] if keep_plans else plans


def _keep_melds_plan(hand: Sequence[Card], ctx: Context) -> Plan:
    """When every split would leave only the locked card: play nothing and discard the
    free card worth most in hand (the locked card may not go back this turn)."""
    free = [c for c in hand if c is not ctx.locked] or list(hand)
    card = max(free, key=lambda c: (hand_value(c), c))
    keep = tuple(c for c in hand if c is not card)
    score = -ctx.risk * sum(hand_value(c) for c in keep)
    return Plan([], [], card, keep, 0, False, score, [f.copy() for f in ctx.fits])


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
