"""Rommé and Wiener Rummy: the two-pack relatives of Treppenrommé, on the shared vocabulary
of actions, events, errors and views. See docs/variants.md for the rules as played here.

``analyse_variant_meld(cards)`` checks one meld (jokers, no corner, Ace 11 or 1);
``deadwood(cards)`` is the least deadwood over every arrangement into melds; ``arrange(cards)``
gives that arrangement. ``RommeRuleset(...).new_game(names, seed)`` and
``WienerRuleset(...).new_game(names, seed)`` start a session; ``load_game(text)`` rebuilds
either from its JSON.
"""

from __future__ import annotations

import json
from collections.abc import Iterable

from engine.cards import Card
from engine.table import two_packs
from engine.variants.actions import (
    BuyBack,
    CallRummy,
    JokerSwap,
    Knock,
    TakeBack,
    TakeDiscard,
    VariantAction,
    variant_action_from_json,
    variant_action_to_json,
)
from engine.variants.base import TwoPackGame, VariantDeal
from engine.variants.deadwood import (
    Arrangement,
    arrange,
    best_meld_points,
    best_melds,
    deadwood_of,
    meld_options,
)
from engine.variants.melds import VariantMeld, analyse_variant_meld, hand_value
from engine.variants.romme import RommeGame, RommeRuleset
from engine.variants.views import VariantPhase
from engine.variants.wiener import WienerGame, WienerRuleset

VARIANTS = ("treppenromme", "romme", "wiener")


def deadwood(cards: Iterable[Card], variant: str = "wiener") -> int:
    """The least deadwood of ``cards`` over every arrangement into disjoint melds: each card
    outside a meld counts its hand value (joker 30, Ace 11, J Q K 10, others face)."""
    if variant not in ("romme", "wiener"):
        raise ValueError(f"deadwood is defined for 'romme' and 'wiener', not {variant!r}")
    return deadwood_of(list(cards))


def load_game(text: str) -> RommeGame | WienerGame:
    """Rebuild a Rommé or Wiener Rummy game from ``to_json()``."""
    kind = json.loads(text).get("game")
    if kind == "romme":
        return RommeGame.from_json(text)
    if kind == "wiener":
        return WienerGame.from_json(text)
    raise ValueError(f"not a Rommé or Wiener Rummy game: {kind!r}")


__all__ = [
    "VARIANTS",
    "Arrangement",
    "BuyBack",
    "CallRummy",
    "JokerSwap",
    "Knock",
    "RommeGame",
    "RommeRuleset",
    "TakeBack",
    "TakeDiscard",
    "TwoPackGame",
    "VariantAction",
    "VariantDeal",
    "VariantMeld",
    "VariantPhase",
    "WienerGame",
    "WienerRuleset",
    "analyse_variant_meld",
    "arrange",
    "best_meld_points",
    "best_melds",
    "deadwood",
    "hand_value",
    "load_game",
    "meld_options",
    "two_packs",
    "variant_action_from_json",
    "variant_action_to_json",
]
