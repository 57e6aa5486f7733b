"""Rommé (German Rummy): two packs, six jokers, a 40-point first meld (docs/variants.md)."""

from __future__ import annotations

from engine.games.romme.game import RommeGame, RommeRuleset
from engine.games.romme.players import make_player
from engine.games.romme.views import RommePrivateView
from engine.melding.deadwood import deadwood_of
from engine.melding.melds import analyse_priced_meld
from engine.melding.players import timeout_action
from engine.players import STRENGTHS
from engine.spec import game_spec

SPEC = game_spec(
    (RommeGame, RommeRuleset, RommePrivateView),
    meld_points=lambda cards: analyse_priced_meld(cards).total,
    players=(STRENGTHS, make_player),
    timeout_action=timeout_action,
    deadwood=deadwood_of,
)
