"""Wiener Rummy: two packs, two jokers, knock or call Rummy, a rubber for chips
(docs/variants.md)."""

from __future__ import annotations

from engine.games.wiener.game import WienerGame, WienerRuleset
from engine.games.wiener.players import make_player
from engine.games.wiener.views import WienerPrivateView
from engine.melding.spec import melding_spec

SPEC = melding_spec((WienerGame, WienerRuleset, WienerPrivateView), make_player)
