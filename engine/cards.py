"""Card value types: ``Rank``, ``Suit`` and ``Card``, with parsing of what players type.

Cards are interned: ``Card(Rank.QUEEN, Suit.HEARTS)`` always returns the same object, so
identity, equality and hashing are cheap. Two packs simply hold the same card twice; hands
and piles are lists, never sets.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum, IntEnum
from typing import ClassVar

from engine.errors import ParseError
from engine.i18n import N_, card_text


class Rank(IntEnum):
    """Ranks in pack order. The Ace's place in a run is decided by the meld, not here."""

    JOKER = 0
    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13

    @property
    def label(self) -> str:
        """The rank as card codes write it (A, 2-10, J, Q, K, Jo), never translated."""
        return _RANK_LABELS[self]

    @property
    def face_value(self) -> int:
        """Plain points: 2-10 face, J Q K 10. The Ace's value depends on where it lies."""
        return 10 if self >= Rank.TEN else int(self)


_RANK_LABELS = {
    Rank.JOKER: "Jo",
    Rank.ACE: "A",
    Rank.JACK: "J",
    Rank.QUEEN: "Q",
    Rank.KING: "K",
    **{Rank(v): str(v) for v in range(2, 11)},
}


class Suit(Enum):
    """The four suits, each valued by its symbol, in the order the pack is sorted."""

    CLUBS = "♣"
    DIAMONDS = "♦"
    HEARTS = "♥"
    SPADES = "♠"

    @property
    def symbol(self) -> str:
        """The suit's symbol (♣ ♦ ♥ ♠), as cards are shown."""
        return self.value

    @property
    def letter(self) -> str:
        """One letter (C D H S), for card codes such as ``QH`` and cards typed without symbols."""
        return self.name[0]

    @property
    def is_red(self) -> bool:
        """Whether the suit is red (diamonds, hearts), for drawing and colouring it."""
        return self in (Suit.DIAMONDS, Suit.HEARTS)

    @property
    def index(self) -> int:
        """The suit's place in ``SUITS`` (0-3), for tables indexed by suit."""
        return _SUIT_INDEX[self]


SUITS: tuple[Suit, ...] = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
_SUIT_INDEX = {suit: i for i, suit in enumerate(SUITS)}


class Card:
    """One playing card. Immutable and interned; ``Card.parse(str(card)) == card``."""

    __slots__ = ("_hash", "rank", "rank_int", "suit", "suit_int")
    _cache: ClassVar[dict[tuple[Rank, Suit | None], Card]] = {}
    _hash: int
    rank: Rank
    suit: Suit | None
    rank_int: int  # plain ints for the hot paths: Enum hashing is slow
    suit_int: int  # index in SUITS, -1 for a joker

    def __new__(cls, rank: Rank, suit: Suit | None) -> Card:
        key = (rank, suit)
        cached = cls._cache.get(key)
        if cached is not None:
            return cached
        if (rank is Rank.JOKER) != (suit is None):
            raise ValueError("a joker has no suit and every other card has one")
        card = super().__new__(cls)
        object.__setattr__(card, "rank", rank)
        object.__setattr__(card, "suit", suit)
        object.__setattr__(card, "rank_int", int(rank))
        object.__setattr__(card, "suit_int", -1 if suit is None else suit.index)
        object.__setattr__(card, "_hash", 0 if suit is None else int(rank) * 4 + suit.index)
        cls._cache[key] = card
        return card

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Card is immutable")

    def __reduce__(self) -> tuple[type[Card], tuple[Rank, Suit | None]]:
        return (Card, (self.rank, self.suit))

    # Equality stays object identity (C speed): every card is interned. The hash is the
    # card's fixed number so that sets and dicts of cards iterate in the same order in every
    # process: seeded games and computer players must replay identically.
    def __hash__(self) -> int:
        return self._hash

    def __lt__(self, other: Card) -> bool:
        return self._hash < other._hash

    def __repr__(self) -> str:
        return f"Card({self})"

    def __str__(self) -> str:
        """The card in the reader's language: Q♥ in English, D♥ (Dame) in German."""
        return card_text(self)

    @property
    def code(self) -> str:
        """ASCII form, e.g. ``QH``, ``10S``, ``Jo``: for custom_ids and file names."""
        if self.suit is None:
            return "Jo"
        return self.rank.label + self.suit.letter

    @property
    def is_joker(self) -> bool:
        """Whether the card is a joker (it has no suit)."""
        return self.suit is None

    @property
    def sort_key(self) -> int:
        """A total order: rank first (Ace low), then suit; jokers first."""
        return self._hash

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read one card as players type it: ``Q♥``, ``QH``, ``qh``, ``10♠``, ``10s``, ``TS``,
        ``♥Q``, or a joker as ``Jo``, ``JK`` or ``🃏``."""
        token = text.strip()
        if not token:
            raise ParseError(N_("Name a card, for example Q♥ or 10s."))
        upper = token.upper()
        if upper in _JOKER_WORDS:
            return JOKER
        match = _CARD_RE.fullmatch(upper) or _CARD_RE_SUIT_FIRST.fullmatch(upper)
        if match is None:
            raise ParseError(
                N_("“{token}” is not a card. Write rank then suit, for example Q♥, QH, 10s or TS."),
                token=token,
            )
        rank = _RANK_WORDS[match.group("rank")]
        suit = _SUIT_WORDS[match.group("suit")]
        return cls(rank, suit)


_RANK_WORDS: dict[str, Rank] = {
    "A": Rank.ACE,
    "1": Rank.ACE,
    "J": Rank.JACK,
    "B": Rank.JACK,
    "Q": Rank.QUEEN,
    "D": Rank.QUEEN,
    "K": Rank.KING,
    "T": Rank.TEN,
    **{str(v): Rank(v) for v in range(2, 11)},
}
_SUIT_WORDS: dict[str, Suit] = {
    **{s.letter: s for s in SUITS},
    **{s.symbol: s for s in SUITS},
    "♤": Suit.SPADES,
    "♡": Suit.HEARTS,
    "♢": Suit.DIAMONDS,
    "♧": Suit.CLUBS,
}
_JOKER_WORDS = {"JO", "JK", "JOKER", "🃏"}
_RANK_PATTERN = "10|[2-9AJQKTBD1]"
_SUIT_PATTERN = "[CDHS♣♦♥♠♤♡♢♧]"
_CARD_RE = re.compile(f"(?P<rank>{_RANK_PATTERN})\ufe0f?(?P<suit>{_SUIT_PATTERN})\ufe0f?")
_CARD_RE_SUIT_FIRST = re.compile(f"(?P<suit>{_SUIT_PATTERN})\ufe0f?(?P<rank>{_RANK_PATTERN})")
_SEPARATORS = re.compile(r"[\s,;/\-–—]+")

JOKER = Card(Rank.JOKER, None)
FULL_PACK: tuple[Card, ...] = tuple(
    Card(rank, suit) for suit in SUITS for rank in Rank if rank is not Rank.JOKER
)
# CARD_AT[suit_int][rank_int]: the card, without going through the Enum constructors.
CARD_AT: tuple[tuple[Card, ...], ...] = tuple(
    (JOKER, *(Card(Rank(r), suit) for r in range(1, 14))) for suit in SUITS
)


@dataclass(frozen=True, slots=True)
class Pack:
    """What a game is played with: ``packs`` French packs of 52 and ``jokers`` jokers."""

    packs: int = 1
    jokers: int = 0

    @property
    def size(self) -> int:
        """How many cards the pack holds."""
        return self.packs * len(FULL_PACK) + self.jokers

    def cards(self) -> list[Card]:
        """Every card, in a fixed order (shuffle before use)."""
        return [*(FULL_PACK * self.packs), *([JOKER] * self.jokers)]

    def copies(self) -> dict[Card, int]:
        """How many copies of each card the game holds."""
        counts = dict.fromkeys(FULL_PACK, self.packs)
        if self.jokers:
            counts[JOKER] = self.jokers
        return counts


# Suits and ranks by name, English and German: "Herz Dame", "D Herz", "Pik-Ass", "queen hearts".
_SUIT_NAMES: dict[str, str] = {
    "KREUZ": "♣",
    "PIK": "♠",
    "HERZ": "♥",
    "KARO": "♦",
    "CLUBS": "♣",
    "SPADES": "♠",
    "HEARTS": "♥",
    "DIAMONDS": "♦",
    # German suit letters as German players write them (after the names they abbreviate).
    "KR": "♣",
    "KA": "♦",
    "P": "♠",
    # A suit symbol typed apart from its rank ("10 ♠") joins it like a suit name.
    **{symbol: symbol for symbol in "♣♦♥♠"},
}
_RANK_NAMES: dict[str, str] = {
    "ASS": "A",
    "AS": "A",
    "KÖNIG": "K",
    "KOENIG": "K",
    "DAME": "Q",
    "BUBE": "J",
    "ACE": "A",
    "KING": "K",
    "QUEEN": "Q",
    "JACK": "J",
}
_GLUED_SUIT = re.compile(
    "(?P<a>.*?)(?P<suit>" + "|".join(_SUIT_NAMES) + ")(?P<b>.*)", re.IGNORECASE
)


def _rank_token(token: str) -> str | None:
    upper = token.upper()
    if upper in _RANK_NAMES:
        return _RANK_NAMES[upper]
    return upper if re.fullmatch(_RANK_PATTERN, upper) else None


def _join_named_suits(tokens: list[str]) -> list[str]:
    """Turn suit names into symbols, joining a lone suit name with the rank beside it
    (the one before it if that is a lone rank, else the one after)."""
    out: list[str] = []
    index = 0
    while index < len(tokens):
        token = tokens[index]
        glued = _GLUED_SUIT.fullmatch(token)
        if glued is None or (glued.group("a") and glued.group("b")):  # "Q♥♥": not one card
            out.append(token)
            index += 1
            continue
        symbol = _SUIT_NAMES[glued.group("suit").upper()]
        rank_text = glued.group("a") or glued.group("b")
        if rank_text:  # "DHerz", "Herz7", "HerzDame"
            rank = _rank_token(rank_text)
            out.append(f"{rank}{symbol}" if rank else token)
        elif out and out[-1] and _rank_token(out[-1]) and not _is_card(out[-1]):
            out[-1] = f"{_rank_token(out[-1])}{symbol}"
        elif index + 1 < len(tokens) and _rank_token(tokens[index + 1]):
            out.append(f"{_rank_token(tokens[index + 1])}{symbol}")
            index += 1
        else:
            out.append(token)
        index += 1
    return out


def _is_card(token: str) -> bool:
    upper = token.upper()
    return bool(_CARD_RE.fullmatch(upper) or _CARD_RE_SUIT_FIRST.fullmatch(upper))


def parse_cards(text: str) -> list[Card]:
    """Read a list of cards separated by spaces, commas or dashes: ``Q♥ K♥ A♥``,
    ``qh,kh,ah``, German ``D♥``/``B♠`` and suit names (``Herz Dame``, ``Pik 7``, ``DHerz``).
    ``Q-K-A of hearts`` is not accepted (every card names its suit)."""
    tokens = [t for t in _SEPARATORS.split(text.strip()) if t]
    if not tokens:
        raise ParseError(N_("Name at least one card, for example Q♥ K♥ A♥."))
    return [Card.parse(token) for token in _join_named_suits(tokens)]


def format_cards(cards: list[Card] | tuple[Card, ...]) -> str:
    """The cards as the reader writes them, separated by spaces: ``7♦ 8♦ 9♦``."""
    return " ".join(str(card) for card in cards)
