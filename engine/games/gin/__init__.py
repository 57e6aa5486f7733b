"""Gin Rummy: two players, one pack, knock or go gin, a match to 100 points
(docs/rules-gin.md)."""

from __future__ import annotations

from engine.games.gin.game import GinGame, GinRuleset
from engine.games.gin.players import make_player, timeout_action
from engine.games.gin.rules import GinPrivateView, hand_deadwood, meld_value
from engine.players import STRENGTHS
from engine.spec import game_spec

SPEC = game_spec(
    (GinGame, GinRuleset, GinPrivateView),
    meld_points=meld_value,
    players=(STRENGTHS, make_player),
    timeout_action=timeout_action,
    deadwood=hand_deadwood,
)
