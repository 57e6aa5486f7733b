"""What a seat can know from its own view: unseen cards, table fits and card values.

Everything here reads only a ``PrivateView`` (and plain cards); nothing touches a ``Game``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from engine.actions import End, MeldKind
from engine.cards import CARD_AT, FULL_PACK, Card, Rank, Suit
from engine.games.treppe.melds import (
    ACE_HIGH,
    ACE_IN_SET,
    ACE_LOW,
    RING,
    run_card_points,
    set_card_points,
)
from engine.games.treppe.melds import hand_value as _engine_hand_value
from engine.games.treppe.views import MeldView, PrivateView
from engine.meld_checks import MAX_SET

# By rank: a list index, not a dict of cards, whose keys would hash in Python on every call.
HAND_VALUE_OF_RANK: tuple[int, ...] = (
    0,
    *(_engine_hand_value(CARD_AT[0][r]) for r in range(1, 14)),
)


def hand_value(card: Card) -> int:
    """What a card left in a hand is worth to the player who went out: every Ace 15."""
    return HAND_VALUE_OF_RANK[card.rank_int]


def card_bit(card: Card) -> int:
    """The card's bit in a card mask: bit rank * 4 + suit (a joker: bit 3)."""
    return 1 << (card.rank_int << 2 | card.suit_int & 3)


def cards_mask(cards: Iterable[Card]) -> int:
    """The mask of ``cards``: sets of cards as ints, which test and combine without hashing."""
    mask = 0
    for c in cards:
        mask |= 1 << (c.rank_int << 2 | c.suit_int & 3)
    return mask


def card_number(card: Card) -> int:
    """The card's bit number (``card_bit``): its place in pack order, for sorting."""
    return card.rank_int << 2 | card.suit_int & 3


def remove_card(cards: list[Card], card: Card) -> None:
    """``cards.remove(card)`` by identity: cards are interned, and ``Card`` compares in
    Python (it defines ``__lt__``), which makes ``list.remove`` slow."""
    for i, c in enumerate(cards):
        if c is card:
            del cards[i]
            return
    raise ValueError(f"{card!r} is not in the list")


ALL_MASK = cards_mask(FULL_PACK)
# The hand value of each byte of a card mask, by the byte's place: 7 look-ups total a mask.
_BYTE_VALUES = tuple(
    tuple(
        sum(
            HAND_VALUE_OF_RANK[(8 * k + i) >> 2]
            for i in range(8)
            if byte >> i & 1 and 8 * k + i < 56
        )
        for byte in range(256)
    )
    for k in range(7)
)


def mask_hand_value(mask: int) -> int:
    """The total hand value of the cards of ``mask``."""
    t = _BYTE_VALUES
    return (
        t[0][mask & 255]
        + t[1][mask >> 8 & 255]
        + t[2][mask >> 16 & 255]
        + t[3][mask >> 24 & 255]
        + t[4][mask >> 32 & 255]
        + t[5][mask >> 40 & 255]
        + t[6][mask >> 48 & 255]
    )


def mask_cards(mask: int) -> frozenset[Card]:
    """The cards of ``mask`` (jokers aside)."""
    return frozenset(c for c in FULL_PACK if mask & card_bit(c))


def next_rank(rank: int) -> int:
    """The rank after ``rank`` on the ring: after the King comes the Ace again."""
    return rank % RING + 1


def prev_rank(rank: int) -> int:
    """The rank before ``rank`` on the ring: before the Ace comes the King."""
    return (rank - 2) % RING + 1


def card_at(rank: int, suit: Suit) -> Card:
    """The card of ``rank`` (1..13) and ``suit``, looked up rather than built."""
    return CARD_AT[suit.index][rank]


# Plain points of a rank (2-10 face, J Q K 10, Ace 1), and the next and previous rank on the
# ring, indexed by the rank's int (0: none), for the searches' inner loops.
FACE_OF_RANK = (0, *(Rank(r).face_value for r in range(1, RING + 1)))
NEXT_RANK = (0, *(next_rank(r) for r in range(1, RING + 1)))
PREV_RANK = (0, *(prev_rank(r) for r in range(1, RING + 1)))


def unseen_cards(view: PrivateView) -> list[Card]:
    """Cards this seat cannot see: in the talon or in an opponent's hand."""
    seen: set[Card] = set(view.hand)
    seen.update(view.public.staircase)
    for meld in view.public.melds:
        seen.update(p.card for p in meld.cards)
    return [card for card in FULL_PACK if card not in seen]


def fresh_meld_points(cards: Sequence[Card], kind: MeldKind) -> int:
    """Points of a meld given in table order (as ``possible_melds`` returns it)."""
    if kind is MeldKind.SET:
        return sum(set_card_points(c) for c in cards)
    length = len(cards)
    return sum(run_card_points(c, i, length) for i, c in enumerate(cards))


def meld_kind(cards: Sequence[Card]) -> MeldKind:
    """A checked meld's kind: a set when its first two cards share a rank, else a run."""
    return MeldKind.SET if cards[0].rank is cards[1].rank else MeldKind.RUN


_Fittings = tuple[list[tuple[Card, End | None, int]], list[tuple[int, int, Card, End | None, int]]]
# ``Fit.fitting`` and ``fitting_bits`` by the fit's shape (kind, ranks, length, suits): a
# fit's lay-offs depend on nothing else, and the shapes are few.
_FITTINGS: dict[int, _Fittings] = {}


@dataclass(slots=True)
class Fit:
    """A table meld reduced to what lay-offs need. Mutable, so a plan can grow it; a plan
    grows only its own copies (``copy``), so fits may be shared freely otherwise."""

    id: int
    kind: MeldKind
    rank: int  # set: its rank; run: the low end's rank
    high: int  # run: the high end's rank
    suit: Suit | None  # run: its suit
    length: int
    suits: int = 0  # set: the suits present, a mask of suit indices (Enum hashing is slow)
    cached: list[tuple[Card, End | None, int]] | None = None  # ``fitting`` until ``add``
    bits_cached: list[tuple[int, int, Card, End | None, int]] | None = None  # and ``fitting_bits``

    @classmethod
    def of_view(cls, meld: MeldView) -> Fit:
        """The fit of a meld on the table."""
        cards = [p.card for p in meld.cards]
        return cls.of_cards(meld.id, cards, meld.kind)

    @classmethod
    def of_cards(cls, meld_id: int, cards: Sequence[Card], kind: MeldKind) -> Fit:
        """The fit of a meld of ``cards`` in table order, laid or only planned."""
        first = cards[0]
        if kind is MeldKind.SET:
            suits = 0
            for c in cards:
                if c.suit_int >= 0:
                    suits |= 1 << c.suit_int
            rank = first.rank_int
            return cls(meld_id, kind, rank, rank, None, len(cards), suits)
        return cls(meld_id, kind, first.rank_int, cards[-1].rank_int, first.suit, len(cards))

    def copy(self) -> Fit:
        """A copy a plan may grow without changing this one (the cached lists are shared:
        ``add`` replaces them, never changes them)."""
        return Fit(
            self.id,
            self.kind,
            self.rank,
            self.high,
            self.suit,
            self.length,
            self.suits,
            self.cached,
            self.bits_cached,
        )

    def fitting(self) -> list[tuple[Card, End | None, int]]:
        """(card, end, points) for every card that may be laid off here now."""
        cached = self.cached
        if cached is None:
            cached = self.cached = self._shared()[0]
        return cached

    def fitting_bits(self) -> list[tuple[int, int, Card, End | None, int]]:
        """``fitting`` with each card's bit (``card_bit``) and bit number in front."""
        cached = self.bits_cached
        if cached is None:
            cached = self.bits_cached = self._shared()[1]
        return cached

    def _shared(self) -> _Fittings:
        """Both fitting lists of this fit's shape, worked out once per shape (never changed)."""
        if self.kind is MeldKind.SET:
            key = self.rank | self.length << 4 | self.suits << 9 | 1 << 13
        else:
            assert self.suit is not None
            key = self.rank | self.high << 4 | self.length << 8 | self.suit.index << 14
        known = _FITTINGS.get(key)
        if known is None:
            fitting = self._fitting()
            bits = [
                (b, b.bit_length() - 1, c, end, pts)
                for c, end, pts in fitting
                for b in (card_bit(c),)
            ]
            known = _FITTINGS[key] = (fitting, bits)
        return known

    def _fitting(self) -> list[tuple[Card, End | None, int]]:
        if self.kind is MeldKind.SET:
            if self.length >= MAX_SET:
                return []
            pts = ACE_IN_SET if self.rank == Rank.ACE else FACE_OF_RANK[self.rank]
            return [(CARD_AT[i][self.rank], None, pts) for i in range(4) if not self.suits >> i & 1]
        if self.length >= RING:
            return []
        assert self.suit is not None
        low = prev_rank(self.rank)
        high = next_rank(self.high)
        low_pts = ACE_LOW if low == Rank.ACE else FACE_OF_RANK[low]
        high_pts = ACE_HIGH if high == Rank.ACE else FACE_OF_RANK[high]
        row = CARD_AT[self.suit.index]
        return [(row[low], End.LOW, low_pts), (row[high], End.HIGH, high_pts)]

    def add(self, card: Card, end: End | None) -> None:
        """Grow the fit by ``card`` laid off at ``end``, as a plan lays it."""
        self.cached = None
        self.bits_cached = None
        self.length += 1
        if self.kind is MeldKind.SET:
            if card.suit_int >= 0:
                self.suits |= 1 << card.suit_int
        elif end is End.LOW:
            self.rank = card.rank_int
        else:
            self.high = card.rank_int


def table_fits(view: PrivateView) -> list[Fit]:
    """A fit for each meld on the table, for a plan to lay off onto."""
    return [Fit.of_view(m) for m in view.public.melds]


def fits_masks(fits: Iterable[Fit]) -> tuple[int, int]:
    """The card masks of the cards that may be laid off onto one of ``fits`` now, and of
    those of them that score (points above 0)."""
    fitting = scoring = 0
    for fit in fits:
        for bit, _, _, _, pts in fit.fitting_bits():
            fitting |= bit
            if pts > 0:
                scoring |= bit
    return fitting, scoring


def fit_value(card: Card, fits: Iterable[Fit]) -> int:
    """The most ``card`` scores as a lay-off onto one of ``fits`` now (0 if none)."""
    best = 0
    for fit in fits:
        for c, _, pts in fit.fitting():
            if c is card and pts > best:
                best = pts
    return best


def average_hand_value(cards: Sequence[Card]) -> float:
    """What a card of ``cards`` is worth in a hand on average: an unseen card's expected
    worth (7, near a full pack's, when none is left)."""
    if not cards:
        return 7.0
    return sum(hand_value(c) for c in cards) / len(cards)


__all__ = [
    "ALL_MASK",
    "FACE_OF_RANK",
    "HAND_VALUE_OF_RANK",
    "NEXT_RANK",
    "PREV_RANK",
    "Fit",
    "average_hand_value",
    "card_at",
    "card_bit",
    "card_number",
    "cards_mask",
    "fit_value",
    "fits_masks",
    "fresh_meld_points",
    "hand_value",
    "mask_cards",
    "mask_hand_value",
    "meld_kind",
    "next_rank",
    "prev_rank",
    "remove_card",
    "table_fits",
    "unseen_cards",
]
