"""Gin Rummy: two players, one pack, a match of hands to 100 points (docs/rules-gin.md).

A hand is played as OpenSpiel's ``gin_rummy`` plays it: ten cards each, the first upcard
offered to the non-dealer and then to the dealer, a turn of one draw and one discard, a knock
with at most the knock card's deadwood after the discard (gin with none), lay-offs after a
knock but not after gin, and a void hand when the stock is down to its last two cards. The
match and its bonuses are the kitchen table's.
"""

from __future__ import annotations

from dataclasses import dataclass

import engine.games.gin.rules as rules
from engine.actions import Action, Discard, DrawTalon, Knock, Pass, TakeDiscard
from engine.arrangement import Arrangement
from engine.cards import Card, Suit
from engine.deal import Deal
from engine.errors import IllegalAction
from engine.events import Knocked
from engine.games.gin.rules import (
    PACK,
    VOID_REPEAT,
    VOID_TAKES,
    VOID_WALL,
    GinHandResult,
    GinPrivateView,
    GinPublicView,
    GinSeatView,
    GinState,
    MatchScored,
    Passed,
    laid_down,
)
from engine.i18n import N_
from engine.onepack import index, mask_of
from engine.options import FixedPileRules, flag, points_option, target_option
from engine.piles import PileGame
from engine.protocol import Phase
from engine.table import GameRuleset
from engine.views import seat_basics, view_basics

HAND_SIZE = 10
WALL = 2  # the stock's last cards are never drawn
MAX_UPCARD_TAKES = 50  # OpenSpiel's guard against endless taking and throwing back


@dataclass(frozen=True, slots=True)
class GinRuleset(FixedPileRules, GameRuleset["GinGame"]):
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
    knock_card: int = points_option(
        10, 10, "the most deadwood a knock may leave", N_("knock with {value}")
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
    hand_size = HAND_SIZE  # ten cards each, always


class GinGame(PileGame[GinRuleset, GinHandResult, GinState]):
    """A match of Gin Rummy between seats 0 and 1."""

    GAME_KEY = "gin"
    TITLE = N_("Gin Rummy")  # translated where it is shown
    MIN_SEATS = 2
    MAX_SEATS = 2
    legal_memo: tuple[int, tuple[Action, ...]] = (-1, ())  # not state: moves at a version

    def legal_actions(self) -> list[Action]:
        """Every move the player to act may make now."""
        return list(self._legal())

    def _legal(self) -> tuple[Action, ...]:
        """The legal moves, worked out once for each state (``verify`` asks every time)."""
        version = self.version  # asked once: ``verify`` and ``legal_actions`` come here often
        cached = self.legal_memo
        if cached[0] != version:
            cached = self.legal_memo = (version, tuple(rules.legal_moves(self)))
        return cached[1]

    def _check(self, action: Action) -> None:
        rules.check(self, action, self._legal())

    # ----------------------------------------------------------------- hands
    def _check_chosen_deal(self, deal: Deal) -> None:
        super()._check_chosen_deal(deal)
        if len(deal.discard) != 1 or len(deal.hands[0]) != len(deal.hands[1]):
            raise IllegalAction(N_("The chosen deal needs equal hands and one upcard."))

    def _first_to_act(self) -> int:
        return 1 - self.table.dealer

    def _new_round(self) -> None:
        upcard = self.piles.discard[-1]
        self.own.masks = [mask_of(hand) for hand in self.table.hands]
        self.own.knock_card = self.ruleset.knock_card
        if self.ruleset.oklahoma:
            self.own.knock_card = 0 if upcard.rank_int == 1 else PACK.value[index(upcard)]
        self.own.doubled = self.ruleset.oklahoma and upcard.suit is Suit.SPADES
        self.own.offer_passes = 0
        self.own.repeated = False
        self.own.last_taken = None
        self.own.upcard_takes = 0
        self.own.traffic = [([], [], []), ([], [], [])]

    def _new_turn(self) -> None:
        self.own.must_knock = False
        self.own.wall = len(self.piles.stock) <= WALL

    def _end_round(self, closer: int | None, void: str | None = None) -> None:
        if closer is None:
            hands = tuple(laid_down(m, next(PACK.arrangements(m))) for m in self.own.masks)
            points, undercut = (0, 0), False
        else:
            hands, points, undercut = self._score(closer)
        for seat in (0, 1):
            self.own.hands_won[seat] += points[seat] > 0
        gin = closer is not None and hands[closer].deadwood == 0
        self._score_round(
            GinHandResult,
            closer,
            points,
            special=gin,
            dealer=self.table.dealer,
            knock_card=self.own.knock_card,
            hands=hands,
            undercut=undercut,
            doubled=self.own.doubled,
            void=void,
        )

    def _score(self, knocker: int) -> tuple[tuple[Arrangement, ...], tuple[int, int], bool]:
        """Lay both hands down: the knocker's melds, the defender's lay-offs (none on gin)."""
        defender, hand = 1 - knocker, self.own.masks[knocker]
        shown = PACK.knocker_melds(hand, mask_of(self.piles.discard))
        left = PACK.deadwood(hand)
        laid_off = PACK.defend(self.own.masks[defender], shown)[0] if left else 0
        rest = self.own.masks[defender] & ~laid_off
        hands = {knocker: laid_down(hand, shown)}
        hands[defender] = laid_down(
            self.own.masks[defender], next(PACK.arrangements(rest)), laid_off
        )
        margin = hands[defender].deadwood - left + (0 if left else self.ruleset.gin_bonus)
        scorer, points = knocker, margin
        if margin < 0:  # undercut; an equal count scores nothing (as OpenSpiel counts it)
            scorer, points = defender, self.ruleset.undercut_bonus - margin
        points *= 2 if self.own.doubled else 1
        return (hands[0], hands[1]), (points * (scorer == 0), points * (scorer == 1)), margin < 0

    def _session_winner(self) -> int | None:
        return self._target_reached(self.ruleset.target)

    def _next_round(self) -> None:
        """The winner of a hand deals the next; after a void hand or a tie, the same dealer."""
        winner = self.session.results[-1].winner
        self.table.dealer = self.table.dealer if winner is None else winner
        self._start_round(None)

    def _finish(self, winner: int, totals: tuple[int, ...] | None = None, pot: int = 0) -> None:
        """The match's bonuses: the game bonus, doubled with the hand points on a shutout, and
        a box bonus for every hand won."""
        rules = self.ruleset
        hand_points = tuple(self.session.totals)
        shutout = rules.shutout_doubles and self.own.hands_won[1 - winner] == 0
        box = tuple(rules.box_bonus * won for won in self.own.hands_won)
        self.session.totals[winner] += (
            rules.game_bonus + (hand_points[winner] + rules.game_bonus) * shutout
        )
        for seat in (0, 1):
            self.session.totals[seat] += box[seat]
        self.own.match = MatchScored(
            winner,
            hand_points,
            tuple(self.own.hands_won),
            rules.game_bonus,
            box,
            shutout,
            tuple(self.session.totals),
        )
        self.events.append(self.own.match)
        super()._finish(winner)

    # ----------------------------------------------------------------- moves
    def _perform(self, action: Action, checked: object) -> None:
        seat = action.seat
        taken, passed, thrown = self.own.traffic[seat]
        if isinstance(action, Discard):
            thrown.append(action.card)
            self.own.masks[seat] &= ~(1 << index(action.card))
            self._discard(seat, action.card)
            if action.card is self.own.last_taken and self.own.repeated:
                self._end_round(None, VOID_REPEAT)
                return
            self.own.repeated = action.card is self.own.last_taken
            self._begin_turn(1 - seat)
        elif isinstance(action, DrawTalon):
            if self.own.offer_passes is None:
                passed.append(self.piles.discard[-1])  # the upcard left for the stock's card
            self._drawn(seat, None)
        elif isinstance(action, TakeDiscard):
            if self.own.offer_passes is None and not self.own.wall:
                self.own.upcard_takes += 1
                if self.own.upcard_takes == MAX_UPCARD_TAKES:
                    self._end_round(None, VOID_TAKES)
                    return
            self._drawn(seat, taken)
        elif isinstance(action, Pass):
            passed.append(self.piles.discard[-1])
            self.events.append(Passed(seat, self.piles.discard[-1]))
            if self.own.offer_passes is None:  # at the wall
                self._end_round(None, VOID_WALL)
            else:
                self.own.offer_passes += 1
                self.table.to_act = 1 - seat
        elif isinstance(action, Knock):  # the discard goes face down: no discard to tell
            thrown.append(action.card)
            hand = self.own.masks[seat] = self.own.masks[seat] & ~(1 << index(action.card))
            self.table.hands[seat].remove(action.card)
            self.piles.discard.append(action.card)
            shown = PACK.knocker_melds(hand, mask_of(self.piles.discard))
            self.events.append(Knocked(seat, action.card, laid_down(hand, shown)))
            self._end_round(seat)

    def _drawn(self, seat: int, taken: list[Card] | None) -> None:
        """Draw the stock's top card, or take the upcard (``taken``: the list it joins)."""
        self.own.last_taken = self.piles.discard[-1]
        if taken is None:
            self._draw_stock(seat)
        else:
            taken.append(self._take_discard(seat, 1)[0])
            self.own.must_knock = self.own.wall
        self.own.masks[seat] |= 1 << index(self.table.hands[seat][-1])
        self.own.offer_passes = None

    # ----------------------------------------------------------------- views
    def public_view(self) -> GinPublicView:
        """What both players see: match points, the pile and every card seen on it, the knock
        card, the offer or the wall, the last hand's result and the match's end."""
        seats = tuple(
            GinSeatView(
                **seat_basics(self, s),
                score=self.session.totals[s],
                hands_won=self.own.hands_won[s],
                picked_up=tuple(self.own.traffic[s][0]),
                passed=tuple(self.own.traffic[s][1]),
                discarded=tuple(self.own.traffic[s][2]),
            )
            for s in (0, 1)
        )
        return GinPublicView(
            **view_basics(self),
            seats=seats,
            stock_count=len(self.piles.stock),
            seen_discards=tuple(self.piles.discard),
            knock_card=self.own.knock_card,
            doubled=self.own.doubled,
            offer=self.own.offer_passes is not None and self.table.phase is not Phase.OVER,
            wall=self.own.wall and self.table.phase is Phase.DRAW,
            must_knock=self.own.must_knock and self.table.phase is Phase.PLAY,
            target=self.ruleset.target,
            last_round=self.last_round,
            match=self.own.match,
        )

    def private_view(self, seat: int) -> GinPrivateView:
        """What ``seat`` sees: the table, its hand and its least deadwood (after the best
        discard when it holds eleven cards)."""
        mask = self.own.masks[seat]
        if len(self.table.hands[seat]) > HAND_SIZE:
            least = min(PACK.deadwood_after_discards(mask).values())
        else:
            least = PACK.deadwood(mask)
        return GinPrivateView(seat, tuple(self.table.hands[seat]), self.public_view(), least)
