"""Rommé (German Rummy): two packs, six jokers, a 40-point first meld (docs/variants.md)."""

from __future__ import annotations

from engine.games.romme.game import RommeGame, RommeRuleset
from engine.games.romme.players import make_player
from engine.games.romme.views import RommePrivateView
from engine.players import player_maker, timeout_maker
from engine.protocol import GameSpec, OptionSpec
from engine.twopack.melds import analyse_variant_meld
from engine.twopack.players import STRENGTHS, timeout_action

KEY = RommeGame.GAME_KEY


OPTIONS = (
    OptionSpec("hand_size", int, 13, "cards dealt to each player", 1, 15),
    OptionSpec("dealer_gets_14", bool, False, "the dealer gets one more card, no upcard"),
    OptionSpec("discard_only_to_meld", bool, False, "the discard taken must be melded at once"),
    OptionSpec("strict_swap", bool, False, "a set gives up its joker only with four cards"),
    OptionSpec("hand_romme_double", bool, True, "going out in one turn doubles minus points"),
    OptionSpec("rounds", int, None, "rounds to play (unset: every player deals once)", 1, 50),
    OptionSpec("opening_minimum", int, 40, "points the first meld needs", 0, 200),
    OptionSpec("no_return", bool, True, "the discard taken may not go back that turn"),
    OptionSpec("max_rebuilds", int, 3, "stock rebuilds per round before it ends dead", 0, 10),
)

SPEC = GameSpec(
    key=KEY,
    title="Rommé",
    min_seats=2,
    max_seats=6,
    ruleset_type=RommeRuleset,
    options=OPTIONS,
    ruleset_from_json=RommeRuleset.from_json,
    load=RommeGame.from_json,
    meld_points=lambda cards: analyse_variant_meld(cards).total,
    make_player=player_maker(make_player, RommePrivateView),
    strengths=STRENGTHS,
    timeout_action=timeout_maker(timeout_action, RommePrivateView),
)
