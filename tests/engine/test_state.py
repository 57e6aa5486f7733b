"""A game's state is one typed value made of shared parts and the game's own dataclass; its
checkpoint data round-trips, and a change of the state's shape must raise the game's
``STATE_VERSION`` (else an old checkpoint would be read into the new shape)."""

from __future__ import annotations

import hashlib
import random
from dataclasses import is_dataclass
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.piles import PileGame
from engine.protocol import GameSpec
from engine.registry import all_specs
from engine.state import GameState, Piles, Session, TableState, shape_of, state_from_data
from engine.state import state_to_data as to_data

SPECS = all_specs()

# Each game's STATE_VERSION beside a digest of its state's shape (``shape_of``). When a test
# here fails, the state changed shape: raise the game's STATE_VERSION and pin the new digest.
PINNED = {
    "treppenromme": (1, "029509fb334b271c"),
    "romme": (1, "8913a42076d38c46"),
    "wiener": (1, "a6739400cf26009d"),
    "rum500": (1, "130a9ebcef5e871e"),
    "gin": (1, "68ce753006011be1"),
}


def _game(spec: GameSpec, seed: int = 1) -> PileGame[Any, Any, Any]:
    game = spec.new_game(None, ["Anna", "Ben"], seed)
    assert isinstance(game, PileGame)
    return game


def test_every_game_is_pinned() -> None:
    assert sorted(PINNED) == sorted(spec.key for spec in SPECS)


@pytest.mark.parametrize("spec", SPECS, ids=lambda s: s.key)
def test_a_change_of_the_state_shape_raises_the_state_version(spec: GameSpec) -> None:
    kind = type(_game(spec))
    digest = hashlib.sha256(shape_of(GameState[kind.OWN, kind.RESULT]).encode()).hexdigest()
    version, pinned = PINNED[spec.key]
    assert version == kind.STATE_VERSION, "pin the new STATE_VERSION beside its shape here"
    assert digest[:16] == pinned, (
        f"{spec.key}'s state changed shape: raise {kind.__name__}.STATE_VERSION and pin "
        f'({kind.STATE_VERSION + 1}, "{digest[:16]}") here'
    )


@pytest.mark.parametrize("spec", SPECS, ids=lambda s: s.key)
def test_a_game_is_its_shared_parts_and_one_dataclass_of_its_own(spec: GameSpec) -> None:
    game = _game(spec)
    state = game.state
    assert isinstance(state.table, TableState) and isinstance(state.piles, Piles)
    assert isinstance(state.session, Session) and is_dataclass(state.own)
    assert type(state.own) is type(game).OWN
    # What a game object holds: its seats and rules, its log, and the four parts.
    assert set(vars(game)) - {"legal_memo"} == {
        "ruleset",
        "names",
        "seed",
        "n",
        "deal",
        "actions",
        "events",
        "forgotten_actions",
        "table",
        "piles",
        "session",
        "own",
    }


def _played(spec: GameSpec, seed: int, moves: int) -> PileGame[Any, Any, Any]:
    game, rng = _game(spec, seed), random.Random(seed)
    for _ in range(moves):
        if game.is_over:
            break
        game.apply(rng.choice(list(game.legal_actions())))
    return game


@settings(max_examples=25, deadline=None)
@given(spec=st.sampled_from(SPECS), seed=st.integers(0, 10**6), moves=st.integers(0, 400))
def test_the_state_as_data_reads_back_to_the_same_data(
    spec: GameSpec, seed: int, moves: int
) -> None:
    game = _played(spec, seed, moves)
    kind = type(game)
    data = to_data(game.state, kind.OWN, kind.RESULT)
    back = state_from_data(data, kind.OWN, kind.RESULT)
    assert to_data(back, kind.OWN, kind.RESULT) == data
    assert back.version == game.version
    for part in ("table", "piles", "session", "own"):
        assert getattr(back, part) is not getattr(game.state, part)  # a copy, not the parts


def _engine_bases(kind: type) -> list[type]:
    """The engine's classes ``kind`` derives from, itself first (``object`` and typing aside)."""
    return [base for base in kind.__mro__ if base.__module__.startswith("engine.")]


@pytest.mark.parametrize("spec", SPECS, ids=lambda s: s.key)
def test_no_game_class_is_deeper_than_two_over_the_shared_base(spec: GameSpec) -> None:
    chain = _engine_bases(type(_game(spec)))
    assert [base.__name__ for base in chain[1:]] == ["PileGame", "TableGame"]
    assert all(not base.__module__.startswith("engine.games.") for base in chain[1:])


def test_the_depth_check_sees_a_class_between_a_game_and_its_base() -> None:
    middle = type("Checks", (PileGame,), {"__module__": "engine.games.x.checks"})
    deeper = type("Deeper", (middle,), {"__module__": "engine.games.x.game"})
    names = [base.__name__ for base in _engine_bases(deeper)]
    assert names == ["Deeper", "Checks", "PileGame", "TableGame"]
