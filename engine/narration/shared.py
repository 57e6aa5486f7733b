"""The words for the events every game shares: a draw, a take, a meld, a lay-off, a discard,
a knock, a rebuilt stock, a round's start and end, the session's end."""

from __future__ import annotations

from engine import events as ev
from engine.i18n import N_, N_plural, _, ngettext
from engine.narration.narrator import SHARED, Narrator


def _drew_from_talon(voice: Narrator, event: ev.DrewFromTalon) -> list[str]:
    return [voice.drew(event.seat, None)]  # the card stays hidden unless shown to its drawer


def _took(voice: Narrator, event: ev.TookDiscard) -> list[str]:
    shown = {"card": voice.card(event.cards[0]), "cards": voice.cards(event.cards)}
    one = len(event.cards) == 1
    if voice.words.talon:
        if one:
            words = (
                N_("You take {card} from the staircase."),
                N_("{name} takes {card} from the staircase."),
            )
        else:
            words = (
                N_("You take the staircase from {card} up: {cards}."),
                N_("{name} takes the staircase from {card} up: {cards}."),
            )
    elif one:
        words = (
            N_("You take {card} from the discard pile."),
            N_("{name} takes {card} from the discard pile."),
        )
    else:
        words = (
            N_("You take the discard pile from {card} up: {cards}."),
            N_("{name} takes the discard pile from {card} up: {cards}."),
        )
    return [voice.spoken(event.seat, *words, **shown)]


def _placed(voice: Narrator, event: ev.Melded | ev.LaidOff) -> list[str]:
    """A meld or a lay-off: the cards, the meld's number, the points."""
    if isinstance(event, ev.Melded):
        yours = N_plural(
            "You meld {cards} as meld {meld} for {n} point.",
            "You meld {cards} as meld {meld} for {n} points.",
        )
        theirs = N_plural(
            "{name} melds {cards} as meld {meld} for {n} point.",
            "{name} melds {cards} as meld {meld} for {n} points.",
        )
        shown = {"cards": voice.cards(event.cards)}
    else:
        yours = N_plural(
            "You lay {card} on meld {meld} for {n} point.",
            "You lay {card} on meld {meld} for {n} points.",
        )
        theirs = N_plural(
            "{name} lays {card} on meld {meld} for {n} point.",
            "{name} lays {card} on meld {meld} for {n} points.",
        )
        shown = {"card": voice.card(event.card)}
    return [voice.counted(event.seat, yours, theirs, event.points, meld=event.meld_id + 1, **shown)]


def _discarded(voice: Narrator, event: ev.Discarded) -> list[str]:
    card = voice.card(event.card)
    return [
        voice.spoken(
            event.seat, N_("You discard {card}."), N_("{name} discards {card}."), card=card
        )
    ]


def _knocked(voice: Narrator, event: ev.Knocked) -> list[str]:
    card = voice.card(event.card)
    if voice.hands_shown:  # the output shows the hand laid down
        yours = N_("You knock with {n} deadwood, discarding {card}.")
        theirs = N_("{name} knocks with {n} deadwood, discarding {card}.")
        return [voice.spoken(event.seat, yours, theirs, card=card, n=event.hand.deadwood)]
    yours, theirs = (
        N_("You knock, discarding {card}: {hand}"),
        N_("{name} knocks, discarding {card}: {hand}"),
    )
    return [voice.spoken(event.seat, yours, theirs, card=card, hand=voice.laid(event.hand))]


def _talon_rebuilt(voice: Narrator, event: ev.TalonRebuilt) -> list[str]:
    if voice.words.talon:
        return [
            ngettext(
                "The talon ran out: {n} staircase card makes a new talon.",
                "The talon ran out: {n} staircase cards make a new talon.",
                event.cards,
            )
        ]
    return [
        ngettext(
            "The stock ran out: {n} card of the discard pile makes a new stock.",
            "The stock ran out: {n} cards of the discard pile make a new stock.",
            event.cards,
        )
    ]


def _dealer_drawn(voice: Narrator, event: ev.FirstDealerDrawn) -> list[str]:
    passes = [
        ", ".join(f"{voice.name(seat)} {voice.card(card)}" for seat, card in drawn)
        for drawn in event.passes
    ]
    tie = _(" · tie, drew again: ") if len(passes) > 1 else ""
    yours = N_("Draw for first dealer: {value} → you deal.")
    theirs = N_("Draw for first dealer: {value} → {value2} deals.")
    drawn = tie.join(passes)
    return [voice.spoken(event.dealer, yours, theirs, value=drawn, value2=voice.name(event.dealer))]


def _round_started(voice: Narrator, event: ev.RoundStarted) -> list[str]:
    number = event.round_number
    if voice.words.hands:
        begins = _("Hand {round_number} begins.", round_number=number)
    else:
        begins = _("Round {round_number} begins.", round_number=number)
    if event.first == event.dealer:
        deals = voice.spoken(
            event.dealer, N_("You deal and play first."), N_("{name} deals and plays first.")
        )
    else:
        deals = voice.spoken(event.dealer, N_("You deal."), N_("{name} deals."))
        deals += " " + voice.spoken(event.first, N_("You play first."), N_("{name} plays first."))
    if event.upcard is None:
        upcard = _("No upcard: the dealer holds one card more.")
    elif voice.words.talon:
        upcard = _("The staircase starts with {card}.", card=voice.card(event.upcard))
    else:
        upcard = _("The upcard is {card}.", card=voice.card(event.upcard))
    return ["", f"{voice.bold(begins)} {deals} {upcard}"]


def _round_ended(voice: Narrator, event: ev.RoundEnded) -> list[str]:
    if voice.headline is not None:  # the output shows the result apart
        return [voice.headline(event.result)]
    return ["", *voice.result_lines(event.result)]


def _session_ended(voice: Narrator, event: ev.SessionEnded) -> list[str]:
    yours = N_plural("You win the game with {n} point.", "You win the game with {n} points.")
    theirs = N_plural(
        "{name} wins the game with {n} point.", "{name} wins the game with {n} points."
    )
    won = voice.counted(event.winner, yours, theirs, event.totals[event.winner])
    return ["", voice.bold(won)]


SHARED.update(
    {
        ev.FirstDealerDrawn: _dealer_drawn,
        ev.DrewFromTalon: _drew_from_talon,
        ev.TookDiscard: _took,
        ev.Melded: _placed,
        ev.LaidOff: _placed,
        ev.Discarded: _discarded,
        ev.Knocked: _knocked,
        ev.TalonRebuilt: _talon_rebuilt,
        ev.RoundStarted: _round_started,
        ev.RoundEnded: _round_ended,
        ev.SessionEnded: _session_ended,
    }
)
