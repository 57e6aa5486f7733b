"""The hard player keeps its melds in hand for a Rommé hand while that is safe."""

from __future__ import annotations

from engine import Discard, DrawTalon, Meld
from engine.games.treppe.ai.hard import HardPlayer
from engine.games.treppe.ai.planner import Plan
from engine.games.treppe.ai.players import NormalPlayer
from engine.games.treppe.ai.search import HOLD_WHILE_OPPONENTS_HOLD, Budget, should_hold
from engine.games.treppe.game import Game
from tests.engine.conftest import DealFactory

RUN = "7♥ 8♥ 9♥"


def _after_draw(deal: DealFactory, ben: str) -> Game:
    game = deal([f"{RUN} 2♣ 5♦ J♠ K♣", ben], "4♣", talon_top="Q♦")
    game.apply(DrawTalon(0))
    return game


def _plan(melds: int, out: bool = False) -> Plan:
    return Plan([()] * melds, [], None, (), 24 * melds, out, 24.0 * melds)


def test_should_hold_only_before_melding_and_while_opponents_hold_many_cards() -> None:
    many = HOLD_WHILE_OPPONENTS_HOLD
    assert should_hold(_plan(1), has_melded=False, fewest_opponent_cards=many)
    assert not should_hold(_plan(1), has_melded=True, fewest_opponent_cards=many)
    assert not should_hold(_plan(1), has_melded=False, fewest_opponent_cards=many - 1)
    assert not should_hold(_plan(1, out=True), has_melded=False, fewest_opponent_cards=many)
    assert not should_hold(_plan(0), has_melded=False, fewest_opponent_cards=many)


def test_hard_keeps_its_run_while_the_opponent_holds_seven_cards(deal: DealFactory) -> None:
    game = _after_draw(deal, "2♠ 3♦ 6♣ 10♣ J♦ Q♣ K♦")
    view, legal = game.private_view(0), game.legal_actions()
    normal = NormalPlayer(1).choose(view, legal)
    assert isinstance(normal, Meld)
    action = HardPlayer(1).choose(view, legal)
    assert isinstance(action, Discard)
    assert str(action.card) not in RUN.split()


def test_hard_melds_once_the_opponent_is_close_to_going_out(deal: DealFactory) -> None:
    game = _after_draw(deal, "2♠ 3♦ 6♣")
    action = HardPlayer(1).choose(game.private_view(0), game.legal_actions())
    assert isinstance(action, Meld)
    assert sorted(map(str, action.cards)) == sorted(RUN.split())


def test_holding_can_be_switched_off(deal: DealFactory) -> None:
    game = _after_draw(deal, "2♠ 3♦ 6♣ 10♣ J♦ Q♣ K♦")
    player = HardPlayer(1, budget=Budget(hold=False, candidates=1))
    assert isinstance(player.choose(game.private_view(0), game.legal_actions()), Meld)
