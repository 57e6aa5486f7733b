"""Melds of one 52-card pack without jokers, on bitmasks: fast enough to list a hand's legal
moves and to let computer players look one draw ahead.

A hand is an int with bit ``suit * 13 + rank - 1`` for each card it holds. ``OnePack(values,
high_ace)`` holds what a game counts: each rank's value left in a hand (Ace first) and whether
an Ace may also end a run above the King (Q K A) besides starting one below the 2 (A 2 3);
a run never turns the corner. Gin Rummy counts the Ace 1 and low only; 500 Rum lets it go high
and counts it 15. Sets are three or four of a rank; runs three or more of a suit.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from itertools import combinations, product

from engine.cards import CARD_AT, Card

RANKS = 13
ROW = (1 << RANKS) - 1
ALL = (1 << 52) - 1
CARDS: tuple[Card, ...] = tuple(CARD_AT[s][r] for s in range(4) for r in range(1, RANKS + 1))
_HIGH = 0b1100000000001  # Q K A of one suit
_RUN_STARTS = sum(((1 << 11) - 1) << (RANKS * s) for s in range(4))  # A to J start a low run
_CACHE_LIMIT = 1 << 18
_ROW_RANKS: tuple[tuple[int, ...], ...] = tuple(
    tuple(r for r in range(RANKS) if row >> r & 1) for row in range(1 << RANKS)
)


def index(card: Card) -> int:
    """The card's bit in a hand's mask."""
    return card.suit_int * RANKS + card.rank_int - 1


def mask_of(cards: Iterable[Card]) -> int:
    """The mask of ``cards`` (each card once: one pack)."""
    mask = 0
    for card in cards:
        mask |= 1 << (card.suit_int * RANKS + card.rank_int - 1)
    return mask


def _chunk(shift: int, width: int) -> tuple[tuple[int, ...], ...]:
    """For every value of the ``width`` bits from bit ``shift``: the cards they stand for."""
    return tuple(tuple(shift + b for b in range(width) if v >> b & 1) for v in range(1 << width))


# Each suit's 13 bits as 7 + 6: eight small tables (1,024 entries in all) list a hand's cards
# four times as fast as a loop over its suits (legal moves and players ask for them often).
_C0, _C1, _C2, _C3, _C4, _C5, _C6, _C7 = (
    _chunk(RANKS * suit + low, width) for suit in range(4) for low, width in ((0, 7), (7, 6))
)


def indices(mask: int) -> list[int]:
    """The cards of ``mask`` by index: by suit, then rank."""
    return [
        *_C0[mask & 127],
        *_C1[mask >> 7 & 63],
        *_C2[mask >> 13 & 127],
        *_C3[mask >> 20 & 63],
        *_C4[mask >> 26 & 127],
        *_C5[mask >> 33 & 63],
        *_C6[mask >> 39 & 127],
        *_C7[mask >> 46 & 63],
    ]


def cards_of(mask: int) -> tuple[Card, ...]:
    """The cards of ``mask`` by suit, then rank."""
    return tuple(CARDS[i] for i in indices(mask))


def melded(melds: Iterable[int]) -> int:
    """Every card of ``melds``, as one mask."""
    out = 0
    for meld in melds:
        out |= meld
    return out


def _is_set(meld: int) -> bool:
    """A set spans several suits; a run lies within one."""
    suit = ((meld & -meld).bit_length() - 1) // RANKS
    return meld >> (suit * RANKS + RANKS) != 0


def _fourth(meld: int) -> int:
    """The card that completes the set ``meld`` of three."""
    rank = ((meld & -meld).bit_length() - 1) % RANKS
    return sum(1 << (s * RANKS + rank) for s in range(4)) & ~meld


class OnePack:
    """The meld arithmetic of one game: ``values`` are what each rank counts left in a hand
    (Ace, 2, ..., King), ``high_ace`` lets Q K A be a run. Results are cached by mask."""

    def __init__(self, values: Sequence[int], high_ace: bool = False) -> None:
        self.high_ace = high_ace
        self.value = tuple(values[i % RANKS] for i in range(52))
        self._row_value = tuple(sum(values[r] for r in _ROW_RANKS[row]) for row in range(1 << 13))
        # The melds whose lowest card is card i, as chains each holding the one before.
        self._chains = tuple(self._chains_from(i) for i in range(52))
        self._pairs = tuple(self._partner_pairs(i) for i in range(52))
        self._cache: dict[int, int] = {}
        self._dearest = max(values)

    # ----------------------------------------------------------------- tables
    def _chains_from(self, i: int) -> tuple[tuple[int, ...], ...]:
        rank, suit = i % RANKS, i // RANKS
        row = suit * RANKS
        up = tuple(((1 << size) - 1) << i for size in range(3, RANKS - rank + 1))
        chains = [up]
        if rank == 0 and self.high_ace:  # Q K A, J Q K A, ... (A 2 ... K is the low run)
            chains.append(tuple((1 << i) | (ROW >> low << low) << row for low in range(11, 1, -1)))
        sets = [
            (1 << i) | sum(1 << (s * RANKS + rank) for s in others)
            for size in (3, 4)
            for others in combinations(range(suit + 1, 4), size - 1)
        ]
        chains.extend((meld,) for meld in reversed(sets))  # the fullest set first
        return tuple(chain for chain in chains if chain)

    def _partner_pairs(self, i: int) -> tuple[int, ...]:
        """Every pair of cards that makes a meld of three with card ``i``."""
        rank, suit = i % RANKS, i // RANKS
        same = [s * RANKS + rank for s in range(4) if s != suit]
        pairs = [(1 << a) | (1 << b) for n, a in enumerate(same) for b in same[n + 1 :]]
        row = suit * RANKS
        triples = [0b111 << low for low in range(RANKS - 2)]
        if self.high_ace:
            triples.append(_HIGH)
        pairs.extend((t << row) & ~(1 << i) for t in triples if t >> rank & 1)
        return tuple(pairs)

    # ----------------------------------------------------------------- values
    def value_of(self, mask: int) -> int:
        """What the cards of ``mask`` count together."""
        rv = self._row_value
        return rv[mask & ROW] + rv[mask >> 13 & ROW] + rv[mask >> 26 & ROW] + rv[mask >> 39 & ROW]

    def meldable(self, mask: int) -> int:
        """The cards of ``mask`` that belong to at least one meld within ``mask`` (the others
        are deadwood whatever the arrangement)."""
        starts = mask & (mask >> 1) & (mask >> 2) & _RUN_STARTS
        runs = starts | starts << 1 | starts << 2
        if self.high_ace:
            for row in (0, 13, 26, 39):
                if mask >> row & _HIGH == _HIGH:
                    runs |= _HIGH << row
        a, b, c, d = mask & ROW, mask >> 13 & ROW, mask >> 26 & ROW, mask >> 39 & ROW
        ranks = (a & b & (c | d)) | (c & d & (a | b))
        return runs | (mask & (ranks | ranks << 13 | ranks << 26 | ranks << 39))

    def fits(self, i: int, mask: int) -> bool:
        """Can card ``i`` join a meld with two cards of ``mask``?"""
        return any(pair & mask == pair for pair in self._pairs[i])

    def partner_pairs(self, i: int) -> tuple[int, ...]:
        """Every pair of cards that makes a meld of three with card ``i``."""
        return self._pairs[i]

    def is_meld(self, mask: int) -> bool:
        """Is ``mask`` one meld (a set of three or four, or a run of three or more)?"""
        low = (mask & -mask).bit_length() - 1
        return low >= 0 and any(mask in chain for chain in self._chains[low])

    # ----------------------------------------------------------------- deadwood
    def deadwood(self, mask: int) -> int:
        """The least value of the cards left outside melds, over every arrangement."""
        cache = self._cache
        hit = cache.get(mask)
        if hit is not None:
            return hit
        if len(cache) > _CACHE_LIMIT:
            cache.clear()
        melding = self.meldable(mask)
        loose = self.value_of(mask ^ melding)
        return loose + self._deadwood(melding) if melding else loose

    def _deadwood(self, mask: int) -> int:
        # The lowest card is deadwood, or in a meld it starts (no lower card is left).
        if not mask:
            return 0
        hit = self._cache.get(mask)
        if hit is not None:
            return hit
        low = mask & -mask
        i = low.bit_length() - 1
        best = self.value[i] + self._deadwood(mask ^ low)
        for chain in self._chains[i]:
            if chain[0] & mask != chain[0]:
                continue
            for meld in chain:
                if meld & mask != meld:
                    break
                left = self._deadwood(mask ^ meld)
                if left < best:
                    best = left
        self._cache[mask] = best
        return best

    def deadwood_after_discards(self, mask: int) -> dict[int, int]:
        """For each card of ``mask`` (by index): the least deadwood left once it is gone."""
        deadwood, out, rest = self.deadwood, {}, mask
        while rest:
            low = rest & -rest
            rest ^= low
            out[low.bit_length() - 1] = deadwood(mask ^ low)
        return out

    def can_get_to(self, mask: int, limit: int) -> bool:
        """Can ``mask`` (a hand after drawing) discard one card and keep at most ``limit``?"""
        # Dropping a card lowers the least deadwood by its value at most.
        most = limit + self._dearest
        if self.value_of(mask & ~self.meldable(mask)) > most or self.deadwood(mask) > most:
            return False
        return min(self.deadwood_after_discards(mask).values()) <= limit

    def arrangements(self, mask: int) -> Iterator[tuple[int, ...]]:
        """Every arrangement of ``mask`` into melds with the least deadwood, longest melds
        first."""
        target = self.deadwood(mask)
        if not mask:
            yield ()
            return
        low = mask & -mask
        i = low.bit_length() - 1
        for chain in self._chains[i]:
            for meld in reversed(chain):
                if meld & mask == meld and self.deadwood(mask ^ meld) == target:
                    for rest in self.arrangements(mask ^ meld):
                        yield (meld, *rest)
        if self.value[i] + self.deadwood(mask ^ low) == target:
            yield from self.arrangements(mask ^ low)

    # ----------------------------------------------------------------- lay-offs
    def _run_span(self, run: int) -> tuple[int, int, int]:
        """(suit, lowest position, highest position) of ``run``; positions run 0 (Ace low) to
        13 (Ace high)."""
        suit = ((run & -run).bit_length() - 1) // RANKS
        ranks = _ROW_RANKS[run >> (suit * RANKS) & ROW]
        if self.high_ace and ranks[0] == 0 and ranks[-1] == RANKS - 1 and len(ranks) < RANKS:
            above = [r for r in ranks if r > 0 and r - 1 not in ranks]  # the run's true start
            return suit, above[0], RANKS
        return suit, ranks[0], ranks[-1]

    def _card_at(self, suit: int, position: int) -> int | None:
        """The card at run ``position`` of ``suit`` (13: the Ace, where it may go high)."""
        if 0 <= position < RANKS:
            return 1 << (suit * RANKS + position)
        if position == RANKS and self.high_ace:
            return 1 << (suit * RANKS)
        return None

    def _joined_runs(self, melds: Sequence[int]) -> list[tuple[int, int, int]]:
        """The runs of ``melds`` as spans, runs that touch in one suit joined into one."""
        spans = sorted(self._run_span(m) for m in melds if not _is_set(m))
        joined: list[tuple[int, int, int]] = []
        for suit, low, high in spans:
            if joined and joined[-1][0] == suit and joined[-1][2] + 1 == low:
                joined[-1] = (suit, joined[-1][1], high)
            else:
                joined.append((suit, low, high))
        return joined

    def _chain(self, span: tuple[int, int, int], hand: int, step: int) -> list[int]:
        """The cards of ``hand`` that extend the run ``span`` one after another downwards
        (step -1) or upwards (step 1)."""
        suit, low, high = span
        at = low - 1 if step < 0 else high + 1
        chain = []
        while (card := self._card_at(suit, at)) is not None and hand & card:
            chain.append(card)
            at += step
        return chain

    def layoff_targets(self, melds: Sequence[int]) -> int:
        """Every card that could be laid off on ``melds`` (the next card beyond each run end,
        the fourth card of a set of three)."""
        out = 0
        for meld in melds:
            if _is_set(meld) and meld.bit_count() == 3:
                out |= _fourth(meld)
        for suit, low, high in self._joined_runs(melds):
            for position in (low - 1, high + 1):
                out |= self._card_at(suit, position) or 0
        return out & ~melded(melds)

    def defend(self, hand: int, melds: Sequence[int]) -> tuple[int, int]:
        """The defender's best play against a knocker's ``melds``: (cards laid off, least
        deadwood left). Lay-offs may follow one another along a run."""
        choices: list[list[int]] = []
        for meld in melds:
            if _is_set(meld) and meld.bit_count() == 3 and _fourth(meld) & hand:
                choices.append([0, _fourth(meld)])
        for span in self._joined_runs(melds):
            for step in (-1, 1):
                chain = self._chain(span, hand, step)
                if chain:
                    choices.append([melded(chain[:n]) for n in range(len(chain) + 1)])
        best = (0, self.deadwood(hand))
        for picked in product(*choices):
            laid = melded(picked)
            left = self.deadwood(hand & ~laid)
            if left < best[1]:
                best = (laid, left)
        return best

    def knocker_melds(self, hand: int, dead: int) -> tuple[int, ...]:
        """The melds a knocker lays: least deadwood, then the fewest cards the defender could
        lay off on them (leaving out the knocker's own and the ``dead`` ones)."""
        seen = hand | dead
        return min(
            self.arrangements(hand), key=lambda m: (self.layoff_targets(m) & ~seen).bit_count()
        )
