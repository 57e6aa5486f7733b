"""Properties of whole Gin Rummy matches played by random, normal and hard players under random
options: every card in exactly one place, the turn order, and match totals that are exactly
the points credited by the hands (plus the bonuses at the end)."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.actions import Discard, DrawTalon, Knock, Pass, TakeDiscard
from engine.cards import FULL_PACK
from engine.events import Discarded, RoundStarted
from engine.games.gin import SPEC
from engine.games.gin.game import GinGame, GinRuleset
from engine.games.gin.players import make_player
from engine.protocol import Phase

RULES = st.builds(
    GinRuleset,
    target=st.integers(1, 60),
    box_bonus=st.integers(0, 30),
    game_bonus=st.integers(0, 100),
    shutout_doubles=st.booleans(),
    knock_card=st.integers(3, 10),
    oklahoma=st.booleans(),
)
# Two random players rarely knock at all: at least one seat plays to win.
STRENGTHS = st.sampled_from(
    [("normal", "random"), ("random", "hard"), ("normal", "normal"), ("hard", "normal")]
)


def _check_turn_order(game: GinGame, before: tuple[int, Phase, int], action: object) -> None:
    """A hand starts with the non-dealer; a discard passes the turn; a draw keeps it."""
    seat, phase, round_number = before
    if game.round_number != round_number or game.is_over:
        return
    if isinstance(action, Discard):
        assert game.to_act == 1 - seat and game.phase is Phase.DRAW
    elif isinstance(action, DrawTalon | TakeDiscard):
        assert game.to_act == seat and game.phase is Phase.PLAY and phase is Phase.DRAW
    elif isinstance(action, Pass):
        assert game.to_act == 1 - seat


@settings(max_examples=30, deadline=None)
@given(rules=RULES, seed=st.integers(0, 10**6), strengths=STRENGTHS)
def test_matches_keep_cards_turns_and_scores(
    rules: GinRuleset, seed: int, strengths: tuple[str, str]
) -> None:
    game = rules.new_game(["Anna", "Ben"], seed)
    players = [make_player(strengths[s], seed + s) for s in (0, 1)]
    for _ in range(3000):
        if game.is_over:
            break
        assert Counter(game.card_locations()) == Counter(FULL_PACK)
        assert sum(len(h) for h in game.hands) in (20, 21)
        legal = game.legal_actions()
        assert legal and all(a.seat == game.to_act for a in legal)
        action = players[game.to_act].choose(game.private_view(game.to_act), legal)
        before = (game.to_act, game.phase, game.round_number)
        game.apply(action)
        _check_turn_order(game, before, action)
    assert game.is_over, "a match ends"
    _check_scores(game)
    assert SPEC.load(game.to_json()).standings() == game.standings()


def _check_scores(game: GinGame) -> None:
    won = [sum(r.points[s] for r in game.results) for s in (0, 1)]
    hands_won = [sum(r.points[s] > 0 for r in game.results) for s in (0, 1)]
    match, rules = game.own.match, game.ruleset
    assert match is not None and match.hand_points == tuple(won)
    assert match.hands_won == tuple(hands_won)
    winner = match.winner
    assert won[winner] >= rules.target > won[1 - winner]
    shutout = rules.shutout_doubles and hands_won[1 - winner] == 0
    bonus = (won[winner] + rules.game_bonus) * (2 if shutout else 1) - won[winner]
    expected = [won[s] + rules.box_bonus * hands_won[s] for s in (0, 1)]
    expected[winner] += bonus
    assert game.totals == expected and game.standings().scores == tuple(expected)
    for result in game.results:
        assert sum(p > 0 for p in result.points) <= 1
        assert (result.closer is None) == (result.void is not None)
        if result.void:
            assert result.points == (0, 0)


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_each_hand_opens_with_the_non_dealer_and_its_knocks_are_scored(seed: int) -> None:
    game = GinRuleset(target=60).new_game(["Anna", "Ben"], seed)
    player = make_player("normal", seed)
    while not game.is_over:
        game.apply(player.choose(game.private_view(game.to_act), game.legal_actions()))
    deals = [e for e in game.events if isinstance(e, RoundStarted)]
    assert len(deals) == game.round_number
    assert all(d.first == 1 - d.dealer for d in deals)
    knocks = [a for a in game.actions if isinstance(a, Knock)]
    assert len(knocks) == sum(r.closer is not None for r in game.results)
    assert sum(isinstance(e, Discarded) for e in game.events) >= len(game.results) - 1


def test_the_spec_round_trips_its_ruleset() -> None:
    rules = SPEC.make_ruleset({"target": 150, "oklahoma": True})
    assert isinstance(rules, GinRuleset) and rules.target == 150 and rules.oklahoma
    assert GinRuleset.from_json(rules.to_json()) == rules
