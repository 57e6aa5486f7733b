"""Gin Rummy's card arithmetic: melds, the least deadwood of a hand, the knocker's melds and
the defender's lay-offs.

A hand is a bitmask over the 52 cards (bit ``suit * 13 + rank - 1``), so that the searches are
integer operations. Melds are sets of three or four of a rank and runs of three or more of a
suit, Ace low only (A 2 3, never Q K A). Card values: Ace 1, 2 to 10 face value, J Q K 10.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from itertools import combinations, product

from engine.cards import CARD_AT, Card
from engine.errors import IllegalMeld
from engine.i18n import N_

RANKS = 13
ROW = (1 << RANKS) - 1
CARDS: tuple[Card, ...] = tuple(CARD_AT[s][r] for s in range(4) for r in range(1, RANKS + 1))
VALUE: tuple[int, ...] = tuple(min(r, 10) for _ in range(4) for r in range(1, RANKS + 1))
_ROW_VALUE: tuple[int, ...] = tuple(
    sum(min(r + 1, 10) for r in range(RANKS) if row >> r & 1) for row in range(1 << RANKS)
)


def index(card: Card) -> int:
    """The card's bit in a hand's mask."""
    return card.suit_int * RANKS + card.rank_int - 1


def mask_of(cards: Iterable[Card]) -> int:
    """The mask of ``cards`` (each card once: Gin Rummy has one pack)."""
    mask = 0
    for card in cards:
        mask |= 1 << (card.suit_int * RANKS + card.rank_int - 1)
    return mask


_ROW_RANKS: tuple[tuple[int, ...], ...] = tuple(
    tuple(r for r in range(RANKS) if row >> r & 1) for row in range(1 << RANKS)
)


def indices(mask: int) -> list[int]:
    """The cards of ``mask`` by index: by suit, then rank."""
    out = [r for r in _ROW_RANKS[mask & ROW]]
    for base in (13, 26, 39):
        out.extend(base + r for r in _ROW_RANKS[mask >> base & ROW])
    return out


def cards_of(mask: int) -> tuple[Card, ...]:
    """The cards of ``mask`` by suit, then rank."""
    return tuple(CARDS[i] for i in indices(mask))


def value_of(mask: int) -> int:
    """What the cards of ``mask`` count together (Ace 1, picture cards 10)."""
    return (
        _ROW_VALUE[mask & ROW]
        + _ROW_VALUE[mask >> 13 & ROW]
        + _ROW_VALUE[mask >> 26 & ROW]
        + _ROW_VALUE[mask >> 39 & ROW]
    )


def _runs_from(i: int) -> tuple[int, ...]:
    """Every run whose lowest card is card ``i``, shortest first."""
    rank = i % RANKS
    return tuple(((1 << size) - 1) << i for size in range(3, RANKS - rank + 1))


def _sets_from(i: int) -> tuple[int, ...]:
    """Every set whose lowest card (lowest suit) is card ``i``."""
    rank, suit = i % RANKS, i // RANKS
    found = []
    for size in (3, 4):
        for others in combinations(range(suit + 1, 4), size - 1):
            found.append((1 << i) | sum(1 << (s * RANKS + rank) for s in others))
    return tuple(found)


# Cards that may start a run of three: ranks A to J of each suit.
_RUN_STARTS = sum(((1 << 11) - 1) << (13 * s) for s in range(4))


def meldable(mask: int) -> int:
    """The cards of ``mask`` that belong to at least one meld within ``mask`` (the others
    are deadwood whatever the arrangement)."""
    starts = mask & (mask >> 1) & (mask >> 2) & _RUN_STARTS
    runs = starts | starts << 1 | starts << 2
    a, b, c, d = mask & ROW, mask >> 13 & ROW, mask >> 26 & ROW, mask >> 39 & ROW
    ranks = (a & b & (c | d)) | (c & d & (a | b))
    return runs | (mask & (ranks | ranks << 13 | ranks << 26 | ranks << 39))


_RUNS = tuple(_runs_from(i) for i in range(52))
_SETS = tuple(_sets_from(i) for i in range(52))
_CACHE: dict[int, int] = {}
_CACHE_LIMIT = 1 << 18


def deadwood(mask: int) -> int:
    """The least value of the cards left outside melds, over every arrangement of ``mask``."""
    hit = _CACHE.get(mask)
    if hit is not None:
        return hit
    if len(_CACHE) > _CACHE_LIMIT:
        _CACHE.clear()
    melding = meldable(mask)
    return value_of(mask ^ melding) + _deadwood(melding) if melding else value_of(mask)


def _deadwood(mask: int) -> int:
    # The lowest card is deadwood, or in a meld it starts (no lower card is left).
    if not mask:
        return 0
    hit = _CACHE.get(mask)
    if hit is not None:
        return hit
    low = mask & -mask
    i = low.bit_length() - 1
    best = VALUE[i] + _deadwood(mask ^ low)
    runs = _RUNS[i]
    if runs and runs[0] & mask == runs[0]:
        for run in runs:
            if run & mask != run:
                break
            best = min(best, _deadwood(mask ^ run))
    for meld in _SETS[i]:
        if meld & mask == meld:
            best = min(best, _deadwood(mask ^ meld))
    _CACHE[mask] = best
    return best


def meld_value(cards: Sequence[Card]) -> int:
    """The value ``cards`` take out of the deadwood as one meld; ``IllegalMeld`` if they are
    not one (a set of three or four, or a run of three or more, Ace low)."""
    mask = mask_of(cards)
    if mask.bit_count() != len(cards) or any(c.is_joker for c in cards):
        raise IllegalMeld(
            N_("Gin Rummy has no jokers and no card twice: {cards}."), cards=tuple(cards)
        )
    low = (mask & -mask).bit_length() - 1
    if mask not in (*_RUNS[low], *_SETS[low]):
        raise IllegalMeld(
            N_(
                "{cards} is no meld: three or four of a rank, or three or more in a row of one "
                "suit with the Ace low."
            ),
            cards=tuple(cards),
        )
    return value_of(mask)


def deadwood_after_discards(mask: int) -> dict[int, int]:
    """For each card of ``mask`` (by index): the least deadwood left once it is discarded."""
    out: dict[int, int] = {}
    rest = mask
    while rest:
        low = rest & -rest
        rest ^= low
        out[low.bit_length() - 1] = deadwood(mask ^ low)
    return out


def can_get_to(mask: int, limit: int) -> bool:
    """Can ``mask`` (a hand after drawing) discard one card and keep at most ``limit``?"""
    # Dropping a card lowers the least deadwood by its value at most (10).
    if value_of(mask & ~meldable(mask)) > limit + 10 or deadwood(mask) > limit + 10:
        return False
    return min(deadwood_after_discards(mask).values()) <= limit


def arrangements(mask: int) -> Iterator[tuple[int, ...]]:
    """Every arrangement of ``mask`` into melds with the least deadwood, longest melds first."""
    target = deadwood(mask)
    if not mask:
        yield ()
        return
    low = mask & -mask
    i = low.bit_length() - 1
    for meld in (*reversed(_RUNS[i]), *reversed(_SETS[i])):
        if meld & mask == meld and deadwood(mask ^ meld) == target:
            for rest in arrangements(mask ^ meld):
                yield (meld, *rest)
    if VALUE[i] + deadwood(mask ^ low) == target:
        yield from arrangements(mask ^ low)


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


def _ends(run: int) -> tuple[int, int]:
    """The lowest and highest card of ``run``, by index."""
    return (run & -run).bit_length() - 1, run.bit_length() - 1


def _joined_runs(melds: Sequence[int]) -> list[int]:
    """The runs of ``melds``, runs that touch in one suit joined into one."""
    joined: list[int] = []
    for run in sorted(m for m in melds if not _is_set(m)):
        if joined:
            low, _ = _ends(run)
            _, top = _ends(joined[-1])
            if top + 1 == low and low // RANKS == top // RANKS:
                joined[-1] |= run
                continue
        joined.append(run)
    return joined


def _chain(run: int, hand: int, step: int) -> list[int]:
    """The cards of ``hand`` that extend ``run`` one after another downwards (step -1) or
    upwards (step 1), within its suit."""
    bottom, top = _ends(run)
    suit = bottom // RANKS
    at = bottom - 1 if step < 0 else top + 1
    chain = []
    while at // RANKS == suit and 0 <= at < 52 and hand >> at & 1:
        chain.append(1 << at)
        at += step
    return chain


def _fourth(meld: int) -> int:
    """The card that completes the set ``meld`` of three."""
    rank = (meld & -meld).bit_length() - 1
    rank %= RANKS
    return sum(1 << (s * RANKS + rank) for s in range(4)) & ~meld


def layoff_targets(melds: Sequence[int]) -> int:
    """Every card that could be laid off on ``melds`` (the next card beyond each run end)."""
    out = 0
    for meld in melds:
        if _is_set(meld) and meld.bit_count() == 3:
            out |= _fourth(meld)
    for run in _joined_runs(melds):
        bottom, top = _ends(run)
        if bottom % RANKS:
            out |= 1 << (bottom - 1)
        if top % RANKS != RANKS - 1:
            out |= 1 << (top + 1)
    return out


def defend(hand: int, knocker: Sequence[int]) -> tuple[int, int]:
    """The defender's best play against the knocker's ``knocker`` melds: (cards laid off,
    least deadwood left). Lay-offs may follow one another along a run."""
    choices: list[list[int]] = []
    for meld in knocker:
        if _is_set(meld) and meld.bit_count() == 3 and _fourth(meld) & hand:
            choices.append([0, _fourth(meld)])
    for run in _joined_runs(knocker):
        for step in (-1, 1):
            chain = _chain(run, hand, step)
            if chain:
                choices.append([melded(chain[:n]) for n in range(len(chain) + 1)])
    best = (0, deadwood(hand))
    for picked in product(*choices):
        laid = melded(picked)
        left = deadwood(hand & ~laid)
        if left < best[1]:
            best = (laid, left)
    return best


def knocker_melds(hand: int, dead: int) -> tuple[int, ...]:
    """The melds a knocker lays: least deadwood, then the fewest cards the defender could lay
    off on them (leaving out the knocker's own and the ``dead`` ones in the discard pile)."""
    seen = hand | dead
    return min(arrangements(hand), key=lambda melds: (layoff_targets(melds) & ~seen).bit_count())
