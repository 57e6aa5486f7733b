"""The bot's games: one folder per game beside the engine's, found through the engine's
registry (the one place that lists the games).

The game in ``engine/games/<name>/`` has its presenter in ``bot/games/<name>/``: that
module's ``PRESENTER`` is the game's ``GamePresenter``, whose ``key`` is the spec's key. A
game is offered in the engine registry's order (the first is the default game)."""

from __future__ import annotations

import importlib
from functools import cache

from bot.core.presenter import AnyPresenter, GamePresenter, install_presenters
from bot.core.presenter import presenter as core_presenter
from engine.protocol import GameSpec
from engine.registry import GAME_PACKAGES, all_specs


def presenter_module(package: str) -> str:
    """The bot's folder of the engine's game package ``package``."""
    return f"{__name__}.{package.rsplit('.', 1)[-1]}"


@cache
def all_presenters() -> tuple[AnyPresenter, ...]:
    """Every game's presenter in the registry's order, each checked once, here, to be the
    ``GamePresenter`` of its spec's key and of the view types its game hands out (a wrong one
    fails at once, not on first use; its methods then read their own types unchecked)."""
    presenters = []
    for package, spec in zip(GAME_PACKAGES, all_specs(), strict=True):
        name = presenter_module(package)
        presenter = importlib.import_module(name).PRESENTER
        if not isinstance(presenter, GamePresenter) or presenter.key != spec.key:
            raise TypeError(f"{name}.PRESENTER is not the GamePresenter of {spec.key!r}")
        check_types(presenter, spec)
        presenters.append(presenter)
    return tuple(presenters)


def check_types(shown: AnyPresenter, spec: GameSpec) -> None:
    """Raise a ``TypeError`` unless a fresh game of ``spec`` hands out the public and private
    views ``shown`` was declared for."""
    public, private, _result = type(shown).presented_types()
    game = spec.new_game(None, [f"seat {i + 1}" for i in range(spec.min_seats)], seed=0)
    for view, wanted in ((game.public_view(), public), (game.private_view(0), private)):
        if not isinstance(view, wanted):
            raise TypeError(
                f"{type(shown).__name__} presents {wanted.__name__}, "
                f"but {spec.key} hands out {type(view).__name__}"
            )


def presenter(key: str) -> AnyPresenter:
    """The presenter of the game ``key``; ``KeyError`` for a game the bot does not offer."""
    return core_presenter(key)


def default_key() -> str:
    """The key of the game a table plays when nobody says which: the registry's first."""
    return all_presenters()[0].key


# Importing the bot's games installs them where the game-blind core finds them.
install_presenters(all_presenters())
