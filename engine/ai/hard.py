"""The ``hard`` computer player: ``normal``'s planner with a stronger evaluation.

Differences from ``normal``:

- The talon draw is priced exactly: the turn is planned for every card the seat cannot see
  (each equally likely to be the talon's top card) and the results averaged, instead of
  sampling six. Staircase digs are compared against that expectation.
- Weights tuned by self-play against ``normal``: discards that would feed the next player
  weigh more, holding cards is feared less, so it digs deeper for cards that pay later.

Work per decision is bounded by the number of unseen cards (at most 45 plans for a draw),
so it stays well inside the 100 ms budget; see ``bench/ai.py``.
"""

from __future__ import annotations

from dataclasses import replace

from engine.ai.knowledge import unseen_cards
from engine.ai.planner import Context, Weights, plan_turn
from engine.ai.players import NormalPlayer
from engine.views import PrivateView

HARD_WEIGHTS = Weights(
    risk_base=0.2,
    risk_near=0.35,
    risk_close=0.55,
    feed=1.5,
)


class HardPlayer(NormalPlayer):
    """Exact talon expectation and tuned weights; see the module text."""

    def __init__(self, seed: int, weights: Weights | None = None) -> None:
        super().__init__(seed, weights or replace(HARD_WEIGHTS))

    def talon_value(self, view: PrivateView, ctx: Context) -> float:
        unseen = unseen_cards(view)
        if not unseen:
            return float("-inf")
        total = 0.0
        for card in unseen:
            total += plan_turn([*view.hand, card], ctx)[0].score
        return total / len(unseen)
