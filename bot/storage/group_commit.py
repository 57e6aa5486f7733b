"""Group commit on one SQLite connection: writes that arrive together, from any games, share
one transaction and one fsync, and each still returns only once a commit holding it is on
disk (``synchronous = FULL``), so nothing is acknowledged that a crash could lose.

Each write is a *unit*: its statements run inside a savepoint of the shared transaction, one
unit at a time, so a unit that fails (a busy channel, a lease lost, a broken constraint) rolls
back only its own statements. The shared transaction starts with BEGIN IMMEDIATE, which takes
the file's write lock until the commit: what a unit checked (its game's lease) stays true until
it is on disk. After its statements a unit waits for the next commit; one task commits for
everybody waiting, and writes that come in while an fsync runs go into the next one."""

from __future__ import annotations

import asyncio
import contextvars
import sqlite3
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager, suppress
from typing import Any, TypeVar

import aiosqlite

import bot.storage.sql as sql

T = TypeVar("T")

# Set while a unit's statements run, for the task running them (its reads need no turn).
_IN_UNIT: contextvars.ContextVar[bool] = contextvars.ContextVar("in_write_unit", default=False)


class GroupCommit:
    def __init__(self, connection: aiosqlite.Connection) -> None:
        self._db = connection
        self._lock = asyncio.Lock()  # one unit's statements (or a commit) at a time
        self._waiting: list[asyncio.Future[None]] = []
        self._committer: asyncio.Task[None] | None = None
        self.commits = 0  # transactions committed (each one fsync)
        self.units = 0  # units made durable

    @asynccontextmanager
    async def unit(self) -> AsyncIterator[aiosqlite.Connection]:
        """Run the block's statements as one atomic write; on leaving, wait until they are
        committed. An exception in the block undoes the block's statements only."""
        async with self._lock:
            if not self._db.in_transaction:
                await self._db.execute(sql.BEGIN_WRITE)
            await self._db.execute(sql.SAVEPOINT)
            inside = _IN_UNIT.set(True)
            try:
                yield self._db
            except BaseException:
                await self._db.execute(sql.ROLLBACK_TO)
                await self._db.execute(sql.RELEASE)
                # The shared transaction holds the file's write lock: end it even when no
                # other unit is waiting, or another process (a second bot, the copy or
                # recompute command) could not write until this one writes again.
                self._commit_soon()
                raise
            finally:
                _IN_UNIT.reset(inside)
            await self._db.execute(sql.RELEASE)
        await self._durable()

    @asynccontextmanager
    async def reading(self) -> AsyncIterator[None]:
        """A read on the shared connection takes its turn between units. The connection sees
        its own uncommitted statements, so a read run between two statements of a unit would
        see half a write: a new lobby's game without its lease, which the lease keeper then
        took for a crashed process's game. Inside a unit, its own reads go at once."""
        if _IN_UNIT.get():
            yield
            return
        async with self._lock:
            yield

    async def run(self, write: Callable[[sqlite3.Connection], T]) -> T:
        """``write(connection)`` as one unit, run whole on the database's thread: one trip
        there instead of one per statement. The busy paths (a move, a moved table) take this
        way, since every trip costs thread hand-overs under load and units queue behind each
        other's trips."""
        async with self._lock:
            try:
                # aiosqlite's own way to run a function on its thread (pinned version).
                result: T = await self._db._execute(self._unit_in_thread, write)  # type: ignore[no-untyped-call]
            except BaseException:
                self._commit_soon()  # as in ``unit``: end the shared transaction anyway
                raise
        await self._durable()
        return result

    def _unit_in_thread(self, write: Callable[[sqlite3.Connection], Any]) -> Any:
        db = self._db._conn
        if not db.in_transaction:
            db.execute(sql.BEGIN_WRITE)
        db.execute(sql.SAVEPOINT)
        try:
            result = write(db)
        except BaseException:
            db.execute(sql.ROLLBACK_TO)
            db.execute(sql.RELEASE)
            raise
        db.execute(sql.RELEASE)
        return result

    async def _durable(self) -> None:
        await self._commit_soon()
        self.units += 1

    def _commit_soon(self) -> asyncio.Future[None]:
        """A future that the next commit settles; starts the committer if none runs."""
        loop = asyncio.get_running_loop()
        committed: asyncio.Future[None] = loop.create_future()
        # Nobody may await it (a failed unit): mark its outcome as seen.
        committed.add_done_callback(lambda done: done.cancelled() or done.exception())
        self._waiting.append(committed)  # before any await: the next commit holds this unit
        if self._committer is None or self._committer.done():
            self._committer = loop.create_task(self._commit_waiting())
        return committed

    async def _commit_waiting(self) -> None:
        while self._waiting:
            async with self._lock:
                # Every unit whose statements ran is waiting by now (see ``_durable``).
                batch, self._waiting = self._waiting, []
                try:
                    await self._db.commit()
                except BaseException as error:
                    with suppress(Exception):
                        await self._db.rollback()  # the whole batch failed together
                    failure = error if isinstance(error, Exception) else ConnectionError(error)
                    for committed in batch:
                        if not committed.done():
                            committed.set_exception(failure)
                    if not isinstance(error, Exception):
                        raise
                    continue
            self.commits += 1
            for committed in batch:
                if not committed.done():
                    committed.set_result(None)
