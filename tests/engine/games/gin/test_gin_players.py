"""The Gin Rummy computer players: legal and repeatable moves, the knocks and gins they must not
let go, and the safe move for a player whose time ran out."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.actions import Discard, DrawTalon, Knock, Pass, TakeDiscard
from engine.cards import parse_cards
from engine.games.gin import SPEC, forecast, players
from engine.games.gin.game import GinGame, GinRuleset
from engine.games.gin.players import Table, danger, make_player, timeout_action
from engine.onepack import ALL, index, mask_of
from engine.players import STRENGTHS
from tests.engine.games.gin.test_gin_rules import DEFENDER, KNOCKER, gin, one

OPPONENT = "K♣ Q♦ 2♦ 3♦ 4♥ 5♥ 10♠ 9♠ 7♣ 2♣"


def after_a_take(hand: str, taken: str) -> GinGame:
    """Seat 1 takes the first upcard ``taken`` from ``OPPONENT`` and throws K♣; seat 0, holding
    ``hand``, draws 8♦ and is to discard (it may not knock: the knock card is 5)."""
    game = gin(hand, OPPONENT, taken, "8♦", knock_card=5)
    game.apply(Pass(0))
    game.apply(TakeDiscard(1))
    game.apply(Discard(1, one("K♣")))
    game.apply(DrawTalon(0))
    return game


@pytest.mark.parametrize("strength", STRENGTHS)
def test_every_strength_plays_legal_repeatable_moves(strength: str) -> None:
    game = GinRuleset(target=50).new_game(["Anna", "Ben"], seed=8)
    players = [make_player(strength, 3), make_player(strength, 4)]
    for _ in range(400):
        if game.is_over:
            break
        legal = game.legal_actions()
        view = game.private_view(game.to_act)
        move = players[game.to_act].choose(view, legal)
        assert move in legal
        assert make_player(strength, 3 + game.to_act).choose(view, legal) == move
        game.apply(move)


@pytest.mark.parametrize("strength", ["normal", "hard"])
def test_a_gin_or_a_knock_with_four_is_never_let_go(strength: str) -> None:
    game = gin(KNOCKER.replace("4♦", "8♣"), DEFENDER, "2♣", "K♥")  # 8♣ 9♣ 10♣ J♣: gin
    game.apply(Pass(0))
    game.apply(Pass(1))
    game.apply(DrawTalon(0))
    move = make_player(strength, 1).choose(game.private_view(0), game.legal_actions())
    assert move == Knock(0, one("K♥"))
    game = gin(KNOCKER, DEFENDER, "2♣", "K♥")
    game.apply(Pass(0))
    game.apply(Pass(1))
    game.apply(DrawTalon(0))
    move = make_player(strength, 1).choose(game.private_view(0), game.legal_actions())
    assert move == Knock(0, one("K♥"))  # the knock that leaves 4, not 10


@pytest.mark.parametrize("strength", ["normal", "hard"])
def test_an_upcard_that_completes_a_meld_is_taken_and_kept(strength: str) -> None:
    player = make_player(strength, 1)
    game = gin(KNOCKER, DEFENDER, "8♣", "K♥")  # 8♣ to J♣: gin once 4♦ is gone
    move = player.choose(game.private_view(0), game.legal_actions())
    assert move == TakeDiscard(0)
    game.apply(move)
    move = player.choose(game.private_view(0), game.legal_actions())
    assert isinstance(move, Knock) and move.card == one("4♦")


def test_the_timeout_move_is_safe() -> None:
    game = gin(KNOCKER, DEFENDER, "2♣", "K♥ Q♠")
    assert timeout_action(game.private_view(0), game.legal_actions()) == Pass(0)
    game.apply(Pass(0))
    game.apply(Pass(1))
    assert timeout_action(game.private_view(0), game.legal_actions()) == DrawTalon(0)
    game.apply(DrawTalon(0))
    move = timeout_action(game.private_view(0), game.legal_actions())
    assert move == Discard(0, one("K♥"))  # the least deadwood left; it never knocks
    assert SPEC.timeout_action(game.private_view(0), game.legal_actions()) == move
    with pytest.raises(ValueError):
        timeout_action(game.private_view(0), [])


@pytest.mark.parametrize(
    ("strength", "taken", "safe"),
    [("hard", "9♥", "8♦"), ("hard", "9♦", "8♥"), ("normal", "9♥", "8♦")],
)
def test_no_meld_the_opponent_showed_is_fed(strength: str, taken: str, safe: str) -> None:
    # Seat 1 took the first upcard; seat 0 then holds two loose eights alike in all but
    # suit: it throws the one that cannot go next to the card seat 1 took. (With 9♦ taken,
    # 8♦ could extend only 9♦ 10♦ J♦, and seat 0 holds J♦: only hard also fears that seat 1
    # holds 7♦ and waits for the 8♦.)
    game = after_a_take("A♠ 2♠ 3♠ 4♣ 5♣ 6♣ J♠ J♣ J♦ 8♥", taken)
    move = make_player(strength, 1).choose(game.private_view(0), game.legal_actions())
    assert move == Discard(0, one(safe))


def test_a_card_that_joins_the_meld_a_taken_upcard_went_into_is_dangerous() -> None:
    # The opponent took K♦: a player takes an upcard to meld it, so he holds K♠ K♣ or Q♦ J♦
    # (as likely, both unseen). K♥ joins the first: a one-in-two chance on top of the chance
    # that he holds two cards K♥ melds with, each unseen card his as likely as any other.
    hand = mask_of(parse_cards("2♠ 3♠ 4♠ 5♥ 6♥ 7♣ 8♣ 9♣ 4♦ 5♦"))
    taken = mask_of(parse_cards("K♦"))
    table = Table(ALL & ~hand & ~taken, taken, opponent_unknown=9, knock_card=10)
    share = 9 / 41
    held = 1 - (1 - share**2) * (1 - share) ** 2 * (1 - share**2)  # Q♥J♥ K♦K♠ K♦K♣ K♠K♣
    assert danger(index(one("K♥")), table) == pytest.approx(1 - (1 - held) * (1 - 1 / 2))
    # Once he is known to hold Q♦ J♦ as well, K♦ most likely went next to them: K♥ is
    # safer than before and 10♦ is sure to be taken.
    shown = mask_of(parse_cards("K♦ Q♦ J♦"))
    table = Table(ALL & ~hand & ~shown, shown, opponent_unknown=7, knock_card=10)
    assert danger(index(one("K♥")), table) < 0.4
    assert danger(index(one("10♦")), table) == 1.0


def test_hard_does_not_throw_a_partner_of_the_upcard_the_opponent_took() -> None:
    # Seat 1 took 9♦ (into a meld: 9♠ 9♣ 9♥ or 10♦ J♦, all unseen to seat 0). Seat 0's two
    # loose eights are alike but for that: 8♦ would extend 9♦ 10♦ J♦, so hard lets 8♥ go.
    # normal pays no heed to the opponent's takes (what keeps it the weaker strength): to
    # it the eights are alike, and the tie goes to the lower card, 8♦.
    game = after_a_take("A♠ 2♠ 3♠ 4♣ 5♣ 6♣ J♠ J♣ J♥ 8♥", "9♦")
    view, legal = game.private_view(0), game.legal_actions()
    assert make_player("hard", 1).choose(view, legal) == Discard(0, one("8♥"))
    assert make_player("normal", 1).choose(view, legal) == Discard(0, one("8♦"))


def test_hard_keeps_a_pair_of_the_rank_the_opponent_is_about_to_throw() -> None:
    # Nobody has discarded yet: the opponent's first discard is most likely a King (he throws
    # his highest loose card). With a stock draw alone, the pair of Kings is the costliest
    # deadwood and K♥ would go; with the King to come as an upcard, hard keeps the pair and
    # throws 9♥ (the eights and the nines still hold 8♠ 8♥ 8♦ and 9♣).
    game = gin("K♠ 4♦ 9♣ 7♦ 9♥ 8♠ 3♠ K♥ 8♥ 5♠", OPPONENT, "J♥", "8♦")
    game.apply(Pass(0))
    game.apply(Pass(1))
    game.apply(DrawTalon(0))
    view, legal = game.private_view(0), game.legal_actions()
    assert make_player("hard", 1).choose(view, legal) == Discard(0, one("9♥"))
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(forecast, "UPCARD_WEIGHT", 0.0)  # the stock alone, as before
        assert make_player("hard", 1).choose(view, legal) == Discard(0, one("K♥"))


def test_the_next_discard_is_forecast_from_the_last_one() -> None:
    shares = forecast.rank_shares(9)
    assert max(shares, key=lambda rank: shares[rank]) == 8  # one below the last discard
    assert shares[9] > shares[6] > shares[4] > 0
    assert 1 not in shares and 3 not in shares  # far below the last: no longer held loose
    assert shares[13] == forecast.ABOVE_LAST  # a King just drawn
    first = forecast.rank_shares(None)
    assert max(first, key=lambda rank: first[rank]) == 13
    # Each rank's share is spread over its unseen cards: 8♣ is the only eight seat 0 has not
    # seen (after the opponent threw 9♠), so it takes the whole share of eights.
    game = after_a_take("A♠ 2♠ 3♠ 4♣ 5♣ 6♣ 8♠ 8♥ J♦ Q♥", "9♥")
    game.apply(Discard(0, one("Q♥")))
    game.apply(DrawTalon(1))
    game.apply(Discard(1, one("9♠")))
    view = game.private_view(0)
    chances = forecast.next_discards(view, Table.of(view, mask_of(view.hand)).unseen)
    eight = forecast.UPCARD_WEIGHT * shares[8] / sum(shares.values())
    assert chances[index(one("8♣"))] == pytest.approx(eight, rel=0.2)
    assert chances[index(one("8♣"))] > chances[index(one("7♦"))] > 0
    assert index(one("8♦")) not in chances  # seat 0 drew it: seen


def test_the_outlook_takes_the_upcard_only_when_it_beats_the_stock() -> None:
    hand = mask_of(parse_cards("A♠ 2♠ 3♠ 4♣ 5♣ 6♣ 7♥ 8♥ K♦ Q♣"))
    unseen = ALL & ~hand
    plain = forecast.outlook(hand, unseen, 10, {})
    # 9♥ to come melds 7♥ 8♥ 9♥: a lower expectation and a likely knock.
    melding = forecast.outlook(hand, unseen, 10, {index(one("9♥")): 0.5})
    assert melding[0] < plain[0] and melding[1] > plain[1]
    # A King to come helps nothing: the stock's expectation is kept.
    useless = forecast.outlook(hand, unseen, 10, {index(one("K♠")): 0.5})
    assert useless == pytest.approx(plain)


ONE_SHORT = "A♠ 2♠ 3♠ 5♠ 5♦ 5♣ 9♣ 10♣ J♣ K♥"  # three melds, K♥ and whatever comes


def drawn_to(card: str, thrown: str = "", **options: object) -> GinGame:
    """Seat 0, holding ``ONE_SHORT``, has drawn ``card`` (its second draw when seat 1
    threw ``thrown`` from ``OPPONENT`` in between, else its first) and is to discard."""
    stock = f"Q♠ 7♥ {card}" if thrown else card
    game = gin(ONE_SHORT, OPPONENT, "8♥", stock, **options)
    game.apply(Pass(0))
    game.apply(Pass(1))
    game.apply(DrawTalon(0))
    if thrown:
        game.apply(Discard(0, one("Q♠")))
        game.apply(DrawTalon(1))
        game.apply(Discard(1, one(thrown)))
        game.apply(DrawTalon(0))
    return game


def test_hard_plays_on_for_gin_with_one_point_early_in_the_hand() -> None:
    # A♥ drawn: throwing K♥ leaves one point. normal knocks; hard plays on for gin (most of
    # the stock is left, and the opponent, who knocks as soon as he may, would be undercut
    # with more than one point), throwing the King all the same.
    game = drawn_to("A♥")
    view, legal = game.private_view(0), game.legal_actions()
    assert make_player("normal", 1).choose(view, legal) == Knock(0, one("K♥"))
    assert make_player("hard", 1).choose(view, legal) == Discard(0, one("K♥"))


def test_hard_knocks_at_once_when_the_knock_surely_wins_the_game() -> None:
    # The opponent holds more than the knock card (he would have knocked): a knock with one
    # point scores at least ten, and seat 0 stands at 90 of 100.
    game = drawn_to("A♥")
    game.totals[0] = 90
    move = make_player("hard", 1).choose(game.private_view(0), game.legal_actions())
    assert move == Knock(0, one("K♥"))
    game.totals[0] = 89  # ten points short: it may still play on
    move = make_player("hard", 1).choose(game.private_view(0), game.legal_actions())
    assert move == Discard(0, one("K♥"))


def test_hard_knocks_with_little_stock_left() -> None:
    game = drawn_to("A♥")
    view = game.private_view(0)
    late = replace(view, public=replace(view.public, stock_count=players.HOLD_STOCK - 1))
    assert make_player("hard", 1).choose(late, game.legal_actions()) == Knock(0, one("K♥"))


@pytest.mark.parametrize(("thrown", "knocks"), [("2♣", True), ("K♣", False)])
def test_hard_knocks_with_three_when_the_opponent_throws_low_cards(
    thrown: str, knocks: bool
) -> None:
    # 3♥ drawn: three points once K♥ is gone. After the opponent threw 2♣ his loose cards
    # are low and he may soon knock with less than three: hard knocks. After K♣ he is far
    # from a knock: hard plays on for gin.
    game = drawn_to("3♥", thrown)
    move = make_player("hard", 1).choose(game.private_view(0), game.legal_actions())
    assert move == (Knock(0, one("K♥")) if knocks else Discard(0, one("K♥")))


def test_hard_playing_on_takes_only_an_upcard_that_lowers_its_deadwood() -> None:
    # Playing on with A♥ loose, hard is offered Q♦: it would let it knock (throwing Q♦
    # straight back), which it chose not to do, so it draws from the stock. 4♠ (after
    # A♠ 2♠ 3♠) would go gin: that one it takes.
    game = drawn_to("A♥")
    game.apply(Discard(0, one("K♥")))
    game.apply(DrawTalon(1))
    game.apply(Discard(1, one("Q♦")))
    view, player = game.private_view(0), make_player("hard", 1)
    assert player.choose(view, game.legal_actions()) == DrawTalon(0)
    assert player._wants(view, mask_of(view.hand), index(one("4♠")))
