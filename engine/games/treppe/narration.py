"""Treppenrommé's own words (``engine.narration`` tells the rest): the talon and the
staircase, who went out and the bonus, each hand left with its points."""

from __future__ import annotations

from engine.games.treppe.events import TreppeRoundResult
from engine.games.treppe.views import SeatView
from engine.i18n import N_, _
from engine.narration import GameWords, Narrator


def went_out(voice: Narrator, seat: int, hand_romme: bool, bonus: int) -> str:
    """The sentence for who went out, in the narrator's language."""
    if hand_romme:
        yours = N_(
            "You go out with a Rommé hand (double) and score {bonus} for the cards left in hand."
        )
        theirs = N_(
            "{name} goes out with a Rommé hand (double) and scores {bonus} for the cards left "
            "in hand."
        )
    else:
        yours = N_("You go out and score {bonus} for the cards left in hand.")
        theirs = N_("{name} goes out and scores {bonus} for the cards left in hand.")
    return voice.spoken(seat, yours, theirs, bonus=bonus)


def result_lines(voice: Narrator, result: TreppeRoundResult) -> list[str]:
    """Who went out (or that no one did), what each seat scored, the hands left."""
    if result.went_out is None:
        lines = [
            _(
                "Round {round_number} ends with no one out: meld points stand.",
                round_number=result.round_number,
            )
        ]
    else:
        lines = [went_out(voice, result.went_out, result.hand_romme, result.bonus)]
    scored = " · ".join(
        f"{voice.name(seat)} +{points + bonus}"
        for seat, (points, bonus) in enumerate(zip(result.points, result.bonuses, strict=True))
    )
    lines.append(_("This round: {scores}", scores=scored))
    for seat, hand in enumerate(result.hands):
        if hand:
            lines.append(f"  {voice.name(seat)}: {voice.hand(hand)} ({result.hand_points[seat]})")
    return lines


def seat_note(seat: SeatView) -> str:
    """This round's meld points beside a seat's total."""
    return _("this round: {points}", points=seat.round_points)


WORDS = GameWords(talon=True, result=result_lines, seat_note=seat_note)
