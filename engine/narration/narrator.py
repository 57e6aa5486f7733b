"""The narrator and a game's own words (``GameWords``); the shared events' tellers are in
``engine.narration.shared``, which fills ``SHARED``."""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from engine.actions import Action
from engine.arrangement import Arrangement
from engine.cards import SUITS, Card
from engine.events import (
    Discarded,
    DrewFromTalon,
    GameEvent,
    RoundResult,
)
from engine.i18n import N_, Message, _, language, plural_message, using
from engine.protocol import GameSpec
from engine.registry import GAME_PACKAGES, get_spec

#: A teller: the lines for one event ([] to say nothing).
Teller = Callable[["Narrator", Any], list[str]]


@dataclass(frozen=True, slots=True)
class GameWords:
    """What a game says in its own words; every field has the shared default.

    ``talon``: the stock is called the talon and the discard pile the staircase. ``hands``:
    a round is called a hand (Gin Rummy). ``melds_in_play``: False where hands are laid down
    only when a round ends. ``tellers``: the game's own events (and its own
    words for a shared one), by the event's exact type. ``result``: a round's result in full
    (who closed it and how, every hand with its points), the totals not included; ``totals``
    the heading of the totals after it. For the terminal: ``seat_note`` (more about a seat
    than its total, e.g. this round's points), ``pile`` (what may be seen of the discard
    pile), ``command`` (a move as the player types it, where the shared words do not fit),
    ``help`` (lines for the game's own commands)."""

    talon: bool = False
    hands: bool = False
    melds_in_play: bool = True
    tellers: Mapping[type[GameEvent], Teller] = field(default_factory=dict)
    result: Callable[[Narrator, Any], list[str]] | None = None
    totals: str = N_("Totals:")
    seat_note: Callable[[Any], str] | None = None
    pile: Callable[[Any], tuple[Card, ...]] | None = None
    command: Callable[[Action, Any], str | None] | None = None
    verbs: Mapping[str, str] = field(default_factory=dict)
    help: tuple[str, ...] = ()


@cache
def game_words(key: str) -> GameWords:
    """The game's own words (``WORDS`` of its package's ``narration``), or the shared ones."""
    spec = get_spec(key)
    for package in GAME_PACKAGES:
        if getattr(importlib.import_module(package), "SPEC", None) is not spec:
            continue
        name = f"{package}.narration"
        if importlib.util.find_spec(name) is None:
            break
        words = importlib.import_module(name).WORDS
        if not isinstance(words, GameWords):
            raise TypeError(f"{name}.WORDS is not a GameWords")
        return words
    return GameWords()


def in_hand_order(cards: Sequence[Card]) -> list[Card]:
    """Cards as a hand shows them: by suit, then rank (jokers first)."""
    return sorted(cards, key=lambda c: (SUITS.index(c.suit) if c.suit else -1, c))


class Narrator:
    """The words for one session's events; see the module's docstring."""

    def __init__(
        self,
        game: str | GameSpec,
        names: Sequence[str],
        *,
        you: int | None = None,
        language: str | None = None,
        card: Callable[[Card], str] | None = None,
        bold: Callable[[str], str] | None = None,
        headline: Callable[[RoundResult], str] | None = None,
        hands_shown: bool = False,
    ) -> None:
        self.spec = get_spec(game) if isinstance(game, str) else game
        self.words = game_words(self.spec.key)
        self.names = tuple(names)
        self.you = you
        self.language = language
        self._card = card
        self._bold = bold
        self.headline = headline
        self.hands_shown = hands_shown

    # ------------------------------------------------------------ telling
    def tell(self, event: GameEvent, *, drawn: Card | None = None) -> str:
        """The words for ``event``: its lines joined ("" when it has none). ``drawn``: the card
        a ``DrewFromTalon`` drew, where the reader may see it."""
        return "\n".join(self.lines(event, drawn=drawn))

    def lines(self, event: GameEvent, *, drawn: Card | None = None) -> list[str]:
        """The lines for ``event`` (none for an event nobody needs told)."""
        with using(self.language or language()):
            teller = self.words.tellers.get(type(event)) or SHARED.get(type(event))
            if isinstance(event, DrewFromTalon) and drawn is not None:
                return [self.drew(event.seat, drawn)]
            return teller(self, event) if teller is not None else []

    def narrate(self, events: Sequence[GameEvent], *, drawn: Card | None = None) -> list[str]:
        """The lines for ``events`` in order; a discard the next event tells again (a knock
        with it) is not told twice."""
        after = [*events[1:], None][: len(events)]  # (no events: nothing comes after them)
        told = [e for e, nxt in zip(events, after, strict=True) if not _retold(e, nxt)]
        return [line for event in told for line in self.lines(event, drawn=drawn)]

    def paragraph(self, events: Sequence[GameEvent], *, drawn: Card | None = None) -> str:
        """``narrate``'s lines as one paragraph (a chat's log line): blank lines dropped, the
        items listed under a line (indented, as a result's seats) parted by " · "."""
        text = ""
        for line in self.narrate(events, drawn=drawn):
            words = line.strip()
            if not words:
                continue
            item = line[0].isspace() and text and not text.endswith(":")
            text = f"{text}{' · ' if item else ' '}{words}" if text else words
        return text

    def result_lines(self, result: RoundResult, *, totals: bool = True) -> list[str]:
        """A round's result in full and (with ``totals``) the totals after it."""
        with using(self.language or language()):
            tell = self.words.result or _closer_lines
            lines = tell(self, result)
            if totals:
                lines += [_(self.words.totals), *self.total_lines(result.totals)]
            return lines

    def total_lines(self, totals: Sequence[int]) -> list[str]:
        """Each seat's total in aligned columns."""
        width = max(len(name) for name in self.names) + 1
        digits = max(len(str(t)) for t in totals)
        return [
            f"  {name + ':':<{width}} {total:>{digits}}"
            for name, total in zip(self.names, totals, strict=True)
        ]

    # ------------------------------------------------------------ helpers for tellers
    def name(self, seat: int) -> str:
        """The player at ``seat`` as named when the session started."""
        return self.names[seat]

    def card(self, card: Card) -> str:
        """One card in the reader's card words (and colours, where the output has them)."""
        with using(self.language or language()):
            return self._card(card) if self._card is not None else str(card)

    def cards(self, cards: Sequence[Card]) -> str:
        """Cards one after another, each as ``card`` writes it."""
        return " ".join(self.card(c) for c in cards)

    def hand(self, cards: Sequence[Card]) -> str:
        """Cards in hand order (by suit, then rank)."""
        return self.cards(in_hand_order(cards))

    def bold(self, text: str) -> str:
        """``text`` stressed, where the output can show it."""
        return self._bold(text) if self._bold is not None else text

    def whose(self, seat: int, yours: Message, theirs: Message) -> str:
        """``yours`` when ``seat`` is the reader, else ``theirs`` (which names the seat)."""
        with using(self.language or language()):
            return (yours if seat == self.you else theirs).text()

    def spoken(self, seat: int, yours: str, theirs: str, /, **params: object) -> str:
        """The message ``yours`` when ``seat`` is the reader, else ``theirs`` with ``{name}``
        the seat's name; both filled from ``params``."""
        name = self.name(seat) if 0 <= seat < len(self.names) else ""
        return self.whose(seat, Message(yours, **params), Message(theirs, name=name, **params))

    def counted(
        self,
        seat: int,
        yours: tuple[str, str],
        theirs: tuple[str, str],
        n: int,
        /,
        **params: object,
    ) -> str:
        """``spoken`` for messages with plural forms (``N_plural``), chosen by ``n``."""
        mine = plural_message(*yours, n, **params)
        other = plural_message(*theirs, n, name=self.name(seat), **params)
        return self.whose(seat, mine, other)

    def laid(self, laid: Arrangement) -> str:
        """A hand laid down: ``[Q♥ K♥ A♥] [7♣ 7♦ 7♠] · laid off 8♣ · deadwood 4♦ 9♠ = 13``."""
        with using(self.language or language()):
            return self._laid(laid)

    def _laid(self, laid: Arrangement) -> str:
        parts = [" ".join(f"[{self.cards(m.cards)}]" for m in laid.melds)] if laid.melds else []
        if laid.laid_off:
            parts.append(_("laid off {cards}", cards=self.cards(laid.laid_off)))
        if laid.leftover:
            left = self.hand(laid.leftover)
            parts.append(_("deadwood {cards} = {points}", cards=left, points=laid.deadwood))
        else:
            parts.append(_("no deadwood"))
        return " · ".join(parts)

    def drew(self, seat: int, card: Card | None) -> str:
        """The sentence for a draw from the stock, naming ``card`` to its drawer only."""
        shown = self.card(card) if card is not None else ""
        if self.words.talon:
            yours = Message(N_("You draw {card} from the talon."), card=shown)
            theirs = Message(N_("{name} draws from the talon."), name=self.name(seat))
        else:
            yours = Message(N_("You draw {card} from the stock."), card=shown)
            theirs = Message(N_("{name} draws from the stock."), name=self.name(seat))
        return self.whose(seat if card is not None else -1, yours, theirs)


def _retold(event: GameEvent, after: GameEvent | None) -> bool:
    """Is ``event`` a discard that ``after`` (a knock, a Rummy call) tells again?"""
    if not isinstance(event, Discarded) or after is None or isinstance(after, Discarded):
        return False
    return getattr(after, "seat", None) == event.seat and getattr(after, "card", None) == event.card


#: The teller of each shared event (an event's exact type: none subclass another), filled by
#: ``engine.narration.shared``.
SHARED: dict[type[GameEvent], Teller] = {}


def _closer_lines(voice: Narrator, result: RoundResult) -> list[str]:
    """A round's end in the shared words (a game without a result of its own)."""
    if result.closer is None:
        return [_("Round {round_number} ends with no one out.", round_number=result.round_number)]
    return [
        _(
            "Round {round_number} is over: {name} ended it.",
            round_number=result.round_number,
            name=voice.name(result.closer),
        )
    ]


def tell(
    event: GameEvent,
    *,
    game: str | GameSpec,
    names: Sequence[str],
    language: str | None = None,
    you: int | None = None,
) -> str:
    """The words for one event of ``game`` (its key or spec), ``names`` by seat: a
    ``Narrator`` for a single use."""
    return Narrator(game, names, you=you, language=language).tell(event)
