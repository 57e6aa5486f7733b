"""Reading what members type and what controls carry: numbers, single cards, lay-offs. Junk
becomes a ``Refusal`` with an example, never an exception."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping

from bot.core.errors import Refusal
from engine.actions import (
    Action,
    Discard,
    DrawTalon,
    End,
    LayOff,
    Meld,
    Pass,
    TakeDiscard,
    TakeStaircase,
)
from engine.cards import Card, parse_cards
from engine.i18n import N_, _

NUMBER = re.compile(r"[0-9]{1,6}")  # ASCII digits only: int() also takes '²'-like digits
RECORD_ID = re.compile(r"[0-9]{1,18}")  # a game or session id: both databases hold 18 digits
LOW_WORDS = ("low", "l", "start", "before")
HIGH_WORDS = ("high", "h", "end", "after")


def small_number(text: str) -> int | None:
    """A number a member typed or a control carries, or None for anything else (junk, '²',
    '٣', a sign, or more digits than any table position, meld or version needs)."""
    text = text.strip()
    return int(text) if NUMBER.fullmatch(text) else None


def record_id(text: str) -> int | None:
    """A game or session id typed or carried by a control (1-18 ASCII digits, an optional
    leading '#'), or None: '²', '①', 20 digits or 5,000 must never reach int() or the database."""
    text = text.strip().removeprefix("#")
    return int(text) if RECORD_ID.fullmatch(text) else None


def one_card(text: str) -> Card:
    """The one card ``text`` names; a refusal for none, several, or text that is no card."""
    cards = parse_cards(text)
    if len(cards) != 1:
        raise Refusal(_("Name exactly one card."))
    return cards[0]


def parse_layoff(seat: int, text: str) -> LayOff:
    """'7♠ 2' or '7♠ 2 high' or 'A♥ 1 low': card, meld number and optional end."""
    words = text.replace(",", " ").split()
    number = small_number(words[1]) if len(words) >= 2 else None
    if number is None:
        raise Refusal(_("Write the card, then the meld number from the table, e.g. 7♠ 2."))
    card = one_card(words[0])
    end: End | None = None
    if len(words) > 2:
        word = words[2].lower()
        if word in LOW_WORDS:
            end = End.LOW
        elif word in HIGH_WORDS:
            end = End.HIGH
        else:
            raise Refusal(_("The end is 'low' or 'high'."))
    return LayOff(seat, card, number - 1, end)


def typed_melds_and_discard(
    seat: int, values: Mapping[str, str], swap: Callable[[int, str], Action] | None = None
) -> list[Action]:
    """The moves a play-phase typing form names, in order: a meld, a lay-off, a joker swap
    (where the game has one) and a discard; a refusal when nothing was typed."""
    actions: list[Action] = []
    if values.get("meld"):
        actions.append(Meld(seat, tuple(parse_cards(values["meld"]))))
    if values.get("layoff"):
        actions.append(parse_layoff(seat, values["layoff"]))
    if swap is not None and values.get("swap"):
        actions.append(swap(seat, values["swap"]))
    if values.get("discard"):
        actions.append(Discard(seat, one_card(values["discard"])))
    if not actions:
        raise Refusal(_("Nothing typed, so nothing changed."))
    return actions


STOCK_WORDS = ("stock", "s", "draw", "talon", "t")
PILE_WORDS = ("discard", "d", "pile", "take", "upcard")
PASS_WORDS = ("pass", "p")


def typed_draw(
    seat: int, text: str, *, spread: bool = False, may_pass: bool = False, refusal: str = ""
) -> Action:
    """The draw a member typed: the stock; the discard pile (its top card, or where the pile is
    ``spread`` a position in it, counted from 1 at the bottom: that card and all above it); a
    pass where the game offers one. Other words: a ``Refusal`` with ``refusal`` (a message
    marked with ``N_``), or the plain "stock or discard" one."""
    word = text.strip().lower()
    if word in STOCK_WORDS:
        return DrawTalon(seat)
    if may_pass and word in PASS_WORDS:
        return Pass(seat)
    position = small_number(word) if spread else None
    if position is not None:
        return TakeStaircase(seat, position - 1)  # by position: the game finds its depth
    if not spread and word in PILE_WORDS:
        return TakeDiscard(seat)
    raise Refusal(_(refusal or N_("Type 'stock' or 'discard'.")))


def typed_close(
    seat: int, text: str, closes: Mapping[str, Callable[[int, Card], Action]]
) -> list[Action]:
    """A discard, or a discard that ends the round the way a word of ``closes`` names
    ("knock 9♣"): the moves of a game whose turn ends with one card."""
    if not text:
        raise Refusal(_("Nothing typed, so nothing changed."))
    words = text.split(maxsplit=1)
    close = closes.get(words[0].lower())
    if close is not None and len(words) == 2:
        return [close(seat, one_card(words[1]))]
    return [Discard(seat, one_card(text))]
