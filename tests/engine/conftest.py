"""Helpers for scenario tests: build a game from a deal chosen card by card."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pytest

from engine import FULL_PACK, Deal, Game, Ruleset, parse_cards

DealFactory = Callable[..., Game]


def build_game(
    hands: Sequence[str],
    staircase: str,
    talon_top: str = "",
    dealer: int = 0,
    ruleset: Ruleset | None = None,
    names: Sequence[str] | None = None,
) -> Game:
    """Seat i gets ``hands[i]``; ``staircase`` oldest first; ``talon_top`` lists the next
    talon cards in the order they will be drawn. Every other card goes under the talon."""
    dealt = [parse_cards(h) if h.strip() else [] for h in hands]
    stairs = parse_cards(staircase)
    top = parse_cards(talon_top) if talon_top.strip() else []
    used = [c for hand in dealt for c in hand] + stairs + top
    rest = [c for c in FULL_PACK if c not in used]
    talon = rest + list(reversed(top))
    deal = Deal(dealer, tuple(tuple(h) for h in dealt), tuple(stairs), tuple(talon))
    seat_names = names or ["Anna", "Ben", "Cleo", "Dora"][: len(hands)]
    return (ruleset or Ruleset()).new_game(seat_names, seed=7, deal=deal)


@pytest.fixture
def deal() -> DealFactory:
    return build_game
