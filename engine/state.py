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
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, fields, is_dataclass
from enum import Enum
from functools import cache
from typing import Any, Generic, TypeVar, Union

from engine.cards import FULL_PACK, JOKER, Card
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
    return _writer(GameState[own, result])(state)  # type: ignore[valid-type]


def state_from_data(data: JSON, own: type, result: type) -> GameState[Any, Any]:
    """The ``GameState`` that ``state_to_data`` wrote; raises on data of another shape."""
    value = _reader(GameState[own, result])(data)  # type: ignore[valid-type]
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


Writer = Callable[[Any], JSON]
Reader = Callable[[JSON], Any]


@cache
def _writer(hint: Any) -> Writer:
    """How a value of the declared type ``hint`` is written: worked out once a type."""
    members = _members(hint)
    if members is not None:
        options = [m for m in members if m is not type(None)]
        if len(options) == 1:
            only = _writer(options[0])
            return lambda value: None if value is None else only(value)
        writers = [(_runtime(m), _writer(m)) for m in options]

        def tagged(value: Any) -> JSON:
            if value is None:
                return None
            index = next(i for i, (kind, _) in enumerate(writers) if isinstance(value, kind))
            return [index, writers[index][1](value)]

        return tagged
    origin, args = typing.get_origin(hint) or hint, typing.get_args(hint)
    if origin is Card:
        return _card_code
    if isinstance(origin, type) and issubclass(origin, Enum):
        return _enum_value
    if origin is random.Random:
        return _rng_state
    if origin in (int, str, bool, float, Any) or origin is type(None):
        return _same
    if origin in (list, tuple, frozenset, Sequence):
        if _homogeneous(args):
            item = _writer(args[0] if args else Any)
            return lambda value: [item(v) for v in value]
        items = [_writer(arg) for arg in args]
        return lambda value: [write(v) for write, v in zip(items, value, strict=True)]
    if origin in (dict, Mapping):
        key, val = _writer(args[0]), _writer(args[1])
        return lambda value: [[key(k), val(v)] for k, v in value.items()]
    if is_dataclass(origin):
        parts = [(name, _writer(sub)) for name, sub in _hints(hint).items()]
        return lambda value: [write(getattr(value, name)) for name, write in parts]
    raise TypeError(f"a checkpoint cannot hold a {hint!r}")


@cache
def _reader(hint: Any) -> Reader:
    """How data written for the declared type ``hint`` is read back: worked out once a type.
    Data of another shape raises (a ``TypeError``, ``KeyError``, ``ValueError``...)."""
    members = _members(hint)
    if members is not None:
        options = [m for m in members if m is not type(None)]
        if len(options) == 1:
            only = _reader(options[0])
            return lambda data: None if data is None else only(data)
        readers = [_reader(m) for m in options]
        return lambda data: None if data is None else readers[data[0]](data[1])
    origin, args = typing.get_origin(hint) or hint, typing.get_args(hint)
    if origin is Card:
        return _CARDS.__getitem__
    if isinstance(origin, type) and issubclass(origin, Enum):
        return origin
    if origin is random.Random:
        return _rng_from
    if origin in (int, str, bool, float):
        return _checked(origin)
    if origin is Any or origin is type(None):
        return _same
    if origin in (list, tuple, frozenset, Sequence):
        make: Callable[[Any], Any] = (
            list if origin is list else frozenset if origin is frozenset else tuple
        )
        if _homogeneous(args):
            item = _reader(args[0] if args else Any)
            return lambda data: make([item(d) for d in data])
        items = [_reader(arg) for arg in args]
        return lambda data: make([read(d) for read, d in zip(items, data, strict=True)])
    if origin in (dict, Mapping):
        key, val = _reader(args[0]), _reader(args[1])
        return lambda data: {key(k): val(v) for k, v in data}
    if is_dataclass(origin) and isinstance(origin, type):
        kind = origin
        parts = [(name, _reader(sub)) for name, sub in _hints(hint).items()]

        def dataclass_from(data: JSON) -> Any:
            if len(data) != len(parts):
                raise TypeError(f"{kind.__name__} has {len(parts)} fields, read {len(data)}")
            return kind(**{name: read(d) for (name, read), d in zip(parts, data, strict=True)})

        return dataclass_from
    raise TypeError(f"a checkpoint cannot hold a {hint!r}")


_CARDS = {card.code: card for card in (*FULL_PACK, JOKER)}


def _card_code(card: Card) -> str:
    return card.code


def _enum_value(member: Enum) -> JSON:
    return member.value


def _same(value: Any) -> Any:
    return value


def _rng_state(rng: random.Random) -> JSON:
    version, words, gauss = rng.getstate()
    return [version, b64encode(struct.pack(f"<{len(words)}I", *words)).decode(), gauss]


def _rng_from(data: JSON) -> random.Random:
    rng, raw = random.Random(), b64decode(data[1])
    rng.setstate((data[0], struct.unpack(f"<{len(raw) // 4}I", raw), data[2]))
    return rng


def _checked(kind: type) -> Reader:
    """A reader of plain ``kind`` values (a bool is no int here)."""

    def read(data: JSON) -> Any:
        if not isinstance(data, kind) or (kind is int and isinstance(data, bool)):
            raise TypeError(f"expected {kind.__name__}, read {data!r:.40}")
        return data

    return read


def _homogeneous(args: tuple[Any, ...]) -> bool:
    """A list, frozenset or ``tuple[X, ...]`` (one type for every item), not ``tuple[X, Y]``."""
    return len(args) <= 1 or (len(args) == 2 and args[1] is Ellipsis)


def _runtime(hint: Any) -> type:
    """The class ``isinstance`` checks for a declared type (``list[int]``: list)."""
    origin = typing.get_origin(hint) or hint
    return origin if isinstance(origin, type) else object
