"""The computer players: ``random``, ``normal`` and ``hard``, plus the timeout move.

Players are stateless: each decision reads only the seat's ``PrivateView`` and the legal
moves, and draws its randomness from the player's seed and the view's version, so the same
seed and the same view always give the same move, however the player object is kept.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.actions import Action, Discard, DrawTalon, TakeDiscard
from engine.cards import Card
from engine.games.treppe.ai.knowledge import hand_value, unseen_cards
from engine.games.treppe.ai.planner import Context, Plan, Weights, plan_turn, useful_digs
from engine.games.treppe.melds import possible_melds
from engine.games.treppe.views import PrivateView
from engine.players import decision_rng


def stair_index(take: TakeDiscard, view: PrivateView) -> int:
    """The staircase position (0 = the bottom card) of the deepest card ``take`` takes."""
    return len(view.public.staircase) - take.depth


def _checked(action: Action, legal: Sequence[Action], view: PrivateView) -> Action:
    if action in legal:
        return action
    return safe_timeout_action(view, legal)


def _is_draw_phase(legal: Sequence[Action]) -> bool:
    return isinstance(legal[0], (DrawTalon, TakeDiscard))


def safe_timeout_action(view: PrivateView, legal: Sequence[Action]) -> Action:
    """The move made for a player whose time ran out: draw from the talon (the top staircase
    card when the talon is empty), then discard a card that breaks no meld in the hand,
    preferring the card worth most in hand. Never melds or lays off."""
    if not legal:
        raise ValueError("there is no legal move to make")
    if _is_draw_phase(legal):
        for action in legal:
            if isinstance(action, DrawTalon):
                return action
        takes = [a for a in legal if isinstance(a, TakeDiscard)]
        return min(takes, key=lambda a: a.depth)
    discards = [a for a in legal if isinstance(a, Discard)]
    if not discards:
        return legal[0]
    in_melds: dict[Card, int] = {}
    for meld in possible_melds(view.hand):
        for card in meld:
            in_melds[card] = in_melds.get(card, 0) + 1
    return min(discards, key=lambda a: (in_melds.get(a.card, 0), -hand_value(a.card), a.card))


class NormalPlayer:
    """Sound heuristics: digs the staircase when the cards pay, melds and lays off for
    points, keeps promising cards, discards what feeds the next player least, and goes out
    when it can."""

    talon_samples = 6

    def __init__(self, seed: int, weights: Weights | None = None) -> None:
        self.seed = seed
        self.weights = weights or Weights()

    def choose(self, view: PrivateView, legal: Sequence[Action]) -> Action:
        """One of ``legal``: the best draw or dig, or the first step of the best plan."""
        if not legal:
            raise ValueError("there is no legal move to make")
        ctx = Context.of_view(view, self.weights)
        if _is_draw_phase(legal):
            return _checked(self.choose_draw(view, legal, ctx), legal, view)
        plans = plan_turn(view.hand, ctx)
        if not plans:
            return safe_timeout_action(view, legal)
        return _checked(plans[0].first_action(view.seat), legal, view)

    # ------------------------------------------------------------------ draw
    def talon_value(self, view: PrivateView, ctx: Context) -> float:
        """The expected best plan's score after drawing from the talon, over a seeded sample
        of the unseen cards (-inf when none is unseen)."""
        unseen = unseen_cards(view)
        rng = decision_rng(self.seed, view, "talon")
        sample = rng.sample(unseen, min(self.talon_samples, len(unseen)))
        if not sample:
            return float("-inf")
        total = 0.0
        for card in sample:
            total += self.best(plan_turn([*view.hand, card], ctx)).score
        return total / len(sample)

    @staticmethod
    def best(plans: list[Plan]) -> Plan:
        """The plan a draw is judged by, of ``plans`` (best first): the first."""
        return plans[0]

    def dig_options(
        self, view: PrivateView, legal: Sequence[Action], ctx: Context
    ) -> list[tuple[TakeDiscard, tuple[Card, ...], Context]]:
        """The digs worth weighing, each with the cards it takes and the context after it;
        the top card is always among them when the talon is empty."""
        stair = view.public.staircase
        takes = [a for a in legal if isinstance(a, TakeDiscard)]
        can_draw = any(isinstance(a, DrawTalon) for a in legal)
        useful = set(useful_digs(stair, view.hand, ctx.fits))
        if not can_draw:
            useful.add(len(stair) - 1)
        options: list[tuple[TakeDiscard, tuple[Card, ...], Context]] = []
        for take in takes:
            index = stair_index(take, view)
            if index not in useful:
                continue
            taken = stair[index:]
            locked = taken[0] if len(taken) == 1 else None
            options.append((take, taken, ctx.with_staircase(stair[:index], locked)))
        return options

    def choose_draw(self, view: PrivateView, legal: Sequence[Action], ctx: Context) -> Action:
        """The talon or the dig whose best plan scores most (the talon's by ``talon_value``)."""
        best_action: Action | None = None
        best_value = float("-inf")
        if any(isinstance(a, DrawTalon) for a in legal):
            best_action = DrawTalon(view.seat)
            best_value = self.talon_value(view, ctx)
        for take, taken, sub in self.dig_options(view, legal, ctx):
            value = self.best(plan_turn([*view.hand, *taken], sub)).score
            if value > best_value:
                best_action, best_value = take, value
        if best_action is None:
            return safe_timeout_action(view, legal)
        return best_action
