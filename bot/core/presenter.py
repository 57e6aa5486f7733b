"""What the bot needs from a game beyond the engine's spec: one presenter per game.

Lobby, table, hand, timer, storage, stats and rules are written once against
``GamePresenter``; each game's folder in ``bot/games`` implements it and registers it in
``bot.games``. A presenter turns the game's views, events and results into Discord words,
pictures and controls, and turns typed text back into engine actions.

``GamePresenter[PubV, PrivV, ResultT]`` is generic in the game's public view, private view and
round result, and made of three parts: the table (``bot.core.presenter_table``), the private
hand (``bot.core.presenter_hand``) and the statistics (``bot.core.presenter_stats``). Each part
has defaults for what every game shows alike, so a game writes only what is its own."""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, Generic, get_args, get_origin

from bot.core.presenter_base import PrivV, PubV, ResultT
from bot.core.presenter_hand import HandPart
from bot.core.presenter_stats import StatsPart
from bot.core.presenter_table import TablePart
from engine.i18n import _
from engine.protocol import OptionValue


class GamePresenter(
    TablePart[PubV, ResultT], HandPart[PubV, PrivV], StatsPart, ABC, Generic[PubV, PrivV, ResultT]
):
    """Everything game-specific the bot shows or reads. ``key`` is the engine spec's key."""

    # ------------------------------------------------------------ lobby and rules
    def option_label(self, name: str, value: OptionValue) -> str:
        """How the lobby shows one table option, e.g. 'target 500' or 'no buy-back': the
        words its ruleset declares (``engine.options``), else its name and value."""
        label = self.spec.option(name).label
        if label is not None:
            return label.shown(value)
        words = name.replace("_", " ")
        if isinstance(value, bool):
            state = _("on") if value else _("off")
            return f"{words} {state}"
        shown = _("unset") if value is None else str(value)
        return f"{words} {shown}"

    @abstractmethod
    def rules_summary(self) -> str:
        """The short private summary of /treppe rules."""

    # ------------------------------------------------------------ the types it presents
    @classmethod
    def presented_types(cls) -> tuple[type, type, type]:
        """The public view, private view and round result types this presenter's class was
        declared with (``class P(GamePresenter[PublicView, PrivateView, Result])``, directly or
        through a generic base such as ``TwoPackPresenter``)."""
        found = _bound_arguments(cls, {})
        if found is None or not all(isinstance(t, type) for t in found):
            raise TypeError(f"{cls.__name__} does not name its view and result types")
        public, private, result = found
        return public, private, result


AnyPresenter = GamePresenter[Any, Any, Any]
"""A presenter of any game, as the bot's game-blind code holds it."""


def _bound_arguments(cls: type, bound: dict[Any, Any]) -> tuple[Any, ...] | None:
    """``GamePresenter``'s type arguments as ``cls`` binds them, following generic bases."""
    for base in cls.__dict__.get("__orig_bases__", ()):
        origin = get_origin(base)
        if not isinstance(origin, type) or not issubclass(origin, GamePresenter):
            continue
        arguments = tuple(bound.get(a, a) for a in get_args(base))
        if origin is GamePresenter:
            return arguments
        parameters = getattr(origin, "__parameters__", ())
        found = _bound_arguments(origin, dict(zip(parameters, arguments, strict=True)))
        if found is not None:
            return found
    for base in cls.__bases__:  # a plain subclass of a declared presenter
        if issubclass(base, GamePresenter) and base is not GamePresenter:
            found = _bound_arguments(base, bound)
            if found is not None:
                return found
    return None
