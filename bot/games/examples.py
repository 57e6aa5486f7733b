"""The example pictures in docs/img/, taken from real games.

Every picture is a moment of a game that computer players play from a fixed seed: one
generic driver (:func:`play`) runs any game's engine until a chosen moment, so every number
in a picture is the engine's and pictures of the same game agree with each other (the round
result of round 4 is the result of the round shown on the round-4 table).

Each game says which moments it shows in ``bot/games/<name>/examples.py`` (beside its
presenter, found through the engine's registry like it): ``pictures()``, its pictures by file
name, and ``GERMAN``, those also kept in German; a game without one shows a table in the
middle of its second round and that round's result (:func:`plain_pictures`).
``tools/make_examples.py`` writes
:func:`pictures` to docs/img/; a test checks that the committed files are what the games draw.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable, Iterator, Sequence
from types import ModuleType
from typing import Protocol, TypeVar

from bot.core.presenter import AnyPresenter
from bot.games import all_presenters, presenter_module
from engine.events import RoundResult
from engine.i18n import using
from engine.protocol import RummyGame
from engine.registry import GAME_PACKAGES

NAMES = ("Anna", "Ben", "Clara", "Dieter")
NAMES6 = (*NAMES, "Emil", "Frieda")
MAX_ACTIONS = 20_000
MAX_STEPS = 4000  # how far a sampled session of random play may run
PLAIN_SEED = 3  # the seed of a game that has no examples module of its own
PLAIN_MOVES = 12  # how far into round 2 its table picture is taken
_PLAIN: dict[str, tuple[RummyGame, object, RoundResult]] = {}

A = TypeVar("A")
V_co = TypeVar("V_co", covariant=True)
V_contra = TypeVar("V_contra", contravariant=True)
V = TypeVar("V")
A_contra = TypeVar("A_contra", contravariant=True)


class Playable(Protocol[A, V_co]):
    """What the driver needs of a game: every registered game fits."""

    @property
    def to_act(self) -> int:
        """The seat whose move it is now."""
        ...

    @property
    def is_over(self) -> bool:
        """Whether the session has ended."""
        ...

    def legal_actions(self) -> Sequence[A]:
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
        if game.is_over:
            break
        seat = game.to_act
        game.apply(players[seat].choose(game.private_view(seat), game.legal_actions()))
    raise RuntimeError("the example game never reached its moment: choose another seed")


class Sampled(Protocol[A_contra, V_co]):
    """What sampling a whole session needs of a game: every registered game fits."""

    @property
    def winner(self) -> int | None:
        """The session's winner once it is over, else None."""
        ...

    def public_view(self) -> V_co:
        """What everybody sees now."""
        ...

    def apply(self, action: A_contra, /) -> object:
        """Apply one of the legal actions."""
        ...


def session_views(
    game: Sampled[A, V],
    move: Callable[[], A],
    every: int,
    also: Callable[[V], bool] | None = None,
) -> Iterator[V]:
    """The public views of a whole seeded session that ``move()`` plays to its end (for the
    benchmark and the tests): every ``every``-th, each that ``also`` picks, and the last."""
    for step in range(MAX_STEPS):
        if step % every == 0 or game.winner is not None:
            yield game.public_view()
        elif also is not None and also(view := game.public_view()):
            yield view
        if game.winner is not None:
            return
        game.apply(move())


# ----------------------------------------------------------------------------- pictures
def example_modules() -> list[ModuleType]:
    """The games' own examples modules, in the registry's order."""
    modules = []
    for package in GAME_PACKAGES:
        name = f"{presenter_module(package)}.examples"
        if importlib.util.find_spec(name) is not None:
            modules.append(importlib.import_module(name))
    return modules


def plain_example(presenter: AnyPresenter) -> tuple[RummyGame, object, RoundResult]:
    """A game without an examples module of its own: its ``normal`` players play the fewest
    seats from ``PLAIN_SEED`` to the middle of round 2 (``PLAIN_MOVES`` moves into it): that
    moment's public view and the round's result, the round played on (cached per game)."""
    key = presenter.key
    if key not in _PLAIN:
        spec = presenter.spec
        game = spec.new_game(None, NAMES[: spec.min_seats], PLAIN_SEED)
        seats = range(spec.min_seats)
        players = [spec.make_player("normal", PLAIN_SEED + s) for s in seats]
        start = len(game.actions)
        play(game, players, lambda: game.round_number == 2 and len(game.actions) > start)
        start = len(game.actions)
        play(game, players, lambda: len(game.actions) >= start + PLAIN_MOVES)
        table = game.public_view()
        play(game, players, lambda: len(game.results) >= 2)
        _PLAIN[key] = (game, table, game.results[1])
    return _PLAIN[key]


def plain_pictures(presenter: AnyPresenter) -> dict[str, bytes]:
    """``<key>-table.png`` and ``<key>-round-result.png`` of :func:`plain_example`."""
    game, table, result = plain_example(presenter)
    drawn = {
        f"{presenter.key}-table.png": presenter.render_table(table),
        f"{presenter.key}-round-result.png": presenter.render_round(result, game.names),
    }
    return {name: png for name, png in drawn.items() if png is not None}


def pictures() -> dict[str, bytes]:
    """Every picture in docs/img/, by file name: English, then the German ones (``.de.png``):
    those the games' own modules keep in German (``GERMAN``) and every plain picture (for the
    German rules pages)."""
    own, plain = _drawn()
    with using("de"):
        own_de, plain_de = _drawn()
    german = {name: own_de[name] for module in example_modules() for name in module.GERMAN}
    german |= plain_de
    return own | plain | {name.replace(".png", ".de.png"): png for name, png in german.items()}


def drawn_pictures() -> dict[str, bytes]:
    """Every game's example pictures in the current language, by file name."""
    own, plain = _drawn()
    return own | plain


def _drawn() -> tuple[dict[str, bytes], dict[str, bytes]]:
    """The pictures of the games' own examples modules, and the plain pictures of the rest."""
    own: dict[str, bytes] = {}
    for module in example_modules():
        own.update(module.pictures())
    games = {module.__name__.rsplit(".", 2)[-2] for module in example_modules()}
    plain: dict[str, bytes] = {}
    for package, presenter in zip(GAME_PACKAGES, all_presenters(), strict=True):
        if package.rsplit(".", 1)[-1] not in games:
            plain.update(plain_pictures(presenter))
    return own, plain
