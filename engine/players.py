"""What every game's computer players share: the bridge from a game's own players, which read
that game's private view, to the protocol's ``Player``, which the bot and the simulator use.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Generic, Protocol, TypeVar

from engine.actions import Action
from engine.protocol import BasePrivateView, Player

V = TypeVar("V")
V_contra = TypeVar("V_contra", contravariant=True)


class GamePlayer(Protocol[V_contra]):
    """A game's own computer player: it reads that game's private view."""

    def choose(self, view: V_contra, legal: Sequence[Action]) -> Action: ...


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
