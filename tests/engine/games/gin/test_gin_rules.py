"""Scenario tests for Gin Rummy, one or more for each ruling of RULES.md §5 and
docs/rules-gin.md: chosen deals, played move by move."""

from __future__ import annotations

import pytest

from engine.actions import Discard, DrawTalon, Knock, LayOff, Meld, Pass, TakeDiscard
from engine.cards import FULL_PACK, Card, parse_cards
from engine.deal import Deal
from engine.errors import IllegalMeld, RulesError
from engine.events import Discarded, RoundStarted, SessionEnded
from engine.games.gin import SPEC
from engine.games.gin.game import MAX_UPCARD_TAKES, GinGame, GinRuleset
from engine.games.gin.rules import (
    PACK,
    VOID_REPEAT,
    VOID_TAKES,
    VOID_WALL,
    GinHandResult,
    Passed,
    meld_value,
)
from engine.i18n import using
from engine.onepack import mask_of
from engine.protocol import Phase

KNOCKER = "A♥ 2♥ 3♥ 5♠ 5♦ 5♣ 9♣ 10♣ J♣ 4♦"  # three melds and 4♦: deadwood 4
DEFENDER = "4♥ Q♣ 5♥ 8♠ 8♦ 8♥ K♠ K♦ 6♦ 7♠"  # one set; 4♥ 5♥ and Q♣ fit the knocker's melds
GIN = "A♥ 2♥ 3♥ 5♠ 5♦ 5♣ 8♣ 9♣ 10♣ J♣"  # every card in a meld


def one(text: str) -> Card:
    return parse_cards(text)[0]


def gin(
    p0: str, p1: str, upcard: str, stock_top: str = "", dealer: int = 1, **options: object
) -> GinGame:
    """Seat 0 gets ``p0``, seat 1 ``p1``; ``stock_top`` lists the next stock cards in the order
    they are drawn; every other card lies below them. Seat 1 deals, so seat 0 plays first."""
    h0, h1, up = parse_cards(p0), parse_cards(p1), parse_cards(upcard)
    top = parse_cards(stock_top) if stock_top else []
    used = [*h0, *h1, *up, *top]
    rest = [c for c in FULL_PACK if c not in used]
    deal = Deal(dealer, (tuple(h0), tuple(h1)), tuple(up), tuple(rest + top[::-1]))
    return GinRuleset(**options).new_game(["Anna", "Ben"], 1, deal)  # type: ignore[arg-type]


def refused(game: GinGame, action: object, words: str) -> None:
    with pytest.raises(RulesError) as error:
        game.apply(action)  # type: ignore[arg-type]
    assert words in str(error.value)


def knock_after_both_pass(game: GinGame, card: str) -> GinHandResult:
    game.apply(Pass(0))
    game.apply(Pass(1))
    game.apply(DrawTalon(0))
    game.apply(Knock(0, one(card)))
    return game.results[-1]


def test_a_fresh_match_deals_ten_each_and_one_upcard() -> None:
    game = GinRuleset().new_game(["Anna", "Ben"], seed=4)
    started = next(e for e in game.events if isinstance(e, RoundStarted))
    assert [len(h) for h in game.hands] == [10, 10]
    assert len(game.discard) == 1 and len(game.stock) == 31
    assert started.first == game.to_act == 1 - game.dealer
    assert game.public_view().offer and game.phase is Phase.DRAW
    with pytest.raises(RulesError):
        GinRuleset().new_game(["Anna", "Ben", "Clara"], seed=4)


def test_card_values_and_melds_ace_low() -> None:
    assert PACK.deadwood(mask_of(parse_cards("A♠ J♦ Q♣ K♥ 7♦"))) == 1 + 10 + 10 + 10 + 7
    assert meld_value(parse_cards("A♥ 2♥ 3♥")) == 6
    assert meld_value(parse_cards("K♠ K♦ K♣ K♥")) == 40
    assert meld_value(parse_cards("4♣ 5♣ 6♣ 7♣ 8♣ 9♣")) == 39
    for no_meld in ("Q♥ K♥ A♥", "K♣ A♣ 2♣", "5♠ 5♦", "4♣ 5♣ 7♣", "4♣ 5♦ 6♣"):
        with pytest.raises(IllegalMeld):
            meld_value(parse_cards(no_meld))
    assert PACK.deadwood(mask_of(parse_cards("Q♥ K♥ A♥"))) == 21


def test_the_first_upcard_goes_to_the_non_dealer_then_the_dealer() -> None:
    game = gin(KNOCKER, DEFENDER, "2♣", "K♥")
    assert game.legal_actions() == [TakeDiscard(0), Pass(0)]
    refused(game, DrawTalon(0), "take the upcard or pass")
    game.apply(Pass(0))
    assert game.to_act == 1 and game.legal_actions() == [TakeDiscard(1), Pass(1)]
    game.apply(Pass(1))
    assert game.to_act == 0 and game.legal_actions() == [DrawTalon(0)]
    refused(game, TakeDiscard(0), "draw from the stock")
    assert [e.card for e in game.events if isinstance(e, Passed)] == [one("2♣"), one("2♣")]
    game.apply(DrawTalon(0))
    assert one("K♥") in game.hands[0] and not game.public_view().offer


def test_the_dealer_may_take_the_upcard_the_non_dealer_passed() -> None:
    game = gin(KNOCKER, DEFENDER, "3♠", "K♥")
    game.apply(Pass(0))
    game.apply(TakeDiscard(1))
    game.apply(Discard(1, one("K♠")))
    assert game.to_act == 0 and game.legal_actions() == [DrawTalon(0), TakeDiscard(0)]
    refused(game, Pass(0), "Only the first upcard may be passed")


def test_a_turn_is_a_draw_then_a_discard() -> None:
    game = gin(KNOCKER, DEFENDER, "2♣", "K♥ Q♥")
    refused(game, Discard(0, one("4♦")), "Draw first")
    refused(game, DrawTalon(1), "It is Anna's turn.")
    game.apply(TakeDiscard(0))
    refused(game, DrawTalon(0), "You have drawn already")
    refused(game, Meld(0, tuple(parse_cards("A♥ 2♥ 3♥"))), "only when a hand ends")
    refused(game, LayOff(0, one("4♦"), 0), "only when a hand ends")
    game.apply(Discard(0, one("4♦")))
    assert game.to_act == 1 and game.phase is Phase.DRAW and game.discard[-1] == one("4♦")


def test_the_card_just_taken_may_go_back_but_not_twice_in_a_row() -> None:
    game = gin(KNOCKER, DEFENDER, "2♣", "K♥")
    game.apply(TakeDiscard(0))
    assert Discard(0, one("2♣")) in game.legal_actions()
    game.apply(Discard(0, one("2♣")))
    game.apply(TakeDiscard(1))
    game.apply(Discard(1, one("2♣")))  # both threw it straight back: the hand is void
    result = game.results[-1]
    assert result.void == VOID_REPEAT and result.points == (0, 0) and result.dead
    assert game.round_number == 2 and game.dealer == 1  # the same dealer deals again


def test_knock_needs_at_most_the_knock_card_after_the_discard() -> None:
    game = gin(KNOCKER, DEFENDER, "2♣", "K♥")
    game.apply(Pass(0))
    game.apply(Pass(1))
    game.apply(DrawTalon(0))
    knocks = [a.card for a in game.legal_actions() if isinstance(a, Knock)]
    assert knocks == [one("4♦"), one("K♥")]  # each leaves 10 or 4
    refused(game, Knock(0, one("A♥")), "discarding A♥ leaves 19")


def test_a_knock_scores_the_difference_after_the_lay_offs() -> None:
    result = knock_after_both_pass(gin(KNOCKER, DEFENDER, "2♣", "K♥"), "K♥")
    knocker, defender = result.hands
    assert knocker.deadwood == 4 and knocker.leftover == (one("4♦"),)
    # 4♥ then 5♥ extend A♥ 2♥ 3♥ (5♥ could also complete the fives), Q♣ extends 9♣ 10♣ J♣.
    assert set(defender.laid_off) == set(parse_cards("4♥ 5♥ Q♣"))
    assert defender.deadwood == 10 + 10 + 6 + 7
    assert result.points == (33 - 4, 0) and result.closer == 0 and not result.undercut


def test_gin_scores_the_bonus_and_allows_no_lay_off() -> None:
    result = knock_after_both_pass(gin(GIN, DEFENDER, "2♣", "K♥"), "K♥")
    assert result.special and result.hands[0].deadwood == 0
    assert result.hands[1].laid_off == () and result.hands[1].deadwood == 52
    assert result.points == (52 + 25, 0)


def test_an_undercut_pays_the_defender_the_difference_and_the_bonus() -> None:
    low = "4♥ 7♠ 7♦ 7♥ 9♠ 9♦ 9♥ A♠ 2♠ 3♦"  # deadwood 10; 4♥ lays off: 6 left
    result = knock_after_both_pass(gin(KNOCKER.replace("4♦", "8♥"), low, "2♣", "K♥"), "K♥")
    assert result.hands[0].deadwood == 8 and result.hands[1].deadwood == 6
    assert result.undercut and result.points == (0, 2 + 25)


def test_an_equal_count_scores_nothing() -> None:
    """OpenSpiel pays the undercut bonus only when the defender has less."""
    low = "4♥ 7♠ 7♦ 7♥ 9♠ 9♦ 9♥ A♠ 2♠ 3♦"
    result = knock_after_both_pass(gin(KNOCKER.replace("4♦", "6♣"), low, "2♣", "K♥"), "K♥")
    assert result.hands[0].deadwood == result.hands[1].deadwood == 6
    assert result.points == (0, 0) and not result.undercut and result.winner is None


def test_the_knock_card_is_an_option() -> None:
    game = gin(KNOCKER.replace("4♦", "6♣"), DEFENDER, "2♣", "K♥", knock_card=5)
    game.apply(Pass(0))
    game.apply(Pass(1))
    game.apply(DrawTalon(0))
    assert not any(isinstance(a, Knock) for a in game.legal_actions())
    refused(game, Knock(0, one("K♥")), "at most 5 points")


def test_oklahoma_the_upcard_sets_the_knock_card_and_a_spade_doubles() -> None:
    game = gin(KNOCKER, DEFENDER, "4♠", "K♥", oklahoma=True)
    assert game.public_view().knock_card == 4 and game.public_view().doubled
    result = knock_after_both_pass(game, "K♥")
    assert result.points == (2 * (33 - 4), 0) and result.doubled
    aces = gin(KNOCKER, DEFENDER, "A♦", "K♥", oklahoma=True)
    assert aces.public_view().knock_card == 0 and not aces.public_view().doubled


def test_at_the_wall_the_upcard_is_taken_only_to_knock() -> None:
    game = gin(KNOCKER.replace("4♦", "Q♦"), DEFENDER, "2♣", "K♥ 7♣")
    game.stock[:-2] = []  # the stock is down to its last two cards after this turn's draw
    game.stock.insert(0, one("3♣"))
    game.apply(Pass(0))
    game.apply(Pass(1))
    game.apply(DrawTalon(0))
    game.apply(Discard(0, one("K♥")))
    assert game.public_view().wall and len(game.stock) == 2
    assert game.legal_actions() == [Pass(1)]  # Q♦ does not bring Ben down to 10
    refused(game, DrawTalon(1), "last two cards")
    game.apply(Pass(1))
    assert game.results[-1].void == VOID_WALL and game.results[-1].points == (0, 0)


def test_a_knock_at_the_wall_with_the_upcard() -> None:
    game = gin(DEFENDER, KNOCKER.replace("4♦", "Q♦"), "2♣", "K♥ 7♣")
    game.stock[:-2] = []
    game.stock.insert(0, one("3♣"))
    game.apply(Pass(0))
    game.apply(Pass(1))
    game.apply(DrawTalon(0))
    game.apply(Discard(0, one("4♥")))  # Ben's 4♥ fits A♥ 2♥ 3♥: he may knock with it
    assert game.legal_actions() == [TakeDiscard(1), Pass(1)]
    game.apply(TakeDiscard(1))
    assert game.public_view().must_knock
    assert all(isinstance(a, Knock) for a in game.legal_actions())
    refused(game, Discard(1, one("Q♦")), "knock with it")
    game.apply(Knock(1, one("Q♦")))
    assert game.results[-1].closer == 1 and game.results[-1].hands[1].deadwood == 0


def test_fifty_upcard_takes_void_the_hand() -> None:
    game = gin(KNOCKER, DEFENDER, "2♣", "K♥")
    game.apply(TakeDiscard(0))
    takes = 0
    while game.round_number == 1:
        seat = game.to_act
        if game.phase is Phase.DRAW:
            game.apply(TakeDiscard(seat))
            takes += 1
        else:  # throw back anything but the card just taken, to dodge the repeat rule
            taken = game.public_view().seats[seat].picked_up[-1]
            game.apply(Discard(seat, next(c for c in sorted(game.hands[seat]) if c != taken)))
    assert takes == MAX_UPCARD_TAKES and game.results[-1].void == VOID_TAKES


def test_the_knocker_lays_the_melds_that_leave_the_fewest_lay_offs() -> None:
    # Three runs or three sets: the runs could take six cards, the sets three (8♠ is Ben's).
    hand = "7♣ 8♣ 9♣ 7♦ 8♦ 9♦ 7♥ 8♥ 9♥ J♠"
    defender = "4♥ Q♣ 5♥ 8♠ 3♦ K♠ K♦ 6♥ 4♠ 5♠"
    result = knock_after_both_pass(gin(hand, defender, "Q♠", "K♥"), "K♥")
    assert result.hands[0].deadwood == 10
    assert {frozenset(m.cards) for m in result.hands[0].melds} == {
        frozenset(parse_cards(f"{rank}♣ {rank}♦ {rank}♥")) for rank in (7, 8, 9)
    }
    assert result.hands[1].laid_off == (one("8♠"),)


def test_the_winner_of_a_hand_deals_the_next() -> None:
    game = gin(KNOCKER, DEFENDER, "2♣", "K♥", dealer=1)
    knock_after_both_pass(game, "K♥")
    assert game.round_number == 2 and game.dealer == 0 and game.to_act == 1


def test_the_match_ends_at_the_target_with_game_box_and_shutout_bonuses() -> None:
    game = gin(KNOCKER, DEFENDER, "2♣", "K♥", target=20)
    knock_after_both_pass(game, "K♥")
    assert game.is_over and game.winner == 0
    match = game.own.match
    assert match is not None and match.shutout and match.hands_won == (1, 0)
    assert game.totals == [2 * (29 + 100) + 25, 0]
    assert game.standings().scores == (283, 0) and game.standings().winners == (0,)
    assert isinstance(game.events[-1], SessionEnded)
    assert game.legal_actions() == []
    refused(game, DrawTalon(1), "The game is over.")


def test_without_a_shutout_each_gets_the_box_bonus_for_hands_won() -> None:
    game = gin(KNOCKER, DEFENDER, "2♣", "K♥", target=30, shutout_doubles=False)
    knock_after_both_pass(game, "K♥")
    game.totals[1] = 10  # as if Ben had won an earlier hand
    game.own.hands_won[1] = 1
    game._finish(0)
    assert game.totals == [29 + 100 + 25, 10 + 25]
    assert game.own.match is not None and not game.own.match.shutout


def test_the_spec_offers_the_named_options() -> None:
    names = [o.name for o in SPEC.options]
    assert names == [
        "target",
        "box_bonus",
        "game_bonus",
        "shutout_doubles",
        "knock_card",
        "gin_bonus",
        "undercut_bonus",
        "oklahoma",
    ]
    assert SPEC.make_ruleset() == GinRuleset()
    assert SPEC.title == "Gin Rummy" and SPEC.min_seats == SPEC.max_seats == 2


def test_a_discard_is_told_and_the_pile_is_seen() -> None:
    game = gin(KNOCKER, DEFENDER, "2♣", "K♥")
    game.apply(TakeDiscard(0))
    events = game.apply(Discard(0, one("4♦")))
    assert events == [Discarded(0, one("4♦"))]
    view = game.public_view()
    assert view.seen_discards == (one("4♦"),) and view.seats[0].picked_up == (one("2♣"),)
    assert view.seats[0].discarded == (one("4♦"),)
    assert game.private_view(1).hand == tuple(game.hands[1])


def test_a_third_player_is_refused_in_plain_words() -> None:
    with pytest.raises(RulesError) as refused, using("en"):
        SPEC.new_game(None, ["Anna", "Ben", "Cleo"], seed=1)
    with using("en"):
        assert str(refused.value) == "Gin Rummy is played by exactly 2 players."
