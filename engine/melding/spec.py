"""The registry entry of a game built on the shared meld rules (Rommé, Wiener Rummy, 500 Rum):
its melds priced at its ``Prices``, the shared strengths and safe move, and, where the game
counts it, a hand's least deadwood."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from engine.cards import Card
from engine.melding.deadwood import deadwood_of
from engine.melding.melds import analyse_priced_meld
from engine.melding.players import timeout_action
from engine.melding.points import PRICES, Prices
from engine.players import STRENGTHS, GamePlayer
from engine.protocol import GameSpec
from engine.spec import GameClass, RulesClass, game_spec


def melding_spec(
    classes: tuple[type[GameClass], type[RulesClass], type[Any]],
    make_player: Callable[[str, int], GamePlayer[Any]],
    *,
    prices: Prices = PRICES,
    counts_deadwood: bool = True,
) -> GameSpec:
    """The spec of the game whose ``classes`` are (game, ruleset, private view), whose
    ``make_player(strength, seed)`` makes its computer players and whose cards are worth
    ``prices``; ``counts_deadwood`` where the game scores a hand's least deadwood."""

    def meld_points(cards: Sequence[Card]) -> int:
        return analyse_priced_meld(cards, prices).total

    return game_spec(
        classes,
        meld_points=meld_points,
        players=(STRENGTHS, make_player),
        timeout_action=timeout_action,
        deadwood=deadwood_of if counts_deadwood else None,
    )
