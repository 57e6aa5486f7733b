"""Rommé (German Rummy): two packs, six jokers, a 40-point first meld (docs/variants.md)."""

from __future__ import annotations

from engine.games.romme.game import RommeGame, RommeRuleset
from engine.games.romme.players import make_player
from engine.games.romme.views import RommePrivateView
from engine.options import options_of
from engine.players import player_maker, timeout_maker
from engine.protocol import GameSpec
from engine.twopack.melds import analyse_variant_meld
from engine.twopack.players import STRENGTHS, timeout_action

KEY = RommeGame.GAME_KEY


SPEC = GameSpec(
    key=KEY,
    title="Rommé",
    min_seats=2,
    max_seats=6,
    ruleset_type=RommeRuleset,
    options=options_of(RommeRuleset),
    ruleset_from_json=RommeRuleset.from_json,
    load=RommeGame.from_json,
    meld_points=lambda cards: analyse_variant_meld(cards).total,
    make_player=player_maker(make_player, RommePrivateView),
    strengths=STRENGTHS,
    timeout_action=timeout_maker(timeout_action, RommePrivateView),
)
