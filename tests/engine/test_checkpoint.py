"""Bounded history for every game: ``forget_history`` keeps only what the current round needs,
``checkpoint``/``from_checkpoint`` restore a game from its last round boundary plus the actions
after it, and a game that forgets plays exactly like one that does not."""

from __future__ import annotations

import json
import pickle
import random
import zlib
from pathlib import Path
from typing import Any

import pytest

import engine.table as table
from engine.actions import Action
from engine.protocol import GameSpec, RummyGame
from engine.registry import all_specs, load_game

SPECS = all_specs()


def _seen(game: RummyGame) -> tuple[Any, ...]:
    """Everything a player or the standings can see of a game."""
    return (
        game.public_view(),
        *(game.private_view(seat) for seat in range(len(game.names))),
        game.standings(),
        game.round_number,
        game.version,
    )


def _chooser(spec: GameSpec, seed: int) -> Any:
    """Normal computer players for every seat: random moves rarely finish a round."""
    player = spec.make_player("normal", seed)
    return lambda game: player.choose(game.private_view(game.to_act), game.legal_actions())


def _play_long(spec: GameSpec, seed: int) -> tuple[RummyGame, RummyGame, list[Action], int]:
    """Two copies of a seeded session, one forgetting at every round boundary:
    (remembering game, forgetting game, every action, rounds finished)."""
    choose = _chooser(spec, seed)
    names = ["Anna", "Ben", "Clara"][: min(3, spec.max_seats)]
    whole = spec.new_game(None, names, seed)
    bounded = spec.new_game(None, names, seed)
    actions: list[Action] = []
    boundaries = 0
    for _ in range(1500):
        if whole.is_over:
            break
        action = choose(whole)
        actions.append(action)
        before = len(whole.results)
        whole.apply(action)
        bounded.apply(action)
        if len(whole.results) > before:
            boundaries += 1
            bounded.forget_history()
        assert _seen(bounded) == _seen(whole)
    return whole, bounded, actions, boundaries


@pytest.mark.parametrize("spec", SPECS, ids=[s.key for s in SPECS])
def test_a_forgetting_game_plays_like_a_remembering_one(spec: GameSpec) -> None:
    whole, bounded, actions, boundaries = _play_long(spec, seed=11)
    assert boundaries >= 2, "the session spans several rounds"
    assert bounded.version == len(actions) == whole.version
    assert bounded.rounds_finished == len(whole.results)  # type: ignore[attr-defined]
    # Only the current round stays: no earlier round's actions, at most one past result.
    assert len(bounded.actions) < len(actions)  # type: ignore[attr-defined]
    assert len(bounded.results) <= 1
    assert len(bounded.events) < len(whole.events)


@pytest.mark.parametrize("spec", SPECS, ids=[s.key for s in SPECS])
def test_a_checkpoint_plus_the_round_replays_to_the_same_state(spec: GameSpec) -> None:
    choose = _chooser(spec, 5)
    game = spec.new_game(None, ["Anna", "Ben"], 5)
    saved, since = game.checkpoint(), 0  # the deal is the first checkpoint
    actions: list[Action] = []
    restored = 0
    for step in range(700):
        if game.is_over:
            break
        action = choose(game)
        before = game.round_number
        game.apply(action)
        actions.append(action)
        if game.round_number != before:  # a new round: checkpoint and forget, as a host does
            game.forget_history()
            saved, since = game.checkpoint(), len(actions)
        if step % 25 == 0:
            back = table.from_checkpoint(saved, actions[since:])
            assert back is not None
            assert _seen(back) == _seen(game)
            restored += 1
    whole = load_game(game.spec.load(_log(game, actions)).to_json())
    assert _seen(whole) == _seen(game), "the whole log still replays to the same state"
    assert restored > 3
    assert game.round_number >= 2, "the checkpoints crossed a round boundary"


def _log(game: RummyGame, actions: list[Action]) -> str:
    fresh = game.spec.new_game(game.ruleset, list(game.names), game.seed)
    for action in actions:
        fresh.apply(action)
    return fresh.to_json()


def test_to_json_refuses_once_the_log_is_forgotten() -> None:
    spec = SPECS[0]
    game = spec.new_game(None, ["Anna", "Ben"], 1)
    game.apply(game.legal_actions()[0])
    game.forget_history()
    with pytest.raises(ValueError, match="forgot"):
        game.to_json()


def _parts(saved: bytes) -> list[Any]:
    """A checkpoint's data: [format, game key, state version, header, state]."""
    parts = json.loads(zlib.decompress(saved))
    assert isinstance(parts, list)
    return parts


def _packed(parts: list[Any]) -> bytes:
    return zlib.compress(json.dumps(parts).encode())


def test_a_checkpoint_of_another_state_version_or_garbage_is_not_trusted(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = SPECS[0].new_game(None, ["Anna", "Ben"], 1)
    saved = game.checkpoint()
    assert table.from_checkpoint(saved, []) is not None
    assert table.from_checkpoint(b"not a checkpoint", []) is None
    monkeypatch.setattr(type(game), "STATE_VERSION", type(game).STATE_VERSION + 1)
    assert table.from_checkpoint(saved, []) is None, "its game's state changed shape since"


def test_a_checkpoint_from_before_the_typed_state_is_refused() -> None:
    """Format 3 held the game's fields by reflection, with the engine's fingerprint: a host
    that finds one replays the action log instead."""
    old = {"format": 3, "engine": "0123456789abcdef", "game": {"o": ["engine.x:Game", {}]}}
    assert table.from_checkpoint(zlib.compress(json.dumps(old).encode()), []) is None


class _Touch:
    """Unpickled, it creates a file: what a pickle read back from a database could run."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return (Path.touch, (self.path,))


@pytest.mark.parametrize("spec", SPECS, ids=lambda s: s.key)
def test_a_checkpoint_is_plain_json_data_compressed_naming_no_class(spec: GameSpec) -> None:
    game = spec.new_game(None, ["Anna", "Ben"], 1)
    saved = game.checkpoint()
    form, key, version, header, state = _parts(saved)
    assert (form, key, version) == (table.CHECKPOINT_FORMAT, spec.key, 1)
    assert header == {k: v for k, v in json.loads(game.to_json()).items() if k != "actions"}
    assert "engine." not in json.dumps(state) and ":" not in json.dumps(state).replace(": ", "")
    assert len(saved) < len(json.dumps(_parts(saved), separators=(",", ":")))


def test_a_pickle_in_place_of_a_checkpoint_runs_nothing(tmp_path: Path) -> None:
    proof, marker = tmp_path / "pickle-runs", tmp_path / "ran"
    pickle.loads(pickle.dumps(_Touch(proof)))  # the payload is live: unpickled, it runs
    assert proof.exists()
    game = SPECS[0].new_game(None, ["Anna", "Ben"], 1)
    for payload in (pickle.dumps(_Touch(marker)), pickle.dumps((2, "x", _Touch(marker)))):
        assert table.from_checkpoint(payload, []) is None
    assert table.from_checkpoint(game.checkpoint(), []) is not None
    assert not marker.exists(), "reading a checkpoint ran code"


def _broken(parts: list[Any], how: str) -> list[Any]:
    state = parts[4]  # [table, piles, session, own, version]
    if how == "field cut":
        state[0] = state[0][:-1]
    elif how == "a card that is none":
        state[0][0][0][0] = "Z9"
    elif how == "text for a number":
        state[0][3] = "3"
    elif how == "no such phase":
        state[0][5] = "no such phase"
    elif how == "a field too many":
        state[1].append(1)
    elif how == "another game":
        parts[1] = "no-such-game"
    elif how == "state of a list":
        parts[4] = [1, 2, 3]
    return parts


@pytest.mark.parametrize(
    "how",
    [
        "field cut",
        "a card that is none",
        "text for a number",
        "no such phase",
        "a field too many",
        "another game",
        "state of a list",
    ],
)
def test_a_checkpoint_of_another_shape_is_refused(how: str) -> None:
    game = SPECS[0].new_game(None, ["Anna", "Ben"], 1)
    parts = _parts(game.checkpoint())
    assert table.from_checkpoint(_packed(parts), []) is not None
    assert table.from_checkpoint(_packed(_broken(parts, how)), []) is None


def test_a_checkpoint_of_another_format_or_cut_short_is_refused() -> None:
    game = SPECS[0].new_game(None, ["Anna", "Ben"], 1)
    saved = game.checkpoint()
    parts = _parts(saved)
    assert table.from_checkpoint(_packed([2, *parts[1:]]), []) is None
    assert table.from_checkpoint(json.dumps(parts).encode(), []) is None  # not compressed
    assert table.from_checkpoint(saved[: len(saved) // 2], []) is None


@pytest.mark.parametrize("spec", SPECS, ids=lambda s: s.key)
def test_a_game_is_replayed_from_its_start_after_it_forgot_its_first_round(spec: GameSpec) -> None:
    """A host without a checkpoint in the first round (the bot) rewinds a failed save of the
    round's last move by replaying from the start, though that move let the round go."""
    game = spec.new_game(None, ["Anna", "Ben"], 5)
    log: list[Action] = []
    rng = random.Random(5)
    while game.round_number == 1 and not game.is_over:
        action = rng.choice(game.legal_actions())
        game.apply(action)
        log.append(action)
    saved = game.forget_history()
    assert game.replayed(log).forget_history() == saved
