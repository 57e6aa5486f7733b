"""Rommé's own words (``engine.narration`` tells the rest): the first meld of 40, a joker
swap, taking an unfinished first meld back, the minus points a round leaves and the fewest
that win."""

from __future__ import annotations

from engine.events import SessionEnded
from engine.games.romme.events import JokerSwapped, MeldsTakenBack, Opened, RommeRoundResult
from engine.games.romme.views import RommeSeatView
from engine.i18n import N_, N_plural, _, ngettext
from engine.narration import GameWords, Narrator


def _opened(voice: Narrator, event: Opened) -> list[str]:
    yours = N_plural(
        "Your first meld is down ({n} point).", "Your first meld is down ({n} points)."
    )
    theirs = N_plural(
        "{name} has the first meld down ({n} point).",
        "{name} has the first meld down ({n} points).",
    )
    return [voice.counted(event.seat, yours, theirs, event.points)]


def _taken_back(voice: Narrator, event: MeldsTakenBack) -> list[str]:
    yours = N_("You take your unfinished first meld back: {cards}.")
    theirs = N_("{name} takes an unfinished first meld back: {cards}.")
    return [voice.spoken(event.seat, yours, theirs, cards=voice.cards(event.cards))]


def _swapped(voice: Narrator, event: JokerSwapped) -> list[str]:
    yours = N_plural(
        "You put {card} in place of the joker in meld {meld} and meld {cards} as meld {new} "
        "for {n} point.",
        "You put {card} in place of the joker in meld {meld} and meld {cards} as meld {new} "
        "for {n} points.",
    )
    theirs = N_plural(
        "{name} puts {card} in place of the joker in meld {meld} and melds {cards} as meld "
        "{new} for {n} point.",
        "{name} puts {card} in place of the joker in meld {meld} and melds {cards} as meld "
        "{new} for {n} points.",
    )
    shown = {"card": voice.card(event.card), "meld": event.meld_id + 1}
    new = {"cards": voice.cards(event.cards), "new": event.new_meld_id + 1}
    return [voice.counted(event.seat, yours, theirs, event.points, **shown, **new)]


def _won(voice: Narrator, event: SessionEnded) -> list[str]:
    yours = N_plural(
        "You win the game with {n} minus point.", "You win the game with {n} minus points."
    )
    theirs = N_plural(
        "{name} wins the game with {n} minus point.",
        "{name} wins the game with {n} minus points.",
    )
    return ["", voice.bold(voice.counted(event.winner, yours, theirs, event.totals[event.winner]))]


def result_lines(voice: Narrator, result: RommeRoundResult) -> list[str]:
    """Who went out (a hand Rommé doubles), then each hand left and its minus points."""
    closer = result.closer
    if closer is None:
        return [
            _(
                "Round {round_number} ends with no one out: no minus points.",
                round_number=result.round_number,
            )
        ]
    if result.hand_romme:
        yours = N_("You go out with a hand Rommé: the minus points count double.")
        theirs = N_("{name} goes out with a hand Rommé: the minus points count double.")
    else:
        yours, theirs = N_("You go out."), N_("{name} goes out.")
    lines = [voice.spoken(closer, yours, theirs)]
    for seat, hand in enumerate(result.hands):
        if seat != closer:
            minus = ngettext("{n} minus point", "{n} minus points", result.minus[seat])
            lines.append(f"  {voice.name(seat)}: {voice.hand(hand) or '-'} → {minus}")
    return lines


def seat_note(seat: RommeSeatView) -> str:
    """Whether the seat's first meld is down, and its table points this round."""
    if seat.opened:
        return _("first meld down · this round: {points}", points=seat.round_points)
    if seat.opening_points:
        return _("first meld: {points} so far", points=seat.opening_points)
    return _("first meld not down")


HELP = (
    N_("  swap 10♥ on 3 J♥ Q♥ Jo   put a card in place of meld 3's joker, meld the joker"),
    N_("  takeback                 take an unfinished first meld back"),
)

WORDS = GameWords(
    tellers={
        Opened: _opened,
        MeldsTakenBack: _taken_back,
        JokerSwapped: _swapped,
        SessionEnded: _won,
    },
    result=result_lines,
    totals=N_("Minus points so far (the fewest win):"),
    seat_note=seat_note,
    help=HELP,
)
