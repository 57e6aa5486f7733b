"""Computer players for Rommé and Wiener Rummy: one small interface, three strengths.

``make_variant_player(variant, strength, seed) -> VariantPlayer``
    ``variant`` is ``"romme"`` or ``"wiener"``, ``strength`` one of ``STRENGTHS``. The player's
    ``choose(view, legal)`` takes the seat's private view and ``game.legal_actions()`` and
    returns one of the legal actions. It never sees the game object: a decision is a pure
    function of the seed, the view and the legal list, so the player may be kept or rebuilt
    at will::

        player = make_variant_player("romme", "normal", seed=7)
        game.apply(player.choose(game.private_view(seat), game.legal_actions()))

``variant_timeout_action(variant, view, legal) -> VariantAction``
    The move for a player whose turn timer ran out: draw from the stock, then discard the card
    that raises the deadwood least. Never knocks, never calls Rummy, never buys back; in
    Rommé, pending melds of an unfinished first meld are taken back so that a discard is legal.

Strengths:

* ``random``: any legal move, uniformly (seeded).
* ``normal``: Rommé builds toward the 40-point first meld, opens as soon as it can, then melds
  and lays off greedily, swaps jokers when that shrinks the hand, keeps jokers and discards
  high deadwood that does not feed the next player. Wiener Rummy takes the upcard when it
  lowers the deadwood, discards to minimise deadwood (keeping partial melds), calls Rummy
  whenever it can and knocks below 5 unless the knock would put it out of the rubber.
* ``hard``: ``normal`` with a one-draw lookahead: each candidate discard (and the choice
  between upcard and stock) is valued by the expected deadwood after the next draw, averaged
  over the cards this seat has not seen.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Protocol

from engine.actions import Discard, DrawTalon, LayOff, Meld
from engine.cards import CARD_AT, JOKER, Card
from engine.melds import MeldKind
from engine.variants.actions import (
    BuyBack,
    CallRummy,
    JokerSwap,
    Knock,
    TakeBack,
    TakeDiscard,
    VariantAction,
)
from engine.variants.deadwood import Arrangement, arrange, best_meld_points, best_melds
from engine.variants.melds import VariantMeld, analyse_variant_meld, card_at, hand_value
from engine.variants.views import (
    RommePrivateView,
    VariantMeldView,
    VariantPhase,
    WienerPrivateView,
)

STRENGTHS: tuple[str, ...] = ("random", "normal", "hard")
VARIANT_GAMES: tuple[str, ...] = ("romme", "wiener")

VariantView = RommePrivateView | WienerPrivateView

# Every natural card type, and how many copies two packs hold of each (jokers apart).
_NATURALS: tuple[Card, ...] = tuple(CARD_AT[s][r] for s in range(4) for r in range(1, 14))
_JOKERS = {"romme": 6, "wiener": 2}

PARTNER_DISCOUNT = 0.6  # a leftover card one draw from a meld counts this share of its value
LEFTOVER_JOKER_COST = 6.0  # a joker that fits no meld yet: costly in hand, but it will
OPENING_WEIGHT = 0.35  # Rommé, before the first meld: cost per point still missing toward 40
JOKER_DISCARD_PENALTY = 60.0
TAKE_MARGIN = 1.5  # take the upcard only when it beats the hand kept by this much


class VariantPlayer(Protocol):
    def choose(self, view: VariantView, legal: Sequence[VariantAction]) -> VariantAction:
        """One of ``legal``, chosen from what the seat of ``view`` may see."""
        ...


def decision_rng(seed: int, view: VariantView, salt: str = "") -> random.Random:
    """A generator that depends only on the seed and the position, never on call history."""
    public = view.public
    return random.Random(f"{salt}:{seed}:{view.seat}:{public.round_number}:{public.version}")


# --------------------------------------------------------------------- hand evaluation
def _key(cards: Sequence[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards))


def _without(cards: Sequence[Card], remove: Sequence[Card]) -> list[Card]:
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
def _arranged(cards: tuple[Card, ...]) -> Arrangement:
    return arrange(cards)


@lru_cache(maxsize=8192)
def _meld_points(cards: tuple[Card, ...]) -> int:
    return best_meld_points(cards)


def leftover_of(cards: Sequence[Card]) -> tuple[Card, ...]:
    """The leftover cards of the least-deadwood arrangement (memoised: a pure function)."""
    return _arranged(_key(cards)).leftover


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


def _plain_cost(cards: Sequence[Card], left: Sequence[Card]) -> float:
    return leftover_value(left)


def _deadwood_cost(cards: Sequence[Card], left: Sequence[Card]) -> float:
    return float(sum(hand_value(c) for c in left))


def _real_deadwood(cards: Sequence[Card]) -> int:
    return sum(hand_value(c) for c in leftover_of(cards))


def _evaluate(cost: Cost, cards: Sequence[Card]) -> float:
    return cost(cards, leftover_of(cards))


def _unseen(view: VariantView, jokers: int) -> dict[Card, int]:
    """Cards this seat cannot see anywhere, with their number of copies left."""
    counts: dict[Card, int] = dict.fromkeys(_NATURALS, 2)
    counts[JOKER] = jokers
    seen: list[Card] = list(view.hand)
    public = view.public
    if public.discard_top is not None:
        seen.append(public.discard_top)
    if isinstance(view, RommePrivateView):
        for meld in view.public.melds:
            seen.extend(c.card for c in meld.cards)
    else:
        for seat in view.public.seats:
            if seat.revealed is not None and seat.seat != view.seat:
                for m in seat.revealed.melds:
                    seen.extend(m.cards)
                seen.extend(seat.revealed.leftover)
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
    arranged = _arranged(_key(cards))
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
                value = cost(_without(grown, [drop]), _without(grown_left, [drop]))
            else:
                value = cost(grown, grown_left)
            total += copies * min(base, value)
        else:
            total += copies * (base - max(0, dearest - hand_value(card)))
    return total / weight if weight else base


def _dearest(left: Sequence[Card]) -> Card:
    naturals = [c for c in left if not c.is_joker]
    return max(naturals, key=lambda c: (hand_value(c), c))


# --------------------------------------------------------------------- table knowledge
def _meld_fits(meld: VariantMeldView) -> list[Card]:
    """Natural cards that could be laid off on ``meld`` now."""
    cards = meld.cards
    if meld.kind is MeldKind.SET:
        if len(cards) >= 4:
            return []
        rank = cards[0].stands_for.rank_int
        have = {c.card.suit_int for c in cards if not c.card.is_joker}
        return [CARD_AT[s][rank] for s in range(4) if s not in have]
    if len(cards) >= 13:
        return []
    suit = cards[0].stands_for.suit_int
    first = cards[0].stands_for.rank_int
    low = 1 if first == 1 else first
    high = low + len(cards) - 1
    out: list[Card] = []
    if low - 1 >= 1:
        out.append(card_at(suit, low - 1))
    if high + 1 <= 14:
        out.append(card_at(suit, high + 1))
    return out


def table_fits(view: RommePrivateView) -> set[Card]:
    fits: set[Card] = set()
    for meld in view.public.melds:
        if not meld.pending:
            fits.update(_meld_fits(meld))
    return fits


def _pick_discard(
    legal: Sequence[VariantAction], score: Callable[[Card], float]
) -> VariantAction | None:
    discards = [a for a in legal if isinstance(a, Discard)]
    if not discards:
        return None
    return min(discards, key=lambda a: (score(a.card), -hand_value(a.card), a.card))


# --------------------------------------------------------------------- timeout move
def variant_timeout_action(
    variant: str, view: VariantView, legal: Sequence[VariantAction]
) -> VariantAction:
    """Draw from the stock (the upcard only when the stock is empty), then discard the card
    whose loss raises the deadwood least (the dearest of those). Rommé: take back pending
    melds first. Wiener Rummy: decline a buy-back. Never knocks or calls Rummy."""
    if not legal:
        raise ValueError("there is no legal move to make")
    if variant not in VARIANT_GAMES:
        raise ValueError(f"unknown variant {variant!r}: choose romme or wiener")
    seat = view.seat
    for preferred in (DrawTalon(seat), BuyBack(seat, False), TakeBack(seat), TakeDiscard(seat)):
        if preferred in legal:
            return preferred
    hand = view.hand
    picked = _pick_discard(
        legal,
        lambda c: _real_deadwood(_without(hand, [c])) + (100 if c.is_joker else 0),
    )
    if picked is not None:
        return picked
    # Rommé with discard_only_to_meld: the taken card must be played before any discard.
    for action in legal:
        if isinstance(action, Meld | LayOff | JokerSwap):
            return action
    return legal[0]


# --------------------------------------------------------------------- players
class RandomVariantPlayer:
    """Any legal move, uniformly."""

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def choose(self, view: VariantView, legal: Sequence[VariantAction]) -> VariantAction:
        if not legal:
            raise ValueError("there is no legal move to make")
        return decision_rng(self.seed, view, "random").choice(list(legal))


class NormalVariantPlayer:
    """Sound heuristics for both games (see the module docstring)."""

    lookahead = False
    deep_candidates = 4  # hard: discards looked at with the lookahead (the best by heuristics)

    def __init__(self, variant: str, seed: int) -> None:
        self.variant = variant
        self.seed = seed

    def choose(self, view: VariantView, legal: Sequence[VariantAction]) -> VariantAction:
        if not legal:
            raise ValueError("there is no legal move to make")
        if len(legal) == 1:
            return legal[0]
        if isinstance(view, RommePrivateView):
            action = self._romme(view, legal)
        else:
            action = self._wiener(view, legal)
        if action is not None and action in legal:
            return action
        return variant_timeout_action(self.variant, view, legal)

    # ----------------------------------------------------------------- shared
    def _unseen(self, view: VariantView) -> dict[Card, int]:
        return _unseen(view, _JOKERS[self.variant])

    def _discard(
        self,
        view: VariantView,
        legal: Sequence[VariantAction],
        cost: Cost,
        extra: Callable[[Card], float],
    ) -> VariantAction | None:
        """The discard that leaves the cheapest hand (plus ``extra`` per card); with the
        lookahead, the best few are compared by their expected cost after the next draw."""
        hand = view.hand
        discards = [a for a in legal if isinstance(a, Discard)]
        if not discards:
            return None

        def order(action: Discard, value: float) -> tuple[float, int, Card]:
            return (value, -hand_value(action.card), action.card)

        scored = [(a, _evaluate(cost, _without(hand, [a.card])) + extra(a.card)) for a in discards]
        scored.sort(key=lambda item: order(*item))
        if not self.lookahead or len(scored) == 1:
            return scored[0][0]
        unseen = self._unseen(view)
        deep = [
            (a, expected_after_draw(_without(hand, [a.card]), unseen, cost) + extra(a.card))
            for a, _ in scored[: self.deep_candidates]
        ]
        return min(deep, key=lambda item: order(*item))[0]

    def _take_value(self, view: VariantView, top: Card, cost: Cost) -> float:
        """The best cost after taking ``top`` and discarding another card."""
        grown = [*view.hand, top]
        options = [c for c in dict.fromkeys(view.hand) if not c.is_joker] or list(view.hand)
        return min(_evaluate(cost, _without(grown, [c])) for c in options)

    def _prefer_upcard(self, view: VariantView, top: Card, cost: Cost, margin: float) -> bool:
        """Is taking ``top`` better than a card from the stock?"""
        take = self._take_value(view, top, cost)
        if self.lookahead:
            return take < expected_after_draw(view.hand, self._unseen(view), cost)
        return take < _evaluate(cost, view.hand) - margin

    # ----------------------------------------------------------------- Wiener Rummy
    def _wiener(
        self, view: WienerPrivateView, legal: Sequence[VariantAction]
    ) -> VariantAction | None:
        seat = view.seat
        public = view.public
        me = public.seats[seat]
        if public.phase is VariantPhase.BUY_BACK:
            return BuyBack(seat, True)
        final_lap = public.knocker is not None
        cost: Cost = _deadwood_cost if final_lap else _plain_cost
        if public.phase is VariantPhase.DRAW:
            top = public.discard_top
            if top is None or TakeDiscard(seat) not in legal:
                return DrawTalon(seat)
            if DrawTalon(seat) not in legal or top.is_joker:
                return TakeDiscard(seat)
            margin = 0.0 if final_lap else TAKE_MARGIN
            if self._prefer_upcard(view, top, cost, margin):
                return TakeDiscard(seat)
            return DrawTalon(seat)
        rummy = [a for a in legal if isinstance(a, CallRummy)]
        if rummy:
            return rummy[0]
        knocks = [a for a in legal if isinstance(a, Knock)]
        if knocks:
            left, best = min(
                ((_real_deadwood(_without(view.hand, [a.card])), a) for a in knocks),
                key=lambda item: (item[0], item[1].card),
            )
            if me.bad_points + left < public.out_at:
                return best
        if final_lap:
            return _pick_discard(legal, lambda c: _real_deadwood(_without(view.hand, [c])))
        return self._discard(
            view, legal, cost, lambda c: JOKER_DISCARD_PENALTY if c.is_joker else 0.0
        )

    # ----------------------------------------------------------------- Rommé
    def _romme_cost(self, view: RommePrivateView) -> Cost:
        me = view.public.seats[view.seat]
        if me.opened:
            return _plain_cost
        need = view.public.opening_minimum - (me.opening_points if self._pending(view) else 0)

        def cost(cards: Sequence[Card], left: Sequence[Card]) -> float:
            missing = max(0, need - _meld_points(_key(cards)))
            return leftover_value(left) + OPENING_WEIGHT * missing

        return cost

    @staticmethod
    def _pending(view: RommePrivateView) -> bool:
        return any(m.pending for m in view.public.melds)

    def _romme(
        self, view: RommePrivateView, legal: Sequence[VariantAction]
    ) -> VariantAction | None:
        if isinstance(legal[0], DrawTalon | TakeDiscard):
            return self._romme_draw(view, legal)
        me = view.public.seats[view.seat]
        if not me.opened:
            opening = self._romme_opening(view, legal)
            if opening is not None:
                return opening
        else:
            play = self._romme_play(view, legal)
            if play is not None:
                return play
        return self._romme_discard(view, legal)

    def _romme_draw(
        self, view: RommePrivateView, legal: Sequence[VariantAction]
    ) -> VariantAction | None:
        seat = view.seat
        top = view.public.discard_top
        if top is None or TakeDiscard(seat) not in legal:
            return DrawTalon(seat)
        if DrawTalon(seat) not in legal or top.is_joker:
            return TakeDiscard(seat)
        me = view.public.seats[seat]
        hand = view.hand
        if me.opened:
            if top in table_fits(view):
                return TakeDiscard(seat)
        else:
            need = view.public.opening_minimum
            if best_meld_points([*hand, top], include=top) >= need > best_meld_points(hand):
                return TakeDiscard(seat)
        cost = self._romme_cost(view)
        if self._prefer_upcard(view, top, cost, TAKE_MARGIN):
            return TakeDiscard(seat)
        return DrawTalon(seat)

    def _romme_opening(
        self, view: RommePrivateView, legal: Sequence[VariantAction]
    ) -> VariantAction | None:
        """Before the first meld: lay the melds of a first meld worth the minimum, one by one;
        take them back if that plan has failed."""
        seat = view.seat
        hand = view.hand
        me = view.public.seats[seat]
        pending = self._pending(view)
        need = view.public.opening_minimum - (me.opening_points if pending else 0)
        melds = {_key(a.cards): a for a in legal if isinstance(a, Meld)}
        if view.must_meld is not None:
            best: tuple[int, VariantAction] | None = None
            for key, action in melds.items():
                if view.must_meld not in key:
                    continue
                total = analyse_variant_meld(action.cards).total
                total += max(0, best_meld_points(_without(hand, key)))
                if total >= need and (best is None or total > best[0]):
                    best = (total, action)
            if best is not None:
                return best[1]
        else:
            for cards in self._opening_plan(hand, need):
                found = melds.get(_key(cards))
                if found is not None:
                    return found
        if TakeBack(seat) in legal:
            return TakeBack(seat)
        return None

    @staticmethod
    def _opening_plan(hand: Sequence[Card], need: int) -> list[tuple[Card, ...]]:
        laid = _arranged(_key(hand)).melds
        if sum(m.total for m in laid) < need:
            laid = tuple(best_melds(hand))
            if sum(m.total for m in laid) < need:
                return []
        return [m.cards for m in sorted(laid, key=lambda m: -m.total)]

    def _romme_play(
        self, view: RommePrivateView, legal: Sequence[VariantAction]
    ) -> VariantAction | None:
        """After the first meld: the meld, lay-off or joker swap that leaves the best hand,
        if it leaves a better hand than keeping the cards."""
        hand = view.hand
        wanted = {_key(m.cards) for m in _arranged(_key(hand)).melds}
        wanted |= {_key(m.cards) for m in best_melds(hand)}
        options: list[tuple[VariantAction, list[Card]]] = []
        for action in legal:
            if isinstance(action, Meld):
                if _key(action.cards) in wanted:
                    options.append((action, _without(hand, action.cards)))
            elif isinstance(action, LayOff):
                rest = _without(hand, [action.card])
                if not action.card.is_joker or len(rest) <= 1:
                    options.append((action, rest))
            elif isinstance(action, JokerSwap):
                rest = [*_without(hand, [action.card]), JOKER]
                options.append((action, _without(rest, action.cards)))
        if not options:
            return None

        def rank(cards: Sequence[Card]) -> tuple[float, int, int]:
            if not cards:
                return (-1.0, 0, 0)
            return (leftover_cost(cards), sum(hand_value(c) for c in cards), len(cards))

        best_action, best_rest = min(options, key=lambda o: rank(o[1]))
        if rank(best_rest) < rank(hand):
            return best_action
        return None

    def _romme_discard(
        self, view: RommePrivateView, legal: Sequence[VariantAction]
    ) -> VariantAction | None:
        public = view.public
        nxt = public.seats[(view.seat + 1) % len(public.seats)]
        fits = table_fits(view) if nxt.opened else set()
        # Late in a round, minus points matter: dear cards go first.
        danger = max(0, 10 - min(s.hand_count for s in public.seats if s.seat != view.seat))

        def extra(card: Card) -> float:
            value = -0.05 * danger * hand_value(card)
            if card.is_joker:
                value += JOKER_DISCARD_PENALTY
            if card in fits:
                value += 3 + 0.5 * hand_value(card)
            return value

        return self._discard(view, legal, self._romme_cost(view), extra)


class HardVariantPlayer(NormalVariantPlayer):
    """``normal`` with a one-draw lookahead over the unseen cards."""

    lookahead = True


def make_variant_player(variant: str, strength: str, seed: int) -> VariantPlayer:
    """A computer player for ``variant`` (``"romme"`` or ``"wiener"``) of the given strength."""
    if variant not in VARIANT_GAMES:
        raise ValueError(f"unknown variant {variant!r}: choose one of {', '.join(VARIANT_GAMES)}")
    if strength == "random":
        return RandomVariantPlayer(seed)
    if strength == "normal":
        return NormalVariantPlayer(variant, seed)
    if strength == "hard":
        return HardVariantPlayer(variant, seed)
    raise ValueError(f"unknown strength {strength!r}: choose one of {', '.join(STRENGTHS)}")


__all__ = [
    "STRENGTHS",
    "VARIANT_GAMES",
    "HardVariantPlayer",
    "NormalVariantPlayer",
    "RandomVariantPlayer",
    "VariantPlayer",
    "VariantView",
    "leftover_cost",
    "make_variant_player",
    "table_fits",
    "variant_timeout_action",
]
