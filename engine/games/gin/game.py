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
from engine.cards import FULL_PACK, Card, Suit
from engine.errors import IllegalAction
from engine.events import Discarded, DrewFromTalon, GameEvent
from engine.games.gin.checks import GinChecks
from engine.games.gin.views import (
    VOID_REPEAT,
    VOID_TAKES,
    VOID_WALL,
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
from engine.protocol import Phase, Standings
from engine.table import Deal, Rules
from engine.twopack.events import DealtRound, TookDiscard, VariantRoundEnded, VariantSessionEnded

HAND_SIZE = 10
WALL = 2  # the stock's last cards are never drawn
MAX_UPCARD_TAKES = 50  # OpenSpiel's guard against endless taking and throwing back


@dataclass(frozen=True, slots=True)
class GinRuleset(Rules):
    """The options a Gin Rummy table agrees on. Frozen: a game never changes its rules."""

    target: int = 100  # the match is won by the first to this many points
    box_bonus: int = 25  # at the match's end, for every hand a player won
    game_bonus: int = 100  # at the match's end, for its winner
    shutout_doubles: bool = True  # a winner whose opponent won no hand scores double
    knock_card: int = 10  # the most deadwood a knock may leave
    gin_bonus: int = 25
    undercut_bonus: int = 25
    oklahoma: bool = False  # the first upcard sets the knock card; a spade doubles the hand

    def __post_init__(self) -> None:
        if self.target < 1 or not 0 <= self.knock_card <= 10:
            raise ValueError("target must be positive and knock_card between 0 and 10")
        if min(self.box_bonus, self.game_bonus, self.gin_bonus, self.undercut_bonus) < 0:
            raise ValueError("bonuses cannot be negative")

    def new_game(self, names: Sequence[str], seed: int, deal: Deal | None = None) -> GinGame:
        return GinGame(self, names, seed, deal)


class GinGame(GinChecks[GinRuleset]):
    """A match of Gin Rummy between seats 0 and 1."""

    GAME_KEY = "gin"
    TITLE = "Gin Rummy"
    MIN_SEATS = 2
    MAX_SEATS = 2

    def __init__(
        self, ruleset: GinRuleset, names: Sequence[str], seed: int, deal: Deal | None = None
    ) -> None:
        super().__init__(ruleset, names, seed, deal)
        self.totals = [0, 0]
        self.hands_won = [0, 0]
        self.results: list[GinHandResult] = []
        self.match: MatchScored | None = None
        if deal is None:
            self.dealer = self._draw_for_dealer()
        else:
            self._check_deal(deal, FULL_PACK)
            if len(deal.discard) != 1 or len(deal.hands[0]) != len(deal.hands[1]):
                raise IllegalAction(N_("The chosen deal needs equal hands and one upcard."))
            self.dealer = deal.dealer
        self._start_round(deal)

    # ----------------------------------------------------------------- hands
    def _start_round(self, deal: Deal | None) -> None:
        self.round_number += 1
        if deal is None:
            deck = list(FULL_PACK)
            self._rng.shuffle(deck)
            first = 1 - self.dealer
            self.hands = [[], []]
            for _ in range(HAND_SIZE):
                self.hands[first].append(deck.pop())
                self.hands[self.dealer].append(deck.pop())
            self.discard = [deck.pop()]
            self.stock = deck
        else:
            self.hands = [list(hand) for hand in deal.hands]
            self.discard = list(deal.discard)
            self.stock = list(deal.stock)
        self._new_round()
        upcard = self.discard[-1]
        self.events.append(DealtRound(self.round_number, self.dealer, upcard, self.to_act))

    def _new_round(self) -> None:
        upcard = self.discard[-1]
        self.masks = [melds.mask_of(hand) for hand in self.hands]
        self.knock_card = self.ruleset.knock_card
        if self.ruleset.oklahoma:
            self.knock_card = 0 if upcard.rank_int == 1 else melds.VALUE[melds.index(upcard)]
        self.doubled = self.ruleset.oklahoma and upcard.suit is Suit.SPADES
        self.offer_passes: int | None = 0
        self.wall = self.must_knock = self.repeated = False
        self.last_taken: Card | None = None
        self.upcard_takes = 0
        self.picked_up: list[list[Card]] = [[], []]
        self.passed: list[list[Card]] = [[], []]
        self.discarded: list[list[Card]] = [[], []]
        self.to_act = 1 - self.dealer
        self.phase = Phase.DRAW

    def _next_turn(self) -> None:
        self.to_act = 1 - self.to_act
        self.phase = Phase.DRAW
        self.must_knock = False
        self.wall = len(self.stock) <= WALL

    def _end_round(self, knocker: int | None, void: str | None = None) -> None:
        if knocker is None:
            hands = tuple(self._laid(seat, 0) for seat in (0, 1))
            points, undercut = (0, 0), False
        else:
            hands, points, undercut = self._score(knocker)
        for seat in (0, 1):
            self.totals[seat] += points[seat]
            self.hands_won[seat] += points[seat] > 0
        result = GinHandResult(
            round_number=self.round_number,
            closer=knocker,
            special=knocker is not None and hands[knocker].deadwood == 0,
            points=points,
            totals=tuple(self.totals),
            dealer=self.dealer,
            knock_card=self.knock_card,
            hands=hands,
            undercut=undercut,
            doubled=self.doubled,
            void=void,
        )
        self.results.append(result)
        self.events.append(VariantRoundEnded(result))
        winner = result.winner
        if max(self.totals) >= self.ruleset.target and winner is not None:
            self._finish(winner)
            return
        if winner is not None:
            self.dealer = winner  # the winner of a hand deals the next
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

    def _finish(self, winner: int) -> None:
        rules = self.ruleset
        hand_points = tuple(self.totals)
        shutout = rules.shutout_doubles and self.hands_won[1 - winner] == 0
        box = tuple(rules.box_bonus * won for won in self.hands_won)
        doubled = hand_points[winner] + rules.game_bonus if shutout else 0
        self.totals[winner] += rules.game_bonus + doubled
        for seat in (0, 1):
            self.totals[seat] += box[seat]
        totals = tuple(self.totals)
        self.match = MatchScored(
            winner, hand_points, tuple(self.hands_won), rules.game_bonus, box, shutout, totals
        )
        self.events.append(self.match)
        self.winner = winner
        self.phase = Phase.OVER
        self.events.append(VariantSessionEnded(winner, totals))

    def standings(self) -> Standings:
        winners = () if self.winner is None else (self.winner,)
        return Standings(tuple(self.totals), False, winners, "points", (True, True))

    # ----------------------------------------------------------------- apply
    def apply(self, action: Action) -> list[GameEvent]:
        """Check and apply ``action``; return the events it caused. Refused: nothing changes."""
        self.verify(action)
        start = len(self.events)
        self.actions.append(action)
        self._perform(action)
        return self.events[start:]

    def _perform(self, action: Action) -> None:
        seat = action.seat
        if isinstance(action, DrawTalon):
            if self.offer_passes is None:  # after the offer it was passed already
                self.passed[seat].append(self.discard[-1])
            self.offer_passes = None
            self.last_taken = self.discard[-1]
            self._move(seat, self.stock[-1], self.stock)
            self.events.append(DrewFromTalon(seat))
        elif isinstance(action, TakeDiscard):
            self._take(seat)
        elif isinstance(action, Pass):
            self.passed[seat].append(self.discard[-1])
            self.events.append(Passed(seat, self.discard[-1]))
            if self.offer_passes is None:
                self._end_round(None, VOID_WALL)
            else:
                self.offer_passes += 1
                self.to_act = 1 - seat
        elif isinstance(action, Discard):
            self._throw(seat, action.card)
            self.events.append(Discarded(seat, action.card))
            if action.card is self.last_taken and self.repeated:
                self._end_round(None, VOID_REPEAT)
                return
            self.repeated = action.card is self.last_taken
            self._next_turn()
        elif isinstance(action, Knock):
            self._throw(seat, action.card)
            left = melds.deadwood(self.masks[seat])
            self.events.append(Knocked(seat, action.card, left))
            self._end_round(seat)

    def _take(self, seat: int) -> None:
        if self.offer_passes is None and not self.wall:
            self.upcard_takes += 1
            if self.upcard_takes == MAX_UPCARD_TAKES:
                self._end_round(None, VOID_TAKES)
                return
        card = self.discard[-1]
        self._move(seat, card, self.discard)
        self.offer_passes = None
        self.last_taken = card
        self.picked_up[seat].append(card)
        self.must_knock = self.wall
        self.events.append(TookDiscard(seat, card))

    def _move(self, seat: int, card: Card, source: list[Card]) -> None:
        source.pop()
        self.hands[seat].append(card)
        self.masks[seat] |= 1 << melds.index(card)
        self.phase = Phase.PLAY

    def _throw(self, seat: int, card: Card) -> None:
        self.discarded[seat].append(card)
        self.hands[seat].remove(card)
        self.masks[seat] &= ~(1 << melds.index(card))
        self.discard.append(card)

    # ----------------------------------------------------------------- views
    def public_view(self) -> GinPublicView:
        return GinPublicView(
            version=self.version,
            round_number=self.round_number,
            dealer=self.dealer,
            to_act=self.to_act,
            phase=self.phase,
            seats=tuple(
                GinSeatView(
                    seat=s,
                    name=self.names[s],
                    hand_count=len(self.hands[s]),
                    score=self.totals[s],
                    hands_won=self.hands_won[s],
                    picked_up=tuple(self.picked_up[s]),
                    passed=tuple(self.passed[s]),
                    discarded=tuple(self.discarded[s]),
                )
                for s in (0, 1)
            ),
            stock_count=len(self.stock),
            discard=tuple(self.discard),
            knock_card=self.knock_card,
            doubled=self.doubled,
            offer=self.offer_passes is not None and self.phase is not Phase.OVER,
            wall=self.wall and self.phase is Phase.DRAW,
            must_knock=self.must_knock and self.phase is Phase.PLAY,
            target=self.ruleset.target,
            last_round=self.results[-1] if self.results else None,
            match=self.match,
            winner=self.winner,
        )

    def private_view(self, seat: int) -> GinPrivateView:
        mask = self.masks[seat]
        if len(self.hands[seat]) > HAND_SIZE:
            least = min(melds.deadwood_after_discards(mask).values())
        else:
            least = melds.deadwood(mask)
        return GinPrivateView(seat, tuple(self.hands[seat]), self.public_view(), least)

    def card_locations(self) -> list[Card]:
        return [*self.stock, *self.discard, *self.hands[0], *self.hands[1]]

    @classmethod
    def read_ruleset(cls, data: dict[str, Any]) -> GinRuleset:
        return GinRuleset.from_json(data)
