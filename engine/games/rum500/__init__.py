"""500 Rum: one pack, a spread discard pile, every card scores for who places it
(docs/rules-rum500.md)."""

from __future__ import annotations

from engine.games.rum500.game import PRICES, Rum500Game, Rum500PrivateView, Rum500Ruleset
from engine.games.rum500.players import make_player
from engine.melding.spec import melding_spec

SPEC = melding_spec(
    (Rum500Game, Rum500Ruleset, Rum500PrivateView),
    make_player,
    prices=PRICES,
    counts_deadwood=False,
)
