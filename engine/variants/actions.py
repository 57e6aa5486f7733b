"""Actions the relatives add to the shared vocabulary (``DrawTalon`` draws from the stock,
``Meld``, ``LayOff`` and ``Discard`` are used as they are), with their JSON forms."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.actions import (
    Action,
    Discard,
    DrawTalon,
    LayOff,
    Meld,
    TakeStaircase,
    action_from_json,
    action_to_json,
)
from engine.cards import Card


@dataclass(frozen=True, slots=True)
class TakeDiscard:
    """Take the top card of the discard pile."""

    seat: int


@dataclass(frozen=True, slots=True)
class TakeBack:
    """Rommé: take back into the hand the melds of a first meld that has not reached 40."""

    seat: int


@dataclass(frozen=True, slots=True)
class JokerSwap:
    """Rommé: ``card`` from the hand replaces the joker in table meld ``meld_id``; the joker
    goes at once into the new meld ``cards`` (which names it as ``Jo``) with hand cards."""

    seat: int
    card: Card
    meld_id: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Knock:
    """Wiener Rummy: discard ``card`` and knock (deadwood below the limit)."""

    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class CallRummy:
    """Wiener Rummy: discard ``card`` and lay down the other ten, all in melds."""

    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class BuyBack:
    """Wiener Rummy, between rounds: buy back in (``accept``) or let the chance pass."""

    seat: int
    accept: bool


VariantAction = Action | TakeDiscard | TakeBack | JokerSwap | Knock | CallRummy | BuyBack


def variant_action_to_json(action: VariantAction) -> dict[str, Any]:
    if isinstance(action, TakeDiscard):
        return {"t": "takediscard", "s": action.seat}
    if isinstance(action, TakeBack):
        return {"t": "takeback", "s": action.seat}
    if isinstance(action, JokerSwap):
        return {
            "t": "swap",
            "s": action.seat,
            "c": action.card.code,
            "m": action.meld_id,
            "n": [c.code for c in action.cards],
        }
    if isinstance(action, Knock):
        return {"t": "knock", "s": action.seat, "c": action.card.code}
    if isinstance(action, CallRummy):
        return {"t": "rummy", "s": action.seat, "c": action.card.code}
    if isinstance(action, BuyBack):
        return {"t": "buyback", "s": action.seat, "a": action.accept}
    return action_to_json(action)


def variant_action_from_json(data: dict[str, Any]) -> VariantAction:
    kind = data.get("t")
    seat = int(data["s"])
    if kind == "takediscard":
        return TakeDiscard(seat)
    if kind == "takeback":
        return TakeBack(seat)
    if kind == "swap":
        cards = tuple(Card.parse(c) for c in data["n"])
        return JokerSwap(seat, Card.parse(data["c"]), int(data["m"]), cards)
    if kind == "knock":
        return Knock(seat, Card.parse(data["c"]))
    if kind == "rummy":
        return CallRummy(seat, Card.parse(data["c"]))
    if kind == "buyback":
        return BuyBack(seat, bool(data["a"]))
    return action_from_json(data)


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
