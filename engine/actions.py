"""Player actions. Each names the seat that acts; the game checks and applies them."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any

from engine.cards import Card
from engine.errors import ParseError


class End(Enum):
    """Which end of a run a card is laid at. ``LOW`` is before the first card."""

    LOW = "low"
    HIGH = "high"


@dataclass(frozen=True, slots=True)
class DrawTalon:
    seat: int


@dataclass(frozen=True, slots=True)
class TakeStaircase:
    """Take the staircase card at ``index`` (0 = the oldest, bottom card) and every card
    above it. Players see positions numbered from 1, so position = index + 1."""

    seat: int
    index: int


@dataclass(frozen=True, slots=True)
class Meld:
    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class LayOff:
    """Lay ``card`` onto the table meld ``meld_id``; ``end`` is needed for runs only."""

    seat: int
    card: Card
    meld_id: int
    end: End | None = None


@dataclass(frozen=True, slots=True)
class Discard:
    seat: int
    card: Card


Action = DrawTalon | TakeStaircase | Meld | LayOff | Discard


def action_to_json(action: Action) -> dict[str, Any]:
    """A compact JSON-ready form; the action log is stored as a list of these."""
    if isinstance(action, DrawTalon):
        return {"t": "draw", "s": action.seat}
    if isinstance(action, TakeStaircase):
        return {"t": "take", "s": action.seat, "i": action.index}
    if isinstance(action, Meld):
        return {"t": "meld", "s": action.seat, "c": [c.code for c in action.cards]}
    if isinstance(action, LayOff):
        data: dict[str, Any] = {"t": "lay", "s": action.seat, "c": action.card.code}
        data["m"] = action.meld_id
        if action.end is not None:
            data["e"] = action.end.value
        return data
    return {"t": "discard", "s": action.seat, "c": action.card.code}


def action_from_json(data: dict[str, Any]) -> Action:
    kind = data.get("t")
    seat = int(data["s"])
    if kind == "draw":
        return DrawTalon(seat)
    if kind == "take":
        return TakeStaircase(seat, int(data["i"]))
    if kind == "meld":
        return Meld(seat, tuple(Card.parse(c) for c in data["c"]))
    if kind == "lay":
        end = End(data["e"]) if "e" in data else None
        return LayOff(seat, Card.parse(data["c"]), int(data["m"]), end)
    if kind == "discard":
        return Discard(seat, Card.parse(data["c"]))
    raise ParseError(f"unknown action {kind!r}")
