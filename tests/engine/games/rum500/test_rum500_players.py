"""500 Rum's computer players: each strength plays legal moves; ``hard`` keeps a card that
would meld with cards of the spread pile, which ``normal`` throws."""

from __future__ import annotations

import pytest

from engine.actions import Discard, DrawTalon, Pass
from engine.games.rum500.players import make_player
from engine.players import STRENGTHS
from tests.engine.variant_deals import one, rum500


def test_hard_does_not_feed_the_pile_where_normal_does() -> None:
    # 9♠ and 10♠ lie in the pile: a discarded 8♠ or J♠ would hand Ben a deep take.
    g = rum500(["J♠ 5♦ 5♣ 2♥", "Q♦ K♦ 4♣ 4♠ 10♥ J♣ 6♠"], discard="9♠ 3♦ 10♠", stock_top="7♦")
    g.apply(DrawTalon(0))
    view, legal = g.private_view(0), g.legal_actions()
    assert make_player("normal", 1).choose(view, legal) == Discard(0, one("J♠"))
    chosen = make_player("hard", 1).choose(view, legal)
    assert isinstance(chosen, Discard) and chosen.card != one("J♠")


@pytest.mark.parametrize("strength", STRENGTHS)
def test_every_strength_plays_a_round_with_legal_moves(strength: str) -> None:
    g = rum500(["7♠ 7♦ 2♥ 3♥ 9♣ K♠ 5♦", "Q♦ K♦ 4♣ 4♠ 10♥ J♣ 6♠"], discard="4♥ 8♠ J♦ 7♥")
    players = [make_player(strength, seed) for seed in (1, 2)]
    while g.round_number == 1:
        legal = g.legal_actions()
        action = players[g.to_act].choose(g.private_view(g.to_act), legal)
        assert action in legal
        g.apply(action)
    assert g.results[-1].closer is not None or isinstance(g.actions[-1], Pass)


def test_an_unknown_strength_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown strength"):
        make_player("expert", 1)
