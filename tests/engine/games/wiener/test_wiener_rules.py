"""Scenario tests for Wiener Rummy, one or more per ruling of RULES.md §3."""

from __future__ import annotations

from engine import Discard, DrawTalon, LayOff, Meld
from engine.actions import BuyBack, CallRummy, Knock, TakeDiscard
from engine.events import Knocked, RoundEnded, RoundStarted, SessionEnded
from engine.games.wiener.events import BoughtBack, RummyCalled, WienerRoundResult
from engine.games.wiener.game import WienerGame, WienerRuleset
from engine.protocol import Phase
from tests.engine.melding_deals import cards, one, refused, wiener

BEN = "5♥ 6♥ 7♥ 8♠ 8♦ 8♣ K♠ K♦ K♣ 2♠"  # deadwood 2
ANNA = "4♣ 9♦ J♠ Q♦ 3♥ 7♠ 10♣ 2♦ 5♣ 6♦"  # no melds: 66


def game(stock_top: str = "3♠ A♠", **options: object) -> WienerGame:
    return wiener([ANNA, BEN], discard="9♣", stock_top=stock_top, ruleset=WienerRuleset(**options))  # type: ignore[arg-type]


def last_result(g: WienerGame) -> WienerRoundResult:
    ended = [e for e in g.events if isinstance(e, RoundEnded)]
    result = ended[-1].result
    assert isinstance(result, WienerRoundResult)
    return result


def test_deal_and_forehand_starts() -> None:
    g = WienerRuleset().new_game(["A", "B", "C"], seed=3)
    assert len(g.card_locations()) == 106
    started = next(e for e in g.events if isinstance(e, RoundStarted))
    assert started.upcard is not None
    assert g.to_act == (g.dealer + 1) % 3 == started.first
    assert all(len(h) == 10 for h in g.hands)
    assert g.own.pot == 15 and g.own.chips == [-5, -5, -5]


def test_turn_order_and_draw_first() -> None:
    g = game()
    assert g.to_act == 1
    refused(g, DrawTalon(0), "It is Ben's turn.")
    refused(g, Discard(1, one("2♠")), "Draw first")
    refused(g, TakeDiscard(1, 2), "Only the top card of the discard pile may be taken.")
    g.apply(TakeDiscard(1))
    refused(g, DrawTalon(1), "You have drawn already this turn.")
    refused(g, Discard(1, one("9♣")), "cannot throw it back this turn")


def test_no_return_binds_even_a_last_card() -> None:
    """RULES.md §4: the taken upcard may not be thrown back that turn, whatever the hand."""
    g = game()
    g.apply(TakeDiscard(1))
    g.hands[1][:] = [one("9♣")]
    refused(g, Discard(1, one("9♣")), "cannot throw it back this turn")
    assert g.legal_actions() == []


def test_nothing_is_melded_during_play() -> None:
    g = game()
    g.apply(DrawTalon(1))
    refused(g, Meld(1, cards("5♥ 6♥ 7♥")), "Nothing is melded during play")
    refused(g, LayOff(1, one("2♠"), 0), "Nothing is melded during play")


def test_knock_needs_deadwood_below_five() -> None:
    g = game()
    g.apply(DrawTalon(1))  # 3♠
    refused(g, Knock(1, one("K♠")), "less than 5 points of deadwood after discarding")
    refused(g, CallRummy(1, one("2♠")), "Rummy needs every other card in melds")
    assert g.can(Knock(1, one("2♠")))


def test_knock_gives_everyone_else_one_more_turn() -> None:
    g = wiener([ANNA, BEN, "2♥ 3♥ 4♥ 9♠ 9♥ 9♦ Q♠ Q♥ J♦ 10♦"], discard="9♣", stock_top="3♠ A♠ J♣")
    assert g.to_act == 1
    g.apply(DrawTalon(1))
    events = g.apply(Knock(1, one("2♠")))
    knocked = next(e for e in events if isinstance(e, Knocked))
    assert knocked.hand.deadwood == 3
    assert g.public_view().seats[1].revealed == knocked.hand
    assert g.public_view().seats[0].revealed is None  # others stay hidden until the end
    assert g.to_act == 2 and g.public_view().final_turns_left == 2
    g.apply(DrawTalon(2))  # A♠
    refused(g, Knock(2, one("A♠")), "has knocked: you only draw and discard once more")
    g.apply(Discard(2, one("A♠")))
    assert g.to_act == 0
    g.apply(TakeDiscard(0))  # A♠
    g.apply(Discard(0, one("Q♦")))
    result = last_result(g)
    assert result.closer == 1 and not result.rummy
    anna = 66 - 10 + 11
    assert result.bad_points == (anna, 3, 38)  # Cleo keeps Q♠ Q♥ J♦ 10♦ outside melds
    # Knock money: one chip from each other player still in.
    assert result.chips == (-6, -3, -6)
    assert g.round_number == 2


def test_rummy_ends_the_round_at_once() -> None:
    g = game(stock_top="4♥")
    g.apply(DrawTalon(1))
    events = g.apply(CallRummy(1, one("2♠")))
    called = next(e for e in events if isinstance(e, RummyCalled))
    assert called.hand.deadwood == 0 and len(called.hand.melds) == 3
    result = last_result(g)
    assert result.rummy and result.closer == 1
    assert result.bad_points == (66, 0)
    assert result.chips == (-6, -4)


def test_out_at_101_and_the_last_player_in_wins_the_pot() -> None:
    g = game()
    g.totals[0] = 95
    g.apply(DrawTalon(1))
    g.apply(Knock(1, one("2♠")))
    g.apply(DrawTalon(0))
    g.apply(Discard(0, one("Q♦")))
    assert g.phase is Phase.OVER and g.winner == 1
    ended = g.events[-1]
    assert isinstance(ended, SessionEnded) and ended.pot == 10
    assert g.own.chips == [-6, 6] and sum(g.own.chips) + g.own.pot == 0
    assert not g.active[0]


def test_buy_back_once_to_the_second_worst() -> None:
    g = wiener([ANNA, BEN, "2♥ 3♥ 4♥ 9♠ 9♥ 9♦ Q♠ Q♥ J♦ 10♦"], discard="9♣", stock_top="3♠ A♠ J♣")
    g.totals[:] = [30, 0, 40]
    g.apply(DrawTalon(1))
    g.apply(Knock(1, one("2♠")))
    g.apply(DrawTalon(2))
    g.apply(Discard(2, one("A♠")))
    g.apply(DrawTalon(0))
    g.apply(Discard(0, one("J♣")))
    # Anna: 30 + 66 = 96, Cleo 40 + 38 = 78: Anna may buy back down to 78.
    assert g.phase is Phase.BUY_BACK and g.to_act == 0
    refused(g, DrawTalon(0), "First decide whether to buy back in.")
    refused(g, BuyBack(2, True), "It is Anna's turn.")
    events = g.apply(BuyBack(0, True))
    bought = next(e for e in events if isinstance(e, BoughtBack))
    assert (bought.before, bought.after, bought.chips) == (96, 78, 5)
    assert g.totals[0] == 78 and g.own.bought_back[0]
    assert g.own.pot == 20 and sum(g.own.chips) + g.own.pot == 0
    assert g.phase is Phase.DRAW and g.round_number == 2
    refused(g, BuyBack(g.to_act, True), "There is no buy-back to decide now.")


def test_buy_back_can_be_declined_and_is_offered_once() -> None:
    g = wiener([ANNA, BEN, "2♥ 3♥ 4♥ 9♠ 9♥ 9♦ Q♠ Q♥ J♦ 10♦"], discard="9♣", stock_top="3♠ A♠ J♣")
    g.totals[:] = [30, 0, 40]
    g.own.bought_back[0] = True
    g.apply(DrawTalon(1))
    g.apply(Knock(1, one("2♠")))
    g.apply(DrawTalon(2))
    g.apply(Discard(2, one("A♠")))
    g.apply(DrawTalon(0))
    g.apply(Discard(0, one("J♣")))
    assert g.phase is Phase.DRAW  # used already: no offer


def test_replay_from_json() -> None:
    g = game()
    g.apply(DrawTalon(1))
    g.apply(Knock(1, one("2♠")))
    again = WienerGame.from_json(g.to_json())
    assert again.public_view() == g.public_view()
    assert again.events == g.events
