"""Words for what happened: one-line narration of engine events and small formatting helpers."""

from __future__ import annotations

from collections.abc import Sequence

from engine import format_cards
from engine.events import Discarded, DrewFromTalon, FirstDealerDrawn, LaidOff, Melded, TalonRebuilt
from engine.games.romme.events import JokerSwapped, MeldsTakenBack, Opened, RommeRoundResult
from engine.games.treppe.events import (
    Event,
    RoundEnded,
    RoundResult,
    RoundStarted,
    SessionEnded,
    TookFromStaircase,
)
from engine.games.wiener.events import (
    BoughtBack,
    DeclinedBuyBack,
    Knocked,
    RummyCalled,
    WienerRoundResult,
)
from engine.twopack.deadwood import Arrangement
from engine.twopack.events import DealtRound, TookDiscard, VariantRoundEnded, VariantSessionEnded


def plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def dealer_draw_line(event: FirstDealerDrawn, names: Sequence[str]) -> str:
    passes = [", ".join(f"{names[seat]} {card}" for seat, card in drawn) for drawn in event.passes]
    tie = " · tie, drew again: " if len(passes) > 1 else ""
    return f"Draw for first dealer: {tie.join(passes)} → {names[event.dealer]} deals."


def result_line(result: RoundResult, names: Sequence[str]) -> str:
    if result.went_out is None:
        return f"Round {result.round_number} ended with nobody going out; meld points stand."
    double = " (Rommé hand: doubled)" if result.hand_romme else ""
    return (
        f"Round {result.round_number}: {names[result.went_out]} went out and scores "
        f"{result.bonus} from the others' hands{double}."
    )


def arrangement_text(laid: Arrangement) -> str:
    """'Q♥ K♥ A♥ · 7♣ 7♦ 7♠ | left 4♦ (4)': melds, then deadwood."""
    melds = " · ".join(format_cards(m.cards) for m in laid.melds)
    left = (
        f"left {format_cards(laid.leftover)} ({laid.deadwood})" if laid.leftover else "no deadwood"
    )
    return f"{melds} | {left}" if melds else left


def variant_result_line(result: RommeRoundResult | WienerRoundResult, names: Sequence[str]) -> str:
    if isinstance(result, RommeRoundResult):
        if result.went_out is None:
            return f"Round {result.round_number} ended dead: the stock ran out, no minus points."
        double = " (hand Rommé: minus points doubled)" if result.hand_romme else ""
        return f"Round {result.round_number}: {names[result.went_out]} went out{double}."
    if result.closer is None:
        return f"Round {result.round_number} ended dead: the stock ran out, no bad points."
    how = "called Rummy" if result.rummy else "knocked"
    out = f" Out of the rubber: {', '.join(names[s] for s in result.out)}." if result.out else ""
    return f"Round {result.round_number}: {names[result.closer]} {how}.{out}"


def _variant_part(event: object, names: Sequence[str]) -> str | None:
    if isinstance(event, DealtRound):
        if event.round_number <= 1:
            return ""
        return f"Round {event.round_number}: {names[event.dealer]} deals."
    if isinstance(event, TookDiscard):
        return f"{names[event.seat]} took {event.card} from the discard pile."
    if isinstance(event, Opened):
        return f"{names[event.seat]} has the first meld down ({event.points} points)."
    if isinstance(event, MeldsTakenBack):
        return f"{names[event.seat]} took back {format_cards(event.cards)}."
    if isinstance(event, JokerSwapped):
        return (
            f"{names[event.seat]} put {event.card} in place of the joker in meld "
            f"{event.meld_id + 1} and laid {format_cards(event.cards)} for {event.points}."
        )
    if isinstance(event, Knocked):
        return f"👊 {names[event.seat]} knocked: {arrangement_text(event.hand)}."
    if isinstance(event, RummyCalled):
        return f"🎉 {names[event.seat]} called Rummy: {arrangement_text(event.hand)}."
    if isinstance(event, VariantRoundEnded):
        return variant_result_line(event.result, names)
    if isinstance(event, BoughtBack):
        return (
            f"{names[event.seat]} bought back in for {event.chips} chips: "
            f"{event.before} → {event.after} bad points."
        )
    if isinstance(event, DeclinedBuyBack):
        return f"{names[event.seat]} did not buy back in."
    if isinstance(event, VariantSessionEnded):
        if event.pot:
            return f"🏆 {names[event.winner]} wins the rubber and the pot of {event.pot} chips!"
        return f"🏆 {names[event.winner]} wins with {event.totals[event.winner]} minus points!"
    return None


def narrate(
    events: Sequence[Event] | Sequence[object], names: Sequence[str], *, variant: bool = False
) -> str:
    """One short line for the table's log, e.g. 'Ben laid Q♥ K♥ A♥ for 30.' ``variant``:
    Rommé or Wiener Rummy words (stock and discard pile)."""
    parts: list[str] = []
    pile = "discard pile" if variant else "staircase"
    stock = "stock" if variant else "talon"
    for event in events:
        special = _variant_part(event, names)
        if special is not None:
            if special:
                parts.append(special)
        elif isinstance(event, FirstDealerDrawn):
            parts.append(dealer_draw_line(event, names))
        elif isinstance(event, DrewFromTalon):
            parts.append(f"{names[event.seat]} drew from the {stock}.")
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
            parts.append(f"The {pile} was shuffled into a new {stock} ({event.cards} cards).")
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
