"""Group commit on one SQLite connection: writes that arrive together, from any games, share
one transaction and one fsync, and each still returns only once a commit holding it is on
disk (``synchronous = FULL``), so nothing is acknowledged that a crash could lose.

Each write is a *unit*: its statements run inside a savepoint of the shared transaction, one
unit at a time, so a unit that fails (a busy channel, a lease lost, a broken constraint) rolls
back only its own statements. The shared transaction starts with BEGIN IMMEDIATE, which takes
the file's write lock until the commit: what a unit checked (its game's lease) stays true until
it is on disk. A unit's statements wait and go to the database's thread together, in one trip
(each trip costs thread hand-overs under load, and units queue behind each other's trips).
After its statements a unit waits for the next commit; one task commits for everybody
waiting, and writes that come in while an fsync runs go into the next one."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Callable, Sequence
from contextlib import suppress
from functools import partial
from typing import Any

import aiosqlite

import bot.storage.sql as sql
from bot.storage.dialect import Params, Row, first_is_true, sqlite_params, sqlite_statement

Step = Callable[[sqlite3.Connection], Any]


class GroupCommit:
    """Every write to one SQLite connection, as units that share commits."""

    def __init__(self, connection: aiosqlite.Connection) -> None:
        self._db = connection
        self._lock = asyncio.Lock()  # one unit's statements (or a commit, or a read) at a time
        self._waiting: list[asyncio.Future[None]] = []
        self._committer: asyncio.Task[None] | None = None
        self.commits = 0  # transactions committed (each one fsync)
        self.units = 0  # units made durable

    def unit(self) -> Unit:
        """``async with`` it: the block's statements as one atomic write; on leaving, wait
        until they are committed. An exception in the block undoes its statements only."""
        return Unit(self)

    async def _end(self, unit: Unit, failed: bool) -> None:
        """The unit's last trip (its statements, or their undoing), then its commit."""
        try:
            if not failed:
                await unit.finish()
        except BaseException:
            failed = True
            raise
        finally:
            if failed:
                with suppress(Exception):
                    await unit.undo()
            self._lock.release()
            if failed:
                # The shared transaction holds the file's write lock: end it even when no
                # other unit is waiting, or another process (a second bot, the copy or
                # recompute command) could not write until this one writes again.
                self._commit_soon()
        if not failed:
            await self._commit_soon()
            self.units += 1

    async def read(self, query: str, params: Params) -> list[Row]:
        """A read on the shared connection, in its turn between units. The connection sees its
        own uncommitted statements, so a read run between two statements of a unit would see
        half a write: a new lobby's game without its lease, which the lease keeper then took
        for a crashed process's game."""
        statement, values = sqlite_statement(query), sqlite_params(params)
        async with self._lock:
            return await self._db._execute(_fetch, statement, values, self._db._conn)  # type: ignore[no-untyped-call,no-any-return]

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
                # Every unit whose statements ran is waiting by now (see ``unit``).
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


class Unit:
    """One unit's statements (SQLite's ``Transaction``): they wait in order and run on the
    database's thread when a read needs an answer or the unit ends."""

    def __init__(self, group: GroupCommit) -> None:
        self._group = group
        self._db = group._db
        self._steps: list[Step] = [self._open]
        self._opened = False

    async def __aenter__(self) -> Unit:
        await self._group._lock.acquire()
        return self

    async def __aexit__(self, kind: type[BaseException] | None, *_: object) -> None:
        await self._group._end(self, failed=kind is not None)

    async def fetch(self, query: str, params: Params) -> list[Row]:
        self._steps.append(partial(_fetch, sqlite_statement(query), sqlite_params(params)))
        return await self._run()  # type: ignore[no-any-return]

    async def execute(self, query: str, params: Params) -> None:
        self._steps.append(partial(_execute, sqlite_statement(query), sqlite_params(params)))

    async def executemany(self, query: str, rows: Sequence[Params]) -> None:
        many = [sqlite_params(row) for row in rows]
        self._steps.append(lambda db: db.executemany(sqlite_statement(query), many))

    async def require(self, query: str, params: Params, failure: Exception) -> None:
        ask = partial(_fetch, sqlite_statement(query), sqlite_params(params))

        def check(db: sqlite3.Connection) -> None:
            if not first_is_true(ask(db)):
                raise failure

        self._steps.append(check)

    async def finish(self) -> None:
        self._steps.append(lambda db: db.execute(sql.RELEASE))
        await self._run()

    async def undo(self) -> None:
        self._steps = [_undo] if self._opened else []
        await self._run()

    async def _run(self) -> Any:
        steps, self._steps = self._steps, []
        if not steps:
            return None
        return await self._db._execute(_each, steps, self._db._conn)  # type: ignore[no-untyped-call]

    def _open(self, db: sqlite3.Connection) -> None:
        if not db.in_transaction:
            db.execute(sql.BEGIN_WRITE)
        db.execute(sql.SAVEPOINT)
        self._opened = True


def _each(steps: list[Step], db: sqlite3.Connection) -> Any:
    result = None
    for step in steps:
        result = step(db)
    return result


def _fetch(statement: str, params: Params, db: sqlite3.Connection) -> list[Row]:
    return db.execute(statement, params).fetchall()


def _execute(statement: str, params: Params, db: sqlite3.Connection) -> None:
    db.execute(statement, params)


def _undo(db: sqlite3.Connection) -> None:
    db.execute(sql.ROLLBACK_TO)
    db.execute(sql.RELEASE)
