"""``game_spec``: a game's ``GameSpec`` from its classes, so that a game's ``__init__`` names
only what is its own (its game, ruleset and private view classes, its meld scoring and its
computer players); the key, title, seats, options, loaders and the players' bridge to the
protocol are read from those classes."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar, Protocol, TypeVar

from engine.actions import Action
from engine.cards import Card
from engine.options import options_of
from engine.players import GamePlayer, player_maker, timeout_maker
from engine.protocol import GameRules, GameSpec, RummyGame

V = TypeVar("V")


class GameClass(Protocol):
    """What ``game_spec`` reads of a game's class (``engine.table.TableGame`` has it all)."""

    GAME_KEY: ClassVar[str]
    TITLE: ClassVar[str]
    MIN_SEATS: ClassVar[int]
    MAX_SEATS: ClassVar[int]

    @classmethod
    def from_json(cls, text: str) -> RummyGame:
        """The game rebuilt from its JSON text."""
        ...


class RulesClass(GameRules, Protocol):
    """What ``game_spec`` reads of a ruleset's class: a ruleset that reads its JSON back."""

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Any:
        """The ruleset from its JSON data."""
        ...


def game_spec(
    classes: tuple[type[GameClass], type[RulesClass], type[V]],
    *,
    meld_points: Callable[[Sequence[Card]], int],
    players: tuple[tuple[str, ...], Callable[[str, int], GamePlayer[V]]],
    timeout_action: Callable[[V, Sequence[Action]], Action],
    deadwood: Callable[[Sequence[Card]], int] | None = None,
) -> GameSpec:
    """The spec of the game whose ``classes`` are (game, ruleset, private view); ``players``
    is (its strengths, its ``make_player(strength, seed)``), ``timeout_action`` its safe move
    for a player whose time ran out, ``deadwood`` its count of a hand's least deadwood (none
    in a game that counts none)."""
    game, rules, view = classes
    strengths, make_player = players
    return GameSpec(
        key=game.GAME_KEY,
        title=game.TITLE,
        min_seats=game.MIN_SEATS,
        max_seats=game.MAX_SEATS,
        ruleset_type=rules,
        options=options_of(rules),
        ruleset_from_json=rules.from_json,
        load=game.from_json,
        meld_points=meld_points,
        make_player=player_maker(make_player, view),
        strengths=strengths,
        timeout_action=timeout_maker(timeout_action, view),
        deadwood=deadwood,
    )
