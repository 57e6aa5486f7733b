"""Computer players: legal moves only, reproducible, and blind to everything but the view."""

from __future__ import annotations

import pickle

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import Discard, DrawTalon, Game, Meld, Phase, PrivateView, Ruleset, TakeStaircase
from engine.cards import parse_cards
from engine.games.treppe.ai import STRENGTHS, make_player, safe_timeout_action
from engine.games.treppe.ai.planner import Context, Weights, plan_turn
from engine.games.treppe.melds import possible_melds
from tests.engine.conftest import build_game


def _play(game: Game, strengths: list[str], seed: int, max_actions: int) -> int:
    players = [make_player(s, seed + i) for i, s in enumerate(strengths)]
    done = 0
    while game.phase is not Phase.OVER and done < max_actions:
        seat = game.to_act
        legal = game.legal_actions()
        view = game.private_view(seat)
        action = players[seat].choose(view, legal)
        assert action in legal, (strengths[seat], action)
        assert game.can(action)
        game.apply(action)
        done += 1
    return done


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(min_value=0, max_value=2**31 - 1),
    strengths=st.lists(st.sampled_from(["random", "normal"]), min_size=2, max_size=4),
)
def test_random_and_normal_choose_only_legal_moves(seed: int, strengths: list[str]) -> None:
    game = Ruleset(target=150).new_game([f"p{i}" for i in range(len(strengths))], seed)
    _play(game, strengths, seed, max_actions=400)


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**31 - 1), seats=st.integers(2, 4))
def test_hard_chooses_only_legal_moves(seed: int, seats: int) -> None:
    strengths = ["hard"] + ["normal"] * (seats - 1)
    game = Ruleset(target=100).new_game([f"p{i}" for i in range(seats)], seed)
    _play(game, strengths, seed, max_actions=120)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**31 - 1))
def test_timeout_action_is_legal_and_keeps_melds(seed: int) -> None:
    game = Ruleset().new_game(["a", "b"], seed)
    for _ in range(30):
        if game.phase is Phase.OVER:
            break
        seat = game.to_act
        view = game.private_view(seat)
        legal = game.legal_actions()
        action = safe_timeout_action(view, legal)
        assert action in legal
        if game.phase is Phase.DRAW:
            assert isinstance(action, DrawTalon if view.public.talon_count else TakeStaircase)
        else:
            assert isinstance(action, Discard)
            in_melds = {c for m in possible_melds(view.hand) for c in m}
            if set(view.hand) - in_melds - {view.locked_discard}:
                assert action.card not in in_melds
        game.apply(action)


def test_timeout_discard_breaks_no_meld() -> None:
    hand = tuple(parse_cards("5♥ 6♥ 7♥ K♠ K♦ K♣ 2♣ 9♦"))
    game = Ruleset().new_game(["a", "b"], 1)
    view = game.private_view(game.to_act)
    fake = PrivateView(view.seat, hand, view.public, None)
    legal = [Discard(view.seat, c) for c in hand] + [Meld(view.seat, hand[:3])]
    action = safe_timeout_action(fake, legal)
    assert isinstance(action, Discard)
    assert action.card in parse_cards("2♣ 9♦")


def test_timeout_takes_top_staircase_card_without_talon() -> None:
    game = Ruleset().new_game(["a", "b"], 3)
    view = game.private_view(game.to_act)
    legal = [TakeStaircase(view.seat, 0)]
    assert safe_timeout_action(view, legal) == TakeStaircase(view.seat, 0)


@pytest.mark.parametrize("strength", STRENGTHS)
def test_players_decide_from_the_view_alone(strength: str) -> None:
    """A player gets a detached copy of the view (no Game anywhere) and decides the same."""
    game = Ruleset().new_game(["a", "b", "c"], 11)
    player = make_player(strength, 5)
    for _ in range(40):
        seat = game.to_act
        view = game.private_view(seat)
        legal = game.legal_actions()
        assert isinstance(view, PrivateView)
        copy_view: PrivateView = pickle.loads(pickle.dumps(view))
        copy_legal = pickle.loads(pickle.dumps(legal))
        action = player.choose(view, legal)
        assert make_player(strength, 5).choose(copy_view, copy_legal) == action
        game.apply(action)


def test_view_shows_only_own_hand() -> None:
    game = Ruleset().new_game(["a", "b"], 2)
    view = game.private_view(0)
    assert view.hand == tuple(game.hands[0])
    text = repr(view)
    assert all(repr(c) not in text for c in game.hands[1] if c not in view.public.staircase)


def test_make_player_rejects_unknown_strength() -> None:
    with pytest.raises(ValueError, match="unknown strength"):
        make_player("godlike", 1)


def test_choose_without_moves_is_an_error() -> None:
    game = Ruleset().new_game(["a", "b"], 2)
    for strength in STRENGTHS:
        with pytest.raises(ValueError):
            make_player(strength, 1).choose(game.private_view(0), [])


@pytest.mark.parametrize("strength", STRENGTHS)
def test_no_player_tries_to_throw_back_the_lone_taken_card(strength: str) -> None:
    """Everything but the lone staircase card melds: going out would need to discard it,
    which ``no_return`` forbids; every player still finds legal moves through the turn."""
    game = build_game(["2♥ 3♥ 4♥ 9♣ 9♦ 9♠ 5♥", "A♠ A♦ 5♣ 7♣ J♦ Q♦ 8♥"], staircase="5♦ 6♦")
    game.apply(TakeStaircase(0, 1))
    player = make_player(strength, 3)
    while game.to_act == 0 and game.phase is Phase.PLAY:
        legal = game.legal_actions()
        action = player.choose(game.private_view(0), legal)
        assert action in legal, action
        game.apply(action)
    assert game.to_act == 1 and not game.results
    assert game.discard[-1] != parse_cards("6♦")[0]


def test_planner_makes_no_going_out_plan_on_the_locked_card() -> None:
    game = build_game(["2♥ 3♥ 4♥ 9♣ 9♦ 9♠ 5♥", "A♠ A♦ 5♣ 7♣ J♦ Q♦ 8♥"], staircase="5♦ 6♦")
    game.apply(TakeStaircase(0, 1))
    view = game.private_view(0)
    plans = plan_turn(view.hand, Context.of_view(view, Weights()), keep_plans=0)
    assert plans and not any(p.out for p in plans)
    assert all(p.discard != view.locked_discard for p in plans)
