"""Helpers for the Rommé, Wiener Rummy and 500 Rum scenario tests: a first deal, card by
card."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from engine import Card, RulesError, parse_cards
from engine.actions import Action
from engine.cards import Pack
from engine.deal import Deal
from engine.games.romme.game import RommeGame, RommeRuleset
from engine.games.rum500.game import Rum500Game, Rum500Ruleset
from engine.games.wiener.game import WienerGame, WienerRuleset


def cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_cards(text))


def one(text: str) -> Card:
    (card,) = parse_cards(text)
    return card


def chosen_deal(
    hands: Sequence[str], discard: str, stock_top: str, dealer: int, jokers: int, packs: int = 2
) -> Deal:
    """Seat i gets ``hands[i]``; ``discard`` bottom first; ``stock_top`` lists the next stock
    cards in the order they will be drawn; every other card of ``packs`` packs and ``jokers``
    jokers goes under the stock."""
    dealt = [list(parse_cards(h)) if h.strip() else [] for h in hands]
    pile = list(parse_cards(discard)) if discard.strip() else []
    top = list(parse_cards(stock_top)) if stock_top.strip() else []
    rest = Pack(packs, jokers).cards()
    for card in [c for hand in dealt for c in hand] + pile + top:
        rest.remove(card)
    stock = rest + list(reversed(top))
    return Deal(dealer, tuple(tuple(h) for h in dealt), tuple(pile), tuple(stock))


NAMES = ("Anna", "Ben", "Cleo", "Dora", "Emil", "Fritz")


def romme(
    hands: Sequence[str],
    discard: str = "2♣",
    stock_top: str = "",
    dealer: int = 0,
    ruleset: RommeRuleset | None = None,
) -> RommeGame:
    deal = chosen_deal(hands, discard, stock_top, dealer, jokers=6)
    return (ruleset or RommeRuleset()).new_game(NAMES[: len(hands)], seed=7, deal=deal)


def wiener(
    hands: Sequence[str],
    discard: str = "2♣",
    stock_top: str = "",
    dealer: int = 0,
    ruleset: WienerRuleset | None = None,
) -> WienerGame:
    deal = chosen_deal(hands, discard, stock_top, dealer, jokers=2)
    return (ruleset or WienerRuleset()).new_game(NAMES[: len(hands)], seed=7, deal=deal)


def rum500(
    hands: Sequence[str], discard: str = "2♣", stock_top: str = "", dealer: int = 1, **rules: int
) -> Rum500Game:
    """500 Rum dealt as chosen (one pack, no jokers); ``rules`` are table options. The dealer
    is seat 1, so seat 0 plays first."""
    deal = chosen_deal(hands, discard, stock_top, dealer, jokers=0, packs=1)
    return Rum500Ruleset(**rules).new_game(NAMES[: len(hands)], seed=3, deal=deal)


def refused(game: RommeGame | WienerGame | Rum500Game, action: Action, message: str) -> None:
    """The action is refused with ``message`` and nothing changes."""
    before = (game.to_json(), game.public_view(), [game.private_view(s) for s in range(game.n)])
    assert not game.can(action)
    with pytest.raises(RulesError) as info:
        game.apply(action)
    assert message in str(info.value), str(info.value)
    after = (game.to_json(), game.public_view(), [game.private_view(s) for s in range(game.n)])
    assert before == after
