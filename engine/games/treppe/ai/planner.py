"""Turn planning: which melds, lay-offs and discard make the best turn for a hand.

A plan is found by enumerating the ways the hand splits into melds (``possible_melds``) plus
leftovers, laying off every leftover that fits (chains included, onto the table or the melds
just made), and pricing the card to discard. The price of a plan is

    points scored now + going-out bonus
    - what the discard is worth to the next player
    - the risk of still holding the kept cards when an opponent goes out
    + the promise of the kept cards (pairs and near-runs that can still be completed).

The table's summary is in ``context``, the splits in ``partitions``, the pricing of single
cards in ``pricing`` and the digs worth trying in ``digs``; all are re-exported here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from engine.actions import Action, Discard, End, LayOff, Meld, MeldKind
from engine.cards import Card
from engine.games.treppe.ai.context import Context, Weights
from engine.games.treppe.ai.digs import card_useful, useful_digs
from engine.games.treppe.ai.knowledge import (
    Fit,
    cards_mask,
    fits_masks,
    fresh_meld_points,
    hand_value,
    meld_kind,
    remove_card,
)
from engine.games.treppe.ai.partitions import PARTITION_LIMIT, PARTITION_VISITS, partitions
from engine.games.treppe.ai.pricing import (
    HandPairs,
    best_discard,
    feed_value,
    hand_pairs,
    lay_values,
    promise_pairs,
)


@dataclass(slots=True)
class Plan:
    """The rest of a turn: melds, then lay-offs, then the discard (none when going out bare)."""

    melds: list[tuple[Card, ...]]
    layoffs: list[tuple[Card, int, End | None]]
    discard: Card | None
    keep: tuple[Card, ...]
    points: int
    out: bool
    score: float
    fits: list[Fit] = field(default_factory=list)  # the table after the plan

    def first_action(self, seat: int) -> Action:
        """The plan's next action for ``seat``: its first meld, lay-off or the discard."""
        if self.melds:
            return Meld(seat, self.melds[0])
        if self.layoffs:
            card, meld_id, end = self.layoffs[0]
            return LayOff(seat, card, meld_id, end)
        assert self.discard is not None
        return Discard(seat, self.discard)


@dataclass(slots=True)
class Layout:
    """A split played out: its melds made, every leftover that fits laid off, what is left."""

    melds: list[tuple[Card, ...]]
    layoffs: list[tuple[Card, int, End | None]]
    left: list[Card]
    points: int
    fits: list[Fit]  # the table after the melds and lay-offs
    intact: bool = False  # its first fits are the context's, unchanged (see ``discard_values``)
    left_mask: int = 0  # ``left`` as a card mask

    def going_out(self, ctx: Context) -> Plan | None:
        """The plan that goes out with this layout (discarding the last card, unless it is
        the locked one), or None when too many cards are left."""
        left = self.left
        if len(left) <= 1 and not (left and left[0] is ctx.locked):
            discard = left[0] if left else None
            score = self.points + ctx.out_bonus
            return Plan(self.melds, self.layoffs, discard, (), self.points, True, score, self.fits)
        return None


# A meld's points, fit, card mask and the mask of the cards that fit it, by its place in the
# split and the meld itself (``id``: the melds of one hand's splits are the same tuples),
# worked out once per hand, not per split.
MeldCache = dict[tuple[int, int], tuple[int, Fit, int, int]]


def lay_out(
    melds: list[tuple[Card, ...]],
    rest: list[Card],
    ctx: Context,
    cache: MeldCache | None = None,
    hand_mask: int = -1,
) -> Layout:
    """Play the split (``melds``, ``rest``) onto the table of ``ctx`` (fits are copied only
    when laid off on). ``cache`` may be shared by the splits of one hand, while they live;
    ``hand_mask``, when given, is the card mask of the whole hand (melds and rest)."""
    fits = list(ctx.fits)
    points = 0
    fitting = ctx.fit_mask if ctx.fit_mask >= 0 else ctx.fit_masks()[0]
    for k, meld in enumerate(melds):
        key = (k, id(meld))
        known = cache.get(key) if cache is not None else None
        if known is None:
            known = _meld_fit(meld, ctx.next_meld_id + k)
            if cache is not None:
                cache[key] = known
        points += known[0]
        fits.append(known[1])
        hand_mask ^= known[2]  # the rest's mask: the hand's without the melds' cards
        fitting |= known[3]
    mask = cards_mask(rest) if hand_mask < 0 else hand_mask
    if fitting & mask:
        layoffs, lay_points, left, copied, mask = _lay_off_all(rest, fits, mask)
    else:  # most splits lay off nothing: no need to go through every fit's cards
        layoffs, lay_points, left, copied = [], 0, list(rest), 0
    intact = not copied & ((1 << len(ctx.fits)) - 1)
    return Layout(melds, layoffs, left, points + lay_points, fits, intact, mask)


# A meld's points, kind, card mask, the mask of the cards that fit it and its fits by meld id,
# by ``id``, with the meld itself, which keeps the id from being reused while it is here: most
# melds are ``possible_melds``' own tuples, built once. The fits are shared by every plan (a
# plan copies a fit before it grows it, see ``_lay_off_all``); meld ids are few.
_MeldInfo = tuple[tuple[Card, ...], int, MeldKind, int, int, dict[int, Fit]]
_MELD_INFO: dict[int, _MeldInfo] = {}
MELD_INFO_SIZE = 5_000


def _meld_fit(meld: tuple[Card, ...], meld_id: int) -> tuple[int, Fit, int, int]:
    """The points of ``meld`` (a checked meld in table order), its fit as meld ``meld_id``,
    its card mask and the mask of the cards that fit it."""
    info = _MELD_INFO.get(id(meld))
    if info is None or info[0] is not meld:
        kind = meld_kind(meld)
        fit = Fit.of_cards(meld_id, meld, kind)
        fitting = fits_masks((fit,))[0]
        info = (meld, fresh_meld_points(meld, kind), kind, cards_mask(meld), fitting, {})
        info[5][meld_id] = fit
        if len(_MELD_INFO) >= MELD_INFO_SIZE:
            _MELD_INFO.clear()
        _MELD_INFO[id(meld)] = info
    fits = info[5]
    found = fits.get(meld_id)
    if found is None:
        found = fits[meld_id] = Fit.of_cards(meld_id, meld, info[2])
    return info[1], found, info[3], info[4]


def _lay_off_all(
    rest: list[Card], fits: list[Fit], mask: int
) -> tuple[list[tuple[Card, int, End | None]], int, list[Card], int, int]:
    """Lay off every leftover that fits (repeatedly, so runs can grow card by card). The
    fits may be shared: each is copied before it grows. ``mask`` is the card mask of
    ``rest``. Also returns the mask of the places of the fits copied and the card mask of
    the cards left."""
    layoffs: list[tuple[Card, int, End | None]] = []
    points = 0
    left = list(rest)
    # ``mask`` holds the cards of ``left``: ``card in left`` compares in Python
    copied = 0  # the fits copied so far, by place
    changed = True
    while changed and left:
        changed = False
        for k, fit in enumerate(fits):
            for bit, _, card, end, pts in fit.fitting_bits():
                if mask & bit:
                    mask ^= bit
                    remove_card(left, card)
                    if not copied >> k & 1:
                        copied |= 1 << k
                        fit = fits[k] = fit.copy()
                    fit.add(card, end)
                    layoffs.append((card, fit.id, end))
                    points += pts
                    changed = True
                    break
    return layoffs, points, left, copied, mask


def plan_turn(
    hand: Sequence[Card],
    ctx: Context,
    maximal: bool = True,
    keep_plans: int = 1,
    hand_mask: int = -1,
) -> list[Plan]:
    """The best plans for ``hand`` (best first); at least one whenever the hand is not empty.
    ``hand_mask``, when given, is the card mask of ``hand``."""
    plans: list[Plan] = []
    if hand_mask < 0:
        hand_mask = cards_mask(hand)
    splits = partitions(hand, maximal, mask=hand_mask)
    if ctx.work is not None:
        ctx.work[0] += len(splits)
    cache: MeldCache = {}
    # Many splits: their leftovers are in pack order, and their pairs are the hand's.
    pairs = hand_pairs(hand, ctx) if len(splits) > 1 else None
    # Only the first best plan is wanted: skip the discards of splits that cannot beat it.
    # (With one split there is nothing to beat.)
    prune = keep_plans == 1 and len(splits) > 1 and _weights_nonnegative(ctx)
    # The first of the best splits (which a stable sort puts first): its going-out plan,
    # or its layout and discard, made a ``Plan`` only at the end (most splits lose).
    best: Plan | Layout | None = None
    best_score = 0.0
    best_discard: tuple[float, Card] | None = None
    for melds, rest in splits:
        layout = lay_out(melds, rest, ctx, cache, hand_mask)
        out = layout.going_out(ctx)
        if out is None:
            need = best_score - layout.points if prune and best is not None else None
            found = _best_discard(layout, ctx, pairs, need)
            if found is None:  # only the locked card is left, and it may not go back
                continue
            score = layout.points + found[0]
            if keep_plans != 1:
                plans.append(_discard_plan(layout, found))
        else:
            found, score = None, out.score
            if keep_plans != 1:
                plans.append(out)
        if best is None or score > best_score:
            best, best_score, best_discard = (layout if out is None else out), score, found
    if best is None:
        return [_keep_melds_plan(hand, ctx)] if hand else []
    if keep_plans == 1:
        if isinstance(best, Plan):
            return [best]
        assert best_discard is not None
        return [_discard_plan(best, best_discard)]
    plans.sort(key=lambda p: -p.score)
    return plans[:keep_plans] if keep_plans else plans


def _weights_nonnegative(ctx: Context) -> bool:
    w = ctx.weights
    return min(ctx.risk, w.feed, w.feed_partial, w.pair, w.near_run, w.staircase_pot) >= 0


def _best_discard(
    layout: Layout, ctx: Context, pairs: HandPairs | None, need: float | None = None
) -> tuple[float, Card] | None:
    """The layout's discard that keeps the best hand, with its value (the first of the
    best; None: no free card, or none of value ``need`` or more)."""
    found = None if pairs is None else (pairs, layout.left_mask)
    return best_discard(layout.left, layout.fits, layout.intact, ctx, found, need)


def _discard_plan(layout: Layout, discard: tuple[float, Card]) -> Plan:
    """The plan of ``layout`` with ``discard`` (value, card) as found by ``_best_discard``."""
    value, card = discard
    left, points = layout.left, layout.points
    keep = tuple(c for c in left if c is not card)
    return Plan(
        layout.melds, layout.layoffs, card, keep, points, False, points + value, layout.fits
    )


def _keep_melds_plan(hand: Sequence[Card], ctx: Context) -> Plan:
    """When every split would leave only the locked card: play nothing and discard the
    free card worth most in hand (the locked card may not go back this turn)."""
    free = [c for c in hand if c is not ctx.locked] or list(hand)
    card = max(free, key=lambda c: (hand_value(c), c))
    keep = tuple(c for c in hand if c is not card)
    score = -ctx.risk * sum(hand_value(c) for c in keep)
    return Plan([], [], card, keep, 0, False, score, list(ctx.fits))


__all__ = [
    "PARTITION_LIMIT",
    "PARTITION_VISITS",
    "Context",
    "Layout",
    "Plan",
    "Weights",
    "card_useful",
    "feed_value",
    "lay_out",
    "lay_values",
    "partitions",
    "plan_turn",
    "promise_pairs",
    "useful_digs",
]
