"""What the planner knows of the table (``Context``) and the weights it prices plans with."""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.actions import MeldKind
from engine.cards import Card
from engine.games.treppe.ai.knowledge import (
    Fit,
    average_hand_value,
    cards_mask,
    fits_masks,
    mask_cards,
    table_fits,
    unseen_cards,
)
from engine.games.treppe.views import PrivateView


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
    unseen_mask: int  # the unseen cards as a card mask (``knowledge.cards_mask``)
    locked: Card | None
    out_bonus: float
    risk: float
    next_meld_id: int
    weights: Weights
    table_set_ranks: frozenset[int] = field(default_factory=frozenset)
    # feed_value's staircase part per card, filled lazily (the staircase is fixed here)
    # (by card bit number, a list: a dict of cards would hash them in Python); None: not yet
    # looked up (``pricing.stair_feeds``)
    stair_feed: list[tuple[float, float] | None] | None = None
    stair_mask: int = -1  # the staircase as a card mask, filled lazily (-1: not yet)
    table_lays: list[int] | None = None  # ``pricing.lay_table`` of ``fits``, filled lazily
    # ``knowledge.fits_masks`` of ``fits``: the cards that fit, and that score (-1: not yet)
    fit_mask: int = -1
    lay_mask: int = -1
    # Splits planned so far, shared by every context of one search, which stops sampling
    # worlds once this passes its budget (a count, not a clock, so decisions replay).
    work: list[int] | None = None

    @classmethod
    def of_view(cls, view: PrivateView, weights: Weights) -> Context:
        """The context of the seat of ``view``: its unseen cards, risk and going-out bonus."""
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
            unseen_mask=cards_mask(unseen),
            locked=view.locked_discard,
            out_bonus=bonus,
            risk=risk,
            next_meld_id=len(public.melds),
            weights=weights,
            table_set_ranks=set_ranks,
        )

    @property
    def unseen(self) -> frozenset[Card]:
        """The cards this seat cannot see."""
        return mask_cards(self.unseen_mask)

    @property
    def staircase_mask(self) -> int:
        """The staircase as a card mask."""
        mask = self.stair_mask
        if mask < 0:
            mask = self.stair_mask = cards_mask(self.staircase)
        return mask

    def fit_masks(self) -> tuple[int, int]:
        """``knowledge.fits_masks`` of ``fits``: the cards that fit, and that score."""
        if self.fit_mask < 0:
            self.fit_mask, self.lay_mask = fits_masks(self.fits)
        return self.fit_mask, self.lay_mask

    def with_staircase(self, staircase: tuple[Card, ...], locked: Card | None) -> Context:
        """This context after a dig: the staircase left and the card that may not go back."""
        return Context(
            self.seat,
            self.fits,
            staircase,
            self.unseen_mask,
            locked,
            self.out_bonus,
            self.risk,
            self.next_meld_id,
            self.weights,
            self.table_set_ranks,
            table_lays=self.table_lays,
            fit_mask=self.fit_mask,
            lay_mask=self.lay_mask,
            work=self.work,
        )
