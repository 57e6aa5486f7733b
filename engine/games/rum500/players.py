"""The 500 Rum computer players, on the two-pack players' base (``engine.twopack.players``).

``normal`` takes from the discard pile when the cards it brings meld for more than they
cost in the hand, lays down its best melds and every lay-off at once (placed cards score,
and a card kept may be caught in the hand), and discards the card that leaves the least
deadwood, the dearest on a tie. ``hard`` never throws a card that melds with cards already
in the spread pile, which would hand the next player a deep take (measured: it wins about
nine sessions in ten against ``normal``; the shared one-draw lookahead, tried on top, won
nothing). ``random`` is the shared ``RandomPlayer``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from engine.actions import Action, DrawTalon, LayOff, Meld, Pass, TakeDiscard
from engine.cards import Card
from engine.games.rum500.game import PRICES, Rum500Game, Rum500PrivateView, melds_with
from engine.players import RandomPlayer, player_of_strength
from engine.twopack.deadwood import best_meld_points, best_melds
from engine.twopack.players import TwoPackPlayer

TAKE_MARGIN = 6  # a take must gain this much over a blind draw from the stock
DEADWOOD_WEIGHT = 0.5  # what a card brought into the hand costs, per point, besides its melds


def _gain(hand: Sequence[Card], taken: Sequence[Card]) -> float:
    """What taking ``taken`` (the deepest first) is worth: the meld points they add, less
    part of what they would weigh in the hand unmelded."""
    grown = [*hand, *taken]
    melded = best_meld_points(grown, prices=PRICES) - best_meld_points(hand, prices=PRICES)
    weight = sum(PRICES.hand_value(c) for c in taken)
    return melded - DEADWOOD_WEIGHT * max(0, weight - melded)


def deadwood(cards: Sequence[Card], left: Sequence[Card]) -> float:
    """A ``Cost``: the cards left out of melds at 500 Rum's prices."""
    return float(sum(PRICES.hand_value(c) for c in left))


class Rum500Player(TwoPackPlayer[Rum500PrivateView]):
    """The ``normal`` player: greedy melding, careful takes, the least deadwood kept."""

    pack = Rum500Game.PACK
    feed_penalty = 0.0  # hard: a discard that melds with cards in the pile gives them away

    def seen_on_table(self, view: Rum500PrivateView) -> list[Card]:
        """The spread pile and the melds."""
        melded = (placed.card for meld in view.public.melds for placed in meld.cards)
        return [*view.public.discard_pile, *melded]

    def decide(self, view: Rum500PrivateView, legal: Sequence[Action]) -> Action | None:
        """Take from the pile when it gains clearly more than a draw; meld the best split, lay
        off the dearest card; then discard."""
        if isinstance(legal[0], DrawTalon | Pass):
            return self._draw(view, legal)
        return self._play(view, legal) or self._discard(view, legal, deadwood, self._feeds(view))

    def _feeds(self, view: Rum500PrivateView) -> Callable[[Card], float]:
        """What a discard costs besides the hand it leaves: ``feed_penalty`` when it melds
        with cards of the spread pile."""
        pile = view.public.discard_pile
        if not self.feed_penalty:
            return lambda card: 0.0
        return lambda card: self.feed_penalty if melds_with(card, [*pile, card]) else 0.0

    def _draw(self, view: Rum500PrivateView, legal: Sequence[Action]) -> Action:
        pile = view.public.discard_pile
        takes = [a for a in legal if isinstance(a, TakeDiscard)]
        scored = [(_gain(view.hand, pile[-a.depth :]), a.depth, a) for a in takes]
        best = max(scored, key=lambda item: (item[0], -item[1]), default=None)
        margin = TAKE_MARGIN if isinstance(legal[0], DrawTalon) else 0
        if best is not None and best[0] > margin:
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
    """``normal`` that discards a card the pile would meld with only when keeping it costs
    more than ``feed_penalty`` points of deadwood."""

    feed_penalty = 30.0


def make_player(strength: str, seed: int) -> RandomPlayer | TwoPackPlayer[Rum500PrivateView]:
    """The computer player of ``strength``."""
    return player_of_strength(strength, seed, Rum500Player, HardRum500Player)
