"""Random legal play through whole Rommé sessions and Wiener Rummy rubbers with 2 to 6
seats, checking the invariants after every action."""

from __future__ import annotations

import random
from collections.abc import Sequence

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import Discard
from engine.actions import CallRummy, Knock, TakeBack
from engine.cards import Pack
from engine.events import GameEvent, RoundEnded, RoundStarted, SessionEnded
from engine.games.romme.events import RommeRoundResult
from engine.games.romme.game import RommeGame, RommeRuleset
from engine.games.wiener.events import BoughtBack, WienerRoundResult
from engine.games.wiener.game import WienerGame, WienerRuleset
from engine.protocol import Phase
from engine.registry import load_game

ROMME_PACK = sorted(Pack(2, 6).cards())
WIENER_PACK = sorted(Pack(2, 2).cards())


def romme_minus(game: RommeGame) -> list[int]:
    totals = [0] * game.n
    for event in game.events:
        if isinstance(event, RoundEnded):
            assert isinstance(event.result, RommeRoundResult)
            for seat, minus in enumerate(event.result.minus):
                totals[seat] += minus
    return totals


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seats=st.integers(2, 6),
    seed=st.integers(0, 2**32 - 1),
    options=st.tuples(st.booleans(), st.booleans(), st.booleans(), st.booleans()),
)
def test_random_romme_sessions(
    seats: int, seed: int, options: tuple[bool, bool, bool, bool]
) -> None:
    fourteen, only_to_meld, strict, double = options
    rules = RommeRuleset(
        dealer_gets_14=fourteen,
        discard_only_to_meld=only_to_meld,
        strict_swap=strict,
        hand_romme_double=double,
        rounds=2,
    )
    rng = random.Random(seed)
    game = rules.new_game([f"P{i}" for i in range(seats)], seed)
    dealer = game.dealer
    while game.phase is not Phase.OVER:
        moves = game.legal_actions()
        assert moves, "a player to act always has a legal move"
        plays = [m for m in moves if not isinstance(m, Discard | TakeBack)]
        action = rng.choice(plays) if plays and rng.random() < 0.8 else rng.choice(moves)
        seat, round_number = game.to_act, game.round_number
        events = game.apply(action)
        assert sorted(game.card_locations()) == ROMME_PACK, "110 cards, each in one place"
        assert game.totals == romme_minus(game), "minus points equal what was scored"
        if game.phase is Phase.OVER:
            break
        if game.round_number != round_number:
            started = next(e for e in events if isinstance(e, RoundStarted))
            assert started.dealer == (dealer + 1) % seats, "the deal passes left"
            dealer = started.dealer
            assert game.to_act == dealer, "the dealer plays first"
        elif isinstance(action, Discard):
            assert game.to_act == (seat + 1) % seats, "the turn passes left"
        else:
            assert game.to_act == seat
    ended = game.events[-1]
    assert isinstance(ended, SessionEnded)
    assert game.totals[ended.winner] == min(game.totals)
    assert game.totals.count(min(game.totals)) == 1
    replayed = load_game(game.to_json())
    assert replayed.public_view() == game.public_view()
    assert replayed.events == game.events


def wiener_books(
    game: WienerGame, events: Sequence[GameEvent], bad: list[int], chips: list[int]
) -> None:
    """Bad points and chips kept from the events alone: `bad` and `chips` (starting at zero and
    minus the stake) take in `events`, the ones not yet counted."""
    for event in events:
        if isinstance(event, RoundEnded):
            result = event.result
            assert isinstance(result, WienerRoundResult)
            for seat, points in enumerate(result.bad_points):
                bad[seat] += points
            if result.closer is not None:
                others = [
                    s for s, h in enumerate(result.hands) if h is not None and s != result.closer
                ]
                for seat in others:
                    chips[seat] -= game.ruleset.knock_money
                chips[result.closer] += game.ruleset.knock_money * len(others)
        elif isinstance(event, BoughtBack):
            bad[event.seat] = event.after
            chips[event.seat] -= event.chips
        elif isinstance(event, SessionEnded):
            chips[event.winner] += event.pot


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seats=st.integers(2, 6), seed=st.integers(0, 2**32 - 1))
def test_random_wiener_rubbers(seats: int, seed: int) -> None:
    rules = WienerRuleset(out_at=45, buy_back_from=30, max_rebuilds=1)
    rng = random.Random(seed)
    game = rules.new_game([f"P{i}" for i in range(seats)], seed)
    bad, chips = [0] * seats, [-rules.stake] * seats
    counted = 0  # events already in the books
    while game.phase is not Phase.OVER:
        moves = game.legal_actions()
        assert moves, "a player to act always has a legal move"
        closes = [m for m in moves if isinstance(m, Knock | CallRummy)]
        action = rng.choice(closes) if closes and rng.random() < 0.8 else rng.choice(moves)
        seat, round_number, knocker = game.to_act, game.round_number, game.own.knocker
        events = game.apply(action)
        assert sorted(game.card_locations()) == WIENER_PACK, "106 cards, each in one place"
        assert sum(game.own.chips) + game.own.pot == 0, "chips are only moved, never made"
        wiener_books(game, game.events[counted:], bad, chips)
        counted = len(game.events)
        assert game.totals == bad and game.own.chips == chips
        if game.phase is Phase.OVER:
            break
        if game.phase is Phase.BUY_BACK or game.round_number != round_number:
            if game.round_number != round_number:
                started = next(e for e in events if isinstance(e, RoundStarted))
                assert game.active[started.dealer]
                assert game.to_act == game._next_seat(started.dealer), "forehand starts"
            continue
        if isinstance(action, Discard) and knocker is None:
            assert game.to_act == game._next_seat(seat), "the turn passes left"
        if isinstance(action, Knock):
            assert game.to_act == game._next_seat(seat)
    assert game.winner is not None and game.active[game.winner]
    assert sum(game.active) == 1
    replayed = load_game(game.to_json())
    assert replayed.public_view() == game.public_view()
    assert replayed.events == game.events
