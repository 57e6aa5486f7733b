"""What every game shares: its state, made of typed parts (``engine.state``), the seeded
shuffles, the action log and events, turn checks, and storing, replaying and checkpointing a
game.

``TableGame`` is the base of every game. A game sets ``GAME_KEY``, ``TITLE``, ``MIN_SEATS`` and
``MAX_SEATS``; its type arguments (``PileGame[Ruleset, RoundResult, State]``) name
``RULESET`` (its ruleset class, which stored games are read back with), ``RESULT`` (its round
result) and ``OWN`` (the dataclass of its own state, made by ``_own_state``), and its ruleset
(a ``GameRuleset``) makes it. It implements the rules (``verify``, ``apply``,
``legal_actions``, the views and ``standings``); a game played with a stock and a discard
pile builds on ``engine.piles.PileGame``, which does most of that.
"""

from __future__ import annotations

import json
import random
import typing
import weakref
import zlib
from collections.abc import Sequence
from typing import Any, ClassVar, Generic, NoReturn, Self, TypeVar, cast

from engine.actions import Action, action_from_json, action_to_json
from engine.cards import Card
from engine.deal import Deal, draw_for_dealer
from engine.errors import IllegalAction, RulesError
from engine.events import GameEvent, RoundResult, TalonRebuilt
from engine.i18n import N_, Message
from engine.options import Rules, StoredRuleset
from engine.protocol import GameSpec, Phase, RummyGame
from engine.registry import get_spec
from engine.state import GameState, Piles, Session, TableState, state_from_data, state_to_data

# Covariant: a game of a ruleset is a game of any protocol the ruleset meets (the checks
# take a game by the options they read).
R = TypeVar("R", bound=StoredRuleset, covariant=True)
RT = TypeVar("RT", bound=RoundResult)
OwnT = TypeVar("OwnT")
G = TypeVar("G", bound="TableGame[Any, Any, Any]")


class GameRuleset(Rules, Generic[G]):
    """The base of every game's ruleset: ``Rules`` (its options, checked, and its JSON form)
    and ``new_game``, a session of its game class ``G``, which ``TableGame`` names on the
    ruleset when that class is made."""

    __slots__ = ()
    _game: type[G]  # set on the class by ``TableGame.__init_subclass__``

    def new_game(self, names: Sequence[str], seed: int, deal: Deal | None = None) -> G:
        """A session of these rules; ``deal`` chooses the first deal (puzzles, tests)."""
        return self._game(self, names, seed, deal)


class TableGame(Generic[R, RT, OwnT]):
    """The common core of every game: seats, the seeded shuffles, the action log and events,
    turn checks, rebuilding the stock, and storing and replaying the game.

    The game's state is its four parts, together ``state`` (``engine.state.GameState``):
    ``table`` (hands, turn, round), ``piles`` (stock, discard pile), ``session`` (totals,
    results) and ``own``, the game's own dataclass (``OWN``), which ``_own_state`` makes."""

    GAME_KEY: ClassVar[str]  # names the game in stored JSON
    RULESET: ClassVar[type[StoredRuleset]]  # the game's ruleset class, ``R`` (read_ruleset)
    TITLE: ClassVar[str]
    MIN_SEATS: ClassVar[int]
    MAX_SEATS: ClassVar[int]
    OWN: ClassVar[type]  # the game's own part of the state, a dataclass
    RESULT: ClassVar[type[RoundResult]]  # the game's round result
    STATE_VERSION: ClassVar[int] = 1  # raised when ``OWN`` changes shape (tests pin it)

    own: OwnT  # the game's own part, an ``OWN``

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """A game class given its type arguments (``PileGame[Ruleset, RoundResult, State]``)
        takes them as its ``RULESET``, ``RESULT`` and ``OWN``, and is its ruleset's game."""
        super().__init_subclass__(**kwargs)
        for base in cls.__dict__.get("__orig_bases__", ()):
            args = typing.get_args(base)
            if len(args) == 3 and all(isinstance(arg, type) for arg in args):
                cls.RULESET, cls.RESULT, cls.OWN = args
                if issubclass(cls.RULESET, GameRuleset):
                    cls.RULESET._game = cls

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
        self.deal = deal
        self.actions: list[Action] = []  # since the deal, or since ``forget_history``
        self.events: list[GameEvent] = []
        self.forgotten_actions = 0  # actions dropped by ``forget_history``
        self.table = TableState([[] for _ in range(self.n)], random.Random(seed))
        self.piles = Piles()
        self.session: Session[RT] = Session([0] * self.n, [True] * self.n)
        self.own = self._own_state()

    def _own_state(self) -> OwnT:
        """The game's own part of the state before its first deal: an ``OWN`` of its
        defaults, unless the game says otherwise."""
        return cast(OwnT, self.OWN())

    # ----------------------------------------------------------------- the state, read
    @property
    def state(self) -> GameState[OwnT, RT]:
        """The whole state now, as one value (the parts themselves, not copies)."""
        return GameState(self.table, self.piles, self.session, self.own, self.version)

    @property
    def hands(self) -> list[list[Card]]:
        """Each seat's hand."""
        return self.table.hands

    @property
    def to_act(self) -> int:
        """The seat whose move it is."""
        return self.table.to_act

    @property
    def phase(self) -> Phase:
        """Where the turn stands: to draw, to play, over."""
        return self.table.phase

    @property
    def round_number(self) -> int:
        """The round being played, from 1."""
        return self.table.round_number

    @property
    def dealer(self) -> int:
        """The seat that dealt this round."""
        return self.table.dealer

    @property
    def winner(self) -> int | None:
        """The session's winner, once it is over."""
        return self.table.winner

    @property
    def locked_discard(self) -> Card | None:
        """The single card taken from the discard pile this turn, which may not go back."""
        return self.table.locked_discard

    @property
    def stock(self) -> list[Card]:
        """The stock, its top card last."""
        return self.piles.stock

    @property
    def discard(self) -> list[Card]:
        """The discard pile, its top card last."""
        return self.piles.discard

    @property
    def totals(self) -> list[int]:
        """Each seat's session total, in the game's unit."""
        return self.session.totals

    @property
    def active(self) -> list[bool]:
        """Which seats are still in the session."""
        return self.session.active

    @property
    def results(self) -> list[RT]:
        """The rounds scored (since ``forget_history``, the last of them)."""
        return self.session.results

    @property
    def last_round(self) -> RT | None:
        """The last round scored, None before the first."""
        return self.session.results[-1] if self.session.results else None

    @property
    def spec(self) -> GameSpec:
        """The game's entry in the registry: its title, options and computer players."""
        return get_spec(self.GAME_KEY)

    @property
    def is_over(self) -> bool:
        """The session has a winner and takes no more actions."""
        return self.table.phase is Phase.OVER

    @property
    def version(self) -> int:
        """How many actions the session has applied (forgotten ones included)."""
        return self.forgotten_actions + len(self.actions)

    @property
    def rounds_finished(self) -> int:
        """Rounds scored so far, those ``forget_history`` dropped included."""
        return self.session.forgotten_rounds + len(self.session.results)

    def forget_history(self) -> bytes:
        """Let go of what only the past needs: the action log, the events and every round result
        but the last. A host that stores each action elsewhere keeps a live game this small
        however long the session; ``to_json`` then refuses, ``checkpoint`` takes its place."""
        self.forgotten_actions += len(self.actions)
        self.actions = []
        self.events = []
        results = self.session.results
        if len(results) > 1:
            self.session.forgotten_rounds += len(results) - 1
            del results[:-1]
        base = self.checkpoint()
        _BASES[self] = (base, 0)  # what a failed move is rebuilt from (``_undo``)
        return base

    def checkpoint(self) -> bytes:
        """The state now as versioned data (``engine.state``, JSON, compressed), for
        ``from_checkpoint``: a restart replays only the actions after it. The action log and
        the events before it are not kept."""
        header = [CHECKPOINT_FORMAT, self.GAME_KEY, self.STATE_VERSION, self._header()]
        body = state_to_data(self.state, self.OWN, self.RESULT)
        text = json.dumps([*header, body], separators=(",", ":"), ensure_ascii=False)
        return zlib.compress(text.encode())  # kept live and stored each round: about 3 KB

    def _restore(self, state: GameState[OwnT, RT]) -> None:
        """Take ``state`` as the game's own, its earlier actions forgotten."""
        self.table, self.piles, self.session, self.own = (
            state.table,
            state.piles,
            state.session,
            state.own,
        )
        self.forgotten_actions, self.actions, self.events = state.version, [], []

    def _draw_for_dealer(self) -> int:
        drawn = draw_for_dealer(self.table.rng, self.n)
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
        self.table.rng.shuffle(stock)
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
        table = self.table
        if table.phase is Phase.OVER:
            raise IllegalAction(N_("The game is over."))
        if not 0 <= seat < self.n:
            raise IllegalAction(N_("You are not seated at this table."))
        if seat != table.to_act:
            raise IllegalAction(N_("It is {name}'s turn."), name=self.names[table.to_act])

    def _refuse(self, seat: int, reason: str) -> NoReturn:
        """Refuse a move the game does not have (``reason`` says so) once the turn checks,
        which speak first, pass."""
        self._check_turn(seat)
        raise IllegalAction(reason)

    def _check_holds(self, seat: int, card: Card) -> None:
        if card not in self.table.hands[seat]:
            raise IllegalAction(N_("You do not hold {card}."), card=card)

    def _check_in_hand(self, seat: int, cards: Sequence[Card]) -> None:
        hand = self.table.hands[seat]
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
        if not isinstance(fresh, TableGame):
            error.add_note("The game could not be put back as it was before this move.")
            return
        self._restore(fresh.state)
        self.actions, self.events = fresh.actions, fresh.events
        self.forgotten_actions = fresh.forgotten_actions

    # ----------------------------------------------------------------- replay
    def to_json(self) -> str:
        """The game key, ruleset, names, seed and action log: all a replay needs."""
        if self.forgotten_actions:
            raise ValueError("this game forgot its earlier actions; its log is kept elsewhere")
        data = self._header()
        data["actions"] = [action_to_json(a) for a in self.actions]
        return json.dumps(data, separators=(",", ":"), ensure_ascii=False)

    def _header(self) -> dict[str, Any]:
        """What never changes in a session: the game key, ruleset, names, seed and deal."""
        data: dict[str, Any] = {"game": self.GAME_KEY, "ruleset": self.ruleset.to_json()}
        data |= {"names": list(self.names), "seed": self.seed}
        if self.deal is not None:
            data["deal"] = self.deal.to_json()
        return data

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
        ruleset: R,  # type: ignore[misc]  # a class's own ruleset: covariance does not apply
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


CHECKPOINT_FORMAT = 4  # 1: a pickle (never read); 2, 3: the game's fields by reflection; 4: state

# A game whose log stops short of its deal: the checkpoint ``_undo`` rebuilds it from, and how
# many of its logged actions that holds (kept beside the game, so checkpoints never nest).
_BASES: weakref.WeakKeyDictionary[TableGame[Any, Any, Any], tuple[bytes, int]] = (
    weakref.WeakKeyDictionary()
)


def from_checkpoint(data: bytes, actions: Sequence[Action]) -> RummyGame | None:
    """The game ``checkpoint()`` saved with ``actions`` (those since) replayed; None when it is
    of another format or state version, or cannot be read: the host replays the log instead.
    Reading builds the engine's values of the declared types, runs no code."""
    try:
        form, key, state_version, header, body = json.loads(zlib.decompress(data))
        game = get_spec(key).load(json.dumps({**header, "actions": []}))
        if not isinstance(game, TableGame) or form != CHECKPOINT_FORMAT:
            return None
        if state_version != game.STATE_VERSION:
            return None
        game._restore(state_from_data(body, game.OWN, game.RESULT))
        _BASES[game] = (data, 0)  # a failed move is rebuilt from here
        for action in actions:
            game.apply(action)
    except Exception:  # damaged or foreign: the action log is the truth
        return None
    return cast(RummyGame, game)
