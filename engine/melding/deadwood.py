"""Arranging a hand into melds: least deadwood, the melds themselves, most meld points.

Candidate melds are bitmasks over the hand's natural cards plus a count of jokers; jokers are
interchangeable, so a state is (natural cards left as a mask, jokers left). A memoised search
takes the lowest natural card left and either leaves it out or uses it in each candidate meld
whose lowest card it is. An 11-card hand with two jokers takes well under a millisecond.
Cards are priced at ``prices`` (a game's ``Prices``; the two-pack games' by default).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from itertools import combinations, product

from engine.arrangement import Arrangement
from engine.cards import JOKER, Card
from engine.melding.melds import (
    HIGH_ACE,
    LOW_ACE,
    MAX_RUN,
    MAX_SET,
    MIN_MELD,
    PRICES,
    PricedMeld,
    Prices,
    analyse_priced_meld,
)

# (natural mask, jokers used, hand value covered, table points, slots in table order);
# a slot is a natural's index or -1 for a joker.
Candidate = tuple[int, int, int, int, tuple[int, ...]]
_NO_WAY = -(10**9)


def candidate_melds(
    naturals: Sequence[Card], jokers: int, prices: Prices = PRICES
) -> list[Candidate]:
    """Every distinct meld the cards can form, one per (natural cards, jokers) choice; where
    jokers could go in several places the placement worth most on the table is kept."""
    found: dict[tuple[int, int], Candidate] = {}
    values = [prices.hand_value(c) for c in naturals]
    by_rank: dict[int, list[list[int]]] = {}
    by_suit: list[dict[int, list[int]]] = [{}, {}, {}, {}]
    for i, card in enumerate(naturals):
        rank = card.rank_int
        by_rank.setdefault(rank, [[], [], [], []])[card.suit_int].append(i)
        positions = by_suit[card.suit_int]
        positions.setdefault(rank, []).append(i)
        if rank == 1:
            positions.setdefault(HIGH_ACE, []).append(i)

    def add(mask: int, used: int, covered: int, points: int, slots: tuple[int, ...]) -> None:
        key = (mask, used)
        old = found.get(key)
        if old is None or old[3] < points:
            found[key] = (mask, used, covered, points, slots)

    for rank, per_suit in by_rank.items():
        _set_candidates(rank, per_suit, values, jokers, add, prices)
    for positions in by_suit:
        if sum(len(v) for p, v in positions.items() if p != HIGH_ACE) < 2:
            continue
        for start in range(LOW_ACE, HIGH_ACE - 1):
            _run_candidates(start, positions, values, jokers, add, prices)
    return list(found.values())


# Takes a candidate found (mask, jokers used, hand value covered, table points, slots).
_Add = Callable[[int, int, int, int, tuple[int, ...]], None]


def _set_candidates(
    rank: int,
    per_suit: list[list[int]],
    values: Sequence[int],
    jokers: int,
    add: _Add,
    prices: Prices,
) -> None:
    """Every set of ``rank``: naturals of two to four suits (``per_suit``: their indices),
    topped up with jokers to at most four cards."""
    present = [s for s in range(4) if per_suit[s]]
    if len(present) < 2:
        return
    each = prices.set_points(rank)
    for size in range(2, min(MAX_SET, len(present)) + 1):
        for suits in combinations(present, size):
            for pick in product(*(per_suit[s] for s in suits)):
                mask = 0
                covered = 0
                for i in pick:
                    mask |= 1 << i
                    covered += values[i]
                most = min(MAX_SET - size, size, jokers)
                for used in range(max(0, MIN_MELD - size), most + 1):
                    add(
                        mask,
                        used,
                        covered + used * prices.joker_in_hand,
                        each * (size + used),
                        (*pick, *([-1] * used)),
                    )


def _run_candidates(
    start: int,
    positions: dict[int, list[int]],
    values: Sequence[int],
    jokers: int,
    add: _Add,
    prices: Prices,
) -> None:
    """Every run of one suit from position ``start``: depth-first along the positions, each
    taking a natural of that position (``positions``: their indices) or a joker."""
    stack: list[tuple[int, int, int, int, int, int, tuple[int, ...]]] = [(start, 0, 0, 0, 0, 0, ())]
    while stack:
        pos, mask, used, nat, covered, points, slots = stack.pop()
        length = len(slots)
        if length >= MIN_MELD and nat >= 2 and used <= nat:
            add(mask, used, covered, points, slots)
        if pos > HIGH_ACE or length >= MAX_RUN or (pos == HIGH_ACE and start == LOW_ACE):
            continue
        here = positions.get(pos)
        worth = prices.position_points(pos)
        if here:
            for i in here:
                if not mask >> i & 1:
                    stack.append(
                        (
                            pos + 1,
                            mask | 1 << i,
                            used,
                            nat + 1,
                            covered + values[i],
                            points + worth,
                            (*slots, i),
                        )
                    )
        if used < jokers:
            stack.append(
                (
                    pos + 1,
                    mask,
                    used + 1,
                    nat,
                    covered + prices.joker_in_hand,
                    points + worth,
                    (*slots, -1),
                )
            )


def _split(cards: Iterable[Card]) -> tuple[list[Card], int]:
    naturals = [c for c in cards if not c.is_joker]
    jokers = sum(1 for c in cards if c.is_joker)
    return naturals, jokers


def deadwood_of(cards: Sequence[Card], prices: Prices = PRICES) -> int:
    """The least deadwood of ``cards`` over every arrangement into disjoint melds."""
    if len(cards) < MIN_MELD:
        return sum(prices.hand_value(c) for c in cards)
    return _DeadwoodSearch(cards, prices).without(None)


def deadwood_after_discards(cards: Sequence[Card], prices: Prices = PRICES) -> dict[Card, int]:
    """For each distinct card of ``cards``: the least deadwood of the hand without it. One
    candidate search serves every discard (a knock check asks this for all of them at once)."""
    distinct = list(dict.fromkeys(cards))
    if len(cards) - 1 < MIN_MELD:
        total = sum(prices.hand_value(c) for c in cards)
        return {card: total - prices.hand_value(card) for card in distinct}
    search = _DeadwoodSearch(cards, prices)
    return {card: search.without(card) for card in distinct}


class _DeadwoodSearch:
    """The memoised cover search over one hand's candidate melds. The best cover of a state
    (naturals left as a mask, jokers left) does not depend on how the state was reached, so
    the memo serves searches that start with one card taken out too."""

    def __init__(self, cards: Sequence[Card], prices: Prices) -> None:
        self.naturals, self.jokers = _split(cards)
        self.joker_value = prices.joker_in_hand
        self.values = [prices.hand_value(c) for c in self.naturals]
        self.by_low: list[list[tuple[int, int, int, int]]] = [[] for _ in self.naturals]
        candidates = candidate_melds(self.naturals, self.jokers, prices)
        for mask, used, covered, _points, _slots in candidates:
            natural_value = covered - used * self.joker_value
            low = (mask & -mask).bit_length() - 1
            self.by_low[low].append((mask, used, covered, natural_value))
        for cands in self.by_low:
            cands.sort(key=lambda c: -c[2])  # big melds first: a perfect cover ends the search
        self.memo: dict[int, int] = {}

    def without(self, card: Card | None) -> int:
        """The least deadwood of the hand less ``card`` (None: the whole hand)."""
        mask, jokers = (1 << len(self.naturals)) - 1, self.jokers
        if card is not None and card.is_joker:
            jokers -= 1
        elif card is not None:
            mask ^= 1 << self.naturals.index(card)
        value = sum(v for i, v in enumerate(self.values) if mask >> i & 1)
        return value + jokers * self.joker_value - self._best(mask, jokers, value)

    def _best(self, mask: int, left: int, value: int) -> int:
        """The most hand value that melds can cover among ``mask`` (worth ``value``) with
        ``left`` jokers."""
        if not mask:
            return 0
        key = mask << 4 | left
        cached = self.memo.get(key)
        if cached is not None:
            return cached
        low = mask & -mask
        index = low.bit_length() - 1
        result = self._best(mask ^ low, left, value - self.values[index])
        perfect = value + left * self.joker_value
        if result < perfect:
            for cmask, used, covered, natural_value in self.by_low[index]:
                if used <= left and cmask & mask == cmask:
                    got = covered + self._best(mask ^ cmask, left - used, value - natural_value)
                    if got > result:
                        result = got
                        if got == perfect:
                            break
        self.memo[key] = result
        return result


class _Search:
    """The best weight of melds among a set of cards, memoised by (cards, jokers left). A
    class rather than a recursive closure: a function that refers to itself through its
    closure is a reference cycle, which would keep it and its whole memo for the garbage
    collector instead of freeing them when the search returns."""

    __slots__ = ("by_low", "by_points", "forced", "jokers", "memo", "need_joker")

    def __init__(
        self, by_low: list[list[Candidate]], by_points: bool, need_joker: bool, jokers: int
    ) -> None:
        self.by_low = by_low
        self.by_points = by_points
        self.need_joker = need_joker
        self.jokers = jokers
        self.forced = 0  # the lowest card's bit when every arrangement must use that card
        self.memo: dict[int, tuple[int, Candidate | None]] = {}

    def best(self, mask: int, left: int) -> int:
        if not mask:
            return _NO_WAY if self.need_joker and left == self.jokers else 0
        key = mask << 4 | left
        cached = self.memo.get(key)
        if cached is not None:
            return cached[0]
        low = mask & -mask
        choice: Candidate | None = None
        result = _NO_WAY if low & self.forced else self.best(mask ^ low, left)
        by_points = self.by_points
        for cand in self.by_low[low.bit_length() - 1]:
            cmask, used = cand[0], cand[1]
            if used <= left and cmask & mask == cmask:
                value = (cand[3] if by_points else cand[2]) + self.best(mask ^ cmask, left - used)
                if value > result:
                    result, choice = value, cand
        self.memo[key] = (result, choice)
        return result


def _solve(
    cards: Sequence[Card], weight: int, prices: Prices, include: Card | None = None
) -> tuple[int, list[Candidate], list[Card], int]:
    """Maximise the candidates' ``weight`` field (2 hand value, 3 table points).

    With ``include`` the chosen melds must use that card. Returns (best weight, melds used,
    naturals, jokers); best is negative when no arrangement satisfies ``include``."""
    naturals, jokers = _split(cards)
    if include is not None and not include.is_joker:
        naturals.remove(include)
        naturals.insert(0, include)
    need_joker = include is not None and include.is_joker
    by_points = weight == 3
    cands = candidate_melds(naturals, jokers, prices)
    by_low: list[list[Candidate]] = [[] for _ in naturals]
    for cand in cands:
        by_low[(cand[0] & -cand[0]).bit_length() - 1].append(cand)
    search = _Search(by_low, by_points, need_joker, jokers)
    search.forced = 1 if include is not None and not include.is_joker else 0
    full = (1 << len(naturals)) - 1
    result = search.best(full, jokers)
    memo = search.memo
    chosen: list[Candidate] = []
    mask, left = full, jokers
    while mask and result > _NO_WAY // 2:
        _, choice = memo[mask << 4 | left]
        if choice is None:
            mask ^= mask & -mask
            continue
        chosen.append(choice)
        mask ^= choice[0]
        left -= choice[1]
    return result, chosen, naturals, jokers


def _meld_of(cand: Candidate, naturals: Sequence[Card], prices: Prices) -> PricedMeld:
    return analyse_priced_meld([JOKER if i < 0 else naturals[i] for i in cand[4]], prices)


def arrange(cards: Sequence[Card], prices: Prices = PRICES) -> Arrangement:
    """The arrangement with the least deadwood (ties: the most table points are not sought;
    any least-deadwood arrangement is fine)."""
    _, chosen, naturals, jokers = _solve(cards, 2, prices)
    melds = tuple(_meld_of(c, naturals, prices) for c in chosen)
    used = 0
    leftover = list(naturals)
    for cand in chosen:
        used += cand[1]
        for i in cand[4]:
            if i >= 0:
                leftover.remove(naturals[i])
    leftover.extend([JOKER] * (jokers - used))
    deadwood = sum(prices.hand_value(c) for c in leftover)
    return Arrangement(melds, tuple(leftover), deadwood)


def best_meld_points(
    cards: Sequence[Card], include: Card | None = None, prices: Prices = PRICES
) -> int:
    """The most table points ``cards`` can lay as disjoint melds at once (0 if none); with
    ``include``, only arrangements that meld that card count (-1 if there is none)."""
    result, _, _, _ = _solve(cards, 3, prices, include)
    return result if result >= 0 else -1


def best_melds(cards: Sequence[Card], prices: Prices = PRICES) -> list[PricedMeld]:
    """Disjoint melds worth the most table points together."""
    _, chosen, naturals, _ = _solve(cards, 3, prices)
    return [_meld_of(c, naturals, prices) for c in chosen]


def meld_options(
    cards: Sequence[Card], min_jokers: int = 0, prices: Prices = PRICES
) -> list[tuple[Card, ...]]:
    """Every distinct meld ``cards`` can form, in table order (one joker placement each, the
    one worth most at ``prices``), using at least ``min_jokers`` jokers."""
    naturals, jokers = _split(cards)
    seen: set[tuple[Card, ...]] = set()
    result: list[tuple[Card, ...]] = []
    for cand in candidate_melds(naturals, jokers, prices):
        if cand[1] < min_jokers:
            continue
        meld = tuple(JOKER if i < 0 else naturals[i] for i in cand[4])
        key = tuple(sorted(meld))
        if key not in seen:
            seen.add(key)
            result.append(meld)
    return result
