"""Simulation tests for every registered game, with no per-game code (in the style of
OpenSpiel's ``test_game_sim``): seeded random games, under the default rules and under random
rules from each game's option schema, checking after every move that

* every card of the game is in exactly one place (hands, piles, table),
* it is the turn of exactly one seat, and no other seat may act,
* every legal action is accepted, and a refused action raises and changes nothing,
* ``load_game(to_json())`` replays to the same state,
* the standings agree with the views and the phase.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from typing import Any

import pytest

from engine.actions import (
    Action,
    BuyBack,
    CallRummy,
    Discard,
    DrawTalon,
    End,
    JokerSwap,
    Knock,
    LayOff,
    Meld,
    TakeBack,
    TakeDiscard,
    TakeStaircase,
)
from engine.errors import RulesError
from engine.protocol import GameRules, GameSpec, Phase, RummyGame
from engine.registry import all_specs, load_game

SPECS = all_specs()
GAMES_PER_SPEC = 4
MOVES_PER_GAME = 120
REPLAY_EVERY = 40
ODD_PER_MOVE = 4


def _state(game: RummyGame) -> tuple[Any, ...]:
    """What must not change when an action is refused: the stored game, what the table and
    the seat to act see, where every card lies, the events and the standings."""
    return (
        game.to_json(),
        game.public_view(),
        game.private_view(game.to_act),
        game.card_locations(),
        len(game.events),
        game.standings(),
    )


def _full_state(game: RummyGame) -> tuple[Any, ...]:
    return (*_state(game), tuple(game.private_view(s) for s in range(len(game.names))))


def _random_rules(spec: GameSpec, rng: random.Random) -> GameRules:
    values: dict[str, object] = {}
    for option in spec.options:
        if option.kind is bool:
            values[option.name] = rng.random() < 0.5
        elif rng.random() < 0.5 and option.minimum is not None:
            high = option.maximum if option.maximum is not None else option.minimum + 10
            default = option.default if isinstance(option.default, int) else high
            values[option.name] = rng.randint(option.minimum, max(option.minimum, default))
    return spec.make_ruleset(values)


def _new_game(spec: GameSpec, index: int) -> RummyGame:
    rng = random.Random(f"{spec.key}:{index}")
    for _ in range(50):
        seats = rng.randint(spec.min_seats, spec.max_seats)
        rules = spec.make_ruleset() if index % 2 == 0 else _random_rules(spec, rng)
        try:
            return spec.new_game(rules, [f"P{s}" for s in range(seats)], seed=index)
        except RulesError:
            continue  # e.g. hands that need more cards than the game has
    raise AssertionError(f"no playable random ruleset for {spec.key}")


def _odd_actions(game: RummyGame, rng: random.Random) -> list[Action]:
    """Actions of every kind for the seat to act, most of them not allowed now."""
    seat = game.to_act
    cards = game.card_locations()
    hand = list(game.private_view(seat).hand)
    card = rng.choice(hand) if hand else rng.choice(cards)
    some = tuple(rng.sample(hand, min(3, len(hand))))
    return [
        DrawTalon(seat),
        TakeStaircase(seat, rng.randint(-1, 8)),
        TakeDiscard(seat),
        TakeDiscard(seat, rng.randint(0, 4)),
        TakeBack(seat),
        Discard(seat, rng.choice(cards)),
        Meld(seat, some),
        LayOff(seat, card, rng.randint(-1, 3), rng.choice([None, End.LOW, End.HIGH])),
        JokerSwap(seat, card, rng.randint(0, 2), some),
        Knock(seat, card),
        CallRummy(seat, card),
        BuyBack(seat, rng.random() < 0.5),
    ]


def _check_refused(game: RummyGame, action: Action) -> None:
    before = _state(game)
    with pytest.raises(RulesError) as refused:
        game.verify(action)
    assert str(refused.value).strip(), f"{action} refused without a reason"
    with pytest.raises(RulesError):
        game.apply(action)
    assert _state(game) == before, f"refused {action} changed the game"


def _check_accepted(game: RummyGame, action: Action, pack: Counter[Any]) -> None:
    """An action the game allows applies cleanly (on a copy) and keeps every card."""
    copy = load_game(game.to_json())
    copy.apply(action)
    assert Counter(copy.card_locations()) == pack


def _check_turn(game: RummyGame, legal: list[Action], rng: random.Random) -> None:
    n = len(game.names)
    assert 0 <= game.to_act < n
    assert (game.phase is Phase.OVER) == game.is_over == (not legal)
    assert all(a.seat == game.to_act for a in legal)
    for action in rng.sample(legal, min(3, len(legal))):
        assert game.can(action), f"legal {action} refused"
        other = (game.to_act + rng.randint(1, n - 1)) % n
        _check_refused(game, dataclasses.replace(action, seat=other))


def _check_standings(game: RummyGame) -> None:
    standings = game.standings()
    view = game.public_view()
    assert standings.scores == tuple(s.score for s in view.seats)
    assert len(standings.in_play) == len(game.names)
    assert view.phase is game.phase and view.to_act == game.to_act
    numbers = [r.round_number for r in game.results]
    assert numbers == sorted(set(numbers)) and len(numbers) <= game.round_number
    assert all(len(r.totals) == len(game.names) for r in game.results)
    if game.is_over:
        assert standings.winners and view.winner in standings.winners
        assert set(standings.ranking()[: len(standings.winners)]) == set(standings.winners)
    else:
        assert standings.winners == () and view.winner is None


def _play(game: RummyGame, rng: random.Random) -> None:
    pack = Counter(game.card_locations())
    for move in range(MOVES_PER_GAME):
        assert Counter(game.card_locations()) == pack
        _check_standings(game)
        legal = list(game.legal_actions())
        _check_turn(game, legal, rng)
        if not legal:
            return
        for action in rng.sample(_odd_actions(game, rng), ODD_PER_MOVE):
            if game.can(action):
                _check_accepted(game, action, pack)
            else:
                _check_refused(game, action)
        if move % REPLAY_EVERY == 0:
            assert _full_state(load_game(game.to_json())) == _full_state(game)
        events = game.apply(rng.choice(legal))
        assert list(game.events[len(game.events) - len(events) :]) == list(events)
    assert _full_state(load_game(game.to_json())) == _full_state(game)


@pytest.mark.parametrize("index", range(GAMES_PER_SPEC))
@pytest.mark.parametrize("spec", SPECS, ids=[s.key for s in SPECS])
def test_random_games_keep_every_invariant(spec: GameSpec, index: int) -> None:
    game = _new_game(spec, index)
    _play(game, random.Random(index))
