"""What the terminal table says happened: one small function per event, looked up by the
event's type in ``TELLERS``. Every sentence is whole, once for "you" and once for another
player, because the word order differs between the two in German."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

from engine.cards import Card
from engine.events import Discarded, DrewFromTalon, GameEvent, LaidOff, Melded, TalonRebuilt
from engine.games.treppe.commands import in_hand_order
from engine.games.treppe.events import (
    RoundEnded,
    RoundStarted,
    SessionEnded,
    TookFromStaircase,
    TreppeRoundResult,
)
from engine.games.treppe.game import Game
from engine.i18n import N_, Message, _, ngettext, plural_message, using


class Voice(Protocol):
    """What narrating needs of the table that speaks (``terminal.TerminalTable``)."""

    lang: str
    human: int

    @property
    def game(self) -> Game:
        """The session narrated: its names and ruleset."""
        ...

    def say(self, text: str = "") -> None:
        """Write one line (an empty one by default)."""
        ...

    def bold(self, text: str) -> str:
        """``text`` stressed, where the output can show it."""
        ...

    def card(self, card: Card) -> str:
        """One card in the table's card words (and colours)."""
        ...

    def cards(self, cards: Sequence[Card]) -> str:
        """Cards one after another, each as ``card`` writes it."""
        ...

    def name(self, seat: int) -> str:
        """How the narration names ``seat``: the player's name as given."""
        ...


def narrate(voice: Voice, events: Sequence[GameEvent]) -> None:
    """Say what ``events`` did, in the voice's language; events it has no words for pass."""
    with using(voice.lang):
        for event in events:
            tell = TELLERS.get(type(event))
            if tell is not None:
                tell(voice, event)


def went_out(voice: Voice, seat: int, hand_romme: bool, bonus: int) -> str:
    """The sentence for who went out, in the voice's language."""
    with using(voice.lang):
        if seat == voice.human:
            if hand_romme:
                return _(
                    "You go out with a Rommé hand (double) and score {bonus} for the cards "
                    "left in hand.",
                    bonus=bonus,
                )
            return _("You go out and score {bonus} for the cards left in hand.", bonus=bonus)
        name = voice.name(seat)
        if hand_romme:
            return _(
                "{name} goes out with a Rommé hand (double) and scores {bonus} for the cards "
                "left in hand.",
                name=name,
                bonus=bonus,
            )
        return _(
            "{name} goes out and scores {bonus} for the cards left in hand.",
            name=name,
            bonus=bonus,
        )


def _to_whom(voice: Voice, seat: int, yours: Message, theirs: Message) -> str:
    """``yours`` if ``seat`` is the player at the terminal, else ``theirs`` (naming the seat)."""
    return (yours if seat == voice.human else theirs).text()


def _drew_from_talon(voice: Voice, event: DrewFromTalon) -> None:
    if event.seat == voice.human:  # only the player sees which card it was
        drawn = voice.card(voice.game.hands[voice.human][-1])
        voice.say(_("You draw {card} from the talon.", card=drawn))
    else:
        voice.say(_("{name} draws from the talon.", name=voice.name(event.seat)))


def _took_from_staircase(voice: Voice, event: TookFromStaircase) -> None:
    n, cards, name = len(event.cards), voice.cards(event.cards), voice.name(event.seat)
    yours = plural_message(
        "You take {n} card from the staircase: {cards}",
        "You take {n} cards from the staircase: {cards}",
        n,
        cards=cards,
    )
    theirs = plural_message(
        "{name} takes {n} card from the staircase: {cards}",
        "{name} takes {n} cards from the staircase: {cards}",
        n,
        name=name,
        cards=cards,
    )
    voice.say(_to_whom(voice, event.seat, yours, theirs))


def _melded(voice: Voice, event: Melded) -> None:
    shown = {"cards": voice.cards(event.cards), "meld": event.meld_id + 1}
    yours = plural_message(
        "You meld {cards} as meld {meld} for {n} point.",
        "You meld {cards} as meld {meld} for {n} points.",
        event.points,
        **shown,
    )
    theirs = plural_message(
        "{name} melds {cards} as meld {meld} for {n} point.",
        "{name} melds {cards} as meld {meld} for {n} points.",
        event.points,
        name=voice.name(event.seat),
        **shown,
    )
    voice.say(_to_whom(voice, event.seat, yours, theirs))


def _laid_off(voice: Voice, event: LaidOff) -> None:
    shown = {"card": voice.card(event.card), "meld": event.meld_id + 1}
    yours = plural_message(
        "You lay {card} on meld {meld} for {n} point.",
        "You lay {card} on meld {meld} for {n} points.",
        event.points,
        **shown,
    )
    theirs = plural_message(
        "{name} lays {card} on meld {meld} for {n} point.",
        "{name} lays {card} on meld {meld} for {n} points.",
        event.points,
        name=voice.name(event.seat),
        **shown,
    )
    voice.say(_to_whom(voice, event.seat, yours, theirs))


def _discarded(voice: Voice, event: Discarded) -> None:
    card = voice.card(event.card)
    yours = Message(N_("You discard {card}."), card=card)
    theirs = Message(N_("{name} discards {card}."), name=voice.name(event.seat), card=card)
    voice.say(_to_whom(voice, event.seat, yours, theirs))


def _talon_rebuilt(voice: Voice, event: TalonRebuilt) -> None:
    voice.say(
        ngettext(
            "The talon ran out: {n} staircase card makes a new talon.",
            "The talon ran out: {n} staircase cards make a new talon.",
            event.cards,
        )
    )


def _round_started(voice: Voice, event: RoundStarted) -> None:
    assert event.upcard is not None  # the staircase always starts with a card
    upcard = voice.card(event.upcard)
    deals = _to_whom(
        voice,
        event.dealer,
        Message(N_("You deal and play first; the staircase starts with {card}."), card=upcard),
        Message(
            N_("{name} deals and plays first; the staircase starts with {card}."),
            name=voice.name(event.dealer),
            card=upcard,
        ),
    )
    begins = _("Round {round_number} begins.", round_number=event.round_number)
    voice.say()
    voice.say(f"{voice.bold(begins)} {deals}")


def _round_ended(voice: Voice, event: RoundEnded) -> None:
    """Who went out (or that no one did), the hands left with their points, the totals."""
    result = event.result
    assert isinstance(result, TreppeRoundResult)
    voice.say()
    if result.went_out is None:
        voice.say(
            _(
                "Round {round_number} ends with no one out: meld points stand.",
                round_number=result.round_number,
            )
        )
    else:
        voice.say(went_out(voice, result.went_out, result.hand_romme, result.bonus))
    for seat, hand in enumerate(result.hands):
        if hand:
            shown = voice.cards(in_hand_order(hand))
            voice.say(f"  {voice.name(seat)}: {shown} ({result.hand_points[seat]})")
    voice.say(_("Totals:"))
    width = max(len(voice.name(s)) for s in range(len(result.totals)))
    digits = max(len(str(t)) for t in result.totals)
    for seat, total in enumerate(result.totals):
        voice.say(f"  {voice.name(seat) + ':':<{width + 1}} {total:>{digits}}")


def _session_ended(voice: Voice, event: SessionEnded) -> None:
    points = event.totals[event.winner]
    yours = plural_message(
        "You win the game with {n} point.", "You win the game with {n} points.", points
    )
    theirs = plural_message(
        "{name} wins the game with {n} point.",
        "{name} wins the game with {n} points.",
        points,
        name=voice.name(event.winner),
    )
    voice.say()
    voice.say(voice.bold(_to_whom(voice, event.winner, yours, theirs)))


#: The teller of each event the terminal narrates (an event's exact type: none subclass).
TELLERS: dict[type[GameEvent], Callable[[Voice, Any], None]] = {
    DrewFromTalon: _drew_from_talon,
    TookFromStaircase: _took_from_staircase,
    Melded: _melded,
    LaidOff: _laid_off,
    Discarded: _discarded,
    TalonRebuilt: _talon_rebuilt,
    RoundStarted: _round_started,
    RoundEnded: _round_ended,
    SessionEnded: _session_ended,
}
