"""Rommé (German Rummy): two packs, six jokers, a 40-point first meld (docs/variants.md)."""

from __future__ import annotations

from engine.games.romme.game import RommeGame, RommeRuleset
from engine.games.romme.players import make_player
from engine.games.romme.views import RommePrivateView
from engine.melding.spec import melding_spec

SPEC = melding_spec((RommeGame, RommeRuleset, RommePrivateView), make_player)
