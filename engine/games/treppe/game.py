"""A Treppenrommé session: rounds of draw, melds and lay-offs, discard, until the target.

Every action can be checked without being applied (``verify`` / ``can``) and is recorded when
applied (``apply``). A game is rebuilt from ruleset, seat names, seed and the action log.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

import engine.games.treppe.checks as checks
from engine.actions import Action, Discard, DrawTalon, LayOff, Meld, TakeDiscard
from engine.cards import Card
from engine.events import LaidOff, Melded
from engine.games.treppe.checks import MAX_SEATS as MAX_SEATS
from engine.games.treppe.checks import MIN_SEATS as MIN_SEATS
from engine.games.treppe.checks import TreppeState
from engine.games.treppe.events import TreppeRoundResult
from engine.games.treppe.melds import MeldShape, TableMeld, hand_value
from engine.games.treppe.views import MeldView, PlacedCard, PrivateView, PublicView, SeatView
from engine.i18n import N_, N_plural
from engine.options import (
    flag,
    hand_size_option,
    no_return_option,
    rebuilds_option,
    target_option,
)
from engine.piles import PileGame
from engine.table import GameRuleset
from engine.views import seat_basics, view_basics


@dataclass(frozen=True, slots=True)
class Ruleset(GameRuleset["Game"]):
    """The options a table agrees on before play. Frozen: a game never changes its rules."""

    target: int = target_option(500)
    hand_size: int = hand_size_option(7, maximum=12)
    no_return: bool = no_return_option("a lone staircase card taken may not go back")
    max_rebuilds: int = rebuilds_option(
        2,
        about="talon rebuilds per round before it ends dead",
        label=N_plural("talon rebuilt at most {value} time", "talon rebuilt at most {value} times"),
    )
    hand_romme_double: bool = flag(
        True,
        about="going out in one turn doubles the bonus",
        on=N_("Rommé hand doubles"),
        off=N_("Rommé hand counts single"),
    )

    RENAMED: ClassVar[dict[str, str]] = {"romme_hand_double": "hand_romme_double"}


class Game(PileGame[Ruleset, TreppeRoundResult, TreppeState]):
    """One session of Treppenrommé for 2 to 4 seats (seat 0..n-1, clockwise)."""

    GAME_KEY = "treppenromme"
    TITLE = N_("Treppenrommé")  # translated where it is shown
    UPCARD_NEEDED = True
    DEEP_TAKES = True
    MIN_SEATS = MIN_SEATS
    MAX_SEATS = MAX_SEATS

    # The rules are the checks' functions over the game.
    _check = checks.check
    _legal_moves = checks.legal_moves
    legal_layoffs = checks.legal_layoffs
    legal_discards = checks.legal_discards

    # ----------------------------------------------------------------- rounds
    def _new_round(self) -> None:
        self.own.melds = []
        self.own.round_points = [0] * self.n
        self.own.played_earlier = [False] * self.n
        self.own.known = [[] for _ in range(self.n)]

    def _new_turn(self) -> None:
        self.own.played_this_turn = False

    def _end_round(self, closer: int | None) -> None:
        hands = tuple(tuple(hand) for hand in self.table.hands)
        hand_points = tuple(sum(hand_value(c) for c in hand) for hand in hands)
        romme = False
        bonus = 0
        if closer is not None:
            romme = self.ruleset.hand_romme_double and not self.own.played_earlier[closer]
            bonus = sum(hand_points) * (2 if romme else 1)
            self.session.totals[closer] += bonus
        result = TreppeRoundResult(
            round_number=self.table.round_number,
            closer=closer,
            special=romme,
            points=tuple(self.own.round_points),
            totals=tuple(self.session.totals),
            hands=hands,
            hand_points=hand_points,
            bonus=bonus,
        )
        self._round_over(result)

    def _session_winner(self) -> int | None:
        return self._target_reached(self.ruleset.target)

    # ----------------------------------------------------------------- apply
    def _perform(self, action: Action, checked: object) -> None:
        seat = action.seat
        hand = self.table.hands[seat]
        if isinstance(action, Discard):
            self._forget(seat, action.card)
            self._discard(seat, action.card)
            if hand:
                self.own.played_earlier[seat] = (
                    self.own.played_earlier[seat] or self.own.played_this_turn
                )
                self._begin_turn((seat + 1) % self.n)
        elif isinstance(action, DrawTalon):
            self._draw_stock(seat)
        elif isinstance(action, TakeDiscard):
            self.own.known[seat].extend(self._take_discard(seat, action.depth))
        elif isinstance(action, Meld):
            assert isinstance(checked, MeldShape)
            self._meld(seat, checked)
        elif isinstance(action, LayOff):
            assert isinstance(checked, int)
            self._lay_off(action, checked)
        if not hand:
            self._end_round(seat)

    def _meld(self, seat: int, shape: MeldShape) -> None:
        for card in shape.cards:
            self.table.hands[seat].remove(card)
            self._forget(seat, card)
        meld = TableMeld(
            len(self.own.melds), seat, shape.kind, list(shape.cards), list(shape.points)
        )
        meld.placed_by = [seat] * len(shape.cards)
        self.own.melds.append(meld)
        self._credit(seat, shape.total)
        self.events.append(Melded(seat, meld.id, shape.cards, shape.total))

    def _lay_off(self, action: LayOff, points: int) -> None:
        seat = action.seat
        meld = self.own.melds[action.meld_id]
        end = meld.resolve_end(action.card, action.end)
        self.table.hands[seat].remove(action.card)
        self._forget(seat, action.card)
        meld.add(action.card, end, points, seat)
        self._credit(seat, points)
        self.events.append(LaidOff(seat, meld.id, action.card, end, points))

    def _forget(self, seat: int, card: Card) -> None:
        known = self.own.known[seat]
        if card in known:
            known.remove(card)

    def _credit(self, seat: int, points: int) -> None:
        self.session.totals[seat] += points
        self.own.round_points[seat] += points
        self.own.played_this_turn = True

    # ----------------------------------------------------------------- views
    def public_view(self) -> PublicView:
        """What every seat may see: scores, melds card by card, the whole staircase."""
        return PublicView(
            **view_basics(self),
            target=self.ruleset.target,
            seats=tuple(
                SeatView(
                    **seat_basics(self, s),
                    score=self.session.totals[s],
                    round_points=self.own.round_points[s],
                    has_melded=self.own.round_points[s] > 0,
                    known_cards=tuple(self.own.known[s]),
                )
                for s in range(self.n)
            ),
            talon_count=len(self.piles.stock),
            staircase=tuple(self.piles.discard),
            melds=tuple(
                MeldView(
                    m.id,
                    m.owner,
                    m.kind,
                    tuple(
                        PlacedCard(c, p, by)
                        for c, p, by in zip(m.cards, m.points, m.placed_by, strict=True)
                    ),
                )
                for m in self.own.melds
            ),
            rebuilds=self.piles.rebuilds,
            last_round=self.last_round,
        )

    def private_view(self, seat: int) -> PrivateView:
        """What ``seat`` may see: the table, its hand, on its turn the card it may not discard."""
        locked = self.table.locked_discard if seat == self.table.to_act else None
        return PrivateView(seat, tuple(self.table.hands[seat]), self.public_view(), locked)

    # ----------------------------------------------------------------- replay

    def _table_cards(self) -> list[Card]:
        return [c for meld in self.own.melds for c in meld.cards]
