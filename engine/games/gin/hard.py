"""The ``hard`` Gin Rummy player, and ``make_player`` for every strength.

It plays the race to knock: a hand it could keep is valued by the deadwood it may expect
after its next draw and by the chance that this draw lets it knock, both over the cards it
has not seen; a discard that probably completes one of the opponent's melds costs extra.
"""

from __future__ import annotations

import engine.games.gin.melds as melds
from engine.cards import Card
from engine.games.gin.players import (
    PAIRS,
    GinPlayer,
    RandomGinPlayer,
    Table,
    best_after_draw,
    bits,
)
from engine.games.gin.views import GinPrivateView

STRENGTHS: tuple[str, ...] = ("random", "normal", "hard")

KNOCK_WEIGHT = 12.0  # deadwood points a sure knock after the next draw is worth
DANGER_WEIGHT = 6.0  # deadwood points a card surely completing an opponent's meld costs
TAKE_MARGIN = 1.0  # take the upcard when it beats the stock's expectation by this much


def outlook(hand: int, unseen: int, knock_card: int) -> tuple[float, float]:
    """(expected least deadwood, chance of a knock) after drawing one of ``unseen`` into the
    ten-card ``hand`` and discarding the best card."""
    base = melds.deadwood(hand)
    best_cut = min(melds.deadwood_after_discards(hand).values())
    cards = bits(unseen)
    total = knocks = 0
    for card in cards:
        left = best_after_draw(hand, card, base, best_cut)
        total += left
        knocks += left <= knock_card
    return total / len(cards), knocks / len(cards)


def danger(card: int, table: Table) -> float:
    """The chance that the opponent holds two cards that meld with ``card``."""
    unknown = table.unseen.bit_count()
    share = table.opponent_unknown / unknown if unknown else 0.0
    safe = 1.0
    for pair in PAIRS[card]:
        chance = 1.0
        for partner in bits(pair):
            if table.opponent >> partner & 1:
                continue
            chance *= share if table.unseen >> partner & 1 else 0.0
        safe *= 1.0 - chance
    return 1.0 - safe


class HardGinPlayer(GinPlayer):
    """``normal`` with the one-draw outlook and the opponent's melds in mind."""

    def _keep_cost(self, hand: int, card: Card, table: Table) -> float:
        i = melds.index(card)
        expected, knock = outlook(hand & ~(1 << i), table.unseen, self._knock_card)
        return expected - KNOCK_WEIGHT * knock + DANGER_WEIGHT * danger(i, table)

    def _context(self, view: GinPrivateView, hand: int) -> Table:
        self._knock_card = view.public.knock_card
        return Table.of(view, hand)

    def _wants(self, view: GinPrivateView, hand: int, card: int) -> bool:
        taken = melds.deadwood_after_discards(hand | 1 << card)
        del taken[card]
        after_take = min(taken.values())
        if after_take <= view.public.knock_card:
            return True
        table = Table.of(view, hand)
        expected, _ = outlook_of_draw(hand, table.unseen & ~(1 << card))
        return after_take < expected - TAKE_MARGIN


def outlook_of_draw(hand: int, unseen: int) -> tuple[float, int]:
    """The least deadwood to expect after drawing one of ``unseen`` into the ten-card
    ``hand``, and how many cards were looked at."""
    base = melds.deadwood(hand)
    best_cut = min(melds.deadwood_after_discards(hand).values())
    cards = bits(unseen)
    total = sum(best_after_draw(hand, card, base, best_cut) for card in cards)
    return total / len(cards), len(cards)


def make_player(strength: str, seed: int) -> RandomGinPlayer | GinPlayer:
    """A Gin Rummy player of the given strength (see ``STRENGTHS``)."""
    if strength == "random":
        return RandomGinPlayer(seed)
    if strength == "normal":
        return GinPlayer(seed)
    if strength == "hard":
        return HardGinPlayer(seed)
    raise ValueError(f"unknown strength {strength!r}: choose one of {', '.join(STRENGTHS)}")
