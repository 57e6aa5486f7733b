"""The 500 Rum computer players, on the two-pack players' base (``engine.melding.players``).

``normal`` digs into the spread pile whenever the dig pays (``dig_value``: the meld points it
makes placeable at once, less the taken cards left dead in the hand), lays down its best
melds and every lay-off at once (placed cards score, and a card kept may be caught in the
hand), and discards the card that leaves the cheapest hand, a leftover card one card from a
meld costing only ``PARTNER_SHARE`` of its points. ``hard`` plays the same but weighs each
discard by what it risks with a simple model of the opponents: ``feed_chance``, the chance
that one of them can meld the card (with two cards of the spread pile, with one of them and
one unseen card in their hands, or with two from their hands), costs ``FEED_RISK`` points at
certainty, and values each dig by ``table_dig_value``: the lay-offs it allows on the table's
melds as well, its cards kept one card from a meld at ``TAKEN_PARTNER_SHARE`` and its dead
cards at ``DEAD_SHARE`` (IS-MCTS, digging deeper than the old hard, beat it). Measured in
docs/rules-rum500.md and docs/strength.md. ``random`` is the shared ``RandomPlayer``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from engine.actions import Action, DrawTalon, LayOff, Meld, Pass, TakeDiscard
from engine.cards import Card
from engine.games.rum500.game import ONE_PACK, PRICES, Rum500Game, Rum500PrivateView
from engine.melding.deadwood import arrange, best_meld_points, best_melds
from engine.melding.hand_cost import related
from engine.melding.players import MeldingPlayer
from engine.onepack import ALL, index, mask_of
from engine.players import RandomPlayer, player_of_strength

# Measured against random (300 sessions): with a dig at every turn 1.0 (plain deadwood) won
# 86%, 0.6 91%, 0.3 98%; with these digs 0.3 won 92%, 0.15 95% (400). A card with a partner
# is usually melded or laid off in time.
PARTNER_SHARE = 0.15
# hard: what a discard an opponent surely melds costs, in points of hand kept instead.
# Measured against normal, two players, 300 sessions each: 30 won 71%, 50 74%, 80 73%, 120
# 79%; 30 for any card melding with two of the pile (the old hard) won 68%.
FEED_RISK = 80.0
# hard, digging: what a taken card one card from a meld is worth, and what a taken card left
# dead costs, as shares of its points (a dead card is often thrown before the round ends).
# Against the hard that counted no lay-offs on the table in its digs (1,000 two-player
# sessions each, same deals): partner share 0 won 54.7%, 0.3 56.9%, 0.6 56.9%; with 0.3 and
# a dead share of 1 54.6%, 0.5 58.2%, 0.25 58.5%, 0 59.1%. Against IS-MCTS (50 simulations
# a move, the same 15 mirrored pairs, bench/vs_ismcts.py --seed 10): the old hard won 43.3%
# of the rounds, dead share 1 60.0%, 0.5 69.0%, 0 66.7%.
TAKEN_PARTNER_SHARE = 0.3
DEAD_SHARE = 0.5


def _dead(card: Card, left: Sequence[Card]) -> bool:
    """A leftover card no single further card would turn into a meld with the others."""
    return not any(related(card, other) for other in left if other is not card)


def dig_value(hand: Sequence[Card], taken: Sequence[Card]) -> int:
    """What taking ``taken`` from the pile is worth: the meld points it adds to the hand's
    best melds, less the points of the taken cards left dead (in no meld, with no partner).
    Below zero the dig scores less than it costs: a slip."""
    grown = [*hand, *taken]
    melded = best_meld_points(grown, prices=PRICES) - best_meld_points(hand, prices=PRICES)
    left = arrange(grown, PRICES).leftover
    dead = sum(PRICES.hand_value(c) for c in left if c in taken and _dead(c, left))
    return melded - dead


def table_melds(view: Rum500PrivateView) -> list[int]:
    """The melds on the table, as card masks."""
    return [mask_of(placed.stands_for for placed in meld.cards) for meld in view.public.melds]


def layable(cards: Sequence[Card], melds: Sequence[int]) -> list[Card]:
    """The cards of ``cards`` that can be laid off on ``melds``, one after another (a card
    laid on a run lets the next one on)."""
    grown, left, laid = list(melds), list(cards), []
    found = True
    while found:
        found = False
        for card in list(left):
            bit = 1 << index(card)
            for k, meld in enumerate(grown):
                if ONE_PACK.is_meld(meld | bit):
                    grown[k] = meld | bit
                    left.remove(card)
                    laid.append(card)
                    found = True
                    break
    return laid


def _placeable(cards: Sequence[Card], melds: Sequence[int]) -> tuple[int, list[Card]]:
    """The points ``cards`` can place at once (their best melds, then lay-offs of the rest on
    ``melds``) and the cards left in hand after that."""
    chosen = best_melds(cards, PRICES)
    rest = list(cards)
    for meld in chosen:
        for card in meld.cards:
            rest.remove(card)
    laid = layable(rest, melds)
    for card in laid:
        rest.remove(card)
    points = sum(m.total for m in chosen) + sum(PRICES.hand_value(c) for c in laid)
    return points, rest


def table_digs(
    hand: Sequence[Card], melds: Sequence[int], dead_share: float = 1.0
) -> Callable[[Sequence[Card]], float]:
    """``table_dig_value`` of every dig from ``hand`` with the table's ``melds``: what the hand
    places without a dig is worked out once for all of them."""
    before, _ = _placeable(hand, melds)

    def value(taken: Sequence[Card]) -> float:
        after, left = _placeable([*hand, *taken], melds)
        dead = sum(PRICES.hand_value(c) for c in left if c in taken and _dead(c, left))
        placed = after - before - dead_share * dead
        if placed < 0:  # no partner makes up for a dig that places too little
            return placed
        kept = sum(PRICES.hand_value(c) for c in left if c in taken and not _dead(c, left))
        return placed + TAKEN_PARTNER_SHARE * kept

    return value


def table_dig_value(
    hand: Sequence[Card], taken: Sequence[Card], melds: Sequence[int], dead_share: float = 1.0
) -> float:
    """``dig_value`` that also counts lay-offs on the table's ``melds``: the points the dig
    makes placeable at once (melds of the hand and lay-offs), less ``dead_share`` of the taken
    cards left dead (placed nowhere, with no partner in the hand); a dig that pays gains besides
    ``TAKEN_PARTNER_SHARE`` of the taken cards kept with a partner (one card from a meld)."""
    return table_digs(hand, melds, dead_share)(taken)


def partner_cost(cards: Sequence[Card], left: Sequence[Card]) -> float:
    """A ``Cost``: the leftover cards at 500 Rum's prices, those with a partner at
    ``PARTNER_SHARE``, so a discard breaks up no near-meld while a dead card is left."""
    return sum(PRICES.hand_value(c) * (1.0 if _dead(c, left) else PARTNER_SHARE) for c in left)


def feed_chance(card: Card, view: Rum500PrivateView) -> float:
    """The chance that another player can meld ``card`` once it is discarded: each pair of
    cards that makes a meld with it counts when both lie in the spread pile (sure), or lie
    there or unseen (each unseen card held by some opponent with the share of the unseen
    cards they hold together); the pairs are taken as independent. Any opponent, not only the
    next: with three or four players a card deep in the pile is dug later (measured: 68% of
    three-player sessions won against two ``normal`` players, 61% with the next one only)."""
    public = view.public
    pile = mask_of(public.discard_pile)
    melded = mask_of(placed.card for meld in public.melds for placed in meld.cards)
    unseen = ALL & ~(pile | melded | mask_of(view.hand))
    held = sum(seat.hand_count for seat in public.seats if seat.seat != view.seat)
    share = min(1.0, held / max(1, unseen.bit_count()))
    missed = 1.0
    for pair in ONE_PACK.partner_pairs(index(card)):
        if pair & (pile | unseen) == pair:
            missed *= 1.0 - share ** (pair & unseen).bit_count()
    return 1.0 - missed


class Rum500Player(MeldingPlayer[Rum500PrivateView]):
    """The ``normal`` player: paying digs, greedy melding, the cheapest hand kept."""

    pack = Rum500Game.PACK

    def seen_on_table(self, view: Rum500PrivateView) -> list[Card]:
        """The spread pile and the melds."""
        melded = (placed.card for meld in view.public.melds for placed in meld.cards)
        return [*view.public.discard_pile, *melded]

    def decide(self, view: Rum500PrivateView, legal: Sequence[Action]) -> Action | None:
        """Dig where it pays, else draw; meld the best split, lay off the dearest card; then
        discard."""
        if isinstance(legal[0], DrawTalon | Pass):
            return self._draw(view, legal)
        return self._play(view, legal) or self._discard(
            view, legal, partner_cost, self._feeds(view)
        )

    def _feeds(self, view: Rum500PrivateView) -> Callable[[Card], float]:
        """What a discard costs besides the hand it leaves: nothing for ``normal``."""
        return lambda card: 0.0

    def _digs(self, view: Rum500PrivateView) -> Callable[[Sequence[Card]], float]:
        """What taking cards from the pile is worth: ``dig_value`` for ``normal``."""
        return lambda taken: dig_value(view.hand, taken)

    def _draw(self, view: Rum500PrivateView, legal: Sequence[Action]) -> Action:
        """The dig of most value (``_digs``; the shallower on a tie) when it pays (>= 0), else
        the stock (or the pass when the stock is empty)."""
        pile = view.public.discard_pile
        takes = [a for a in legal if isinstance(a, TakeDiscard)]
        worth = self._digs(view)
        scored = [(worth(pile[-a.depth :]), -a.depth, a) for a in takes]
        best = max(scored, key=lambda item: (item[0], item[1]), default=None)
        if best is not None and best[0] >= 0:
            return best[2]
        return legal[0]

    def _play(self, view: Rum500PrivateView, legal: Sequence[Action]) -> Action | None:
        wanted = {tuple(sorted(m.cards)) for m in best_melds(view.hand, PRICES)}
        melds = [a for a in legal if isinstance(a, Meld)]
        for action in melds:
            if tuple(sorted(action.cards)) in wanted:
                return action
        layoffs = [a for a in legal if isinstance(a, LayOff)]
        if layoffs:
            return max(layoffs, key=lambda a: PRICES.hand_value(a.card))
        if melds:  # the card taken must go first, and only these hold it
            return max(melds, key=lambda a: sum(PRICES.hand_value(c) for c in a.cards))
        return None


class HardRum500Player(Rum500Player):
    """``normal`` whose discards also weigh the opponents' chance to meld them, and whose
    digs also count the cards they let it lay off on the table's melds, and what they keep
    one card from a meld, and half the cards they leave dead."""

    def _digs(self, view: Rum500PrivateView) -> Callable[[Sequence[Card]], float]:
        """``table_digs``: the digs' melds and lay-offs onto the table (``DEAD_SHARE``)."""
        return table_digs(view.hand, table_melds(view), DEAD_SHARE)

    def _feeds(self, view: Rum500PrivateView) -> Callable[[Card], float]:
        """``FEED_RISK`` times ``feed_chance``: a discard an opponent could use."""
        return lambda card: FEED_RISK * feed_chance(card, view)


def make_player(strength: str, seed: int) -> RandomPlayer | MeldingPlayer[Rum500PrivateView]:
    """The computer player of ``strength``."""
    return player_of_strength(strength, seed, Rum500Player, HardRum500Player)
