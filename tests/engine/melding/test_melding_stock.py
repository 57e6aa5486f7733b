"""RULES.md §2 and §3: an empty stock is rebuilt from the discard pile but its top card."""

from __future__ import annotations

import pytest

from engine import Discard, DrawTalon
from engine.events import TalonRebuilt
from engine.games.romme.game import RommeRuleset
from engine.games.wiener.game import WienerRuleset


@pytest.mark.parametrize("ruleset", [RommeRuleset(), WienerRuleset()], ids=["romme", "wiener"])
def test_empty_stock_is_rebuilt_from_the_discard_pile_but_its_top(
    ruleset: RommeRuleset | WienerRuleset,
) -> None:
    game = ruleset.new_game(["Anna", "Ben"], seed=5)
    total = len(game.stock) + len(game.discard) + sum(len(h) for h in game.hands)
    # Both players draw from the stock and throw the drawn card back until it runs out.
    # The rebuild happens when the next player is about to draw from the empty stock.
    pile_before: list[object] = []
    for _ in range(200):
        seat = game.to_act
        game.apply(DrawTalon(seat))
        drawn = game.hands[seat][-1]
        pile_before = [*game.discard, drawn]
        events = game.apply(Discard(seat, drawn))
        if any(isinstance(e, TalonRebuilt) for e in events):
            break
    else:
        raise AssertionError("the stock never ran out")
    rebuilt = [e for e in game.events if isinstance(e, TalonRebuilt)]
    assert len(rebuilt) == 1 and rebuilt[0].cards == len(pile_before) - 1
    assert game.discard == pile_before[-1:]  # the top card stays where it was
    assert sorted(game.stock + game.discard) == sorted(pile_before)  # type: ignore[type-var]
    in_play = len(game.stock) + len(game.discard) + sum(len(h) for h in game.hands)
    assert in_play == total
