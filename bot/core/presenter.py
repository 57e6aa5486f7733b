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

from abc import ABC
from collections.abc import Iterable
from typing import Any, Generic

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

    summary: str  # the game's rules in short (a message id)

    def rules_summary(self) -> str:
        """The short private summary of /treppe rules."""
        return _(self.summary)


AnyPresenter = GamePresenter[Any, Any, Any]
"""A presenter of any game, as the bot's game-blind code holds it."""


# The games' presenters by key, in the engine registry's order. ``bot.games`` installs them
# when it is imported (the app and every render worker import it at start-up): the core looks
# a game's presenter up here and never imports the games' folders.
_INSTALLED: dict[str, AnyPresenter] = {}


def install_presenters(presenters: Iterable[AnyPresenter]) -> None:
    """Make ``presenters`` the games the core can show (replacing any installed before)."""
    _INSTALLED.clear()
    _INSTALLED.update((shown.key, shown) for shown in presenters)


def presenter(key: str) -> AnyPresenter:
    """The installed presenter of the game ``key``; ``KeyError`` for a game the bot does not
    offer (or when ``bot.games`` was never imported)."""
    try:
        return _INSTALLED[key]
    except KeyError:
        raise KeyError(f"no game {key!r} among the installed presenters") from None
