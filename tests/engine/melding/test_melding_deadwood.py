"""Least deadwood (RULES.md §3): checked against an exhaustive search on random hands."""

from __future__ import annotations

import random
from functools import cache
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import FULL_PACK, JOKER, Card, IllegalMeld, deadwood, parse_cards
from engine.melding import analyse_priced_meld, arrange, best_meld_points, hand_value
from engine.melding.deadwood import deadwood_after_discards, deadwood_of


def brute_force(hand: list[Card]) -> int:
    """Try every way to split the hand into melds (checked by the meld analyser) and
    leftovers; independent of the engine's candidate search."""
    n = len(hand)

    @cache
    def least(rest: int) -> int:
        if not rest:
            return 0
        first = (rest & -rest).bit_length() - 1
        others = [i for i in range(first + 1, n) if rest >> i & 1]
        best = hand_value(hand[first]) + least(rest & ~(1 << first))
        for size in range(2, len(others) + 1):
            for combo in combinations(others, size):
                group = [hand[first], *(hand[i] for i in combo)]
                try:
                    analyse_priced_meld(group)
                except IllegalMeld:
                    continue
                left = rest & ~(1 << first)
                for i in combo:
                    left &= ~(1 << i)
                best = min(best, least(left))
        return best

    return least((1 << n) - 1)


def clustered_hand(rng: random.Random, size: int, jokers: int) -> list[Card]:
    """Cards from two suits and a narrow band of ranks, so melds are common."""
    pack = [*FULL_PACK, *FULL_PACK]
    suits = rng.sample(range(4), 2)
    low = rng.randint(1, 8)
    pool = [c for c in pack if c.suit_int in suits and low <= c.rank_int <= low + 6]
    pool += [c for c in pack if c.rank_int == low + 2 and c.suit_int not in suits]
    return [*rng.sample(pool, size), *([JOKER] * jokers)]


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), jokers=st.integers(0, 2), size=st.integers(3, 8))
def test_deadwood_matches_exhaustive_search(seed: int, jokers: int, size: int) -> None:
    hand = clustered_hand(random.Random(seed), size, jokers)
    random.Random(seed).shuffle(hand)
    assert deadwood(hand) == brute_force(hand)
    laid = arrange(hand)
    assert laid.deadwood == deadwood(hand)
    used = [c for meld in laid.melds for c in meld.cards] + list(laid.leftover)
    assert sorted(used) == sorted(hand)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), jokers=st.integers(0, 2))
def test_deadwood_on_spread_hands(seed: int, jokers: int) -> None:
    rng = random.Random(seed)
    hand = [*rng.sample([*FULL_PACK, *FULL_PACK], 8 - jokers), *([JOKER] * jokers)]
    assert deadwood(hand) == brute_force(hand)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("5♥ 6♥ 7♥ 8♠ 8♦ 8♣ K♠ K♦ K♣ 2♠", 2),
        ("5♥ 6♥ Jo 8♠ 8♦ Jo K♠ K♦ K♣ 2♠", 2),
        ("Jo", 30),
        ("A♠ A♦", 22),
        ("A♠ 2♠ 3♠ Q♥ K♥ A♥ 7♣ 7♦ 7♥ 4♦", 4),
        ("7♥ 7♥ 7♠", 21),  # two packs: the same card twice is no set
    ],
)
def test_known_deadwood(text: str, value: int) -> None:
    assert deadwood(parse_cards(text)) == value
    assert deadwood(parse_cards(text), game="romme") == value


def test_deadwood_game_names() -> None:
    with pytest.raises(ValueError):
        deadwood(parse_cards("5♥"), game="treppenromme")


def test_best_meld_points_with_a_card_included() -> None:
    hand = parse_cards("Q♥ K♥ A♥ 10♠ 10♦ 10♣ 2♦")
    assert best_meld_points(hand) == 61
    assert best_meld_points(hand, include=parse_cards("2♦")[0]) == -1
    assert best_meld_points([*hand, JOKER], include=JOKER) > 61


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), size=st.integers(1, 11), jokers=st.integers(0, 2))
def test_deadwood_after_each_discard_matches_the_hand_without_it(
    seed: int, size: int, jokers: int
) -> None:
    """One shared search answers for every discard exactly what a fresh search of the hand
    without that card answers (two packs: a card may be held twice)."""
    hand = clustered_hand(random.Random(seed), max(size - jokers, 0), min(jokers, size))
    after = deadwood_after_discards(hand)
    assert set(after) == set(hand)
    for card in set(hand):
        rest = list(hand)
        rest.remove(card)
        assert after[card] == deadwood_of(rest), f"{hand} without {card}"
