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
from engine.games.treppe.ai.knowledge import (
    ALL_MASK,
    Fit,
    card_bit,
    cards_mask,
    fits_masks,
    hand_value,
    mask_hand_value,
    remove_card,
)
from engine.games.treppe.ai.planner import Plan
from engine.games.treppe.ai.pricing import StairFeeds, feeds_for, lay_table
from engine.games.treppe.views import PrivateView

ALL_CARDS = frozenset(FULL_PACK)
MAX_REBUILDS = 2  # the engine's default; the view does not carry the ruleset
FeedShare = tuple[tuple[Card, ...], frozenset[int], StairFeeds, int]


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
    table_mask: int = 0  # ``table`` as a card mask, kept up to date by ``play``
    table_set_ranks: frozenset[int] | None = None  # the ranks of the sets in ``fits``, lazily
    # ``Context.stair_feed`` depends only on the staircase and the set ranks: contexts of
    # the same staircase (the seats' in ``outcome``) share it, with the key it was made for
    # and the staircase's card mask.
    feed_share: FeedShare | None = None
    # ``Context.table_lays``, ``fit_mask`` and ``lay_mask`` of ``fits``, shared by the
    # contexts of every copy until a plan melds or lays off (None: not yet)
    fits_share: tuple[list[int], int, int] | None = None
    # The hands and the staircase as card masks, kept up to date by the moves once found
    # (None, -1: not yet), so that a context need not go through their cards.
    hand_masks: list[int] | None = None
    stair_mask: int = -1

    def copy(self) -> SimState:
        """An independent copy, to play one candidate forward."""
        return SimState(
            self.n,
            [list(h) for h in self.hands],
            list(self.talon),
            list(self.stair),
            list(self.fits),  # fits are never grown in place (``planner.lay_out`` copies)
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
            self.table_mask,
            self.table_set_ranks,
            self.feed_share,
            self.fits_share,
            None if self.hand_masks is None else list(self.hand_masks),
            self.stair_mask,
        )

    # ----------------------------------------------------------------- rules
    def context(
        self, seat: int, weights: Weights, locked: Card | None = None, hand_mask: int = -1
    ) -> Context:
        """The planner's ``Context`` for ``seat`` in this world (as ``Context.of_view``);
        ``hand_mask``, when given, is the card mask of the seat's hand."""
        # Card masks: a frozenset of the unseen cards would hash every card in Python.
        staircase = tuple(self.stair)
        set_ranks = self.set_ranks()
        share = self.feed_share
        if share is None or share[1] is not set_ranks or share[0] != staircase:
            mask = self.stair_mask
            if mask < 0:
                mask = self.stair_mask = cards_mask(staircase)
            share = self.feed_share = (staircase, set_ranks, feeds_for(mask, set_ranks), mask)
        stair = share[3]
        lays = self.fits_share
        if lays is None:
            lays = self.fits_share = (lay_table(self.fits), *fits_masks(self.fits))
        if hand_mask < 0:
            hand_mask = self.hand_mask(seat)
        unseen = ALL_MASK & ~(self.table_mask | stair | hand_mask)
        count = unseen.bit_count()
        avg = mask_hand_value(unseen) / count if count else 7.0
        others = [len(h) for s, h in enumerate(self.hands) if s != seat]
        bonus = sum(others) * avg
        if not self.has_melded[seat]:
            bonus *= 2
        fewest = min(others) if others else 7
        risk = weights.risk_base
        if fewest <= 2:
            risk = weights.risk_close
        elif fewest <= 4:
            risk = weights.risk_near
        # Positional (in ``Context``'s field order): a call of many keywords costs more.
        return Context(
            seat,
            self.fits,
            staircase,
            unseen,
            locked,
            bonus,
            risk,
            self.next_meld_id,
            weights,
            set_ranks,
            share[2],
            stair,
            lays[0],
            lays[1],
            lays[2],
            self.work,
        )

    def set_ranks(self) -> frozenset[int]:
        """The ranks of the sets on the table (worked out once per table)."""
        ranks = self.table_set_ranks
        if ranks is None:
            ranks = frozenset(f.rank for f in self.fits if f.kind is MeldKind.SET)
            self.table_set_ranks = ranks
        return ranks

    def hand_mask(self, seat: int) -> int:
        """The card mask of the hand of ``seat``."""
        masks = self.hand_masks
        if masks is None:
            masks = self.hand_masks = [cards_mask(h) for h in self.hands]
        return masks[seat]

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
        self.stair_mask = -1
        rng.shuffle(rebuilt)
        self.talon = rebuilt
        if not self.talon and not self.stair:
            self.over = True
            return False
        return True

    def draw_talon(self, seat: int) -> None:
        """``seat`` draws the talon's top card."""
        card = self.talon.pop()
        self.hands[seat].append(card)
        if self.hand_masks is not None:
            self.hand_masks[seat] |= card_bit(card)

    def take(self, seat: int, index: int) -> Card | None:
        """Take the staircase from ``index`` up; the locked card if only one was taken."""
        taken = self.stair[index:]
        del self.stair[index:]
        self.hands[seat].extend(taken)
        bits = cards_mask(taken)
        if self.stair_mask >= 0:
            self.stair_mask ^= bits
        if self.hand_masks is not None:
            self.hand_masks[seat] |= bits
        return taken[0] if len(taken) == 1 else None

    def play(self, seat: int, plan: Plan) -> None:
        """Apply a whole plan: its melds, lay-offs and discard (or going out)."""
        hand = self.hands[seat]
        table_mask = self.table_mask
        for meld in plan.melds:
            for card in meld:
                remove_card(hand, card)
                self.table.add(card)
                table_mask |= card_bit(card)
        for card, _, _ in plan.layoffs:
            remove_card(hand, card)
            self.table.add(card)
            table_mask |= card_bit(card)
        masks = self.hand_masks
        if masks is not None:
            masks[seat] &= ~(table_mask ^ self.table_mask)  # the cards laid from the hand
        self.table_mask = table_mask
        self.next_meld_id += len(plan.melds)
        self.fits = plan.fits
        if plan.melds:  # lay-offs change no set's rank
            self.table_set_ranks = None
        if plan.melds or plan.layoffs:  # else the fits are the same, and so is their share
            self.fits_share = None
        if plan.points:
            self.gains[seat] += plan.points
            self.has_melded[seat] = True
        if plan.discard is not None:
            remove_card(hand, plan.discard)
            self.stair.append(plan.discard)
            bit = card_bit(plan.discard)
            if masks is not None:
                masks[seat] ^= bit
            if self.stair_mask >= 0:
                self.stair_mask |= bit
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
    fits_share = (lay_table(fits), *fits_masks(fits))  # the same in every world
    stair_mask = cards_mask(public.staircase)
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
                fits=list(fits),
                table=set(table),
                played=list(played),
                has_melded=list(played),
                gains=[0.0] * n,
                rebuilds=public.rebuilds,
                next_meld_id=len(public.melds),
                to_act=view.seat,
                holder=view.seat,
                table_mask=cards_mask(table),
                fits_share=fits_share,
                hand_masks=[cards_mask(h) for h in hands],
                stair_mask=stair_mask,
            )
        )
    return worlds
