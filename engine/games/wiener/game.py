"""Wiener Rummy (Viennese Rummy, knock rummy): a rubber of rounds with chips.

Nothing is melded during play. A round ends at once when a player calls Rummy (all ten cards
in melds after the discard), or after a knock (deadwood below the limit after the discard)
once every other player still in has had one more draw and discard. Bad points pile up; at
101 a player is out; the last player in wins the pot.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import engine.games.wiener.checks as checks
from engine.actions import (
    Action,
    BuyBack,
    CallRummy,
    Discard,
    DrawTalon,
    Knock,
    TakeDiscard,
)
from engine.arrangement import Arrangement
from engine.cards import Pack
from engine.deal import Deal
from engine.errors import IllegalAction
from engine.events import Knocked
from engine.games.wiener.checks import WienerState
from engine.games.wiener.events import (
    BoughtBack,
    DeclinedBuyBack,
    RummyCalled,
    WienerRoundResult,
)
from engine.games.wiener.views import WienerPrivateView, WienerPublicView, WienerSeatView
from engine.i18n import N_, N_plural
from engine.melding.deadwood import arrange, deadwood_of
from engine.options import (
    flag,
    hand_size_option,
    no_return_option,
    option,
    points_option,
    rebuilds_option,
)
from engine.piles import PileGame
from engine.protocol import Phase, Standings
from engine.table import GameRuleset
from engine.views import seat_basics, view_basics


@dataclass(frozen=True, slots=True)
class WienerRuleset(GameRuleset["WienerGame"]):
    """The options a Wiener Rummy table agrees on. Frozen: a game never changes its rules."""

    hand_size: int = hand_size_option(10, maximum=13)
    knock_limit: int = points_option(
        5, 100, "knock with less deadwood than this", N_("knock below {value}")
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
    buy_back_from: int = points_option(
        82, 1000, "bad points from which one may buy back", N_("buy back from {value}")
    )
    buy_back_cost: int = option(
        5,
        minimum=0,
        maximum=1000,
        about="chips a buy-back costs",
        label=N_plural("buy-back costs {value} chip", "buy-back costs {value} chips"),
    )
    no_return: bool = no_return_option("the upcard taken may not go back that turn")
    max_rebuilds: int = rebuilds_option(3)


class WienerGame(PileGame[WienerRuleset, WienerRoundResult, WienerState]):
    """A rubber of Wiener Rummy for 2 to 6 seats (seat 0..n-1, clockwise)."""

    GAME_KEY = "wiener"
    TITLE = N_("Wiener Rummy")  # translated where it is shown
    PACK = Pack(packs=2, jokers=2)
    LOWER_IS_BETTER = True
    UNIT = N_("bad points")
    MIN_SEATS = 2
    MAX_SEATS = 6

    # The rules are the checks' functions over the game.
    _check = checks.check
    _legal_moves = checks.legal_moves

    def _own_state(self) -> WienerState:
        stake, seats = self.ruleset.stake, self.n
        return WienerState([-stake] * seats, stake * seats, [False] * seats)

    # ----------------------------------------------------------------- rounds
    def _check_chosen_deal(self, deal: Deal) -> None:
        super()._check_chosen_deal(deal)
        if len(deal.discard) != 1:
            raise IllegalAction(N_("The chosen deal needs exactly one upcard."))

    def _new_round(self) -> None:
        self.own.knocker = None
        self.own.final_turns = []
        self.own.revealed = [None] * self.n

    def _first_to_act(self) -> int:
        return self._next_seat(self.table.dealer)

    def _stock_exhausted(self) -> None:
        # After a knock the round is scored as it stands; otherwise it is dead.
        self._end_round(self.own.knocker)

    def _end_round(self, closer: int | None, rummy: bool = False) -> None:
        hands: list[Arrangement | None] = [None] * self.n
        bad = [0] * self.n
        in_play = [s for s in range(self.n) if self.session.active[s]]
        for seat in in_play:
            laid = self.own.revealed[seat] or arrange(self.table.hands[seat])
            hands[seat] = laid
            if closer is not None and not (rummy and seat == closer):
                bad[seat] = laid.deadwood
        if closer is not None:
            for seat in in_play:
                if seat != closer:
                    self.own.chips[seat] -= self.ruleset.knock_money
                    self.own.chips[closer] += self.ruleset.knock_money
        for seat in in_play:
            self.session.totals[seat] += bad[seat]
        out = tuple(s for s in in_play if self.session.totals[s] >= self.ruleset.out_at)
        for seat in out:
            self.session.active[seat] = False
        result = WienerRoundResult(
            round_number=self.table.round_number,
            closer=closer,
            special=rummy,
            points=tuple(bad),
            totals=tuple(self.session.totals),
            hands=tuple(hands),
            chips=tuple(self.own.chips),
            out=out,
        )
        self._round_over(result)

    def _session_winner(self) -> int | None:
        """The last player in the rubber. When everybody left went out in the same round, the
        fewest bad points stays in (ties: the first from the dealer's left)."""
        still_in = [s for s in range(self.n) if self.session.active[s]]
        if len(still_in) > 1:
            return None
        if still_in:
            return still_in[0]
        out = self.session.results[-1].out
        order = [(self.table.dealer + k) % self.n for k in range(1, self.n + 1)]
        winner = min(out, key=lambda s: (self.session.totals[s], order.index(s)))
        self.session.active[winner] = True
        return winner

    def _next_round(self) -> None:
        """First the buy-backs, each seat that may in turn from the dealer's left."""
        self.own.knocker = None
        self.own.final_turns = []
        self.own.buy_back_queue = []
        if self.ruleset.buy_back:
            seat = self.table.dealer
            for _ in range(self.n):
                seat = (seat + 1) % self.n
                if self._buy_back_target(seat) is not None:
                    self.own.buy_back_queue.append(seat)
        self._next_decision()

    def standings(self) -> Standings:
        return replace(super().standings(), chips=tuple(self.own.chips), pot=self.own.pot)

    def _finish(self, winner: int, totals: tuple[int, ...] | None = None, pot: int = 0) -> None:
        pot = self.own.pot
        self.own.chips[winner] += pot
        self.own.pot = 0
        super()._finish(winner, tuple(self.own.chips), pot)

    def _buy_back_target(self, seat: int) -> int | None:
        """The bad points ``seat`` would drop to by buying back now, or None if it may not."""
        rules = self.ruleset
        own = self.session.totals[seat]
        if not self.session.active[seat] or self.own.bought_back[seat]:
            return None
        if not rules.buy_back_from <= own < rules.out_at:
            return None
        ranked = sorted(
            (self.session.totals[s] for s in range(self.n) if self.session.active[s]), reverse=True
        )
        second = ranked[1]
        return second if second < own else None

    def _next_decision(self) -> None:
        while self.own.buy_back_queue:
            seat = self.own.buy_back_queue[0]
            if self._buy_back_target(seat) is not None:
                self.table.to_act = seat
                self.table.phase = Phase.BUY_BACK
                return
            self.own.buy_back_queue.pop(0)
        super()._next_round()

    # ----------------------------------------------------------------- apply
    def _perform(self, action: Action, checked: object) -> None:
        seat = action.seat
        if isinstance(action, DrawTalon):
            self._draw_stock(seat)
        elif isinstance(action, TakeDiscard):
            self._take_discard(seat, action.depth)
        elif isinstance(action, Discard):
            self._discard(seat, action.card)
            if self.own.knocker is None:
                self._begin_turn(self._next_seat(seat))
            else:
                self.own.final_turns.pop(0)
                if self.own.final_turns:
                    self._begin_turn(self.own.final_turns[0])
                else:
                    self._end_round(self.own.knocker)
        elif isinstance(action, Knock | CallRummy):
            self._close(action)
        elif isinstance(action, BuyBack):
            self._decide_buy_back(seat, action.accept)

    def _close(self, action: Knock | CallRummy) -> None:
        seat = action.seat
        self._discard(seat, action.card)
        laid = arrange(self.table.hands[seat])
        self.own.revealed[seat] = laid
        if isinstance(action, CallRummy):
            self.events.append(RummyCalled(seat, action.card, laid))
            self._end_round(seat, rummy=True)
            return
        self.events.append(Knocked(seat, action.card, laid))
        self.own.knocker = seat
        others = [self._next_seat(seat)]
        while others[-1] != seat:
            others.append(self._next_seat(others[-1]))
        self.own.final_turns = others[:-1]
        self._begin_turn(self.own.final_turns[0])

    def _decide_buy_back(self, seat: int, accept: bool) -> None:
        self.own.buy_back_queue.pop(0)
        if accept:
            target = self._buy_back_target(seat)
            assert target is not None
            before = self.session.totals[seat]
            self.session.totals[seat] = target
            self.own.bought_back[seat] = True
            self.own.chips[seat] -= self.ruleset.buy_back_cost
            self.own.pot += self.ruleset.buy_back_cost
            self.events.append(BoughtBack(seat, before, target, self.ruleset.buy_back_cost))
        else:
            self.events.append(DeclinedBuyBack(seat))
        self._next_decision()

    # ----------------------------------------------------------------- views
    def public_view(self) -> WienerPublicView:
        """What every seat may see: bad points, chips and the pot, a knock, the pile's top."""
        return WienerPublicView(
            **view_basics(self),
            out_at=self.ruleset.out_at,
            seats=tuple(
                WienerSeatView(
                    **seat_basics(self, s),
                    bad_points=self.session.totals[s],
                    chips=self.own.chips[s],
                    in_rubber=self.session.active[s],
                    bought_back=self.own.bought_back[s],
                    revealed=self.own.revealed[s],
                )
                for s in range(self.n)
            ),
            stock_count=len(self.piles.stock),
            discard_top=self.piles.discard[-1] if self.piles.discard else None,
            discard_count=len(self.piles.discard),
            pot=self.own.pot,
            knocker=self.own.knocker,
            final_turns_left=len(self.own.final_turns),
            rebuilds=self.piles.rebuilds,
            last_round=self.last_round,
        )

    def private_view(self, seat: int) -> WienerPrivateView:
        """What ``seat`` may see: the table, its hand with its least deadwood, and on its turn
        the card it may not throw back."""
        hand = tuple(self.table.hands[seat])
        locked = self.table.locked_discard if seat == self.table.to_act else None
        return WienerPrivateView(seat, hand, self.public_view(), deadwood_of(hand), locked)
