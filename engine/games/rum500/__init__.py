"""500 Rum: one pack, a spread discard pile, every card scores for who places it
(docs/rules-rum500.md)."""

from __future__ import annotations

from engine.games.rum500.game import PRICES, Rum500Game, Rum500PrivateView, Rum500Ruleset
from engine.games.rum500.players import make_player
from engine.options import options_of
from engine.players import player_maker, timeout_maker
from engine.protocol import GameSpec
from engine.twopack.melds import analyse_variant_meld
from engine.twopack.players import STRENGTHS, timeout_action

SPEC = GameSpec(
    key=Rum500Game.GAME_KEY,
    title=Rum500Game.TITLE,
    min_seats=Rum500Game.MIN_SEATS,
    max_seats=Rum500Game.MAX_SEATS,
    ruleset_type=Rum500Ruleset,
    options=options_of(Rum500Ruleset),
    ruleset_from_json=Rum500Ruleset.from_json,
    load=Rum500Game.from_json,
    meld_points=lambda cards: analyse_variant_meld(cards, PRICES).total,
    make_player=player_maker(make_player, Rum500PrivateView),
    strengths=STRENGTHS,
    timeout_action=timeout_maker(timeout_action, Rum500PrivateView),
)
