"""Wiener Rummy: two packs, two jokers, knock or call Rummy, a rubber for chips
(docs/variants.md)."""

from __future__ import annotations

from engine.games.wiener.game import WienerGame, WienerRuleset
from engine.games.wiener.players import make_player
from engine.games.wiener.views import WienerPrivateView
from engine.options import options_of
from engine.players import player_maker, timeout_maker
from engine.protocol import GameSpec
from engine.twopack.melds import analyse_variant_meld
from engine.twopack.players import STRENGTHS, timeout_action

KEY = WienerGame.GAME_KEY


SPEC = GameSpec(
    key=KEY,
    title="Wiener Rummy",
    min_seats=2,
    max_seats=6,
    ruleset_type=WienerRuleset,
    options=options_of(WienerRuleset),
    ruleset_from_json=WienerRuleset.from_json,
    load=WienerGame.from_json,
    meld_points=lambda cards: analyse_variant_meld(cards).total,
    make_player=player_maker(make_player, WienerPrivateView),
    strengths=STRENGTHS,
    timeout_action=timeout_maker(timeout_action, WienerPrivateView),
)
