"""Treppenrommé: one pack, the staircase, melds round the corner (see docs/rules.md)."""

from __future__ import annotations

from engine.games.treppe.ai import STRENGTHS, make_player, safe_timeout_action
from engine.games.treppe.game import Game, Ruleset
from engine.games.treppe.melds import analyse_meld
from engine.games.treppe.views import PrivateView
from engine.spec import game_spec

SPEC = game_spec(
    (Game, Ruleset, PrivateView),
    meld_points=lambda cards: analyse_meld(list(cards)).total,
    players=(STRENGTHS, make_player),
    timeout_action=safe_timeout_action,
)
