"""Melds for the two-pack relatives, Rommé and Wiener Rummy: jokers, no corner, Ace 11 or 1.

Positions in a run are numbered 1 (Ace low) to 14 (Ace high); 2..13 are the plain ranks. A run
never holds both Aces, so it has at most 13 cards, and K A 2 is never a run.

Every joker on the table stands for one card, recorded in ``stands_for``. In a set the joker
stands for a missing suit; the first missing suit in pack order is recorded, but any missing
suit may later replace it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from engine.actions import End, MeldKind, misfit_at_end
from engine.cards import CARD_AT, JOKER, SUITS, Card, format_cards
from engine.errors import IllegalMeld
from engine.i18n import N_, Message, plural_message

MIN_MELD = 3
MAX_SET = 4
MAX_RUN = 13
LOW_ACE = 1
HIGH_ACE = 14
ACE_ON_TABLE = 11  # in a set or after the King
ACE_LOW_POINTS = 1  # before the 2
ACE_IN_HAND = 11
JOKER_IN_HAND = 30


def position_points(position: int) -> int:
    """What the card at run ``position`` (1..14) is worth on the table."""
    if position == HIGH_ACE:
        return ACE_ON_TABLE
    if position == LOW_ACE:
        return ACE_LOW_POINTS
    return 10 if position >= 10 else position


def set_points(rank: int) -> int:
    return ACE_ON_TABLE if rank == 1 else (10 if rank >= 10 else rank)


def hand_value(card: Card) -> int:
    """A card left in a hand at the end: joker 30, Ace 11, J Q K 10, others face."""
    rank = card.rank_int
    if rank == 0:
        return JOKER_IN_HAND
    if rank == 1:
        return ACE_IN_HAND
    return 10 if rank >= 10 else rank


def card_at(suit: int, position: int) -> Card:
    return CARD_AT[suit][1 if position == HIGH_ACE else position]


@dataclass(frozen=True, slots=True)
class VariantMeld:
    """A checked meld: table order, the card each position stands for, and its points.

    For a run ``low`` is the position (1..14) of its first card; for a set it is the rank.
    """

    kind: MeldKind
    cards: tuple[Card, ...]
    stands_for: tuple[Card, ...]
    points: tuple[int, ...]
    low: int

    @property
    def total(self) -> int:
        return sum(self.points)

    @property
    def jokers(self) -> int:
        return sum(1 for c in self.cards if c.is_joker)


def _natural_positions(card: Card) -> tuple[int, ...]:
    return (LOW_ACE, HIGH_ACE) if card.rank_int == 1 else (card.rank_int,)


def _start_for_order(cards: Sequence[Card]) -> int | None:
    """The run's first position if ``cards`` are already in ascending run order, else None."""
    length = len(cards)
    index, first = next((i, c) for i, c in enumerate(cards) if not c.is_joker)
    for pos in _natural_positions(first):
        start = pos - index
        end = start + length - 1
        if start < LOW_ACE or end > HIGH_ACE or length > MAX_RUN:
            continue
        if all(
            card.is_joker or start + i in _natural_positions(card) for i, card in enumerate(cards)
        ):
            return start
    return None


def _build_run(suit: int, start: int, cards: Sequence[Card]) -> VariantMeld:
    stands = tuple(card_at(suit, start + i) for i in range(len(cards)))
    points = tuple(position_points(start + i) for i in range(len(cards)))
    return VariantMeld(MeldKind.RUN, tuple(cards), stands, points, start)


def _missing(suit: int, positions: Sequence[int]) -> list[Card]:
    have = set(positions)
    return [card_at(suit, p) for p in range(min(have), max(have) + 1) if p not in have]


def _analyse_run(cards: Sequence[Card], text: object) -> VariantMeld:
    naturals = [c for c in cards if not c.is_joker]
    jokers = len(cards) - len(naturals)
    suit = naturals[0].suit_int
    ranks = [c.rank_int for c in naturals]
    if len(set(ranks)) != len(ranks):
        raise IllegalMeld(
            N_("{text} is not a run: a run cannot hold the same rank twice."), text=text
        )
    if len(cards) > MAX_RUN:
        raise IllegalMeld(N_("{text} is not a run: a run has at most 13 cards."), text=text)
    for ordered in (list(cards), list(reversed(cards))):
        start = _start_for_order(ordered)
        if start is not None:
            return _build_run(suit, start, ordered)
    # The order given is not a run order: place the naturals, fill the gaps with jokers and
    # put any spare joker where it scores most (the higher end on a tie).
    best: tuple[int, int] | None = None
    fewest_missing: list[Card] | None = None
    has_ace = 1 in ranks
    for ace_pos in (LOW_ACE, HIGH_ACE) if has_ace else (0,):
        positions = sorted(ace_pos if r == 1 else r for r in ranks)
        gaps = positions[-1] - positions[0] + 1 - len(positions)
        if fewest_missing is None or gaps < len(fewest_missing):
            fewest_missing = _missing(suit, positions)
        if gaps > jokers:
            continue
        spare = jokers - gaps
        for below in range(spare + 1):
            start = positions[0] - below
            end = positions[-1] + spare - below
            if start < LOW_ACE or end > HIGH_ACE:
                continue
            score = sum(position_points(p) for p in range(start, end + 1))
            if best is None or (score, start) > best:
                best = (score, start)
    if best is None:
        assert fewest_missing is not None
        if has_ace and 2 in ranks and 13 in ranks:
            raise IllegalMeld(
                N_("{text} is not a run: no run turns the corner (K A 2)."), text=text
            )
        shown = fewest_missing[:4]
        more = " …" if len(fewest_missing) > len(shown) else ""
        jokers_text = plural_message("only {n} joker", "only {n} jokers", jokers)
        if len(fewest_missing) == 1:
            raise IllegalMeld(
                N_("{text} is not a run: {missing} is missing and {jokers} to fill in."),
                text=text,
                missing=tuple(shown),
                jokers=jokers_text,
            )
        raise IllegalMeld(
            N_("{text} is not a run: {missing}{more} are missing and {jokers} to fill in."),
            text=text,
            missing=tuple(shown),
            more=more,
            jokers=jokers_text,
        )
    start = best[1]
    by_pos: dict[int, Card] = {}
    for card in naturals:
        options = _natural_positions(card)
        pos = options[0] if len(options) == 1 or start == LOW_ACE else HIGH_ACE
        by_pos[pos] = card
    ordered = [by_pos.get(start + i, JOKER) for i in range(len(cards))]
    return _build_run(suit, start, ordered)


def analyse_variant_meld(cards: Sequence[Card]) -> VariantMeld:
    """Check that ``cards`` form one fresh Rommé / Wiener Rummy meld and price each card.

    Runs keep the order given when it is a run order (so ``5♥ 6♥ Jo`` puts the joker as 7♥
    and ``Jo 5♥ 6♥`` as 4♥); otherwise the highest-scoring placement is chosen. Raises
    ``IllegalMeld`` with a message a player can read.
    """
    text: object = tuple(cards) or Message(N_("That"))
    if len(cards) < MIN_MELD:
        raise IllegalMeld(N_("{text} is too short: a meld needs at least 3 cards."), text=text)
    naturals = [c for c in cards if not c.is_joker]
    jokers = len(cards) - len(naturals)
    if len(naturals) < 2:
        raise IllegalMeld(
            N_("{text} is not a meld: a meld needs at least two natural cards."), text=text
        )
    if jokers > len(naturals):
        raise IllegalMeld(
            N_("{text} is not a meld: it may hold no more jokers than natural cards."), text=text
        )
    first = naturals[0]
    if all(c.rank_int == first.rank_int for c in naturals):
        if len(cards) > MAX_SET:
            raise IllegalMeld(N_("{text} is not a set: a set has at most 4 cards."), text=text)
        suits = [c.suit_int for c in naturals]
        if len(set(suits)) != len(suits):
            raise IllegalMeld(N_("{text} is not a set: its suits must all differ."), text=text)
        missing = [s for s in range(len(SUITS)) if s not in suits]
        ordered = (*naturals, *(JOKER for _ in range(jokers)))
        stands = (*naturals, *(CARD_AT[s][first.rank_int] for s in missing[:jokers]))
        points = (set_points(first.rank_int),) * len(ordered)
        return VariantMeld(MeldKind.SET, ordered, stands, points, first.rank_int)
    if all(c.suit_int == first.suit_int for c in naturals):
        return _analyse_run(cards, text)
    raise IllegalMeld(
        N_(
            "{text} is not a meld: a set is 3 or 4 cards of one rank in different suits, a run 3 "
            "or more cards of one suit in order."
        ),
        text=text,
    )


def variant_meld_points(cards: Sequence[Card]) -> int:
    return analyse_variant_meld(cards).total


@dataclass(slots=True)
class VariantTableMeld:
    """A Rommé meld on the table; ``stands_for``, ``points`` and ``placed_by`` run parallel
    to ``cards``. For a run ``low`` is the first card's position (1..14)."""

    id: int
    owner: int
    kind: MeldKind
    cards: list[Card]
    stands_for: list[Card]
    points: list[int]
    low: int
    placed_by: list[int] = field(default_factory=list)

    @classmethod
    def from_shape(cls, meld_id: int, seat: int, shape: VariantMeld) -> VariantTableMeld:
        return cls(
            meld_id,
            seat,
            shape.kind,
            list(shape.cards),
            list(shape.stands_for),
            list(shape.points),
            shape.low,
            [seat] * len(shape.cards),
        )

    @property
    def text(self) -> str:
        return format_cards(self.cards)

    @property
    def jokers(self) -> int:
        return sum(1 for c in self.cards if c.is_joker)

    @property
    def naturals(self) -> int:
        return len(self.cards) - self.jokers

    @property
    def high(self) -> int:
        return self.low + len(self.cards) - 1

    def _suit(self) -> int:
        return next(c.suit_int for c in self.cards if not c.is_joker)

    def _natural_suits(self) -> set[int]:
        return {c.suit_int for c in self.cards if not c.is_joker}

    def layoff(self, card: Card, end: End | None) -> tuple[End | None, Card, int]:
        """Check that ``card`` can be laid off at ``end``; return (end, stands for, points)."""
        target = tuple(self.cards)
        if self.kind is MeldKind.SET:
            if len(self.cards) >= MAX_SET:
                raise IllegalMeld(N_("The set {target} is complete."), target=target)
            if card.is_joker:
                if self.jokers + 1 > self.naturals:
                    raise IllegalMeld(N_("{target} cannot take another joker."), target=target)
                missing = [s for s in range(4) if s not in {c.suit_int for c in self.stands_for}]
                return None, CARD_AT[missing[0]][self.low], set_points(self.low)
            if card.rank_int != self.low:
                raise IllegalMeld(
                    N_("{card} does not fit the set {target}."), card=card, target=target
                )
            if card.suit_int in self._natural_suits():
                raise IllegalMeld(
                    N_("The set {target} already has {card}: its suits must differ."),
                    target=target,
                    card=card,
                )
            return None, card, set_points(self.low)
        suit = self._suit()
        if len(self.cards) >= MAX_RUN:
            raise IllegalMeld(N_("The run {target} is as long as a run can be."), target=target)
        low_pos, high_pos = self.low - 1, self.high + 1
        # Shorter than 13, so the run cannot hold both Aces after one more card.
        fits_low = low_pos >= LOW_ACE
        fits_high = high_pos <= HIGH_ACE
        if card.is_joker:
            if self.jokers + 1 > self.naturals:
                raise IllegalMeld(N_("{target} cannot take another joker."), target=target)
        else:
            if card.suit_int != suit:
                raise IllegalMeld(
                    N_("{card} does not fit the run {target}: wrong suit."),
                    card=card,
                    target=target,
                )
            positions = _natural_positions(card)
            fits_low = fits_low and low_pos in positions
            fits_high = fits_high and high_pos in positions
        if end is None:
            if fits_low and fits_high:
                raise IllegalMeld(
                    N_("{card} fits both ends of {target}: say which end."),
                    card=card,
                    target=target,
                )
            if not fits_low and not fits_high:
                raise IllegalMeld(
                    N_("{card} does not fit the run {target}."), card=card, target=target
                )
            end = End.LOW if fits_low else End.HIGH
        pos = low_pos if end is End.LOW else high_pos
        if not (fits_low if end is End.LOW else fits_high):
            raise misfit_at_end(card, target, end, fits_low or fits_high)
        return end, card_at(suit, pos), position_points(pos)

    def add(self, card: Card, end: End | None, stands: Card, points: int, seat: int) -> None:
        if end is End.LOW:
            self.cards.insert(0, card)
            self.stands_for.insert(0, stands)
            self.points.insert(0, points)
            self.placed_by.insert(0, seat)
            self.low -= 1
        else:
            self.cards.append(card)
            self.stands_for.append(stands)
            self.points.append(points)
            self.placed_by.append(seat)
        if self.kind is MeldKind.SET and not card.is_joker:
            self._reassign_set_jokers()

    def swap_index(self, card: Card, strict: bool) -> int:
        """Where natural ``card`` may replace a joker of this meld; raise if it may not."""
        target = tuple(self.cards)
        if card.is_joker:
            raise IllegalMeld(N_("Swap a natural card for a joker, not a joker for a joker."))
        if not self.jokers:
            raise IllegalMeld(N_("{target} holds no joker."), target=target)
        if self.kind is MeldKind.SET:
            if card.rank_int != self.low or card.suit_int in self._natural_suits():
                raise IllegalMeld(
                    N_("{card} cannot stand in for the joker in {target}."),
                    card=card,
                    target=target,
                )
            if strict and len(self.cards) < MAX_SET:
                raise IllegalMeld(
                    N_(
                        "A joker leaves a set only when the natural card makes it a set of "
                        "four: {target} has {count} cards."
                    ),
                    target=target,
                    count=len(self.cards),
                )
            return next(i for i, c in enumerate(self.cards) if c.is_joker)
        for i, (placed, stands) in enumerate(zip(self.cards, self.stands_for, strict=True)):
            if placed.is_joker and stands is card:
                return i
        raise IllegalMeld(N_("No joker in {target} stands for {card}."), target=target, card=card)

    def swap(self, index: int, card: Card, seat: int) -> None:
        self.cards[index] = card
        self.stands_for[index] = card
        self.placed_by[index] = seat
        if self.kind is MeldKind.SET:
            self._reassign_set_jokers()

    def _reassign_set_jokers(self) -> None:
        """A set's jokers stand for the suits its natural cards still lack."""
        natural = self._natural_suits()
        missing = iter(s for s in range(4) if s not in natural)
        for i, placed in enumerate(self.cards):
            if placed.is_joker:
                self.stands_for[i] = CARD_AT[next(missing)][self.low]

    def fitting_cards(self) -> list[tuple[Card, End | None]]:
        """Every natural card that could be laid off here now (jokers fit wherever a joker
        may go; see ``layoff``)."""
        if self.kind is MeldKind.SET:
            if len(self.cards) >= MAX_SET:
                return []
            have = self._natural_suits()
            return [(CARD_AT[s][self.low], None) for s in range(4) if s not in have]
        if len(self.cards) >= MAX_RUN:
            return []
        suit = self._suit()
        out: list[tuple[Card, End | None]] = []
        if self.low - 1 >= LOW_ACE:
            out.append((card_at(suit, self.low - 1), End.LOW))
        if self.high + 1 <= HIGH_ACE:
            out.append((card_at(suit, self.high + 1), End.HIGH))
        return out
