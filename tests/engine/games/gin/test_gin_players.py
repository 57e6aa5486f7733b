"""The Gin Rummy computer players: legal and repeatable moves, the knocks and gins they must not
let go, and the safe move for a player whose time ran out."""

from __future__ import annotations

import pytest

from engine.actions import Discard, DrawTalon, Knock, Pass, TakeDiscard
from engine.games.gin import SPEC
from engine.games.gin.game import GinRuleset
from engine.games.gin.players import make_player, timeout_action
from engine.players import STRENGTHS
from tests.engine.games.gin.test_gin_rules import DEFENDER, KNOCKER, gin, one

OPPONENT = "K♣ Q♦ 2♦ 3♦ 4♥ 5♥ 10♠ 9♠ 7♣ 2♣"


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
def test_a_knock_or_a_gin_is_never_let_go(strength: str) -> None:
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


@pytest.mark.parametrize(("taken", "safe"), [("9♥", "8♦"), ("9♦", "8♥")])
def test_hard_does_not_feed_a_meld_the_opponent_showed(taken: str, safe: str) -> None:
    # Seat 1 took the first upcard; seat 0 then holds two loose eights alike in all but
    # suit: hard throws the one that cannot go next to the card seat 1 took.
    game = gin("A♠ 2♠ 3♠ 4♣ 5♣ 6♣ J♠ J♣ J♦ 8♥", OPPONENT, taken, "8♦", knock_card=5)
    game.apply(Pass(0))
    game.apply(TakeDiscard(1))
    game.apply(Discard(1, one("K♣")))
    game.apply(DrawTalon(0))
    move = make_player("hard", 1).choose(game.private_view(0), game.legal_actions())
    assert move == Discard(0, one(safe))
