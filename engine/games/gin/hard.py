"""The ``hard`` Gin Rummy player, and ``make_player`` for every strength.

It plays the race to knock: a hand it could keep is valued by the deadwood it may expect
after its next draw and by the chance that this draw lets it knock, both over the cards it
has not seen; a discard that probably completes one of the opponent's melds costs extra.
"""

from __future__ import annotations

import engine.games.gin.melds as melds
from engine.cards import Card
from engine.games.gin.players import PAIRS, GinPlayer, Table, best_after_draw
from engine.games.gin.rules import GinPrivateView
from engine.players import RandomPlayer

STRENGTHS: tuple[str, ...] = ("random", "normal", "hard")

KNOCK_WEIGHT = 30.0  # deadwood points a sure knock after the next draw is worth
DANGER_WEIGHT = 6.0  # deadwood points a card surely completing an opponent's meld costs
TAKE_MARGIN = 1.0  # take the upcard when it beats the stock's expectation by this much


def outlook(hand: int, unseen: int, knock_card: int) -> tuple[float, float]:
    """(expected least deadwood, chance of a knock) after drawing one of ``unseen`` into the
    ten-card ``hand`` and discarding the best card."""
    cards = melds.indices(unseen)
    base = melds.deadwood(hand)
    if not cards:
        return base, 0.0
    best_cut = min(melds.deadwood_after_discards(hand).values())
    total = knocks = 0
    for card in cards:
        left = best_after_draw(hand, card, base, best_cut)
        total += left
        knocks += left <= knock_card
    return total / len(cards), knocks / len(cards)


def danger(card: int, table: Table) -> float:
    """The chance that the opponent holds two cards that meld with ``card`` (each card he
    may hold counted as likely as any other he might)."""
    unknown = table.unseen.bit_count()
    share = table.opponent_unknown / unknown if unknown else 0.0
    safe = 1.0
    for pair in PAIRS[card]:
        chance = 1.0
        for partner in melds.indices(pair):
            if not table.opponent >> partner & 1:
                chance *= share if table.unseen >> partner & 1 else 0.0
        safe *= 1.0 - chance
    return 1.0 - safe


class HardGinPlayer(GinPlayer):
    """``normal`` with the one-draw outlook and the opponent's melds in mind."""

    def _keep_cost(self, hand: int, card: Card, table: Table) -> float:
        i = melds.index(card)
        expected, knock = outlook(hand & ~(1 << i), table.unseen, table.knock_card)
        return expected - KNOCK_WEIGHT * knock + DANGER_WEIGHT * danger(i, table)

    def _wants(self, view: GinPrivateView, hand: int, card: int) -> bool:
        """Take the upcard when it lets the hand knock, or when the hand kept after taking it
        beats what a draw from the stock may be expected to leave."""
        taken = melds.deadwood_after_discards(hand | 1 << card)
        del taken[card]  # taking a card to throw it back gains nothing
        after_take = min(taken.values())
        if after_take <= view.public.knock_card:
            return True
        table = Table.of(view, hand)
        expected, _ = outlook(hand, table.unseen & ~(1 << card), table.knock_card)
        return after_take < expected - TAKE_MARGIN


def make_player(strength: str, seed: int) -> RandomPlayer | GinPlayer:
    """A Gin Rummy player of the given strength (see ``STRENGTHS``)."""
    if strength == "random":
        return RandomPlayer(seed)
    if strength == "normal":
        return GinPlayer(seed)
    if strength == "hard":
        return HardGinPlayer(seed)
    raise ValueError(f"unknown strength {strength!r}: choose one of {', '.join(STRENGTHS)}")
