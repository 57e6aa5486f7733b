"""A Treppenrommé session: rounds of draw, melds and lay-offs, discard, until the target.

Every action can be checked without being applied (``verify`` / ``can``) and is recorded when
applied (``apply``). A game is rebuilt from ruleset, seat names, seed and the action log.
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from dataclasses import asdict, dataclass, fields
from typing import Any

from engine.actions import (
    Action,
    Discard,
    DrawTalon,
    LayOff,
    Meld,
    TakeStaircase,
    action_from_json,
    action_to_json,
)
from engine.cards import FULL_PACK, Card, Rank, format_cards
from engine.errors import IllegalAction, RulesError
from engine.events import (
    Discarded,
    DrewFromTalon,
    Event,
    FirstDealerDrawn,
    LaidOff,
    Melded,
    RoundEnded,
    RoundResult,
    RoundStarted,
    SessionEnded,
    TalonRebuilt,
    TookFromStaircase,
)
from engine.melds import MeldShape, TableMeld, analyse_meld, hand_value, possible_melds
from engine.views import MeldView, Phase, PlacedCard, PrivateView, PublicView, SeatView

MIN_SEATS = 2
MAX_SEATS = 4
# Actions are immutable values, so the common ones are made once (legal_actions is hot).
_DRAWS = [DrawTalon(seat) for seat in range(MAX_SEATS)]
_TAKES = [[TakeStaircase(seat, i) for i in range(len(FULL_PACK))] for seat in range(MAX_SEATS)]
_DISCARDS = [{card: Discard(seat, card) for card in FULL_PACK} for seat in range(MAX_SEATS)]


@dataclass(frozen=True, slots=True)
class Ruleset:
    """The options a table agrees on before play. Frozen: a game never changes its rules."""

    target: int = 500
    hand_size: int = 7
    no_return: bool = True  # who took only the top staircase card may not discard it again
    max_rebuilds: int = 2  # the talon runs out this many times and is rebuilt; next time ends
    romme_hand_double: bool = True

    def __post_init__(self) -> None:
        if self.target <= 0:
            raise ValueError("target must be positive")
        if not 1 <= self.hand_size <= 12:
            raise ValueError("hand_size must be between 1 and 12")
        if self.max_rebuilds < 0:
            raise ValueError("max_rebuilds cannot be negative")

    def new_game(self, names: Sequence[str], seed: int, deal: Deal | None = None) -> Game:
        return Game(self, names, seed, deal)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Ruleset:
        known = {f.name for f in fields(cls)}
        return cls(**{k: v for k, v in data.items() if k in known})


@dataclass(frozen=True, slots=True)
class Deal:
    """A chosen first deal, for puzzles and tests: hands by seat, staircase oldest first,
    talon with its top card last. Later rounds are shuffled from the seed as usual."""

    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    staircase: tuple[Card, ...]
    talon: tuple[Card, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "dealer": self.dealer,
            "hands": [[c.code for c in hand] for hand in self.hands],
            "staircase": [c.code for c in self.staircase],
            "talon": [c.code for c in self.talon],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Deal:
        def cards(codes: list[str]) -> tuple[Card, ...]:
            return tuple(Card.parse(code) for code in codes)

        return cls(
            int(data["dealer"]),
            tuple(cards(hand) for hand in data["hands"]),
            cards(data["staircase"]),
            cards(data["talon"]),
        )


def _lot_value(card: Card) -> int:
    """For the draw for first dealer the Ace is high."""
    return 14 if card.rank is Rank.ACE else int(card.rank)


class Game:
    """One session of Treppenrommé for 2 to 4 seats (seat 0..n-1, clockwise)."""

    def __init__(
        self, ruleset: Ruleset, names: Sequence[str], seed: int, deal: Deal | None = None
    ) -> None:
        if not MIN_SEATS <= len(names) <= MAX_SEATS:
            raise IllegalAction("Treppenrommé is played by 2 to 4 players.")
        self.ruleset = ruleset
        self.names: tuple[str, ...] = tuple(names)
        self.seed = seed
        self.n = len(names)
        self._rng = random.Random(seed)
        self.actions: list[Action] = []
        self.events: list[Event] = []
        self.scores = [0] * self.n
        self.round_points = [0] * self.n
        self.round_number = 0
        self.results: list[RoundResult] = []
        self.winner: int | None = None
        self.hands: list[list[Card]] = [[] for _ in range(self.n)]
        self.talon: list[Card] = []
        self.staircase: list[Card] = []
        self.melds: list[TableMeld] = []
        self.phase = Phase.DRAW
        self.to_act = 0
        self.run_outs = 0
        self.locked_discard: Card | None = None
        # Rommé hand: did the seat meld or lay off in an earlier turn of this round?
        self.played_earlier = [False] * self.n
        self.played_this_turn = False
        self.known: list[list[Card]] = [[] for _ in range(self.n)]
        self.deal = deal
        if deal is None:
            self.dealer = self._draw_for_dealer()
            self._start_round()
        else:
            self._start_chosen_round(deal)

    # ----------------------------------------------------------------- set-up
    def _draw_for_dealer(self) -> int:
        contenders = list(range(self.n))
        passes: list[tuple[tuple[int, Card], ...]] = []
        while True:
            deck = list(FULL_PACK)
            self._rng.shuffle(deck)
            drawn = tuple((seat, deck[i]) for i, seat in enumerate(contenders))
            passes.append(drawn)
            best = max(_lot_value(card) for _, card in drawn)
            contenders = [seat for seat, card in drawn if _lot_value(card) == best]
            if len(contenders) == 1:
                self.events.append(FirstDealerDrawn(tuple(passes), contenders[0]))
                return contenders[0]

    def _start_chosen_round(self, deal: Deal) -> None:
        if len(deal.hands) != self.n or not 0 <= deal.dealer < self.n or not deal.staircase:
            raise IllegalAction("The chosen deal does not fit the table.")
        placed = sorted([*deal.staircase, *deal.talon, *(c for hand in deal.hands for c in hand)])
        if placed != sorted(FULL_PACK):
            raise IllegalAction("The chosen deal must hold the whole pack exactly once.")
        self.dealer = deal.dealer
        self._open_round(
            [list(hand) for hand in deal.hands], list(deal.staircase), list(deal.talon)
        )

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
        self.run_outs = 0
        self.events.append(RoundStarted(self.round_number, self.dealer, upcard))
        self._begin_turn(self.dealer)

    def _begin_turn(self, seat: int) -> None:
        self.to_act = seat
        self.phase = Phase.DRAW
        self.locked_discard = None
        self.played_this_turn = False
        if self.talon:
            return
        self.run_outs += 1
        if self.run_outs > self.ruleset.max_rebuilds:
            self._end_round(None)
            return
        rebuilt = self.staircase[:-1]
        self.staircase = self.staircase[-1:]
        self._rng.shuffle(rebuilt)
        self.talon = rebuilt
        self.events.append(TalonRebuilt(len(rebuilt), self.run_outs))
        if not self.talon and not self.staircase:
            self._end_round(None)

    # ----------------------------------------------------------------- checks
    def _check_turn(self, seat: int) -> None:
        if self.phase is Phase.OVER:
            raise IllegalAction("The game is over.")
        if not 0 <= seat < self.n:
            raise IllegalAction("You are not seated at this table.")
        if seat != self.to_act:
            raise IllegalAction(f"It is {self.names[self.to_act]}'s turn.")

    def _check_play(self, seat: int) -> None:
        self._check_turn(seat)
        if self.phase is Phase.DRAW:
            raise IllegalAction("Draw first: take the top talon card or cards from the staircase.")

    def _check_in_hand(self, seat: int, cards: Sequence[Card]) -> None:
        hand = self.hands[seat]
        missing = [c for c in set(cards) if cards.count(c) > hand.count(c)]
        if missing:
            raise IllegalAction(f"You do not hold {format_cards(sorted(missing))}.")

    def _check_holds(self, seat: int, card: Card) -> None:
        if card not in self.hands[seat]:
            raise IllegalAction(f"You do not hold {card}.")

    def _find_meld(self, meld_id: int) -> TableMeld:
        if 0 <= meld_id < len(self.melds):
            return self.melds[meld_id]
        raise IllegalAction(f"There is no meld {meld_id + 1} on the table.")

    def _leaves_locked_alone(self, seat: int, played: Sequence[Card]) -> bool:
        """Would playing ``played`` leave only the card that may not be discarded?"""
        locked = self.locked_discard
        hand = self.hands[seat]
        return (
            locked is not None
            and len(hand) == len(played) + 1
            and locked in hand
            and locked not in played
        )

    def _check_keeps_a_discard(self, seat: int, played: Sequence[Card]) -> None:
        if self._leaves_locked_alone(seat, played):
            card = self.locked_discard
            raise IllegalAction(
                f"That would leave only {card} in your hand, and you took it from the "
                f"staircase this turn, so you cannot discard it: keep another card to "
                f"discard, or play {card} too."
            )

    def verify(self, action: Action) -> None:
        """Raise a ``RulesError`` saying why ``action`` is not allowed now; change nothing."""
        self._checked(action)

    def _checked(self, action: Action) -> MeldShape | int | None:
        """``verify``, returning what apply needs next: a meld's shape, a lay-off's points."""
        if isinstance(action, Discard):
            self._check_play(action.seat)
            self._check_holds(action.seat, action.card)
            if action.card is self.locked_discard:
                raise IllegalAction(
                    f"You took {action.card} from the staircase; you cannot discard it this turn."
                )
        elif isinstance(action, DrawTalon):
            self._check_turn(action.seat)
            if self.phase is not Phase.DRAW:
                raise IllegalAction("You have drawn already this turn.")
            if not self.talon:
                raise IllegalAction("The talon is empty: take from the staircase.")
        elif isinstance(action, TakeStaircase):
            self._check_turn(action.seat)
            if self.phase is not Phase.DRAW:
                raise IllegalAction("You have drawn already this turn.")
            if not 0 <= action.index < len(self.staircase):
                raise IllegalAction(
                    f"The staircase has {len(self.staircase)} cards: "
                    f"pick a position from 1 to {len(self.staircase)}."
                )
        elif isinstance(action, Meld):
            self._check_play(action.seat)
            self._check_in_hand(action.seat, action.cards)
            shape = analyse_meld(action.cards)
            self._check_keeps_a_discard(action.seat, action.cards)
            return shape
        elif isinstance(action, LayOff):
            self._check_play(action.seat)
            self._check_holds(action.seat, action.card)
            points = self._find_meld(action.meld_id).layoff_points(action.card, action.end)
            self._check_keeps_a_discard(action.seat, (action.card,))
            return points
        else:  # pragma: no cover - the Action union is closed
            raise IllegalAction(f"Unknown action {action!r}.")
        return None

    def can(self, action: Action) -> bool:
        try:
            self.verify(action)
        except RulesError:
            return False
        return True

    # ----------------------------------------------------------------- apply
    def apply(self, action: Action) -> list[Event]:
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
            romme = self.ruleset.romme_hand_double and not self.played_earlier[went_out]
            bonus = sum(hand_points) * (2 if romme else 1)
            self.scores[went_out] += bonus
        result = RoundResult(
            round_number=self.round_number,
            went_out=went_out,
            romme_hand=romme,
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

    # ----------------------------------------------------------------- moves
    def legal_actions(self) -> list[Action]:
        """Every action the player to act may take now: each staircase depth, each meld the
        hand can form, each lay-off (card, meld, end) and each discard."""
        if self.phase is Phase.OVER:
            return []
        seat = self.to_act
        if self.phase is Phase.DRAW:
            takes = _TAKES[seat]
            moves: list[Action] = [_DRAWS[seat]] if self.talon else []
            moves.extend(takes[: len(self.staircase)])
            return moves
        hand = self.hands[seat]
        result: list[Action] = [
            Meld(seat, cards)
            for cards in possible_melds(hand)
            if not self._leaves_locked_alone(seat, cards)
        ]
        result.extend(self.legal_layoffs(seat))
        result.extend(self.legal_discards(seat))
        return result

    def legal_layoffs(self, seat: int) -> list[LayOff]:
        held = set(self.hands[seat])
        moves: list[LayOff] = []
        for meld in self.melds:
            for card, end in meld.fitting_cards():
                if card in held and not self._leaves_locked_alone(seat, (card,)):
                    moves.append(LayOff(seat, card, meld.id, end))
        return moves

    def legal_discards(self, seat: int) -> list[Discard]:
        hand = self.hands[seat]
        locked = self.locked_discard
        discards = _DISCARDS[seat]
        return [discards[card] for card in dict.fromkeys(hand) if card is not locked]

    # ----------------------------------------------------------------- views
    def public_view(self) -> PublicView:
        return PublicView(
            version=len(self.actions),
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
            run_outs=self.run_outs,
            last_round=self.results[-1] if self.results else None,
            winner=self.winner,
        )

    def private_view(self, seat: int) -> PrivateView:
        locked = self.locked_discard if seat == self.to_act else None
        return PrivateView(seat, tuple(self.hands[seat]), self.public_view(), locked)

    # ----------------------------------------------------------------- replay
    def to_json(self) -> str:
        data: dict[str, Any] = {
            "ruleset": self.ruleset.to_json(),
            "names": list(self.names),
            "seed": self.seed,
            "actions": [action_to_json(a) for a in self.actions],
        }
        if self.deal is not None:
            data["deal"] = self.deal.to_json()
        return json.dumps(
            data,
            separators=(",", ":"),
            ensure_ascii=False,
        )

    @classmethod
    def from_json(cls, text: str) -> Game:
        data = json.loads(text)
        deal = Deal.from_json(data["deal"]) if "deal" in data else None
        return cls.replay(
            Ruleset.from_json(data["ruleset"]),
            data["names"],
            int(data["seed"]),
            [action_from_json(a) for a in data["actions"]],
            deal,
        )

    @classmethod
    def replay(
        cls,
        ruleset: Ruleset,
        names: Sequence[str],
        seed: int,
        actions: Sequence[Action],
        deal: Deal | None = None,
    ) -> Game:
        game = cls(ruleset, names, seed, deal)
        for action in actions:
            game.apply(action)
        return game

    def card_locations(self) -> list[Card]:
        """Every card currently in play, wherever it lies (for conservation checks)."""
        cards = list(self.talon) + list(self.staircase)
        for hand in self.hands:
            cards.extend(hand)
        for meld in self.melds:
            cards.extend(meld.cards)
        return cards
