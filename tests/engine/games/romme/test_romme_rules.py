"""Scenario tests for Rommé, one or more per ruling of RULES.md §2."""

from __future__ import annotations

from engine import Discard, DrawTalon, End, LayOff, Meld, TakeStaircase
from engine.actions import JokerSwap, TakeBack, TakeDiscard
from engine.events import RoundEnded, RoundStarted, SessionEnded
from engine.games.romme.events import JokerSwapped, Opened, RommeRoundResult
from engine.games.romme.game import RommeGame, RommeRuleset
from engine.protocol import Phase
from tests.engine.melding_deals import cards, one, refused, romme

ANNA = "10♥ J♥ Q♥ 7♠ 7♦ 7♣ 2♠ 3♠ 4♦ 9♣ 5♦ 6♣ Jo"
BEN = "K♣ K♦ 8♥ 9♥ 4♠ 5♠ 6♠ A♣ 3♦ 3♥ 2♦ 10♠ Q♠"


def game(**options: object) -> RommeGame:
    return romme(
        [ANNA, BEN], discard="8♦", stock_top="5♣ K♥ 4♣ 6♦", ruleset=RommeRuleset(**options)
    )  # type: ignore[arg-type]


def result_of(g: RommeGame) -> RommeRoundResult:
    ended = [e for e in g.events if isinstance(e, RoundEnded)]
    result = ended[-1].result
    assert isinstance(result, RommeRoundResult)
    return result


def test_deal_and_the_dealer_plays_first() -> None:
    g = RommeRuleset().new_game(["A", "B", "C", "D", "E", "F"], seed=5)
    assert len(g.card_locations()) == 110
    assert all(len(h) == 13 for h in g.hands)
    assert g.to_act == g.dealer and g.phase is Phase.DRAW
    assert g.public_view().discard_top is not None


def test_dealer_gets_fourteen_and_no_upcard() -> None:
    g = RommeRuleset(dealer_gets_14=True).new_game(["A", "B", "C"], seed=5)
    started = next(e for e in g.events if isinstance(e, RoundStarted))
    assert started.upcard is None and not g.discard
    assert len(g.hands[g.dealer]) == 14 and g.phase is Phase.PLAY
    refused(g, DrawTalon(g.dealer), "You have drawn already this turn.")


def test_draw_discard_top_or_stock_no_staircase() -> None:
    g = game()
    refused(g, TakeDiscard(0, 2), "Only the top card of the discard pile may be taken.")
    refused(g, TakeStaircase(0, -1), "Only the top card of the discard pile may be taken.")
    refused(g, DrawTalon(1), "It is Anna's turn.")
    g.apply(TakeDiscard(0))
    assert one("8♦") in g.hands[0] and not g.discard
    refused(g, Discard(0, one("8♦")), "cannot throw it back this turn")


def small_game() -> RommeGame:
    """Anna (opened already) holds seven cards; the discard pile's top is 9♣."""
    g = romme(
        ["7♠ 7♦ 7♣ 2♥ 3♥ 4♥ 5♥", "K♣ K♦ 8♥ 9♥ 4♠ 5♠ 6♠"],
        discard="9♣",
        ruleset=RommeRuleset(hand_size=7),
    )
    g.own.opened[0] = True
    return g


LEAVES_9 = "That would leave only 9♣ in your hand"


def test_no_return_binds_the_last_card_too() -> None:
    """RULES.md §4: the taken discard may not be thrown back, not even to go out."""
    g = small_game()
    g.apply(TakeDiscard(0))
    g.apply(Meld(0, cards("7♠ 7♦ 7♣")))
    refused(g, Meld(0, cards("2♥ 3♥ 4♥ 5♥")), LEAVES_9)
    g.apply(Meld(0, cards("2♥ 3♥ 4♥")))
    refused(g, LayOff(0, one("5♥"), 1, End.HIGH), LEAVES_9)
    refused(g, Discard(0, one("9♣")), "cannot throw it back this turn")
    assert g.legal_actions() == [Discard(0, one("5♥"))]
    g.apply(Discard(0, one("5♥")))
    assert g.hands[0] == [one("9♣")] and g.to_act == 1


def test_no_return_refuses_the_taken_discard_as_the_last_card() -> None:
    g = small_game()
    g.apply(TakeDiscard(0))
    g.hands[0][:] = [one("9♣")]
    refused(g, Discard(0, one("9♣")), "cannot throw it back this turn")
    assert Discard(0, one("9♣")) not in g.legal_actions()


def test_the_taken_discard_itself_may_be_played_to_go_out() -> None:
    g = romme(
        ["7♠ 7♦ 7♣ 2♥ 3♥ 4♥ 5♥", "K♣ K♦ 8♥ 9♥ 4♠ 5♠ 6♠"],
        discard="6♥",
        ruleset=RommeRuleset(hand_size=7),
    )
    g.own.opened[0] = True
    g.apply(TakeDiscard(0))
    g.apply(Meld(0, cards("7♠ 7♦ 7♣")))
    g.apply(Meld(0, cards("2♥ 3♥ 4♥ 5♥ 6♥")))
    assert result_of(g).went_out == 0


def test_first_meld_needs_forty_and_can_be_taken_back() -> None:
    g = game()
    g.apply(DrawTalon(0))
    refused(g, LayOff(0, one("5♦"), 0), "You may lay off only after your first meld")
    g.apply(Meld(0, cards("7♠ 7♦ 7♣")))
    view = g.public_view()
    assert view.seats[0].opening_points == 21 and not view.seats[0].opened
    assert view.melds[0].pending
    refused(g, Discard(0, one("9♣")), "Your first meld has 21 of 40 points")
    g.apply(TakeBack(0))
    assert not g.own.melds and len(g.hands[0]) == 14
    refused(g, TakeBack(0), "You have no melds of an unfinished first meld to take back.")
    g.apply(Meld(0, cards("7♠ 7♦ 7♣")))
    events = g.apply(Meld(0, cards("10♥ J♥ Q♥")))
    assert Opened(0, 51) in events
    assert g.public_view().seats[0].opened
    # No lay-offs in the turn of the first meld; further melds are fine.
    refused(g, LayOff(0, one("9♣"), 0), "You cannot lay off in the turn of your first meld.")
    g.apply(Discard(0, one("9♣")))
    assert g.to_act == 1


def test_refused_meld_messages() -> None:
    g = game()
    g.apply(DrawTalon(0))
    refused(g, Meld(0, cards("7♠ 7♦ 7♠")), "You do not hold")
    refused(g, Meld(0, cards("2♠ 3♠ 4♦")), "is not a meld")
    refused(g, Meld(0, cards("5♦ Jo 9♣")), "is not a meld")


def test_lay_off_after_the_first_meld() -> None:
    g = game()
    g.apply(DrawTalon(0))  # 5♣
    g.apply(Meld(0, cards("7♠ 7♦ 7♣")))
    g.apply(Meld(0, cards("10♥ J♥ Q♥")))
    g.apply(Discard(0, one("9♣")))
    g.apply(DrawTalon(1))  # K♥
    refused(g, LayOff(1, one("K♥"), 1, End.HIGH), "You may lay off only after your first meld")
    g.apply(Discard(1, one("Q♠")))
    g.apply(DrawTalon(0))  # 4♣
    events = g.apply(LayOff(0, one("Jo"), 1, End.LOW))
    assert g.own.melds[1].stands_for[0] is one("9♥")
    assert events[-1].points == 9  # type: ignore[union-attr]
    refused(g, LayOff(0, one("4♦"), 1, End.HIGH), "does not fit the run")


def test_joker_swap_goes_into_a_new_meld() -> None:
    g = romme(
        ["10♥ J♥ Q♥ 7♠ 7♦ Jo 2♠ 3♠ 4♦ 9♣ 5♦ 6♣ 7♣", BEN],
        discard="8♦",
        stock_top="5♣ K♥ 4♣",
    )
    g.apply(DrawTalon(0))
    g.apply(Meld(0, cards("7♠ 7♦ Jo")))
    g.apply(Meld(0, cards("10♥ J♥ Q♥")))
    refused(
        g,
        JokerSwap(0, one("7♣"), 0, cards("2♠ 3♠ Jo")),
        "You cannot swap a joker in the turn of your first meld.",
    )
    g.apply(Discard(0, one("9♣")))
    g.apply(DrawTalon(1))
    refused(
        g,
        JokerSwap(1, one("7♣"), 0, cards("4♠ 5♠ Jo")),
        "You may swap a joker only after your first meld",
    )
    g.apply(Discard(1, one("Q♠")))
    g.apply(DrawTalon(0))
    refused(
        g,
        JokerSwap(0, one("7♣"), 0, cards("2♠ 3♠ 4♦")),
        "The joker you take must go into a new meld at once",
    )
    refused(g, JokerSwap(0, one("9♣"), 0, cards("2♠ 3♠ Jo")), "You do not hold 9♣.")
    events = g.apply(JokerSwap(0, one("7♣"), 0, cards("2♠ 3♠ Jo")))
    swapped = next(e for e in events if isinstance(e, JokerSwapped))
    assert swapped.points == 2 + 3 + 4
    assert g.own.melds[0].cards == list(cards("7♠ 7♦ 7♣"))
    assert g.own.melds[2].stands_for[2] is one("4♠")
    assert len(g.card_locations()) == 110


def test_strict_swap_only_from_a_set_of_four() -> None:
    g = romme(
        ["10♥ J♥ Q♥ 7♠ 7♦ Jo 2♠ 3♠ 4♦ 9♣ 5♦ 6♣ 7♣", BEN],
        discard="8♦",
        stock_top="5♣ K♥ 4♣",
        ruleset=RommeRuleset(strict_swap=True),
    )
    g.apply(DrawTalon(0))
    g.apply(Meld(0, cards("7♠ 7♦ Jo")))
    g.apply(Meld(0, cards("10♥ J♥ Q♥")))
    g.apply(Discard(0, one("9♣")))
    g.apply(DrawTalon(1))
    g.apply(Discard(1, one("Q♠")))
    g.apply(DrawTalon(0))
    refused(
        g,
        JokerSwap(0, one("7♣"), 0, cards("2♠ 3♠ Jo")),
        "A joker leaves a set only when the natural card makes it a set of four",
    )


ALL_IN_ONE = "10♥ J♥ Q♥ K♥ 7♠ 7♦ 7♣ 2♠ 3♠ 4♠ 9♣ 9♦ 9♥"
BEN_MINUS = "K♣ K♦ 8♥ 9♥ 4♦ 5♠ 6♠ A♣ 3♦ 3♥ 2♦ 10♠ Jo"  # 10+10+8+9+4+5+6+11+3+3+2+10+30


def go_out_in_one_turn(g: RommeGame) -> None:
    g.apply(DrawTalon(0))
    for meld in ("10♥ J♥ Q♥ K♥", "7♠ 7♦ 7♣", "2♠ 3♠ 4♠", "9♣ 9♦ 9♥"):
        g.apply(Meld(0, cards(meld)))
    g.apply(Discard(0, one("5♣")))


def test_hand_romme_doubles_the_minus_points() -> None:
    g = romme([ALL_IN_ONE, BEN_MINUS], discard="8♦", stock_top="5♣")
    go_out_in_one_turn(g)
    result = result_of(g)
    assert result.went_out == 0 and result.hand_romme
    assert result.minus == (0, 2 * 111)
    assert g.totals == [0, 222]


def test_going_out_without_the_double() -> None:
    g = romme(
        [ALL_IN_ONE, BEN_MINUS],
        discard="8♦",
        stock_top="5♣",
        ruleset=RommeRuleset(hand_romme_double=False, rounds=1),
    )
    go_out_in_one_turn(g)
    assert result_of(g).minus == (0, 111)
    # One round agreed: least minus wins.
    assert g.phase is Phase.OVER and g.winner == 0
    assert isinstance(g.events[-1], SessionEnded)


def test_session_lasts_one_deal_per_player() -> None:
    g = romme([ALL_IN_ONE, BEN_MINUS], discard="8♦", stock_top="5♣")
    assert g.rounds == 2
    go_out_in_one_turn(g)
    assert g.round_number == 2 and g.dealer == 1 and g.to_act == 1


def test_discard_only_to_meld() -> None:
    g = romme([ANNA, BEN], discard="K♠", ruleset=RommeRuleset(discard_only_to_meld=True))
    refused(g, TakeDiscard(0), "K♠ may be taken only to be melded at once")
    g2 = romme(
        ["10♥ J♥ Q♥ 7♠ 7♦ 2♣ 2♠ 3♠ 4♦ 9♣ 5♦ 6♣ Jo", BEN],
        discard="7♣",
        stock_top="5♣",
        ruleset=RommeRuleset(discard_only_to_meld=True),
    )
    g2.apply(TakeDiscard(0))
    refused(g2, Meld(0, cards("10♥ J♥ Q♥")), "You took 7♣ from the discard pile: play it first")
    g2.apply(Meld(0, cards("7♠ 7♦ 7♣")))
    g2.apply(TakeBack(0))
    assert g2.private_view(0).must_meld is one("7♣")
    g2.apply(Meld(0, cards("7♠ 7♦ 7♣")))
    g2.apply(Meld(0, cards("10♥ J♥ Q♥")))
    g2.apply(Discard(0, one("9♣")))


def test_the_taken_discard_melded_leaves_its_copy_free() -> None:
    """Two packs: with discard_only_to_meld, the taken card is the one that must be played;
    once it is laid off, the identical card still in hand is the player's own and may be
    thrown (found by the random-player property test: the player had no legal move)."""
    g = romme(
        ["J♥ Q♥ K♥ 8♠ 8♦ 8♣ 9♠ 9♦ 9♣ 10♠ 10♦ 10♣ 10♥", "K♣ K♦ 8♥ 9♥ 4♠ 5♠ 6♠ A♣ 3♦ 3♥ 2♦ 10♥ Q♠"],
        discard="2♣",
        stock_top="5♣ 4♣",
        ruleset=RommeRuleset(discard_only_to_meld=True),
    )
    g.apply(DrawTalon(0))
    for meld in ("J♥ Q♥ K♥", "8♠ 8♦ 8♣", "9♠ 9♦ 9♣", "10♠ 10♦ 10♣"):
        g.apply(Meld(0, cards(meld)))
    g.apply(Discard(0, one("5♣")))
    g.apply(DrawTalon(1))
    g.apply(Discard(1, one("10♥")))
    g.apply(TakeDiscard(0))
    assert g.private_view(0).hand == cards("10♥ 10♥")
    refused(g, Discard(0, one("10♥")), "You took 10♥ from the discard pile: play it first")
    g.apply(LayOff(0, one("10♥"), 0, End.LOW))
    assert g.private_view(0).must_meld is None and g.private_view(0).locked_discard is None
    assert Discard(0, one("10♥")) in g.legal_actions()
    g.apply(Discard(0, one("10♥")))
    assert result_of(g).went_out == 0


def test_a_taken_back_discard_is_locked_again() -> None:
    g2 = romme(
        ["10♥ J♥ Q♥ 7♠ 7♦ 2♣ 2♠ 3♠ 4♦ 9♣ 5♦ 6♣ Jo", BEN],
        discard="7♣",
        ruleset=RommeRuleset(discard_only_to_meld=True),
    )
    g2.apply(TakeDiscard(0))
    g2.apply(Meld(0, cards("7♠ 7♦ 7♣")))
    assert g2.private_view(0).locked_discard is None
    g2.apply(TakeBack(0))
    view = g2.private_view(0)
    assert view.must_meld is one("7♣") and view.locked_discard is one("7♣")


def test_replay_from_json() -> None:
    g = game()
    g.apply(DrawTalon(0))
    g.apply(Meld(0, cards("7♠ 7♦ 7♣")))
    g.apply(TakeBack(0))
    again = RommeGame.from_json(g.to_json())
    assert again.public_view() == g.public_view()
    assert again.events == g.events
