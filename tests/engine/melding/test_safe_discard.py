"""The timeout move's discard (also the hand's suggested discard) searches only where it must:
it picks exactly the card the plain search over every discard picks."""

from __future__ import annotations

from collections.abc import Sequence

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.actions import Action, Discard, DrawTalon
from engine.cards import Card, Pack, parse_cards
from engine.melding.hand_cost import real_deadwood, without
from engine.melding.players import least_deadwood_discard, pick_discard

TWO_PACKS = Pack(packs=2, jokers=6).cards()


def plain_choice(hand: Sequence[Card], legal: Sequence[Action]) -> Action | None:
    """Every discard scored by the least deadwood of the hand without it (a joker 100 more)."""
    return pick_discard(
        legal, lambda c: real_deadwood(without(hand, [c])) + (100 if c.is_joker else 0)
    )


def discards(hand: Sequence[Card]) -> list[Action]:
    return [Discard(0, c) for c in dict.fromkeys(hand)]


@settings(max_examples=400, deadline=None)
@given(
    hand=st.lists(st.sampled_from(range(len(TWO_PACKS))), min_size=1, max_size=15, unique=True),
    offered=st.floats(min_value=0.0, max_value=1.0),
)
def test_the_bounded_search_picks_the_plain_searchs_card(hand: list[int], offered: float) -> None:
    cards = [TWO_PACKS[i] for i in hand]
    legal = discards(cards)
    legal = legal[: max(1, round(len(legal) * offered))]  # some games offer only some discards
    assert least_deadwood_discard(cards, legal) == plain_choice(cards, legal)


def test_a_card_in_a_meld_is_kept_when_a_loose_one_costs_less() -> None:
    hand = parse_cards("K♥ K♠ K♦ 2♣ 9♦")
    assert least_deadwood_discard(hand, discards(hand)) == Discard(0, parse_cards("9♦")[0])


def test_a_hand_all_in_melds_sheds_a_king_from_its_set_of_four() -> None:
    # Nothing is left over, so a melded card goes: a king leaves a set of three (no deadwood),
    # a club of the run would leave two cards of it loose.
    hand = parse_cards("K♥ K♠ K♦ K♣ 2♣ 3♣ 4♣")
    chosen = least_deadwood_discard(hand, discards(hand))
    assert chosen == plain_choice(hand, discards(hand))
    assert isinstance(chosen, Discard) and chosen.card.rank_int == 13


def test_no_discard_offered_gives_none() -> None:
    assert least_deadwood_discard(parse_cards("K♥ 2♣"), [DrawTalon(0)]) is None
