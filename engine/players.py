"""What every game's computer players share: the bridge from a game's own players, which read
that game's private view, to the protocol's ``Player``, which the bot and the simulator use;
the seeded randomness of a decision; and the ``random`` player, the same for every game.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Generic, Protocol, TypeVar

from engine.actions import Action
from engine.protocol import BasePrivateView, Player

V = TypeVar("V")
V_contra = TypeVar("V_contra", contravariant=True)


class _Moment(Protocol):
    @property
    def round_number(self) -> int: ...
    @property
    def version(self) -> int: ...


class SeatAtMoment(Protocol):
    """What a decision's randomness depends on: the seat and how far the session has come."""

    @property
    def seat(self) -> int:
        """The seat deciding: each seat's choices differ at the same moment."""
        ...

    @property
    def public(self) -> _Moment:
        """How far the session has come (round and version): a new moment, a new chance."""
        ...


def decision_rng(seed: int, view: SeatAtMoment, salt: str = "") -> random.Random:
    """A generator that depends only on the seed and the position, never on call history."""
    public = view.public
    return random.Random(f"{salt}:{seed}:{view.seat}:{public.round_number}:{public.version}")


class RandomPlayer:
    """Any legal move, uniformly (seeded): the ``random`` strength of every game."""

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def choose(self, view: SeatAtMoment, legal: Sequence[Action]) -> Action:
        """One of ``legal`` at random, the same again for the same seed, seat and moment."""
        if not legal:
            raise ValueError("there is no legal move to make")
        return decision_rng(self.seed, view, "random").choice(list(legal))


STRENGTHS: tuple[str, ...] = ("random", "normal", "hard")
P = TypeVar("P")


def player_of_strength(
    strength: str, seed: int, normal: Callable[[int], P], hard: Callable[[int], P]
) -> RandomPlayer | P:
    """The player of ``strength`` (one of ``STRENGTHS``) made from ``seed``: the shared
    ``random``, or the game's ``normal`` or ``hard``."""
    if strength == "random":
        return RandomPlayer(seed)
    if strength == "normal":
        return normal(seed)
    if strength == "hard":
        return hard(seed)
    raise ValueError(f"unknown strength {strength!r}: choose one of {', '.join(STRENGTHS)}")


class GamePlayer(Protocol[V_contra]):
    """A game's own computer player: it reads that game's private view."""

    def choose(self, view: V_contra, legal: Sequence[Action]) -> Action:
        """One of ``legal``, chosen from what the seat of ``view`` may see."""
        ...


def narrowed(view: BasePrivateView, view_type: type[V]) -> V:
    """``view`` as the game's own view type; a ``TypeError`` for another game's view."""
    if not isinstance(view, view_type):
        raise TypeError(f"this player needs a {view_type.__name__}, not {type(view).__name__}")
    return view


class TypedPlayer(Generic[V]):
    """A game's player behind the protocol: checks the view's type, then asks the player."""

    def __init__(self, inner: GamePlayer[V], view_type: type[V]) -> None:
        self.inner = inner
        self.view_type = view_type

    def choose(self, view: BasePrivateView, legal: Sequence[Action]) -> Action:
        """The inner player's choice; a ``TypeError`` for another game's view."""
        return self.inner.choose(narrowed(view, self.view_type), legal)


def player_maker(
    make: Callable[[str, int], GamePlayer[V]], view_type: type[V]
) -> Callable[[str, int], Player]:
    """``GameSpec.make_player`` from a game's ``make_player(strength, seed)``."""

    def make_player(strength: str, seed: int) -> Player:
        return TypedPlayer(make(strength, seed), view_type)

    return make_player


def timeout_maker(
    move: Callable[[V, Sequence[Action]], Action], view_type: type[V]
) -> Callable[[BasePrivateView, Sequence[Action]], Action]:
    """``GameSpec.timeout_action`` from a game's own timeout move."""

    def timeout_action(view: BasePrivateView, legal: Sequence[Action]) -> Action:
        return move(narrowed(view, view_type), legal)

    return timeout_action
