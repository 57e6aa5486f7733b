"""The example pictures in docs/img/, taken from real games.

Every picture is a moment of a game that computer players play from a fixed seed: one
generic driver (:func:`play`) runs any game's engine until a chosen moment, so every number
in a picture is the engine's and pictures of the same game agree with each other (the round
result of round 4 is the result of the round shown on the round-4 table).

Each game says which moments it shows in ``bot/games/<name>/examples.py`` (beside its
presenter, found through the engine's registry like it): ``pictures()``, its pictures by file
name, and ``GERMAN``, those also kept in German. ``tools/make_examples.py`` writes
:func:`pictures` to docs/img/; a test checks that the committed files are what the games draw.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable, Sequence
from types import ModuleType
from typing import Protocol, TypeVar

from bot.games import presenter_module
from engine.i18n import using
from engine.registry import GAME_PACKAGES

NAMES = ("Anna", "Ben", "Clara", "Dieter")
NAMES6 = (*NAMES, "Emil", "Frieda")
MAX_ACTIONS = 20_000

A = TypeVar("A")
V_co = TypeVar("V_co", covariant=True)
V_contra = TypeVar("V_contra", contravariant=True)


class Playable(Protocol[A, V_co]):
    """What the driver needs of a game: Treppenrommé, Rommé and Wiener Rummy all fit."""

    @property
    def to_act(self) -> int:
        """The seat whose move it is now."""
        ...

    @property
    def winner(self) -> int | None:
        """The seat that won the session, or None while it goes on."""
        ...

    def legal_actions(self) -> list[A]:
        """Every action the seat to act may take now."""
        ...

    def apply(self, action: A, /) -> object:
        """Apply one of the legal actions."""
        ...

    def private_view(self, seat: int, /) -> V_co:
        """What ``seat`` may see, for its player to choose from."""
        ...


class Player(Protocol[A, V_contra]):
    """What the driver needs of a computer player: any game's players fit."""

    def choose(self, view: V_contra, legal: Sequence[A], /) -> A:
        """One of ``legal``, chosen from what the seat of ``view`` may see."""
        ...


def play(
    game: Playable[A, V_co],
    players: Sequence[Player[A, V_co]],
    until: Callable[[], bool],
) -> None:
    """Let ``players`` (one per seat) play ``game`` until ``until()`` holds; the game must
    reach that moment before it ends."""
    for _ in range(MAX_ACTIONS):
        if until():
            return
        if game.winner is not None:
            break
        seat = game.to_act
        game.apply(players[seat].choose(game.private_view(seat), game.legal_actions()))
    raise RuntimeError("the example game never reached its moment: choose another seed")


# ----------------------------------------------------------------------------- pictures
def example_modules() -> list[ModuleType]:
    """Every game's examples module, in the registry's order (a game without one shows none)."""
    modules = []
    for package in GAME_PACKAGES:
        name = f"{presenter_module(package)}.examples"
        if importlib.util.find_spec(name) is not None:
            modules.append(importlib.import_module(name))
    return modules


def pictures() -> dict[str, bytes]:
    """Every picture in docs/img/, by file name: English, then the German ones (``.de.png``)."""
    drawn = drawn_pictures()
    with using("de"):
        german = drawn_pictures()
    for module in example_modules():
        drawn.update({name.replace(".png", ".de.png"): german[name] for name in module.GERMAN})
    return drawn


def drawn_pictures() -> dict[str, bytes]:
    """Every game's example pictures in the current language, by file name."""
    drawn: dict[str, bytes] = {}
    for module in example_modules():
        drawn.update(module.pictures())
    return drawn
