"""The one interface every game implements, and what the registry says about each game.

Everything outside a game's own folder (the bot, the simulator, generic tests) is written
against these names only:

* ``Phase``: where the player to act stands (one enum for every game).
* ``Standings``: each seat's score, whether lower is better, and the winners once over.
* ``RummyGame``: a session: ``verify``/``can``/``apply`` actions, ``legal_actions()``,
  ``public_view()``/``private_view(seat)``, ``to_json()``/``from_json()``.
* ``BasePublicView``/``BasePrivateView``/``BaseSeatView``/``BaseMeldView``: what every
  game's views share.
* ``GameRules``: a frozen ruleset (the options a table agrees on) that starts games.
* ``GameSpec``: a game's entry in the registry (see ``engine.registry``), with the
  ``OptionSpec``s its ruleset declares (``engine.options``, imported here too).
* ``Player``: a computer player; ``choose(view, legal)`` returns one of ``legal``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any, Protocol

from engine.actions import Action, MeldKind
from engine.cards import Card
from engine.events import GameEvent, RoundResult
from engine.options import OptionLabel as OptionLabel
from engine.options import OptionSpec as OptionSpec
from engine.options import OptionValue as OptionValue


class Phase(Enum):
    """Where the player to act stands; every game uses the same four."""

    DRAW = "draw"  # the player to act must draw first
    PLAY = "play"  # melds, lay-offs and the like, then a discard
    BUY_BACK = "buy_back"  # between rounds: the player to act may buy back in
    OVER = "over"  # the session has a winner


@dataclass(frozen=True, slots=True)
class Standings:
    """The score line of a session, by seat.

    ``scores`` are the game's own totals (points won, or minus/bad points when
    ``lower_is_better``); ``unit`` names them ("points", "minus points", "bad points").
    ``winners`` is empty until the session is over. ``in_play`` is False for a seat that
    dropped out of the session; ``chips`` are chip balances for games played for chips
    (empty otherwise), ``pot`` the chips still in the pot."""

    scores: tuple[int, ...]
    lower_is_better: bool
    winners: tuple[int, ...]
    unit: str
    in_play: tuple[bool, ...]
    chips: tuple[int, ...] = ()
    pot: int = 0

    def ranking(self) -> tuple[int, ...]:
        """Seats best first: the winners, then seats still in play, then by score."""
        sign = 1 if self.lower_is_better else -1
        return tuple(
            sorted(
                range(len(self.scores)),
                key=lambda s: (s not in self.winners, not self.in_play[s], sign * self.scores[s]),
            )
        )


class BaseSeatView(Protocol):
    """One seat as every player sees it."""

    @property
    def seat(self) -> int:
        """The seat's number: 0 is the first name given, then clockwise."""
        ...

    @property
    def name(self) -> str:
        """The player's name as given when the game started."""
        ...

    @property
    def hand_count(self) -> int:
        """How many cards the seat holds; everyone may count them, no one sees them."""
        ...

    @property
    def score(self) -> int:
        """The game's session total for this seat (see ``Standings.unit``)."""
        ...


class BasePlacedCard(Protocol):
    """One card of a meld on the table."""

    @property
    def card(self) -> Card:
        """The card itself."""
        ...


class BaseMeldView(Protocol):
    """A meld on the table: who laid it, its cards in table order and its points."""

    @property
    def id(self) -> int:
        """The meld's number on the table, as lay-offs name it."""
        ...

    @property
    def owner(self) -> int:
        """The seat that laid the meld down."""
        ...

    @property
    def kind(self) -> MeldKind:
        """Set or run."""
        ...

    @property
    def cards(self) -> Sequence[BasePlacedCard]:
        """The meld's cards in table order."""
        ...

    @property
    def points(self) -> int:
        """What the meld scored."""
        ...


class BasePublicView(Protocol):
    """The table as every player sees it. ``version`` counts applied actions;
    ``discard_pile`` is what everyone sees of the discard pile, the top card last (only the
    top card where the pile is squared up)."""

    @property
    def version(self) -> int:
        """Actions applied in the session so far: a newer view has a higher one."""
        ...

    @property
    def round_number(self) -> int:
        """The round being played, counted from 1."""
        ...

    @property
    def dealer(self) -> int:
        """The seat that dealt this round."""
        ...

    @property
    def to_act(self) -> int:
        """The seat whose move it is now."""
        ...

    @property
    def phase(self) -> Phase:
        """Where the seat to act stands: draw, play, buy back, or the session is over."""
        ...

    @property
    def winner(self) -> int | None:
        """The seat that won the session, or None while it goes on."""
        ...

    @property
    def seats(self) -> Sequence[BaseSeatView]:
        """Every seat's public side, in seat order."""
        ...

    @property
    def stock_count(self) -> int:
        """Cards left in the face-down stock (the talon)."""
        ...

    @property
    def discard_pile(self) -> tuple[Card, ...]:
        """What everyone sees of the discard pile, the bottom first and the top card last."""
        ...

    @property
    def melds(self) -> Sequence[BaseMeldView]:
        """The melds on the table, in the order they were laid."""
        ...


class BasePrivateView(Protocol):
    """What one seat sees: the table and its own hand."""

    @property
    def seat(self) -> int:
        """The seat this view belongs to."""
        ...

    @property
    def hand(self) -> tuple[Card, ...]:
        """The seat's own cards, which only it may see."""
        ...

    @property
    def public(self) -> BasePublicView:
        """The table as everyone sees it, the same for every seat."""
        ...

    @property
    def locked_discard(self) -> Card | None:
        """A card this seat took this turn and may not throw back, if any."""
        ...


class GameRules(Protocol):
    """A frozen ruleset: the options a table agrees on before play."""

    def new_game(self, names: Sequence[str], seed: int) -> RummyGame:
        """A fresh session for ``names`` (seats in that order), shuffled from ``seed``."""
        ...

    def to_json(self) -> dict[str, Any]:
        """The options as plain JSON data, read back by the ruleset's ``from_json``."""
        ...


class RummyGame(Protocol):
    """One session of a game, for its seats ``0..len(names)-1`` clockwise.

    ``verify`` raises a ``RulesError`` with a reason a player can read and changes nothing;
    ``apply`` checks, applies and returns the events the action caused. ``to_json`` stores
    the ruleset, names, seed and action log (and the game key); ``from_json`` replays it.
    ``checkpoint``/``forget_history`` let a host keep only the current round in memory."""

    @property
    def spec(self) -> GameSpec:
        """The game's registry entry: its key, title, seat counts and options."""
        ...

    @property
    def ruleset(self) -> GameRules:
        """The options this session is played with."""
        ...

    @property
    def names(self) -> tuple[str, ...]:
        """The players' names, in seat order."""
        ...

    @property
    def seed(self) -> int:
        """The seed of every shuffle: the same seed and actions give the same game."""
        ...

    @property
    def to_act(self) -> int:
        """The seat whose move it is now."""
        ...

    @property
    def phase(self) -> Phase:
        """Where the seat to act stands; ``Phase.OVER`` once the session has a winner."""
        ...

    @property
    def is_over(self) -> bool:
        """True once the session has ended and no action is legal any more."""
        ...

    @property
    def round_number(self) -> int:
        """The round being played, counted from 1."""
        ...

    @property
    def events(self) -> Sequence[GameEvent]:
        """What happened, in order (since ``forget_history``): hosts narrate these."""
        ...

    @property
    def actions(self) -> Sequence[Action]:
        """The actions applied (since ``forget_history``, when a host called it)."""
        ...

    @property
    def results(self) -> Sequence[RoundResult]:
        """Every finished round's result, in order."""
        ...

    def standings(self) -> Standings:
        """The score line now: each seat's total and, once over, the winners."""
        ...

    def verify(self, action: Action) -> None:
        """Raise a ``RulesError`` saying why ``action`` is not allowed now; change nothing."""
        ...

    def can(self, action: Action) -> bool:
        """Whether ``action`` is allowed now (``verify`` without the reason)."""
        ...

    def apply(self, action: Action) -> Sequence[GameEvent]:
        """Check and apply ``action``; return the events it caused. Refused: nothing changes."""
        ...

    def legal_actions(self) -> Sequence[Action]:
        """Every action the seat to act may take now (what computer players choose from)."""
        ...

    def public_view(self) -> BasePublicView:
        """The table as every player sees it: no hidden card shown."""
        ...

    def private_view(self, seat: int) -> BasePrivateView:
        """What ``seat`` may see: the public view and its own hand."""
        ...

    def card_locations(self) -> list[Card]:
        """Every card in play wherever it lies, to check no card appears or vanishes."""
        ...

    def to_json(self) -> str:
        """The game key, ruleset, names, seed and action log: all a replay needs."""
        ...

    @classmethod
    def from_json(cls, text: str) -> RummyGame:
        """Rebuild a session from ``to_json()`` by replaying its actions."""
        ...

    # A long-running host stores each action as it comes and keeps only the current round:
    @property
    def version(self) -> int:
        """Actions applied in the session, forgotten ones included."""
        ...

    def forget_history(self) -> bytes:
        """Drop the action log, events and past round results held so far (``to_json``
        refuses afterwards); the checkpoint of the game now (``checkpoint``), which the game
        also keeps to rebuild itself from should a move fail."""
        ...

    def checkpoint(self) -> bytes:
        """The whole state now as data (JSON, never code); ``engine.table.from_checkpoint``
        reads it back."""
        ...

    def replayed(self, actions: Sequence[Action]) -> RummyGame:
        """This game from its start (seats, seed and deal) with ``actions``, every one since
        the start, applied: the game as they left it, even after ``forget_history``."""
        ...


class Player(Protocol):
    """A computer player: a decision reads only the seat's view and the legal moves."""

    def choose(self, view: BasePrivateView, legal: Sequence[Action]) -> Action:
        """One of ``legal``, chosen from what the seat of ``view`` may see."""
        ...


@dataclass(frozen=True, slots=True)
class GameSpec:
    """A game as the registry knows it: everything needed to offer, start, store, load
    and play it without naming it anywhere else."""

    key: str  # names the game in stored JSON and in commands
    title: str
    min_seats: int
    max_seats: int
    ruleset_type: type[GameRules]
    options: tuple[OptionSpec, ...]
    ruleset_from_json: Callable[[dict[str, Any]], GameRules]
    load: Callable[[str], RummyGame]
    meld_points: Callable[[Sequence[Card]], int]
    make_player: Callable[[str, int], Player]
    strengths: tuple[str, ...]
    timeout_action: Callable[[BasePrivateView, Sequence[Action]], Action]
    # The least deadwood of a hand as the game counts it; None where the game counts none.
    deadwood: Callable[[Sequence[Card]], int] | None = None

    def option(self, name: str) -> OptionSpec:
        """The option called ``name``; a ``KeyError`` when the game has none."""
        for option in self.options:
            if option.name == name:
                return option
        raise KeyError(f"{self.title} has no option {name!r}")

    def make_ruleset(self, values: Mapping[str, object] | None = None) -> GameRules:
        """A ruleset from option values by name (the rest keep their defaults). Raises
        ``ValueError`` for an option the game lacks or a value out of range."""
        checked = {name: self.option(name).check(v) for name, v in (values or {}).items()}
        return self.ruleset_from_json(checked)

    def new_game(self, ruleset: GameRules | None, names: Sequence[str], seed: int) -> RummyGame:
        """A new session; ``ruleset`` None plays the defaults."""
        rules = self.make_ruleset() if ruleset is None else ruleset
        if not isinstance(rules, self.ruleset_type):
            raise TypeError(f"{self.title} needs its own ruleset, not {type(rules).__name__}")
        return rules.new_game(names, seed)
