"""What the opponent will throw next, for ``hard``: OpenSpiel's simple bot (the EAAI baseline)
and most players throw their highest unmelded card, so the next discard is most likely of the
rank of the last one or a little below it (a card just drawn may be higher). Before his first
discard it is most likely a King or a Queen.

The shares by rank are rounded from those measured against the simple bot: over 3,017 of its
discards that followed one of ``hard``'s in 300 deals (both seats), the rank it threw next,
given the rank it threw last (the same for every last rank, counted below it). A kept hand
is then valued with the upcard it may be offered besides the stock: ``outlook`` takes the
better of the two for every card the opponent may throw.
"""

from __future__ import annotations

from engine.games.gin.rules import PACK, GinPrivateView
from engine.onepack import RANKS, indices

BELOW_LAST = (0.18, 0.30, 0.16, 0.09, 0.05, 0.03)  # the last discard's rank, one below, ...
ABOVE_LAST = 0.06  # each rank above the last discard (a card just drawn)
FIRST = {13: 0.51, 12: 0.27, 11: 0.09, 10: 0.05, 9: 0.01, 8: 0.02}  # before any discard
UPCARD_WEIGHT = 0.7  # how far the forecast is trusted (1: fully); measured best of 0.5-1


def rank_shares(last: int | None) -> dict[int, float]:
    """The chance of each rank (1 Ace to 13 King) for the opponent's next discard, given the
    rank of his last one (None: he has not discarded yet)."""
    if last is None:
        return dict(FIRST)
    shares = {}
    for rank in range(1, RANKS + 1):
        below = last - rank
        if below < 0:
            shares[rank] = ABOVE_LAST
        elif below < len(BELOW_LAST):
            shares[rank] = BELOW_LAST[below]
    return shares


def next_discards(view: GinPrivateView, unseen: int) -> dict[int, float]:
    """The chance that each card of ``unseen`` (by index) is the opponent's next discard, each
    rank's share spread evenly over its unseen cards and scaled by ``UPCARD_WEIGHT``."""
    thrown = view.public.seats[1 - view.seat].discarded
    shares = rank_shares(thrown[-1].rank_int if thrown else None)
    by_rank: dict[int, list[int]] = {}
    for card in indices(unseen):
        by_rank.setdefault(card % RANKS + 1, []).append(card)
    total = sum(share for rank, share in shares.items() if rank in by_rank)
    chances: dict[int, float] = {}
    for rank, share in shares.items():
        for card in by_rank.get(rank, ()):
            chances[card] = UPCARD_WEIGHT * share / total / len(by_rank[rank])
    return chances


def outlook(
    hand: int, unseen: int, knock_card: int, upcards: dict[int, float]
) -> tuple[float, float]:
    """(expected least deadwood, chance of a knock) after the next draw into the ten-card
    ``hand``: from the stock (any of ``unseen``), or the opponent's discard when it is better,
    each card being that discard with its chance in ``upcards``."""
    cards = indices(unseen)
    base = PACK.deadwood(hand)
    if not cards:
        return base, 0.0
    best_cut = min(PACK.deadwood_after_discards(hand).values())
    lefts = [least_after_draw(hand, card, base, best_cut) for card in cards]
    stock = sum(lefts) / len(lefts)
    knock = sum(left <= knock_card for left in lefts) / len(lefts)
    offered = expected = chance = 0.0
    for card, left in zip(cards, lefts, strict=True):
        share = upcards.get(card, 0.0)
        if share:
            offered += share
            expected += share * min(left, stock)
            chance += share * max(float(left <= knock_card), knock)
    return expected + (1 - offered) * stock, chance + (1 - offered) * knock


def least_after_draw(hand: int, card: int, base: int, best_cut: int) -> int:
    """The least deadwood of ``hand`` (ten cards) after drawing ``card`` and discarding the
    best card; ``base`` is the hand's deadwood, ``best_cut`` its least with one card fewer."""
    if not PACK.fits(card, hand):
        return min(base, best_cut + PACK.value[card])
    return min(PACK.deadwood_after_discards(hand | 1 << card).values())
