"""The bot's games: one folder per game beside the engine's, found through the engine's
registry (the one place that lists the games).

The game in ``engine/games/<name>/`` has its presenter in ``bot/games/<name>/``: that
module's ``PRESENTER`` is the game's ``GamePresenter``, whose ``key`` is the spec's key. A
game is offered in the engine registry's order (the first is the default game)."""

from __future__ import annotations

import importlib
from functools import cache

from bot.core.presenter import GamePresenter
from engine.registry import GAME_PACKAGES, all_specs


def presenter_module(package: str) -> str:
    """The bot's folder of the engine's game package ``package``."""
    return f"{__name__}.{package.rsplit('.', 1)[-1]}"


@cache
def all_presenters() -> tuple[GamePresenter, ...]:
    """Every game's presenter in the registry's order, each checked to be the ``GamePresenter`` of
    its spec's key (a wrong one fails at once, not on first use)."""
    presenters = []
    for package, spec in zip(GAME_PACKAGES, all_specs(), strict=True):
        name = presenter_module(package)
        presenter = importlib.import_module(name).PRESENTER
        if not isinstance(presenter, GamePresenter) or presenter.key != spec.key:
            raise TypeError(f"{name}.PRESENTER is not the GamePresenter of {spec.key!r}")
        presenters.append(presenter)
    return tuple(presenters)


def presenter(key: str) -> GamePresenter:
    """The presenter of the game ``key``; ``KeyError`` for a game the bot does not offer."""
    for candidate in all_presenters():
        if candidate.key == key:
            return candidate
    raise KeyError(f"no game {key!r}")


def default_key() -> str:
    """The key of the game a table plays when nobody says which: the registry's first."""
    return all_presenters()[0].key
