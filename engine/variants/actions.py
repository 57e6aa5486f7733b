"""The relatives' actions now live in the shared vocabulary, ``engine.actions``; these names
remain for older imports."""

from __future__ import annotations

from engine.actions import (
    Action,
    BuyBack,
    CallRummy,
    Discard,
    DrawTalon,
    JokerSwap,
    Knock,
    LayOff,
    Meld,
    TakeBack,
    TakeDiscard,
    TakeStaircase,
    action_from_json,
    action_to_json,
)

VariantAction = Action
variant_action_to_json = action_to_json
variant_action_from_json = action_from_json

__all__ = [
    "BuyBack",
    "CallRummy",
    "Discard",
    "DrawTalon",
    "JokerSwap",
    "Knock",
    "LayOff",
    "Meld",
    "TakeBack",
    "TakeDiscard",
    "TakeStaircase",
    "VariantAction",
    "variant_action_from_json",
    "variant_action_to_json",
]
