"""What every game's table shares: packs, the draw for first dealer, a chosen first deal,
turn checks, the stock rebuilt from the discard pile, and storing and replaying a game.

``TableGame`` is the base of every game. A game sets ``GAME_KEY``, ``TITLE``, ``MIN_SEATS``
and ``MAX_SEATS``, reads its ruleset in ``read_ruleset`` and implements the rules (``verify``,
``apply``, ``legal_actions``, the views and ``standings``).
"""

from __future__ import annotations

import hashlib
import json
import pickle
import random
from collections.abc import Sequence
from dataclasses import Field, asdict, dataclass, replace
from functools import cache
from pathlib import Path
from typing import Any, ClassVar, Generic, Protocol, Self, TypeVar, cast

from engine.actions import Action, action_from_json, action_to_json
from engine.cards import FULL_PACK, JOKER, Card, Rank
from engine.errors import IllegalAction, RulesError
from engine.events import FirstDealerDrawn, GameEvent, TalonRebuilt
from engine.i18n import N_
from engine.protocol import GameSpec, Phase, RummyGame
from engine.registry import get_spec


def two_packs(jokers: int) -> list[Card]:
    """Two French packs and ``jokers`` jokers, in a fixed order (shuffle before use)."""
    return [*FULL_PACK, *FULL_PACK, *([JOKER] * jokers)]


def lot_value(card: Card) -> int:
    """For the draw for first dealer the Ace is high."""
    return 14 if card.rank is Rank.ACE else int(card.rank)


def draw_for_dealer(rng: random.Random, seats: int) -> FirstDealerDrawn:
    """Every player is shown a card of one shuffled pack; the highest deals (Ace high), ties
    draw again."""
    contenders = list(range(seats))
    passes: list[tuple[tuple[int, Card], ...]] = []
    while True:
        deck = list(FULL_PACK)
        rng.shuffle(deck)
        drawn = tuple((seat, deck[i]) for i, seat in enumerate(contenders))
        passes.append(drawn)
        best = max(lot_value(card) for _, card in drawn)
        contenders = [seat for seat, card in drawn if lot_value(card) == best]
        if len(contenders) == 1:
            return FirstDealerDrawn(tuple(passes), contenders[0])


def _cards(codes: list[str]) -> tuple[Card, ...]:
    return tuple(Card.parse(code) for code in codes)


@dataclass(frozen=True, slots=True)
class Deal:
    """A chosen first deal, for puzzles and tests: hands by seat, the discard pile (the
    staircase in Treppenrommé) bottom first, the stock (the talon) with its top card last.
    Later rounds are shuffled from the seed as usual."""

    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    discard: tuple[Card, ...]
    stock: tuple[Card, ...]

    def cards(self) -> list[Card]:
        return [*self.discard, *self.stock, *(c for hand in self.hands for c in hand)]

    def to_json(self) -> dict[str, Any]:
        return {
            "dealer": self.dealer,
            "hands": [[c.code for c in hand] for hand in self.hands],
            "discard": [c.code for c in self.discard],
            "stock": [c.code for c in self.stock],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Deal:
        """Reads ``to_json``, and Treppenrommé's older ``staircase``/``talon`` spelling."""
        discard = data["discard"] if "discard" in data else data["staircase"]
        stock = data["stock"] if "stock" in data else data["talon"]
        hands = tuple(_cards(hand) for hand in data["hands"])
        return cls(int(data["dealer"]), hands, _cards(discard), _cards(stock))


class Rules:
    """The base of every game's ruleset (a frozen dataclass whose fields all have defaults):
    its JSON form, read back ignoring keys it does not know."""

    __slots__ = ()
    __dataclass_fields__: ClassVar[dict[str, Field[Any]]]
    # Options renamed since they were first stored: old name -> new name.
    RENAMED: ClassVar[dict[str, str]] = {}

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Self:
        named = {cls.RENAMED[k]: v for k, v in data.items() if k in cls.RENAMED}
        named |= {k: v for k, v in data.items() if k not in cls.RENAMED}  # today's name wins
        known = {k: v for k, v in named.items() if k in cls.__dataclass_fields__}
        return replace(cls(), **known)


class StoredRuleset(Protocol):
    def to_json(self) -> dict[str, Any]: ...


R = TypeVar("R", bound=StoredRuleset)


class TableGame(Generic[R]):
    """The common core of every game: seats, the seeded shuffles, the action log and events,
    turn checks, rebuilding the stock, and storing and replaying the game."""

    GAME_KEY: ClassVar[str]  # names the game in stored JSON
    TITLE: ClassVar[str]
    MIN_SEATS: ClassVar[int]
    MAX_SEATS: ClassVar[int]

    def __init__(self, ruleset: R, names: Sequence[str], seed: int, deal: Deal | None) -> None:
        if not self.MIN_SEATS <= len(names) <= self.MAX_SEATS:
            raise IllegalAction(
                N_("{TITLE} is played by {MIN_SEATS} to {MAX_SEATS} players."),
                TITLE=self.TITLE,
                MIN_SEATS=self.MIN_SEATS,
                MAX_SEATS=self.MAX_SEATS,
            )
        self.ruleset = ruleset
        self.names: tuple[str, ...] = tuple(names)
        self.seed = seed
        self.n = len(names)
        self._rng = random.Random(seed)
        self.deal = deal
        self.actions: list[Action] = []  # since the deal, or since ``forget_history``
        self.events: list[GameEvent] = []
        self.forgotten_actions = 0  # actions dropped by ``forget_history``
        self.forgotten_rounds = 0  # round results dropped by ``forget_history``
        self.round_number = 0
        self.dealer = 0
        self.to_act = 0
        self.phase = Phase.DRAW
        self.hands: list[list[Card]] = [[] for _ in range(self.n)]
        self.locked_discard: Card | None = None
        self.winner: int | None = None

    @property
    def spec(self) -> GameSpec:
        return get_spec(self.GAME_KEY)

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    @property
    def version(self) -> int:
        """How many actions the session has applied (forgotten ones included)."""
        return self.forgotten_actions + len(self.actions)

    @property
    def rounds_finished(self) -> int:
        return self.forgotten_rounds + len(self._results())

    def _results(self) -> list[Any]:
        results = getattr(self, "results", None)  # every game keeps its own result type
        return results if isinstance(results, list) else []

    def forget_history(self) -> None:
        """Let go of what only the past needs: the action log and the events so far and every
        round result but the last. A host that stores each action elsewhere keeps a live game
        this small whatever the session's length; ``to_json`` then refuses (the log is gone),
        ``checkpoint`` and ``from_checkpoint`` take its place."""
        self.forgotten_actions += len(self.actions)
        self.actions = []
        self.events = []
        results = self._results()
        if len(results) > 1:
            self.forgotten_rounds += len(results) - 1
            del results[:-1]

    def checkpoint(self) -> bytes:
        """The whole state now, for ``from_checkpoint``: a restart replays only the actions
        after it. Only the engine that wrote it reads it back (see ``from_checkpoint``)."""
        return pickle.dumps(
            (CHECKPOINT_FORMAT, engine_fingerprint(), self), protocol=pickle.HIGHEST_PROTOCOL
        )

    def _draw_for_dealer(self) -> int:
        drawn = draw_for_dealer(self._rng, self.n)
        self.events.append(drawn)
        return drawn.dealer

    def _check_deal(self, deal: Deal, pack: Sequence[Card]) -> None:
        if len(deal.hands) != self.n or not 0 <= deal.dealer < self.n:
            raise IllegalAction(N_("The chosen deal does not fit the table."))
        if sorted(deal.cards()) != sorted(pack):
            raise IllegalAction(
                N_("The chosen deal must hold every card of the game exactly once.")
            )

    def _rebuilt_stock(self, pile: list[Card], rebuilds: int) -> tuple[list[Card], list[Card]]:
        """The discard pile but its top shuffled into a new stock: (pile left, new stock)."""
        stock = pile[:-1]
        self._rng.shuffle(stock)
        self.events.append(TalonRebuilt(len(stock), rebuilds))
        return pile[-1:], stock

    # ----------------------------------------------------------------- checks
    def verify(self, action: Action) -> None:
        """Raise a ``RulesError`` saying why ``action`` is not allowed now; change nothing."""
        raise NotImplementedError

    def can(self, action: Action) -> bool:
        try:
            self.verify(action)
        except RulesError:
            return False
        return True

    def apply(self, action: Action) -> Sequence[GameEvent]:
        """Check and apply ``action``; return the events it caused. Refused: nothing changes."""
        raise NotImplementedError

    def _check_turn(self, seat: int) -> None:
        if self.phase is Phase.OVER:
            raise IllegalAction(N_("The game is over."))
        if not 0 <= seat < self.n:
            raise IllegalAction(N_("You are not seated at this table."))
        if seat != self.to_act:
            raise IllegalAction(N_("It is {name}'s turn."), name=self.names[self.to_act])

    def _check_holds(self, seat: int, card: Card) -> None:
        if card not in self.hands[seat]:
            raise IllegalAction(N_("You do not hold {card}."), card=card)

    def _check_in_hand(self, seat: int, cards: Sequence[Card]) -> None:
        hand = self.hands[seat]
        missing = [c for c in set(cards) if cards.count(c) > hand.count(c)]
        if missing:
            raise IllegalAction(N_("You do not hold {cards}."), cards=tuple(sorted(missing)))

    # ----------------------------------------------------------------- replay
    def to_json(self) -> str:
        """The game key, ruleset, names, seed and action log: all a replay needs."""
        if self.forgotten_actions:
            raise ValueError("this game forgot its earlier actions; its log is kept elsewhere")
        data: dict[str, Any] = {
            "game": self.GAME_KEY,
            "ruleset": self.ruleset.to_json(),
            "names": list(self.names),
            "seed": self.seed,
            "actions": [action_to_json(a) for a in self.actions],
        }
        if self.deal is not None:
            data["deal"] = self.deal.to_json()
        return json.dumps(data, separators=(",", ":"), ensure_ascii=False)

    @classmethod
    def read_ruleset(cls, data: dict[str, Any]) -> R:
        raise NotImplementedError

    @classmethod
    def from_json(cls, text: str) -> Self:
        """Rebuild a game from ``to_json()`` by replaying its actions."""
        data = json.loads(text)
        deal = Deal.from_json(data["deal"]) if "deal" in data else None
        actions = [action_from_json(a) for a in data["actions"]]
        ruleset = cls.read_ruleset(data["ruleset"])
        return cls.replay(ruleset, list(data["names"]), int(data["seed"]), actions, deal)

    @classmethod
    def replay(
        cls,
        ruleset: R,
        names: Sequence[str],
        seed: int,
        actions: Sequence[Action],
        deal: Deal | None = None,
    ) -> Self:
        game = cls(ruleset, names, seed, deal)
        for action in actions:
            game.apply(action)
        return game


CHECKPOINT_FORMAT = 1


@cache
def engine_fingerprint() -> str:
    """A digest of the engine's source. A checkpoint holds the engine's objects as they are,
    so one written by other code (an update) is not trusted: the game is replayed from its
    whole log instead."""
    digest = hashlib.sha256()
    root = Path(__file__).resolve().parent
    for path in sorted(root.rglob("*.py")):
        digest.update(path.relative_to(root).as_posix().encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def from_checkpoint(data: bytes, actions: Sequence[Action]) -> RummyGame | None:
    """The game ``checkpoint()`` saved, with ``actions`` (those applied after it) replayed;
    None when the checkpoint was written by another engine or cannot be read (replay the
    whole log then). Checkpoints are the host's own data, never input from players."""
    try:
        fmt, fingerprint, game = pickle.loads(data)
    except Exception:
        return None
    if fmt != CHECKPOINT_FORMAT or fingerprint != engine_fingerprint():
        return None
    if not isinstance(game, TableGame):
        return None
    for action in actions:
        game.apply(action)
    return cast(RummyGame, game)
