"""The plans ``hard`` weighs against each other: for every way to meld the best few discards,
and the plans that keep the melds in hand hoping for a Rommé hand (``should_hold``)."""

from __future__ import annotations

from collections.abc import Sequence

from engine.cards import Card
from engine.games.treppe.ai.context import Context
from engine.games.treppe.ai.partitions import partitions
from engine.games.treppe.ai.planner import Layout, MeldCache, Plan, lay_out
from engine.games.treppe.ai.pricing import discard_values

# ``hard`` keeps its melds in hand, hoping for a Rommé hand (double), while every opponent
# still holds at least this many cards. Measured in duplicate duels of ``normal`` with and
# without the rule (``tools/duel.py``): 4 gained about 2-3 points a round, 5 about 1 and
# 3 lost 14.
HOLD_WHILE_OPPONENTS_HOLD = 4


def should_hold(best: Plan, has_melded: bool, fewest_opponent_cards: int) -> bool:
    """Whether ``hard`` keeps its melds in hand instead of playing ``best``: it has not
    melded this round, ``best`` melds but does not go out, and every opponent still holds
    ``HOLD_WHILE_OPPONENTS_HOLD`` cards or more. Going out later in one turn doubles the
    hand points won (a Rommé hand), and melds kept in hand give opponents nothing to lay
    off on."""
    return (
        not has_melded
        and not best.out
        and bool(best.melds)
        and fewest_opponent_cards >= HOLD_WHILE_OPPONENTS_HOLD
    )


def hold_plans(hand: Sequence[Card], ctx: Context, count: int) -> list[Plan]:
    """The ``count`` best plans that meld and lay off nothing, only discard."""
    return _discard_plans(Layout([], [], list(hand), 0, list(ctx.fits), True), ctx, count)


def candidate_plans(hand: Sequence[Card], ctx: Context, discards: int = 3) -> list[Plan]:
    """Plans for the rest of the turn, best by the heuristic first: for every way to meld
    (as ``plan_turn``) the ``discards`` best discards, and a plan that melds nothing."""
    plans: list[Plan] = []
    cache: MeldCache = {}
    for melds, rest in partitions(hand, True):
        layout = lay_out(melds, rest, ctx, cache)
        out = layout.going_out(ctx)
        if out is not None:
            plans.append(out)
            continue
        plans.extend(_discard_plans(layout, ctx, discards))
    if (not plans or any(p.points for p in plans)) and len(hand) > 1:
        plans.extend(hold_plans(hand, ctx, 1))
    plans.sort(key=lambda p: -p.score)
    return plans


def _discard_plans(layout: Layout, ctx: Context, count: int) -> list[Plan]:
    """The ``count`` plans of ``layout`` with the discards that keep the best hands."""
    left, fits, points = layout.left, layout.fits, layout.points
    scored = discard_values(left, fits, layout.intact, ctx)
    scored.sort(key=lambda x: -x[0])
    result: list[Plan] = []
    for value, card in scored[:count]:
        keep = tuple(c for c in left if c is not card)
        result.append(
            Plan(layout.melds, layout.layoffs, card, keep, points, False, points + value, fits)
        )
    return result
