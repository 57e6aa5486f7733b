"""The one-draw lookahead of the ``hard`` players built on ``MeldingPlayer``: the expected
cost of a hand after the next draw from the cards this seat has not seen, and the best
discard after it."""

from __future__ import annotations

from collections.abc import Sequence

from engine.cards import CARD_AT, Card
from engine.melding.hand_cost import (
    Cost,
    arrangement_of,
    leftover_of,
    meld_extensions,
    related,
    sorted_key,
    without,
)
from engine.melding.melds import card_at, hand_value


def _completers(loose: Sequence[Card]) -> set[Card]:
    """Natural cards that would make a meld with two of the ``loose`` cards."""
    out: set[Card] = set()
    for i, a in enumerate(loose):
        for b in loose[i + 1 :]:
            if not related(a, b):
                continue
            if a.rank_int == b.rank_int:
                out.update(
                    CARD_AT[s][a.rank_int] for s in range(4) if s not in (a.suit_int, b.suit_int)
                )
                continue
            suit = a.suit_int
            for low, high in _positions(a.rank_int, b.rank_int):
                if high - low == 2:
                    out.add(card_at(suit, low + 1))
                else:
                    if low > 1:
                        out.add(card_at(suit, low - 1))
                    if high < 14:
                        out.add(card_at(suit, high + 1))
    return out


def _positions(a: int, b: int) -> list[tuple[int, int]]:
    """The run positions (low, high) two ranks of one suit can take, at most two apart."""
    found: list[tuple[int, int]] = []
    for pa in (1, 14) if a == 1 else (a,):
        for pb in (1, 14) if b == 1 else (b,):
            low, high = min(pa, pb), max(pa, pb)
            if 1 <= high - low <= 2:
                found.append((low, high))
    return found


def expected_after_draw(cards: Sequence[Card], unseen: dict[Card, int], cost: Cost) -> float:
    """The expected ``cost`` of ``cards`` after one more draw from the unseen cards and the
    best discard (the dearest leftover card, or the drawn card). Only a joker, a card that
    lengthens a meld of the hand or one related to a leftover card is searched; any other
    card only helps when it is cheaper than the dearest leftover card."""
    arranged = arrangement_of(sorted_key(cards))
    left = arranged.leftover
    base = cost(cards, left)
    dearest = max((hand_value(c) for c in left if not c.is_joker), default=0)
    loose = [c for c in left if not c.is_joker]
    searched = meld_extensions(arranged.melds) | _completers(loose)
    spare_joker = len(loose) < len(left)
    total = 0.0
    weight = 0
    for card, copies in unseen.items():
        weight += copies
        if (
            card.is_joker
            or card in searched
            or (spare_joker and any(related(card, c) for c in loose))
        ):
            grown = [*cards, card]
            grown_left = leftover_of(grown)
            if any(not c.is_joker for c in grown_left):
                drop = _dearest(grown_left)
                value = cost(without(grown, [drop]), without(grown_left, [drop]))
            else:
                value = cost(grown, grown_left)
            total += copies * min(base, value)
        else:
            total += copies * (base - max(0, dearest - hand_value(card)))
    return total / weight if weight else base


def _dearest(left: Sequence[Card]) -> Card:
    naturals = [c for c in left if not c.is_joker]
    return max(naturals, key=lambda c: (hand_value(c), c))
