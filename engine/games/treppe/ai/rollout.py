"""Rollouts for ``hard``'s search: every seat plays a fast ``normal``-like policy for a few
turns, and the world is scored as the searcher's score difference from the decision on."""

from __future__ import annotations

import random

from engine.games.treppe.ai.context import Weights
from engine.games.treppe.ai.digs import useful_digs
from engine.games.treppe.ai.knowledge import card_bit, cards_mask, hand_value
from engine.games.treppe.ai.planner import Plan, plan_turn
from engine.games.treppe.ai.worlds import SimState

TALON_EDGE = 4.0  # rollout policy: a talon card is worth this much over the current hand


def policy_turn(state: SimState, weights: Weights, rng: random.Random) -> None:
    """One whole turn of the seat to act with the fast rollout policy."""
    seat = state.to_act
    if not state.begin_turn(rng):
        return
    hand = state.hands[seat]
    mask = state.hand_mask(seat)  # for the context, the digs and the plans
    ctx = state.context(seat, weights, None, mask)
    stair = state.stair
    best_plan: Plan | None = None
    best_ctx = ctx
    best_index = -1
    best_value = float("-inf")
    digs = useful_digs(stair, hand, ctx.fits, ctx.fit_masks()[1], mask)
    if not state.talon and len(stair) - 1 not in digs:
        digs.append(len(stair) - 1)
    if state.talon and digs:
        best_value = plan_turn(hand, ctx, hand_mask=mask)[0].score + TALON_EDGE
    for index in digs:
        taken = stair[index:]
        locked = taken[0] if len(taken) == 1 else None
        sub = ctx.with_staircase(tuple(stair[:index]), locked)
        plan = plan_turn([*hand, *taken], sub, hand_mask=mask | cards_mask(taken))[0]
        if plan.score > best_value:
            best_plan, best_ctx, best_index, best_value = plan, sub, index, plan.score
    if best_plan is None:
        state.draw_talon(seat)
        drawn = card_bit(hand[-1])  # ``hand`` is the seat's hand, the card drawn last
        plan = plan_turn(hand, ctx, hand_mask=mask | drawn)[0]
    else:
        state.take(seat, best_index)
        plan = best_plan
        ctx = best_ctx
    state.play(seat, state.held(seat, plan, ctx))


def rollout(state: SimState, weights: Weights, rng: random.Random, max_turns: int) -> None:
    """Play ``state`` forward with the rollout policy for at most ``max_turns`` turns."""
    for _ in range(max_turns):
        if state.over:
            return
        policy_turn(state, weights, rng)


def outcome(state: SimState, seat: int, weights: Weights | None = None) -> float:
    """The score difference for ``seat`` from the decision on. An unfinished round adds
    each seat's hand potential: the heuristic score of its best plan now (with
    ``weights``), or else minus half its hand value."""
    gains = list(state.gains)
    if not state.over:
        for s in range(state.n):
            hand = state.hands[s]
            if weights is not None and hand:
                mask = state.hand_mask(s)
                ctx = state.context(s, weights, None, mask)
                gains[s] += plan_turn(hand, ctx, hand_mask=mask)[0].score
            else:
                gains[s] -= 0.5 * sum(hand_value(c) for c in hand)
    mine = gains[seat]
    best_other = max(g for s, g in enumerate(gains) if s != seat)
    return mine - best_other
