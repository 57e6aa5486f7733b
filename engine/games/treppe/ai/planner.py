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

from engine.actions import Action, Discard, End, LayOff, Meld
from engine.cards import Card
from engine.games.treppe.ai.context import Context, Weights
from engine.games.treppe.ai.digs import card_useful, useful_digs
from engine.games.treppe.ai.knowledge import Fit, fresh_meld_points, hand_value, meld_kind
from engine.games.treppe.ai.partitions import PARTITION_LIMIT, PARTITION_VISITS, partitions
from engine.games.treppe.ai.pricing import feed_value, lay_values, promise_pairs


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

    def going_out(self, ctx: Context) -> Plan | None:
        """The plan that goes out with this layout (discarding the last card, unless it is
        the locked one), or None when too many cards are left."""
        left = self.left
        if len(left) <= 1 and not (left and left[0] is ctx.locked):
            discard = left[0] if left else None
            score = self.points + ctx.out_bonus
            return Plan(self.melds, self.layoffs, discard, (), self.points, True, score, self.fits)
        return None


def lay_out(melds: list[tuple[Card, ...]], rest: list[Card], ctx: Context) -> Layout:
    """Play the split (``melds``, ``rest``) onto a copy of the table of ``ctx``."""
    fits = [f.copy() for f in ctx.fits]
    points = 0
    for k, meld in enumerate(melds):
        kind = meld_kind(meld)
        points += fresh_meld_points(meld, kind)
        fits.append(Fit.of_cards(ctx.next_meld_id + k, meld, kind))
    layoffs, lay_points, left = _lay_off_all(rest, fits)
    return Layout(melds, layoffs, left, points + lay_points, fits)


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


def plan_turn(
    hand: Sequence[Card], ctx: Context, maximal: bool = True, keep_plans: int = 1
) -> list[Plan]:
    """The best plans for ``hand`` (best first); at least one whenever the hand is not empty."""
    plans: list[Plan] = []
    splits = partitions(hand, maximal)
    if ctx.work is not None:
        ctx.work[0] += len(splits)
    for melds, rest in splits:
        layout = lay_out(melds, rest, ctx)
        out = layout.going_out(ctx)
        if out is not None:
            plans.append(out)
            continue
        plan = _best_discard_plan(layout, ctx)
        if plan is not None:  # None: only the locked card is left, and it may not go back
            plans.append(plan)
    if not plans and hand:
        plans.append(_keep_melds_plan(hand, ctx))
    plans.sort(key=lambda p: -p.score)
    return plans[:keep_plans] if keep_plans else plans


def _best_discard_plan(layout: Layout, ctx: Context) -> Plan | None:
    """The layout's plan with the discard that keeps the best hand (None: no free card)."""
    left = layout.left
    fits = layout.fits
    points = layout.points
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
    if best is None:
        return None
    keep = tuple(c for c in left if c is not best[1])
    return Plan(layout.melds, layout.layoffs, best[1], keep, points, False, points + best[0], fits)


def _keep_melds_plan(hand: Sequence[Card], ctx: Context) -> Plan:
    """When every split would leave only the locked card: play nothing and discard the
    free card worth most in hand (the locked card may not go back this turn)."""
    free = [c for c in hand if c is not ctx.locked] or list(hand)
    card = max(free, key=lambda c: (hand_value(c), c))
    keep = tuple(c for c in hand if c is not card)
    score = -ctx.risk * sum(hand_value(c) for c in keep)
    return Plan([], [], card, keep, 0, False, score, [f.copy() for f in ctx.fits])


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
