"""What every game's table shares: the draw for first dealer, a chosen first deal, turn
checks, the stock rebuilt from the discard pile, and storing and replaying a game.

``TableGame`` is the base of every game. A game sets ``GAME_KEY``, ``TITLE``, ``MIN_SEATS``,
``MAX_SEATS`` and ``RULESET`` (its ruleset class, which stored games are read back with) and
implements the rules (``verify``,
``apply``, ``legal_actions``, the views and ``standings``); a game played with a stock and a
discard pile builds on ``engine.piles.PileGame``, which does most of that.
"""

from __future__ import annotations

import json
import random
import struct
import sys
import weakref
import zlib
from base64 import b64decode, b64encode
from collections.abc import Sequence
from dataclasses import dataclass, fields, is_dataclass
from enum import Enum
from typing import Any, ClassVar, Generic, Protocol, Self, TypeVar, cast

from engine.actions import Action, action_from_json, action_to_json
from engine.cards import FULL_PACK, JOKER, Card, Rank
from engine.errors import IllegalAction, RulesError
from engine.events import FirstDealerDrawn, GameEvent, TalonRebuilt
from engine.fingerprint import engine_fingerprint
from engine.i18n import N_, Message
from engine.protocol import GameSpec, Phase, RummyGame
from engine.registry import get_spec


def lot_value(card: Card) -> int:
    """For the draw for first dealer the Ace is high."""
    return 14 if card.rank is Rank.ACE else int(card.rank)


def draw_for_dealer(rng: random.Random, seats: int) -> FirstDealerDrawn:
    """Every player is shown a card of one shuffled pack; the highest deals, ties draw again."""
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
        """Every card the deal places, to check that it is the game's whole pack."""
        return [*self.discard, *self.stock, *(c for hand in self.hands for c in hand)]

    def to_json(self) -> dict[str, Any]:
        """The deal as card codes, stored with the game so that its replay deals the same."""
        hands = [[c.code for c in hand] for hand in self.hands]
        discard, stock = [c.code for c in self.discard], [c.code for c in self.stock]
        return {"dealer": self.dealer, "hands": hands, "discard": discard, "stock": stock}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Deal:
        """Reads ``to_json``, and Treppenrommé's older ``staircase``/``talon`` spelling."""
        discard = data["discard"] if "discard" in data else data["staircase"]
        stock = data["stock"] if "stock" in data else data["talon"]
        cards = [tuple(map(Card.parse, codes)) for codes in (discard, stock, *data["hands"])]
        return cls(int(data["dealer"]), tuple(cards[2:]), cards[0], cards[1])


class StoredRuleset(Protocol):
    """What ``TableGame`` needs of a game's ruleset: to be stored with the game and read back."""

    def to_json(self) -> dict[str, Any]:
        """The options as plain JSON data, read back by ``TableGame.read_ruleset``."""

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Self:
        """The ruleset from its ``to_json`` data."""


R = TypeVar("R", bound=StoredRuleset)


class TableGame(Generic[R]):
    """The common core of every game: seats, the seeded shuffles, the action log and events,
    turn checks, rebuilding the stock, and storing and replaying the game."""

    GAME_KEY: ClassVar[str]  # names the game in stored JSON
    RULESET: ClassVar[type[StoredRuleset]]  # the game's ruleset class, ``R`` (read_ruleset)
    TITLE: ClassVar[str]
    MIN_SEATS: ClassVar[int]
    MAX_SEATS: ClassVar[int]

    def __init__(self, ruleset: R, names: Sequence[str], seed: int, deal: Deal | None) -> None:
        if not self.MIN_SEATS <= len(names) <= self.MAX_SEATS:
            if self.MIN_SEATS == self.MAX_SEATS:  # "by 2 to 2 players" reads badly
                raise IllegalAction(
                    N_("{TITLE} is played by exactly {SEATS} players."),
                    TITLE=Message(self.TITLE),
                    SEATS=self.MIN_SEATS,
                )
            raise IllegalAction(
                N_("{TITLE} is played by {MIN_SEATS} to {MAX_SEATS} players."),
                TITLE=Message(self.TITLE),
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
        """The game's entry in the registry: its title, options and computer players."""
        return get_spec(self.GAME_KEY)

    @property
    def is_over(self) -> bool:
        """The session has a winner and takes no more actions."""
        return self.phase is Phase.OVER

    @property
    def version(self) -> int:
        """How many actions the session has applied (forgotten ones included)."""
        return self.forgotten_actions + len(self.actions)

    @property
    def rounds_finished(self) -> int:
        """Rounds scored so far, those ``forget_history`` dropped included."""
        return self.forgotten_rounds + len(self._results())

    def _results(self) -> list[Any]:
        results = getattr(self, "results", None)  # every game keeps its own result type
        return results if isinstance(results, list) else []

    def forget_history(self) -> bytes:
        """Let go of what only the past needs: the action log, the events and every round result
        but the last. A host that stores each action elsewhere keeps a live game this small
        however long the session; ``to_json`` then refuses, ``checkpoint`` takes its place."""
        self.forgotten_actions += len(self.actions)
        self.actions = []
        self.events = []
        results = self._results()
        if len(results) > 1:
            self.forgotten_rounds += len(results) - 1
            del results[:-1]
        base = self.checkpoint()
        _BASES[self] = (base, 0)  # what a failed move is rebuilt from (``_undo``)
        return base

    def checkpoint(self) -> bytes:
        """The whole state now, as data (JSON, see ``_to_data``, compressed), for
        ``from_checkpoint``: a restart replays only the actions after it. Only the engine that
        wrote it reads it."""
        state = {"format": CHECKPOINT_FORMAT, "engine": engine_fingerprint()}
        state["game"] = _to_data(self, set())
        text = json.dumps(state, separators=(",", ":"), ensure_ascii=False).encode()
        return zlib.compress(text)  # kept live and stored each round: 8-10 KB, 4 KB compressed

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
        """Would ``action`` be allowed now? ``verify`` without the reason."""
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

    def _undo(self, logged: int, error: BaseException) -> None:
        """After ``error`` partway through a move, put the game back as its first ``logged``
        actions left it: rebuilt from the deal or the checkpoint kept beside it (``_BASES``)."""
        base, log = _BASES.get(self), self.actions[:logged]
        fresh: object = None if base is None else from_checkpoint(base[0], log[base[1] :])
        if base is None and not self.forgotten_actions:
            fresh = self.replayed(log)
        if fresh is None:
            error.add_note("The game could not be put back as it was before this move.")
        else:
            self.__dict__ = vars(fresh)

    # ----------------------------------------------------------------- replay
    def to_json(self) -> str:
        """The game key, ruleset, names, seed and action log: all a replay needs."""
        if self.forgotten_actions:
            raise ValueError("this game forgot its earlier actions; its log is kept elsewhere")
        data: dict[str, Any] = {"game": self.GAME_KEY, "ruleset": self.ruleset.to_json()}
        data |= {"names": list(self.names), "seed": self.seed}
        data["actions"] = [action_to_json(a) for a in self.actions]
        if self.deal is not None:
            data["deal"] = self.deal.to_json()
        return json.dumps(data, separators=(",", ":"), ensure_ascii=False)

    @classmethod
    def read_ruleset(cls, data: dict[str, Any]) -> R:
        """The game's ruleset from its stored ``to_json`` data, read by its ``RULESET``."""
        return cast(R, cls.RULESET.from_json(data))

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
        """A new game of these seats and seed with ``actions`` applied: the same game exactly."""
        game = cls(ruleset, names, seed, deal)
        for action in actions:
            game.apply(action)
        return game

    def replayed(self, actions: Sequence[Action]) -> Self:
        """This game from its start with ``actions`` (every one since) applied, whatever it
        has forgotten since: its seats, seed and deal never change."""
        return type(self).replay(self.ruleset, self.names, self.seed, actions, self.deal)


CHECKPOINT_FORMAT = 3  # 1: a pickle (never read: it could run code); 2: JSON; 3: JSON, zlib

# A game whose log stops short of its deal: the checkpoint ``_undo`` rebuilds it from, and how
# many of its logged actions that holds (kept beside the game, so checkpoints never nest).
_BASES: weakref.WeakKeyDictionary[TableGame[Any], tuple[bytes, int]] = weakref.WeakKeyDictionary()


def from_checkpoint(data: bytes, actions: Sequence[Action]) -> RummyGame | None:
    """The game ``checkpoint()`` saved with ``actions`` (those since) replayed; None when another
    engine wrote it or it cannot be read. Reading builds the engine's values, runs no code."""
    try:
        state = json.loads(zlib.decompress(data))
        if state["format"] != CHECKPOINT_FORMAT or state["engine"] != engine_fingerprint():
            return None
        game = _from_data(state["game"])
        if not isinstance(game, TableGame):
            return None
        _BASES[game] = (data, len(game.actions))  # a failed move is rebuilt from here
        for action in actions:
            game.apply(action)
    except Exception:  # damaged or foreign: the action log is the truth
        return None
    return cast(RummyGame, game)


# Checkpoint values: JSON's own and lists as they are, others one-key objects: {"c": card},
# {"t": tuple}, {"s": frozenset}, {"d": dict items}, {"r": random state}, {"e": [enum, value]},
# {"o": [class, {field: value}]}; classes are the engine's, named "module:Class".
_CARDS = {card._hash: card for card in (*FULL_PACK, JOKER)}


def _to_data(value: Any, seen: set[int]) -> Any:
    if isinstance(value, Card):
        return {"c": value._hash}
    if isinstance(value, Enum):
        return {"e": [_class_name(type(value)), value.value]}
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, tuple | frozenset):
        return {"t" if isinstance(value, tuple) else "s": [_to_data(v, seen) for v in value]}
    params = getattr(type(value), "__dataclass_params__", None)  # shared mutable state would
    if not (params and params.frozen) and id(value) in seen:  # come back as two copies
        raise ValueError(f"a checkpoint cannot hold one {type(value).__name__} twice")
    seen.add(id(value))
    if isinstance(value, list):
        return [_to_data(v, seen) for v in value]
    if isinstance(value, dict):
        return {"d": [[_to_data(k, seen), _to_data(v, seen)] for k, v in value.items()]}
    if isinstance(value, random.Random):
        version, words, gauss = value.getstate()
        return {"r": [version, b64encode(struct.pack(f"<{len(words)}I", *words)).decode(), gauss]}
    names = [f.name for f in fields(value)] if is_dataclass(value) else list(vars(value))
    return {"o": [_class_name(type(value)), {n: _to_data(getattr(value, n), seen) for n in names}]}


def _class_name(kind: type) -> str:
    if not kind.__module__.startswith("engine."):
        raise ValueError(f"a checkpoint holds the engine's values only, not {kind!r}")
    return f"{kind.__module__}:{kind.__qualname__}"


def _from_data(data: Any) -> Any:
    if isinstance(data, list):
        return [_from_data(v) for v in data]
    if not isinstance(data, dict):
        return data
    ((tag, body),) = data.items()
    if tag == "c":
        return _CARDS[body]
    if tag == "e":
        return _engine_class(body[0], Enum)(body[1])
    if tag in ("t", "s"):
        return (tuple if tag == "t" else frozenset)(_from_data(v) for v in body)
    if tag == "d":
        return {_from_data(k): _from_data(v) for k, v in body}
    if tag == "r":
        rng, raw = random.Random(), b64decode(body[1])
        rng.setstate((body[0], struct.unpack(f"<{len(raw) // 4}I", raw), body[2]))
        return rng
    kind = _engine_class(body[0], object) if tag == "o" else None
    allowed = {f.name for f in fields(kind)} if is_dataclass(kind) else None
    if kind is None or (allowed is None and not issubclass(kind, TableGame)):
        raise ValueError(f"not a checkpoint value: {data!r:.80}")
    value = object.__new__(kind)
    for name, item in body[1].items():
        if name.startswith("__") or (allowed is not None and name not in allowed):
            raise ValueError(f"{body[0]} has no field {name!r}")
        object.__setattr__(value, name, _from_data(item))
    return value


def _engine_class(name: str, base: type) -> Any:
    module_name, _, class_name = name.partition(":")  # among modules loaded: nothing imported
    module = sys.modules.get(module_name) if module_name.startswith("engine.") else None
    kind = getattr(module, class_name, None) if class_name.isidentifier() else None
    if not isinstance(kind, type) or not issubclass(kind, base):
        raise ValueError(f"not one of the engine's classes: {name!r}")
    return kind
