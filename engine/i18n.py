"""Every word a person reads goes through here: gettext catalogues, one per language.

The catalogues are ``engine/locales/<language>.po`` files (English msgids, managed with Babel:
``python3 tools/i18n.py update`` extracts the strings and merges them in). They are compiled
when first used, so a clean checkout needs no build step. Adding a language is adding its
``.po`` file (see docs/translating.md).

The language of the text being produced is a context variable: a private reply runs
``with using(member_language)``, the public table ``with using(table_language)``. Messages are
written with named placeholders, ``_("It is {name}'s turn.", name=...)``; a placeholder's value
is written in the reader's language too (cards with the language's card words, a ``Message``
translated; ``number`` and ``percent`` for numbers with the language's separators).
"""

from __future__ import annotations

import gettext
import io
import os
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from pathlib import Path
from typing import Protocol

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.numbers import format_decimal

LOCALE_DIR = Path(__file__).parent / "locales"
DEFAULT_LANGUAGE = "en"
PSEUDO = "qps"  # a test language that marks every string that went through the catalogue
PSEUDO_OPEN, PSEUDO_CLOSE = "⟦", "⟧"

_language: ContextVar[str] = ContextVar("language", default=DEFAULT_LANGUAGE)


@cache
def languages() -> tuple[str, ...]:
    """The languages with a catalogue, e.g. ('de', 'en')."""
    return tuple(sorted(path.stem for path in LOCALE_DIR.glob("*.po")))


def resolve(locale: str | None) -> str:
    """The catalogue language for a Discord or POSIX locale ('de', 'de-AT', 'de_DE.UTF-8',
    'en-US', 'pt-BR'); English when there is none for it."""
    if not locale:
        return DEFAULT_LANGUAGE
    if locale == PSEUDO:
        return PSEUDO
    tag = locale.split(".")[0].replace("-", "_")
    for candidate in (tag, tag.split("_")[0].lower()):
        if candidate in languages():
            return candidate
    return DEFAULT_LANGUAGE


def environment_language() -> str:
    """The language of the environment's locale (LC_ALL, LC_MESSAGES, LANG)."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(name)
        if value:
            return resolve(value)
    return DEFAULT_LANGUAGE


class _Pseudo(gettext.NullTranslations):
    """Marks every string: English text between ⟦ and ⟧, placeholders kept."""

    def gettext(self, message: str) -> str:
        return f"{PSEUDO_OPEN}{message}{PSEUDO_CLOSE}"

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return self.gettext(msgid1 if n == 1 else msgid2)

    def pgettext(self, context: str, message: str) -> str:
        return self.gettext(message)


@cache
def translations(language: str) -> gettext.NullTranslations:
    """The compiled catalogue of one language (compiled from its .po on first use)."""
    if language == PSEUDO:
        return _Pseudo()
    path = LOCALE_DIR / f"{language}.po"
    with path.open("rb") as source:
        catalog = read_po(source, locale=language)
    compiled = io.BytesIO()
    write_mo(compiled, catalog)
    compiled.seek(0)
    return gettext.GNUTranslations(compiled)


def language() -> str:
    """The language of the text being produced now."""
    return _language.get()


def set_language(lang: str) -> None:
    """Produce text in ``lang`` from now on in this task (an interaction's own task)."""
    _language.set(lang)


@contextmanager
def using(lang: str) -> Iterator[str]:
    """Produce text in ``lang`` inside the block."""
    token = _language.set(lang)
    try:
        yield lang
    finally:
        _language.reset(token)


def number(value: int | float, lang: str | None = None) -> str:
    """A number with the language's separators: 1,234.5 or 1.234,5."""
    lang = lang or language()
    return format_decimal(value, locale="en" if lang == PSEUDO else lang)


def decimal(value: float) -> str:
    """A number with one decimal in the language's way: 194.0 or 194,0."""
    return _show(Decimal1(value))


def percent(share: float) -> str:
    """A share as a percentage with one decimal: 53.2% or 53,2 %."""
    return _("{value}%", value=Decimal1(share * 100))


class Decimal1(float):
    """A number written with exactly one decimal."""


class _Suit(Protocol):
    @property
    def symbol(self) -> str: ...


class Card(Protocol):
    """What this module reads of a card (``engine.cards.Card``; not imported: cards use us)."""

    @property
    def rank_int(self) -> int:
        """The rank as a number: 0 joker, 1 ace, up to 13 king."""
        ...

    @property
    def suit(self) -> _Suit | None:
        """The suit, with its ``symbol``; None for a joker."""
        ...


def _is_card(value: object) -> bool:
    return hasattr(value, "rank_int") and hasattr(value, "suit_int")


def _show(value: object) -> str:
    if isinstance(value, Message):
        return value.text()
    if _is_card(value):
        return card_text(value)  # type: ignore[arg-type]
    if isinstance(value, (tuple, list)) and value and all(_is_card(v) for v in value):
        return cards_text(value)
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, Decimal1):
        lang = language()
        return format_decimal(round(value, 1), "0.0", locale="en" if lang == PSEUDO else lang)
    return str(value)  # ints too: ids and positions must not get thousands separators


def fill(text: str, params: Mapping[str, object]) -> str:
    """``text`` with its placeholders filled from ``params``, cards and messages translated."""
    return text.format(**{key: _show(value) for key, value in params.items()}) if params else text


def _(message: str, /, **params: object) -> str:
    """``message`` in the current language, its placeholders filled from ``params``."""
    return fill(translations(language()).gettext(message), params)


def N_(message: str, /) -> str:
    """Marks a message for the catalogue without translating it (translated where shown)."""
    return message


def N_plural(singular: str, plural: str, /) -> tuple[str, str]:
    """Marks a message with plural forms for the catalogue (translated where shown, with
    ``ngettext``)."""
    return singular, plural


def ngettext(singular: str, plural: str, n: int, /, **params: object) -> str:
    """The singular or plural form for ``n`` in the current language; ``{n}`` is filled."""
    text = translations(language()).ngettext(singular, plural, n)
    return fill(text, {"n": n, **params})


def pgettext(context: str, message: str, /, **params: object) -> str:
    """A short message that needs a context to translate (a card's rank letter, ...)."""
    return fill(translations(language()).pgettext(context, message), params)


class Message:
    """Text to be translated where it is read: a message id and its parameters. Errors and
    notes that travel from the engine or a game to a reader carry one of these."""

    __slots__ = ("msgid", "params", "plural")

    def __init__(self, msgid: str, /, **params: object) -> None:
        self.msgid = msgid
        self.params = params
        self.plural: str | None = None

    def text(self) -> str:
        """The message in the current language, its parameters filled in."""
        if self.plural is not None:
            count = self.params["n"]
            assert isinstance(count, int)
            return ngettext(self.msgid, self.plural, count, **self.params)
        return _(self.msgid, **self.params)

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:
        return f"Message({self.msgid!r}, {self.params!r})"

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Message) and self.msgid == other.msgid and self.params == other.params
        )

    def __hash__(self) -> int:
        return hash(self.msgid)


def card_count(n: int) -> str:
    """'1 card', '2 cards' ('1 Karte', '2 Karten')."""
    return ngettext("{n} card", "{n} cards", n)


def plural_message(singular: str, plural: str, n: int, /, **params: object) -> Message:
    """A ``Message`` with plural forms, chosen by ``n`` where it is read."""
    message = Message(singular, n=n, **params)
    message.plural = plural
    return message


# ---------------------------------------------------------------- cards
def rank_label(rank_int: int) -> str:
    """A rank's short label in the current language: Q in English, D (Dame) in German."""
    if rank_int == 0:
        return pgettext("card rank", "Jo")
    if rank_int == 1:
        return pgettext("card rank", "A")
    if rank_int == 11:
        return pgettext("card rank", "J")
    if rank_int == 12:
        return pgettext("card rank", "Q")
    if rank_int == 13:
        return pgettext("card rank", "K")
    return str(rank_int)


def card_text(card: Card) -> str:
    """A card as the reader writes it: Q♥ in English, D♥ in German."""
    if card.suit is None:
        return rank_label(0)
    return rank_label(card.rank_int) + card.suit.symbol


def cards_text(cards: Sequence[Card]) -> str:
    """Cards as the reader writes them, separated by spaces (Q♥ 10♣ in English)."""
    return " ".join(card_text(card) for card in cards)


def suit_name(suit_int: int) -> str:
    """A suit's name: clubs, diamonds, hearts, spades (Kreuz, Karo, Herz, Pik)."""
    return (
        pgettext("suit", "clubs"),
        pgettext("suit", "diamonds"),
        pgettext("suit", "hearts"),
        pgettext("suit", "spades"),
    )[suit_int]
