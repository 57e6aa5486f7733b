"""The ways a hand splits into disjoint melds and leftover cards, the planner's first step."""

from __future__ import annotations

from collections.abc import Sequence

from engine.cards import Card
from engine.games.treppe.ai.knowledge import card_number
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
    cards = sorted(hand, key=card_number)  # the order of ``Card.__lt__``, without its calls
    count = len(cards)
    # Cards are bits of an int (their place in ``cards``) so that the walk, which visits
    # thousands of splits for a big hand, works on ints instead of sets of cards.
    bit = [0] * 56  # by card number: a dict of cards would hash them in Python
    for i, c in enumerate(cards):
        bit[card_number(c)] = 1 << i
    meld_masks: list[int] = []
    starting: list[list[tuple[int, tuple[Card, ...]]]] = [[] for _ in cards]
    for meld in melds:
        mask = 0
        for c in meld:
            mask |= bit[c.rank_int << 2 | c.suit_int & 3]
        meld_masks.append(mask)
        starting[(mask & -mask).bit_length() - 1].append((mask, meld))
    result: list[tuple[list[tuple[Card, ...]], list[Card]]] = []
    chosen: list[tuple[Card, ...]] = []
    visits = 0

    def walk(used: int, rest: int) -> None:
        # Big hands (deep digs, or sampled worlds in hard's rollouts) have exponentially many
        # splits; the visit budget bounds a decision's time. Melds are tried before leaving
        # a card out, so the splits found first are the meld-rich ones. Leaving the card out
        # is the last step, so it loops instead of calling itself (one visit all the same).
        nonlocal visits
        while True:
            visits += 1
            if len(result) >= limit or visits > PARTITION_VISITS:
                return
            # The first card not yet used: every card before it is (cards go in order).
            i = ((used + 1) & ~used).bit_length() - 1
            if i >= count:
                if maximal:
                    for m in meld_masks:  # a plain loop: any() over a generator is slower
                        if m & rest == m:
                            return
                result.append((list(chosen), [c for k, c in enumerate(cards) if rest >> k & 1]))
                return
            for mask, meld in starting[i]:
                if mask & used:
                    continue
                chosen.append(meld)
                walk(used | mask, rest)
                chosen.pop()
            card_bit = 1 << i
            used |= card_bit
            rest |= card_bit

    walk(0, 0)
    if not result:
        result.append(([], list(hand)))
    return result
