"""The ways a hand splits into disjoint melds and leftover cards, the planner's first step."""

from __future__ import annotations

from collections.abc import Sequence

from engine.cards import Card
from engine.games.treppe.ai.knowledge import card_number, cards_mask
from engine.games.treppe.melds import possible_melds

PARTITION_LIMIT = 600
PARTITION_VISITS = 3_000

Split = tuple[list[tuple[Card, ...]], list[Card]]
# The splits of the hands seen lately, by card mask (and ``maximal``): hands recur across
# a search's worlds and candidates. The splits with melds do not depend on the hand's order
# (melds are tried in pack order, leftovers listed in it); None marks the hands whose one
# split is the whole hand as given. Callers only read the splits, so they are shared.
_MEMO: dict[int, list[Split] | None] = {}
MEMO_SIZE = 2_000  # hands memoised before the memo starts afresh: a search's hands, a few MB


def partitions(
    hand: Sequence[Card], maximal: bool = True, limit: int = PARTITION_LIMIT, mask: int = -1
) -> list[Split]:
    """Ways to split ``hand`` into disjoint melds and leftovers. With ``maximal`` only the
    splits whose leftovers form no further meld. ``mask``, when given, is ``hand``'s card
    mask. The result may be shared: do not change it."""
    if mask < 0:
        mask = cards_mask(hand)
    if not may_meld(mask):  # most hands the rollouts plan: the one split, no memo needed
        return [([], list(hand))]
    if limit != PARTITION_LIMIT or mask.bit_count() != len(hand):
        return _partitions(hand, maximal, limit) or [([], list(hand))]
    key = mask << 1 | maximal
    if key in _MEMO:
        known = _MEMO[key]
        return [([], list(hand))] if known is None else known
    if len(_MEMO) >= MEMO_SIZE:
        _MEMO.clear()
    found = _MEMO[key] = _partitions(hand, maximal, limit)
    return [([], list(hand))] if found is None else found


_NIBBLE_LOW = sum(1 << 4 * r for r in range(16))  # each rank's bit of suit 0 (card masks)
_SUITS_0_2 = _NIBBLE_LOW * 5  # each rank's bits of suits 0 and 2


def may_meld(mask: int) -> bool:
    """Whether the cards of ``mask`` (a card mask) hold a meld: three of a rank, or three
    ranks in a row of a suit, round the ring (as ``possible_melds`` finds them), tested on
    the mask at once; jokers aside."""
    m = mask & ~0xF  # rank 0: jokers
    # Per rank: suits 0 and 1 both (at suit 0's bit) and suits 2 and 3 both (at suit 2's),
    # and either of each; three or more suits are both of one pair and either of the other.
    both = m & m >> 1 & _SUITS_0_2
    either = (m | m >> 1) & _SUITS_0_2
    if (both & either >> 2 | both >> 2 & either) & _NIBBLE_LOW:
        return True
    ring = m | (m & 0xFF0) << 52  # the Ace and the Two again above the King, for K-A-2
    return bool(ring & ring >> 4 & ring >> 8)


def _partitions(hand: Sequence[Card], maximal: bool, limit: int) -> list[Split] | None:
    """``partitions``, or None when the only split is the whole hand."""
    melds = possible_melds(hand)
    if not melds:
        return None
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
    result: list[Split] = []
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
    return result or None
