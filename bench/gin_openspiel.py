"""One Gin Rummy hand played at once in our engine and in OpenSpiel's ``gin_rummy``
(``pip install open_spiel==2.0.2``, the ``bench`` extra), on the same deal.

OpenSpiel's player 0 acts first, so it is our non-dealer: our seat ``s`` is its player ``s``
and seat 1 deals. Its chance outcomes are card ids, so it gets our deck: the deal, the upcard
and every card drawn from the stock. A move of either side is applied to both: ``ours(action)``
for a move of our engine, ``theirs(action)`` for an OpenSpiel action (the simple bot's). After
a knock OpenSpiel wants the hands laid down move by move; ``lay_down`` does that for a seat
of ours (the knocker's melds, or the defender's lay-offs and melds as our engine finds them).

Used by bench/gin_vs_openspiel.py and tests/engine/games/test_gin_openspiel.py.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine import onepack
from engine.actions import Action, Discard, DrawTalon, Knock, Pass, TakeDiscard
from engine.cards import Card, Suit
from engine.deal import Deal
from engine.games.gin.game import GinGame, GinRuleset
from engine.games.gin.rules import PACK

OS_SUITS = (Suit.SPADES, Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS)  # its order: "scdh"


def os_card(card: Card) -> int:
    assert card.suit is not None
    return OS_SUITS.index(card.suit) * 13 + card.rank_int - 1


def our_card(number: int) -> Card:
    return onepack.CARDS[OS_SUITS[number // 13].index * 13 + number % 13]


def pyspiel_or_none() -> Any:
    try:
        import pyspiel
    except ImportError:
        return None
    return pyspiel


class Mirror:
    """A hand dealt from ``deck`` (the non-dealer's ten cards, the dealer's ten, the upcard,
    then the stock from its top) in both engines."""

    def __init__(self, pyspiel: Any, deck: Sequence[Card], ruleset: GinRuleset | None = None):
        rules = ruleset or GinRuleset()
        self.pyspiel = pyspiel
        game = pyspiel.load_game(
            "gin_rummy",
            {
                "knock_card": rules.knock_card,
                "gin_bonus": rules.gin_bonus,
                "undercut_bonus": rules.undercut_bonus,
            },
        )
        self.os_game = game
        self.state = game.new_initial_state()
        for card in deck[:21]:
            self.state.apply_action(os_card(card))
        deal = Deal(1, (tuple(deck[:10]), tuple(deck[10:20])), (deck[20],), tuple(deck[21:][::-1]))
        self.game: GinGame = rules.new_game(["P0", "P1"], 0, deal)
        self.utils = pyspiel.gin_rummy.GinRummyUtils(13, 4, 10)
        self.g = pyspiel.gin_rummy

    @property
    def over(self) -> bool:
        return bool(self.state.is_terminal())

    @property
    def phase(self) -> Any:
        return self.state.current_phase()

    def returns(self) -> tuple[float, float]:
        values = self.state.returns()
        return values[0], values[1]

    # ----------------------------------------------------------------- our moves
    def playable(self, legal: Sequence[Action]) -> list[Action]:
        """``legal`` less a knock OpenSpiel refuses: it judges an eleven-card hand by one best
        split less its highest card, which in rare hands misses a knock (see the rules)."""
        if self.phase != self.g.Phase.DISCARD or self.g.KNOCK_ACTION in self.state.legal_actions():
            return list(legal)
        return [a for a in legal if not isinstance(a, Knock)]

    def ours(self, action: Action) -> None:
        """Apply a move of our engine to both (a draw from the stock deals its card there)."""
        g, state = self.g, self.state
        if isinstance(action, DrawTalon):
            card = self.game.stock[-1]
            self.game.apply(action)
            state.apply_action(g.DRAW_STOCK_ACTION)
            state.apply_action(os_card(card))
        elif isinstance(action, TakeDiscard):
            wall = self.phase == g.Phase.WALL
            self.game.apply(action)
            state.apply_action(g.KNOCK_ACTION if wall else g.DRAW_UPCARD_ACTION)
        elif isinstance(action, Pass):
            self.game.apply(action)
            state.apply_action(g.PASS_ACTION)
        elif isinstance(action, Discard):
            self.game.apply(action)
            state.apply_action(os_card(action.card))
        elif isinstance(action, Knock):
            seat = action.seat
            self.game.apply(action)
            if self.phase == g.Phase.DISCARD:
                state.apply_action(g.KNOCK_ACTION)
            state.apply_action(os_card(action.card))
            self.lay_down(seat)

    # ----------------------------------------------------------------- its moves
    def theirs(self, number: int) -> None:
        """Apply an OpenSpiel action (the bot's) to both."""
        g, state, seat = self.g, self.state, self.state.current_player()
        phase = self.phase
        state.apply_action(number)
        if phase in (g.Phase.FIRST_UPCARD, g.Phase.DRAW):
            if number == g.DRAW_UPCARD_ACTION:
                self.game.apply(TakeDiscard(seat))
            elif number == g.PASS_ACTION:
                self.game.apply(Pass(seat))
            elif number == g.DRAW_STOCK_ACTION and not state.is_terminal():
                card = self.game.stock[-1]
                self.game.apply(DrawTalon(seat))
                state.apply_action(os_card(card))
        elif phase == g.Phase.WALL:
            self.game.apply(TakeDiscard(seat) if number == g.KNOCK_ACTION else Pass(seat))
        elif phase == g.Phase.DISCARD and number != g.KNOCK_ACTION:
            self.game.apply(Discard(seat, our_card(number)))
        elif phase == g.Phase.KNOCK and number < 52:
            self.game.apply(Knock(seat, our_card(number)))

    # ----------------------------------------------------------------- laying down
    def lay_down(self, seat: int) -> None:
        """Lay ``seat``'s hand down in OpenSpiel: the knocker's melds as our engine chose
        them, or the defender's best lay-offs and melds against the knocker's melds there."""
        g, state = self.g, self.state
        hand = sum(1 << onepack.index(our_card(c)) for c in state.hands()[seat])
        if self.phase == g.Phase.KNOCK:
            shown = PACK.knocker_melds(hand, self._pile_mask())
            self._lay_melds(shown)
            state.apply_action(g.PASS_ACTION)
            return
        if not state.finished_layoffs():
            knocker = [
                onepack.mask_of(our_card(c) for c in self.utils.int_to_meld[m])
                for m in state.layed_melds()[1 - seat]
            ]
            laid, _ = PACK.defend(hand, knocker)
            hand = self._lay_off(hand, laid)
            state.apply_action(g.PASS_ACTION)
        self._lay_melds(next(PACK.arrangements(hand)))
        state.apply_action(g.PASS_ACTION)

    def _pile_mask(self) -> int:
        return onepack.mask_of(our_card(c) for c in self.state.discard_pile())

    def _lay_off(self, hand: int, laid: int) -> int:
        """Lay off ``laid`` card by card in an order OpenSpiel takes; what it refuses (a
        third card on one end of a run) stays in the hand, where it melds by itself."""
        left = laid
        progress = True
        while left and progress:
            progress = False
            legal = set(self.state.legal_actions())
            for i in onepack.cards_of(left):
                number = os_card(i)
                if number in legal:
                    self.state.apply_action(number)
                    bit = 1 << onepack.index(i)
                    left &= ~bit
                    hand &= ~bit
                    progress = True
                    break
        return hand

    def _lay_melds(self, shown: Sequence[int]) -> None:
        for meld in shown:
            cards = onepack.cards_of(meld)
            for piece in _pieces(cards):
                ids = sorted(os_card(c) for c in piece)
                self.state.apply_action(self.g.MELD_ACTION_BASE + self.utils.meld_to_int(ids))


def _pieces(cards: Sequence[Card]) -> list[Sequence[Card]]:
    """A meld as OpenSpiel spells it: runs longer than five in pieces of three to five."""
    pieces = []
    rest = list(cards)
    while len(rest) > 5:
        pieces.append(rest[:3])
        rest = rest[3:]
    return [*pieces, rest]
