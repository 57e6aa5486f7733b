"""500 Rum's own words (``engine.narration`` tells the rest): each seat's placed points
minus the cards left in its hand."""

from __future__ import annotations

from engine.games.rum500.game import Rum500RoundResult, Rum500SeatView
from engine.i18n import N_, _
from engine.narration import GameWords, Narrator


def result_lines(voice: Narrator, result: Rum500RoundResult) -> list[str]:
    """Who went out (or that the stock ran dry), then each seat's placed points minus its
    hand."""
    closer = result.closer
    if closer is None:
        lines = [_("The stock is empty and the next player passes: the round ends.")]
    else:
        lines = [voice.spoken(closer, N_("You go out."), N_("{name} goes out."))]
    for seat, hand in enumerate(result.hands):
        placed, points = result.placed[seat], f"{result.points[seat]:+d}"
        if hand:
            cards, value = voice.hand(hand), result.hand_points[seat]
            words = _(
                "placed {placed} − in hand {cards} ({hand}) = {points}",
                placed=placed,
                cards=cards,
                hand=value,
                points=points,
            )
        else:  # nothing left to take off: no "− in hand - (0)"
            words = _("placed {placed}, nothing in hand = {points}", placed=placed, points=points)
        lines.append(f"  {voice.name(seat)}: {words}")
    return lines


def seat_note(seat: Rum500SeatView) -> str:
    """The points of the cards the seat has placed this round."""
    return _("this round: {points} placed", points=seat.placed)


HELP = (N_("  pass                     the stock is empty: pass, and the round ends"),)

WORDS = GameWords(result=result_lines, seat_note=seat_note, help=HELP)
