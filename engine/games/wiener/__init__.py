"""Wiener Rummy: two packs, two jokers, knock or call Rummy, a rubber for chips
(docs/variants.md)."""

from __future__ import annotations

from engine.games.wiener.game import WienerGame, WienerRuleset
from engine.games.wiener.players import make_player
from engine.games.wiener.views import WienerPrivateView
from engine.melding.deadwood import deadwood_of
from engine.melding.melds import analyse_priced_meld
from engine.melding.players import timeout_action
from engine.players import STRENGTHS
from engine.spec import game_spec

SPEC = game_spec(
    (WienerGame, WienerRuleset, WienerPrivateView),
    meld_points=lambda cards: analyse_priced_meld(cards).total,
    players=(STRENGTHS, make_player),
    timeout_action=timeout_action,
    deadwood=deadwood_of,
)
