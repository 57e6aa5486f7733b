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
* ``GameSpec``/``OptionSpec``: a game's entry in the registry (see ``engine.registry``).
* ``Player``: a computer player; ``choose(view, legal)`` returns one of ``legal``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any, Protocol

from engine.actions import Action, MeldKind
from engine.cards import Card
from engine.errors import RulesError
from engine.events import GameEvent, RoundResult
from engine.i18n import N_


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
    def seat(self) -> int: ...
    @property
    def name(self) -> str: ...
    @property
    def hand_count(self) -> int: ...
    @property
    def score(self) -> int:
        """The game's session total for this seat (see ``Standings.unit``)."""
        ...


class BasePlacedCard(Protocol):
    @property
    def card(self) -> Card: ...


class BaseMeldView(Protocol):
    """A meld on the table: who laid it, its cards in table order and its points."""

    @property
    def id(self) -> int: ...
    @property
    def owner(self) -> int: ...
    @property
    def kind(self) -> MeldKind: ...
    @property
    def cards(self) -> Sequence[BasePlacedCard]: ...
    @property
    def points(self) -> int: ...


class BasePublicView(Protocol):
    """The table as every player sees it. ``version`` counts applied actions;
    ``discard_pile`` is what everyone sees of the discard pile, the top card last (only the
    top card where the pile is squared up)."""

    @property
    def version(self) -> int: ...
    @property
    def round_number(self) -> int: ...
    @property
    def dealer(self) -> int: ...
    @property
    def to_act(self) -> int: ...
    @property
    def phase(self) -> Phase: ...
    @property
    def winner(self) -> int | None: ...
    @property
    def seats(self) -> Sequence[BaseSeatView]: ...
    @property
    def stock_count(self) -> int: ...
    @property
    def discard_pile(self) -> tuple[Card, ...]: ...
    @property
    def melds(self) -> Sequence[BaseMeldView]: ...


class BasePrivateView(Protocol):
    """What one seat sees: the table and its own hand."""

    @property
    def seat(self) -> int: ...
    @property
    def hand(self) -> tuple[Card, ...]: ...
    @property
    def public(self) -> BasePublicView: ...
    @property
    def locked_discard(self) -> Card | None: ...


class GameRules(Protocol):
    """A frozen ruleset: the options a table agrees on before play."""

    def new_game(self, names: Sequence[str], seed: int) -> RummyGame: ...
    def to_json(self) -> dict[str, Any]: ...


class RummyGame(Protocol):
    """One session of a game, for its seats ``0..len(names)-1`` clockwise.

    ``verify`` raises a ``RulesError`` with a reason a player can read and changes nothing;
    ``apply`` checks, applies and returns the events the action caused. ``to_json`` stores
    the ruleset, names, seed and action log (and the game key); ``from_json`` replays it.
    ``checkpoint``/``forget_history`` let a host keep only the current round in memory."""

    @property
    def spec(self) -> GameSpec: ...
    @property
    def ruleset(self) -> GameRules: ...
    @property
    def names(self) -> tuple[str, ...]: ...
    @property
    def seed(self) -> int: ...
    @property
    def to_act(self) -> int: ...
    @property
    def phase(self) -> Phase: ...
    @property
    def is_over(self) -> bool: ...
    @property
    def round_number(self) -> int: ...
    @property
    def events(self) -> Sequence[GameEvent]: ...
    @property
    def actions(self) -> Sequence[Action]:
        """The actions applied (since ``forget_history``, when a host called it)."""
        ...

    @property
    def results(self) -> Sequence[RoundResult]:
        """Every finished round's result, in order."""
        ...

    def standings(self) -> Standings: ...
    def verify(self, action: Action) -> None: ...
    def can(self, action: Action) -> bool: ...
    def apply(self, action: Action) -> Sequence[GameEvent]: ...
    def legal_actions(self) -> Sequence[Action]: ...
    def public_view(self) -> BasePublicView: ...
    def private_view(self, seat: int) -> BasePrivateView: ...
    def card_locations(self) -> list[Card]: ...
    def to_json(self) -> str: ...
    @classmethod
    def from_json(cls, text: str) -> RummyGame: ...

    # A long-running host stores each action as it comes and keeps only the current round:
    @property
    def version(self) -> int:
        """Actions applied in the session, forgotten ones included."""
        ...

    def forget_history(self) -> None:
        """Drop the action log, events and past round results held so far (``to_json``
        refuses afterwards)."""
        ...

    def checkpoint(self) -> bytes:
        """The whole state now as data (JSON, never code); ``engine.table.from_checkpoint``
        reads it back."""
        ...


class Player(Protocol):
    """A computer player: a decision reads only the seat's view and the legal moves."""

    def choose(self, view: BasePrivateView, legal: Sequence[Action]) -> Action: ...


OptionValue = bool | int | None


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One table option of a game's ruleset. ``kind`` is ``bool`` or ``int``; an int option
    whose ``default`` is None may be left unset (``description`` says what unset means).
    ``minimum``/``maximum`` bound int options."""

    name: str
    kind: type[int]
    default: OptionValue
    description: str
    minimum: int | None = None
    maximum: int | None = None

    def check(self, value: object) -> OptionValue:
        """``value`` if this option accepts it; a ``RulesError`` (a ``ValueError``) saying why
        not otherwise."""
        if value is None and self.default is None:
            return None
        if self.kind is bool:
            if not isinstance(value, bool):
                raise RulesError(N_("{name} must be yes or no"), name=self.name)
            return value
        if not isinstance(value, int) or isinstance(value, bool):
            raise RulesError(N_("{name} must be a whole number"), name=self.name)
        low, high = self.minimum, self.maximum
        if (low is not None and value < low) or (high is not None and value > high):
            raise RulesError(
                N_("{name} must be between {low} and {high}"), name=self.name, low=low, high=high
            )
        return value


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

    def option(self, name: str) -> OptionSpec:
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
