"""Treppenrommé: one pack, the staircase, melds round the corner (see docs/rules.md)."""

from __future__ import annotations

from engine.games.treppe.ai import STRENGTHS, make_player, safe_timeout_action
from engine.games.treppe.game import Game, Ruleset
from engine.games.treppe.melds import analyse_meld
from engine.games.treppe.views import PrivateView
from engine.options import options_of
from engine.players import player_maker, timeout_maker
from engine.protocol import GameSpec

SPEC = GameSpec(
    key=Game.GAME_KEY,
    title="Treppenrommé",
    min_seats=2,
    max_seats=4,
    ruleset_type=Ruleset,
    options=options_of(Ruleset),
    ruleset_from_json=Ruleset.from_json,
    load=Game.from_json,
    meld_points=lambda cards: analyse_meld(list(cards)).total,
    make_player=player_maker(make_player, PrivateView),
    strengths=STRENGTHS,
    timeout_action=timeout_maker(safe_timeout_action, PrivateView),
)
