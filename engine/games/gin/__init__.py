"""Gin Rummy: two players, one pack, knock or go gin, a match to 100 points
(docs/rules-gin.md)."""

from __future__ import annotations

from engine.games.gin.game import GinGame, GinRuleset
from engine.games.gin.hard import STRENGTHS, make_player
from engine.games.gin.melds import meld_value
from engine.games.gin.players import timeout_action
from engine.games.gin.views import GinPrivateView
from engine.players import player_maker, timeout_maker
from engine.protocol import GameSpec, OptionSpec

KEY = GinGame.GAME_KEY

OPTIONS = (
    OptionSpec("target", int, 100, "the match is won at this many points", 1, 1000),
    OptionSpec("box_bonus", int, 25, "points at the match's end for every hand won", 0, 100),
    OptionSpec("game_bonus", int, 100, "points at the match's end for its winner", 0, 1000),
    OptionSpec("shutout_doubles", bool, True, "a match won without a hand lost counts double"),
    OptionSpec("knock_card", int, 10, "the most deadwood a knock may leave", 0, 10),
    OptionSpec("gin_bonus", int, 25, "bonus for going gin", 0, 100),
    OptionSpec("undercut_bonus", int, 25, "bonus for undercutting the knocker", 0, 100),
    OptionSpec("oklahoma", bool, False, "the first upcard sets the knock card; spades double"),
)

SPEC = GameSpec(
    key=KEY,
    title=GinGame.TITLE,
    min_seats=2,
    max_seats=2,
    ruleset_type=GinRuleset,
    options=OPTIONS,
    ruleset_from_json=GinRuleset.from_json,
    load=GinGame.from_json,
    meld_points=meld_value,
    make_player=player_maker(make_player, GinPrivateView),
    strengths=STRENGTHS,
    timeout_action=timeout_maker(timeout_action, GinPrivateView),
)
