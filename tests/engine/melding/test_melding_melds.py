"""Meld rulings shared by Rommé and Wiener Rummy (RULES.md §2, §3): two packs, jokers,
no corner, Ace 11 or 1, joker values; and the public ``meld_points`` game keyword."""

from __future__ import annotations

import pytest

from engine import JOKER, IllegalMeld, meld_points, parse_cards
from engine.actions import MeldKind
from engine.melding import analyse_priced_meld, hand_value
from tests.engine.melding_deals import cards, one


@pytest.mark.parametrize(
    ("text", "points"),
    [
        ("7♥ 7♠ 7♣", 21),
        ("7♥ 7♠ 7♣ 7♦", 28),
        ("A♥ A♠ A♣", 33),  # Ace 11 in a set
        ("Q♥ K♥ A♥", 31),  # Ace 11 high
        ("A♥ 2♥ 3♥", 6),  # Ace 1 low
        ("8♦ 9♦ 10♦ J♦", 37),
        ("J♣ Q♣ Jo A♣", 41),  # the joker is K♣ for 10
        ("6♠ 6♥ Jo", 18),
        ("3♠ Jo Jo 6♠", 18),  # two jokers side by side in a run of four
    ],
)
def test_meld_values(text: str, points: int) -> None:
    assert meld_points(parse_cards(text), game="romme") == points
    assert meld_points(parse_cards(text), game="wiener") == points


def test_default_game_is_treppenromme() -> None:
    assert meld_points(parse_cards("Q♥ K♥ A♥")) == 30
    assert meld_points(parse_cards("Q♥ K♥ A♥"), game="treppenromme") == 30
    with pytest.raises(ValueError):
        meld_points(parse_cards("Q♥ K♥ A♥"), game="canasta")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("7♥ 7♥ 7♠", "is not a set: its suits must all differ"),  # two packs
        ("K♥ A♥ 2♥", "no run turns the corner (K A 2)"),
        ("Q♥ K♥ A♥ 2♥", "no run turns the corner (K A 2)"),
        ("5♥ Jo Jo", "a meld needs at least two natural cards"),
        ("Jo Jo 5♥ 6♥ Jo", "no more jokers than natural cards"),
        ("5♥ 6♥", "too short: a meld needs at least 3 cards"),
        ("7♥ 7♠ 7♣ 7♦ Jo", "a set has at most 4 cards"),
        ("5♥ 6♥ 6♥", "a run cannot hold the same rank twice"),
        ("5♥ 6♠ 7♥", "is not a meld"),
        ("5♥ 6♥ 9♥", "7♥ 8♥ are missing"),
        ("5♥ Jo 9♥", "are missing and only 1 joker to fill in"),
    ],
)
def test_refused_melds(text: str, message: str) -> None:
    with pytest.raises(IllegalMeld) as info:
        analyse_priced_meld(parse_cards(text))
    assert message in str(info.value)


def test_two_jokers_side_by_side_only_in_runs_of_four_or_more() -> None:
    # Three cards with two jokers would need a single natural: refused.
    with pytest.raises(IllegalMeld):
        analyse_priced_meld(cards("5♥ Jo Jo"))
    # In a set of four two jokers are allowed (two naturals, two jokers).
    assert analyse_priced_meld(cards("7♥ 7♠ Jo Jo")).kind is MeldKind.SET
    shape = analyse_priced_meld(cards("3♠ Jo Jo 6♠"))
    assert [str(c) for c in shape.stands_for] == ["3♠", "4♠", "5♠", "6♠"]


def test_joker_place_keeps_the_order_given() -> None:
    high = analyse_priced_meld(cards("5♥ 6♥ Jo"))
    assert high.stands_for[2] is one("7♥") and high.total == 18
    low = analyse_priced_meld(cards("Jo 5♥ 6♥"))
    assert low.stands_for[0] is one("4♥") and low.total == 15
    # Descending order is read as the same run.
    down = analyse_priced_meld(cards("Jo 6♥ 5♥"))
    assert down.cards == cards("5♥ 6♥ Jo")


def test_joker_place_otherwise_scores_most() -> None:
    # "5♥ Jo 6♥" is no run order: the joker goes where it is worth most (7♥).
    shape = analyse_priced_meld(cards("5♥ Jo 6♥"))
    assert shape.cards == cards("5♥ 6♥ Jo")
    assert shape.stands_for[2] is one("7♥")
    # K♥ A♥ with a joker: only Q♥ fits (no corner), Ace high.
    shape = analyse_priced_meld(cards("A♥ K♥ Jo"))
    assert shape.cards == cards("Jo K♥ A♥") and shape.total == 31
    # A♥ 2♥ and a joker: 3♥ (the Ace cannot be high next to a 2).
    shape = analyse_priced_meld(cards("2♥ A♥ Jo"))
    assert shape.cards == cards("A♥ 2♥ Jo") and shape.total == 6
    # A gap forces the joker's place.
    shape = analyse_priced_meld(cards("9♣ J♣ Jo"))
    assert shape.stands_for == cards("9♣ 10♣ J♣")


def test_set_joker_stands_for_a_missing_suit() -> None:
    shape = analyse_priced_meld(cards("6♠ 6♥ Jo"))
    assert shape.stands_for[2] in cards("6♣ 6♦")
    assert shape.total == 18


def test_hand_values() -> None:
    assert hand_value(one("Jo")) == 30
    assert hand_value(one("A♠")) == 11
    assert hand_value(one("K♠")) == 10
    assert hand_value(one("7♠")) == 7


def test_runs_hold_at_most_thirteen_cards() -> None:
    full = analyse_priced_meld(cards("2♦ 3♦ 4♦ 5♦ 6♦ 7♦ 8♦ 9♦ 10♦ J♦ Q♦ K♦ A♦"))
    assert full.total == 2 + 3 + 4 + 5 + 6 + 7 + 8 + 9 + 10 + 30 + 11
    with pytest.raises(IllegalMeld):
        analyse_priced_meld(cards("A♦ 2♦ 3♦ 4♦ 5♦ 6♦ 7♦ 8♦ 9♦ 10♦ J♦ Q♦ K♦ A♦"))


def test_a_set_joker_moves_to_the_suit_still_missing_after_a_lay_off() -> None:
    from engine.melding.melds import PricedTableMeld

    meld = PricedTableMeld.from_shape(0, 0, analyse_priced_meld(parse_cards("J♣ J♥ Jo")))
    joker_at = meld.cards.index(JOKER)
    covered = meld.stands_for[joker_at]
    natural = next(c for c in parse_cards("J♦ J♠") if c is covered)
    end, stands, points = meld.layoff(natural, None)
    meld.add(natural, end, stands, points, 1)
    assert meld.stands_for[joker_at] is not natural
    assert {c.suit_int for c in meld.stands_for} == {0, 1, 2, 3}


def test_a_game_with_other_card_values_passes_its_prices() -> None:
    """500 Rum counts the Ace 15 (1 before the 2), Gin the Ace 1 in hand: the meld rules price
    every card with the game's prices from the start, on the table and in the hand."""
    from engine.cards import Pack
    from engine.melding.deadwood import arrange, best_meld_points, deadwood_of
    from engine.melding.melds import PRICES, PricedTableMeld, Prices

    rum = Prices(ace_high=15, ace_low=1, ace_in_hand=15, joker_in_hand=15)
    assert analyse_priced_meld(cards("A♥ A♠ A♣"), rum).points == (15, 15, 15)
    assert analyse_priced_meld(cards("Q♥ K♥ A♥"), rum).total == 35
    assert analyse_priced_meld(cards("A♥ 2♥ 3♥"), rum).total == 6
    assert analyse_priced_meld(cards("A♥ A♠ A♣")).total == 33  # the two-pack games' prices
    run = analyse_priced_meld(cards("J♦ Q♦ K♦"), rum)
    meld = PricedTableMeld.from_shape(0, 0, run, rum)
    assert meld.layoff(one("A♦"), None)[2] == 15
    gin = Prices(ace_in_hand=1, joker_in_hand=0)
    hand = cards("A♣ K♠ 7♥ 7♦ 7♣")
    assert deadwood_of(hand, gin) == 1 + 10 and deadwood_of(hand) == 11 + 10
    assert arrange(hand, gin).deadwood == 11 and arrange(hand, PRICES).deadwood == 21
    assert best_meld_points(cards("A♥ A♠ A♣ 5♦"), prices=rum) == 45
    assert Pack(2, 6).size == 110 and Pack().cards() == list(Pack(1, 0).cards())
