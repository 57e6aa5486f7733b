"""Scenario tests for 500 Rum, one or more per ruling of RULES.md §6."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from engine import RulesError, parse_cards
from engine.actions import Action, Discard, DrawTalon, End, LayOff, Meld, Pass, TakeDiscard
from engine.cards import Card, Pack
from engine.games.rum500.game import Rum500Game, Rum500RoundResult, Rum500Ruleset
from engine.protocol import Phase
from engine.registry import meld_points
from engine.table import Deal


def cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_cards(text))


def one(text: str) -> Card:
    (card,) = parse_cards(text)
    return card


def game(
    hands: Sequence[str],
    discard: str,
    stock_top: str = "",
    dealer: int = 1,
    ruleset: Rum500Ruleset | None = None,
    stock_size: int | None = None,
) -> Rum500Game:
    """Seat i holds ``hands[i]``; the pile bottom first; ``stock_top`` drawn in that order;
    the other cards lie under the stock (``stock_size``: only that many cards in the stock,
    the rest set aside in the pile's bottom)."""
    dealt = [list(cards(h)) for h in hands]
    pile = list(cards(discard))
    top = list(cards(stock_top)) if stock_top else []
    rest = Pack().cards()
    for card in [c for hand in dealt for c in hand] + pile + top:
        rest.remove(card)
    if stock_size is not None:
        keep = stock_size - len(top)
        pile = rest[keep:] + pile
        rest = rest[:keep]
    deal = Deal(dealer, tuple(tuple(h) for h in dealt), tuple(pile), tuple(rest + top[::-1]))
    names = ["Anna", "Ben", "Cleo", "Dora"][: len(hands)]
    return (ruleset or Rum500Ruleset()).new_game(names, seed=3, deal=deal)


def refused(g: Rum500Game, action: Action, words: str) -> None:
    before = g.to_json()
    with pytest.raises(RulesError) as caught:
        g.apply(action)
    assert words in str(caught.value)
    assert g.to_json() == before


def result_of(g: Rum500Game) -> Rum500RoundResult:
    result = g.results[-1]
    assert isinstance(result, Rum500RoundResult)
    return result


ANNA = "7♠ 7♦ 2♥ 3♥ 9♣ K♠ 5♦"
BEN = "Q♦ K♦ 4♣ 4♠ 10♥ J♣ 6♠"


def test_deal_thirteen_for_two_seven_for_more_left_of_dealer_first() -> None:
    two = Rum500Ruleset().new_game(["A", "B"], seed=5)
    assert all(len(h) == 13 for h in two.hands) and len(two.card_locations()) == 52
    assert len(two.discard) == 1 and len(two.stock) == 52 - 27
    for seats in (3, 4):
        g = Rum500Ruleset().new_game(["A", "B", "C", "D"][:seats], seed=5)
        assert all(len(h) == 7 for h in g.hands)
        assert g.to_act == (g.dealer + 1) % seats and g.phase is Phase.DRAW
    assert all(len(h) == 9 for h in Rum500Ruleset(hand_size=9).new_game(["A", "B"], 1).hands)


def test_card_points() -> None:
    assert meld_points(cards("A♠ A♥ A♦"), "rum500") == 45
    assert meld_points(cards("Q♥ K♥ A♥"), "rum500") == 35
    assert meld_points(cards("A♥ 2♥ 3♥"), "rum500") == 6
    assert meld_points(cards("10♣ J♣ Q♣ K♣"), "rum500") == 40
    assert meld_points(cards("6♠ 6♥ 6♦ 6♣"), "rum500") == 24
    with pytest.raises(RulesError, match="corner"):
        meld_points(cards("K♥ A♥ 2♥"), "rum500")


def test_take_any_card_with_all_above_it_and_play_it_first() -> None:
    g = game([ANNA, BEN], discard="4♥ 8♠ J♦ 7♥")
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
    assert g.placed[0] == 9 + 21 and g.to_act == 1


def test_meld_and_lay_off_on_anyones_meld_each_card_scores_for_who_places_it() -> None:
    g = game([ANNA, "Q♦ K♦ 4♣ 4♠ 10♥ 5♥ 6♠"], discard="9♦", stock_top="4♥ J♦")
    g.apply(DrawTalon(0))
    g.apply(Meld(0, cards("2♥ 3♥ 4♥")))
    g.apply(Discard(0, one("9♣")))
    g.apply(DrawTalon(1))
    g.apply(Meld(1, cards("J♦ Q♦ K♦")))
    g.apply(LayOff(1, one("5♥"), 0, End.HIGH))
    g.apply(Discard(1, one("6♠")))
    assert g.placed == [9, 35]
    meld = g.public_view().melds[0]
    assert [(p.card, p.seat, p.points) for p in meld.cards][-1] == (one("5♥"), 1, 5)


def test_the_taken_card_may_be_laid_off_on_a_meld_on_the_table() -> None:
    g = game([ANNA, "Q♦ K♦ 4♣ 4♠ 10♥ 5♥ 6♠"], discard="9♦", stock_top="4♥ J♦")
    g.apply(DrawTalon(0))
    g.apply(Meld(0, cards("2♥ 3♥ 4♥")))
    g.apply(Discard(0, one("K♠")))
    refused(g, TakeDiscard(1, 2), "fits nowhere for you")  # 9♦ goes with nothing of Ben's
    g.apply(DrawTalon(1))
    g.apply(Discard(1, one("5♥")))
    g.apply(TakeDiscard(0, 1))  # 5♥ onto Anna's own 2♥ 3♥ 4♥
    assert g.legal_actions() == [LayOff(0, one("5♥"), 0, End.HIGH)]


def test_go_out_by_melding_the_last_cards_without_a_discard() -> None:
    g = game(["7♠ 7♦ 2♥ 3♥ 4♥", BEN], discard="7♣")
    g.apply(TakeDiscard(0, 1))
    g.apply(Meld(0, cards("7♠ 7♦ 7♣")))
    g.apply(Meld(0, cards("2♥ 3♥ 4♥")))
    result = result_of(g)
    assert result.closer == 0 and result.placed[0] == 30
    assert result.hand_points[1] == 10 + 10 + 4 + 4 + 10 + 10 + 6
    assert result.points == (30, -54) and g.totals == [30, -54]
    assert g.round_number == 2  # the next round is dealt


def test_go_out_with_a_final_discard() -> None:
    g = game(["7♠ 7♦ 9♣", BEN], discard="2♣", stock_top="7♥")
    g.apply(DrawTalon(0))
    g.apply(Meld(0, cards("7♠ 7♦ 7♥")))
    g.apply(Discard(0, one("9♣")))
    assert result_of(g).closer == 0 and result_of(g).points == (21, -54)


def test_an_ace_left_in_hand_counts_fifteen_against() -> None:
    g = game(["7♠ 7♦ 9♣", "A♦ 2♠"], discard="2♣", stock_top="7♥")
    g.apply(DrawTalon(0))
    g.apply(Meld(0, cards("7♠ 7♦ 7♥")))
    g.apply(Discard(0, one("9♣")))
    assert result_of(g).points == (21, -17)


def test_the_stock_runs_out_and_the_player_to_draw_passes() -> None:
    g = game([ANNA, BEN], discard="8♥", stock_size=1)
    g.apply(DrawTalon(0))
    g.apply(Discard(0, one("9♣")))
    assert g.stock == [] and g.to_act == 1 and g.phase is Phase.DRAW
    assert g.legal_actions()[0] == Pass(1) and DrawTalon(1) not in g.legal_actions()
    refused(g, DrawTalon(1), "stock is empty")
    refused(g, Pass(0), "turn")
    g.apply(Pass(1))
    result = result_of(g)
    assert result.closer is None and result.placed == (0, 0)
    assert result.points == (-sum(result.hand_points[:1]), -54)
    assert g.round_number == 2


def test_pass_only_with_an_empty_stock() -> None:
    g = game([ANNA, BEN], discard="8♥")
    refused(g, Pass(0), "only when the stock is empty")


@pytest.mark.parametrize(("before", "winner"), [((480, 540), 0), ((480, 560), 1)])
def test_first_to_500_at_a_rounds_end_wins_the_highest_if_several(
    before: tuple[int, int], winner: int
) -> None:
    g = game(["7♠ 7♦ 9♣", BEN], discard="2♣", stock_top="7♥")
    g.totals = list(before)
    g.apply(DrawTalon(0))
    g.apply(Meld(0, cards("7♠ 7♦ 7♥")))
    g.apply(Discard(0, one("9♣")))
    assert g.phase is Phase.OVER and g.winner == winner
    assert g.legal_actions() == []


def test_below_the_target_play_goes_on() -> None:
    g = game(["7♠ 7♦ 9♣", BEN], discard="2♣", stock_top="7♥")
    g.totals = [470, 0]
    g.apply(DrawTalon(0))
    g.apply(Meld(0, cards("7♠ 7♦ 7♥")))
    g.apply(Discard(0, one("9♣")))
    assert g.totals[0] == 491 and g.phase is Phase.DRAW and g.winner is None
