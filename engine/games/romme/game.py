"""Rommé (German Rummy): two packs and six jokers, a 40-point first meld, joker swaps, and
minus points for the cards left in hand when someone goes out.

A first meld is laid one figure at a time: until its figures reach the minimum they are
*pending*, and the player may take them all back into the hand. The turn that reaches the
minimum has no lay-offs and no joker swaps.
"""

from __future__ import annotations

from dataclasses import dataclass

import engine.games.romme.checks as checks
from engine.actions import (
    Action,
    Discard,
    DrawTalon,
    JokerSwap,
    LayOff,
    Meld,
    TakeBack,
    TakeDiscard,
)
from engine.cards import JOKER, Card, Pack
from engine.events import LaidOff, Melded
from engine.games.romme.checks import RommeState
from engine.games.romme.events import JokerSwapped, MeldsTakenBack, Opened, RommeRoundResult
from engine.games.romme.views import RommePrivateView, RommePublicView, RommeSeatView
from engine.i18n import N_, N_plural
from engine.melding.melds import PricedMeld, PricedTableMeld, analyse_priced_meld, hand_value
from engine.options import (
    flag,
    hand_size_option,
    no_return_option,
    option,
    points_option,
    rebuilds_option,
)
from engine.piles import PileGame
from engine.protocol import Phase
from engine.table import GameRuleset
from engine.views import seat_basics, view_basics


@dataclass(frozen=True, slots=True)
class RommeRuleset(GameRuleset["RommeGame"]):
    """The options a Rommé table agrees on. Frozen: a game never changes its rules."""

    hand_size: int = hand_size_option(13, maximum=15)
    dealer_gets_14: bool = flag(
        False,
        about="the dealer gets one more card, no upcard",
        on=N_("dealer gets 14, no upcard"),
        off=N_("13 cards and an upcard"),
    )
    discard_only_to_meld: bool = flag(
        False,
        about="the discard taken must be melded at once",
        on=N_("discard taken only to meld"),
        off=N_("discard taken freely"),
    )
    strict_swap: bool = flag(
        False,
        about="a set gives up its joker only with four cards",
        on=N_("strict joker swap"),
        off=N_("joker swap with any missing suit"),
    )
    hand_romme_double: bool = flag(
        True,
        about="going out in one turn doubles minus points",
        on=N_("Rommé hand doubles"),
        off=N_("Rommé hand counts single"),
    )
    rounds: int | None = option(
        None,
        minimum=1,
        maximum=50,
        about="rounds to play (unset: every player deals once)",
        label=N_plural("{value} round", "{value} rounds"),
        unset=N_("every player deals once"),
    )
    opening_minimum: int = points_option(
        40, 200, "points the first meld needs", N_("first meld at least {value}")
    )
    no_return: bool = no_return_option("the discard taken may not go back that turn")
    max_rebuilds: int = rebuilds_option(3)


class RommeGame(PileGame[RommeRuleset, RommeRoundResult, RommeState]):
    """A Rommé session for 2 to 6 seats (seat 0..n-1, clockwise)."""

    GAME_KEY = "romme"
    TITLE = N_("Rommé")  # translated where it is shown
    PACK = Pack(packs=2, jokers=6)
    LOWER_IS_BETTER = True
    UNIT = N_("minus points")
    MIN_SEATS = 2
    MAX_SEATS = 6

    # The rules are the checks' functions over the game.
    _check = checks.check
    _legal_moves = checks.legal_moves

    @property
    def rounds(self) -> int:
        """Rounds in the session: the ruleset's, or one a seat."""
        return self.ruleset.rounds or self.n

    def _new_turn(self) -> None:
        own = self.own
        own.pending = []
        own.pending_points = 0
        own.opened_this_turn = own.played_this_turn = False
        own.must_meld = own.taken = None

    # ----------------------------------------------------------------- rounds
    def _dealer_gets_extra(self) -> bool:
        return self.ruleset.dealer_gets_14

    def _holds_its_draw(self, seat: int) -> bool:
        # The dealer's extra card stands for the draw: straight to play.
        return len(self.table.hands[seat]) > self.ruleset.hand_size

    def _new_round(self) -> None:
        self.own.melds = []
        self.own.round_points = [0] * self.n
        self.own.opened = [False] * self.n
        self.own.opening_points = [0] * self.n
        self.own.played_before = [False] * self.n

    def _end_round(self, closer: int | None) -> None:
        hands = tuple(tuple(hand) for hand in self.table.hands)
        double = (
            closer is not None
            and self.ruleset.hand_romme_double
            and not self.own.played_before[closer]
        )
        minus = tuple(
            0
            if closer is None or seat == closer
            else sum(hand_value(c) for c in hands[seat]) * (2 if double else 1)
            for seat in range(self.n)
        )
        self._score_round(RommeRoundResult, closer, minus, special=double, hands=hands)

    def _session_winner(self) -> int | None:
        return self._sole_leader() if self.rounds_finished >= self.rounds else None

    # ----------------------------------------------------------------- apply
    def _perform(self, action: Action, checked: object) -> None:
        seat = action.seat
        hand = self.table.hands[seat]
        if isinstance(action, DrawTalon):
            self._draw_stock(seat)
        elif isinstance(action, TakeDiscard):
            (card,) = self._take_discard(seat, action.depth)
            self.own.taken = card
            if self.ruleset.discard_only_to_meld:
                self.own.must_meld = card
        elif isinstance(action, Meld):
            shape = analyse_priced_meld(action.cards)
            for card in shape.cards:
                hand.remove(card)
            self._place(seat, shape)
        elif isinstance(action, LayOff):
            self._lay_off(action)
        elif isinstance(action, JokerSwap):
            self._swap(action)
        elif isinstance(action, TakeBack):
            self._take_back(seat)
        elif isinstance(action, Discard):
            self._discard(seat, action.card)
            if hand:
                self.own.played_before[seat] = (
                    self.own.played_before[seat] or self.own.played_this_turn
                )
                self._begin_turn((seat + 1) % self.n)
        if not hand and self.table.phase is not Phase.OVER and self.table.to_act == seat:
            self._end_round(seat)

    def _lay_off(self, action: LayOff) -> None:
        seat = action.seat
        meld = self.own.melds[action.meld_id]
        end, stands, points = meld.layoff(action.card, action.end)
        self.table.hands[seat].remove(action.card)
        meld.add(action.card, end, stands, points, seat)
        self.own.round_points[seat] += points
        self.own.played_this_turn = True
        self._taken_card_played(action.card)
        self.events.append(LaidOff(seat, meld.id, action.card, end, points))

    def _swap(self, action: JokerSwap) -> None:
        seat = action.seat
        hand = self.table.hands[seat]
        meld, index, shape = checks.check_swap(self, action)
        hand.remove(action.card)
        meld.swap(index, action.card, seat)
        self._taken_card_played(action.card)
        hand.append(JOKER)
        for card in shape.cards:
            hand.remove(card)
        new = self._place(seat, shape, announce=False)
        self.events.append(JokerSwapped(seat, meld.id, action.card, new, shape.cards, shape.total))

    def _taken_card_played(self, card: Card) -> None:
        """With ``discard_only_to_meld`` the taken discard is the card that must be played
        next: once it is, it has left the hand, and a copy of it still held (two packs) is the
        player's own, free to be discarded."""
        if self.own.must_meld is not None and card is self.own.must_meld:
            self.own.must_meld = None
            self.table.locked_discard = None

    def _take_back(self, seat: int) -> None:
        """The melds of an unfinished first meld go back into the hand."""
        taken: list[Card] = []
        for meld_id in reversed(self.own.pending):
            meld = self.own.melds.pop()
            assert meld.id == meld_id
            taken.extend(meld.cards)
        self.table.hands[seat].extend(taken)
        self.own.round_points[seat] -= self.own.pending_points
        if self.ruleset.discard_only_to_meld and self.own.taken in taken:
            self.own.must_meld = self.own.taken
            if self.ruleset.no_return:
                self.table.locked_discard = self.own.taken  # back in the hand, and not to be thrown
        self.events.append(MeldsTakenBack(seat, tuple(self.own.pending), tuple(taken)))
        self.own.pending = []
        self.own.pending_points = 0
        self.own.played_this_turn = False

    def _place(self, seat: int, shape: PricedMeld, announce: bool = True) -> int:
        meld = PricedTableMeld.from_shape(len(self.own.melds), seat, shape)
        self.own.melds.append(meld)
        self.own.round_points[seat] += shape.total
        self.own.played_this_turn = True
        for card in shape.cards:
            self._taken_card_played(card)
        if announce:
            self.events.append(Melded(seat, meld.id, shape.cards, shape.total))
        if not self.own.opened[seat]:
            self.own.pending.append(meld.id)
            self.own.pending_points += shape.total
            if self.own.pending_points >= self.ruleset.opening_minimum:
                self.own.opened[seat] = True
                self.own.opened_this_turn = True
                self.own.opening_points[seat] = self.own.pending_points
                self.events.append(Opened(seat, self.own.pending_points))
                self.own.pending = []
                self.own.pending_points = 0
        return meld.id

    # ----------------------------------------------------------------- views
    def public_view(self) -> RommePublicView:
        """What every seat may see: minus points, melds (pending ones marked), the pile's top."""
        pending = set(self.own.pending)
        return RommePublicView(
            **view_basics(self),
            rounds=self.rounds,
            opening_minimum=self.ruleset.opening_minimum,
            seats=tuple(
                RommeSeatView(
                    **seat_basics(self, s),
                    minus=self.session.totals[s],
                    opened=self.own.opened[s],
                    opening_points=self.own.opening_points[s]
                    if self.own.opened[s]
                    else (self.own.pending_points if s == self.table.to_act else 0),
                    round_points=self.own.round_points[s],
                )
                for s in range(self.n)
            ),
            stock_count=len(self.piles.stock),
            discard_top=self.piles.discard[-1] if self.piles.discard else None,
            discard_count=len(self.piles.discard),
            melds=tuple(m.view(m.id in pending) for m in self.own.melds),
            rebuilds=self.piles.rebuilds,
            last_round=self.last_round,
        )

    def private_view(self, seat: int) -> RommePrivateView:
        """What ``seat`` may see: the table, its hand, and on its turn what the discard taken
        binds it to (no return, meld it)."""
        mine = seat == self.table.to_act
        return RommePrivateView(
            seat,
            tuple(self.table.hands[seat]),
            self.public_view(),
            self.table.locked_discard if mine else None,
            self.own.must_meld if mine else None,
        )

    def _table_cards(self) -> list[Card]:
        return [c for meld in self.own.melds for c in meld.cards]
