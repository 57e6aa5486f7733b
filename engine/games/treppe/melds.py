"""Melds for Treppenrommé: sets and runs on the ring A 2 ... K A 2 ..., their points, lay-offs
and the melds a hand can form.

A run is always stored in playing order from its low end to its high end. Points are fixed
when a card is placed: an Ace is worth 1 at the low end, 10 at the high end and 5 inside.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from itertools import combinations, pairwise

from engine.actions import End, MeldKind
from engine.cards import CARD_AT, Card, Rank
from engine.errors import IllegalMeld
from engine.i18n import N_, Message
from engine.meld_checks import (
    MAX_SET,
    MIN_MELD,
    check_meld_length,
    check_set,
    check_set_layoff,
    layoff_end,
)

RING = 13
ACE_IN_SET = 15
ACE_LOW = 1
ACE_HIGH = 10
ACE_CORNER = 5
ACE_IN_HAND = 15


def _next_rank(rank: int) -> int:
    return rank % RING + 1


def _prev_rank(rank: int) -> int:
    return (rank - 2) % RING + 1


def hand_value(card: Card) -> int:
    """What a card left in a hand is worth to the player who went out: every Ace 15."""
    return ACE_IN_HAND if card.rank is Rank.ACE else card.rank.face_value


def run_card_points(card: Card, position: int, length: int) -> int:
    """What ``card`` scores at ``position`` of a fresh run of ``length``: its face value, an
    Ace 1 at the low end, 10 at the high end and 5 inside (round the corner)."""
    if card.rank is not Rank.ACE:
        return card.rank.face_value
    if position == 0:
        return ACE_LOW
    if position == length - 1:
        return ACE_HIGH
    return ACE_CORNER


def set_card_points(card: Card) -> int:
    """What ``card`` scores in a set: its face value, an Ace 15."""
    return ACE_IN_SET if card.rank is Rank.ACE else card.rank.face_value


@dataclass(frozen=True, slots=True)
class MeldShape:
    """A checked meld: its kind, cards in table order and each card's points."""

    kind: MeldKind
    cards: tuple[Card, ...]
    points: tuple[int, ...]

    @property
    def total(self) -> int:
        """What the meld scores when laid: its cards' points added up."""
        return sum(self.points)


def _is_consecutive(ranks: Sequence[int]) -> bool:
    return all(_next_rank(a) == b for a, b in pairwise(ranks))


def _missing_text(missing: list[Card]) -> Message:
    if len(missing) == 1:
        return Message(N_("{card} is missing"), card=missing[0])
    return Message(
        N_("{cards} and {card} are missing"), cards=tuple(missing[:-1]), card=missing[-1]
    )


def order_run(cards: Sequence[Card]) -> list[Card]:
    """Put cards of one suit in run order, or raise ``IllegalMeld`` naming what is missing.

    A full suit of 13 keeps the order given when that order is itself a run, else 2..K A.
    """
    text: object = tuple(cards)
    suit = cards[0].suit
    assert suit is not None
    ranks = [int(card.rank) for card in cards]
    if len(set(ranks)) != len(ranks):
        raise IllegalMeld(
            N_("{text} is not a run: a run cannot hold the same card twice."), text=text
        )
    if len(cards) == RING:
        if _is_consecutive(ranks):
            return list(cards)
        return [Card(Rank(r), suit) for r in range(2, RING + 1)] + [Card(Rank.ACE, suit)]
    present = set(ranks)
    # Gaps are the maximal stretches of missing ranks on the ring; the largest one is
    # taken as "outside" the run, all others are holes the player must fill.
    starts = [r for r in present if _prev_rank(r) not in present]
    if len(starts) == 1:
        start = starts[0]
        ordered = [start]
        while len(ordered) < len(ranks):
            ordered.append(_next_rank(ordered[-1]))
        return [Card(Rank(r), suit) for r in ordered]
    gaps: list[list[int]] = []
    for start in starts:
        gap: list[int] = []
        rank = _prev_rank(start)
        while rank not in present:
            gap.append(rank)
            rank = _prev_rank(rank)
        gaps.append(sorted(gap, key=lambda r: (r - start) % RING))
    gaps.sort(key=len, reverse=True)
    missing = sorted((r for gap in gaps[1:] for r in gap), key=lambda r: r)
    missing_cards = [Card(Rank(r), suit) for r in missing]
    raise IllegalMeld(
        N_("{text} is not a run: {missing}."), text=text, missing=_missing_text(missing_cards)
    )


def analyse_meld(cards: Sequence[Card]) -> MeldShape:
    """Check that ``cards`` form one fresh meld and price every card.

    Raises ``IllegalMeld`` with a message a player can read.
    """
    text: object = tuple(cards)
    check_meld_length(cards, text or Message(N_("That")))
    if any(card.is_joker for card in cards):
        raise IllegalMeld(N_("Treppenrommé is played without jokers."))
    first = cards[0]
    if all(card.rank is first.rank for card in cards):
        check_set(len(cards), [card.suit_int for card in cards], text)
        return MeldShape(MeldKind.SET, tuple(cards), tuple(set_card_points(card) for card in cards))
    if all(card.suit is first.suit for card in cards):
        ordered = order_run(cards)
        length = len(ordered)
        points = tuple(run_card_points(card, i, length) for i, card in enumerate(ordered))
        return MeldShape(MeldKind.RUN, tuple(ordered), points)
    raise IllegalMeld(
        N_(
            "{text} is not a meld: a set is 3 or 4 cards of one rank, a run 3 or more cards of "
            "one suit in order."
        ),
        text=text,
    )


def meld_points(cards: Iterable[Card]) -> int:
    """The points ``cards`` score when laid as one fresh Treppenrommé meld (any order given).
    Every game's melds: ``engine.registry.meld_points(cards, game=key)``."""
    return analyse_meld(list(cards)).total


@dataclass(slots=True)
class TableMeld:
    """A meld on the table. ``placed_by`` and ``points`` run parallel to ``cards``."""

    id: int
    owner: int
    kind: MeldKind
    cards: list[Card]
    points: list[int]
    placed_by: list[int] = field(default_factory=list)

    def layoff_points(self, card: Card, end: End | None) -> int:
        """Check that ``card`` fits at ``end`` and return what it scores; raise if not."""
        target = tuple(self.cards)
        if self.kind is MeldKind.SET:
            suits = {c.suit_int for c in self.cards}
            check_set_layoff(card, self.cards[0].rank_int, suits, len(self.cards), target)
            return set_card_points(card)
        if card.suit is not self.cards[0].suit:
            raise IllegalMeld(
                N_("{card} does not fit the run {target}: wrong suit."), card=card, target=target
            )
        if len(self.cards) >= RING:
            raise IllegalMeld(N_("The run {target} already holds all 13 cards."), target=target)
        fits_low = _prev_rank(int(self.cards[0].rank)) == int(card.rank)
        fits_high = _next_rank(int(self.cards[-1].rank)) == int(card.rank)
        end = layoff_end(card, target, end, fits_low, fits_high)
        if card.rank is Rank.ACE:
            return ACE_LOW if end is End.LOW else ACE_HIGH
        return card.rank.face_value

    def resolve_end(self, card: Card, end: End | None) -> End | None:
        """The end a lay-off goes to: given, or the only one that fits (None for sets)."""
        if self.kind is MeldKind.SET or end is not None:
            return end
        return End.LOW if _prev_rank(int(self.cards[0].rank)) == int(card.rank) else End.HIGH

    def add(self, card: Card, end: End | None, points: int, seat: int) -> None:
        """Lay off ``card`` at ``end`` as ``layoff_points`` checked it, crediting ``seat``."""
        if end is End.LOW:
            self.cards.insert(0, card)
            self.points.insert(0, points)
            self.placed_by.insert(0, seat)
        else:
            self.cards.append(card)
            self.points.append(points)
            self.placed_by.append(seat)

    def fitting_cards(self) -> list[tuple[Card, End | None]]:
        """Every card that could be laid off here now, with the end it goes to."""
        first = self.cards[0]
        if self.kind is MeldKind.SET:
            if len(self.cards) >= MAX_SET:
                return []
            have = {c.suit_int for c in self.cards}
            return [(CARD_AT[s][first.rank_int], None) for s in range(4) if s not in have]
        if len(self.cards) >= RING:
            return []
        row = CARD_AT[first.suit_int]
        low = row[_PREV[first.rank_int]]
        high = row[_NEXT[self.cards[-1].rank_int]]
        return [(low, End.LOW), (high, End.HIGH)]


def possible_melds(hand: Sequence[Card]) -> list[tuple[Card, ...]]:
    """Every distinct meld (as a card tuple in table order) that ``hand`` can lay now."""
    rank_suits: dict[int, int] = {}  # by rank, in the hand's order: a mask of its suits
    suit_masks = [0, 0, 0, 0]
    for card in hand:
        suit = card.suit_int
        if suit < 0:
            continue
        rank = card.rank_int
        rank_suits[rank] = rank_suits.get(rank, 0) | 1 << suit
        suit_masks[suit] |= 1 << rank
    result: list[tuple[Card, ...]] = []
    for rank, suits in rank_suits.items():
        if suits in _THREE_OR_MORE:
            result.extend(_SETS[rank][suits])
    for suit, mask in enumerate(suit_masks):
        if mask.bit_count() < MIN_MELD:
            continue
        row = CARD_AT[suit]
        if mask == FULL_SUIT_MASK:
            result.append((*row[2:], row[1]))
        # A run of three needs a rank and the next two (round the ring): the ranks that start
        # one, found at once on the mask and taken from the lowest up.
        after = _ring_next(mask)
        starts = mask & after & _ring_next(after)
        runs_of_suit = _RUNS[suit]
        while starts:
            low = starts & -starts
            starts ^= low
            start = low.bit_length() - 1
            runs = runs_of_suit[start]
            result.append(runs[MIN_MELD])
            length = MIN_MELD
            rank = _NEXT[_NEXT2[start]]
            while mask >> rank & 1 and length < RING - 1:
                length += 1
                result.append(runs[length])
                rank = _NEXT[rank]
    return result


FULL_SUIT_MASK = sum(1 << r for r in range(1, RING + 1))


def _ring_next(mask: int) -> int:
    """The ranks (bits 1 to 13) whose next rank round the ring is in ``mask``."""
    return (mask >> 1 | (mask & 2) << (RING - 1)) & FULL_SUIT_MASK


_NEXT = [0, *(_next_rank(r) for r in range(1, RING + 1))]
_PREV = [0, *(_prev_rank(r) for r in range(1, RING + 1))]
_NEXT2 = [0, *(_next_rank(_next_rank(r)) for r in range(1, RING + 1))]
# The sets a rank's cards of the suits in a 4-bit mask can lay, three cards and then four,
# suits in pack order; and the masks that hold three suits or more.
_SETS = [
    [
        [
            tuple(CARD_AT[s][rank] for s in suits)
            for size in range(MIN_MELD, MAX_SET + 1)
            for suits in combinations([s for s in range(4) if mask >> s & 1], size)
        ]
        for mask in range(16)
    ]
    for rank in range(RING + 1)
]
_THREE_OR_MORE = frozenset(mask for mask in range(16) if mask.bit_count() >= MIN_MELD)

# The runs of each suit by their low rank and length (0 to 12 cards), built once.
_RUNS: list[list[list[tuple[Card, ...]]]] = []
for _suit in range(4):
    _by_start: list[list[tuple[Card, ...]]] = [[]]
    for _start in range(1, RING + 1):
        _ranks = [_start]
        while len(_ranks) < RING - 1:
            _ranks.append(_next_rank(_ranks[-1]))
        _by_start.append([tuple(CARD_AT[_suit][r] for r in _ranks[:n]) for n in range(RING)])
    _RUNS.append(_by_start)
