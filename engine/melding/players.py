"""What the computer players of the melding games share: hand evaluation by deadwood, the
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

How a hand is valued is in ``engine.melding.hand_cost``, the lookahead in
``engine.melding.lookahead``; this module re-exports what the games' players import.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import ClassVar, Generic, Protocol, TypeVar

from engine.actions import (
    Action,
    BuyBack,
    Discard,
    DrawTalon,
    JokerSwap,
    LayOff,
    Meld,
    Pass,
    TakeBack,
    TakeDiscard,
)
from engine.cards import Card, Pack
from engine.melding.hand_cost import (
    LEFTOVER_JOKER_COST,
    PARTNER_DISCOUNT,
    Cost,
    arrangement_of,
    best_points,
    deadwood_cost,
    evaluate,
    leftover_cost,
    leftover_of,
    leftover_value,
    plain_cost,
    real_deadwood,
    sorted_key,
    without,
)
from engine.melding.lookahead import expected_after_draw
from engine.melding.melds import hand_value
from engine.players import RandomPlayer


class PublicSide(Protocol):
    """What the shared player code reads of a melding game's public view."""

    @property
    def round_number(self) -> int:
        """The round being played, part of what a decision's randomness depends on."""
        ...

    @property
    def version(self) -> int:
        """How many actions the session has applied, so each decision draws anew."""
        ...

    @property
    def discard_top(self) -> Card | None:
        """The discard pile's top card, the one card of it a player sees; None if empty."""
        ...


class PlayerView(Protocol):
    """What the shared player code reads of a melding game's private view."""

    @property
    def seat(self) -> int:
        """The seat deciding."""
        ...

    @property
    def hand(self) -> tuple[Card, ...]:
        """The cards the seat holds."""
        ...

    @property
    def public(self) -> PublicSide:
        """The table as everyone sees it."""
        ...


V = TypeVar("V", bound=PlayerView)

JOKER_DISCARD_PENALTY = 60.0
TAKE_MARGIN = 1.5  # take the upcard only when it beats the hand kept by this much


def unseen_cards(view: PlayerView, pack: Pack, table: Sequence[Card]) -> dict[Card, int]:
    """Cards of ``pack`` this seat cannot see anywhere (its hand, the discard top, the
    ``table`` cards), with their number of copies left."""
    counts = pack.copies()
    seen: list[Card] = [*view.hand, *table]
    public = view.public
    if public.discard_top is not None:
        seen.append(public.discard_top)
    for card in seen:
        if counts.get(card, 0) > 0:
            counts[card] -= 1
    return {c: n for c, n in counts.items() if n > 0}


def pick_discard(legal: Sequence[Action], score: Callable[[Card], float]) -> Action | None:
    """The legal discard of least ``score`` (ties: the dearest card), or None if none is legal."""
    discards = [a for a in legal if isinstance(a, Discard)]
    if not discards:
        return None
    return min(discards, key=lambda a: (score(a.card), -hand_value(a.card), a.card))


def least_deadwood_discard(hand: Sequence[Card], legal: Sequence[Action]) -> Action | None:
    """``pick_discard`` scoring a card by the least deadwood of the hand without it (a joker
    100 more), searching only where it must. With D the hand's own least deadwood, the hand
    without card c has at least D - value(c) (c added back as deadwood arranges the whole
    hand), and exactly that when c is left over in the hand's best arrangement (its melds
    stay). So candidates go in the order of that bound, and the search stops at the first
    whose bound cannot beat the best found: the choice of the plain search over every
    discard, at a fraction of its arrangements (a tenth of the event loop's time at 1,000
    tables went to this move, the hand's suggested discard, in a profile of 2 Dec 2026)."""
    discards = [a for a in legal if isinstance(a, Discard)]
    if not discards:
        return None
    left = Counter(leftover_of(hand))
    least = sum(hand_value(c) for c in left.elements())

    def score_key(card: Card, score: int) -> tuple[int, int, Card]:
        return (score + (100 if card.is_joker else 0), -hand_value(card), card)

    bounded = [(score_key(a.card, least - hand_value(a.card)), a) for a in discards]
    bounded.sort(key=lambda pair: pair[0])
    best: tuple[tuple[int, int, Card], Action] | None = None
    for bound, action in bounded:
        if best is not None and not bound < best[0]:
            break
        card = action.card
        exact = bound if left[card] else score_key(card, real_deadwood(without(hand, [card])))
        if best is None or exact < best[0]:
            best = (exact, action)
    return None if best is None else best[1]


# --------------------------------------------------------------------- timeout move
def timeout_action(view: PlayerView, legal: Sequence[Action]) -> Action:
    """Draw from the stock (the upcard only when the stock is empty), then discard the card
    whose loss raises the deadwood least (the dearest of those). Rommé: take back pending
    melds first. Wiener Rummy: decline a buy-back. 500 Rum: pass when the stock is empty.
    Never knocks or calls Rummy."""
    if not legal:
        raise ValueError("there is no legal move to make")
    seat = view.seat
    safe = (DrawTalon(seat), Pass(seat), BuyBack(seat, False), TakeBack(seat), TakeDiscard(seat))
    for preferred in safe:
        if preferred in legal:
            return preferred
    picked = least_deadwood_discard(view.hand, legal)
    if picked is not None:
        return picked
    # A card taken that must be melded at once (Rommé's discard_only_to_meld, 500 Rum).
    for action in legal:
        if isinstance(action, Meld | LayOff | JokerSwap):
            return action
    return legal[0]


# --------------------------------------------------------------------- players
class MeldingPlayer(Generic[V]):
    """The base of a game's ``normal`` player (``hard`` sets ``lookahead``): the game's player
    implements ``decide`` and ``seen_on_table``; an illegal or missing decision falls back to
    the timeout move."""

    lookahead = False
    deep_candidates = 4  # hard: discards looked at with the lookahead (the best by heuristics)
    pack: ClassVar[Pack]  # the game's cards

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def choose(self, view: V, legal: Sequence[Action]) -> Action:
        """The only legal move, else the game's ``decide``, else the timeout move."""
        if not legal:
            raise ValueError("there is no legal move to make")
        if len(legal) == 1:
            return legal[0]
        action = self.decide(view, legal)
        if action is not None and action in legal:
            return action
        return timeout_action(view, legal)

    def decide(self, view: V, legal: Sequence[Action]) -> Action | None:
        """The game's own choice among ``legal``; None (or an illegal move) leaves it to the
        timeout move."""
        raise NotImplementedError

    def seen_on_table(self, view: V) -> list[Card]:
        """Cards every player can see on the table (melds, revealed hands)."""
        raise NotImplementedError

    def _unseen(self, view: V) -> dict[Card, int]:
        return unseen_cards(view, self.pack, self.seen_on_table(view))

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


__all__ = [
    "JOKER_DISCARD_PENALTY",
    "LEFTOVER_JOKER_COST",
    "PARTNER_DISCOUNT",
    "TAKE_MARGIN",
    "Cost",
    "MeldingPlayer",
    "PlayerView",
    "RandomPlayer",
    "arrangement_of",
    "best_points",
    "deadwood_cost",
    "evaluate",
    "expected_after_draw",
    "leftover_cost",
    "leftover_of",
    "leftover_value",
    "pick_discard",
    "plain_cost",
    "real_deadwood",
    "sorted_key",
    "timeout_action",
    "unseen_cards",
    "without",
]
