"""Moves made for a player: computer seats, away or departed players and timed-out turns.

Uses the computer players from ``engine.ai`` (strength "normal" unless the seat says otherwise)
and falls back to a simple safe player when that package is not available.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any, Protocol

from engine import Action, Discard, DrawTalon, Meld, PrivateView, TakeStaircase
from engine.games.treppe.melds import hand_value, possible_melds
from engine.registry import get_spec

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
        from engine.games.treppe.ai import make_player as make_ai_player
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
        from engine.games.treppe.ai import safe_timeout_action
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


# ---------------------------------------------------------------- Rommé and Wiener Rummy
def _variant_players() -> Any:
    try:
        from engine.twopack import players
    except ImportError:
        return None
    return players


def variant_players_available() -> bool:
    return _variant_players() is not None


class SafeVariantPlayer:
    """Draws from the stock, takes back an unfinished first meld, then discards the first
    card it may. Never melds, knocks or calls Rummy; declines a buy-back."""

    def choose(self, view: Any, legal: Sequence[Any]) -> Any:
        from engine.actions import BuyBack, TakeBack, TakeDiscard
        from engine.twopack import hand_value as variant_value

        seat = view.seat
        for preferred in (DrawTalon(seat), BuyBack(seat, False), TakeBack(seat), TakeDiscard(seat)):
            if preferred in legal:
                return preferred
        discards = [a for a in legal if isinstance(a, Discard)]
        if discards:
            return max(discards, key=lambda a: (not a.card.is_joker, variant_value(a.card)))
        return legal[0]


def make_variant_player(variant: str, strength: str, seed: int) -> Any:
    players = _variant_players()
    if players is None:
        return SafeVariantPlayer()
    try:
        return get_spec(variant).make_player(strength, seed)
    except Exception:
        log.exception("no %s player for %s; using the safe player", strength, variant)
        return SafeVariantPlayer()


def variant_timeout_action(variant: str, view: Any, legal: Sequence[Any]) -> Any:
    """A timed-out turn in Rommé or Wiener Rummy: draw, then a safe discard."""
    players = _variant_players()
    if players is not None:
        try:
            action = get_spec(variant).timeout_action(view, legal)
        except Exception:
            log.exception("variant_timeout_action failed; using the built-in safe move")
        else:
            if action in legal:
                return action
    return SafeVariantPlayer().choose(view, legal)


def choose_variant_safely(player: Any, view: Any, legal: Sequence[Any]) -> Any:
    try:
        action = player.choose(view, legal)
    except Exception:
        log.exception("computer player failed; playing safe")
        return SafeVariantPlayer().choose(view, legal)
    if action not in legal:
        log.warning("computer player chose an action outside the legal list: %r", action)
        return SafeVariantPlayer().choose(view, legal)
    return action
