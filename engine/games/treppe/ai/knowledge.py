"""What a seat can know from its own view: unseen cards, table fits and card values.

Everything here reads only a ``PrivateView`` (and plain cards); nothing touches a ``Game``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from engine.actions import End, MeldKind
from engine.cards import CARD_AT, FULL_PACK, SUITS, Card, Rank, Suit
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

_HAND_VALUE: dict[Card, int] = {c: _engine_hand_value(c) for c in FULL_PACK}


def hand_value(card: Card) -> int:
    """What a card left in a hand is worth to the player who went out: every Ace 15."""
    return _HAND_VALUE[card]


def next_rank(rank: int) -> int:
    """The rank after ``rank`` on the ring: after the King comes the Ace again."""
    return rank % RING + 1


def prev_rank(rank: int) -> int:
    """The rank before ``rank`` on the ring: before the Ace comes the King."""
    return (rank - 2) % RING + 1


def card_at(rank: int, suit: Suit) -> Card:
    """The card of ``rank`` (1..13) and ``suit``, looked up rather than built."""
    return CARD_AT[suit.index][rank]


# Plain points of a rank (2-10 face, J Q K 10, Ace 1), indexed by the rank's int.
_FACE = (0, *(Rank(r).face_value for r in range(1, RING + 1)))


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


@dataclass(slots=True)
class Fit:
    """A table meld reduced to what lay-offs need. Mutable, so a plan can grow it."""

    id: int
    kind: MeldKind
    rank: int  # set: its rank; run: the low end's rank
    high: int  # run: the high end's rank
    suit: Suit | None  # run: its suit
    length: int
    suits: set[Suit] = field(default_factory=set)  # set: suits present
    cached: list[tuple[Card, End | None, int]] | None = None  # ``fitting`` until ``add``

    @classmethod
    def of_view(cls, meld: MeldView) -> Fit:
        """The fit of a meld on the table."""
        cards = [p.card for p in meld.cards]
        return cls.of_cards(meld.id, cards, meld.kind)

    @classmethod
    def of_cards(cls, meld_id: int, cards: Sequence[Card], kind: MeldKind) -> Fit:
        """The fit of a meld of ``cards`` in table order, laid or only planned."""
        first, last = cards[0], cards[-1]
        if kind is MeldKind.SET:
            suits = {c.suit for c in cards if c.suit is not None}
            return cls(meld_id, kind, int(first.rank), int(first.rank), None, len(cards), suits)
        return cls(meld_id, kind, int(first.rank), int(last.rank), first.suit, len(cards))

    def copy(self) -> Fit:
        """A copy a plan may grow without changing this one (the cached list is shared:
        ``add`` replaces it, never changes it)."""
        return Fit(
            self.id,
            self.kind,
            self.rank,
            self.high,
            self.suit,
            self.length,
            set(self.suits),
            self.cached,
        )

    def fitting(self) -> list[tuple[Card, End | None, int]]:
        """(card, end, points) for every card that may be laid off here now."""
        cached = self.cached
        if cached is None:
            cached = self.cached = self._fitting()
        return cached

    def _fitting(self) -> list[tuple[Card, End | None, int]]:
        if self.kind is MeldKind.SET:
            if self.length >= MAX_SET:
                return []
            pts = ACE_IN_SET if self.rank == Rank.ACE else _FACE[self.rank]
            return [
                (CARD_AT[i][self.rank], None, pts)
                for i, s in enumerate(SUITS)
                if s not in self.suits
            ]
        if self.length >= RING:
            return []
        assert self.suit is not None
        low = prev_rank(self.rank)
        high = next_rank(self.high)
        low_pts = ACE_LOW if low == Rank.ACE else _FACE[low]
        high_pts = ACE_HIGH if high == Rank.ACE else _FACE[high]
        row = CARD_AT[self.suit.index]
        return [(row[low], End.LOW, low_pts), (row[high], End.HIGH, high_pts)]

    def add(self, card: Card, end: End | None) -> None:
        """Grow the fit by ``card`` laid off at ``end``, as a plan lays it."""
        self.cached = None
        self.length += 1
        if self.kind is MeldKind.SET:
            if card.suit is not None:
                self.suits.add(card.suit)
        elif end is End.LOW:
            self.rank = int(card.rank)
        else:
            self.high = int(card.rank)


def table_fits(view: PrivateView) -> list[Fit]:
    """A fit for each meld on the table, for a plan to lay off onto."""
    return [Fit.of_view(m) for m in view.public.melds]


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
    "Fit",
    "average_hand_value",
    "card_at",
    "fit_value",
    "fresh_meld_points",
    "hand_value",
    "meld_kind",
    "next_rank",
    "prev_rank",
    "table_fits",
    "unseen_cards",
]
