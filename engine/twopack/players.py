"""What the two-pack games' computer players share: hand evaluation by deadwood, the
unseen cards, the one-draw lookahead, the random player, the timeout move, and the base of
the ``normal`` and ``hard`` players (each game's player adds its own decisions).

Strengths:

* ``random``: any legal move, uniformly (seeded).
* ``normal``: the game's heuristics (see its ``players`` module).
* ``hard``: ``normal`` with a one-draw lookahead: each candidate discard (and the choice
  between upcard and stock) is valued by the expected deadwood after the next draw, averaged
  over the cards this seat has not seen.

A decision is a pure function of the seed, the view and the legal list, so a player may be
kept or rebuilt at will.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Generic, Protocol, TypeVar

from engine.actions import (
    Action,
    BuyBack,
    Discard,
    DrawTalon,
    JokerSwap,
    LayOff,
    Meld,
    MeldKind,
    TakeBack,
    TakeDiscard,
)
from engine.cards import CARD_AT, JOKER, Card
from engine.twopack.deadwood import Arrangement, arrange, best_meld_points
from engine.twopack.melds import VariantMeld, card_at, hand_value

STRENGTHS: tuple[str, ...] = ("random", "normal", "hard")


class PublicSide(Protocol):
    @property
    def round_number(self) -> int: ...
    @property
    def version(self) -> int: ...
    @property
    def discard_top(self) -> Card | None: ...


class PlayerView(Protocol):
    """What the shared player code reads of a two-pack game's private view."""

    @property
    def seat(self) -> int: ...
    @property
    def hand(self) -> tuple[Card, ...]: ...
    @property
    def public(self) -> PublicSide: ...


V = TypeVar("V", bound=PlayerView)

# Every natural card type, and how many copies two packs hold of each (jokers apart).
_NATURALS: tuple[Card, ...] = tuple(CARD_AT[s][r] for s in range(4) for r in range(1, 14))

PARTNER_DISCOUNT = 0.6  # a leftover card one draw from a meld counts this share of its value
LEFTOVER_JOKER_COST = 6.0  # a joker that fits no meld yet: costly in hand, but it will
JOKER_DISCARD_PENALTY = 60.0
TAKE_MARGIN = 1.5  # take the upcard only when it beats the hand kept by this much


def decision_rng(seed: int, view: PlayerView, salt: str = "") -> random.Random:
    """A generator that depends only on the seed and the position, never on call history."""
    public = view.public
    return random.Random(f"{salt}:{seed}:{view.seat}:{public.round_number}:{public.version}")


# --------------------------------------------------------------------- hand evaluation
def sorted_key(cards: Sequence[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards))


def without(cards: Sequence[Card], remove: Sequence[Card]) -> list[Card]:
    rest = list(cards)
    for card in remove:
        rest.remove(card)
    return rest


def _related(a: Card, b: Card) -> bool:
    """Two naturals that a single further card (or a joker) could turn into a meld."""
    if a.rank_int == b.rank_int:
        return a.suit_int != b.suit_int
    if a.suit_int != b.suit_int:
        return False
    gap = abs(a.rank_int - b.rank_int)
    if gap <= 2:
        return True
    # The Ace also sits above the King: Q A, K A.
    high = {a.rank_int, b.rank_int}
    return 1 in high and max(high) >= 12


# A hand's cost from the hand and the leftover cards of its best arrangement; lower is better.
Cost = Callable[[Sequence[Card], Sequence[Card]], float]


@lru_cache(maxsize=8192)
def arrangement_of(cards: tuple[Card, ...]) -> Arrangement:
    return arrange(cards)


@lru_cache(maxsize=8192)
def best_points(cards: tuple[Card, ...]) -> int:
    return best_meld_points(cards)


def leftover_of(cards: Sequence[Card]) -> tuple[Card, ...]:
    """The leftover cards of the least-deadwood arrangement (memoised: a pure function)."""
    return arrangement_of(sorted_key(cards)).leftover


def _extensions(melds: Sequence[VariantMeld]) -> set[Card]:
    """Natural cards that would lengthen one of ``melds``."""
    out: set[Card] = set()
    for meld in melds:
        if meld.kind is MeldKind.SET:
            if len(meld.cards) < 4:
                have = {c.suit_int for c in meld.stands_for}
                out.update(CARD_AT[s][meld.low] for s in range(4) if s not in have)
            continue
        suit = meld.stands_for[0].suit_int
        high = meld.low + len(meld.cards) - 1
        if meld.low > 1 and len(meld.cards) < 13:
            out.add(card_at(suit, meld.low - 1))
        if high < 14 and len(meld.cards) < 13:
            out.add(card_at(suit, high + 1))
    return out


def leftover_value(left: Sequence[Card]) -> float:
    """Deadwood of leftover cards, with those one card away from a meld (a pair of a rank, two
    of a suit close together) discounted, and a leftover joker counted as the asset it is."""
    naturals = [c for c in left if not c.is_joker]
    cost = 0.0
    for card in left:
        if card.is_joker:
            cost += LEFTOVER_JOKER_COST
            continue
        value = hand_value(card)
        if any(_related(card, other) for other in naturals):
            cost += PARTNER_DISCOUNT * value
        else:
            cost += value
    return cost


def leftover_cost(cards: Sequence[Card]) -> float:
    return leftover_value(leftover_of(cards))


def plain_cost(cards: Sequence[Card], left: Sequence[Card]) -> float:
    return leftover_value(left)


def deadwood_cost(cards: Sequence[Card], left: Sequence[Card]) -> float:
    return float(sum(hand_value(c) for c in left))


def real_deadwood(cards: Sequence[Card]) -> int:
    return sum(hand_value(c) for c in leftover_of(cards))


def evaluate(cost: Cost, cards: Sequence[Card]) -> float:
    return cost(cards, leftover_of(cards))


def unseen_cards(view: PlayerView, jokers: int, table: Sequence[Card]) -> dict[Card, int]:
    """Cards this seat cannot see anywhere (its hand, the discard top, the ``table`` cards),
    with their number of copies left."""
    counts: dict[Card, int] = dict.fromkeys(_NATURALS, 2)
    counts[JOKER] = jokers
    seen: list[Card] = [*view.hand, *table]
    public = view.public
    if public.discard_top is not None:
        seen.append(public.discard_top)
    for card in seen:
        if counts.get(card, 0) > 0:
            counts[card] -= 1
    return {c: n for c, n in counts.items() if n > 0}


def _completers(loose: Sequence[Card]) -> set[Card]:
    """Natural cards that would make a meld with two of the ``loose`` cards."""
    out: set[Card] = set()
    for i, a in enumerate(loose):
        for b in loose[i + 1 :]:
            if not _related(a, b):
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
    searched = _extensions(arranged.melds) | _completers(loose)
    spare_joker = len(loose) < len(left)
    total = 0.0
    weight = 0
    for card, copies in unseen.items():
        weight += copies
        if (
            card.is_joker
            or card in searched
            or (spare_joker and any(_related(card, c) for c in loose))
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


def pick_discard(legal: Sequence[Action], score: Callable[[Card], float]) -> Action | None:
    discards = [a for a in legal if isinstance(a, Discard)]
    if not discards:
        return None
    return min(discards, key=lambda a: (score(a.card), -hand_value(a.card), a.card))


# --------------------------------------------------------------------- timeout move
def timeout_action(view: PlayerView, legal: Sequence[Action]) -> Action:
    """Draw from the stock (the upcard only when the stock is empty), then discard the card
    whose loss raises the deadwood least (the dearest of those). Rommé: take back pending
    melds first. Wiener Rummy: decline a buy-back. Never knocks or calls Rummy."""
    if not legal:
        raise ValueError("there is no legal move to make")
    seat = view.seat
    for preferred in (DrawTalon(seat), BuyBack(seat, False), TakeBack(seat), TakeDiscard(seat)):
        if preferred in legal:
            return preferred
    hand = view.hand
    picked = pick_discard(
        legal,
        lambda c: real_deadwood(without(hand, [c])) + (100 if c.is_joker else 0),
    )
    if picked is not None:
        return picked
    # Rommé with discard_only_to_meld: the taken card must be played before any discard.
    for action in legal:
        if isinstance(action, Meld | LayOff | JokerSwap):
            return action
    return legal[0]


# --------------------------------------------------------------------- players
class RandomPlayer:
    """Any legal move, uniformly."""

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        if not legal:
            raise ValueError("there is no legal move to make")
        return decision_rng(self.seed, view, "random").choice(list(legal))


class TwoPackPlayer(Generic[V]):
    """The base of a game's ``normal`` player (``hard`` sets ``lookahead``): the game's player
    implements ``decide`` and ``seen_on_table``; an illegal or missing decision falls back to
    the timeout move."""

    lookahead = False
    deep_candidates = 4  # hard: discards looked at with the lookahead (the best by heuristics)
    jokers = 0  # jokers in the game's packs

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def choose(self, view: V, legal: Sequence[Action]) -> Action:
        if not legal:
            raise ValueError("there is no legal move to make")
        if len(legal) == 1:
            return legal[0]
        action = self.decide(view, legal)
        if action is not None and action in legal:
            return action
        return timeout_action(view, legal)

    def decide(self, view: V, legal: Sequence[Action]) -> Action | None:
        raise NotImplementedError

    def seen_on_table(self, view: V) -> list[Card]:
        """Cards every player can see on the table (melds, revealed hands)."""
        raise NotImplementedError

    def _unseen(self, view: V) -> dict[Card, int]:
        return unseen_cards(view, self.jokers, self.seen_on_table(view))

    def _discard(
        self,
        view: V,
        legal: Sequence[Action],
        cost: Cost,
        extra: Callable[[Card], float],
    ) -> Action | None:
        """The discard that leaves the cheapest hand (plus ``extra`` per card); with the
        lookahead, the best few are compared by their expected cost after the next draw."""
        hand = view.hand
        discards = [a for a in legal if isinstance(a, Discard)]
        if not discards:
            return None

        def order(action: Discard, value: float) -> tuple[float, int, Card]:
            return (value, -hand_value(action.card), action.card)

        scored = [(a, evaluate(cost, without(hand, [a.card])) + extra(a.card)) for a in discards]
        scored.sort(key=lambda item: order(*item))
        if not self.lookahead or len(scored) == 1:
            return scored[0][0]
        unseen = self._unseen(view)
        deep = [
            (a, expected_after_draw(without(hand, [a.card]), unseen, cost) + extra(a.card))
            for a, _ in scored[: self.deep_candidates]
        ]
        return min(deep, key=lambda item: order(*item))[0]

    def _take_value(self, view: V, top: Card, cost: Cost) -> float:
        """The best cost after taking ``top`` and discarding another card."""
        grown = [*view.hand, top]
        options = [c for c in dict.fromkeys(view.hand) if not c.is_joker] or list(view.hand)
        return min(evaluate(cost, without(grown, [c])) for c in options)

    def _prefer_upcard(self, view: V, top: Card, cost: Cost, margin: float) -> bool:
        """Is taking ``top`` better than a card from the stock?"""
        take = self._take_value(view, top, cost)
        if self.lookahead:
            return take < expected_after_draw(view.hand, self._unseen(view), cost)
        return take < evaluate(cost, view.hand) - margin


def make_two_pack_player(
    strength: str, seed: int, normal: type[TwoPackPlayer[V]], hard: type[TwoPackPlayer[V]]
) -> RandomPlayer | TwoPackPlayer[V]:
    """The player of ``strength``: ``random``, the game's ``normal`` or its ``hard``."""
    if strength == "random":
        return RandomPlayer(seed)
    if strength == "normal":
        return normal(seed)
    if strength == "hard":
        return hard(seed)
    raise ValueError(f"unknown strength {strength!r}: choose one of {', '.join(STRENGTHS)}")


__all__ = [
    "STRENGTHS",
    "Cost",
    "PlayerView",
    "RandomPlayer",
    "TwoPackPlayer",
    "decision_rng",
    "expected_after_draw",
    "leftover_cost",
    "leftover_value",
    "make_two_pack_player",
    "timeout_action",
    "unseen_cards",
]
