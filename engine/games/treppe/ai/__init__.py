"""Computer players for Treppenrommé: one small interface, three strengths.

``make_player(strength, seed) -> ComputerPlayer``
    ``strength`` is one of ``STRENGTHS`` (``"random"``, ``"normal"``, ``"hard"``). The player's
    ``choose(view, legal)`` takes the seat's ``PrivateView`` and ``game.legal_actions()`` and
    returns one of the legal actions. It never sees the ``Game``: only what that seat may see.
    Decisions depend only on the seed and the view, so they are reproducible and the player
    object may be kept or rebuilt at will::

        player = make_player("normal", seed=7)
        game.apply(player.choose(game.private_view(seat), game.legal_actions()))

``safe_timeout_action(view, legal) -> Action``
    The move for a player whose turn timer ran out: draw from the talon (the top staircase
    card if the talon is empty), then discard a card that breaks no meld.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from engine.actions import Action
from engine.games.treppe.ai.hard import HardPlayer
from engine.games.treppe.ai.players import NormalPlayer, safe_timeout_action
from engine.games.treppe.views import PrivateView
from engine.players import STRENGTHS, player_of_strength


class ComputerPlayer(Protocol):
    """What ``make_player`` returns, whatever the strength: a player asked only to choose."""

    def choose(self, view: PrivateView, legal: Sequence[Action]) -> Action:
        """One of ``legal``, chosen from what the seat of ``view`` may see."""
        ...


def make_player(strength: str, seed: int) -> ComputerPlayer:
    """A computer player of the given strength (see ``STRENGTHS``)."""
    return player_of_strength(strength, seed, NormalPlayer, HardPlayer)


__all__ = ["STRENGTHS", "ComputerPlayer", "make_player", "safe_timeout_action"]
