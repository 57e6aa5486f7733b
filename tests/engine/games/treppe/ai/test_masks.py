"""The planner's fast paths (card masks, pair tables, discard values) agree with the plain
definitions they replace."""

from __future__ import annotations

import random

from engine.cards import FULL_PACK, Card
from engine.games.treppe.ai.context import Context, Weights
from engine.games.treppe.ai.knowledge import (
    Fit,
    cards_mask,
    fit_value,
    hand_value,
    mask_cards,
    mask_hand_value,
    meld_kind,
    remove_card,
)
from engine.games.treppe.ai.pricing import (
    discard_values,
    feed_value,
    hand_pairs,
    lay_values,
    promise_pairs,
)
from engine.games.treppe.melds import possible_melds


def _context(rng: random.Random, hand_size: int) -> tuple[list[Card], Context]:
    cards = rng.sample(FULL_PACK, 40)
    hand, stair = cards[:hand_size], tuple(cards[hand_size : hand_size + 6])
    fits = [Fit.of_cards(i, m, meld_kind(m)) for i, m in enumerate(possible_melds(cards[20:]))]
    ctx = Context(0, fits[:4], stair, cards_mask(cards[26:]), None, 0.0, 0.45, 9, Weights())
    return hand, ctx


def _plain_values(hand: list[Card], ctx: Context) -> list[tuple[float, Card]]:
    """``discard_values`` as the planner first priced discards, card by card."""
    pairs = promise_pairs(hand, ctx)
    total_promise = sum(v for _, _, v in pairs)
    total_value = sum(hand_value(c) for c in hand)
    lays = lay_values(ctx.fits)
    result: list[tuple[float, Card]] = []
    for card in hand:
        lost = sum(v for a, b, v in pairs if a is card or b is card)
        value = (
            -feed_value(card, ctx.fits, ctx, lays)
            - ctx.risk * (total_value - hand_value(card))
            + (total_promise - lost)
        )
        result.append((value, card))
    return result


def test_masks_match_sets() -> None:
    rng = random.Random(1)
    for _ in range(200):
        cards = rng.sample(FULL_PACK, rng.randint(0, 52))
        mask = cards_mask(cards)
        assert mask_cards(mask) == frozenset(cards)
        assert mask_hand_value(mask) == sum(hand_value(c) for c in cards)


def test_remove_card_removes_the_first_by_identity() -> None:
    cards = list(FULL_PACK[:5])
    remove_card(cards, FULL_PACK[2])
    assert cards == [FULL_PACK[0], FULL_PACK[1], FULL_PACK[3], FULL_PACK[4]]


def test_discard_values_match_the_plain_formula() -> None:
    rng = random.Random(2)
    for _ in range(300):
        hand, ctx = _context(rng, rng.randint(1, 11))
        expected = _plain_values(hand, ctx)
        assert discard_values(hand, ctx.fits, True, ctx) == expected
        assert discard_values(hand, ctx.fits, False, ctx) == expected
        # A part of the hand in pack order, priced from the whole hand's pairs.
        part = sorted(rng.sample(hand, rng.randint(1, len(hand))))
        found = (hand_pairs(hand, ctx), cards_mask(part))
        assert discard_values(part, ctx.fits, True, ctx, found) == _plain_values(part, ctx)
        lays = lay_values(ctx.fits)
        assert all(fit_value(c, ctx.fits) == lays.get(c, 0) for c in hand)
