"""500 Rum: one pack, a spread discard pile, every card scores for who places it
(docs/rules-rum500.md)."""

from __future__ import annotations

from engine.games.rum500.game import PRICES, Rum500Game, Rum500PrivateView, Rum500Ruleset
from engine.games.rum500.players import make_player
from engine.melding.melds import analyse_priced_meld
from engine.melding.players import timeout_action
from engine.players import STRENGTHS
from engine.spec import game_spec

SPEC = game_spec(
    (Rum500Game, Rum500Ruleset, Rum500PrivateView),
    meld_points=lambda cards: analyse_priced_meld(cards, PRICES).total,
    players=(STRENGTHS, make_player),
    timeout_action=timeout_action,
)
