"""Wiener Rummy's own words (``engine.narration`` tells the rest): a Rummy call, buying back
in, and a round's bad points and chips."""

from __future__ import annotations

from engine.events import SessionEnded
from engine.games.wiener.events import (
    BoughtBack,
    DeclinedBuyBack,
    RummyCalled,
    WienerRoundResult,
)
from engine.games.wiener.views import WienerSeatView
from engine.i18n import N_, N_plural, _, ngettext
from engine.narration import GameWords, Narrator


def _rummy(voice: Narrator, event: RummyCalled) -> list[str]:
    card = voice.card(event.card)  # the hand shows in the round's result, which follows
    yours, theirs = (
        N_("You call Rummy, discarding {card}."),
        N_("{name} calls Rummy, discarding {card}."),
    )
    return [voice.spoken(event.seat, yours, theirs, card=card)]


def _bought(voice: Narrator, event: BoughtBack) -> list[str]:
    yours = N_("You buy back in for {chips} chips: {before} → {after} bad points.")
    theirs = N_("{name} buys back in for {chips} chips: {before} → {after} bad points.")
    paid = {"chips": event.chips, "before": event.before, "after": event.after}
    return [voice.spoken(event.seat, yours, theirs, **paid)]


def _declined(voice: Narrator, event: DeclinedBuyBack) -> list[str]:
    return [
        voice.spoken(event.seat, N_("You do not buy back in."), N_("{name} does not buy back in."))
    ]


def _rubber_won(voice: Narrator, event: SessionEnded) -> list[str]:
    yours = N_("You win the rubber and the pot of {pot} chips (balance {chips}).")
    theirs = N_("{name} wins the rubber and the pot of {pot} chips (balance {chips}).")
    chips = f"{event.totals[event.winner]:+d}"
    return ["", voice.bold(voice.spoken(event.winner, yours, theirs, pot=event.pot, chips=chips))]


def _closed(voice: Narrator, result: WienerRoundResult, closer: int) -> str:
    if result.rummy:
        yours = N_("You called Rummy: the others take their deadwood as bad points.")
        theirs = N_("{name} called Rummy: the others take their deadwood as bad points.")
    else:
        yours = N_("You knocked: everyone takes their deadwood as bad points.")
        theirs = N_("{name} knocked: everyone takes their deadwood as bad points.")
    return voice.spoken(closer, yours, theirs)


def result_lines(voice: Narrator, result: WienerRoundResult) -> list[str]:
    """How the round closed, each hand laid down with its bad points, the chips, who is out."""
    closer = result.closer
    if closer is None:
        lines = [_("The round ends with no one out: no bad points.")]
    else:
        lines = [_closed(voice, result, closer)]
    for seat, laid in enumerate(result.hands):
        if laid is not None:
            bad = ngettext("+{n} bad point", "+{n} bad points", result.bad_points[seat])
            lines.append(f"  {voice.name(seat)}: {voice.laid(laid)} → {bad}")
    chips = " · ".join(f"{voice.name(s)} {c:+d}" for s, c in enumerate(result.chips))
    lines.append(_("Chips: {chips}", chips=chips))
    yours = N_plural(
        "You are out of the rubber ({n} bad point).", "You are out of the rubber ({n} bad points)."
    )
    theirs = N_plural(
        "{name} is out of the rubber ({n} bad point).",
        "{name} is out of the rubber ({n} bad points).",
    )
    lines += [voice.counted(seat, yours, theirs, result.totals[seat]) for seat in result.out]
    return lines


def seat_note(seat: WienerSeatView) -> str:
    """The seat's chips, and whether it is still in the rubber."""
    chips = ngettext("{chips} chip", "{chips} chips", abs(seat.chips), chips=f"{seat.chips:+d}")
    return chips if seat.in_rubber else _("{chips}, out of the rubber", chips=chips)


HELP = (
    N_("  knock 7♠                 discard 7♠ and knock (deadwood under the limit)"),
    N_("  rummy 7♠                 discard 7♠ and call Rummy (every other card in melds)"),
    N_("  buy, pass                buy back in, or let the chance pass"),
)

WORDS = GameWords(
    result=result_lines,
    totals=N_("Bad points so far:"),
    melds_in_play=False,
    tellers={
        RummyCalled: _rummy,
        BoughtBack: _bought,
        DeclinedBuyBack: _declined,
        SessionEnded: _rubber_won,
    },
    seat_note=seat_note,
    help=HELP,
)
