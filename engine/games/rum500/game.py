"""500 Rum: one pack, a spread discard pile, and every card scores for whoever places it
(docs/rules-rum500.md).

A take from the discard pile reaches any card and brings every card above it along; the
deepest card taken must be the first card played after the take, in a meld or a lay-off, so
a take is refused when that card fits nowhere. The round ends when someone goes out (with or
without a last discard), or when the stock is empty and the player to draw passes. Each seat
then scores the cards it placed this round minus the cards left in its hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine.actions import (
    Action,
    Discard,
    DrawTalon,
    End,
    LayOff,
    Meld,
    MeldKind,
    Pass,
    TakeDiscard,
)
from engine.cards import Card
from engine.errors import IllegalAction, IllegalMeld
from engine.events import LaidOff, Melded
from engine.games.rum500.views import (
    Rum500PrivateView,
    Rum500PublicView,
    Rum500RoundResult,
    Rum500SeatView,
)
from engine.i18n import N_, N_plural
from engine.options import Rules, option
from engine.piles import PileGame
from engine.protocol import Phase
from engine.table import Deal
from engine.twopack.deadwood import meld_options
from engine.twopack.melds import VariantMeld, analyse_variant_meld
from engine.twopack.points import HIGH_ACE, LOW_ACE, Prices, card_at, natural_positions
from engine.twopack.table_meld import VariantTableMeld

# Ace 15 (in a set, high in a run, left in a hand), 1 as the low card of A 2 3; K Q J 10
# score 10, 2 to 9 their face.
PRICES = Prices(ace_high=15, ace_low=1, ace_in_hand=15, court=10)


@dataclass(frozen=True, slots=True)
class Rum500Ruleset(Rules):
    """The options a 500 Rum table agrees on. Frozen: a game never changes its rules."""

    target: int = option(
        500,
        minimum=1,
        maximum=10000,
        about="points that win the session",
        label=N_("target {value}"),
    )
    hand_size: int | None = option(
        None,
        minimum=1,
        maximum=13,
        about="cards dealt to each player (unset: 13 for two, 7 for more)",
        label=N_plural("{value} card each", "{value} cards each"),
        unset=N_("13 cards for two, 7 for more"),
    )

    @property
    def no_return(self) -> bool:
        """No table option: a card taken must be played at once anyway."""
        return False

    @property
    def max_rebuilds(self) -> int:
        """No table option: the stock is never rebuilt (its end ends the round)."""
        return 0

    def new_game(self, names: Sequence[str], seed: int, deal: Deal | None = None) -> Rum500Game:
        """A new session of 500 Rum for ``names``, dealt from ``seed`` (or the given deal)."""
        return Rum500Game(self, names, seed, deal)


def melds_with(card: Card, cards: Sequence[Card]) -> bool:
    """Can ``card`` form a meld with some of ``cards``? Any meld holding it holds a set or
    run of three with it, so the three-card ones are enough."""
    held = set(cards)
    if sum(1 for c in held if c.rank_int == card.rank_int and c is not card) >= 2:
        return True
    suit = card.suit_int
    for pos in natural_positions(card):
        for first in (pos - 2, pos - 1, pos):
            others = [q for q in range(first, first + 3) if q != pos]
            fits = first >= LOW_ACE and first + 2 <= HIGH_ACE
            if fits and all(card_at(suit, q) in held for q in others):
                return True
    return False


def lays_off(meld: VariantTableMeld, card: Card) -> bool:
    """Does ``card`` fit ``meld`` at either end (a set: as its fourth card)?"""
    for end in (End.LOW, End.HIGH) if meld.kind is MeldKind.RUN else (None,):
        try:
            meld.layoff(card, end)
        except IllegalMeld:
            continue
        return True
    return False


class Rum500Game(PileGame[Rum500Ruleset, Rum500RoundResult]):
    """A 500 Rum session for 2 to 4 seats (seat 0..n-1, clockwise)."""

    GAME_KEY = "rum500"
    TITLE = "500 Rum"
    MIN_SEATS = 2
    MAX_SEATS = 4
    DEEP_TAKES = True

    def __init__(
        self, ruleset: Rum500Ruleset, names: Sequence[str], seed: int, deal: Deal | None = None
    ) -> None:
        super().__init__(ruleset, names, seed, deal)
        self.melds: list[VariantTableMeld] = []
        self.placed = [0] * self.n  # points of the cards each seat laid this round
        self.must_meld: Card | None = None
        self._first_round(deal)

    # ----------------------------------------------------------------- rounds
    def _hand_size(self) -> int:
        return self.ruleset.hand_size or (13 if self.n == 2 else 7)

    def _first_to_act(self) -> int:
        return self._next_seat(self.dealer)

    def _check_chosen_deal(self, deal: Deal) -> None:
        if not deal.discard:
            raise IllegalAction(N_("The chosen deal does not fit the table."))
        super()._check_chosen_deal(deal)

    def _new_round(self) -> None:
        self.melds = []
        self.placed = [0] * self.n

    def _new_turn(self) -> None:
        self.must_meld = None

    def _stock_exhausted(self) -> None:
        """The stock is empty: the player may still take from the pile, or pass."""

    def _end_round(self, closer: int | None) -> None:
        hands = tuple(tuple(hand) for hand in self.hands)
        hand_points = tuple(sum(PRICES.hand_value(c) for c in hand) for hand in hands)
        points = tuple(p - h for p, h in zip(self.placed, hand_points, strict=True))
        for seat, gained in enumerate(points):
            self.totals[seat] += gained
        result = Rum500RoundResult(
            round_number=self.round_number,
            closer=closer,
            special=False,
            points=points,
            totals=tuple(self.totals),
            placed=tuple(self.placed),
            hands=hands,
            hand_points=hand_points,
        )
        self._round_over(result)

    def _session_winner(self) -> int | None:
        return self._target_reached(self.ruleset.target)

    # ----------------------------------------------------------------- checks
    def _check(self, action: Action) -> VariantMeld | tuple[End | None, Card, int] | None:
        """``verify``, returning a meld's shape or a lay-off's (end, stands for, points)."""
        if isinstance(action, DrawTalon):
            self._check_draw(action.seat, None)
        elif isinstance(action, TakeDiscard):
            self._check_take(action.seat, action.depth)
        elif isinstance(action, Pass):
            self._check_pass(action.seat)
        elif isinstance(action, Meld):
            self._check_play(action.seat, action.cards)
            self._check_in_hand(action.seat, action.cards)
            return analyse_variant_meld(action.cards, PRICES)
        elif isinstance(action, LayOff):
            self._check_play(action.seat, (action.card,))
            self._check_holds(action.seat, action.card)
            return self._find_meld(action.meld_id).layoff(action.card, action.end)
        elif isinstance(action, Discard):
            self._check_play(action.seat, ())
            self._check_discard(action.seat, action.card)
        else:
            self._check_turn(action.seat)
            raise IllegalAction(
                N_(
                    "500 Rum has no such move: draw from the stock or take from the discard "
                    "pile, then meld, lay off and discard."
                )
            )
        return None

    def _check_take(self, seat: int, depth: int) -> None:
        self._check_draw(seat, depth)
        card = self.discard[-depth]
        if not self._can_use(card, [*self.hands[seat], *self.discard[-depth:]]):
            raise IllegalAction(
                N_(
                    "You may take {card} only to play it at once in a meld or a lay-off, and "
                    "it fits nowhere for you."
                ),
                card=card,
            )

    def _can_use(self, card: Card, cards: Sequence[Card]) -> bool:
        return melds_with(card, cards) or any(lays_off(meld, card) for meld in self.melds)

    def _check_pass(self, seat: int) -> None:
        self._check_turn(seat)
        if self.phase is not Phase.DRAW:
            raise IllegalAction(N_("You have drawn already this turn."))
        if self.stock:
            raise IllegalAction(
                N_("You may pass only when the stock is empty: draw or take from the pile.")
            )

    def _check_play(self, seat: int, cards: Sequence[Card]) -> None:
        """A meld, lay-off or discard (of ``cards``): after the draw, the card taken first."""
        self._check_turn(seat)
        if self.phase is Phase.DRAW:
            raise IllegalAction(N_("Draw first: the top card of the stock, or from the pile."))
        if self.must_meld is not None and self.must_meld not in cards:
            raise IllegalAction(
                N_("You took {card} from the discard pile: play it first, in a meld or lay-off."),
                card=self.must_meld,
            )

    def _find_meld(self, meld_id: int) -> VariantTableMeld:
        if 0 <= meld_id < len(self.melds):
            return self.melds[meld_id]
        raise IllegalAction(N_("There is no meld {number} on the table."), number=meld_id + 1)

    # ----------------------------------------------------------------- moves
    def legal_actions(self) -> list[Action]:
        """Every move the player to act may make: the draw (or a pass when the stock is
        empty) and each usable take, deepest first; then each meld, lay-off and discard."""
        if self.phase is Phase.OVER:
            return []
        seat = self.to_act
        hand = self.hands[seat]
        if self.phase is Phase.DRAW:
            moves: list[Action] = [DrawTalon(seat) if self.stock else Pass(seat)]
            for depth in range(len(self.discard), 0, -1):
                if self._can_use(self.discard[-depth], [*hand, *self.discard[-depth:]]):
                    moves.append(TakeDiscard(seat, depth))
            return moves
        first = self.must_meld
        result: list[Action] = [
            Meld(seat, cards)
            for cards in meld_options(hand, prices=PRICES)
            if first is None or first in cards
        ]
        held = set(hand)
        for meld in self.melds:
            for card, end in meld.fitting_cards():
                if card in held and (first is None or card is first):
                    result.append(LayOff(seat, card, meld.id, end))
        if first is None:
            result.extend(Discard(seat, card) for card in hand)
        return result

    # ----------------------------------------------------------------- apply
    def _perform(self, action: Action, checked: object) -> None:
        seat = action.seat
        hand = self.hands[seat]
        if isinstance(action, DrawTalon):
            self._draw_stock(seat)
        elif isinstance(action, TakeDiscard):
            self.must_meld = self._take_discard(seat, action.depth)[0]
        elif isinstance(action, Pass):
            self._end_round(None)
            return
        elif isinstance(action, Meld):
            assert isinstance(checked, VariantMeld)
            self._meld(seat, checked)
        elif isinstance(action, LayOff):
            assert isinstance(checked, tuple)
            self._lay_off(action, *checked)
        elif isinstance(action, Discard):
            self._discard(seat, action.card)
            if hand:
                self._begin_turn(self._next_seat(seat))
        if not hand:
            self._end_round(seat)

    def _meld(self, seat: int, shape: VariantMeld) -> None:
        for card in shape.cards:
            self.hands[seat].remove(card)
        meld = VariantTableMeld.from_shape(len(self.melds), seat, shape, PRICES)
        self.melds.append(meld)
        self._placed(seat, shape.cards, shape.total)
        self.events.append(Melded(seat, meld.id, shape.cards, shape.total))

    def _lay_off(self, action: LayOff, end: End | None, stands: Card, points: int) -> None:
        seat = action.seat
        meld = self.melds[action.meld_id]
        self.hands[seat].remove(action.card)
        meld.add(action.card, end, stands, points, seat)
        self._placed(seat, (action.card,), points)
        self.events.append(LaidOff(seat, meld.id, action.card, end, points))

    def _placed(self, seat: int, cards: Sequence[Card], points: int) -> None:
        self.placed[seat] += points
        if self.must_meld in cards:
            self.must_meld = None

    # ----------------------------------------------------------------- views
    def public_view(self) -> Rum500PublicView:
        """What every player sees: the spread pile, the stock, the melds and each seat."""
        return Rum500PublicView(
            version=self.version,
            round_number=self.round_number,
            target=self.ruleset.target,
            seats=tuple(
                Rum500SeatView(s, self.names[s], len(self.hands[s]), self.totals[s], self.placed[s])
                for s in range(self.n)
            ),
            dealer=self.dealer,
            to_act=self.to_act,
            phase=self.phase,
            stock_count=len(self.stock),
            discard_pile=tuple(self.discard),
            melds=tuple(m.view() for m in self.melds),
            last_round=self.results[-1] if self.results else None,
            winner=self.winner,
        )

    def private_view(self, seat: int) -> Rum500PrivateView:
        """What one seat sees: the public table and its own hand."""
        mine = seat == self.to_act
        must = self.must_meld if mine else None
        return Rum500PrivateView(seat, tuple(self.hands[seat]), self.public_view(), None, must)

    def _table_cards(self) -> list[Card]:
        return [c for meld in self.melds for c in meld.cards]

    # ----------------------------------------------------------------- replay
    @classmethod
    def read_ruleset(cls, data: dict[str, Any]) -> Rum500Ruleset:
        return Rum500Ruleset.from_json(data)
