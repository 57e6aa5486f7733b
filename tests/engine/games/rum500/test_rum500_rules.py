"""Scenario tests for 500 Rum, one or more per ruling of RULES.md §6 (each test names its
bullet: deal, turn, melds, card points, round's end and scoring, winning)."""

from __future__ import annotations

import pytest

from engine import RulesError
from engine.actions import Discard, DrawTalon, End, LayOff, Meld, Pass, TakeDiscard
from engine.deal import Deal
from engine.games.rum500 import SPEC
from engine.games.rum500.game import Rum500Game, Rum500RoundResult, Rum500Ruleset
from engine.protocol import Phase
from engine.registry import meld_points
from tests.engine.melding_deals import cards, chosen_deal, one, refused, rum500


def result_of(g: Rum500Game) -> Rum500RoundResult:
    result = g.results[-1]
    assert isinstance(result, Rum500RoundResult)
    return result


def last_stock_card(hands: list[str], discard: str) -> Rum500Game:
    """Seat 0 to draw the stock's last card: every other card lies in the spread pile, under
    ``discard``."""
    deal = chosen_deal(hands, discard, "", dealer=1, jokers=0, packs=1)
    pile = (*deal.stock[:-1], *deal.discard)
    return Rum500Ruleset().new_game(["Anna", "Ben"], 3, Deal(1, deal.hands, pile, deal.stock[-1:]))


ANNA = "7♠ 7♦ 2♥ 3♥ 9♣ K♠ 5♦"
BEN = "Q♦ K♦ 4♣ 4♠ 10♥ J♣ 6♠"


# ------------------------------------------------------------------ the deal
def test_deal_thirteen_for_two_seven_for_more_left_of_dealer_first() -> None:
    two = Rum500Ruleset().new_game(["A", "B"], seed=5)
    assert all(len(h) == 13 for h in two.hands) and len(two.card_locations()) == 52
    assert len(two.discard) == 1 and len(two.stock) == 52 - 27
    for seats in (3, 4):
        g = Rum500Ruleset().new_game(["A", "B", "C", "D"][:seats], seed=5)
        assert all(len(h) == 7 for h in g.hands)
        assert g.to_act == (g.dealer + 1) % seats and g.phase is Phase.DRAW
    assert all(len(h) == 9 for h in Rum500Ruleset(hand_size=9).new_game(["A", "B"], 1).hands)


def test_two_to_four_players() -> None:
    assert (SPEC.min_seats, SPEC.max_seats) == (2, 4)
    with pytest.raises(RulesError, match="2 to 4 players"):
        Rum500Ruleset().new_game(["A", "B", "C", "D", "E"], seed=1)
    with pytest.raises(RulesError, match="2 to 4 players"):
        Rum500Ruleset().new_game(["A"], seed=1)


def test_the_discard_pile_is_spread_every_card_shows() -> None:
    g = rum500([ANNA, BEN], discard="4♥ 8♠ J♦ 7♥")
    shown = cards("4♥ 8♠ J♦ 7♥")
    assert g.public_view().discard_pile == shown
    assert all(g.private_view(seat).public.discard_pile == shown for seat in (0, 1))


# ------------------------------------------------------------------ a turn
def test_take_any_card_with_all_above_it_and_play_it_first() -> None:
    g = rum500([ANNA, BEN], discard="4♥ 8♠ J♦ 7♥")
    assert g.to_act == 0
    refused(g, TakeDiscard(0, 3), "fits nowhere for you")  # 8♠ melds with nothing
    g.apply(TakeDiscard(0, 4))  # 4♥ goes with 2♥ 3♥
    assert not g.discard and {one("8♠"), one("J♦"), one("7♥")} <= set(g.hands[0])
    assert g.private_view(0).must_meld == one("4♥")
    refused(g, Discard(0, one("9♣")), "play it first")
    refused(g, Meld(0, cards("7♠ 7♦ 7♥")), "play it first")
    legal = g.legal_actions()
    assert legal and all(isinstance(a, Meld) and one("4♥") in a.cards for a in legal)
    g.apply(Meld(0, cards("2♥ 3♥ 4♥")))
    assert g.private_view(0).must_meld is None
    g.apply(Meld(0, cards("7♠ 7♦ 7♥")))
    g.apply(Discard(0, one("9♣")))
    assert g.own.placed[0] == 9 + 21 and g.to_act == 1


def test_a_take_of_the_top_card_alone_follows_the_same_rule() -> None:
    g = rum500([ANNA, BEN], discard="4♥ 8♠ J♦ 7♥")
    assert TakeDiscard(0, 1) in g.legal_actions()  # 7♥ with 7♠ 7♦
    assert TakeDiscard(0, 2) not in g.legal_actions()  # J♦ fits nowhere
    refused(g, TakeDiscard(0, 2), "fits nowhere for you")
    g.apply(TakeDiscard(0, 1))
    assert g.private_view(0).must_meld == one("7♥") and g.discard == list(cards("4♥ 8♠ J♦"))


def test_meld_and_lay_off_on_anyones_meld_each_card_scores_for_who_places_it() -> None:
    g = rum500([ANNA, "Q♦ K♦ 4♣ 4♠ 10♥ 5♥ 6♠"], discard="9♦", stock_top="4♥ J♦")
    g.apply(DrawTalon(0))
    g.apply(Meld(0, cards("2♥ 3♥ 4♥")))
    g.apply(Discard(0, one("9♣")))
    g.apply(DrawTalon(1))
    g.apply(Meld(1, cards("J♦ Q♦ K♦")))
    g.apply(LayOff(1, one("5♥"), 0, End.HIGH))
    g.apply(Discard(1, one("6♠")))
    assert g.own.placed == [9, 35]
    meld = g.public_view().melds[0]
    assert [(p.card, p.seat, p.points) for p in meld.cards][-1] == (one("5♥"), 1, 5)


def test_the_taken_card_may_be_laid_off_on_a_meld_on_the_table() -> None:
    g = rum500([ANNA, "Q♦ K♦ 4♣ 4♠ 10♥ 5♥ 6♠"], discard="9♦", stock_top="4♥ J♦")
    g.apply(DrawTalon(0))
    g.apply(Meld(0, cards("2♥ 3♥ 4♥")))
    g.apply(Discard(0, one("K♠")))
    refused(g, TakeDiscard(1, 2), "fits nowhere for you")  # 9♦ goes with nothing of Ben's
    g.apply(DrawTalon(1))
    g.apply(Discard(1, one("5♥")))
    g.apply(TakeDiscard(0, 1))  # 5♥ onto Anna's own 2♥ 3♥ 4♥
    assert g.legal_actions() == [LayOff(0, one("5♥"), 0, End.HIGH)]


def test_draw_first_and_one_discard_ends_the_turn() -> None:
    g = rum500([ANNA, BEN], discard="8♥", stock_top="4♥")
    refused(g, Discard(0, one("9♣")), "Draw first")
    refused(g, Meld(0, cards("7♠ 7♦ 8♥")), "Draw first")
    g.apply(DrawTalon(0))
    refused(g, DrawTalon(0), "drawn already")
    g.apply(Discard(0, one("9♣")))
    assert g.to_act == 1 and g.phase is Phase.DRAW


def test_go_out_by_melding_the_last_cards_without_a_discard() -> None:
    g = rum500(["7♠ 7♦ 2♥ 3♥ 4♥", BEN], discard="7♣")
    g.apply(TakeDiscard(0, 1))
    g.apply(Meld(0, cards("7♠ 7♦ 7♣")))
    g.apply(Meld(0, cards("2♥ 3♥ 4♥")))
    result = result_of(g)
    assert result.closer == 0 and result.placed[0] == 30
    assert result.hand_points[1] == 10 + 10 + 4 + 4 + 10 + 10 + 6
    assert result.points == (30, -54) and g.totals == [30, -54]
    assert g.round_number == 2  # the next round is dealt


def test_go_out_by_laying_off_the_last_card() -> None:
    g = rum500(["7♠ 7♦ 5♥", "2♥ 3♥ 4♥ K♣ 9♦"], discard="9♠", stock_top="8♣ 7♥", dealer=0)
    g.apply(DrawTalon(1))
    g.apply(Meld(1, cards("2♥ 3♥ 4♥")))
    g.apply(Discard(1, one("K♣")))
    g.apply(DrawTalon(0))  # 7♥
    g.apply(Meld(0, cards("7♠ 7♦ 7♥")))
    g.apply(LayOff(0, one("5♥"), 0, End.HIGH))
    result = result_of(g)
    assert result.closer == 0 and result.placed == (26, 9)
    assert result.points == (26, 9 - 17)


def test_go_out_with_a_final_discard() -> None:
    g = rum500(["7♠ 7♦ 9♣", BEN], discard="2♣", stock_top="7♥")
    g.apply(DrawTalon(0))
    g.apply(Meld(0, cards("7♠ 7♦ 7♥")))
    g.apply(Discard(0, one("9♣")))
    assert result_of(g).closer == 0 and result_of(g).points == (21, -54)


# ------------------------------------------------------------------ melds
def test_sets_of_three_or_four_runs_of_three_or_more_of_one_suit() -> None:
    g = rum500(["7♠ 7♦ 7♣ 7♥ 8♠ 9♠ 10♠ J♠ Q♠ 2♦ 2♣ 5♦ 6♣", BEN], discard="K♥")
    g.apply(DrawTalon(0))
    refused(g, Meld(0, cards("2♦ 2♣")), "at least 3 cards")
    refused(g, Meld(0, cards("5♦ 6♣ 7♥")), "not a meld")
    refused(g, Meld(0, cards("8♠ 10♠ Q♠")), "not a run")
    g.apply(Meld(0, cards("7♠ 7♦ 7♣ 7♥")))
    g.apply(Meld(0, cards("8♠ 9♠ 10♠ J♠ Q♠")))
    assert g.own.placed[0] == 28 + 8 + 9 + 10 + 10 + 10


def test_ace_high_or_low_never_round_the_corner() -> None:
    assert meld_points(cards("Q♥ K♥ A♥"), "rum500") == 35
    assert meld_points(cards("A♥ 2♥ 3♥"), "rum500") == 6
    for corner in ("K♥ A♥ 2♥", "Q♥ K♥ A♥ 2♥"):
        with pytest.raises(RulesError, match="corner"):
            meld_points(cards(corner), "rum500")


def test_no_lay_off_round_the_corner() -> None:
    g = rum500(["Q♥ K♥ A♥ 2♥ 9♣", BEN], discard="7♣", stock_top="5♣")
    g.apply(DrawTalon(0))
    g.apply(Meld(0, cards("Q♥ K♥ A♥")))
    for end in (End.LOW, End.HIGH):
        refused(g, LayOff(0, one("2♥"), 0, end), "does not fit the run")
    assert not any(isinstance(a, LayOff) for a in g.legal_actions())


# ------------------------------------------------------------------ card points
def test_card_points() -> None:
    assert meld_points(cards("A♠ A♥ A♦"), "rum500") == 45  # Ace 15
    assert meld_points(cards("A♥ 2♥ 3♥"), "rum500") == 6  # 1 as the low card of A 2 3
    assert meld_points(cards("10♣ J♣ Q♣ K♣"), "rum500") == 40  # K Q J 10 score 10
    assert meld_points(cards("6♠ 6♥ 6♦ 6♣"), "rum500") == 24  # 2 to 9 face value
    assert meld_points(cards("2♠ 3♠ 4♠"), "rum500") == 9


def test_an_ace_laid_off_scores_one_below_the_two_fifteen_above_the_king() -> None:
    g = rum500(["2♥ 3♥ 4♥ J♠ Q♠ K♠ A♥ A♠ 9♣", BEN], discard="7♣", stock_top="5♣")
    g.apply(DrawTalon(0))
    g.apply(Meld(0, cards("2♥ 3♥ 4♥")))
    g.apply(Meld(0, cards("J♠ Q♠ K♠")))
    before = g.own.placed[0]
    g.apply(LayOff(0, one("A♥"), 0, End.LOW))
    g.apply(LayOff(0, one("A♠"), 1, End.HIGH))
    assert g.own.placed[0] - before == 1 + 15


def test_an_ace_left_in_hand_counts_fifteen_against() -> None:
    g = rum500(["7♠ 7♦ 9♣", "A♦ 2♠"], discard="2♣", stock_top="7♥")
    g.apply(DrawTalon(0))
    g.apply(Meld(0, cards("7♠ 7♦ 7♥")))
    g.apply(Discard(0, one("9♣")))
    assert result_of(g).points == (21, -17)


# ------------------------------------------------------------------ the round's end
def test_the_stock_runs_out_and_the_player_to_draw_passes() -> None:
    g = last_stock_card([ANNA, BEN], "8♥")
    g.apply(DrawTalon(0))
    g.apply(Discard(0, one("9♣")))
    assert g.stock == [] and g.to_act == 1 and g.phase is Phase.DRAW
    assert g.legal_actions()[0] == Pass(1) and DrawTalon(1) not in g.legal_actions()
    refused(g, DrawTalon(1), "stock is empty")
    refused(g, Pass(0), "turn")
    g.apply(Pass(1))
    result = result_of(g)
    assert result.closer is None and result.placed == (0, 0)
    assert result.points == (-result.hand_points[0], -54)
    assert g.round_number == 2


def test_with_the_stock_empty_a_take_from_the_pile_plays_on() -> None:
    g = last_stock_card([ANNA, BEN], "8♥ 4♦")
    g.apply(DrawTalon(0))
    g.apply(Discard(0, one("K♠")))
    assert not g.stock and Pass(1) in g.legal_actions()
    refused(g, TakeDiscard(1, 1), "fits nowhere for you")  # K♠ goes with nothing of Ben's
    g.apply(TakeDiscard(1, 2))  # 4♦ and K♠ above it: 4♦ with 4♣ 4♠
    g.apply(Meld(1, cards("4♣ 4♠ 4♦")))
    g.apply(Discard(1, one("6♠")))
    assert g.round_number == 1 and g.to_act == 0 and g.phase is Phase.DRAW


def test_pass_only_with_an_empty_stock() -> None:
    g = rum500([ANNA, BEN], discard="8♥")
    refused(g, Pass(0), "only when the stock is empty")


# ------------------------------------------------------------------ winning
@pytest.mark.parametrize(("before", "winner"), [((480, 540), 0), ((480, 560), 1)])
def test_first_to_500_at_a_rounds_end_wins_the_highest_if_several(
    before: tuple[int, int], winner: int
) -> None:
    g = rum500(["7♠ 7♦ 9♣", BEN], discard="2♣", stock_top="7♥")
    g.session.totals = list(before)
    g.apply(DrawTalon(0))
    g.apply(Meld(0, cards("7♠ 7♦ 7♥")))
    g.apply(Discard(0, one("9♣")))
    assert g.phase is Phase.OVER and g.winner == winner
    assert g.legal_actions() == []


def test_below_the_target_play_goes_on() -> None:
    g = rum500(["7♠ 7♦ 9♣", BEN], discard="2♣", stock_top="7♥")
    g.session.totals = [470, 0]
    g.apply(DrawTalon(0))
    g.apply(Meld(0, cards("7♠ 7♦ 7♥")))
    g.apply(Discard(0, one("9♣")))
    assert g.totals[0] == 491 and g.phase is Phase.DRAW and g.winner is None


def test_a_smaller_target_is_a_table_option() -> None:
    g = rum500(["7♠ 7♦ 9♣", BEN], discard="2♣", stock_top="7♥", target=20)
    g.apply(DrawTalon(0))
    g.apply(Meld(0, cards("7♠ 7♦ 7♥")))
    g.apply(Discard(0, one("9♣")))
    assert g.phase is Phase.OVER and g.winner == 0
