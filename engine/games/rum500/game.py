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
from dataclasses import dataclass, field

from engine.actions import Action, Discard, DrawTalon, LayOff, Meld, Pass, TakeDiscard
from engine.cards import Card
from engine.errors import IllegalAction
from engine.events import LaidOff, Melded, RoundResult
from engine.i18n import N_
from engine.melding.deadwood import meld_options
from engine.melding.melds import PricedMeld, analyse_priced_meld
from engine.melding.points import Prices
from engine.melding.table_meld import PricedTableMeld
from engine.melding.views import PricedMeldView
from engine.onepack import OnePack, index, mask_of
from engine.options import FixedPileRules, hand_size_option, target_option
from engine.piles import PileGame, layoffs_onto
from engine.protocol import Phase
from engine.table import GameRuleset
from engine.views import view_basics

# Ace 15 (in a set, high in a run, left in a hand), 1 as the low card of A 2 3; K Q J 10
# score 10, 2 to 9 their face.
PRICES = Prices(ace_high=15, ace_low=1, ace_in_hand=15, court=10)


# --------------------------------------------------------------------- views
@dataclass(frozen=True, slots=True, kw_only=True)
class Rum500RoundResult(RoundResult):
    """The end of a 500 Rum round: ``points`` are each seat's ``placed`` points (the cards it
    laid on the table this round) minus its ``hand_points`` (the cards left in ``hands``)."""

    placed: tuple[int, ...]
    hands: tuple[tuple[Card, ...], ...]
    hand_points: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Rum500SeatView:
    """One seat as everyone sees it: name, cards in hand, session total (``score``) and the
    points of the cards it laid on the table this round (``placed``)."""

    seat: int
    name: str
    hand_count: int
    score: int
    placed: int


@dataclass(frozen=True, slots=True)
class Rum500PublicView:
    """The table as everyone sees it: the spread discard pile (every card shows, the top card
    last), the stock, the melds and the seats."""

    version: int
    round_number: int
    target: int
    seats: tuple[Rum500SeatView, ...]
    dealer: int
    to_act: int
    phase: Phase
    stock_count: int
    discard_pile: tuple[Card, ...]
    melds: tuple[PricedMeldView, ...]
    last_round: Rum500RoundResult | None
    winner: int | None

    @property
    def discard_top(self) -> Card | None:
        """The discard pile's top card, or None when it is empty."""
        return self.discard_pile[-1] if self.discard_pile else None


@dataclass(frozen=True, slots=True)
class Rum500PrivateView:
    """One seat's view: its hand beside the public table, and (its turn) ``must_meld``, the
    deepest card it took this turn, still to be played first. ``locked_discard`` is never set:
    a card taken must be melded anyway."""

    seat: int
    hand: tuple[Card, ...]
    public: Rum500PublicView
    locked_discard: Card | None
    must_meld: Card | None


# --------------------------------------------------------------------- rules
@dataclass(frozen=True, slots=True)
class Rum500Ruleset(FixedPileRules, GameRuleset["Rum500Game"]):
    """The options a 500 Rum table agrees on. Frozen: a game never changes its rules."""

    target: int = target_option(500)
    hand_size: int | None = hand_size_option(
        None,
        maximum=13,
        about="cards dealt to each player (unset: 13 for two, 7 for more)",
        unset=N_("13 cards for two, 7 for more"),
    )


# The same cards on bitmasks: Ace high or low in a run (Q K A, A 2 3), 15 left in a hand.
ONE_PACK = OnePack([15, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10], high_ace=True)


def melds_with(card: Card, cards: Sequence[Card]) -> bool:
    """Can ``card`` form a meld with some of ``cards``? Any meld holding it holds a set or
    run of three with it, so the three-card ones are enough."""
    return ONE_PACK.fits(index(card), mask_of(cards))


@dataclass(slots=True, eq=False)
class Rum500State:
    """What a 500 Rum round keeps beside the shared parts: the melds on the table, the points
    each seat has laid this round, and the card a deep take must meld."""

    melds: list[PricedTableMeld] = field(default_factory=list)
    placed: list[int] = field(default_factory=list)  # points of the cards each seat laid
    must_meld: Card | None = None


class Rum500Game(PileGame[Rum500Ruleset, Rum500RoundResult, Rum500State]):
    """A 500 Rum session for 2 to 4 seats (seat 0..n-1, clockwise)."""

    GAME_KEY = "rum500"
    TITLE = N_("500 Rum")  # translated where it is shown
    MIN_SEATS = 2
    MAX_SEATS = 4
    DEEP_TAKES = True
    UPCARD_NEEDED = True

    # ----------------------------------------------------------------- rounds
    def _hand_size(self) -> int:
        return self.ruleset.hand_size or (13 if self.n == 2 else 7)

    def _first_to_act(self) -> int:
        return self._next_seat(self.table.dealer)

    def _new_round(self) -> None:
        self.own.melds = []
        self.own.placed = [0] * self.n

    def _new_turn(self) -> None:
        self.own.must_meld = None

    def _stock_exhausted(self) -> None:
        """The stock is empty: the player may still take from the pile, or pass."""

    def _end_round(self, closer: int | None) -> None:
        hands = tuple(tuple(hand) for hand in self.table.hands)
        hand_points = tuple(sum(PRICES.hand_value(c) for c in hand) for hand in hands)
        points = tuple(p - h for p, h in zip(self.own.placed, hand_points, strict=True))
        placed = tuple(self.own.placed)
        self._score_round(
            Rum500RoundResult,
            closer,
            points,
            special=False,
            placed=placed,
            hands=hands,
            hand_points=hand_points,
        )

    def _session_winner(self) -> int | None:
        return self._target_reached(self.ruleset.target)

    # ----------------------------------------------------------------- checks
    def _check(self, action: Action) -> object:
        """``verify``, returning a meld's shape or a lay-off's (end, stands for, points)."""
        seat = action.seat
        if isinstance(action, DrawTalon | TakeDiscard | Pass):
            self._check_draw_step(action)
        elif isinstance(action, Meld):
            self._check_play(seat, action.cards)
            self._check_in_hand(seat, action.cards)
            return analyse_priced_meld(action.cards, PRICES)
        elif isinstance(action, LayOff):
            self._check_play(seat, (action.card,))
            self._check_holds(seat, action.card)
            if not 0 <= action.meld_id < len(self.own.melds):
                number = action.meld_id + 1
                raise IllegalAction(N_("There is no meld {number} on the table."), number=number)
            return self.own.melds[action.meld_id].layoff(action.card, action.end)
        elif isinstance(action, Discard):
            self._check_play(seat, ())
            self._check_discard(seat, action.card)
        else:
            self._refuse(
                seat,
                N_(
                    "500 Rum has no such move: draw from the stock or take from the discard "
                    "pile, then meld, lay off and discard."
                ),
            )
        return None

    def _check_draw_step(self, action: DrawTalon | TakeDiscard | Pass) -> None:
        """A draw, a take (of a card that can be played at once) or a pass (stock empty)."""
        if isinstance(action, Pass):
            self._check_turn(action.seat)
            if self.table.phase is not Phase.DRAW:
                raise IllegalAction(N_("You have drawn already this turn."))
            if self.piles.stock:
                raise IllegalAction(
                    N_("You may pass only when the stock is empty: draw or take from the pile.")
                )
            return
        depth = action.depth if isinstance(action, TakeDiscard) else None
        self._check_draw(action.seat, depth)
        if depth is not None and not self._usable(action.seat, depth):
            raise IllegalAction(
                N_(
                    "You may take {card} only to play it at once in a meld or a lay-off, and "
                    "it fits nowhere for you."
                ),
                card=self.piles.discard[-depth],
            )

    def _usable(self, seat: int, depth: int) -> bool:
        """Could ``seat`` play the deepest of the top ``depth`` discards at once?"""
        card = self.piles.discard[-depth]
        cards = [*self.table.hands[seat], *self.piles.discard[-depth:]]
        return melds_with(card, cards) or any(meld.accepts(card) for meld in self.own.melds)

    def _check_play(self, seat: int, cards: Sequence[Card]) -> None:
        """A meld, lay-off or discard (of ``cards``): after the draw, the card taken first."""
        self._check_turn(seat)
        if self.table.phase is Phase.DRAW:
            raise IllegalAction(N_("Draw first: the top card of the stock, or from the pile."))
        if self.own.must_meld is not None and self.own.must_meld not in cards:
            raise IllegalAction(
                N_("You took {card} from the discard pile: play it first, in a meld or lay-off."),
                card=self.own.must_meld,
            )

    # ----------------------------------------------------------------- moves
    def _legal_moves(self, seat: int) -> list[Action]:
        """Every move ``seat``, to act, may make: the draw (or a pass when the stock is
        empty) and each usable take, deepest first; then each meld, lay-off and discard."""
        first, hand = self.own.must_meld, self.table.hands[seat]
        if self.table.phase is Phase.DRAW:
            moves: list[Action] = [DrawTalon(seat) if self.piles.stock else Pass(seat)]
            depths = range(len(self.piles.discard), 0, -1)
            return moves + [TakeDiscard(seat, d) for d in depths if self._usable(seat, d)]
        options = meld_options(hand, prices=PRICES)
        result: list[Action] = [Meld(seat, c) for c in options if first is None or first in c]
        for meld in self.own.melds:
            result.extend(
                m for m in layoffs_onto(seat, hand, meld) if first is None or m.card is first
            )
        if first is None:
            result.extend(Discard(seat, card) for card in hand)
        return result

    # ----------------------------------------------------------------- apply
    def _perform(self, action: Action, checked: object) -> None:
        seat = action.seat
        hand = self.table.hands[seat]
        if isinstance(action, DrawTalon | TakeDiscard | Pass):
            self._perform_draw_step(action)
            return
        if isinstance(action, Meld) and isinstance(checked, PricedMeld):
            meld = PricedTableMeld.from_shape(len(self.own.melds), seat, checked, PRICES)
            self.own.melds.append(meld)
            self._placed(seat, checked.cards, checked.total)
            self.events.append(Melded(seat, meld.id, checked.cards, checked.total))
        elif isinstance(action, LayOff) and isinstance(checked, tuple):
            end, stands, points = checked
            self.own.melds[action.meld_id].add(action.card, end, stands, points, seat)
            self._placed(seat, (action.card,), points)
            self.events.append(LaidOff(seat, action.meld_id, action.card, end, points))
        elif isinstance(action, Discard):
            self._discard(seat, action.card)
            if hand:
                self._begin_turn(self._next_seat(seat))
        if not hand:
            self._end_round(seat)

    def _perform_draw_step(self, action: DrawTalon | TakeDiscard | Pass) -> None:
        if isinstance(action, DrawTalon):
            self._draw_stock(action.seat)
        elif isinstance(action, TakeDiscard):
            self.own.must_meld = self._take_discard(action.seat, action.depth)[0]
        else:
            self._end_round(None)

    def _placed(self, seat: int, cards: Sequence[Card], points: int) -> None:
        for card in cards:
            self.table.hands[seat].remove(card)
        self.own.placed[seat] += points
        if self.own.must_meld in cards:
            self.own.must_meld = None

    # ----------------------------------------------------------------- views
    def public_view(self) -> Rum500PublicView:
        """What every player sees: the spread pile, the stock, the melds and each seat."""
        return Rum500PublicView(
            **view_basics(self),
            target=self.ruleset.target,
            seats=tuple(
                Rum500SeatView(
                    s,
                    self.names[s],
                    len(self.table.hands[s]),
                    self.session.totals[s],
                    self.own.placed[s],
                )
                for s in range(self.n)
            ),
            stock_count=len(self.piles.stock),
            discard_pile=tuple(self.piles.discard),
            melds=tuple(m.view() for m in self.own.melds),
            last_round=self.last_round,
        )

    def private_view(self, seat: int) -> Rum500PrivateView:
        """What one seat sees: the public table and its own hand."""
        must = self.own.must_meld if seat == self.table.to_act else None
        return Rum500PrivateView(
            seat, tuple(self.table.hands[seat]), self.public_view(), None, must
        )

    def _table_cards(self) -> list[Card]:
        return [c for meld in self.own.melds for c in meld.cards]
