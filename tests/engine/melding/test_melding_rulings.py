"""Scenario tests for the rulings of RULES.md §4 (stock limit, dead rounds, buy-back)."""

from __future__ import annotations

import pytest

from engine import Discard, DrawTalon
from engine.actions import BuyBack, CallRummy, Knock, Pass, TakeDiscard
from engine.errors import RulesError
from engine.events import RoundEnded, TalonRebuilt
from engine.games.romme.events import RommeRoundResult
from engine.games.romme.game import RommeRuleset
from engine.games.wiener.events import DeclinedBuyBack, WienerRoundResult
from engine.games.wiener.game import WienerRuleset
from engine.i18n import using
from engine.protocol import Phase
from tests.engine.melding_deals import cards, one, refused, romme, rum500, wiener

ROMME_ANNA = "10♥ J♥ Q♥ 7♠ 7♦ 7♣ 2♠ 3♠ 4♦ 9♣ 5♦ 6♣ Jo"
ROMME_BEN = "K♣ K♦ 8♥ 9♥ 4♠ 5♠ 6♠ A♣ 3♦ 3♥ 2♦ 10♠ Q♠"
WIENER_BEN = "5♥ 6♥ 7♥ 8♠ 8♦ 8♣ K♠ K♦ K♣ 2♠"  # deadwood 2
WIENER_ANNA = "4♣ 9♦ J♠ Q♦ 3♥ 7♠ 10♣ 2♦ 5♣ 6♦"  # no melds: 66
CLEO = "2♥ 3♥ 4♥ 9♠ 9♥ 9♦ Q♠ Q♥ J♦ 10♦"  # deadwood 38


def test_defaults_allow_three_rebuilds() -> None:
    assert RommeRuleset().max_rebuilds == 3 and WienerRuleset().max_rebuilds == 3
    assert RommeRuleset().hand_romme_double


def test_romme_third_rebuild_happens_then_the_round_is_dead() -> None:
    g = romme([ROMME_ANNA, ROMME_BEN], discard="8♦ 4♣ 6♦")
    g.apply(DrawTalon(0))
    g.stock.clear()
    g.piles.rebuilds = 2
    events = g.apply(Discard(0, one("9♣")))
    assert TalonRebuilt(3, 3) in events and g.to_act == 1 and not g.results
    g.apply(DrawTalon(1))
    g.stock.clear()
    events = g.apply(Discard(1, one("Q♠")))
    ended = [e for e in events if isinstance(e, RoundEnded)]
    assert ended, "the fourth run-out ends the round"
    result = ended[0].result
    assert isinstance(result, RommeRoundResult)
    assert result.went_out is None and set(result.minus) == {0} and g.totals == [0, 0]


def test_wiener_dead_round_moves_no_points_and_no_chips() -> None:
    g = wiener([WIENER_ANNA, WIENER_BEN], discard="9♣", stock_top="3♠")
    g.apply(DrawTalon(1))
    g.stock.clear()
    g.piles.rebuilds = 3
    g.apply(Discard(1, one("3♠")))
    result = g.results[-1]
    assert isinstance(result, WienerRoundResult)
    assert result.closer is None and set(result.bad_points) == {0}
    assert g.own.chips == [-5, -5] and g.totals == [0, 0]


def test_wiener_stock_out_after_a_knock_scores_the_round_as_it_stands() -> None:
    g = wiener([WIENER_ANNA, WIENER_BEN], discard="9♣", stock_top="3♠")
    g.apply(DrawTalon(1))
    g.stock.clear()
    g.piles.rebuilds = 3
    g.apply(Knock(1, one("3♠")))
    result = g.results[-1]
    assert isinstance(result, WienerRoundResult)
    assert result.closer == 1 and not result.rummy
    assert result.bad_points == (66, 2) and result.chips == (-6, -4)


def test_buy_back_is_offered_only_to_the_worst() -> None:
    g = wiener([WIENER_ANNA, WIENER_BEN, CLEO], discard="9♣", stock_top="3♠ A♠ J♣")
    g.totals[:] = [30, 0, 47]
    g.apply(DrawTalon(1))
    g.apply(Knock(1, one("2♠")))
    g.apply(DrawTalon(2))
    g.apply(Discard(2, one("A♠")))
    g.apply(DrawTalon(0))
    g.apply(Discard(0, one("J♣")))
    # Anna 96 and Cleo 85 are both in 82..100; only Anna, the worst, is asked.
    assert g.totals == [96, 3, 85]
    assert g.phase is Phase.BUY_BACK and g.to_act == 0
    events = g.apply(BuyBack(0, False))
    assert DeclinedBuyBack(0) in events
    assert g.phase is Phase.DRAW and g.round_number == 2


def test_a_player_knocked_out_still_pays_the_round_chip() -> None:
    g = wiener([WIENER_ANNA, WIENER_BEN, CLEO], discard="9♣", stock_top="3♠ A♠ J♣")
    g.totals[:] = [50, 0, 80]
    g.apply(DrawTalon(1))
    g.apply(Knock(1, one("2♠")))
    g.apply(DrawTalon(2))
    g.apply(Discard(2, one("A♠")))
    g.apply(DrawTalon(0))
    g.apply(Discard(0, one("J♣")))
    result = g.results[-1]
    assert result.out == (0, 2)
    assert result.chips == (-6, -3, -6)


def test_a_pass_is_refused_in_words_where_no_upcard_is_offered() -> None:
    rom = romme([ROMME_ANNA, ROMME_BEN], discard="8♦ 4♣ 6♦")
    refused(rom, Pass(0), "There is no passing in this game")
    refused(rom, Pass(1), "It is Anna's turn")
    wie = wiener([WIENER_ANNA, WIENER_BEN], discard="9♣")
    refused(wie, Pass(wie.to_act), "There is no passing in this game")
    with using("de"):
        refused(rom, Pass(0), "Passen gibt es in diesem Spiel nicht")


def test_a_take_below_a_one_card_pile_says_there_is_one_card() -> None:
    g = rum500(["4♥ 5♥ 6♥ 9♠ 9♥ 2♦ 3♣", "10♣ J♣ Q♣ 8♠ 8♦ A♥ 7♣"], discard="9♦")
    refused(g, TakeDiscard(0, 2), "The discard pile holds only one card: take that one.")
    assert g.can(TakeDiscard(0, 1))


def test_a_refused_rummy_call_lists_the_cards_left_out_in_order() -> None:
    g = wiener([WIENER_ANNA, "5♥ 6♥ 7♥ 8♠ 8♦ 8♣ K♠ 3♦ Q♣ 2♠"], discard="9♣", stock_top="3♠")
    g.apply(DrawTalon(1))
    with pytest.raises(RulesError) as info:
        g.apply(CallRummy(1, one("3♠")))
    assert info.value.params["leftover"] == tuple(sorted(cards("K♠ 3♦ Q♣ 2♠")))
