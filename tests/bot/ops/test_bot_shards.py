"""Two bot processes with different shards on one PostgreSQL database. Each runs only its own
servers' games; a stopped process's game stays untouched until its lease runs out, then a
process for those shards takes it over and play goes on with nothing lost.

Each process gets its own SimCord world (its own fake Discord: SimCord runs one bot per event
loop, so the second process runs on a loop of its own in a thread). They share the database,
which is what the leases guard."""

from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import AsyncIterator, Coroutine, Iterator
from pathlib import Path
from typing import Any, TypeVar

import asyncpg
import pytest
from bot_harness import Table, make_settings
from pgtools import allow_pg, pg_schema
from simcord import Env

from bot.app import TreppenBot, create_bot
from bot.settings import Settings
from bot.storage import ActionRow, LeaseLost, PostgresStore

pytestmark = allow_pg

T = TypeVar("T")


class OtherProcess:
    """A bot with its own event loop in a thread, driven from the test's loop."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()

    async def run(self, coroutine: Coroutine[Any, Any, T]) -> T:
        return await asyncio.wrap_future(asyncio.run_coroutine_threadsafe(coroutine, self.loop))

    def stop(self) -> None:
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(timeout=10)
        self.loop.close()


@pytest.fixture
async def database(tmp_path: Path) -> AsyncIterator[str]:
    async with pg_schema() as url:
        yield url


@pytest.fixture
def other() -> Iterator[OtherProcess]:
    process = OtherProcess()
    yield process
    process.stop()


def process_settings(tmp_path: Path, url: str, name: str, shard: int) -> Settings:
    return make_settings(
        tmp_path / name,
        database_url=url,
        shard_count=2,
        shard_ids=[shard],
        instance_name=name,
    )


def table_in(env: Env, shard: int) -> Table:
    guild = env.create_guild(shard_id=shard)
    channel = guild.create_text_channel("cards")
    members = [guild.add_member(env.create_user(name)) for name in ("anna", "ben")]
    return Table(env, channel, members)


async def start_playing(env: Env, shard: int) -> Table:
    table = table_in(env, shard)
    await table.start(await table.open(target=500))
    await table.play(moves=5)
    return table


def service_of(env: Env) -> Any:
    bot: TreppenBot = env.bot  # type: ignore[assignment]
    return bot.service


async def test_two_processes_share_one_database(
    tmp_path: Path, database: str, other: OtherProcess, caplog: pytest.LogCaptureFixture
) -> None:
    # Stores of bots that stopped, to close on the loop each was opened on.
    opened: list[Any] = []
    opened_there: list[Any] = []
    first = Env(create_bot(process_settings(tmp_path, database, "first", 0)))
    await first.start()
    # Both processes are one Discord application: the first syncs the slash commands (and
    # notes it in the database), so the second's own SimCord world never sees a sync.
    second = Env(create_bot(process_settings(tmp_path, database, "second", 1)), strict_sync=False)
    await other.run(second.start())
    try:
        table_a = await start_playing(first, 0)
        table_b = await other.run(start_playing(second, 1))
        game_a, game_b = table_a.live.id, table_b.live.id
        assert set(service_of(first).games) == {game_a}
        assert set(service_of(second).games) == {game_b}

        # Restarted, each process restores only the open game of its own shard.
        opened_there.append(service_of(second).storage)
        await other.run(second.restart_bot(create_bot(second.bot.settings)))  # type: ignore[attr-defined]
        assert set(service_of(second).games) == {game_b}
        # The restarted process has no hand tokens to edit the old hands with: the members
        # open fresh hands from the table, as its ping asks.
        table_b.hands.clear()
        await other.run(table_b.play(moves=3))

        # The first process stops without a word (a crash: its lease is not handed back).
        # A standby for shard 0 starts at once: the lease is still live, so it leaves the
        # game alone and says so.
        stopped = service_of(first)
        opened.append(stopped.storage)
        before = table_a.game.to_json()
        standby = create_bot(process_settings(tmp_path, database, "standby", 0))
        with caplog.at_level(logging.WARNING, logger="bot.core.leases"):
            await first.restart_bot(standby)
        assert service_of(first).games == {}
        assert any(
            f"game {game_a} is run by instance 'first'" in record.getMessage()
            for record in caplog.records
        )
        # A click on that game's table is the running process's to answer: the standby,
        # hearing it on the same shard, stays silent.
        click = await table_a.members[0].click(table_a.table_message(), label="Your hand")
        assert click.response is None
        # Neither the standby nor the other shard's process touches it meanwhile.
        await service_of(first).leases.check()
        await other.run(service_of(second).leases.check())
        assert service_of(first).games == {}
        assert set(service_of(second).games) == {game_b}
        assert await service_of(first).storage.game_log(game_a) == before

        # Once the lease ran out (here: the clock of the lease moved past it, rather than
        # the test waiting LEASE_SECONDS) the standby's periodic check takes the game over;
        # the other shard's process still leaves it alone.
        await run_out(database, "first")
        await other.run(service_of(second).leases.check())
        assert set(service_of(second).games) == {game_b}
        await service_of(first).leases.check()
        await first.settle()
        assert set(service_of(first).games) == {game_a}
        table_a._live = None
        table_a.hands.clear()
        assert table_a.game.to_json() == before  # nothing lost
        assert await table_a.play(moves=4) == 4  # and play goes on, by clicks as ever
        # The stopped process can no longer write to the game it lost.
        assert isinstance(stopped.storage, PostgresStore)
        seq = len(table_a.game.actions) + 1
        with pytest.raises(LeaseLost):
            await stopped.storage.save_action(game_a, ActionRow(seq, '{"from": "stopped"}'))
        log = await service_of(first).storage.game_log(game_a)
        assert log == table_a.game.to_json() != before
        await other.run(table_b.play(moves=2))
    finally:
        await other.run(second.shutdown())
        await first.shutdown()
        # SimCord detaches bots without closing them: close every store, each on its loop.
        for store in [*opened, service_of(first).storage]:
            await store.close()
        for store in [*opened_there, service_of(second).storage]:
            await other.run(store.close())


async def run_out(url: str, owner: str) -> None:
    """Let every lease of one process run out, as if it stopped renewing long ago."""
    connection = await asyncpg.connect(url)
    try:
        await connection.execute(
            "UPDATE leases SET expires_at = clock_timestamp() - interval '1 second' "
            "WHERE owner = $1",
            owner,
        )
    finally:
        await connection.close()
