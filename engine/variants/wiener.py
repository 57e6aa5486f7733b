"""Wiener Rummy (Viennese Rummy, knock rummy): a rubber of rounds with chips.

Nothing is melded during play. A round ends at once when a player calls Rummy (all ten cards
in melds after the discard), or after a knock (deadwood below the limit after the discard)
once every other player still in has had one more draw and discard. Bad points pile up; at
101 a player is out; the last player in wins the pot.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass, fields
from typing import Any

from engine.actions import Discard, DrawTalon, LayOff, Meld, TakeStaircase
from engine.cards import Card, format_cards
from engine.errors import IllegalAction
from engine.events import Discarded, DrewFromTalon
from engine.variants.actions import (
    BuyBack,
    CallRummy,
    JokerSwap,
    Knock,
    TakeBack,
    TakeDiscard,
    VariantAction,
)
from engine.variants.base import TwoPackGame, VariantDeal
from engine.variants.deadwood import Arrangement, arrange, deadwood_of
from engine.variants.events import (
    BoughtBack,
    DealtRound,
    DeclinedBuyBack,
    Knocked,
    RummyCalled,
    VariantEvent,
    VariantRoundEnded,
    VariantSessionEnded,
    WienerRoundResult,
)
from engine.variants.views import (
    VariantPhase,
    WienerPrivateView,
    WienerPublicView,
    WienerSeatView,
)


@dataclass(frozen=True, slots=True)
class WienerRuleset:
    """The options a Wiener Rummy table agrees on. Frozen: a game never changes its rules."""

    hand_size: int = 10
    knock_limit: int = 5  # knock with deadwood below this after discarding
    out_at: int = 101  # bad points that put a player out of the rubber
    stake: int = 5  # chips each player pays into the pot at the start
    knock_money: int = 1  # chips the knocker or rummy caller gets from each other player in
    buy_back: bool = True  # once per rubber, a player at buy_back_from..out_at-1 may buy back
    buy_back_from: int = 82
    buy_back_cost: int = 5
    no_return: bool = True  # the upcard taken may not be discarded again in the same turn
    max_rebuilds: int = 3  # the stock runs out this often and is rebuilt; next time: dead round

    def __post_init__(self) -> None:
        if not 1 <= self.hand_size <= 13:
            raise ValueError("hand_size must be between 1 and 13")
        if self.knock_limit < 0 or self.out_at <= 0 or self.max_rebuilds < 0:
            raise ValueError("knock_limit, out_at and max_rebuilds must not be negative")
        if self.stake < 0 or self.knock_money < 0 or self.buy_back_cost < 0:
            raise ValueError("chip amounts cannot be negative")

    def new_game(
        self, names: Sequence[str], seed: int, deal: VariantDeal | None = None
    ) -> WienerGame:
        return WienerGame(self, names, seed, deal)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> WienerRuleset:
        known = {f.name for f in fields(cls)}
        return cls(**{k: v for k, v in data.items() if k in known})


_NO_MELDING = (
    "Nothing is melded during play in Wiener Rummy: keep your melds in hand, "
    "then knock or call Rummy."
)


class WienerGame(TwoPackGame):
    """A rubber of Wiener Rummy for 2 to 6 seats (seat 0..n-1, clockwise)."""

    GAME_KEY = "wiener"
    ruleset: WienerRuleset
    TITLE = "Wiener Rummy"
    JOKERS = 2

    def __init__(
        self,
        ruleset: WienerRuleset,
        names: Sequence[str],
        seed: int,
        deal: VariantDeal | None = None,
    ) -> None:
        super().__init__(names, seed, deal)
        self.ruleset = ruleset
        if ruleset.hand_size * self.n + 2 > self.pack_size:
            raise IllegalAction("Those hands need more cards than the game has.")
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
            self._check_deal(deal)
            if len(deal.discard) != 1:
                raise IllegalAction("The chosen deal needs exactly one upcard.")
            self.dealer = deal.dealer
            self._start_round(deal)

    def _max_rebuilds(self) -> int:
        return self.ruleset.max_rebuilds

    # ----------------------------------------------------------------- rounds
    def _start_round(self, deal: VariantDeal | None) -> None:
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
        self.phase = VariantPhase.DRAW
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

    def _finish(self, winner: int) -> None:
        pot = self.pot
        self.chips[winner] += pot
        self.pot = 0
        self.winner = winner
        self.phase = VariantPhase.OVER
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
                self.phase = VariantPhase.BUY_BACK
                return
            self.buy_back_queue.pop(0)
        self.dealer = self._next_seat(self.dealer)
        self._start_round(None)

    # ----------------------------------------------------------------- checks
    def _check_play(self, seat: int) -> None:
        self._check_turn(seat)
        if self.phase is VariantPhase.BUY_BACK:
            raise IllegalAction("First decide whether to buy back in.")
        if self.phase is VariantPhase.DRAW:
            raise IllegalAction("Draw first: take the upcard or the top card of the stock.")

    def _check_close(self, seat: int, card: Card) -> list[Card]:
        self._check_play(seat)
        if self.knocker is not None:
            raise IllegalAction(
                f"{self.names[self.knocker]} has knocked: you only draw and discard once more."
            )
        self._check_discard(seat, card)
        rest = list(self.hands[seat])
        rest.remove(card)
        return rest

    def verify(self, action: VariantAction) -> None:
        """Raise a ``RulesError`` saying why ``action`` is not allowed now; change nothing."""
        if isinstance(action, DrawTalon):
            self._check_draw(action.seat, from_discard=False)
        elif isinstance(action, TakeDiscard):
            self._check_draw(action.seat, from_discard=True)
        elif isinstance(action, Discard):
            self._check_play(action.seat)
            self._check_discard(action.seat, action.card)
        elif isinstance(action, Knock):
            rest = self._check_close(action.seat, action.card)
            left = deadwood_of(rest)
            if left >= self.ruleset.knock_limit:
                raise IllegalAction(
                    f"You may knock only with less than {self.ruleset.knock_limit} points of "
                    f"deadwood after discarding: discarding {action.card} leaves {left}."
                )
        elif isinstance(action, CallRummy):
            rest = self._check_close(action.seat, action.card)
            laid = arrange(rest)
            if laid.deadwood:
                raise IllegalAction(
                    f"Rummy needs every other card in melds: discarding {action.card} leaves "
                    f"{format_cards(list(laid.leftover))} outside ({laid.deadwood} points)."
                )
        elif isinstance(action, BuyBack):
            self._check_turn(action.seat)
            if self.phase is not VariantPhase.BUY_BACK:
                raise IllegalAction("There is no buy-back to decide now.")
        elif isinstance(action, TakeStaircase):
            self._check_turn(action.seat)
            raise IllegalAction(
                "Wiener Rummy has no staircase: take the upcard or the top card of the stock."
            )
        elif isinstance(action, Meld | LayOff | JokerSwap | TakeBack):
            self._check_turn(action.seat)
            raise IllegalAction(_NO_MELDING)
        else:  # pragma: no cover - the action union is closed
            raise IllegalAction(f"Unknown action {action!r}.")

    # ----------------------------------------------------------------- apply
    def apply(self, action: VariantAction) -> list[VariantEvent]:
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

    # ----------------------------------------------------------------- moves
    def legal_actions(self) -> list[VariantAction]:
        """Every action the player to act may take now."""
        seat = self.to_act
        if self.phase is VariantPhase.OVER:
            return []
        if self.phase is VariantPhase.BUY_BACK:
            return [BuyBack(seat, True), BuyBack(seat, False)]
        if self.phase is VariantPhase.DRAW:
            moves: list[VariantAction] = []
            if self.stock:
                moves.append(DrawTalon(seat))
            if self.discard:
                moves.append(TakeDiscard(seat))
            return moves
        hand = self.hands[seat]
        result: list[VariantAction] = []
        for card in dict.fromkeys(hand):
            if card is self.locked_discard and hand.count(card) == 1:
                continue
            result.append(Discard(seat, card))
            if self.knocker is None:
                rest = list(hand)
                rest.remove(card)
                left = deadwood_of(rest)
                if left < self.ruleset.knock_limit:
                    result.append(Knock(seat, card))
                if left == 0:
                    result.append(CallRummy(seat, card))
        return result

    # ----------------------------------------------------------------- views
    def public_view(self) -> WienerPublicView:
        return WienerPublicView(
            version=len(self.actions),
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
    def from_json(cls, text: str) -> WienerGame:
        ruleset, names, seed, actions, deal = cls.read_json(text)
        return cls.replay(WienerRuleset.from_json(ruleset), names, seed, actions, deal)

    @classmethod
    def replay(
        cls,
        ruleset: WienerRuleset,
        names: Sequence[str],
        seed: int,
        actions: Sequence[VariantAction],
        deal: VariantDeal | None = None,
    ) -> WienerGame:
        game = cls(ruleset, names, seed, deal)
        for action in actions:
            game.apply(action)
        return game
