"""Player actions: one vocabulary for every game. Each names the seat that acts; the game
checks and applies them and refuses, with a reason, an action its rules do not have."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any

from engine.cards import Card
from engine.errors import IllegalMeld, ParseError
from engine.i18n import N_


class End(Enum):
    """Which end of a run a card is laid at. ``LOW`` is before the first card."""

    LOW = "low"
    HIGH = "high"


def misfit_at_end(
    card: Card, target: tuple[Card, ...], end: End, fits_other_end: bool
) -> IllegalMeld:
    """The refusal for ``card`` laid at ``end`` of the run ``target`` where it does not fit:
    a hint to try the other end when it fits there."""
    if not fits_other_end:
        return IllegalMeld(N_("{card} does not fit the run {target}."), card=card, target=target)
    if end is End.LOW:
        return IllegalMeld(
            N_("{card} does not go before {target}; try the other end."), card=card, target=target
        )
    return IllegalMeld(
        N_("{card} does not go after {target}; try the other end."), card=card, target=target
    )


class MeldKind(Enum):
    """A set (cards of one rank) or a run (one suit, ranks in a row)."""

    SET = "set"
    RUN = "run"


@dataclass(frozen=True, slots=True)
class DrawTalon:
    """Draw the top card of the stock (Treppenrommé's talon)."""

    seat: int


@dataclass(frozen=True, slots=True)
class Meld:
    """Put ``cards`` from the hand down as a new table meld, a set or a run."""

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
    """Put ``card`` from the hand on the discard pile, ending the turn."""

    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class TakeDiscard:
    """Take the top ``depth`` cards of the discard pile: 1 is the top card alone, 3 the card
    third from the top and the two above it (Treppenrommé's staircase takes any depth)."""

    seat: int
    depth: int = 1


@dataclass(frozen=True, slots=True)
class TakeStaircase:
    """A take from a spread discard pile named by position, as players type it (and as logs
    stored before ``TakeDiscard`` had a depth spell it): the card at ``index`` (0 = the
    bottom card) and every card above it. The game resolves it into the ``TakeDiscard`` of
    the same cards before checking it; legal moves and action logs hold only ``TakeDiscard``."""

    seat: int
    index: int


@dataclass(frozen=True, slots=True)
class TakeBack:
    """Take back into the hand the melds of a first meld that has not reached its minimum."""

    seat: int


@dataclass(frozen=True, slots=True)
class JokerSwap:
    """``card`` from the hand replaces the joker in table meld ``meld_id``; the joker goes at
    once into the new meld ``cards`` (which names it as ``Jo``) with hand cards."""

    seat: int
    card: Card
    meld_id: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Knock:
    """Discard ``card`` and knock (deadwood below the limit)."""

    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class CallRummy:
    """Discard ``card`` and lay down every other card, all in melds."""

    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class BuyBack:
    """Between rounds: buy back in (``accept``) or let the chance pass."""

    seat: int
    accept: bool


@dataclass(frozen=True, slots=True)
class Pass:
    """Let the upcard lie where a game offers it without a draw (Gin Rummy's first upcard, or
    its last chance at the wall; 500 Rum's empty stock, which ends the round)."""

    seat: int


Action = (
    DrawTalon
    | Meld
    | LayOff
    | Discard
    | TakeDiscard
    | TakeBack
    | JokerSwap
    | Knock
    | CallRummy
    | BuyBack
    | TakeStaircase
    | Pass
)


def action_to_json(action: Action) -> dict[str, Any]:
    """A compact JSON-ready form; the action log is stored as a list of these."""
    if isinstance(action, DrawTalon):
        return {"t": "draw", "s": action.seat}
    if isinstance(action, TakeDiscard):
        if action.depth == 1:
            return {"t": "takediscard", "s": action.seat}
        return {"t": "takediscard", "s": action.seat, "d": action.depth}
    if isinstance(action, Meld):
        return {"t": "meld", "s": action.seat, "c": [c.code for c in action.cards]}
    if isinstance(action, LayOff):
        data: dict[str, Any] = {"t": "lay", "s": action.seat, "c": action.card.code}
        data["m"] = action.meld_id
        if action.end is not None:
            data["e"] = action.end.value
        return data
    if isinstance(action, Discard):
        return {"t": "discard", "s": action.seat, "c": action.card.code}
    return _more_to_json(action)


def _more_to_json(
    action: TakeBack | JokerSwap | Knock | CallRummy | BuyBack | TakeStaircase | Pass,
) -> dict[str, Any]:
    if isinstance(action, Pass):
        return {"t": "pass", "s": action.seat}
    if isinstance(action, TakeStaircase):
        return {"t": "take", "s": action.seat, "i": action.index}
    if isinstance(action, TakeBack):
        return {"t": "takeback", "s": action.seat}
    if isinstance(action, JokerSwap):
        cards = [c.code for c in action.cards]
        return {
            "t": "swap",
            "s": action.seat,
            "c": action.card.code,
            "m": action.meld_id,
            "n": cards,
        }
    if isinstance(action, Knock):
        return {"t": "knock", "s": action.seat, "c": action.card.code}
    if isinstance(action, CallRummy):
        return {"t": "rummy", "s": action.seat, "c": action.card.code}
    if isinstance(action, Pass):
        return {"t": "pass", "s": action.seat}
    return {"t": "buyback", "s": action.seat, "a": action.accept}


def action_from_json(data: dict[str, Any]) -> Action:
    """The action ``action_to_json`` wrote; a ``ParseError`` for a kind it does not know."""
    kind = data.get("t")
    seat = int(data["s"])
    if kind == "draw":
        return DrawTalon(seat)
    if kind == "takediscard":
        return TakeDiscard(seat, int(data.get("d", 1)))
    if kind == "meld":
        return Meld(seat, tuple(Card.parse(c) for c in data["c"]))
    if kind == "lay":
        end = End(data["e"]) if "e" in data else None
        return LayOff(seat, Card.parse(data["c"]), int(data["m"]), end)
    if kind == "discard":
        return Discard(seat, Card.parse(data["c"]))
    return _more_from_json(kind, seat, data)


def _more_from_json(kind: object, seat: int, data: dict[str, Any]) -> Action:
    if kind == "take":  # Treppenrommé's staircase take as stored before TakeDiscard's depth
        return TakeStaircase(seat, int(data["i"]))
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
    if kind == "pass":
        return Pass(seat)
    raise ParseError(N_("unknown action {kind}"), kind=repr(kind))
