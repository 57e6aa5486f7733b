"""Every game's melds are refused in the same words for the same fault: the checks they share
(``engine.meld_checks``) are written once, and both meld arithmetics (Treppenrommé's ring,
the priced melds with jokers of Rommé, Wiener Rummy and 500 Rum) stand on them."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from engine.actions import End
from engine.cards import Card, parse_cards
from engine.errors import IllegalMeld
from engine.games.treppe.melds import TableMeld, analyse_meld
from engine.melding.melds import analyse_priced_meld
from engine.melding.table_meld import PricedTableMeld


def _refusal(check: Callable[[], object]) -> str:
    with pytest.raises(IllegalMeld) as info:
        check()
    return str(info.value)


def _treppe_layoff(meld: str, card: str, end: End | None = None) -> str:
    shape = analyse_meld(parse_cards(meld))
    table = TableMeld(0, 0, shape.kind, list(shape.cards), list(shape.points), [0] * 3)
    return _refusal(lambda: table.layoff_points(_one(card), end))


def _priced_layoff(meld: str, card: str, end: End | None = None) -> str:
    table = PricedTableMeld.from_shape(0, 0, analyse_priced_meld(parse_cards(meld)))
    return _refusal(lambda: table.layoff(_one(card), end))


def _one(text: str) -> Card:
    (card,) = parse_cards(text)
    return card


@pytest.mark.parametrize(
    "cards",
    ["9♠ 9♥", "9♠ 9♥ 9♦ 9♣ 9♠", "9♠ 9♥ 9♠"],
    ids=["too short", "five of a rank", "a suit twice"],
)
def test_a_fresh_meld_is_refused_alike_in_every_game(cards: str) -> None:
    held = parse_cards(cards)
    ring = _refusal(lambda: analyse_meld(held))
    priced = _refusal(lambda: analyse_priced_meld(held))
    assert ring == priced


@pytest.mark.parametrize(
    ("meld", "card", "end", "words"),
    [
        ("9♠ 9♥ 9♦", "10♣", None, "10♣ does not fit the set 9♠ 9♥ 9♦."),
        ("9♠ 9♥ 9♦", "9♥", None, "The set 9♠ 9♥ 9♦ already has 9♥: its suits must differ."),
        ("5♥ 6♥ 7♥", "9♥", None, "9♥ does not fit the run 5♥ 6♥ 7♥."),
        ("5♥ 6♥ 7♥", "8♥", End.LOW, "8♥ does not go before 5♥ 6♥ 7♥; try the other end."),
        ("5♥ 6♥ 7♥", "4♥", End.HIGH, "4♥ does not go after 5♥ 6♥ 7♥; try the other end."),
    ],
)
def test_a_layoff_is_refused_alike_in_every_game(
    meld: str, card: str, end: End | None, words: str
) -> None:
    assert _treppe_layoff(meld, card, end) == words == _priced_layoff(meld, card, end)


def test_a_card_fitting_both_ends_must_be_told_its_end() -> None:
    # A 12-card run leaves one rank: in Treppenrommé's ring it fits both ends.
    ring = "2♣ 3♣ 4♣ 5♣ 6♣ 7♣ 8♣ 9♣ 10♣ J♣ Q♣ K♣"
    shape = analyse_meld(parse_cards(ring))
    table = TableMeld(0, 0, shape.kind, list(shape.cards), list(shape.points), [0] * 12)
    said = _refusal(lambda: table.layoff_points(_one("A♣"), None))
    assert said == f"A♣ fits both ends of {ring}: say which end."
    assert table.layoff_points(_one("A♣"), End.LOW) == 1
    assert table.layoff_points(_one("A♣"), End.HIGH) == 10
