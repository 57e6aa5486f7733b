"""A Rommé meld on the table (``PricedTableMeld``): lay-offs onto it, joker swaps, and the
cards that still fit it."""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.actions import End, MeldKind
from engine.cards import CARD_AT, Card, format_cards
from engine.errors import IllegalMeld
from engine.i18n import N_
from engine.meld_checks import check_set_layoff, layoff_end
from engine.melding.points import (
    HIGH_ACE,
    LOW_ACE,
    MAX_RUN,
    MAX_SET,
    PRICES,
    PricedMeld,
    Prices,
    card_at,
    natural_positions,
)
from engine.melding.views import PricedMeldView, PricedPlacedCard


@dataclass(slots=True)
class PricedTableMeld:
    """A Rommé meld on the table; ``stands_for``, ``points`` and ``placed_by`` run parallel
    to ``cards``. For a run ``low`` is the first card's position (1..14). A card laid off
    scores at the meld's ``prices``."""

    id: int
    owner: int
    kind: MeldKind
    cards: list[Card]
    stands_for: list[Card]
    points: list[int]
    low: int
    placed_by: list[int] = field(default_factory=list)
    prices: Prices = PRICES

    @classmethod
    def from_shape(
        cls, meld_id: int, seat: int, shape: PricedMeld, prices: Prices = PRICES
    ) -> PricedTableMeld:
        """The meld ``shape`` (priced at ``prices``) laid by ``seat``."""
        return cls(
            meld_id,
            seat,
            shape.kind,
            list(shape.cards),
            list(shape.stands_for),
            list(shape.points),
            shape.low,
            [seat] * len(shape.cards),
            prices,
        )

    def view(self, pending: bool = False) -> PricedMeldView:
        """The meld as everyone sees it, card by card (``pending``: part of an unfinished
        first meld)."""
        placed = zip(self.cards, self.stands_for, self.points, self.placed_by, strict=True)
        cards = tuple(PricedPlacedCard(c, st, p, by) for c, st, p, by in placed)
        return PricedMeldView(self.id, self.owner, self.kind, cards, pending)

    @property
    def text(self) -> str:
        """The cards as players write them (``7♦ Jo 9♦``), for messages."""
        return format_cards(self.cards)

    @property
    def jokers(self) -> int:
        """How many jokers it holds; one more may go on only while naturals outnumber them."""
        return sum(1 for c in self.cards if c.is_joker)

    @property
    def naturals(self) -> int:
        """How many of its cards are not jokers."""
        return len(self.cards) - self.jokers

    @property
    def high(self) -> int:
        """For a run, the position (1..14) of its last card."""
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
                return None, CARD_AT[missing[0]][self.low], self.prices.set_points(self.low)
            check_set_layoff(card, self.low, self._natural_suits(), len(self.cards), target)
            return None, card, self.prices.set_points(self.low)
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
            positions = natural_positions(card)
            fits_low = fits_low and low_pos in positions
            fits_high = fits_high and high_pos in positions
        end = layoff_end(card, target, end, fits_low, fits_high)
        pos = low_pos if end is End.LOW else high_pos
        return end, card_at(suit, pos), self.prices.position_points(pos)

    def accepts(self, card: Card) -> bool:
        """Could ``card`` be laid off here now, at either end of a run?"""
        for end in (End.LOW, End.HIGH) if self.kind is MeldKind.RUN else (None,):
            try:
                self.layoff(card, end)
            except IllegalMeld:
                continue
            return True
        return False

    def add(self, card: Card, end: End | None, stands: Card, points: int, seat: int) -> None:
        """Lay off ``card`` as ``layoff`` checked it: at ``end``, standing for ``stands``,
        worth ``points`` to ``seat``; a set's jokers then stand for the suits still missing."""
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
        """Put natural ``card`` in place of the joker at ``index`` (see ``swap_index``); the
        caller lays that joker elsewhere."""
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
