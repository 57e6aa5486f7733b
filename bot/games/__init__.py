"""The bot's registry of games: the only place in the bot that lists them.

Each entry is a module (imported when first needed) whose ``PRESENTER`` is the game's
``GamePresenter``; its ``key`` matches the game's spec in ``engine.registry``, and the order
here is the order members see (the first is the default game)."""

from __future__ import annotations

import importlib
from functools import cache

from bot.core.presenter import GamePresenter

PRESENTER_MODULES = (
    "bot.games.treppe",
    "bot.games.romme",
    "bot.games.wiener",
)


@cache
def all_presenters() -> tuple[GamePresenter, ...]:
    presenters = []
    for name in PRESENTER_MODULES:
        presenter = importlib.import_module(name).PRESENTER
        if not isinstance(presenter, GamePresenter):
            raise TypeError(f"{name}.PRESENTER is not a GamePresenter")
        presenters.append(presenter)
    return tuple(presenters)


def presenter(key: str) -> GamePresenter:
    """The presenter of the game ``key``; ``KeyError`` for a game the bot does not offer."""
    for candidate in all_presenters():
        if candidate.key == key:
            return candidate
    raise KeyError(f"no game {key!r}")


def default_key() -> str:
    return all_presenters()[0].key
