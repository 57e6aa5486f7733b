"""The worlds ``hard`` searches: ``SimState``, one sampled deal played forward by a lean copy of
the round rules (draw, melds and lay-offs, discard, going out, Rommé hand, talon rebuilds, dead
rounds) on ``Fit`` summaries of the table, and ``sample_worlds``, which deals them."""

from __future__ import annotations

import random
from dataclasses import dataclass

from engine.actions import MeldKind
from engine.cards import FULL_PACK, Card
from engine.games.treppe.ai.candidates import hold_plans, should_hold
from engine.games.treppe.ai.context import Context, Weights
from engine.games.treppe.ai.knowledge import Fit, hand_value
from engine.games.treppe.ai.planner import Plan
from engine.games.treppe.views import PrivateView

ALL_CARDS = frozenset(FULL_PACK)
MAX_REBUILDS = 2  # the engine's default; the view does not carry the ruleset


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
        """An independent copy, to play one candidate forward."""
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
        """The planner's ``Context`` for ``seat`` in this world (as ``Context.of_view``)."""
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
        """``seat`` draws the talon's top card."""
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
        """``seat`` goes out: it wins the cards left in hand (double for a Rommé hand)."""
        left = sum(hand_value(c) for s in range(self.n) if s != seat for c in self.hands[s])
        self.gains[seat] += left * (1 if self.played[seat] else 2)
        self.over = True


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
