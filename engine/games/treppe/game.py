"""A Treppenrommé session: rounds of draw, melds and lay-offs, discard, until the target.

Every action can be checked without being applied (``verify`` / ``can``) and is recorded when
applied (``apply``). A game is rebuilt from ruleset, seat names, seed and the action log.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from engine.actions import (
    Action,
    Discard,
    DrawTalon,
    LayOff,
    Meld,
    TakeStaircase,
)
from engine.cards import FULL_PACK, Card
from engine.errors import IllegalAction
from engine.events import Discarded, DrewFromTalon, GameEvent, LaidOff, Melded
from engine.games.treppe.checks import MAX_SEATS as MAX_SEATS
from engine.games.treppe.checks import MIN_SEATS as MIN_SEATS
from engine.games.treppe.checks import TreppeChecks
from engine.games.treppe.events import (
    RoundEnded,
    RoundResult,
    RoundStarted,
    SessionEnded,
    TookFromStaircase,
)
from engine.games.treppe.melds import MeldShape, TableMeld, hand_value
from engine.games.treppe.views import MeldView, PlacedCard, PrivateView, PublicView, SeatView
from engine.i18n import N_, N_plural
from engine.options import Rules, flag, option
from engine.protocol import Phase, Standings
from engine.table import Deal


@dataclass(frozen=True, slots=True)
class Ruleset(Rules):
    """The options a table agrees on before play. Frozen: a game never changes its rules."""

    target: int = option(
        500,
        minimum=1,
        maximum=10000,
        about="points that win the session",
        label=N_("target {value}"),
    )
    hand_size: int = option(
        7,
        minimum=1,
        maximum=12,
        about="cards dealt to each player",
        label=N_plural("{value} card each", "{value} cards each"),
    )
    no_return: bool = flag(
        True,
        about="a lone staircase card taken may not go back",
        on=N_("no return"),
        off=N_("return allowed"),
    )
    max_rebuilds: int = option(
        2,
        minimum=0,
        maximum=10,
        about="talon rebuilds per round before it ends dead",
        label=N_plural("talon rebuilt at most {value} time", "talon rebuilt at most {value} times"),
    )
    hand_romme_double: bool = flag(
        True,
        about="going out in one turn doubles the bonus",
        on=N_("Rommé hand doubles"),
        off=N_("Rommé hand counts single"),
    )

    def new_game(self, names: Sequence[str], seed: int, deal: Deal | None = None) -> Game:
        return Game(self, names, seed, deal)

    RENAMED: ClassVar[dict[str, str]] = {"romme_hand_double": "hand_romme_double"}


class Game(TreppeChecks[Ruleset]):
    """One session of Treppenrommé for 2 to 4 seats (seat 0..n-1, clockwise)."""

    GAME_KEY = "treppenromme"
    TITLE = "Treppenrommé"
    MIN_SEATS = MIN_SEATS
    MAX_SEATS = MAX_SEATS

    def __init__(
        self, ruleset: Ruleset, names: Sequence[str], seed: int, deal: Deal | None = None
    ) -> None:
        super().__init__(ruleset, names, seed, deal)
        self.scores = [0] * self.n
        self.round_points = [0] * self.n
        self.results: list[RoundResult] = []
        self.talon: list[Card] = []
        self.staircase: list[Card] = []
        self.melds: list[TableMeld] = []
        self.rebuilds = 0
        # Rommé hand: did the seat meld or lay off in an earlier turn of this round?
        self.played_earlier = [False] * self.n
        self.played_this_turn = False
        self.known: list[list[Card]] = [[] for _ in range(self.n)]
        if deal is None:
            self.dealer = self._draw_for_dealer()
            self._start_round()
        else:
            self._start_chosen_round(deal)

    def standings(self) -> Standings:
        winners = () if self.winner is None else (self.winner,)
        return Standings(tuple(self.scores), False, winners, "points", (True,) * self.n)

    # ----------------------------------------------------------------- set-up
    def _start_chosen_round(self, deal: Deal) -> None:
        if not deal.discard:
            raise IllegalAction(N_("The chosen deal does not fit the table."))
        self._check_deal(deal, FULL_PACK)
        self.dealer = deal.dealer
        self._open_round([list(hand) for hand in deal.hands], list(deal.discard), list(deal.stock))

    def _start_round(self) -> None:
        deck = list(FULL_PACK)
        self._rng.shuffle(deck)
        hands: list[list[Card]] = [[] for _ in range(self.n)]
        for _ in range(self.ruleset.hand_size):
            for offset in range(1, self.n + 1):
                hands[(self.dealer + offset) % self.n].append(deck.pop())
        upcard = deck.pop()
        self._open_round(hands, [upcard], deck)

    def _open_round(
        self, hands: list[list[Card]], staircase: list[Card], talon: list[Card]
    ) -> None:
        self.round_number += 1
        self.hands = hands
        self.talon = talon
        self.staircase = staircase
        upcard = staircase[-1]
        self.melds = []
        self.round_points = [0] * self.n
        self.played_earlier = [False] * self.n
        self.known = [[] for _ in range(self.n)]
        self.rebuilds = 0
        self.events.append(RoundStarted(self.round_number, self.dealer, upcard))
        self._begin_turn(self.dealer)

    def _begin_turn(self, seat: int) -> None:
        self.to_act = seat
        self.phase = Phase.DRAW
        self.locked_discard = None
        self.played_this_turn = False
        if self.talon:
            return
        self.rebuilds += 1
        if self.rebuilds > self.ruleset.max_rebuilds:
            self._end_round(None)
            return
        self.staircase, self.talon = self._rebuilt_stock(self.staircase, self.rebuilds)
        if not self.talon and not self.staircase:
            self._end_round(None)

    # ----------------------------------------------------------------- apply
    def apply(self, action: Action) -> list[GameEvent]:
        """Check and apply ``action``; return the events it caused. Refused: nothing changes."""
        checked = self._checked(action)
        start = len(self.events)
        self.actions.append(action)
        seat = action.seat
        hand = self.hands[seat]
        if isinstance(action, Discard):
            hand.remove(action.card)
            self._forget(seat, action.card)
            self.staircase.append(action.card)
            self.events.append(Discarded(seat, action.card))
            if hand:
                self.played_earlier[seat] = self.played_earlier[seat] or self.played_this_turn
                self._begin_turn((seat + 1) % self.n)
        elif isinstance(action, DrawTalon):
            hand.append(self.talon.pop())
            self.phase = Phase.PLAY
            self.events.append(DrewFromTalon(seat))
        elif isinstance(action, TakeStaircase):
            taken = self.staircase[action.index :]
            del self.staircase[action.index :]
            hand.extend(taken)
            self.known[seat].extend(taken)
            if len(taken) == 1 and self.ruleset.no_return:
                self.locked_discard = taken[0]
            self.phase = Phase.PLAY
            self.events.append(TookFromStaircase(seat, tuple(taken)))
        elif isinstance(action, Meld):
            assert isinstance(checked, MeldShape)
            shape = checked
            for card in shape.cards:
                hand.remove(card)
                self._forget(seat, card)
            meld = TableMeld(
                len(self.melds), seat, shape.kind, list(shape.cards), list(shape.points)
            )
            meld.placed_by = [seat] * len(shape.cards)
            self.melds.append(meld)
            self._credit(seat, shape.total)
            self.events.append(Melded(seat, meld.id, shape.cards, shape.total))
        elif isinstance(action, LayOff):
            meld = self.melds[action.meld_id]
            assert isinstance(checked, int)
            points = checked
            end = meld.resolve_end(action.card, action.end)
            hand.remove(action.card)
            self._forget(seat, action.card)
            meld.add(action.card, end, points, seat)
            self._credit(seat, points)
            self.events.append(LaidOff(seat, meld.id, action.card, end, points))
        if not hand:
            self._end_round(seat)
        return self.events[start:]

    def _forget(self, seat: int, card: Card) -> None:
        known = self.known[seat]
        if card in known:
            known.remove(card)

    def _credit(self, seat: int, points: int) -> None:
        self.scores[seat] += points
        self.round_points[seat] += points
        self.played_this_turn = True

    def _end_round(self, went_out: int | None) -> None:
        hands = tuple(tuple(hand) for hand in self.hands)
        hand_points = tuple(sum(hand_value(c) for c in hand) for hand in hands)
        romme = False
        bonus = 0
        if went_out is not None:
            romme = self.ruleset.hand_romme_double and not self.played_earlier[went_out]
            bonus = sum(hand_points) * (2 if romme else 1)
            self.scores[went_out] += bonus
        result = RoundResult(
            round_number=self.round_number,
            went_out=went_out,
            hand_romme=romme,
            hands=hands,
            hand_points=hand_points,
            bonus=bonus,
            meld_points=tuple(self.round_points),
            totals=tuple(self.scores),
        )
        self.results.append(result)
        self.events.append(RoundEnded(result))
        top = max(self.scores)
        leaders = [s for s, score in enumerate(self.scores) if score == top]
        if top >= self.ruleset.target and len(leaders) == 1:
            self.winner = leaders[0]
            self.phase = Phase.OVER
            self.events.append(SessionEnded(leaders[0], tuple(self.scores)))
            return
        self.dealer = (self.dealer + 1) % self.n
        self._start_round()

    # ----------------------------------------------------------------- views
    def public_view(self) -> PublicView:
        return PublicView(
            version=self.version,
            round_number=self.round_number,
            target=self.ruleset.target,
            seats=tuple(
                SeatView(
                    seat=s,
                    name=self.names[s],
                    hand_count=len(self.hands[s]),
                    score=self.scores[s],
                    round_points=self.round_points[s],
                    has_melded=self.round_points[s] > 0,
                    known_cards=tuple(self.known[s]),
                )
                for s in range(self.n)
            ),
            dealer=self.dealer,
            to_act=self.to_act,
            phase=self.phase,
            talon_count=len(self.talon),
            staircase=tuple(self.staircase),
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
                for m in self.melds
            ),
            rebuilds=self.rebuilds,
            last_round=self.results[-1] if self.results else None,
            winner=self.winner,
        )

    def private_view(self, seat: int) -> PrivateView:
        locked = self.locked_discard if seat == self.to_act else None
        return PrivateView(seat, tuple(self.hands[seat]), self.public_view(), locked)

    # ----------------------------------------------------------------- replay
    @classmethod
    def read_ruleset(cls, data: dict[str, Any]) -> Ruleset:
        return Ruleset.from_json(data)

    def card_locations(self) -> list[Card]:
        """Every card currently in play, wherever it lies (for conservation checks)."""
        cards = list(self.talon) + list(self.staircase)
        for hand in self.hands:
            cards.extend(hand)
        for meld in self.melds:
            cards.extend(meld.cards)
        return cards
