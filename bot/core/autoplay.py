"""Moves made for a player: computer seats, away or departed players and timed-out turns.

Uses the computer players from ``engine.ai`` (strength "normal" unless the seat says otherwise)
and falls back to a simple safe player when that package is not available.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any, Protocol

from engine import Action, Discard, DrawTalon, Meld, PrivateView, TakeStaircase
from engine.melds import hand_value, possible_melds

log = logging.getLogger(__name__)


class Player(Protocol):
    def choose(self, view: PrivateView, legal: Sequence[Action]) -> Action: ...


class SafePlayer:
    """Draws from the talon, lays the biggest meld it can and discards the most expensive
    card that belongs to no meld. Good enough to keep a table moving."""

    def __init__(self, lay_melds: bool = True) -> None:
        self.lay_melds = lay_melds

    def choose(self, view: PrivateView, legal: Sequence[Action]) -> Action:
        draws = [a for a in legal if isinstance(a, DrawTalon)]
        if draws:
            return draws[0]
        takes = [a for a in legal if isinstance(a, TakeStaircase)]
        if takes:
            return max(takes, key=lambda a: a.index)  # only the top card
        melds = [a for a in legal if isinstance(a, Meld)]
        if self.lay_melds and melds:
            return max(melds, key=lambda a: len(a.cards))
        discards = [a for a in legal if isinstance(a, Discard)]
        in_melds = {card for meld in possible_melds(view.hand) for card in meld}
        loose = [a for a in discards if a.card not in in_melds] or discards
        if loose:
            return max(loose, key=lambda a: hand_value(a.card))
        return legal[0]


def make_player(strength: str, seed: int) -> Player:
    try:
        from engine.ai import make_player as make_ai_player
    except ImportError:
        return SafePlayer()
    try:
        player: Any = make_ai_player(strength, seed)
    except Exception:
        log.exception("engine.ai could not make a %s player; using the safe player", strength)
        return SafePlayer()
    return player  # type: ignore[no-any-return]


def timeout_action(view: PrivateView, legal: Sequence[Action]) -> Action:
    """The move made when a player's time runs out: draw from the talon, then discard a card
    that breaks no meld (engine.ai's rule when it is there)."""
    try:
        from engine.ai import safe_timeout_action
    except ImportError:
        return SafePlayer(lay_melds=False).choose(view, legal)
    try:
        action: Action = safe_timeout_action(view, legal)
    except Exception:
        log.exception("safe_timeout_action failed; using the built-in safe move")
        return SafePlayer(lay_melds=False).choose(view, legal)
    return action if action in legal else SafePlayer(lay_melds=False).choose(view, legal)


def choose_safely(player: Player, view: PrivateView, legal: Sequence[Action]) -> Action:
    """Ask the player; if it fails or answers with something not in ``legal``, play safe."""
    try:
        action = player.choose(view, legal)
    except Exception:
        log.exception("computer player failed; playing safe")
        return SafePlayer().choose(view, legal)
    if action not in legal:
        log.warning("computer player chose an action outside the legal list: %r", action)
        return SafePlayer().choose(view, legal)
    return action
