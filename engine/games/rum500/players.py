"""The 500 Rum computer players.

``normal`` takes from the discard pile when the cards it brings meld for more than they
cost in the hand, lays down its best melds and every lay-off at once (placed cards score,
and a card kept may be caught in the hand), and discards the card that leaves the least
deadwood, the dearest on a tie. ``random`` is the shared ``RandomPlayer``.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.actions import Action, Discard, DrawTalon, LayOff, Meld, Pass, TakeDiscard
from engine.cards import Card
from engine.games.rum500.game import PRICES
from engine.games.rum500.views import Rum500PrivateView
from engine.players import RandomPlayer
from engine.twopack.deadwood import best_meld_points, best_melds, deadwood_after_discards

STRENGTHS: tuple[str, ...] = ("random", "normal")
TAKE_MARGIN = 6  # a take must gain this much over a blind draw from the stock
DEADWOOD_WEIGHT = 0.5  # what a card brought into the hand costs, per point, besides its melds


def _gain(hand: Sequence[Card], taken: Sequence[Card]) -> float:
    """What taking ``taken`` (the deepest first) is worth: the meld points they add, less
    part of what they would weigh in the hand unmelded."""
    grown = [*hand, *taken]
    melded = best_meld_points(grown, prices=PRICES) - best_meld_points(hand, prices=PRICES)
    weight = sum(PRICES.hand_value(c) for c in taken)
    return melded - DEADWOOD_WEIGHT * max(0, weight - melded)


class NormalPlayer:
    """Greedy melding, careful takes, the least deadwood kept."""

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def choose(self, view: Rum500PrivateView, legal: Sequence[Action]) -> Action:
        """Take from the pile when it gains clearly more than a draw; meld the best split, lay off
        the dearest card; otherwise the safe move."""
        if not legal:
            raise ValueError("there is no legal move to make")
        if len(legal) == 1:
            return legal[0]
        if isinstance(legal[0], DrawTalon | Pass):
            return self._draw(view, legal)
        return self._play(view, legal) or timeout_action(view, legal)

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


def timeout_action(view: Rum500PrivateView, legal: Sequence[Action]) -> Action:
    """The safe move: draw from the stock (pass when it is empty), play the card taken in the
    first meld or lay-off offered, then discard the card that leaves the least deadwood (the
    dearest of those)."""
    if not legal:
        raise ValueError("there is no legal move to make")
    seat = view.seat
    for preferred in (DrawTalon(seat), Pass(seat)):
        if preferred in legal:
            return preferred
    discards = [a for a in legal if isinstance(a, Discard)]
    if not discards:
        return next((a for a in legal if isinstance(a, Meld | LayOff)), legal[0])
    after = deadwood_after_discards(view.hand, PRICES)
    return min(discards, key=lambda a: (after[a.card], -PRICES.hand_value(a.card), a.card))


def make_player(strength: str, seed: int) -> RandomPlayer | NormalPlayer:
    """The computer player of ``strength``."""
    if strength == "random":
        return RandomPlayer(seed)
    if strength == "normal":
        return NormalPlayer(seed)
    raise ValueError(f"unknown strength {strength!r}: choose one of {', '.join(STRENGTHS)}")
