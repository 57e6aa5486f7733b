"""Scenario tests: one or more per ruling in RULES.md §1, built from chosen deals."""

from __future__ import annotations

import pytest

from engine import (
    Discard,
    DrawTalon,
    End,
    Game,
    IllegalAction,
    IllegalMeld,
    LayOff,
    Meld,
    Phase,
    RulesError,
    Ruleset,
    TakeDiscard,
    TakeStaircase,
    parse_cards,
)
from engine.events import FirstDealerDrawn, TalonRebuilt
from engine.games.treppe.events import RoundEnded, RoundStarted, SessionEnded
from tests.engine.conftest import DealFactory


def cards(text: str) -> tuple:  # type: ignore[type-arg]
    return tuple(parse_cards(text))


def one(text: str):  # type: ignore[no-untyped-def]
    (card,) = parse_cards(text)
    return card


def refused(game: Game, action: object, message: str) -> None:
    """The action is refused with ``message`` and nothing changes."""
    before = (game.to_json(), game.public_view(), [game.private_view(s) for s in range(game.n)])
    with pytest.raises(RulesError) as info:
        game.apply(action)  # type: ignore[arg-type]
    assert message in str(info.value)
    assert not game.can(action)  # type: ignore[arg-type]
    after = (game.to_json(), game.public_view(), [game.private_view(s) for s in range(game.n)])
    assert after == before


SEVENTY_FIVE = dict(
    hands=["6♥ 6♦ 6♣ 2♣ 3♣ J♣ 7♠", "10♥ 10♠ 10♦ 4♠ 5♠ 6♠ 2♦"],
    staircase="10♣ Q♣ K♣ A♣",
    talon_top="3♥",
    dealer=1,
)


def play_ben_opening(game: Game) -> None:
    game.apply(DrawTalon(1))
    game.apply(Meld(1, cards("10♥ 10♠ 10♦")))
    game.apply(Meld(1, cards("4♠ 5♠ 6♠")))
    game.apply(Discard(1, one("2♦")))


def test_the_seventy_five_point_turn(deal: DealFactory) -> None:
    game = deal(**SEVENTY_FIVE)
    play_ben_opening(game)
    assert game.totals == [0, 30 + 15]
    game.apply(TakeStaircase(0, 0))  # 10♣ Q♣ K♣ A♣ 2♦: the whole staircase
    events = game.apply(Meld(0, cards("6♥ 6♦ 6♣")))
    assert events[0].points == 18  # type: ignore[union-attr]
    events = game.apply(Meld(0, cards("Q♣ K♣ A♣ 2♣ 3♣")))
    assert events[0].points == 30  # type: ignore[union-attr]
    game.apply(LayOff(0, one("J♣"), 3, End.LOW))
    game.apply(LayOff(0, one("10♣"), 3, End.LOW))
    game.apply(LayOff(0, one("7♠"), 1, End.HIGH))  # onto Ben's run
    assert game.own.round_points[0] == 75
    assert game.totals[0] == 75
    assert game.public_view().melds[1].owner == 1
    assert game.public_view().melds[1].cards[-1].seat == 0


def test_going_out_by_discard_scores_opponents_hands_and_romme_double(deal: DealFactory) -> None:
    game = deal(**SEVENTY_FIVE)
    play_ben_opening(game)
    game.apply(TakeStaircase(0, 0))
    game.apply(Meld(0, cards("6♥ 6♦ 6♣")))
    game.apply(Meld(0, cards("Q♣ K♣ A♣ 2♣ 3♣")))
    game.apply(LayOff(0, one("J♣"), 3))
    game.apply(LayOff(0, one("10♣"), 3))
    game.apply(LayOff(0, one("7♠"), 1))
    events = game.apply(Discard(0, one("2♦")))
    result = next(e.result for e in events if isinstance(e, RoundEnded))
    assert result.went_out == 0
    assert result.hands[1] == cards("3♥")
    assert result.hand_points == (0, 3)
    # Anna melded nothing before this turn: a Rommé hand, Ben's 3 counts double.
    assert result.hand_romme and result.bonus == 6
    assert result.totals == (81, 45)
    assert game.round_number == 2 and game.dealer == 0  # the deal passes left


def test_no_romme_double_after_an_earlier_meld(deal: DealFactory) -> None:
    game = deal(
        hands=["2♥ 3♥ 4♥ 9♣ 9♦ 9♠ K♠", "A♠ A♦ 5♣ 7♣ J♦ Q♦ 8♥"],
        staircase="5♦",
        talon_top="8♣ 4♦ 5♥",
        dealer=0,
    )
    game.apply(DrawTalon(0))  # 8♣
    game.apply(Meld(0, cards("2♥ 3♥ 4♥")))
    game.apply(Discard(0, one("K♠")))
    game.apply(DrawTalon(1))  # 4♦
    game.apply(Discard(1, one("4♦")))
    game.apply(DrawTalon(0))  # 5♥
    game.apply(Meld(0, cards("9♣ 9♦ 9♠")))
    game.apply(LayOff(0, one("5♥"), 0, End.HIGH))
    events = game.apply(Discard(0, one("8♣")))
    result = next(e.result for e in events if isinstance(e, RoundEnded))
    assert result.went_out == 0 and not result.hand_romme
    # Aces count 15 in a hand, faces 10: 15 + 15 + 5 + 7 + 10 + 10 + 8.
    assert result.hand_points == (0, 70)
    assert result.bonus == 70
    assert result.meld_points == (9 + 27 + 5, 0)
    assert result.totals == (111, 0)


def test_going_out_by_melding_needs_no_discard(deal: DealFactory) -> None:
    game = deal(
        hands=["7♦ 8♦ 9♦ J♠ J♥ J♣ 2♠", "A♠ 3♣ 5♣ 7♣ 9♥ Q♦ 8♥"],
        staircase="3♠ 4♠",
        dealer=0,
    )
    game.apply(TakeStaircase(0, 0))
    game.apply(Meld(0, cards("7♦ 8♦ 9♦")))
    game.apply(Meld(0, cards("J♠ J♥ J♣")))
    events = game.apply(Meld(0, cards("2♠ 3♠ 4♠")))
    result = next(e.result for e in events if isinstance(e, RoundEnded))
    assert result.went_out == 0 and result.hand_romme
    # Ben: 15 + 3 + 5 + 7 + 9 + 10 + 8 = 57, doubled for the Rommé hand.
    assert result.bonus == 114
    assert game.totals[0] == 24 + 30 + 9 + 114
    assert game.round_number == 2


def test_turn_order_and_phases_are_enforced(deal: DealFactory) -> None:
    game = deal(**SEVENTY_FIVE)
    refused(game, DrawTalon(0), "It is Ben's turn.")
    refused(
        game,
        Discard(1, one("2♦")),
        "Draw first: take the top talon card or cards from the staircase.",
    )
    refused(game, Meld(1, cards("10♥ 10♠ 10♦")), "Draw first")
    refused(game, TakeStaircase(1, 4), "The staircase has 4 cards: pick a position from 1 to 4.")
    game.apply(DrawTalon(1))
    refused(game, DrawTalon(1), "You have drawn already this turn.")
    refused(game, TakeStaircase(1, 0), "You have drawn already this turn.")
    refused(game, Meld(1, cards("6♥ 6♦ 6♣")), "You do not hold 6♣ 6♦ 6♥.")
    refused(game, Meld(1, cards("4♠ 5♠ 10♠")), "is not a run")
    refused(game, LayOff(1, one("2♦"), 0), "There is no meld 1 on the table.")
    refused(game, Discard(0, one("6♥")), "It is Ben's turn.")
    refused(game, Discard(7, one("6♥")), "You are not seated at this table.")
    game.apply(Discard(1, one("2♦")))
    assert game.to_act == 0 and game.phase is Phase.DRAW  # the turn passes left


def test_illegal_layoffs_are_refused(deal: DealFactory) -> None:
    game = deal(**SEVENTY_FIVE)
    play_ben_opening(game)
    game.apply(TakeStaircase(0, 0))
    refused(game, LayOff(0, one("J♣"), 0), "J♣ does not fit the set 10♥ 10♠ 10♦.")
    refused(game, LayOff(0, one("7♠"), 1, End.LOW), "7♠ does not go before 4♠ 5♠ 6♠")
    refused(game, LayOff(0, one("2♣"), 1), "2♣ does not fit the run 4♠ 5♠ 6♠: wrong suit.")


def test_no_return_forbids_discarding_the_only_card_taken(deal: DealFactory) -> None:
    game = deal(hands=["2♥ 3♥ 4♥ 9♣ 9♦ 9♠ K♠", "A♠ A♦ 5♣ 7♣ J♦ Q♦ 8♥"], staircase="5♦ 6♦")
    game.apply(TakeStaircase(0, 1))
    refused(
        game,
        Discard(0, one("6♦")),
        "You took 6♦ from the staircase; you cannot discard it this turn.",
    )
    assert Discard(0, one("6♦")) not in game.legal_discards(0)
    game.apply(Discard(0, one("K♠")))


LONE_TAKE = dict(hands=["2♥ 3♥ 4♥ 9♣ 9♦ 9♠ 5♥", "A♠ A♦ 5♣ 7♣ J♦ Q♦ 8♥"], staircase="5♦ 6♦")
KEEP_ONE = "cannot discard it: keep another card to discard, or play 6♦ too."


def test_no_return_binds_the_last_card_too(deal: DealFactory) -> None:
    """RULES.md §1: no going out by throwing the lone taken card back (nor a Rommé hand)."""
    game = deal(**LONE_TAKE)
    game.apply(TakeStaircase(0, 1))
    game.apply(Meld(0, cards("9♣ 9♦ 9♠")))
    # Melding or laying off everything else would leave 6♦ alone: refused, with the reason.
    refused(game, Meld(0, cards("2♥ 3♥ 4♥ 5♥")), "That would leave only 6♦ in your hand")
    game.apply(Meld(0, cards("2♥ 3♥ 4♥")))
    refused(game, LayOff(0, one("5♥"), 1), KEEP_ONE)
    assert game.legal_actions() == [Discard(0, one("5♥"))]
    game.apply(Discard(0, one("5♥")))
    assert game.hands[0] == [one("6♦")] and not game.results


def test_no_return_refuses_the_taken_card_as_the_last_discard(deal: DealFactory) -> None:
    game = deal(**LONE_TAKE)
    game.apply(TakeStaircase(0, 1))
    game.hands[0][:] = [one("6♦")]  # however it got there, the lone card stays locked
    refused(
        game,
        Discard(0, one("6♦")),
        "You took 6♦ from the staircase; you cannot discard it this turn.",
    )
    assert game.legal_discards(0) == []


def test_no_return_lets_the_taken_card_itself_be_melded_to_go_out(deal: DealFactory) -> None:
    game = deal(hands=["2♥ 3♥ 4♥ 9♣ 9♦ 9♠ 5♥", "A♠ A♦ 5♣ 7♣ J♦ Q♦ 8♥"], staircase="5♦ 6♥")
    game.apply(TakeStaircase(0, 1))
    game.apply(Meld(0, cards("9♣ 9♦ 9♠")))
    assert Meld(0, cards("2♥ 3♥ 4♥ 5♥")) not in game.legal_actions()
    game.apply(Meld(0, cards("2♥ 3♥ 4♥ 5♥ 6♥")))
    assert game.results[-1].went_out == 0


def test_no_return_does_not_apply_when_several_cards_are_taken(deal: DealFactory) -> None:
    game = deal(hands=["2♥ 3♥ 4♥ 9♣ 9♦ 9♠ K♠", "A♠ A♦ 5♣ 7♣ J♦ Q♦ 8♥"], staircase="5♦ 6♦")
    game.apply(TakeStaircase(0, 0))
    game.apply(Discard(0, one("6♦")))
    assert game.discard == [one("6♦")]


def test_no_return_can_be_switched_off(deal: DealFactory) -> None:
    game = deal(
        hands=["2♥ 3♥ 4♥ 9♣ 9♦ 9♠ K♠", "A♠ A♦ 5♣ 7♣ J♦ Q♦ 8♥"],
        staircase="5♦ 6♦",
        ruleset=Ruleset(no_return=False),
    )
    game.apply(TakeStaircase(0, 1))
    game.apply(Discard(0, one("6♦")))
    assert game.discard == list(cards("5♦ 6♦")) and game.to_act == 1


def test_taking_k_staircase_cards_takes_everything_above(deal: DealFactory) -> None:
    game = deal(hands=["2♥ 3♥ 4♥ 9♣ 9♦ 9♠ K♠", "A♠ A♦ 5♣ 7♣ J♦ Q♦ 8♥"], staircase="Q♣ 9♥ 2♦ A♣ 7♠")
    events = game.apply(TakeStaircase(0, 1))
    assert events[0].cards == cards("9♥ 2♦ A♣ 7♠")  # type: ignore[union-attr]
    assert game.discard == [one("Q♣")]
    assert len(game.hands[0]) == 11
    assert game.public_view().seats[0].hand_count == 11
    # Everyone saw those cards go into Anna's hand, until she plays them.
    assert game.public_view().seats[0].known_cards == cards("9♥ 2♦ A♣ 7♠")
    game.apply(Discard(0, one("2♦")))
    assert game.public_view().seats[0].known_cards == cards("9♥ A♣ 7♠")


def _play_until_run_out(game: Game) -> None:
    """Seats draw from the talon and throw the card they drew until the talon runs out
    (and is rebuilt) or the round ends. Bounded: a talon holds at most 52 cards."""
    rounds, rebuilds = game.round_number, game.piles.rebuilds
    for _ in range(60):
        if game.round_number != rounds or game.piles.rebuilds != rebuilds:
            return
        seat = game.to_act
        game.apply(DrawTalon(seat))
        game.apply(Discard(seat, game.hands[seat][-1]))
    raise AssertionError("the talon never ran out")


BIG_STAIRCASE = dict(
    hands=["2♥ 4♥ 6♥ 8♥ 10♥ Q♥ A♣", "3♣ 5♣ 7♣ 9♣ J♣ K♣ 2♦"],
    staircase=(
        "4♦ 6♦ 8♦ 10♦ Q♦ A♠ 3♠ 5♠ 7♠ 9♠ J♠ K♠ 2♠ 4♠ 6♠ 8♠ 10♠ Q♠ "
        "A♦ 3♦ 5♦ 7♦ 9♦ J♦ K♦ 4♣ 6♣ 8♣ 10♣ Q♣ 2♣ 3♥"
    ),
)


def test_talon_is_rebuilt_from_the_staircase_but_its_top(deal: DealFactory) -> None:
    game = deal(**BIG_STAIRCASE)
    assert len(game.stock) == 6
    _play_until_run_out(game)
    # The talon ran out at the start of a draw: all but the top staircase card became talon.
    rebuilt = [e for e in game.events if isinstance(e, TalonRebuilt)]
    assert len(rebuilt) == 1 and rebuilt[0].rebuild == 1
    assert len(game.discard) == 1
    assert len(game.stock) == 32 + 6 - 1
    assert game.discard[0] not in game.stock
    assert len(game.card_locations()) == 52


def test_the_third_run_out_ends_the_round_dead(deal: DealFactory) -> None:
    game = deal(**BIG_STAIRCASE, ruleset=Ruleset(max_rebuilds=0))
    game.apply(TakeStaircase(0, 31))  # 3♥, to meld 2♥ 3♥ 4♥
    game.apply(Meld(0, cards("2♥ 3♥ 4♥")))
    game.apply(Discard(0, one("A♣")))
    _play_until_run_out(game)
    result = game.results[-1]
    assert result.dead and result.went_out is None and result.bonus == 0
    assert result.meld_points == (9, 0)
    assert result.totals == (9, 0)  # meld points stand, nobody scores hands
    assert game.round_number == 2


def test_rebuilds_stop_after_max_rebuilds(deal: DealFactory) -> None:
    game = deal(**BIG_STAIRCASE, ruleset=Ruleset(max_rebuilds=2))
    for _ in range(3):
        _play_until_run_out(game)
    assert [e.rebuild for e in game.events if isinstance(e, TalonRebuilt)] == [1, 2]
    assert game.results[-1].dead and game.round_number == 2


def test_empty_rebuild_forces_a_staircase_draw_then_a_dead_round(deal: DealFactory) -> None:
    # Every card but the upcard is in a hand, so the talon is empty from the start and a
    # rebuild from the one-card staircase gives nothing.
    game = deal(
        hands=[
            "A♣ 2♣ 3♣ 4♣ 5♣ 6♣ 7♣ 8♣ 9♣ 10♣ J♣ Q♣ K♣ A♦ 2♦ 3♦ 4♦ 5♦ 6♦ 7♦ 8♦ 9♦ 10♦ J♦ Q♦",
            "A♥ 2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥ A♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠",
        ],
        staircase="K♦",
    )
    assert game.piles.rebuilds == 1 and game.stock == []
    refused(game, DrawTalon(0), "The talon is empty: take from the staircase.")
    assert game.legal_actions() == [TakeDiscard(0)]
    game.apply(TakeStaircase(0, 0))
    game.apply(Discard(0, one("A♣")))
    assert game.piles.rebuilds == 2 and game.legal_actions() == [TakeDiscard(1)]
    game.apply(TakeStaircase(1, 0))
    events = game.apply(Discard(1, one("A♥")))
    # The third run-out ends the round: meld points stand, nobody scores hand cards.
    result = next(e.result for e in events if isinstance(e, RoundEnded))
    assert result.dead and result.totals == (0, 0)
    assert game.round_number == 2


def test_session_ends_at_target_and_ties_play_on(deal: DealFactory) -> None:
    game = deal(
        hands=["7♦ 8♦ 9♦ J♠ J♥ J♣ 2♠", "A♠ 3♣ 5♣ 7♣ 9♥ Q♦ 8♥"],
        staircase="3♠ 4♠",
        ruleset=Ruleset(target=100),
    )
    game.apply(TakeStaircase(0, 0))
    game.apply(Meld(0, cards("7♦ 8♦ 9♦")))
    game.apply(Meld(0, cards("J♠ J♥ J♣")))
    events = game.apply(Meld(0, cards("2♠ 3♠ 4♠")))
    ended = [e for e in events if isinstance(e, SessionEnded)]
    assert ended and ended[0].winner == 0 and ended[0].totals == (177, 0)
    assert game.phase is Phase.OVER and game.winner == 0
    refused(game, DrawTalon(1), "The game is over.")
    assert game.legal_actions() == []


def test_a_tie_at_the_top_plays_one_more_round() -> None:
    game = Ruleset(target=1).new_game(["Anna", "Ben"], seed=3)
    game.session.totals = [5, 5]
    game._end_round(None)  # a dead round leaves the tie standing
    assert game.phase is not Phase.OVER and game.round_number == 2
    game.session.totals = [5, 6]
    game._end_round(None)
    assert game.phase is Phase.OVER and game.winner == 1


def test_first_dealer_by_lot_is_the_highest_card_ace_high() -> None:
    for seed in range(200):
        game = Ruleset().new_game(["A", "B", "C", "D"], seed=seed)
        drawn = next(e for e in game.events if isinstance(e, FirstDealerDrawn))
        last = drawn.passes[-1]
        value = {seat: (14 if card.rank == 1 else int(card.rank)) for seat, card in last}
        best = max(value.values())
        assert [s for s, v in value.items() if v == best] == [drawn.dealer]
        for earlier in drawn.passes[:-1]:
            values = [(14 if c.rank == 1 else int(c.rank)) for _, c in earlier]
            assert values.count(max(values)) > 1  # only a tie makes players draw again
        started = next(e for e in game.events if isinstance(e, RoundStarted))
        assert started.dealer == drawn.dealer == game.to_act  # the dealer plays first
        assert all(len(h) == 7 for h in game.hands)
        assert len(game.discard) == 1 and len(game.stock) == 52 - 4 * 7 - 1


def test_some_seed_needs_a_second_pass_for_the_dealer() -> None:
    passes = [
        len(
            next(
                e
                for e in Ruleset().new_game(["A", "B", "C", "D"], s).events
                if isinstance(e, FirstDealerDrawn)
            ).passes
        )
        for s in range(200)
    ]
    assert max(passes) >= 2


def test_seat_counts() -> None:
    with pytest.raises(IllegalAction, match="2 to 4 players"):
        Ruleset().new_game(["Solo"], seed=1)
    with pytest.raises(IllegalAction, match="2 to 4 players"):
        Ruleset().new_game(list("ABCDE"), seed=1)


def test_legal_actions_are_exactly_the_verified_ones(deal: DealFactory) -> None:
    game = deal(**SEVENTY_FIVE)
    play_ben_opening(game)
    draws = game.legal_actions()
    assert DrawTalon(0) in draws
    assert [a for a in draws if isinstance(a, TakeDiscard)] == [
        TakeDiscard(0, depth) for depth in range(5, 0, -1)
    ]
    game.apply(TakeStaircase(0, 0))
    moves = game.legal_actions()
    assert all(game.can(m) for m in moves)
    assert Meld(0, cards("Q♣ K♣ A♣ 2♣ 3♣")) in moves
    assert Meld(0, cards("6♣ 6♦ 6♥")) in moves
    assert LayOff(0, one("7♠"), 1, End.HIGH) in moves
    assert LayOff(0, one("3♣"), 1, End.LOW) not in moves
    discards = {a.card for a in moves if isinstance(a, Discard)}
    assert discards == set(game.hands[0])


def test_a_take_named_by_position_is_the_take_of_the_same_cards(deal: DealFactory) -> None:
    game = deal(**SEVENTY_FIVE)
    play_ben_opening(game)
    by_position = Game.from_json(game.to_json())
    assert len(game.discard) == 5
    by_position.apply(TakeStaircase(0, 2))  # position 3 of 5: three cards
    game.apply(TakeDiscard(0, 3))
    assert by_position.public_view() == game.public_view()
    assert by_position.actions[-1] == TakeDiscard(0, 3)
    assert '"t":"takediscard","s":0,"d":3' in by_position.to_json()


def test_views_hide_other_hands(deal: DealFactory) -> None:
    game = deal(**SEVENTY_FIVE)
    mine = game.private_view(0)
    assert mine.hand == cards("6♥ 6♦ 6♣ 2♣ 3♣ J♣ 7♠")
    assert mine.public.seats[1].hand_count == 7
    assert not any(c in str(mine.public) for c in ("10♥", "4♠"))


def test_json_round_trip_rebuilds_the_game(deal: DealFactory) -> None:
    game = deal(**SEVENTY_FIVE)
    play_ben_opening(game)
    game.apply(TakeStaircase(0, 2))
    copy = Game.from_json(game.to_json())
    assert copy.public_view() == game.public_view()
    assert [copy.private_view(s) for s in range(2)] == [game.private_view(s) for s in range(2)]
    refused(game, Meld(0, cards("2♣ 3♣ 4♣")), "You do not hold 4♣.")
    with pytest.raises(IllegalMeld):
        Game.from_json(game.to_json()).apply(Meld(0, cards("6♥ 6♦ 2♣")))
