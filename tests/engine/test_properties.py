"""Random legal play through whole sessions, checking the invariants after every action."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import FULL_PACK, Discard, Game, Phase, Ruleset
from engine.events import Discarded, LaidOff, Melded
from engine.games.treppe.events import RoundEnded, RoundStarted

PACK = sorted(FULL_PACK)


def credited(game: Game) -> list[int]:
    totals = [0] * game.n
    for event in game.events:
        if isinstance(event, Melded | LaidOff):
            totals[event.seat] += event.points
        elif isinstance(event, RoundEnded) and event.result.went_out is not None:
            totals[event.result.went_out] += event.result.bonus
    return totals


def play_session(seats: int, seed: int, target: int) -> Game:
    rng = random.Random(seed)
    game = Ruleset(target=target).new_game([f"P{i}" for i in range(seats)], seed)
    dealer = game.dealer
    while game.phase is not Phase.OVER:
        moves = game.legal_actions()
        assert moves, "a player to act always has a legal move"
        # Prefer ending the turn now and then so rounds do not all end by melding everything.
        action = rng.choice(moves)
        seat, round_number, version = game.to_act, game.round_number, len(game.actions)
        events = game.apply(action)
        assert len(game.actions) == version + 1
        assert sorted(game.card_locations()) == PACK, "every card in exactly one place"
        assert game.totals == credited(game), "scores equal what was credited"
        for seat_view in game.public_view().seats:
            hand = list(game.hands[seat_view.seat])
            for card in seat_view.known_cards:
                hand.remove(card)  # a publicly known card is really in that hand
        if game.phase is Phase.OVER:
            break
        if game.round_number != round_number:
            started = next(e for e in events if isinstance(e, RoundStarted))
            assert started.dealer == (dealer + 1) % seats, "the deal passes left"
            dealer = started.dealer
            assert game.to_act == dealer, "the dealer plays first"
        elif isinstance(action, Discard):
            assert any(isinstance(e, Discarded) for e in events)
            assert game.to_act == (seat + 1) % seats, "the turn passes left"
        else:
            assert game.to_act == seat
    assert game.winner is not None
    assert game.totals[game.winner] >= target
    assert sorted(game.totals).count(game.totals[game.winner]) == 1
    return game


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seats=st.integers(min_value=2, max_value=4), seed=st.integers(0, 2**32 - 1))
def test_random_sessions_keep_every_invariant(seats: int, seed: int) -> None:
    game = play_session(seats, seed, target=250)
    replayed = Game.from_json(game.to_json())
    assert replayed.public_view() == game.public_view()
    assert replayed.events == game.events


@settings(max_examples=25, deadline=None)
@given(seats=st.integers(min_value=2, max_value=4), seed=st.integers(0, 2**32 - 1))
def test_refused_actions_change_nothing(seats: int, seed: int) -> None:
    rng = random.Random(seed)
    game = Ruleset(target=100).new_game([f"P{i}" for i in range(seats)], seed)
    for _ in range(120):
        if game.phase is Phase.OVER:
            break
        legal = game.legal_actions()
        # Try an action for the wrong seat: always refused, state untouched.
        wrong = type(legal[0])(*((game.to_act + 1) % seats, *_fields(legal[0])[1:]))
        before = game.to_json()
        assert not game.can(wrong)
        assert game.to_json() == before
        game.apply(rng.choice(legal))


def _fields(action: object) -> tuple[object, ...]:
    return tuple(getattr(action, name) for name in action.__slots__)  # type: ignore[attr-defined]


def test_a_full_five_hundred_point_session_for_each_table_size() -> None:
    for seats in (2, 3, 4):
        game = play_session(seats, seed=seats * 101, target=500)
        assert len(game.results) >= 1
