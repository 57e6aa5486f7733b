"""Words for what happened: one-line narration of engine events and small formatting helpers."""

from __future__ import annotations

from collections.abc import Sequence

from engine import format_cards
from engine.events import (
    Discarded,
    DrewFromTalon,
    Event,
    FirstDealerDrawn,
    LaidOff,
    Melded,
    RoundEnded,
    RoundResult,
    RoundStarted,
    SessionEnded,
    TalonRebuilt,
    TookFromStaircase,
)


def plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def dealer_draw_line(event: FirstDealerDrawn, names: Sequence[str]) -> str:
    passes = [", ".join(f"{names[seat]} {card}" for seat, card in drawn) for drawn in event.passes]
    tie = " · tie, drew again: " if len(passes) > 1 else ""
    return f"Draw for first dealer: {tie.join(passes)} → {names[event.dealer]} deals."


def result_line(result: RoundResult, names: Sequence[str]) -> str:
    if result.went_out is None:
        return f"Round {result.round_number} ended with nobody going out; meld points stand."
    double = " (Rommé hand: doubled)" if result.romme_hand else ""
    return (
        f"Round {result.round_number}: {names[result.went_out]} went out and scores "
        f"{result.bonus} from the others' hands{double}."
    )


def narrate(events: Sequence[Event], names: Sequence[str]) -> str:
    """One short line for the table's log, e.g. 'Ben laid Q♥ K♥ A♥ for 30.'"""
    parts: list[str] = []
    for event in events:
        if isinstance(event, FirstDealerDrawn):
            parts.append(dealer_draw_line(event, names))
        elif isinstance(event, DrewFromTalon):
            parts.append(f"{names[event.seat]} drew from the talon.")
        elif isinstance(event, TookFromStaircase):
            parts.append(
                f"{names[event.seat]} took {plural(len(event.cards), 'card')} from the "
                f"staircase ({format_cards(event.cards)})."
            )
        elif isinstance(event, Melded):
            parts.append(
                f"{names[event.seat]} laid {format_cards(event.cards)} for {event.points}."
            )
        elif isinstance(event, LaidOff):
            parts.append(
                f"{names[event.seat]} laid off {event.card} on meld {event.meld_id + 1} "
                f"for {event.points}."
            )
        elif isinstance(event, Discarded):
            parts.append(f"{names[event.seat]} discarded {event.card}.")
        elif isinstance(event, TalonRebuilt):
            parts.append(f"The staircase was shuffled into a new talon ({event.cards} cards).")
        elif isinstance(event, RoundEnded):
            parts.append(result_line(event.result, names))
        elif isinstance(event, RoundStarted) and event.round_number > 1:
            parts.append(f"Round {event.round_number}: {names[event.dealer]} deals.")
        elif isinstance(event, SessionEnded):
            parts.append(f"🏆 {names[event.winner]} wins with {event.totals[event.winner]}!")
    return " ".join(parts)


def clip(text: str, limit: int = 1024) -> str:
    """Embed fields hold 1024 characters; long staircases and tables are cut with an ellipsis."""
    return text if len(text) <= limit else text[: limit - 1] + "…"
