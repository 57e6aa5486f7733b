"""The base of every game played with a stock and a discard pile: ``PileGame``.

It takes the game's pack (``Pack``: how many 52-card packs, how many jokers) and does what
such games share: the deal, drawing from the stock, taking from the discard pile (the top
card, or any depth where the pile is spread), discarding, rebuilding the stock when it runs
out, and the rounds: a round starts, turns follow, it ends with the game's result, and the
session ends once the game names a winner (a target reached, the rounds played, the last
player in). ``standings()`` comes from the session totals.

A game subclasses ``PileGame[Ruleset, ItsRoundResult, ItsState]`` (its ruleset has the
options of ``engine.options.PileRules``) and writes only its own rules: ``_check`` (why a
move is refused, and what applying it needs), ``_perform`` (what a move changes),
``_legal_moves``, ``_end_round`` (its scoring), ``_session_winner`` and its views; the hooks
``_new_round``/``_new_turn`` reset its own state. ``layoffs_onto`` lists lay-offs."""

from __future__ import annotations

from collections.abc import Container, Sequence
from typing import Any, ClassVar, Generic, NoReturn, Protocol, TypeVar

from engine.actions import Action, DrawTalon, End, LayOff, Pass, TakeDiscard, TakeStaircase
from engine.cards import Card, Pack
from engine.deal import Deal
from engine.errors import IllegalAction
from engine.events import (
    Discarded,
    DrewFromTalon,
    GameEvent,
    RoundEnded,
    RoundResult,
    RoundStarted,
    SessionEnded,
    TookDiscard,
)
from engine.i18n import N_
from engine.options import PileRules
from engine.protocol import Phase, Standings
from engine.table import TableGame


class TableMeldLike(Protocol):
    """What ``layoffs_onto`` reads of a meld on the table."""

    id: int  # the meld's number on the table

    def fitting_cards(self) -> list[tuple[Card, End | None]]:
        """Each card that would fit the meld, with the end of a run it goes to."""
        ...


def layoffs_onto(seat: int, held: Container[Card], meld: TableMeldLike) -> list[LayOff]:
    """Each lay-off of a card in ``held`` that fits ``meld``, in the meld's order."""
    return [LayOff(seat, card, meld.id, end) for card, end in meld.fitting_cards() if card in held]


# A game without an upcard offer refuses a pass so (Rommé, Wiener Rummy).
NO_PASSING = N_("There is no passing in this game: draw from the stock or take the top discard.")

PR = TypeVar("PR", bound=PileRules, covariant=True)
RT = TypeVar("RT", bound=RoundResult)
OwnT = TypeVar("OwnT")


class PileGame(TableGame[PR, RT, OwnT], Generic[PR, RT, OwnT]):
    """A session on a stock and a discard pile. Subclasses set ``PACK`` (one pack without
    jokers unless told), ``DEEP_TAKES`` (may a player take below the top card?),
    ``UPCARD_NEEDED`` (must a chosen deal start the discard pile?), the score
    words ``LOWER_IS_BETTER``/``UNIT`` and the seat range; a game is dealt its first round
    when it is made (``_first_round``)."""

    PACK: ClassVar[Pack] = Pack()
    DEEP_TAKES: ClassVar[bool] = False
    UPCARD_NEEDED: ClassVar[bool] = False  # a chosen deal must turn up a discard pile
    LOWER_IS_BETTER: ClassVar[bool] = False
    UNIT: ClassVar[str] = N_("points")

    def __init__(
        self, ruleset: PR, names: Sequence[str], seed: int, deal: Deal | None = None
    ) -> None:
        super().__init__(ruleset, names, seed, deal)
        self._first_round(deal)

    @property
    def pack_size(self) -> int:
        """How many cards the game's pack holds."""
        return self.PACK.size

    def pack(self) -> list[Card]:
        """Every card of the game, in a fixed order."""
        return self.PACK.cards()

    def standings(self) -> Standings:
        """The score line now, from the session totals."""
        winners = () if self.table.winner is None else (self.table.winner,)
        totals, active = tuple(self.session.totals), tuple(self.session.active)
        return Standings(totals, self.LOWER_IS_BETTER, winners, self.UNIT, active)

    # ----------------------------------------------------------------- moves
    def verify(self, action: Action) -> None:
        """Raise a ``RulesError`` saying why ``action`` is not allowed now; change nothing."""
        self._check(self._resolved(action))

    def apply(self, action: Action) -> list[GameEvent]:
        """Check and apply ``action``; return the events it caused. All or nothing: refused, or
        failing partway (the exception propagates), it leaves the game as it was (``_undo``)."""
        action = self._resolved(action)
        checked, start, logged = self._check(action), len(self.events), len(self.actions)
        self.actions.append(action)
        try:
            self._perform(action, checked)
        except BaseException as error:
            self._undo(logged, error)
            raise
        return self.events[start:]

    def legal_actions(self) -> list[Action]:
        """Every action the player to act may take now (none once the session is over)."""
        if self.table.phase is Phase.OVER:
            return []
        return self._legal_moves(self.table.to_act)

    def _legal_moves(self, seat: int) -> list[Action]:
        """Every action ``seat``, to act in a session not over, may take now."""
        raise NotImplementedError

    def _check(self, action: Action) -> object:
        """``verify``, returning what ``_perform`` needs (a meld's shape, say) or None."""
        raise NotImplementedError

    def _perform(self, action: Action, checked: object) -> None:
        """Apply the checked ``action``: change the state, append the events."""
        raise NotImplementedError

    def _resolved(self, action: Action) -> Action:
        """A take stored as a pile position (older logs) as the take of the same cards."""
        if isinstance(action, TakeStaircase):
            return TakeDiscard(action.seat, len(self.piles.discard) - action.index)
        return action

    # ----------------------------------------------------------------- rounds
    def _first_round(self, deal: Deal | None) -> None:
        """Deal the first round: after the draw for first dealer, or as ``deal`` chose."""
        if self._hand_size() * self.n + 2 > self.pack_size:
            raise IllegalAction(N_("Those hands need more cards than the game has."))
        if deal is None:
            self.table.dealer = self._draw_for_dealer()
        else:
            self._check_chosen_deal(deal)
            self.table.dealer = deal.dealer
        self._start_round(deal)

    def _check_chosen_deal(self, deal: Deal) -> None:
        if self.UPCARD_NEEDED and not deal.discard:
            raise IllegalAction(N_("The chosen deal does not fit the table."))
        self._check_deal(deal, self.pack())

    def _start_round(self, deal: Deal | None) -> None:
        """Deal a round (shuffled, or the chosen ``deal``) and give the first turn."""
        self.table.round_number += 1
        if deal is None:
            extra = self._dealer_gets_extra()
            self.table.hands = self._deal_hands(self._hand_size(), extra)
            self.piles.discard = [] if extra else [self.piles.stock.pop()]
        else:
            self.table.hands = [list(hand) for hand in deal.hands]
            self.piles.discard = list(deal.discard)
            self.piles.stock = list(deal.stock)
        self.piles.rebuilds = 0
        self._new_round()
        first = self._first_to_act()
        upcard = self.piles.discard[-1] if self.piles.discard else None
        self.events.append(RoundStarted(self.table.round_number, self.table.dealer, upcard, first))
        self._begin_turn(first, drawn=self._holds_its_draw(first))

    def _hand_size(self) -> int:
        """Cards dealt to each player: the ruleset's ``hand_size``. A game whose deal depends
        on the number of players (its ruleset's ``hand_size`` None) overrides this."""
        size = self.ruleset.hand_size
        if size is None:
            raise NotImplementedError("a hand size of None needs the game's _hand_size")
        return size

    def _dealer_gets_extra(self) -> bool:
        """Does the dealer get one card more instead of an upcard?"""
        return False

    def _holds_its_draw(self, seat: int) -> bool:
        """Does ``seat``, first to play, already hold the card it would draw?"""
        return False

    def _first_to_act(self) -> int:
        return self.table.dealer

    def _new_round(self) -> None:
        """Reset the game's own state for a new round."""

    def _new_turn(self) -> None:
        """Reset the game's own state for a new turn."""

    def _deal_hands(self, size: int, extra_for_dealer: bool) -> list[list[Card]]:
        """Deal ``size`` shuffled cards to each seat in play from the dealer's left; rest: stock."""
        deck = self.pack()
        self.table.rng.shuffle(deck)
        hands: list[list[Card]] = [[] for _ in range(self.n)]
        order = [self._next_seat(self.table.dealer)]
        while order[-1] != self.table.dealer:
            order.append(self._next_seat(order[-1]))
        for _ in range(size):
            for seat in order:
                hands[seat].append(deck.pop())
        if extra_for_dealer:
            hands[self.table.dealer].append(deck.pop())
        self.piles.stock = deck
        return hands

    def _next_seat(self, seat: int) -> int:
        """The next seat to the left that is still in play."""
        nxt = (seat + 1) % self.n
        while not self.session.active[nxt]:
            nxt = (nxt + 1) % self.n
        return nxt

    def _begin_turn(self, seat: int, drawn: bool = False) -> None:
        """``seat``'s turn: to draw, or to play at once when it holds its draw (``drawn``)."""
        self.table.to_act = seat
        self.table.locked_discard = None
        self._new_turn()
        self.table.phase = Phase.PLAY if drawn else Phase.DRAW
        if not drawn and not self._refill_stock():
            self._stock_exhausted()

    def _refill_stock(self) -> bool:
        """At the start of a draw with an empty stock, shuffle the discard pile but its top
        into a new stock. False when the round must end instead (``max_rebuilds``)."""
        if self.piles.stock:
            return True
        self.piles.rebuilds += 1
        if self.piles.rebuilds > self.ruleset.max_rebuilds:
            return False
        self.piles.discard, self.piles.stock = self._rebuilt_stock(
            self.piles.discard, self.piles.rebuilds
        )
        return bool(self.piles.stock or self.piles.discard)

    def _stock_exhausted(self) -> None:
        """The stock ran out once too often: the round ends dead."""
        self._end_round(None)

    def _end_round(self, closer: int | None) -> None:
        """Score the round ``closer`` ended (None: dead); ``_round_over`` records it."""
        raise NotImplementedError

    def _score_round(
        self, result_type: type[RT], closer: int | None, points: tuple[int, ...], **details: Any
    ) -> None:
        """Add each seat's ``points`` to its total and record the round (``_round_over``) as a
        ``result_type`` with the game's own ``details``."""
        for seat, gained in enumerate(points):
            self.session.totals[seat] += gained
        number, totals = self.table.round_number, tuple(self.session.totals)
        self._round_over(
            result_type(round_number=number, closer=closer, points=points, totals=totals, **details)
        )

    def _round_over(self, result: RT) -> None:
        """Record ``result``; the session ends if someone has won, else the next round."""
        self.session.results.append(result)
        self.events.append(RoundEnded(result))
        winner = self._session_winner()
        if winner is None:
            self._next_round()
        else:
            self._finish(winner)

    def _session_winner(self) -> int | None:
        """Who has won the session after the round just recorded (None: play on)."""
        raise NotImplementedError

    def _next_round(self) -> None:
        self.table.dealer = self._next_seat(self.table.dealer)
        self._start_round(None)

    def _finish(self, winner: int, totals: tuple[int, ...] | None = None, pot: int = 0) -> None:
        self.table.winner = winner
        self.table.phase = Phase.OVER
        final = tuple(self.session.totals) if totals is None else totals
        self.events.append(SessionEnded(winner, final, pot))

    def _sole_leader(self) -> int | None:
        """The seat with the best total, when no other seat has it."""
        best = min(self.session.totals) if self.LOWER_IS_BETTER else max(self.session.totals)
        leaders = [seat for seat, total in enumerate(self.session.totals) if total == best]
        return leaders[0] if len(leaders) == 1 else None

    def _target_reached(self, target: int) -> int | None:
        """The sole leader once the best total has reached ``target`` (higher is better)."""
        leader = self._sole_leader()
        return leader if leader is not None and self.session.totals[leader] >= target else None

    # ----------------------------------------------------------------- draws and discards
    def _legal_draws(self, seat: int) -> list[Action]:
        """The stock's top card, then each take from the discard pile, the deepest first."""
        moves: list[Action] = [DrawTalon(seat)] if self.piles.stock else []
        moves.extend(TakeDiscard(seat, depth) for depth in range(self._deepest(), 0, -1))
        return moves

    def _deepest(self) -> int:
        """How many cards a take from the discard pile may reach down."""
        return len(self.piles.discard) if self.DEEP_TAKES else min(1, len(self.piles.discard))

    def _draw_stock(self, seat: int) -> None:
        self.table.hands[seat].append(self.piles.stock.pop())
        self.table.phase = Phase.PLAY
        self.events.append(DrewFromTalon(seat))

    def _take_discard(self, seat: int, depth: int) -> tuple[Card, ...]:
        """Take the top ``depth`` cards; a single card taken is locked (``no_return``)."""
        taken = tuple(self.piles.discard[-depth:])
        del self.piles.discard[-depth:]
        self.table.hands[seat].extend(taken)
        if depth == 1 and self.ruleset.no_return:
            self.table.locked_discard = taken[0]
        self.table.phase = Phase.PLAY
        self.events.append(TookDiscard(seat, taken))
        return taken

    def _discard(self, seat: int, card: Card) -> None:
        self.table.hands[seat].remove(card)
        self.piles.discard.append(card)
        self.events.append(Discarded(seat, card))

    def card_locations(self) -> list[Card]:
        """Every card of the game, wherever it lies (for conservation checks)."""
        cards = [*self.piles.stock, *self.piles.discard]
        for hand in self.table.hands:
            cards.extend(hand)
        cards.extend(self._table_cards())
        return cards

    def _table_cards(self) -> list[Card]:
        """The cards on the table outside the piles and hands (melds)."""
        return []

    # ----------------------------------------------------------------- checks
    def _check_draw(self, seat: int, depth: int | None) -> None:
        """A draw from the stock (``depth`` None) or a take of ``depth`` discards."""
        self._check_turn(seat)
        if self.table.phase is Phase.BUY_BACK:
            raise IllegalAction(N_("First decide whether to buy back in."))
        if self.table.phase is not Phase.DRAW:
            raise IllegalAction(N_("You have drawn already this turn."))
        if depth is None:
            if not self.piles.stock:
                raise IllegalAction(
                    N_("The stock is empty: take the top card of the discard pile.")
                )
            return
        if not self.piles.discard:
            raise IllegalAction(N_("The discard pile is empty: draw from the stock."))
        if not self.DEEP_TAKES and depth != 1:
            raise IllegalAction(N_("Only the top card of the discard pile may be taken."))
        if not 1 <= depth <= self._deepest():
            if len(self.piles.discard) == 1:
                raise IllegalAction(N_("The discard pile holds only one card: take that one."))
            raise IllegalAction(
                N_("The discard pile has {count} cards: take from 1 to {count} of them."),
                count=len(self.piles.discard),
            )

    def _refuse_pass(self, action: Action) -> NoReturn:
        """Refuse a pass in a game without one (``NO_PASSING``), or an action no game has."""
        if not isinstance(action, Pass):  # pragma: no cover - the action union is closed
            raise IllegalAction(N_("Unknown action {action}."), action=repr(action))
        self._refuse(action.seat, NO_PASSING)

    def _check_discard(self, seat: int, card: Card) -> None:
        self._check_holds(seat, card)
        hand = self.table.hands[seat]
        if card is self.table.locked_discard and hand.count(card) == 1:
            raise IllegalAction(
                N_("You took {card} from the discard pile; you cannot throw it back this turn."),
                card=card,
            )

    def _check_keeps_a_discard(self, rest: Sequence[Card]) -> None:
        """Refuse a play that would leave only the taken discard, which may not go back."""
        card = self.table.locked_discard
        if card is not None and len(rest) == 1 and rest[0] is card:
            raise IllegalAction(
                N_(
                    "That would leave only {card} in your hand, and you took it from the discard "
                    "pile this turn, so you cannot throw it back: keep another card to discard, "
                    "or play {card} too."
                ),
                card=card,
            )
