"""Moves made for a player: computer seats, away or departed players and timed-out turns.

The computer players and the one safe move of a game (``GameSpec.timeout_action``: a draw,
then a discard that breaks no meld) come from the engine's spec. Should either fail, the
first legal move keeps the table going: the engine accepts every move it lists."""

from __future__ import annotations

import logging
from collections.abc import Sequence

from engine.actions import Action
from engine.protocol import BasePrivateView, GameSpec, Player

log = logging.getLogger(__name__)


class SafePlayer:
    """The game's timeout move as a player: keeps a table moving when nothing else can."""

    def __init__(self, spec: GameSpec) -> None:
        self.spec = spec

    def choose(self, view: BasePrivateView, legal: Sequence[Action]) -> Action:
        """The game's safe move among ``legal``: it never fails, whatever the game."""
        return timeout_action(self.spec, view, legal)


def make_player(spec: GameSpec, strength: str, seed: int) -> Player:
    """The game's computer player of ``strength``, or the safe player if it has none."""
    try:
        return spec.make_player(strength, seed)
    except Exception:
        log.exception("no %s player for %s; using the safe player", strength, spec.key)
        return SafePlayer(spec)


def timeout_action(spec: GameSpec, view: BasePrivateView, legal: Sequence[Action]) -> Action:
    """The move made for a player who cannot move (time ran out, a computer player failed):
    the spec's safe move, or the first legal move when that fails."""
    try:
        action = spec.timeout_action(view, legal)
    except Exception:
        log.exception("the timeout move of %s failed; playing the first legal move", spec.key)
        return legal[0]
    return action if action in legal else legal[0]


def choose_safely(
    spec: GameSpec, player: Player, view: BasePrivateView, legal: Sequence[Action]
) -> Action:
    """Ask the player; if it fails or answers with something not in ``legal``, play safe."""
    try:
        action = player.choose(view, legal)
    except Exception:
        log.exception("computer player failed; playing safe")
        return timeout_action(spec, view, legal)
    if action not in legal:
        log.warning("computer player chose an action outside the legal list: %r", action)
        return timeout_action(spec, view, legal)
    return action
