"""500 Rum's computer players: ``normal`` lays what is free, digs only where the dig pays,
plays the dug card first and keeps cards one card from a meld; ``hard`` also weighs the next
player's chance to meld a discard and counts the lay-offs a dig allows on the table's melds;
every strength plays legal moves."""

from __future__ import annotations

import random

import pytest

from engine.actions import Discard, DrawTalon, LayOff, Meld, Pass, TakeDiscard
from engine.games.rum500 import SPEC
from engine.games.rum500.game import Rum500Game, Rum500Ruleset
from engine.games.rum500.players import (
    HardRum500Player,
    Rum500Player,
    dig_value,
    feed_chance,
    layable,
    make_player,
    table_dig_value,
)
from engine.onepack import mask_of
from engine.players import STRENGTHS, RandomPlayer
from tests.engine.melding_deals import cards, one, rum500


def _drawn(hand: str, discard: str = "2♣", stock_top: str = "Q♥") -> Rum500Game:
    """Anna (seat 0) holds ``hand`` and has drawn ``stock_top``; Ben holds seven cards."""
    g = rum500([hand, "Q♦ K♦ 4♣ 4♠ 10♥ J♣ 6♠"], discard=discard, stock_top=stock_top)
    g.apply(DrawTalon(0))
    return g


def _choice(strength: str, g: Rum500Game) -> object:
    return make_player(strength, 1).choose(g.private_view(g.to_act), g.legal_actions())


@pytest.mark.parametrize("strength", ["normal", "hard"])
def test_a_free_meld_is_laid_before_any_discard(strength: str) -> None:
    g = _drawn("7♠ 7♦ 7♥ 2♥ 9♣ K♠ 5♦")
    chosen = _choice(strength, g)
    assert isinstance(chosen, Meld) and sorted(chosen.cards) == sorted(cards("7♠ 7♦ 7♥"))


def test_a_dig_that_brings_more_dead_points_than_it_melds_is_refused() -> None:
    # 5♥ runs with 4♥ 6♥ (15 points), but K♠ Q♣ come along with no partner (20 points).
    hand, taken = cards("4♥ 6♥ 2♣ 8♣ 9♦ 3♠ 7♦"), cards("5♥ K♠ Q♣")
    assert dig_value(hand, taken) == 15 - 20
    g = rum500([" ".join(map(str, hand)), "Q♦ K♦ 4♣ 4♠ 10♥ J♣ 6♠"], discard="5♥ K♠ Q♣")
    assert TakeDiscard(0, 3) in g.legal_actions()
    assert _choice("normal", g) == DrawTalon(0)


def test_a_dig_that_pays_is_taken_and_the_dug_card_played_first() -> None:
    # 5♥ completes 4♥ 6♥; the richer set of sevens waits until the dug card is placed.
    g = rum500(["4♥ 6♥ 7♣ 7♦ 7♠ 9♦ 3♠", "Q♦ K♦ 4♣ 4♠ 10♥ J♣ 6♠"], discard="5♥ 10♦")
    assert dig_value(g.hands[0], cards("5♥ 10♦")) == 15  # 10♦ partners the 9♦
    assert _choice("normal", g) == TakeDiscard(0, 2)
    g.apply(TakeDiscard(0, 2))
    chosen = _choice("normal", g)
    assert isinstance(chosen, Meld | LayOff) and g.own.must_meld == one("5♥")
    assert isinstance(chosen, Meld) and one("5♥") in chosen.cards


def test_the_discard_keeps_a_card_one_card_from_a_meld() -> None:
    # K♠ Q♠ wait for J♠ or A♠; 9♦ waits for nothing, so it goes although the King is dearer.
    g = _drawn("K♠ Q♠ 9♦ 5♣ 6♣ 7♣ 5♥", discard="8♥", stock_top="6♥")
    g.apply(Meld(0, cards("5♣ 6♣ 7♣")))
    assert _choice("normal", g) == Discard(0, one("9♦"))


def test_feed_chance_is_sure_with_both_partners_in_the_pile_and_nil_without_any() -> None:
    g = _drawn("J♠ 5♦ 5♣ 2♥", discard="9♠ 3♦ 10♠", stock_top="7♦")
    view = g.private_view(0)
    assert feed_chance(one("J♠"), view) == 1.0
    assert 0.0 < feed_chance(one("2♥"), view) < 1.0  # Ben may hold 3♥ 4♥ or two Twos
    # Every pair that would meld A♥ holds A♠, A♦, 2♥ or K♥, all in Anna's hand.
    g = _drawn("A♥ A♠ A♦ 2♥ K♥", discard="3♦", stock_top="7♦")
    assert feed_chance(one("A♥"), g.private_view(0)) == 0.0


def test_hard_does_not_feed_the_pile_where_normal_does() -> None:
    # 9♠ and 10♠ lie in the pile: a discarded J♠ would hand Ben a deep take.
    g = _drawn("J♠ 5♦ 5♣ 2♥", discard="9♠ 3♦ 10♠", stock_top="7♦")
    view, legal = g.private_view(0), g.legal_actions()
    assert make_player("normal", 1).choose(view, legal) == Discard(0, one("J♠"))
    chosen = make_player("hard", 1).choose(view, legal)
    assert isinstance(chosen, Discard) and chosen.card != one("J♠")


def test_cards_are_laid_off_one_after_another_on_a_growing_run() -> None:
    run, sevens = mask_of(cards("5♣ 6♣ 7♣")), mask_of(cards("7♠ 7♦ 7♥"))
    # 9♣ fits only once 8♣ is on the run; 7♣ is on the table already, so the sevens are full.
    laid = layable(cards("9♣ 8♣ K♥ 4♣"), [run, sevens])
    assert sorted(laid) == sorted(cards("9♣ 8♣ 4♣"))
    assert layable(cards("K♥ 2♦"), [run, sevens]) == []


def test_the_table_dig_value_counts_a_lay_off_the_plain_one_counts_as_dead() -> None:
    hand, taken = cards("2♦ 10♥ J♠ 4♠ Q♦ 6♦ 9♥"), cards("8♣ 2♥")
    run = mask_of(cards("5♣ 6♣ 7♣"))
    assert dig_value(hand, taken) == -8  # 8♣ has no partner in the hand: dead
    # On the table's run it scores its 8 points; 2♥ waits with 2♦ (a share of its 2 points).
    assert table_dig_value(hand, taken, [run]) == pytest.approx(8 + 0.3 * 2)
    assert table_dig_value(hand, taken, []) == -8  # no partner makes up for a dead card


def test_hard_counts_half_of_the_dead_cards_a_dig_brings() -> None:
    # The run 4♥ 5♥ 6♥ places 15 points; K♠ Q♣ come along dead (20 points): a loss counted in
    # full, a gain when a dead card is taken to cost half (it is often thrown in time).
    hand, taken = cards("4♥ 6♥ 2♣ 8♣ 9♦ 3♠ 7♦"), cards("5♥ K♠ Q♣")
    assert table_dig_value(hand, taken, []) == 15 - 20
    assert table_dig_value(hand, taken, [], dead_share=0.5) == 15 - 10
    g = rum500([" ".join(map(str, hand)), "Q♦ K♦ 4♣ 4♠ 10♥ J♣ 6♠"], discard="5♥ K♠ Q♣")
    assert _choice("normal", g) == DrawTalon(0)
    assert _choice("hard", g) == TakeDiscard(0, 3)


def test_hard_digs_for_a_card_it_can_lay_off_on_the_table_where_normal_draws() -> None:
    g = rum500(["5♣ 6♣ 7♣ 2♥ 9♦ K♠ 4♦", "2♦ 10♥ J♠ 4♠ Q♦ 6♦ 9♥"], discard="8♣", stock_top="J♥")
    for action in (DrawTalon(0), Meld(0, cards("5♣ 6♣ 7♣")), Discard(0, one("2♥"))):
        g.apply(action)
    assert g.to_act == 1 and TakeDiscard(1, 2) in g.legal_actions()
    assert _choice("normal", g) == DrawTalon(1)
    assert _choice("hard", g) == TakeDiscard(1, 2)
    g.apply(TakeDiscard(1, 2))
    chosen = _choice("hard", g)  # the dug card goes first: onto Anna's run
    assert isinstance(chosen, LayOff) and chosen.card == one("8♣")


def test_every_strength_is_offered_and_made() -> None:
    assert SPEC.strengths == STRENGTHS == ("random", "normal", "hard")
    assert isinstance(make_player("random", 1), RandomPlayer)
    assert type(make_player("normal", 1)) is Rum500Player
    assert type(make_player("hard", 1)) is HardRum500Player


@pytest.mark.parametrize("seats", [2, 3, 4])
@pytest.mark.parametrize("strength", ["normal", "hard"])
def test_random_positions_get_legal_moves_and_no_free_meld_is_kept(
    strength: str, seats: int
) -> None:
    # Random players lead the game to varied positions; the player under test is asked at
    # each of them, and its move is checked (a discard while a meld or lay-off was free
    # would be a slip), then a random move goes on.
    player, other = make_player(strength, 5), RandomPlayer(7)
    for seed in range(12):
        rng = random.Random(seed)
        g = Rum500Ruleset().new_game([f"p{i}" for i in range(seats)], seed)
        while g.round_number <= 2 and not g.is_over:
            legal = g.legal_actions()
            view = g.private_view(g.to_act)
            action = player.choose(view, legal)
            assert action in legal
            if isinstance(action, Discard):
                assert not any(isinstance(a, Meld | LayOff) for a in legal)
            g.apply(action if rng.random() < 0.5 else other.choose(view, legal))


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
