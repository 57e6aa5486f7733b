"""``apply`` is all or nothing in every game: a move that raises partway (a failure injected
into its event recording or into the shuffle that deals the next round, after the move has
changed the table) propagates its exception and leaves the game exactly as it was: its log,
its events, every view and its legal moves. The same move then applies as if nothing had
happened. Games that forgot their history are put back from their checkpoint."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from functools import partial
from typing import Any

import pytest

import engine.table as table
from engine.actions import Action, DrawTalon
from engine.events import GameEvent, RoundEnded
from engine.protocol import GameSpec, RummyGame
from engine.registry import all_specs, load_game

SPECS = all_specs()


class Injected(RuntimeError):
    """The failure a test puts into a move."""


class FailingEvents(list[GameEvent]):
    """A game's event list whose ``fail_at``-th append from now raises ``Injected``, after
    taking a look at the game (``seen``): by then the move has changed it."""

    def __init__(self, game: RummyGame, fail_at: int) -> None:
        super().__init__(game.events)
        self.game, self.left, self.seen = game, fail_at, None

    def append(self, event: GameEvent) -> None:
        self.left -= 1
        if self.left == 0:
            self.seen = _hands_and_piles(self.game)
            raise Injected(f"injected before {type(event).__name__}")
        super().append(event)


def _hands_and_piles(game: RummyGame) -> Any:
    """Where the cards lie: every hand, the table (piles, melds) and the version."""
    hands = tuple(game.private_view(seat).hand for seat in range(len(game.names)))
    return hands, game.public_view(), game.card_locations()


def _seen(game: RummyGame) -> tuple[Any, ...]:
    """Everything a host reads of a game (to_json aside: a forgetting game refuses it)."""
    return (
        game.public_view(),
        *(game.private_view(seat) for seat in range(len(game.names))),
        tuple(game.legal_actions()),
        game.standings(),
        game.version,
        tuple(game.actions),
        tuple(game.events),
        tuple(game.results),
    )


def _moves(spec: GameSpec, game: RummyGame, seed: int, limit: int) -> Iterator[Action]:
    """Normal computer players' moves for every seat, until the session ends or ``limit``."""
    player = spec.make_player("normal", seed)
    for _ in range(limit):
        if game.is_over:
            return
        yield player.choose(game.private_view(game.to_act), game.legal_actions())


def _check_undone(game: RummyGame, action: Action, arm: Callable[[], None]) -> None:
    """Apply ``action`` with a failure ``arm``ed, check that nothing changed, then apply it."""
    before, text = _seen(game), game.to_json()
    probe = load_game(text)  # the same game, to learn what the move does when it succeeds
    probe.apply(action)
    arm()
    with pytest.raises(Injected):
        game.apply(action)
    assert type(game.events) is list, "the game's own state is back"
    assert game.to_json() == text
    assert _seen(game) == before
    game.apply(action)
    assert game.to_json() == probe.to_json()
    assert _seen(game) == _seen(probe)


@pytest.mark.parametrize("spec", SPECS, ids=[s.key for s in SPECS])
def test_a_move_failing_partway_changes_nothing(spec: GameSpec) -> None:
    game = spec.new_game(None, ["Anna", "Ben"], 7)
    changed = injected = 0
    for step, action in enumerate(_moves(spec, game, 7, 240)):
        if step % 3:  # every third move: the first event, or the last of the move's events
            game.apply(action)
            continue
        probe = load_game(game.to_json())
        count = len(probe.apply(action))
        failing = FailingEvents(game, 1 if step % 2 else count)
        before = _hands_and_piles(game)
        _check_undone(game, action, partial(setattr, game, "events", failing))
        injected += 1
        changed += failing.seen != before
    assert injected >= 30
    assert changed == injected, "every failure came after the move had changed the table"


class FailingShuffle:
    """``random.Random.shuffle`` raising once, at its first call once armed."""

    def __init__(self) -> None:
        self.original = random.Random.shuffle
        self.armed = False
        self.fired = 0

    def __call__(self, rng: random.Random, items: list[Any]) -> None:
        if self.armed:
            self.armed = False
            self.fired += 1
            raise Injected("injected into the next deal's shuffle")
        self.original(rng, items)


@pytest.mark.parametrize("spec", SPECS, ids=[s.key for s in SPECS])
def test_a_round_end_failing_in_the_next_deal_changes_nothing(
    spec: GameSpec, monkeypatch: pytest.MonkeyPatch
) -> None:
    shuffle = FailingShuffle()
    monkeypatch.setattr(random.Random, "shuffle", lambda rng, items: shuffle(rng, items))
    game = spec.new_game(None, ["Anna", "Ben", "Clara"][: spec.max_seats], 3)
    for action in _moves(spec, game, 3, 1500):
        events = load_game(game.to_json()).apply(action)
        ends = any(isinstance(e, RoundEnded) for e in events)
        if ends and not any(e.__class__.__name__ == "SessionEnded" for e in events):
            # the round is scored, then the next deal shuffles: that shuffle fails
            _check_undone(game, action, partial(setattr, shuffle, "armed", True))
            if shuffle.fired >= 2:
                return
        else:
            game.apply(action)
    pytest.fail(f"{spec.key}: only {shuffle.fired} rounds ended")


def _forgetting(spec: GameSpec, how: str) -> RummyGame:
    """A game in its second round that forgot the first (``how``: the game itself, or one
    read back from its checkpoint)."""
    game = spec.new_game(None, ["Anna", "Ben"], 5)
    for action in _moves(spec, game, 5, 1500):
        game.apply(action)
        if game.round_number > 1:
            break
    assert game.round_number > 1
    game.forget_history()
    if how == "loaded":
        loaded = table.from_checkpoint(game.checkpoint(), [])
        assert loaded is not None
        game = loaded
    return game


@pytest.mark.parametrize("how", ["forgot", "loaded"])
@pytest.mark.parametrize("spec", SPECS, ids=[s.key for s in SPECS])
def test_a_game_without_its_early_log_is_put_back_from_its_checkpoint(
    spec: GameSpec, how: str
) -> None:
    game = _forgetting(spec, how)
    player = spec.make_player("normal", 5)
    for step in range(12):
        action = player.choose(game.private_view(game.to_act), game.legal_actions())
        twin = table.from_checkpoint(game.checkpoint(), [])
        assert twin is not None
        before = _seen(game)
        game.events = FailingEvents(game, 1)  # type: ignore[misc]
        with pytest.raises(Injected):
            game.apply(action)
        assert _seen(game) == before, f"step {step}"
        game.apply(action)
        twin.apply(action)
        # A checkpoint keeps the state, not the log since it: the twin's log starts there.
        assert _seen(game)[:-3] == _seen(twin)[:-3]
        assert game.results == twin.results and twin.actions == [action]


def test_a_game_that_cannot_be_rebuilt_says_so_on_the_error() -> None:
    spec = SPECS[0]
    game = _forgetting(spec, "forgot")
    del table._BASES[game]  # type: ignore[arg-type]  # neither log nor checkpoint left
    action = game.legal_actions()[0]
    game.events = FailingEvents(game, 1)  # type: ignore[misc]
    with pytest.raises(Injected) as raised:
        game.apply(action)
    assert "could not be put back" in " ".join(getattr(raised.value, "__notes__", []))


def test_a_refused_move_changes_nothing_and_keeps_no_checkpoint_for_a_new_game() -> None:
    game = SPECS[0].new_game(None, ["Anna", "Ben"], 1)
    assert game not in table._BASES  # a game that remembers its deal replays its log
    before, text = _seen(game), game.to_json()
    with pytest.raises(ValueError):
        game.apply(DrawTalon((game.to_act + 1) % 2))
    assert (_seen(game), game.to_json()) == (before, text)
