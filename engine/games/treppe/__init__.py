"""Treppenrommé: one pack, the staircase, melds round the corner (see docs/rules.md)."""

from __future__ import annotations

from engine.games.treppe.ai import STRENGTHS, make_player, safe_timeout_action
from engine.games.treppe.game import Game, Ruleset
from engine.games.treppe.melds import analyse_meld
from engine.games.treppe.views import PrivateView
from engine.players import player_maker, timeout_maker
from engine.protocol import GameSpec, OptionSpec

OPTIONS = (
    OptionSpec("target", int, 500, "points that win the session", 1, 10000),
    OptionSpec("hand_size", int, 7, "cards dealt to each player", 1, 12),
    OptionSpec("no_return", bool, True, "a lone staircase card taken may not go back"),
    OptionSpec("max_rebuilds", int, 2, "talon rebuilds per round before it ends dead", 0, 10),
    OptionSpec("hand_romme_double", bool, True, "going out in one turn doubles the bonus"),
)

SPEC = GameSpec(
    key=Game.GAME_KEY,
    title="Treppenrommé",
    min_seats=2,
    max_seats=4,
    ruleset_type=Ruleset,
    options=OPTIONS,
    ruleset_from_json=Ruleset.from_json,
    load=Game.from_json,
    meld_points=lambda cards: analyse_meld(list(cards)).total,
    make_player=player_maker(make_player, PrivateView),
    strengths=STRENGTHS,
    timeout_action=timeout_maker(safe_timeout_action, PrivateView),
)
