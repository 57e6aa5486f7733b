"""The search's shortcuts (meld tests on masks, the best discard found alone, the masks a
world keeps up to date, the lay-off masks of fits) agree with what they stand for."""

from __future__ import annotations

import random

from engine.cards import FULL_PACK
from engine.games.treppe.ai.context import Context, Weights
from engine.games.treppe.ai.knowledge import Fit, cards_mask, fits_masks, meld_kind
from engine.games.treppe.ai.partitions import may_meld
from engine.games.treppe.ai.pricing import best_discard, discard_values, lay_table
from engine.games.treppe.ai.rollout import policy_turn
from engine.games.treppe.ai.worlds import SimState
from engine.games.treppe.melds import possible_melds


def test_may_meld_matches_possible_melds() -> None:
    rng = random.Random(3)
    for _ in range(3000):
        hand = rng.sample(FULL_PACK, rng.randint(0, 14))
        assert may_meld(cards_mask(hand)) == bool(possible_melds(hand))


def _context(rng: random.Random) -> tuple[list[Fit], Context]:
    cards = rng.sample(FULL_PACK, 40)
    fits = [Fit.of_cards(i, m, meld_kind(m)) for i, m in enumerate(possible_melds(cards[20:]))]
    stair = tuple(cards[12:18])
    ctx = Context(0, fits[:4], stair, cards_mask(cards[26:]), None, 0.0, 0.45, 9, Weights())
    return cards[:12], ctx


def test_best_discard_is_the_first_of_the_best() -> None:
    rng = random.Random(5)
    for _ in range(300):
        cards, ctx = _context(rng)
        hand = cards[: rng.randint(1, 12)]
        ctx.locked = rng.choice([None, hand[0]])
        values = discard_values(hand, ctx.fits, True, ctx)
        expected = max(values, key=lambda v: v[0]) if values else None
        assert best_discard(hand, ctx.fits, True, ctx) == expected


def test_fits_masks_list_the_cards_that_fit() -> None:
    rng = random.Random(6)
    for _ in range(200):
        _, ctx = _context(rng)
        fitting, scoring = fits_masks(ctx.fits)
        lays = lay_table(ctx.fits)
        for fit in ctx.fits:
            for bit, number, _, _, _ in fit.fitting_bits():
                assert fitting & bit
                assert bool(scoring & bit) == (lays[number] > 0)


def test_world_masks_follow_the_moves() -> None:
    rng = random.Random(7)
    weights = Weights()
    for _ in range(40):
        cards = rng.sample(FULL_PACK, 52)
        state = SimState(
            n=2,
            hands=[cards[:7], cards[7:14]],
            talon=cards[16:],
            stair=cards[14:16],
            fits=[],
            table=set(),
            played=[False, False],
            has_melded=[False, False],
            gains=[0.0, 0.0],
            rebuilds=0,
            next_meld_id=0,
            to_act=0,
        )
        state.hand_mask(0)
        state.stair_mask = cards_mask(state.stair)
        for _ in range(12):
            if state.over:
                break
            policy_turn(state, weights, rng)
            assert state.hand_masks == [cards_mask(h) for h in state.hands]
            if state.stair_mask >= 0:
                assert state.stair_mask == cards_mask(state.stair)
            assert state.table_mask == cards_mask(state.table)
