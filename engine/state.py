"""A game's state as one typed value, and that value as versioned data.

Every game is composed of the same three parts beside a part of its own: ``TableState``
(the hands, whose turn it is, the round and the dealer, the seeded shuffles), ``Piles`` (the
stock and the discard pile) and ``Session`` (each seat's total, who is still in, the round
results). ``GameState`` holds the four; a checkpoint is that value written out by
``state_to_data`` and read back by ``state_from_data``.

The data names no classes: reading is led by the field types each part declares, so a
checkpoint can build nothing but the engine's own values of the expected types. A game whose
own part changes shape raises its ``STATE_VERSION``; a checkpoint of another version (or
shape) is refused, and the host replays the action log instead.
"""

from __future__ import annotations

import random
import struct
import types
import typing
from base64 import b64decode, b64encode
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, fields, is_dataclass
from enum import Enum
from functools import cache
from typing import Any, Generic, TypeVar, Union

from engine.cards import Card
from engine.events import RoundResult
from engine.protocol import Phase

RT = TypeVar("RT", bound=RoundResult)
Own = TypeVar("Own")


@dataclass(slots=True, eq=False)
class TableState:
    """What each seat holds and whose turn it is, in which round; and the shuffles to come."""

    hands: list[list[Card]]
    rng: random.Random
    round_number: int = 0
    dealer: int = 0
    to_act: int = 0
    phase: Phase = Phase.DRAW
    locked_discard: Card | None = None  # taken from the pile this turn: may not go back
    winner: int | None = None


@dataclass(slots=True, eq=False)
class Piles:
    """The stock (its top card last) and the discard pile (its top card last)."""

    stock: list[Card] = field(default_factory=list)
    discard: list[Card] = field(default_factory=list)
    rebuilds: int = 0  # how often this round's stock was shuffled from the discard pile


@dataclass(slots=True, eq=False)
class Session(Generic[RT]):
    """The session's score: each seat's total, who is still in, the rounds scored."""

    totals: list[int]
    active: list[bool]
    results: list[RT] = field(default_factory=list)
    forgotten_rounds: int = 0  # round results let go of (``forget_history``)


@dataclass(slots=True, eq=False)
class GameState(Generic[Own, RT]):
    """A whole game at one moment: its shared parts, its own part and how many actions led
    here. With the ruleset, names and seed it is all a game needs to play on."""

    table: TableState
    piles: Piles
    session: Session[RT]
    own: Own
    version: int


# ----------------------------------------------------------------- the checkpoint codec
JSON = Any  # what ``json`` writes and reads


def state_to_data(state: GameState[Any, Any], own: type, result: type) -> JSON:
    """``state`` as JSON data, the game's own part read as ``own``, its results as ``result``."""
    return _encode(state, GameState[own, result])  # type: ignore[valid-type]


def state_from_data(data: JSON, own: type, result: type) -> GameState[Any, Any]:
    """The ``GameState`` that ``state_to_data`` wrote; raises on data of another shape."""
    value = _decode(data, GameState[own, result])  # type: ignore[valid-type]
    assert isinstance(value, GameState)
    return value


def shape_of(kind: Any) -> str:
    """The shape of a state part as text (its fields and their types, nested), which the
    tests pin beside the game's ``STATE_VERSION``: a change of shape must raise it."""
    origin, args = typing.get_origin(kind) or kind, typing.get_args(kind)
    if is_dataclass(origin) and isinstance(origin, type):
        inner = ", ".join(f"{name}: {shape_of(hint)}" for name, hint in _hints(kind).items())
        return f"{origin.__name__}({inner})"
    if args:
        return f"{getattr(origin, '__name__', str(origin))}[{', '.join(map(shape_of, args))}]"
    if isinstance(kind, type) and issubclass(kind, Enum):  # the values are what is stored
        return f"{kind.__name__}{{{', '.join(sorted(str(m.value) for m in kind))}}}"
    return getattr(kind, "__name__", str(kind))


@cache
def _hints(kind: Any) -> dict[str, Any]:
    """A dataclass's fields and their declared types, type parameters filled in."""
    origin, args = typing.get_origin(kind) or kind, typing.get_args(kind)
    hints = typing.get_type_hints(origin)
    names = [f.name for f in fields(origin)]
    params = dict(zip(getattr(origin, "__parameters__", ()), args, strict=False))
    return {name: _substituted(hints[name], params) for name in names}


def _substituted(hint: Any, params: Mapping[Any, Any]) -> Any:
    if isinstance(hint, TypeVar):
        return params.get(hint, hint.__bound__ or Any)
    args = typing.get_args(hint)
    if not args or not params:
        return hint
    new = tuple(_substituted(arg, params) for arg in args)
    origin = typing.get_origin(hint)
    if origin in (Union, types.UnionType):
        return Union[new]  # noqa: UP007 - a union built from a tuple of types
    return origin[new] if origin is not None else hint


def _members(hint: Any) -> tuple[Any, ...] | None:
    """The types of a union (None for any other type)."""
    if typing.get_origin(hint) in (Union, types.UnionType):
        return typing.get_args(hint)
    return None


def _encode(value: Any, hint: Any) -> JSON:
    members = _members(hint)
    if members is not None:
        if value is None:
            return None
        options = [m for m in members if m is not type(None)]
        if len(options) == 1:
            return _encode(value, options[0])
        index = next(i for i, m in enumerate(options) if isinstance(value, _runtime(m)))
        return [index, _encode(value, options[index])]
    origin, args = typing.get_origin(hint) or hint, typing.get_args(hint)
    if origin is Card:
        return value.code
    if isinstance(origin, type) and issubclass(origin, Enum):
        return value.value
    if origin is random.Random:
        version, words, gauss = value.getstate()
        return [version, b64encode(struct.pack(f"<{len(words)}I", *words)).decode(), gauss]
    if origin in (int, str, bool, float, Any) or origin is type(None):
        return value
    if origin in (list, tuple, frozenset, Sequence):
        return [_encode(item, _item_hint(args, i)) for i, item in enumerate(value)]
    if origin in (dict, Mapping):
        return [[_encode(k, args[0]), _encode(v, args[1])] for k, v in value.items()]
    if is_dataclass(origin):
        return [_encode(getattr(value, name), sub) for name, sub in _hints(hint).items()]
    raise TypeError(f"a checkpoint cannot hold a {hint!r}")


def _decode(data: JSON, hint: Any) -> Any:
    members = _members(hint)
    if members is not None:
        if data is None:
            return None
        options = [m for m in members if m is not type(None)]
        if len(options) == 1:
            return _decode(data, options[0])
        return _decode(data[1], options[data[0]])
    origin, args = typing.get_origin(hint) or hint, typing.get_args(hint)
    if origin is Card:
        return Card.parse(data)
    if isinstance(origin, type) and issubclass(origin, Enum):
        return origin(data)
    if origin is random.Random:
        rng, raw = random.Random(), b64decode(data[1])
        rng.setstate((data[0], struct.unpack(f"<{len(raw) // 4}I", raw), data[2]))
        return rng
    if origin in (int, str, bool, float):
        if not isinstance(data, origin) or (origin is int and isinstance(data, bool)):
            raise TypeError(f"expected {origin.__name__}, read {data!r:.40}")
        return data
    if origin is Any or origin is type(None):
        return data
    if origin in (list, tuple, frozenset, Sequence):
        items = [_decode(item, _item_hint(args, i)) for i, item in enumerate(data)]
        return (
            items if origin is list else frozenset(items) if origin is frozenset else tuple(items)
        )
    if origin in (dict, Mapping):
        return {_decode(k, args[0]): _decode(v, args[1]) for k, v in data}
    if is_dataclass(origin) and isinstance(origin, type):
        hints = _hints(hint)
        if len(data) != len(hints):
            raise TypeError(f"{origin.__name__} has {len(hints)} fields, read {len(data)}")
        return origin(
            **{name: _decode(d, sub) for (name, sub), d in zip(hints.items(), data, strict=True)}
        )
    raise TypeError(f"a checkpoint cannot hold a {hint!r}")


def _item_hint(args: tuple[Any, ...], position: int) -> Any:
    """An item's type in a list (``list[X]``), a tuple (``tuple[X, ...]``, ``tuple[X, Y]``)."""
    if not args:
        return Any
    if len(args) == 2 and args[1] is Ellipsis:
        return args[0]
    return args[position] if len(args) > 1 else args[0]


def _runtime(hint: Any) -> type:
    """The class ``isinstance`` checks for a declared type (``list[int]``: list)."""
    origin = typing.get_origin(hint) or hint
    return origin if isinstance(origin, type) else object
