"""Words for what happened: narration of the events every game shares and small formatting
helpers. A game's own events are told by its presenter."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from engine.cards import format_cards
from engine.events import (
    Discarded,
    DrewFromTalon,
    FirstDealerDrawn,
    GameEvent,
    LaidOff,
    Melded,
    TalonRebuilt,
)

# A game's teller: the line for one of its own events, "" to say nothing, None if unknown.
Teller = Callable[[GameEvent, Sequence[str]], str | None]


def plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def dealer_draw_line(event: FirstDealerDrawn, names: Sequence[str]) -> str:
    passes = [", ".join(f"{names[seat]} {card}" for seat, card in drawn) for drawn in event.passes]
    tie = " · tie, drew again: " if len(passes) > 1 else ""
    return f"Draw for first dealer: {tie.join(passes)} → {names[event.dealer]} deals."


def shared_line(event: GameEvent, names: Sequence[str], stock: str, pile: str) -> str | None:
    """The line for an event every game has; ``stock`` and ``pile`` are the game's words for
    the face-down pile and the pile it is rebuilt from."""
    if isinstance(event, FirstDealerDrawn):
        return dealer_draw_line(event, names)
    if isinstance(event, DrewFromTalon):
        return f"{names[event.seat]} drew from the {stock}."
    if isinstance(event, Melded):
        return f"{names[event.seat]} laid {format_cards(event.cards)} for {event.points}."
    if isinstance(event, LaidOff):
        return (
            f"{names[event.seat]} laid off {event.card} on meld {event.meld_id + 1} "
            f"for {event.points}."
        )
    if isinstance(event, Discarded):
        return f"{names[event.seat]} discarded {event.card}."
    if isinstance(event, TalonRebuilt):
        return f"The {pile} was shuffled into a new {stock} ({event.cards} cards)."
    return None


def narrate(
    events: Sequence[GameEvent],
    names: Sequence[str],
    tell: Teller,
    *,
    stock: str,
    pile: str,
) -> str:
    """One short line for the table's log, e.g. 'Ben laid Q♥ K♥ A♥ for 30.': the game's
    teller first, then the shared events."""
    parts: list[str] = []
    for event in events:
        line = tell(event, names)
        if line is None:
            line = shared_line(event, names, stock, pile)
        if line:
            parts.append(line)
    return " ".join(parts)


def clip(text: str, limit: int = 1024) -> str:
    """Embed fields hold 1024 characters; long staircases and tables are cut with an ellipsis."""
    return text if len(text) <= limit else text[: limit - 1] + "…"
