from __future__ import annotations

import pytest

from engine import FULL_PACK, JOKER, Card, ParseError, Rank, RulesError, Suit, parse_cards


@pytest.mark.parametrize("card", FULL_PACK)
def test_text_round_trips(card: Card) -> None:
    assert Card.parse(str(card)) is card
    assert Card.parse(card.code) is card


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Q♥", Card(Rank.QUEEN, Suit.HEARTS)),
        ("QH", Card(Rank.QUEEN, Suit.HEARTS)),
        ("qh", Card(Rank.QUEEN, Suit.HEARTS)),
        ("10♠", Card(Rank.TEN, Suit.SPADES)),
        ("10s", Card(Rank.TEN, Suit.SPADES)),
        ("TS", Card(Rank.TEN, Suit.SPADES)),
        ("♥Q", Card(Rank.QUEEN, Suit.HEARTS)),
        ("a♣", Card(Rank.ACE, Suit.CLUBS)),
        ("Jo", JOKER),
        ("JK", JOKER),
        ("🃏", JOKER),
    ],
)
def test_parse_accepts_what_players_type(text: str, expected: Card) -> None:
    assert Card.parse(text) is expected


def test_lists_split_on_spaces_commas_and_dashes() -> None:
    expected = [Card.parse("QH"), Card.parse("KH"), Card.parse("AH")]
    assert parse_cards("Q♥ K♥ A♥") == expected
    assert parse_cards("qh,kh,ah") == expected
    assert parse_cards("QH-KH-AH") == expected
    assert parse_cards("  QH ,  KH  AH ") == expected


@pytest.mark.parametrize("text", ["", "   ", "Q", "11H", "QX", "hello", "Q♥♥"])
def test_bad_text_is_refused_with_a_readable_message(text: str) -> None:
    with pytest.raises(ParseError) as info:
        parse_cards(text)
    assert isinstance(info.value, RulesError)
    assert isinstance(info.value, ValueError)
    assert "card" in str(info.value).lower()


def test_cards_are_interned_and_immutable() -> None:
    assert Card(Rank.TWO, Suit.CLUBS) is Card(Rank.TWO, Suit.CLUBS)
    with pytest.raises(AttributeError):
        Card(Rank.TWO, Suit.CLUBS).rank = Rank.THREE  # type: ignore[misc]
    assert len(set(FULL_PACK)) == 52


def test_joker_needs_no_suit_and_others_do() -> None:
    with pytest.raises(ValueError):
        Card(Rank.ACE, None)
    with pytest.raises(ValueError):
        Card(Rank.JOKER, Suit.HEARTS)


def test_german_suit_letters_and_names_are_read() -> None:
    assert parse_cards("P10 10P Kr7 Ka3 KaD") == parse_cards("10♠ 10♠ 7♣ 3♦ Q♦")
    assert parse_cards("Pik 10, Dame Herz, KrA") == parse_cards("10♠ Q♥ A♣")
    assert parse_cards("KH KaK SPADES 5") == parse_cards("K♥ K♦ 5♠")  # K is still the king
