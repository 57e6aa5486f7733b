"""The ways a hand splits into disjoint melds and leftover cards, the planner's first step."""

from __future__ import annotations

from collections.abc import Sequence

from engine.cards import Card
from engine.games.treppe.melds import possible_melds

PARTITION_LIMIT = 600
PARTITION_VISITS = 3_000


def partitions(
    hand: Sequence[Card], maximal: bool = True, limit: int = PARTITION_LIMIT
) -> list[tuple[list[tuple[Card, ...]], list[Card]]]:
    """Ways to split ``hand`` into disjoint melds and leftovers. With ``maximal`` only the
    splits whose leftovers form no further meld."""
    melds = possible_melds(hand)
    if not melds:
        return [([], list(hand))]
    cards = sorted(hand)
    count = len(cards)
    # Cards are bits of an int (their place in ``cards``) so that the walk, which visits
    # thousands of splits for a big hand, works on ints instead of sets of cards.
    bit = {c: 1 << i for i, c in enumerate(cards)}
    meld_masks: list[int] = []
    starting: list[list[tuple[int, tuple[Card, ...]]]] = [[] for _ in cards]
    for meld in melds:
        mask = 0
        for c in meld:
            mask |= bit[c]
        meld_masks.append(mask)
        starting[(mask & -mask).bit_length() - 1].append((mask, meld))
    result: list[tuple[list[tuple[Card, ...]], list[Card]]] = []
    chosen: list[tuple[Card, ...]] = []
    visits = 0

    def walk(i: int, used: int, rest: int) -> None:
        # Big hands (deep digs, or sampled worlds in hard's rollouts) have exponentially many
        # splits; the visit budget bounds a decision's time. Melds are tried before leaving
        # a card out, so the splits found first are the meld-rich ones.
        nonlocal visits
        visits += 1
        if len(result) >= limit or visits > PARTITION_VISITS:
            return
        while i < count and used >> i & 1:
            i += 1
        if i == count:
            if not maximal or not any(m & rest == m for m in meld_masks):
                result.append((list(chosen), [c for k, c in enumerate(cards) if rest >> k & 1]))
            return
        for mask, meld in starting[i]:
            if mask & used:
                continue
            chosen.append(meld)
            walk(i + 1, used | mask, rest)
            chosen.pop()
        card_bit = 1 << i
        walk(i + 1, used | card_bit, rest | card_bit)

    walk(0, 0, 0)
    if not result:
        result.append(([], list(hand)))
    return result
