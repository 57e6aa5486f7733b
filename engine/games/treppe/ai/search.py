"""Determinized Monte-Carlo search for the ``hard`` player.

A decision is made by sampling worlds the seat cannot tell apart from the real one (the
opponents' hands hold their publicly known staircase cards plus unseen cards drawn at
random, the talon is the rest in random order), playing every candidate action forward in
each world with a fast ``normal``-like policy for every seat, and taking the candidate with
the best average score difference. All candidates are played in the same worlds (common
random numbers), so their differences are measured with far less noise than their values.

Rollouts are short (``Budget.max_turns`` turns after the decision's own turn) and an
unfinished round is scored by each seat's hand potential (the planner's score of its best
plan), which measured far less noisy than playing every round out.

The simulator here is a lean copy of the round rules (draw, melds and lay-offs, discard,
going out, Rommé hand, talon rebuilds, dead rounds) working on ``Fit`` summaries of the
table; it never touches an engine ``Game``. The worlds are in ``worlds``, the rollout policy in
``rollout`` and the candidate plans in ``candidates``; all are re-exported here.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from engine.cards import Card
from engine.games.treppe.ai.candidates import (
    HOLD_WHILE_OPPONENTS_HOLD,
    candidate_plans,
    hold_plans,
    should_hold,
)
from engine.games.treppe.ai.planner import Plan, Weights, plan_turn
from engine.games.treppe.ai.rollout import TALON_EDGE, outcome, policy_turn, rollout
from engine.games.treppe.ai.worlds import ALL_CARDS, MAX_REBUILDS, SimState, sample_worlds
from engine.games.treppe.views import PrivateView


@dataclass(slots=True)
class Budget:
    """How much search a decision gets.

    Worlds are sampled in batches of ``batch``. After each batch the per-world differences
    of every candidate from the heuristic's choice are tested: the search stops early when
    no candidate can plausibly beat the choice by ``margin`` or one plainly does (both at
    ``stop_z`` standard errors); otherwise it goes on to ``worlds`` worlds. The worst case
    (every batch searched) bounds the decision time."""

    worlds: int = 48  # most sampled worlds per decision, shared by all candidates
    batch: int = 16  # worlds per batch between the early-stopping tests
    candidates: int = 3  # most candidates searched (best by the heuristic first)
    max_turns: int = 2  # rollout horizon in turns after the decision's own turn
    margin: float = 2.0  # a candidate must beat the heuristic's choice by this much
    stop_z: float = 2.0  # standard errors for stopping after a batch
    final_z: float = 0.0  # and for switching away from the heuristic's choice at the end
    leaf: bool = True  # score unfinished rounds by the seats' best plans (else hand value)
    hold: bool = True  # keep melds in hand for a Rommé hand (``should_hold``)
    # Most hand splits planned in one search (each costs a few hundredths of a millisecond);
    # the search stops sampling worlds beyond it, which bounds the big-hand decisions.
    work: int = 1_200


def _draw_rows(
    worlds: Sequence[SimState],
    seeds: Sequence[float],
    seat: int,
    draws: Sequence[int | None],
    weights: Weights,
    budget: Budget,
) -> list[list[float]]:
    rows: list[list[float]] = []
    leaf = weights if budget.leaf else None
    for world, seed in zip(worlds, seeds, strict=True):
        row: list[float] = []
        for draw in draws:
            state = world.copy()
            locked: Card | None = None
            if draw is None:
                state.draw_talon(seat)
            else:
                locked = state.take(seat, draw)
            ctx = state.context(seat, weights, locked)
            plan = plan_turn(state.hands[seat], ctx)[0]
            state.play(seat, state.held(seat, plan, ctx))
            rollout(state, weights, random.Random(seed), budget.max_turns)
            row.append(outcome(state, seat, leaf))
        rows.append(row)
    return rows


def _plan_rows(
    worlds: Sequence[SimState],
    seeds: Sequence[float],
    seat: int,
    plans: Sequence[Plan],
    weights: Weights,
    budget: Budget,
) -> list[list[float]]:
    rows: list[list[float]] = []
    leaf = weights if budget.leaf else None
    for world, seed in zip(worlds, seeds, strict=True):
        row: list[float] = []
        for plan in plans:
            state = world.copy()
            state.play(seat, plan)
            rollout(state, weights, random.Random(seed), budget.max_turns)
            row.append(outcome(state, seat, leaf))
        rows.append(row)
    return rows


def _gaps(rows: Sequence[Sequence[float]], k: int) -> tuple[float, float]:
    """Mean and standard error of candidate ``k``'s per-world gain over candidate 0."""
    diffs = [r[k] - r[0] for r in rows]
    n = len(diffs)
    mean = sum(diffs) / n
    if n < 2:
        return mean, float("inf")
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean, (var / n) ** 0.5


def _verdict(rows: Sequence[Sequence[float]], budget: Budget, final: bool) -> int | None:
    """The candidate to take (0 is the heuristic's choice), or None to search on."""
    count = len(rows[0])
    stats = [_gaps(rows, k) for k in range(1, count)]
    best = max(range(len(stats)), key=lambda k: (stats[k][0], -k))
    mean, se = stats[best]
    if final:
        return best + 1 if mean - budget.final_z * se >= budget.margin else 0
    if mean - budget.stop_z * se >= budget.margin:
        return best + 1
    if all(m + budget.stop_z * e < budget.margin for m, e in stats):
        return 0
    return None


SEARCH_MAX_HAND = 14
MIN_WORLDS = 4  # worlds searched before the work budget may cut a search short


def _search(
    view: PrivateView,
    count: int,
    run: Callable[[list[SimState], list[float]], list[list[float]]],
    budget: Budget,
    rng: random.Random,
) -> int:
    if count < 2:
        return 0
    if max(seat.hand_count for seat in view.public.seats) > SEARCH_MAX_HAND:
        # Rollouts with a huge hand in play plan that hand over and over at a cost that
        # grows exponentially with its size; keep the decision within budget and trust the
        # heuristic's first choice there.
        return 0
    rows: list[list[float]] = []
    total = max(1, budget.worlds)
    work = [0]
    while True:
        size = min(max(1, budget.batch), total - len(rows))
        for world, seed in zip(*_batch(view, size, budget, work, rng), strict=True):
            rows.extend(run([world], [seed]))
            if work[0] > budget.work and len(rows) >= MIN_WORLDS:
                # Big hands make every world dear: decide on the worlds searched so far.
                return _verdict(rows, budget, final=True) or 0
        final = len(rows) >= total
        verdict = _verdict(rows, budget, final)
        if verdict is not None:
            return verdict


def _batch(
    view: PrivateView, size: int, budget: Budget, work: list[int], rng: random.Random
) -> tuple[list[SimState], list[float]]:
    worlds = sample_worlds(view, size, rng)
    for world in worlds:
        world.work = work
        if not budget.hold:
            world.holder = -1
    return worlds, [rng.random() for _ in worlds]


def choose_draw(
    view: PrivateView,
    draws: Sequence[int | None],
    weights: Weights,
    budget: Budget,
    rng: random.Random,
) -> int:
    """Index into ``draws`` (``None`` for the talon, else a staircase index; the heuristic's
    choice first) of the draw the search takes."""
    return _search(
        view,
        len(draws),
        lambda w, s: _draw_rows(w, s, view.seat, draws, weights, budget),
        budget,
        rng,
    )


def choose_plan(
    view: PrivateView,
    plans: Sequence[Plan],
    weights: Weights,
    budget: Budget,
    rng: random.Random,
) -> int:
    """Index into ``plans`` (the heuristic's choice first) of the plan the search takes."""
    return _search(
        view,
        len(plans),
        lambda w, s: _plan_rows(w, s, view.seat, plans, weights, budget),
        budget,
        rng,
    )


def evaluate_draws(
    view: PrivateView,
    draws: Sequence[int | None],
    weights: Weights,
    budget: Budget,
    rng: random.Random,
) -> list[float]:
    """Average score difference for each draw over ``budget.worlds`` worlds: ``None`` for
    the talon, else a staircase index. The seat then plays its turn with the planner and
    the round goes on with the rollout policy."""
    worlds = sample_worlds(view, budget.worlds, rng)
    seeds = [rng.random() for _ in worlds]
    rows = _draw_rows(worlds, seeds, view.seat, draws, weights, budget)
    return [sum(r[k] for r in rows) / len(rows) for k in range(len(draws))]


def evaluate_plans(
    view: PrivateView,
    plans: Sequence[Plan],
    weights: Weights,
    budget: Budget,
    rng: random.Random,
) -> list[float]:
    """Average score difference for each plan of the rest of this turn."""
    worlds = sample_worlds(view, budget.worlds, rng)
    seeds = [rng.random() for _ in worlds]
    rows = _plan_rows(worlds, seeds, view.seat, plans, weights, budget)
    return [sum(r[k] for r in rows) / len(rows) for k in range(len(plans))]


__all__ = [
    "ALL_CARDS",
    "HOLD_WHILE_OPPONENTS_HOLD",
    "MAX_REBUILDS",
    "MIN_WORLDS",
    "SEARCH_MAX_HAND",
    "TALON_EDGE",
    "Budget",
    "SimState",
    "candidate_plans",
    "choose_draw",
    "choose_plan",
    "evaluate_draws",
    "evaluate_plans",
    "hold_plans",
    "outcome",
    "policy_turn",
    "rollout",
    "sample_worlds",
    "should_hold",
]
