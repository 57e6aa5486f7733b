"""Computer moves are made in a worker process by default: the same moves as in the bot's own
process, the player's memory kept from move to move, a thread when the worker fails, and a
table whose computer seat plays through the real discord.py stack."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from bot_harness import Table, custom_id_of, make_settings
from simcord import Env

from bot.core import thinking, turns
from bot.settings import Settings
from engine.actions import Action
from engine.protocol import BasePrivateView
from engine.registry import game_keys, get_spec


@pytest.fixture
def threads_afterwards() -> Iterator[None]:
    yield
    thinking.configure(0)


def positions(key: str, count: int, seed: int) -> list[tuple[BasePrivateView, list[Action]]]:
    """The first ``count`` positions of a game two normal players play."""
    spec = get_spec(key)
    game = spec.new_game(None, ["Anna", "Ben"], seed)
    players = [spec.make_player("normal", seed + seat) for seat in range(2)]
    seen = []
    while len(seen) < count and not game.is_over:
        seat = game.to_act
        view, legal = game.private_view(seat), list(game.legal_actions())
        seen.append((view, legal))
        game.apply(players[seat].choose(view, legal))
    return seen


@pytest.mark.parametrize("key", game_keys())
async def test_a_worker_process_makes_the_same_moves(key: str, threads_afterwards: None) -> None:
    thinking.configure(1)
    spec = get_spec(key)
    here, there = spec.make_player("hard", 11), spec.make_player("hard", 11)
    moves = 0
    for view, legal in positions(key, 12, seed=5):
        # Each side keeps its own player, as a table does: the worker's comes back with the move.
        action, there = await thinking.choose(key, there, view, legal)
        assert action == here.choose(view, legal)
        assert action in legal
        moves += 1
    assert moves == 12
    assert isinstance(thinking._thinker.current.workers.started, ProcessPoolExecutor)


class Unpicklable:
    """A player a worker cannot take (it holds a lambda): moves it makes stay in the process."""

    def __init__(self) -> None:
        self.pick = lambda legal: legal[-1]
        self.calls = 0

    def choose(self, view: BasePrivateView, legal: Sequence[Action]) -> Action:
        self.calls += 1
        action: Action = self.pick(legal)
        return action


async def test_a_player_the_worker_cannot_take_moves_in_a_thread(
    threads_afterwards: None, caplog: pytest.LogCaptureFixture
) -> None:
    thinking.configure(1)
    view, legal = positions("gin", 1, seed=2)[0]
    player = Unpicklable()
    action, after = await thinking.choose("gin", player, view, legal)
    assert action == legal[-1]
    assert after is player and player.calls == 1
    assert "deciding here" in caplog.text


async def test_threads_make_the_moves_when_asked() -> None:
    thinking.configure(0)
    view, legal = positions("rum500", 3, seed=9)[-1]
    player = get_spec("rum500").make_player("normal", 4)
    action, after = await thinking.choose("rum500", player, view, legal)
    assert after is player  # a thread decides on the table's own player
    assert action == get_spec("rum500").make_player("normal", 4).choose(view, legal)
    assert thinking._thinker.current.workers.started is not None
    assert not isinstance(thinking._thinker.current.workers.started, ProcessPoolExecutor)


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return make_settings(tmp_path, computer_processes=1)


async def test_a_computer_seat_plays_from_a_worker_process(
    simcord_env: Env, threads_afterwards: None
) -> None:
    table = Table.in_new_channel(simcord_env, "anna", "ben")
    lobby = await table.open(target=100)
    await table.members[0].select(lobby, ["add:hard"], custom_id=custom_id_of(lobby, "lobby_cpu"))
    await table.start(lobby)
    played = await table.play(moves=20)
    assert played == 20
    computer = table.live.seats[2].seat
    assert isinstance(thinking._thinker.current.workers.started, ProcessPoolExecutor)
    assert computer in table.live.players  # the seat's player, as the worker handed it back
    assert table.game.public_view().version > 20  # the computer's turns came in between


async def test_a_move_thought_out_while_the_table_moved_on_is_not_played(
    simcord_env: Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = Table.in_new_channel(simcord_env, "anna", "ben")
    await table.start(await table.open(target=100))
    seat = table.game.to_act
    version = table.game.version
    asked: list[int] = []

    async def back_while_thinking(
        key: str, player: Any, view: BasePrivateView, legal: Sequence[Action]
    ) -> tuple[Action, Any]:
        asked.append(view.seat)
        table.live.seats[seat].away = False  # the member came back while the move was thought
        return legal[0], player

    monkeypatch.setattr(thinking, "choose", back_while_thinking)
    table.live.seats[seat].away = True
    simcord_env.bot.service.clock.kick_autoplay(table.live)
    await simcord_env.settle()
    assert asked == [seat]  # thought out once, then the seat was no longer played for
    assert table.game.version == version and table.game.to_act == seat
    assert await table.play(moves=1) == 1  # the member makes the move themselves
    assert table.game.version == version + 1


async def test_the_pause_before_a_computer_move_takes_in_its_thinking(
    simcord_env: Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = Table.in_new_channel(simcord_env, "anna", "ben", "cleo")
    await table.start(await table.open(target=100))
    simcord_env.bot.settings.computer_delay = 1.0
    seat = table.game.to_act
    steps: list[str] = []

    async def thinks(
        key: str, player: Any, view: BasePrivateView, legal: Sequence[Action]
    ) -> tuple[Action, Any]:
        steps.append("thinking")
        for _ in range(3):
            await asyncio.sleep(0)
        steps.append("thought")
        return legal[0], player

    async def pauses(seconds: float) -> None:
        steps.append(f"pause {seconds}")
        await asyncio.sleep(0)
        steps.append("paused")

    monkeypatch.setattr(thinking, "choose", thinks)
    monkeypatch.setattr(turns, "pause", pauses)
    await table.member_for_seat(seat).slash(
        table.channel, "treppe leave"
    )  # the computer takes over
    assert table.live.seats[seat].departed
    assert table.game.to_act != seat  # it played the seat's turn (draw, then discard)
    # Each move's thinking ran inside its pause, not before or after it.
    assert steps[:4] == ["thinking", "pause 1.0", "paused", "thought"]
    assert steps.count("thinking") == steps.count("pause 1.0") >= 2


async def test_the_worker_starts_with_the_bot(simcord_env: Env, threads_afterwards: None) -> None:
    # Started in the background at start-up: after a restart or a failover, the first
    # computer move does not wait a second for it.
    await simcord_env.settle()
    assert isinstance(thinking._thinker.current.workers.started, ProcessPoolExecutor)
    assert thinking._thinker.current.processes == 1
