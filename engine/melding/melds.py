"""Priced melds: jokers wild, no corner, an Ace high or low at the game's prices (by default
the two-pack games', Ace 11 or 1).

Positions in a run are numbered 1 (Ace low) to 14 (Ace high); 2..13 are the plain ranks. A run
never holds both Aces, so it has at most 13 cards, and K A 2 is never a run.

Every joker on the table stands for one card, recorded in ``stands_for``. In a set the joker
stands for a missing suit; the first missing suit in pack order is recorded, but any missing
suit may later replace it.

Card values (``Prices``, the two-pack games' ``PRICES`` by default) and ``PricedMeld`` live
in ``engine.melding.points``, the table meld in ``engine.melding.table_meld``; both are
re-exported here.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.actions import MeldKind
from engine.cards import CARD_AT, JOKER, SUITS, Card
from engine.errors import IllegalMeld
from engine.i18n import N_, Message, plural_message
from engine.meld_checks import check_meld_length, check_set
from engine.melding.points import (
    HIGH_ACE,
    LOW_ACE,
    MAX_RUN,
    MAX_SET,
    MIN_MELD,
    PRICES,
    PricedMeld,
    Prices,
    card_at,
    hand_value,
    natural_positions,
)
from engine.melding.table_meld import PricedTableMeld


def _start_for_order(cards: Sequence[Card]) -> int | None:
    """The run's first position if ``cards`` are already in ascending run order, else None."""
    length = len(cards)
    index, first = next((i, c) for i, c in enumerate(cards) if not c.is_joker)
    for pos in natural_positions(first):
        start = pos - index
        end = start + length - 1
        if start < LOW_ACE or end > HIGH_ACE or length > MAX_RUN:
            continue
        if all(
            card.is_joker or start + i in natural_positions(card) for i, card in enumerate(cards)
        ):
            return start
    return None


def _build_run(suit: int, start: int, cards: Sequence[Card], prices: Prices) -> PricedMeld:
    stands = tuple(card_at(suit, start + i) for i in range(len(cards)))
    points = tuple(prices.position_points(start + i) for i in range(len(cards)))
    return PricedMeld(MeldKind.RUN, tuple(cards), stands, points, start)


def _missing(suit: int, positions: Sequence[int]) -> list[Card]:
    have = set(positions)
    return [card_at(suit, p) for p in range(min(have), max(have) + 1) if p not in have]


def _analyse_run(cards: Sequence[Card], text: object, prices: Prices) -> PricedMeld:
    naturals = [c for c in cards if not c.is_joker]
    jokers = len(cards) - len(naturals)
    suit = naturals[0].suit_int
    ranks = [c.rank_int for c in naturals]
    if len(set(ranks)) != len(ranks):
        raise IllegalMeld(
            N_("{text} is not a run: a run cannot hold the same rank twice."), text=text
        )
    if len(cards) > MAX_RUN:
        raise IllegalMeld(N_("{text} is not a run: a run has at most 13 cards."), text=text)
    for ordered in (list(cards), list(reversed(cards))):
        start = _start_for_order(ordered)
        if start is not None:
            return _build_run(suit, start, ordered, prices)
    # The order given is not a run order: place the naturals, fill the gaps with jokers and
    # put any spare joker where it scores most (the higher end on a tie).
    start = _best_start(suit, ranks, jokers, text, prices)
    by_pos: dict[int, Card] = {}
    for card in naturals:
        options = natural_positions(card)
        pos = options[0] if len(options) == 1 or start == LOW_ACE else HIGH_ACE
        by_pos[pos] = card
    ordered = [by_pos.get(start + i, JOKER) for i in range(len(cards))]
    return _build_run(suit, start, ordered, prices)


def _best_start(suit: int, ranks: Sequence[int], jokers: int, text: object, prices: Prices) -> int:
    """The first position of the placement of ``ranks`` (with ``jokers`` filling the gaps and
    the spare ones at either end) that scores most; raises ``IllegalMeld`` if none fits."""
    best: tuple[int, int] | None = None
    fewest_missing: list[Card] | None = None
    has_ace = 1 in ranks
    for ace_pos in (LOW_ACE, HIGH_ACE) if has_ace else (0,):
        positions = sorted(ace_pos if r == 1 else r for r in ranks)
        gaps = positions[-1] - positions[0] + 1 - len(positions)
        if fewest_missing is None or gaps < len(fewest_missing):
            fewest_missing = _missing(suit, positions)
        if gaps > jokers:
            continue
        spare = jokers - gaps
        for below in range(spare + 1):
            start = positions[0] - below
            end = positions[-1] + spare - below
            if start < LOW_ACE or end > HIGH_ACE:
                continue
            score = sum(prices.position_points(p) for p in range(start, end + 1))
            if best is None or (score, start) > best:
                best = (score, start)
    if best is None:
        assert fewest_missing is not None
        raise _no_placement(has_ace and 2 in ranks and 13 in ranks, fewest_missing, jokers, text)
    return best[1]


def _no_placement(corner: bool, missing: list[Card], jokers: int, text: object) -> IllegalMeld:
    """Why no run can be made: it would turn the corner, or too few jokers fill its gaps."""
    if corner:
        return IllegalMeld(N_("{text} is not a run: no run turns the corner (K A 2)."), text=text)
    shown = missing[:4]
    more = " …" if len(missing) > len(shown) else ""
    jokers_text = plural_message("only {n} joker", "only {n} jokers", jokers)
    if len(missing) == 1:
        return IllegalMeld(
            N_("{text} is not a run: {missing} is missing and {jokers} to fill in."),
            text=text,
            missing=tuple(shown),
            jokers=jokers_text,
        )
    return IllegalMeld(
        N_("{text} is not a run: {missing}{more} are missing and {jokers} to fill in."),
        text=text,
        missing=tuple(shown),
        more=more,
        jokers=jokers_text,
    )


def analyse_priced_meld(cards: Sequence[Card], prices: Prices = PRICES) -> PricedMeld:
    """Check that ``cards`` form one fresh Rommé / Wiener Rummy meld and price each card at
    ``prices``.

    Runs keep the order given when it is a run order (so ``5♥ 6♥ Jo`` puts the joker as 7♥
    and ``Jo 5♥ 6♥`` as 4♥); otherwise the highest-scoring placement is chosen. Raises
    ``IllegalMeld`` with a message a player can read.
    """
    text: object = tuple(cards) or Message(N_("That"))
    check_meld_length(cards, text)
    naturals = [c for c in cards if not c.is_joker]
    jokers = len(cards) - len(naturals)
    if len(naturals) < 2:
        raise IllegalMeld(
            N_("{text} is not a meld: a meld needs at least two natural cards."), text=text
        )
    if jokers > len(naturals):
        raise IllegalMeld(
            N_("{text} is not a meld: it may hold no more jokers than natural cards."), text=text
        )
    first = naturals[0]
    if all(c.rank_int == first.rank_int for c in naturals):
        suits = [c.suit_int for c in naturals]
        check_set(len(cards), suits, text)
        missing = [s for s in range(len(SUITS)) if s not in suits]
        ordered = (*naturals, *(JOKER for _ in range(jokers)))
        stands = (*naturals, *(CARD_AT[s][first.rank_int] for s in missing[:jokers]))
        points = (prices.set_points(first.rank_int),) * len(ordered)
        return PricedMeld(MeldKind.SET, ordered, stands, points, first.rank_int)
    if all(c.suit_int == first.suit_int for c in naturals):
        return _analyse_run(cards, text, prices)
    raise IllegalMeld(
        N_(
            "{text} is not a meld: a set is 3 or 4 cards of one rank in different suits, a run 3 "
            "or more cards of one suit in order."
        ),
        text=text,
    )


def priced_meld_points(cards: Sequence[Card], prices: Prices = PRICES) -> int:
    """The table points of ``cards`` as one fresh meld (raises ``IllegalMeld`` if they are none)."""
    return analyse_priced_meld(cards, prices).total


__all__ = [
    "HIGH_ACE",
    "LOW_ACE",
    "MAX_RUN",
    "MAX_SET",
    "MIN_MELD",
    "PRICES",
    "PricedMeld",
    "PricedTableMeld",
    "Prices",
    "analyse_priced_meld",
    "card_at",
    "hand_value",
    "priced_meld_points",
]
