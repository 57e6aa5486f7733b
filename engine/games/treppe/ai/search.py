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
table; it never touches an engine ``Game``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from engine.actions import End, MeldKind
from engine.cards import FULL_PACK, Card
from engine.games.treppe.ai.knowledge import Fit, fresh_meld_points, hand_value, meld_kind
from engine.games.treppe.ai.planner import (
    Context,
    Plan,
    Weights,
    _lay_off_all,
    feed_value,
    lay_values,
    partitions,
    plan_turn,
    promise_pairs,
    useful_digs,
)
from engine.games.treppe.views import PrivateView

ALL_CARDS = frozenset(FULL_PACK)
MAX_REBUILDS = 2  # the engine's default; the view does not carry the ruleset
TALON_EDGE = 4.0  # rollout policy: a talon card is worth this much over the current hand
# ``hard`` keeps its melds in hand, hoping for a Rommé hand (double), while every opponent
# still holds at least this many cards. Measured in duplicate duels of ``normal`` with and
# without the rule (``tools/duel.py``): 4 gained about 2-3 points a round, 5 about 1 and
# 3 lost 14.
HOLD_WHILE_OPPONENTS_HOLD = 4


@dataclass(slots=True)
class SimState:
    """One sampled world, mutable, played forward by ``rollout``."""

    n: int
    hands: list[list[Card]]
    talon: list[Card]  # top card last
    stair: list[Card]  # top card last
    fits: list[Fit]
    table: set[Card]
    played: list[bool]  # melded or laid off in an earlier turn of this round
    has_melded: list[bool]  # melded or laid off in this round (turn included)
    gains: list[float]  # points scored from the decision on
    rebuilds: int
    next_meld_id: int
    to_act: int
    over: bool = False
    holder: int = -1  # the seat that plays ``hard``'s holding policy (the searcher)
    work: list[int] | None = None  # splits planned, shared by all worlds of a search

    def copy(self) -> SimState:
        return SimState(
            self.n,
            [list(h) for h in self.hands],
            list(self.talon),
            list(self.stair),
            [f.copy() for f in self.fits],
            set(self.table),
            list(self.played),
            list(self.has_melded),
            list(self.gains),
            self.rebuilds,
            self.next_meld_id,
            self.to_act,
            self.over,
            self.holder,
            self.work,
        )

    # ----------------------------------------------------------------- rules
    def context(self, seat: int, weights: Weights, locked: Card | None = None) -> Context:
        hand = self.hands[seat]
        unseen = ALL_CARDS.difference(self.table, self.stair, hand)
        avg = sum(map(hand_value, unseen)) / len(unseen) if unseen else 7.0
        others = [len(self.hands[s]) for s in range(self.n) if s != seat]
        bonus = sum(others) * avg
        if not self.has_melded[seat]:
            bonus *= 2
        fewest = min(others, default=7)
        risk = weights.risk_base
        if fewest <= 2:
            risk = weights.risk_close
        elif fewest <= 4:
            risk = weights.risk_near
        fits = self.fits
        return Context(
            seat=seat,
            fits=fits,
            staircase=tuple(self.stair),
            unseen=unseen,
            locked=locked,
            out_bonus=bonus,
            risk=risk,
            next_meld_id=self.next_meld_id,
            weights=weights,
            table_set_ranks=frozenset(f.rank for f in fits if f.kind is MeldKind.SET),
            work=self.work,
        )

    def begin_turn(self, rng: random.Random) -> bool:
        """Rebuild the talon if it ran out; False when the round ended dead."""
        if self.talon:
            return True
        self.rebuilds += 1
        if self.rebuilds > MAX_REBUILDS:
            self.over = True
            return False
        rebuilt = self.stair[:-1]
        del self.stair[:-1]
        rng.shuffle(rebuilt)
        self.talon = rebuilt
        if not self.talon and not self.stair:
            self.over = True
            return False
        return True

    def draw_talon(self, seat: int) -> None:
        self.hands[seat].append(self.talon.pop())

    def take(self, seat: int, index: int) -> Card | None:
        """Take the staircase from ``index`` up; the locked card if only one was taken."""
        taken = self.stair[index:]
        del self.stair[index:]
        self.hands[seat].extend(taken)
        return taken[0] if len(taken) == 1 else None

    def play(self, seat: int, plan: Plan) -> None:
        """Apply a whole plan: its melds, lay-offs and discard (or going out)."""
        hand = self.hands[seat]
        for meld in plan.melds:
            for card in meld:
                hand.remove(card)
                self.table.add(card)
        for card, _, _ in plan.layoffs:
            hand.remove(card)
            self.table.add(card)
        self.next_meld_id += len(plan.melds)
        self.fits = plan.fits
        if plan.points:
            self.gains[seat] += plan.points
            self.has_melded[seat] = True
        if plan.discard is not None:
            hand.remove(plan.discard)
            self.stair.append(plan.discard)
        if not hand:
            self.go_out(seat)
            return
        if plan.points:
            self.played[seat] = True
        self.to_act = (seat + 1) % self.n

    def held(self, seat: int, plan: Plan, ctx: Context) -> Plan:
        """``plan``, or for the holding seat the best plan that melds nothing when the
        holding policy keeps the melds in hand (see ``should_hold``)."""
        if seat != self.holder:
            return plan
        fewest = min(len(h) for s, h in enumerate(self.hands) if s != seat)
        if not should_hold(plan, self.has_melded[seat], fewest):
            return plan
        holds = hold_plans(self.hands[seat], ctx, 1)
        return holds[0] if holds else plan

    def go_out(self, seat: int) -> None:
        left = sum(hand_value(c) for s in range(self.n) if s != seat for c in self.hands[s])
        self.gains[seat] += left * (1 if self.played[seat] else 2)
        self.over = True


# --------------------------------------------------------------------- policy
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
    return _discard_plans([], [], list(hand), 0, list(ctx.fits), ctx, count)


def policy_turn(state: SimState, weights: Weights, rng: random.Random) -> None:
    """One whole turn of the seat to act with the fast rollout policy."""
    seat = state.to_act
    if not state.begin_turn(rng):
        return
    hand = state.hands[seat]
    ctx = state.context(seat, weights)
    stair = state.stair
    best_plan: Plan | None = None
    best_ctx = ctx
    best_index = -1
    best_value = float("-inf")
    digs = useful_digs(stair, hand, ctx.fits)
    if not state.talon and len(stair) - 1 not in digs:
        digs.append(len(stair) - 1)
    if state.talon and digs:
        best_value = plan_turn(hand, ctx)[0].score + TALON_EDGE
    for index in digs:
        taken = stair[index:]
        locked = taken[0] if len(taken) == 1 else None
        sub = ctx.with_staircase(tuple(stair[:index]), locked)
        plan = plan_turn([*hand, *taken], sub)[0]
        if plan.score > best_value:
            best_plan, best_ctx, best_index, best_value = plan, sub, index, plan.score
    if best_plan is None:
        state.draw_talon(seat)
        plan = plan_turn(state.hands[seat], ctx)[0]
    else:
        state.take(seat, best_index)
        plan = best_plan
        ctx = best_ctx
    state.play(seat, state.held(seat, plan, ctx))


def rollout(state: SimState, weights: Weights, rng: random.Random, max_turns: int) -> None:
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
                gains[s] += plan_turn(hand, state.context(s, weights))[0].score
            else:
                gains[s] -= 0.5 * sum(hand_value(c) for c in hand)
    mine = gains[seat]
    best_other = max(g for s, g in enumerate(gains) if s != seat)
    return mine - best_other


# --------------------------------------------------------------------- worlds
def sample_worlds(view: PrivateView, count: int, rng: random.Random) -> list[SimState]:
    """``count`` worlds consistent with what the seat of ``view`` can see."""
    public = view.public
    n = len(public.seats)
    table: set[Card] = set()
    for meld in public.melds:
        table.update(p.card for p in meld.cards)
    known: set[Card] = set()
    for seat in public.seats:
        if seat.seat != view.seat:
            known.update(seat.known_cards)
    pool = sorted(ALL_CARDS.difference(table, public.staircase, view.hand, known))
    fits = [Fit.of_view(m) for m in public.melds]
    played = [s.has_melded for s in public.seats]
    worlds: list[SimState] = []
    for _ in range(count):
        rng.shuffle(pool)
        cards = list(pool)
        hands: list[list[Card]] = []
        for seat in public.seats:
            if seat.seat == view.seat:
                hands.append(list(view.hand))
                continue
            own = [c for c in seat.known_cards]
            missing = max(0, seat.hand_count - len(own))
            own.extend(cards[len(cards) - missing :])
            del cards[len(cards) - missing :]
            hands.append(own)
        worlds.append(
            SimState(
                n=n,
                hands=hands,
                talon=cards,
                stair=list(public.staircase),
                fits=[f.copy() for f in fits],
                table=set(table),
                played=list(played),
                has_melded=list(played),
                gains=[0.0] * n,
                rebuilds=public.rebuilds,
                next_meld_id=len(public.melds),
                to_act=view.seat,
                holder=view.seat,
            )
        )
    return worlds


# --------------------------------------------------------------------- search
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


def candidate_plans(hand: Sequence[Card], ctx: Context, discards: int = 3) -> list[Plan]:
    """Plans for the rest of the turn, best by the heuristic first: for every way to meld
    (as ``plan_turn``) the ``discards`` best discards, and a plan that melds nothing."""
    plans: list[Plan] = []
    for melds, rest in partitions(hand, True):
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
            plans.append(
                Plan(melds, layoffs, discard, (), points, True, points + ctx.out_bonus, fits)
            )
            continue
        plans.extend(_discard_plans(melds, layoffs, left, points, fits, ctx, discards))
    if (not plans or any(p.points for p in plans)) and len(hand) > 1:
        plans.extend(_discard_plans([], [], list(hand), 0, list(ctx.fits), ctx, 1))
    plans.sort(key=lambda p: -p.score)
    return plans


def _discard_plans(
    melds: list[tuple[Card, ...]],
    layoffs: list[tuple[Card, int, End | None]],
    left: list[Card],
    points: int,
    fits: list[Fit],
    ctx: Context,
    count: int,
) -> list[Plan]:
    pairs = promise_pairs(left, ctx)
    total_promise = sum(v for _, _, v in pairs)
    total_value = sum(hand_value(c) for c in left)
    lays = lay_values(fits)
    scored: list[tuple[float, Card]] = []
    for card in dict.fromkeys(left):
        if card is ctx.locked:
            continue
        lost = sum(v for a, b, v in pairs if a is card or b is card)
        value = (
            -feed_value(card, fits, ctx, lays)
            - ctx.risk * (total_value - hand_value(card))
            + (total_promise - lost)
        )
        scored.append((value, card))
    scored.sort(key=lambda x: -x[0])
    result: list[Plan] = []
    for value, card in scored[:count]:
        keep = tuple(c for c in left if c is not card)
        result.append(Plan(melds, layoffs, card, keep, points, False, points + value, fits))
    return result
