"""Gin Rummy: two players, one pack, knock or go gin, a match to 100 points
(docs/rules-gin.md)."""

from __future__ import annotations

from engine.games.gin.game import GinGame, GinRuleset
from engine.games.gin.hard import STRENGTHS, make_player
from engine.games.gin.melds import meld_value
from engine.games.gin.players import timeout_action
from engine.games.gin.rules import GinPrivateView
from engine.options import options_of
from engine.players import player_maker, timeout_maker
from engine.protocol import GameSpec

KEY = GinGame.GAME_KEY

SPEC = GameSpec(
    key=KEY,
    title=GinGame.TITLE,
    min_seats=2,
    max_seats=2,
    ruleset_type=GinRuleset,
    options=options_of(GinRuleset),
    ruleset_from_json=GinRuleset.from_json,
    load=GinGame.from_json,
    meld_points=meld_value,
    make_player=player_maker(make_player, GinPrivateView),
    strengths=STRENGTHS,
    timeout_action=timeout_maker(timeout_action, GinPrivateView),
)
