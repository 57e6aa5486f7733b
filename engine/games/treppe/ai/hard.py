"""The ``hard`` computer player: ``normal``'s heuristics narrow the choice, Monte-Carlo
search decides.

At each draw the talon and the most promising staircase digs, and at each play step the
most promising plans for the rest of the turn (melds, lay-offs and several discards, or
melding nothing yet), are played forward a few turns in sampled worlds (see
``search``): the opponents' hands hold the cards they were seen taking from the
staircase plus unseen cards at random. The candidate with the best average score difference
is chosen if it beats the heuristic's choice by ``Budget.margin``.

Unlike ``normal``, ``hard`` keeps its melds in hand before its first meld of a round while
every opponent still holds four cards or more (``search.should_hold``), playing for a Rommé
hand; the search then chooses among its discards, and its rollouts play the seat the same
way.

Worlds come in batches, and the search stops early once the batches so far settle the
choice (``Budget.stop_z``). The worlds come from a generator seeded by the player's seed
and the position, so a decision is still a pure function of (seed, view, legal moves).

The amount of search is fixed (``Budget``), not timed, so decisions stay reproducible: at
most ``Budget.worlds`` worlds, and fewer once the rollouts have planned ``Budget.work`` hand
splits (big held hands make every world dear). Both are sized to keep the 99th percentile
of decision time under 100 ms (see ``bench/ai.py``).
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.actions import Action, DrawTalon, TakeDiscard
from engine.games.treppe.ai.planner import Context, Weights, plan_turn
from engine.games.treppe.ai.players import NormalPlayer, _checked, _is_draw_phase, stair_index
from engine.games.treppe.ai.search import (
    Budget,
    candidate_plans,
    choose_draw,
    choose_plan,
    hold_plans,
    should_hold,
)
from engine.games.treppe.views import PrivateView
from engine.players import decision_rng


class HardPlayer(NormalPlayer):
    """Heuristic candidates, decided by determinized Monte-Carlo rollouts."""

    def __init__(
        self, seed: int, weights: Weights | None = None, budget: Budget | None = None
    ) -> None:
        super().__init__(seed, weights)
        self.budget = budget or Budget()

    def choose(self, view: PrivateView, legal: Sequence[Action]) -> Action:
        if not legal:
            raise ValueError("there is no legal move to make")
        ctx = Context.of_view(view, self.weights)
        if _is_draw_phase(legal):
            return _checked(self.search_draw(view, legal, ctx), legal, view)
        return _checked(self.search_play(view, legal, ctx), legal, view)

    def search_draw(self, view: PrivateView, legal: Sequence[Action], ctx: Context) -> Action:
        """The draw: the heuristic's best few (talon and digs), decided by rollouts."""
        scored: list[tuple[float, Action, int | None]] = []
        if any(isinstance(a, DrawTalon) for a in legal):
            scored.append((self.talon_value(view, ctx), DrawTalon(view.seat), None))
        for take, taken, sub in self.dig_options(view, legal, ctx):
            value = plan_turn([*view.hand, *taken], sub)[0].score
            scored.append((value, take, stair_index(take, view)))
        if not scored:
            return super().choose(view, legal)
        scored.sort(key=lambda x: -x[0])
        options = scored[: self.budget.candidates]
        if len(options) == 1:
            return options[0][1]
        rng = decision_rng(self.seed, view, "hard-draw")
        best = choose_draw(view, [o[2] for o in options], self.weights, self.budget, rng)
        action: Action = options[best][1]
        assert isinstance(action, (DrawTalon, TakeDiscard))
        return action

    def search_play(self, view: PrivateView, legal: Sequence[Action], ctx: Context) -> Action:
        """A play step: going out when a plan does, else the best few plans (held melds
        while it plays for a Rommé hand), decided by rollouts; the plan's first action."""
        plans = candidate_plans(view.hand, ctx)
        if not plans:
            return super().choose(view, legal)
        outs = [p for p in plans if p.out]
        if outs:
            return outs[0].first_action(view.seat)
        options = plans[: self.budget.candidates]
        me = view.public.seats[view.seat]
        fewest = min(s.hand_count for s in view.public.seats if s.seat != view.seat)
        if self.budget.hold and should_hold(plans[0], me.has_melded, fewest):
            options = hold_plans(view.hand, ctx, self.budget.candidates) or options
        if len(options) == 1:
            return options[0].first_action(view.seat)
        rng = decision_rng(self.seed, view, "hard-play")
        best = choose_plan(view, options, self.weights, self.budget, rng)
        return options[best].first_action(view.seat)
