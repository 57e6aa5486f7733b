"""Moves made for a player: computer seats, away or departed players and timed-out turns.

The computer players and the safe move for a timed-out turn come from the engine's spec of
the game; the game's presenter adds a move that always works for when a player fails."""

from __future__ import annotations

import logging
from collections.abc import Sequence

from bot.core.presenter import GamePresenter
from engine.actions import Action
from engine.protocol import BasePrivateView, Player

log = logging.getLogger(__name__)


class SafePlayer:
    """The presenter's safe move as a player: keeps a table moving when nothing else can."""

    def __init__(self, presenter: GamePresenter) -> None:
        self.presenter = presenter

    def choose(self, view: BasePrivateView, legal: Sequence[Action]) -> Action:
        """The presenter's safe move among ``legal``: it never fails, whatever the game."""
        return self.presenter.safe_move(view, legal)


def make_player(presenter: GamePresenter, strength: str, seed: int) -> Player:
    """The game's computer player of ``strength``, or the safe player if it has none."""
    try:
        return presenter.spec.make_player(strength, seed)
    except Exception:
        log.exception("no %s player for %s; using the safe player", strength, presenter.key)
        return SafePlayer(presenter)


def timeout_action(
    presenter: GamePresenter, view: BasePrivateView, legal: Sequence[Action]
) -> Action:
    """The move made when a player's time runs out: the spec's safe move (draw, then a
    discard that breaks no meld), or the presenter's when that fails."""
    try:
        action = presenter.spec.timeout_action(view, legal)
    except Exception:
        log.exception("the timeout move failed; using the built-in safe move")
        return presenter.safe_move(view, legal)
    return action if action in legal else presenter.safe_move(view, legal)


def choose_safely(
    presenter: GamePresenter, player: Player, view: BasePrivateView, legal: Sequence[Action]
) -> Action:
    """Ask the player; if it fails or answers with something not in ``legal``, play safe."""
    try:
        action = player.choose(view, legal)
    except Exception:
        log.exception("computer player failed; playing safe")
        return presenter.safe_move(view, legal)
    if action not in legal:
        log.warning("computer player chose an action outside the legal list: %r", action)
        return presenter.safe_move(view, legal)
    return action
