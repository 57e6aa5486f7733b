"""One pack on bitmasks: a hand's cards listed from its mask."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from engine.cards import Card
from engine.onepack import CARDS, cards_of, indices, mask_of


@given(st.integers(min_value=0, max_value=(1 << 52) - 1))
def test_indices_lists_every_set_bit_from_the_lowest(mask: int) -> None:
    assert indices(mask) == [i for i in range(52) if mask >> i & 1]


@given(st.sets(st.sampled_from(CARDS)))
def test_a_hands_mask_gives_back_its_cards_by_suit_then_rank(hand: set[Card]) -> None:
    cards = cards_of(mask_of(hand))
    assert set(cards) == hand
    assert list(cards) == sorted(cards, key=lambda c: (c.suit_int, c.rank_int))
