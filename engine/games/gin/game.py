"""Gin Rummy: two players, one pack, a match of hands to 100 points (docs/rules-gin.md).

A hand is played as OpenSpiel's ``gin_rummy`` plays it: ten cards each, the first upcard
offered to the non-dealer and then to the dealer, a turn of one draw and one discard, a knock
with at most the knock card's deadwood after the discard (gin with none), lay-offs after a
knock but not after gin, and a void hand when the stock is down to its last two cards. The
match and its bonuses are the kitchen table's.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import engine.games.gin.melds as melds
from engine.actions import Action, Discard, DrawTalon, Knock, Pass, TakeDiscard
from engine.cards import Card, Suit
from engine.errors import IllegalAction
from engine.games.gin.rules import (
    VOID_REPEAT,
    VOID_TAKES,
    VOID_WALL,
    GinChecks,
    GinHandResult,
    GinPrivateView,
    GinPublicView,
    GinSeatView,
    Knocked,
    LaidHand,
    MatchScored,
    Passed,
)
from engine.i18n import N_
from engine.options import Rules, flag, option, points_option, target_option
from engine.piles import FixedPileRules
from engine.protocol import Phase
from engine.table import Deal
from engine.views import view_basics

HAND_SIZE = 10
WALL = 2  # the stock's last cards are never drawn
MAX_UPCARD_TAKES = 50  # OpenSpiel's guard against endless taking and throwing back


@dataclass(frozen=True, slots=True)
class GinRuleset(FixedPileRules, Rules):
    """The options a Gin Rummy table agrees on. Frozen: a game never changes its rules."""

    target: int = target_option(100, label=N_("match to {value}"))
    box_bonus: int = points_option(
        25, 100, "points at the match's end for every hand won", N_("box bonus {value}")
    )
    game_bonus: int = points_option(
        100, 1000, "points at the match's end for its winner", N_("game bonus {value}")
    )
    shutout_doubles: bool = flag(
        True,
        about="a match won without a hand lost counts double",
        on=N_("shutout doubles"),
        off=N_("no shutout"),
    )
    knock_card: int = option(
        10,
        minimum=0,
        maximum=10,
        about="the most deadwood a knock may leave",
        label=N_("knock with {value}"),
    )
    gin_bonus: int = points_option(25, 100, "bonus for going gin", N_("gin bonus {value}"))
    undercut_bonus: int = points_option(
        25, 100, "bonus for undercutting the knocker", N_("undercut bonus {value}")
    )
    oklahoma: bool = flag(
        False,
        about="the first upcard sets the knock card; spades double",
        on=N_("Oklahoma rules"),
        off=N_("no Oklahoma"),
    )

    @property
    def hand_size(self) -> int:
        """Ten cards each, always."""
        return HAND_SIZE

    def new_game(self, names: Sequence[str], seed: int, deal: Deal | None = None) -> GinGame:
        """A match of these rules; ``deal`` chooses the first deal (puzzles, tests)."""
        return GinGame(self, names, seed, deal)


class GinGame(GinChecks[GinRuleset]):
    """A match of Gin Rummy between seats 0 and 1."""

    GAME_KEY = "gin"
    TITLE = N_("Gin Rummy")  # translated where it is shown
    MIN_SEATS = 2
    MAX_SEATS = 2

    def __init__(
        self, ruleset: GinRuleset, names: Sequence[str], seed: int, deal: Deal | None = None
    ) -> None:
        super().__init__(ruleset, names, seed, deal)
        self.hands_won = [0, 0]
        self.match: MatchScored | None = None
        self._first_round(deal)

    # ----------------------------------------------------------------- hands
    def _check_chosen_deal(self, deal: Deal) -> None:
        super()._check_chosen_deal(deal)
        if len(deal.discard) != 1 or len(deal.hands[0]) != len(deal.hands[1]):
            raise IllegalAction(N_("The chosen deal needs equal hands and one upcard."))

    def _first_to_act(self) -> int:
        return 1 - self.dealer

    def _new_round(self) -> None:
        upcard = self.discard[-1]
        self.masks = [melds.mask_of(hand) for hand in self.hands]
        self.knock_card = self.ruleset.knock_card
        if self.ruleset.oklahoma:
            self.knock_card = 0 if upcard.rank_int == 1 else melds.VALUE[melds.index(upcard)]
        self.doubled = self.ruleset.oklahoma and upcard.suit is Suit.SPADES
        self.offer_passes: int | None = 0  # the first upcard's offer: passes so far
        self.repeated = False  # the card just taken was thrown straight back
        self.last_taken: Card | None = None
        self.upcard_takes = 0
        self.void: str | None = None
        self.picked_up: list[list[Card]] = [[], []]
        self.passed: list[list[Card]] = [[], []]
        self.discarded: list[list[Card]] = [[], []]

    def _new_turn(self) -> None:
        self.must_knock = False
        self.wall = len(self.stock) <= WALL

    def _end_round(self, closer: int | None) -> None:
        if closer is None:
            hands = tuple(self._laid(seat, 0) for seat in (0, 1))
            points, undercut = (0, 0), False
        else:
            hands, points, undercut = self._score(closer)
        for seat in (0, 1):
            self.hands_won[seat] += points[seat] > 0
        self._score_round(
            GinHandResult,
            closer,
            points,
            special=closer is not None and hands[closer].deadwood == 0,
            dealer=self.dealer,
            knock_card=self.knock_card,
            hands=hands,
            undercut=undercut,
            doubled=self.doubled,
            void=self.void,
        )

    def _session_winner(self) -> int | None:
        return self._target_reached(self.ruleset.target)

    def _next_round(self) -> None:
        """The winner of a hand deals the next; after a void hand or a tie, the same dealer."""
        winner = self.results[-1].winner
        self.dealer = self.dealer if winner is None else winner
        self._start_round(None)

    def _laid(self, seat: int, laid_off: int, shown: Sequence[int] | None = None) -> LaidHand:
        hand = self.masks[seat] & ~laid_off
        arranged = tuple(shown) if shown is not None else next(melds.arrangements(hand))
        left = hand & ~melds.melded(arranged)
        return LaidHand(
            melds=tuple(melds.cards_of(m) for m in arranged),
            laid_off=melds.cards_of(laid_off),
            leftover=melds.cards_of(left),
            deadwood=melds.value_of(left),
        )

    def _score(self, knocker: int) -> tuple[tuple[LaidHand, ...], tuple[int, int], bool]:
        """Lay both hands down: the knocker's melds, the defender's lay-offs (none on gin)."""
        defender = 1 - knocker
        shown = melds.knocker_melds(self.masks[knocker], melds.mask_of(self.discard))
        left = melds.deadwood(self.masks[knocker])
        laid_off = melds.defend(self.masks[defender], shown)[0] if left else 0
        by_seat = {knocker: self._laid(knocker, 0, shown), defender: self._laid(defender, laid_off)}
        margin = by_seat[defender].deadwood - left + (0 if left else self.ruleset.gin_bonus)
        scorer, points = knocker, margin
        if margin < 0:  # undercut; an equal count scores nothing (as OpenSpiel counts it)
            scorer, points = defender, self.ruleset.undercut_bonus - margin
        points *= 2 if self.doubled else 1
        scored = (points if scorer == 0 else 0, points if scorer == 1 else 0)
        return (by_seat[0], by_seat[1]), scored, margin < 0

    def _finish(self, winner: int, totals: tuple[int, ...] | None = None, pot: int = 0) -> None:
        """The match's bonuses: the game bonus, doubled with the hand points on a shutout, and
        a box bonus for every hand won."""
        rules = self.ruleset
        hand_points = tuple(self.totals)
        shutout = rules.shutout_doubles and self.hands_won[1 - winner] == 0
        box = tuple(rules.box_bonus * won for won in self.hands_won)
        doubled = hand_points[winner] + rules.game_bonus if shutout else 0
        self.totals[winner] += rules.game_bonus + doubled
        for seat in (0, 1):
            self.totals[seat] += box[seat]
        final = tuple(self.totals)
        self.match = MatchScored(
            winner, hand_points, tuple(self.hands_won), rules.game_bonus, box, shutout, final
        )
        self.events.append(self.match)
        super()._finish(winner)

    # ----------------------------------------------------------------- moves
    def _perform(self, action: Action, checked: object) -> None:
        seat = action.seat
        if isinstance(action, DrawTalon):
            if self.offer_passes is None:  # after the offer it was passed already
                self.passed[seat].append(self.discard[-1])
            self.offer_passes = None
            self.last_taken = self.discard[-1]
            self._draw_stock(seat)
            self.masks[seat] |= 1 << melds.index(self.hands[seat][-1])
        elif isinstance(action, TakeDiscard):
            self._take(seat)
        elif isinstance(action, Pass):
            self.passed[seat].append(self.discard[-1])
            self.events.append(Passed(seat, self.discard[-1]))
            if self.offer_passes is None:  # at the wall
                self._end_void(VOID_WALL)
            else:
                self.offer_passes += 1
                self.to_act = 1 - seat
        elif isinstance(action, Discard):
            self._throw(seat, action.card)
            if action.card is self.last_taken and self.repeated:
                self._end_void(VOID_REPEAT)
                return
            self.repeated = action.card is self.last_taken
            self._begin_turn(1 - seat)
        elif isinstance(action, Knock):
            self._throw(seat, action.card, face_down=True)
            self.events.append(Knocked(seat, action.card, melds.deadwood(self.masks[seat])))
            self._end_round(seat)

    def _take(self, seat: int) -> None:
        if self.offer_passes is None and not self.wall:
            self.upcard_takes += 1
            if self.upcard_takes == MAX_UPCARD_TAKES:
                self._end_void(VOID_TAKES)
                return
        taken = self._take_discard(seat, 1)[0]
        self.masks[seat] |= 1 << melds.index(taken)
        self.offer_passes = None
        self.last_taken = taken
        self.picked_up[seat].append(taken)
        self.must_knock = self.wall

    def _throw(self, seat: int, card: Card, face_down: bool = False) -> None:
        """Discard ``card``: face up (told as a discard) or face down with a knock."""
        self.discarded[seat].append(card)
        self.masks[seat] &= ~(1 << melds.index(card))
        if face_down:
            self.hands[seat].remove(card)
            self.discard.append(card)
        else:
            self._discard(seat, card)

    def _end_void(self, reason: str) -> None:
        self.void = reason
        self._end_round(None)

    # ----------------------------------------------------------------- views
    def public_view(self) -> GinPublicView:
        """What both players see: match points, the pile and every card seen on it, the knock
        card, the offer or the wall, the last hand's result and the match's end."""
        return GinPublicView(
            **view_basics(self),
            seats=tuple(self._seat_view(s) for s in (0, 1)),
            stock_count=len(self.stock),
            seen_discards=tuple(self.discard),
            knock_card=self.knock_card,
            doubled=self.doubled,
            offer=self.offer_passes is not None and self.phase is not Phase.OVER,
            wall=self.wall and self.phase is Phase.DRAW,
            must_knock=self.must_knock and self.phase is Phase.PLAY,
            target=self.ruleset.target,
            last_round=self.results[-1] if self.results else None,
            match=self.match,
        )

    def _seat_view(self, seat: int) -> GinSeatView:
        return GinSeatView(
            seat=seat,
            name=self.names[seat],
            hand_count=len(self.hands[seat]),
            score=self.totals[seat],
            hands_won=self.hands_won[seat],
            picked_up=tuple(self.picked_up[seat]),
            passed=tuple(self.passed[seat]),
            discarded=tuple(self.discarded[seat]),
        )

    def private_view(self, seat: int) -> GinPrivateView:
        """What ``seat`` sees: the table, its hand and the hand's least deadwood (after the
        best discard when it holds eleven cards)."""
        mask = self.masks[seat]
        if len(self.hands[seat]) > HAND_SIZE:
            least = min(melds.deadwood_after_discards(mask).values())
        else:
            least = melds.deadwood(mask)
        return GinPrivateView(seat, tuple(self.hands[seat]), self.public_view(), least)

    @classmethod
    def read_ruleset(cls, data: dict[str, Any]) -> GinRuleset:
        """The ruleset stored with a game."""
        return GinRuleset.from_json(data)
