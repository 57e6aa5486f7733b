"""The store in one SQLite file (aiosqlite), the default, for one process, with group commit:
writes that arrive together, from any games, share one transaction and one fsync, and each
still returns only once a commit holding it is on disk (``synchronous = FULL``), so nothing is
acknowledged that a crash could lose.

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
import json
import os
import sqlite3
from collections.abc import Callable, Sequence
from contextlib import suppress
from datetime import UTC, datetime
from functools import cache, partial
from pathlib import Path
from typing import Any

import aiosqlite

import bot.storage.migrations as migrations
import bot.storage.sql as sql
from bot.storage.dialect import Check, Params, Row, expand, first_is_true
from bot.storage.rows import DEFAULT_LEASE_SECONDS, DEFAULT_OWNER
from bot.storage.store import Store

Step = Callable[[sqlite3.Connection], Any]
_CONVERTED = (datetime, list, tuple)


class SqliteDatabase:
    """SQLite behind the ``Database`` interface: one connection, every write a ``Unit`` of
    the group commit."""

    unique_violation: type[Exception] = sqlite3.IntegrityError

    def __init__(self, connection: aiosqlite.Connection) -> None:
        self._db = connection
        self._lock = asyncio.Lock()  # one unit's statements (or a commit, or a read) at a time
        self._waiting: list[asyncio.Future[None]] = []
        self._committer: asyncio.Task[None] | None = None
        self.commits = 0  # transactions committed (each one fsync)

    @classmethod
    async def open(cls, path: Path) -> SqliteDatabase:
        """Open (creating folders and file as needed) and migrate the database."""
        path.parent.mkdir(parents=True, exist_ok=True)
        if not path.exists():  # readable by its owner only (SQLite gives -wal/-shm the same)
            os.close(os.open(path, os.O_CREAT | os.O_WRONLY, 0o600))
        connection = await aiosqlite.connect(path)
        connection.row_factory = sqlite3.Row
        database = cls(connection)
        try:
            for pragma in sql.SQLITE_PRAGMAS:
                await database.fetch(pragma, {})  # read the answer so no statement stays open
            version = await database.schema_version()
            for number, script in enumerate(migrations.MIGRATIONS[version:], start=version + 1):
                # executescript commits first; the version bump rides along
                script = migrations.SQLITE_MIGRATION.format(
                    script=expand(script, "sqlite"), version=number
                )
                await connection.executescript(script)
        except BaseException:
            await connection.close()
            raise
        return database

    def transaction(self, check: Check | None = None) -> Unit:
        """``async with`` it: the block's statements as one atomic write, if ``check`` holds;
        on leaving, wait until they are committed. An exception in the block undoes its
        statements only."""
        return Unit(self, check)

    async def fetch(self, query: str, params: Params) -> list[Row]:
        """A read on the shared connection, in its turn between units. The connection sees its
        own uncommitted statements, so a read run between two statements of a unit would see
        half a write: a new lobby's game without its lease, which the lease keeper then took
        for a crashed process's game."""
        async with self._lock:
            return await self._run([_statement(query, params)])  # type: ignore[no-any-return]

    async def schema_version(self) -> int:
        """How many of the numbered migrations this database has had."""
        return int((await self.fetch(migrations.SQLITE_SCHEMA_VERSION, {}))[0][0])

    async def close(self) -> None:
        """Close the one connection (and the thread aiosqlite runs it on)."""
        await self._db.close()

    async def _run(self, steps: list[Step]) -> Any:
        """The steps on the database's thread, in one trip; what the last one returned."""
        return await self._db._execute(_each, steps, self._db._conn)  # type: ignore[no-untyped-call]

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
                # Every unit whose statements ran is waiting by now (see ``Unit.__aexit__``).
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
    """One write's statements (SQLite's ``Transaction``): they wait in order and run on the
    database's thread when a read needs an answer or the unit ends."""

    def __init__(self, database: SqliteDatabase, check: Check | None) -> None:
        self._database = database
        self._steps: list[Step] = [self._open] if check is None else [self._open, _checked(*check)]
        self._opened = False

    async def __aenter__(self) -> Unit:
        await self._database._lock.acquire()
        return self

    async def __aexit__(self, kind: type[BaseException] | None, *_: object) -> None:
        """The unit's last trip (its statements, or their undoing), then its commit."""
        failed = kind is not None
        try:
            if not failed:
                self._steps.append(_statement(sql.RELEASE, {}))
                await self._run()
        except BaseException:
            failed = True
            raise
        finally:
            if failed and self._opened:  # undo what ran; what waited never runs
                self._steps = [_statement(sql.ROLLBACK_TO, {}), _statement(sql.RELEASE, {})]
                with suppress(Exception):
                    await self._run()
            self._database._lock.release()
            # Commit even after a failure, with nobody waiting: the shared transaction holds
            # the file's write lock, which another process (a second bot, the copy or
            # recompute command) waits for.
            committed = self._database._commit_soon()
        if not failed:
            await committed

    async def fetch(self, query: str, params: Params) -> list[Row]:
        """Run the waiting statements and this one now; its rows."""
        self._steps.append(_statement(query, params))
        return await self._run()  # type: ignore[no-any-return]

    async def execute(self, query: str, params: Params) -> None:
        """Add a statement to the unit's next trip."""
        self._steps.append(_statement(query, params))

    async def executemany(self, query: str, rows: Sequence[Params]) -> None:
        """Add a statement for each of ``rows`` to the unit's next trip."""
        many = [_sqlite_params(row) for row in rows]
        self._steps.append(lambda db: db.executemany(_sqlite_text(query), many))

    async def _run(self) -> Any:
        steps, self._steps = self._steps, []
        return await self._database._run(steps) if steps else None

    def _open(self, db: sqlite3.Connection) -> None:
        if not db.in_transaction:
            db.execute(sql.BEGIN_WRITE)
        db.execute(sql.SAVEPOINT)
        self._opened = True


class SqliteStore(Store):
    """The store in one SQLite file."""

    _db: SqliteDatabase

    @classmethod
    async def open(
        cls, path: Path, owner: str = DEFAULT_OWNER, lease_seconds: float = DEFAULT_LEASE_SECONDS
    ) -> SqliteStore:
        """Open and migrate the database at ``path``."""
        return cls(await SqliteDatabase.open(path), owner, lease_seconds)


@cache
def _sqlite_text(query: str) -> str:
    return expand(query, "sqlite")


def _sqlite_params(params: Params) -> Params:
    """Values as SQLite keeps them: times as ISO-8601 UTC text, id lists as JSON."""
    if not any(isinstance(value, _CONVERTED) for value in params.values()):
        return params
    return {name: _sqlite_value(value) for name, value in params.items()}


def _sqlite_value(value: Any) -> Any:
    if isinstance(value, datetime):
        return value.astimezone(UTC).isoformat(timespec="seconds")
    if isinstance(value, list | tuple):
        return json.dumps(list(value))
    return value


def _statement(query: str, params: Params) -> Step:
    return partial(_fetch, _sqlite_text(query), _sqlite_params(params))


def _checked(query: str, params: Params, failure: Exception) -> Step:
    ask = _statement(query, params)

    def check(db: sqlite3.Connection) -> None:
        if not first_is_true(ask(db)):
            raise failure

    return check


def _each(steps: list[Step], db: sqlite3.Connection) -> Any:
    result = None
    for step in steps:
        result = step(db)
    return result


def _fetch(statement: str, params: Params, db: sqlite3.Connection) -> list[Row]:
    return db.execute(statement, params).fetchall()
