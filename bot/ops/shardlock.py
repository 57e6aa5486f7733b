"""Failover in seconds on PostgreSQL: one session-level advisory lock per shard, held on a
connection of its own by the process that runs the shard's games (docs/scaling.md).

PostgreSQL releases a session lock the moment the holder's connection ends, which for a
crashed or killed process is at once (its socket closes). A standby for the same shards asks
for the locks every ``POLL_SECONDS``; when it gets one it takes the leases of that shard's
open games from whoever held them and resumes the games, without waiting for the leases to
run out. The asking is a ``discord.ext.tasks`` loop, timed on the bot's clock rather than by
bare sleeps, so a simulated Discord (SimCord) that runs time virtually sees it as the timer it
is and can tell when the bot is idle (tests/bot/ops/test_shardlock_settles.py).

The leases stay what fences writes: every write checks its game's lease in its own
transaction, so a process that lost its lock (say, cut off from the database) but still
believes it plays cannot write, and lets the game go. Without the locks (SQLite, or the lock
connection lost) the leases alone decide, as before."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable, Container, Coroutine
from typing import Any, Protocol

import asyncpg
from discord.ext import tasks

from bot.settings import Settings
from bot.storage import GameRow, Store

log = logging.getLogger(__name__)


class RunsGames(Protocol):
    """What the lock needs of the game service (``bot.core.service``), which runs above it."""

    @property
    def settings(self) -> Settings:
        """The bot's settings."""
        ...

    @property
    def storage(self) -> Store:
        """The database."""
        ...

    @property
    def games(self) -> Container[int]:
        """The ids of the games this process runs."""
        ...

    async def adopt(self, row: GameRow) -> None:
        """Run a stored game whose shard this process has just taken over."""
        ...


POLL_SECONDS = 0.5
ALL_SHARDS = -1  # the lock of a process that runs every shard (SHARD_IDS empty)
# Two-key locks: the schema's hash keeps bots sharing one database (in schemas) apart, and
# the two-key space never meets the migrations' one-key lock. $1 shard
TRY_LOCK = "SELECT pg_try_advisory_lock(hashtext(current_schema()), $1)"
# Open games whose lease another process holds (live or not). $1 owner
OPEN_GAMES_OF_OTHERS = """
    SELECT g.id, g.guild_id FROM games g JOIN leases l ON l.game_id = g.id
    WHERE g.status IN ('lobby', 'playing') AND l.owner <> $1
    ORDER BY g.id
"""
# Take leases over whoever holds them; the row lock waits for a write in flight. $1 game_ids,
# $2 owner, $3 seconds
SEIZE_LEASES = """
    UPDATE leases SET owner = $2, expires_at = clock_timestamp() + make_interval(secs => $3)
    WHERE game_id = ANY($1::bigint[]) AND owner <> $2
    RETURNING game_id
"""


class ShardLock:
    """The advisory locks of this process's shards and the task that asks for missing ones."""

    def __init__(self, service: RunsGames, url: str) -> None:
        self.service = service
        self.url = url
        self.owner = service.storage.owner
        self.shards = _shards(service.settings.shard_count, service.settings.shard_ids)
        self.held: set[int] = set()
        self._connection: asyncpg.Connection[Any] | None = None
        self._poll: tasks.Loop[Callable[[], Coroutine[Any, Any, None]]] = tasks.loop(
            seconds=POLL_SECONDS, name="shard-lock"
        )(self._check)

    @classmethod
    async def start(cls, service: RunsGames) -> ShardLock | None:
        """Take the free locks (seizing those shards' games before they are restored) and
        keep asking for the others; None on SQLite, which runs one process, or when
        SHARD_LOCKS is off."""
        url = service.settings.database()
        if not service.settings.shard_locks or not url.startswith(("postgresql://", "postgres://")):
            return None
        lock = cls(service, url)
        try:
            await lock._connect()
            await lock._seize(await lock._lock_free_shards())
        except (OSError, asyncpg.PostgresError, TimeoutError) as error:
            log.warning("shard locks unavailable (%s); leases alone decide", error)
        lock._poll.start()
        return lock

    async def stop(self) -> None:
        """Let the locks go (closing the connection), so a standby takes over at once."""
        task = self._poll.get_task()
        self._poll.cancel()
        if task is not None:
            with contextlib.suppress(asyncio.CancelledError):
                await task
        await self._disconnect()

    async def _check(self) -> None:
        """One round of asking for the missing locks (every POLL_SECONDS)."""
        try:
            if self._connection is None or self._connection.is_closed():
                await self._connect()
            got = await self._lock_free_shards()
            if got:
                await self._take_over(await self._seize(got))
        except asyncio.CancelledError:
            raise
        except Exception as error:  # never let the loop die: a lost connection is retried
            log.warning("shard lock check failed (%s); trying again", error)
            await self._disconnect()

    async def _connect(self) -> None:
        await self._disconnect()
        self._connection = await asyncpg.connect(self.url, timeout=10)

    async def _disconnect(self) -> None:
        connection, self._connection = self._connection, None
        if self.held:
            log.warning("shard locks %s given up", sorted(self.held))
        self.held = set()
        if connection is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(connection.close(), 2)
            connection.terminate()

    async def _lock_free_shards(self) -> set[int]:
        """The shards whose lock this process just got."""
        assert self._connection is not None
        got = set()
        for shard in self.shards - self.held:
            if await self._connection.fetchval(TRY_LOCK, shard):
                got.add(shard)
        self.held |= got
        if got and got != self.shards:
            log.info("holding the locks of shards %s", sorted(self.held))
        return got

    async def _seize(self, shards: set[int]) -> list[int]:
        """Lease the open games of ``shards`` to this process, whoever held them: their lock
        was free, so that holder is gone."""
        if not shards or self._connection is None:
            return []
        settings = self.service.settings
        rows = await self._connection.fetch(OPEN_GAMES_OF_OTHERS, self.owner)
        wanted = [
            int(row["id"])
            for row in rows
            if ALL_SHARDS in shards
            or (settings.shard_count and (row["guild_id"] >> 22) % settings.shard_count in shards)
        ]
        if not wanted:
            return []
        seized = [
            int(row["game_id"])
            for row in await self._connection.fetch(
                SEIZE_LEASES, wanted, self.owner, float(settings.lease_seconds)
            )
        ]
        if seized:
            log.warning("took over games %s: their process let go of its shard lock", seized)
        return seized

    async def _take_over(self, game_ids: list[int]) -> None:
        """Resume games seized while running (at start-up, restoring does it)."""
        for game_id in game_ids:
            if game_id in self.service.games:
                continue
            row = await self.service.storage.game(game_id)
            if row is not None and row.status in ("lobby", "playing"):
                await self.service.adopt(row)


def _shards(count: int | None, ids: list[int] | None) -> set[int]:
    """The shards this process runs: its SHARD_IDS, all of SHARD_COUNT, or 'all'."""
    if ids is not None:
        return set(ids)
    if count is not None:
        return set(range(count))
    return {ALL_SHARDS}
