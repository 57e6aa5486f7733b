"""Rommé (German Rummy): two packs, six jokers, a 40-point first meld (docs/variants.md)."""

from __future__ import annotations

from engine.games.romme.game import RommeGame, RommeRuleset
from engine.games.romme.players import make_player
from engine.games.romme.views import RommePrivateView
from engine.players import STRENGTHS
from engine.spec import game_spec
from engine.twopack.melds import analyse_variant_meld
from engine.twopack.players import timeout_action

SPEC = game_spec(
    (RommeGame, RommeRuleset, RommePrivateView),
    meld_points=lambda cards: analyse_variant_meld(cards).total,
    players=(STRENGTHS, make_player),
    timeout_action=timeout_action,
)
