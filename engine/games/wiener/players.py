"""The Wiener Rummy computer players.

``normal`` takes the upcard when it lowers the deadwood, discards to minimise deadwood
(keeping partial melds), calls Rummy whenever it can and knocks below the limit unless the
knock would put it out of the rubber; it always buys back in. ``hard`` adds the one-draw
lookahead (see ``engine.melding.players``).
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.actions import Action, BuyBack, CallRummy, DrawTalon, Knock, TakeDiscard
from engine.cards import Card
from engine.games.wiener.game import WienerGame
from engine.games.wiener.views import WienerPrivateView
from engine.melding.players import (
    JOKER_DISCARD_PENALTY,
    TAKE_MARGIN,
    Cost,
    MeldingPlayer,
    deadwood_cost,
    pick_discard,
    plain_cost,
    real_deadwood,
    without,
)
from engine.players import RandomPlayer, player_of_strength
from engine.protocol import Phase


class WienerPlayer(MeldingPlayer[WienerPrivateView]):
    """The ``normal`` player."""

    pack = WienerGame.PACK

    def seen_on_table(self, view: WienerPrivateView) -> list[Card]:
        seen: list[Card] = []
        for seat in view.public.seats:
            if seat.revealed is not None and seat.seat != view.seat:
                for m in seat.revealed.melds:
                    seen.extend(m.cards)
                seen.extend(seat.revealed.leftover)
        return seen

    def decide(self, view: WienerPrivateView, legal: Sequence[Action]) -> Action | None:
        return self._wiener(view, legal)

    def _wiener(self, view: WienerPrivateView, legal: Sequence[Action]) -> Action | None:
        seat = view.seat
        public = view.public
        me = public.seats[seat]
        if public.phase is Phase.BUY_BACK:
            return BuyBack(seat, True)
        final_lap = public.knocker is not None
        cost: Cost = deadwood_cost if final_lap else plain_cost
        if public.phase is Phase.DRAW:
            top = public.discard_top
            if top is None or TakeDiscard(seat) not in legal:
                return DrawTalon(seat)
            if DrawTalon(seat) not in legal or top.is_joker:
                return TakeDiscard(seat)
            margin = 0.0 if final_lap else TAKE_MARGIN
            if self._prefer_upcard(view, top, cost, margin):
                return TakeDiscard(seat)
            return DrawTalon(seat)
        rummy = [a for a in legal if isinstance(a, CallRummy)]
        if rummy:
            return rummy[0]
        knocks = [a for a in legal if isinstance(a, Knock)]
        if knocks:
            left, best = min(
                ((real_deadwood(without(view.hand, [a.card])), a) for a in knocks),
                key=lambda item: (item[0], item[1].card),
            )
            if me.bad_points + left < public.out_at:
                return best
        if final_lap:
            return pick_discard(legal, lambda c: real_deadwood(without(view.hand, [c])))
        return self._discard(
            view, legal, cost, lambda c: JOKER_DISCARD_PENALTY if c.is_joker else 0.0
        )


class HardWienerPlayer(WienerPlayer):
    """``normal`` with a one-draw lookahead over the unseen cards."""

    lookahead = True


def make_player(strength: str, seed: int) -> RandomPlayer | MeldingPlayer[WienerPrivateView]:
    """A Wiener Rummy player of the given strength (see ``STRENGTHS``)."""
    return player_of_strength(strength, seed, WienerPlayer, HardWienerPlayer)
