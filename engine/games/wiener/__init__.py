"""Wiener Rummy: two packs, two jokers, knock or call Rummy, a rubber for chips
(docs/variants.md)."""

from __future__ import annotations

from engine.games.wiener.game import WienerGame, WienerRuleset
from engine.games.wiener.players import make_player
from engine.games.wiener.views import WienerPrivateView
from engine.players import player_maker, timeout_maker
from engine.protocol import GameSpec, OptionSpec
from engine.twopack.melds import analyse_variant_meld
from engine.twopack.players import STRENGTHS, timeout_action

KEY = WienerGame.GAME_KEY


OPTIONS = (
    OptionSpec("hand_size", int, 10, "cards dealt to each player", 1, 13),
    OptionSpec("knock_limit", int, 5, "knock with less deadwood than this", 0, 100),
    OptionSpec("out_at", int, 101, "bad points that put a player out", 1, 1000),
    OptionSpec("stake", int, 5, "chips each player pays into the pot", 0, 1000),
    OptionSpec("knock_money", int, 1, "chips the knocker gets from each other player", 0, 100),
    OptionSpec("buy_back", bool, True, "once per rubber a player may buy back in"),
    OptionSpec("buy_back_from", int, 82, "bad points from which one may buy back", 0, 1000),
    OptionSpec("buy_back_cost", int, 5, "chips a buy-back costs", 0, 1000),
    OptionSpec("no_return", bool, True, "the upcard taken may not go back that turn"),
    OptionSpec("max_rebuilds", int, 3, "stock rebuilds per round before it ends dead", 0, 10),
)

SPEC = GameSpec(
    key=KEY,
    title="Wiener Rummy",
    min_seats=2,
    max_seats=6,
    ruleset_type=WienerRuleset,
    options=OPTIONS,
    ruleset_from_json=WienerRuleset.from_json,
    load=WienerGame.from_json,
    meld_points=lambda cards: analyse_variant_meld(cards).total,
    make_player=player_maker(make_player, WienerPrivateView),
    strengths=STRENGTHS,
    timeout_action=timeout_maker(timeout_action, WienerPrivateView),
)
