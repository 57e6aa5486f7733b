"""The registry of games: the only place that lists them.

Each game is a package under ``engine/games/`` whose ``__init__`` defines ``SPEC``, its
``GameSpec``. The packages are imported lazily, on the first look-up, so the registry
imports no game and no game import cycle can form through it.

``get_spec(key)``, ``all_specs()``, ``load_game(text)`` (the stored JSON names its game) and
``meld_points(cards, game=key)`` are the ways in.
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Iterable

from engine.cards import Card
from engine.protocol import GameSpec, OptionSpec, RummyGame

# One line per game, in the order games are offered.
GAME_PACKAGES: tuple[str, ...] = (
    "engine.games.treppe",
    "engine.games.romme",
    "engine.games.wiener",
    "engine.games.rum500",
    "engine.games.gin",
)
# Games stored before the JSON named its game are of the first one.
UNNAMED_GAME = "treppenromme"

_SPECS: dict[str, GameSpec] = {}


def all_specs() -> tuple[GameSpec, ...]:
    """Every registered game, in the order they are offered."""
    if not _SPECS:
        for package in GAME_PACKAGES:
            spec = importlib.import_module(package).SPEC
            if not isinstance(spec, GameSpec):
                raise TypeError(f"{package}.SPEC is not a GameSpec")
            _SPECS[spec.key] = spec
    return tuple(_SPECS.values())


def game_keys() -> tuple[str, ...]:
    """Every registered game's key, in the registry's order (the first is the default)."""
    return tuple(spec.key for spec in all_specs())


def get_spec(key: str) -> GameSpec:
    """The game called ``key``; ``ValueError`` naming the known games otherwise."""
    for spec in all_specs():
        if spec.key == key:
            return spec
    raise ValueError(f"unknown game {key!r}: choose one of {', '.join(game_keys())}")


def load_game(text: str) -> RummyGame:
    """Rebuild any game from its ``to_json()`` text."""
    data = json.loads(text)
    key = data.get("game", UNNAMED_GAME) if isinstance(data, dict) else None
    if not isinstance(key, str):
        raise ValueError("not a stored game")
    return get_spec(key).load(text)


def meld_points(cards: Iterable[Card], game: str = UNNAMED_GAME) -> int:
    """The points ``cards`` score when laid as one fresh meld of the game ``game`` (any
    order given). A non-meld raises ``IllegalMeld`` with a readable reason."""
    return get_spec(game).meld_points(list(cards))


__all__ = [
    "GAME_PACKAGES",
    "GameSpec",
    "OptionSpec",
    "all_specs",
    "game_keys",
    "get_spec",
    "load_game",
    "meld_points",
]
