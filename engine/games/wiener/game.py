"""Wiener Rummy (Viennese Rummy, knock rummy): a rubber of rounds with chips.

Nothing is melded during play. A round ends at once when a player calls Rummy (all ten cards
in melds after the discard), or after a knock (deadwood below the limit after the discard)
once every other player still in has had one more draw and discard. Bad points pile up; at
101 a player is out; the last player in wins the pot.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine.actions import (
    Action,
    BuyBack,
    CallRummy,
    Discard,
    DrawTalon,
    Knock,
    TakeDiscard,
)
from engine.errors import IllegalAction
from engine.events import Discarded, DrewFromTalon, GameEvent
from engine.games.wiener.checks import WienerChecks
from engine.games.wiener.events import (
    BoughtBack,
    DeclinedBuyBack,
    Knocked,
    RummyCalled,
    WienerRoundResult,
)
from engine.games.wiener.views import WienerPrivateView, WienerPublicView, WienerSeatView
from engine.i18n import N_, N_plural
from engine.options import Rules, flag, option
from engine.protocol import Phase, Standings
from engine.table import Deal
from engine.twopack.deadwood import Arrangement, arrange, deadwood_of
from engine.twopack.events import DealtRound, VariantRoundEnded, VariantSessionEnded


@dataclass(frozen=True, slots=True)
class WienerRuleset(Rules):
    """The options a Wiener Rummy table agrees on. Frozen: a game never changes its rules."""

    hand_size: int = option(
        10,
        minimum=1,
        maximum=13,
        about="cards dealt to each player",
        label=N_plural("{value} card each", "{value} cards each"),
    )
    knock_limit: int = option(
        5,
        minimum=0,
        maximum=100,
        about="knock with less deadwood than this",
        label=N_("knock below {value}"),
    )
    out_at: int = option(
        101,
        minimum=1,
        maximum=1000,
        about="bad points that put a player out",
        label=N_("out at {value}"),
    )
    stake: int = option(
        5,
        minimum=0,
        maximum=1000,
        about="chips each player pays into the pot",
        label=N_plural("stake {value} chip", "stake {value} chips"),
    )
    knock_money: int = option(
        1,
        minimum=0,
        maximum=100,
        about="chips the knocker gets from each other player",
        label=N_plural("{value} chip per knock", "{value} chips per knock"),
    )
    buy_back: bool = flag(
        True,
        about="once per rubber a player may buy back in",
        on=N_("buy-back on"),
        off=N_("no buy-back"),
    )
    buy_back_from: int = option(
        82,
        minimum=0,
        maximum=1000,
        about="bad points from which one may buy back",
        label=N_("buy back from {value}"),
    )
    buy_back_cost: int = option(
        5,
        minimum=0,
        maximum=1000,
        about="chips a buy-back costs",
        label=N_plural("buy-back costs {value} chip", "buy-back costs {value} chips"),
    )
    no_return: bool = flag(
        True,
        about="the upcard taken may not go back that turn",
        on=N_("no return"),
        off=N_("return allowed"),
    )
    max_rebuilds: int = option(
        3,
        minimum=0,
        maximum=10,
        about="stock rebuilds per round before it ends dead",
        label=N_plural("stock rebuilt at most {value} time", "stock rebuilt at most {value} times"),
    )

    def new_game(self, names: Sequence[str], seed: int, deal: Deal | None = None) -> WienerGame:
        return WienerGame(self, names, seed, deal)


class WienerGame(WienerChecks[WienerRuleset]):
    """A rubber of Wiener Rummy for 2 to 6 seats (seat 0..n-1, clockwise)."""

    GAME_KEY = "wiener"
    TITLE = "Wiener Rummy"
    JOKERS = 2

    def __init__(
        self,
        ruleset: WienerRuleset,
        names: Sequence[str],
        seed: int,
        deal: Deal | None = None,
    ) -> None:
        super().__init__(ruleset, names, seed, deal)
        if ruleset.hand_size * self.n + 2 > self.pack_size:
            raise IllegalAction(N_("Those hands need more cards than the game has."))
        self.bad_points = [0] * self.n
        self.chips = [-ruleset.stake] * self.n
        self.pot = ruleset.stake * self.n
        self.bought_back = [False] * self.n
        self.results: list[WienerRoundResult] = []
        self.knocker: int | None = None
        self.final_turns: list[int] = []  # after a knock: who still draws and discards once
        self.revealed: list[Arrangement | None] = [None] * self.n
        self.buy_back_queue: list[int] = []
        if deal is None:
            self.dealer = self._draw_for_dealer()
            self._start_round(None)
        else:
            self._check_deal(deal, self.pack())
            if len(deal.discard) != 1:
                raise IllegalAction(N_("The chosen deal needs exactly one upcard."))
            self.dealer = deal.dealer
            self._start_round(deal)

    def _max_rebuilds(self) -> int:
        return self.ruleset.max_rebuilds

    # ----------------------------------------------------------------- rounds
    def _start_round(self, deal: Deal | None) -> None:
        self.round_number += 1
        if deal is None:
            self.hands = self._deal_hands(self.ruleset.hand_size, extra_for_dealer=False)
            self.discard = [self.stock.pop()]
        else:
            self.hands = [list(hand) for hand in deal.hands]
            self.discard = list(deal.discard)
            self.stock = list(deal.stock)
        self.rebuilds = 0
        self.knocker = None
        self.final_turns = []
        self.revealed = [None] * self.n
        first = self._next_seat(self.dealer)
        self.events.append(DealtRound(self.round_number, self.dealer, self.discard[-1], first))
        self._begin_turn(first)

    def _begin_turn(self, seat: int) -> None:
        self.to_act = seat
        self.phase = Phase.DRAW
        self.locked_discard = None
        if not self._refill_stock():
            # After a knock the round is scored as it stands; otherwise it is dead.
            self._end_round(self.knocker, rummy=False)

    def _end_round(self, closer: int | None, rummy: bool) -> None:
        hands: list[Arrangement | None] = [None] * self.n
        bad = [0] * self.n
        in_play = [s for s in range(self.n) if self.active[s]]
        for seat in in_play:
            laid = self.revealed[seat] or arrange(self.hands[seat])
            hands[seat] = laid
            if closer is not None and not (rummy and seat == closer):
                bad[seat] = laid.deadwood
        if closer is not None:
            for seat in in_play:
                if seat != closer:
                    self.chips[seat] -= self.ruleset.knock_money
                    self.chips[closer] += self.ruleset.knock_money
        for seat in in_play:
            self.bad_points[seat] += bad[seat]
        out = tuple(s for s in in_play if self.bad_points[s] >= self.ruleset.out_at)
        for seat in out:
            self.active[seat] = False
        result = WienerRoundResult(
            round_number=self.round_number,
            closer=closer,
            rummy=rummy,
            hands=tuple(hands),
            bad_points=tuple(bad),
            totals=tuple(self.bad_points),
            chips=tuple(self.chips),
            out=out,
        )
        self.results.append(result)
        self.events.append(VariantRoundEnded(result))
        still_in = [s for s in range(self.n) if self.active[s]]
        if len(still_in) <= 1:
            if still_in:
                winner = still_in[0]
            else:
                # Everybody left went out in the same round: the fewest bad points stays in
                # (ties: the first from the dealer's left).
                order = [(self.dealer + k) % self.n for k in range(1, self.n + 1)]
                winner = min(in_play, key=lambda s: (self.bad_points[s], order.index(s)))
                self.active[winner] = True
            self._finish(winner)
            return
        self.knocker = None
        self.final_turns = []
        self.buy_back_queue = []
        if self.ruleset.buy_back:
            seat = self.dealer
            for _ in range(self.n):
                seat = (seat + 1) % self.n
                if self._buy_back_target(seat) is not None:
                    self.buy_back_queue.append(seat)
        self._next_decision()

    def standings(self) -> Standings:
        winners = () if self.winner is None else (self.winner,)
        return Standings(
            tuple(self.bad_points),
            True,
            winners,
            "bad points",
            tuple(self.active),
            tuple(self.chips),
            self.pot,
        )

    def _finish(self, winner: int) -> None:
        pot = self.pot
        self.chips[winner] += pot
        self.pot = 0
        self.winner = winner
        self.phase = Phase.OVER
        self.events.append(VariantSessionEnded(winner, tuple(self.chips), pot))

    def _buy_back_target(self, seat: int) -> int | None:
        """The bad points ``seat`` would drop to by buying back now, or None if it may not."""
        rules = self.ruleset
        own = self.bad_points[seat]
        if not self.active[seat] or self.bought_back[seat]:
            return None
        if not rules.buy_back_from <= own < rules.out_at:
            return None
        ranked = sorted((self.bad_points[s] for s in range(self.n) if self.active[s]), reverse=True)
        second = ranked[1]
        return second if second < own else None

    def _next_decision(self) -> None:
        while self.buy_back_queue:
            seat = self.buy_back_queue[0]
            if self._buy_back_target(seat) is not None:
                self.to_act = seat
                self.phase = Phase.BUY_BACK
                return
            self.buy_back_queue.pop(0)
        self.dealer = self._next_seat(self.dealer)
        self._start_round(None)

    # ----------------------------------------------------------------- apply
    def apply(self, action: Action) -> list[GameEvent]:
        """Check and apply ``action``; return the events it caused. Refused: nothing changes."""
        self.verify(action)
        start = len(self.events)
        self.actions.append(action)
        seat = action.seat
        hand = self.hands[seat]
        if isinstance(action, DrawTalon):
            self._draw_stock(seat)
            self.events.append(DrewFromTalon(seat))
        elif isinstance(action, TakeDiscard):
            self._take_discard(seat, self.ruleset.no_return)
        elif isinstance(action, Discard):
            hand.remove(action.card)
            self.discard.append(action.card)
            self.events.append(Discarded(seat, action.card))
            if self.knocker is None:
                self._begin_turn(self._next_seat(seat))
            else:
                self.final_turns.pop(0)
                if self.final_turns:
                    self._begin_turn(self.final_turns[0])
                else:
                    self._end_round(self.knocker, rummy=False)
        elif isinstance(action, Knock | CallRummy):
            hand.remove(action.card)
            self.discard.append(action.card)
            self.events.append(Discarded(seat, action.card))
            laid = arrange(hand)
            self.revealed[seat] = laid
            if isinstance(action, CallRummy):
                self.events.append(RummyCalled(seat, action.card, laid))
                self._end_round(seat, rummy=True)
            else:
                self.events.append(Knocked(seat, action.card, laid))
                self.knocker = seat
                others = [self._next_seat(seat)]
                while others[-1] != seat:
                    others.append(self._next_seat(others[-1]))
                self.final_turns = others[:-1]
                self._begin_turn(self.final_turns[0])
        elif isinstance(action, BuyBack):
            self.buy_back_queue.pop(0)
            if action.accept:
                target = self._buy_back_target(seat)
                assert target is not None
                before = self.bad_points[seat]
                self.bad_points[seat] = target
                self.bought_back[seat] = True
                self.chips[seat] -= self.ruleset.buy_back_cost
                self.pot += self.ruleset.buy_back_cost
                self.events.append(BoughtBack(seat, before, target, self.ruleset.buy_back_cost))
            else:
                self.events.append(DeclinedBuyBack(seat))
            self._next_decision()
        return self.events[start:]

    # ----------------------------------------------------------------- views
    def public_view(self) -> WienerPublicView:
        return WienerPublicView(
            version=self.version,
            round_number=self.round_number,
            out_at=self.ruleset.out_at,
            seats=tuple(
                WienerSeatView(
                    seat=s,
                    name=self.names[s],
                    hand_count=len(self.hands[s]),
                    bad_points=self.bad_points[s],
                    chips=self.chips[s],
                    in_rubber=self.active[s],
                    bought_back=self.bought_back[s],
                    revealed=self.revealed[s],
                )
                for s in range(self.n)
            ),
            dealer=self.dealer,
            to_act=self.to_act,
            phase=self.phase,
            stock_count=len(self.stock),
            discard_top=self.discard[-1] if self.discard else None,
            discard_count=len(self.discard),
            pot=self.pot,
            knocker=self.knocker,
            final_turns_left=len(self.final_turns),
            rebuilds=self.rebuilds,
            last_round=self.results[-1] if self.results else None,
            winner=self.winner,
        )

    def private_view(self, seat: int) -> WienerPrivateView:
        hand = tuple(self.hands[seat])
        locked = self.locked_discard if seat == self.to_act else None
        return WienerPrivateView(seat, hand, self.public_view(), deadwood_of(hand), locked)

    # ----------------------------------------------------------------- replay
    @classmethod
    def read_ruleset(cls, data: dict[str, Any]) -> WienerRuleset:
        return WienerRuleset.from_json(data)
