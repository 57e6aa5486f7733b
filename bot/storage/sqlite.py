"""The store in one SQLite file (aiosqlite), the default, for one process, with group commit:
writes that arrive together, from any games, share one transaction and one fsync, and each
still returns only once a commit holding it is on disk (``synchronous = FULL``), so nothing is
acknowledged that a crash could lose.

Each write is a *unit*: its statements run inside a savepoint of the shared transaction, one
unit at a time, so a unit that fails (a busy channel, a lease lost, a broken constraint) rolls
back only its own statements. The shared transaction starts with BEGIN IMMEDIATE, which takes
the file's write lock until the commit: what a unit checked (its game's lease) stays true until
it is on disk. A unit's statements wait until its block ends; then one task runs every unit
waiting, each in its savepoint, and the commit, in a single trip to the database's thread. A
trip costs thread hand-overs and event-loop turns, which grow long under load: units that each
held the connection for trips of their own queued behind one another (seconds, at 1,000
tables). Writes that come in while a batch's fsync runs go into the next one. A unit that
reads midway (closing a game, a session's ratings) takes the connection's turn at its first
read and keeps it to its end."""

from __future__ import annotations

import asyncio
import json
import os
import sqlite3
from collections.abc import Callable, Sequence
from contextlib import suppress
from dataclasses import dataclass
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
        # The connection's turn: a read, a unit that reads midway, or a batch with its commit.
        self._lock = asyncio.Lock()
        self._queued: list[Queued] = []  # whole units, run by the next batch
        self._waiting: list[asyncio.Future[None]] = []  # units that ran, waiting for a commit
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

    def _queue(self, unit: Queued) -> None:
        """A whole unit for the next batch; starts the committer if none runs."""
        self._queued.append(unit)
        self._start_committer()

    def _commit_soon(self) -> asyncio.Future[None]:
        """A future that the next commit settles (for a unit whose statements already ran)."""
        committed = _settled_later()
        self._waiting.append(committed)  # before any await: the next commit holds this unit
        self._start_committer()
        return committed

    def _start_committer(self) -> None:
        if self._committer is None or self._committer.done():
            self._committer = asyncio.get_running_loop().create_task(self._commit_waiting())

    async def _commit_waiting(self) -> None:
        """Run every queued unit and commit, with the units that ran before, in one trip to
        the database's thread: the connection's turn is held for one trip, not one a unit."""
        while self._waiting or self._queued:
            async with self._lock:
                units, self._queued = self._queued, []
                batch, self._waiting = self._waiting, []
                try:
                    failures = await self._db._execute(_batch, units, self._db._conn)  # type: ignore[no-untyped-call]
                except BaseException as error:
                    failure = error if isinstance(error, Exception) else ConnectionError(error)
                    for committed in [*batch, *(unit.committed for unit in units)]:
                        if not committed.done():
                            committed.set_exception(failure)
                    if not isinstance(error, Exception):
                        raise
                    continue
            self.commits += 1
            for unit, failure in zip(units, failures, strict=True):
                if unit.committed.done():
                    continue
                if failure is None:
                    unit.committed.set_result(None)
                else:
                    unit.committed.set_exception(failure)
            for committed in batch:
                if not committed.done():
                    committed.set_result(None)


@dataclass(frozen=True, slots=True)
class Queued:
    """A unit whose block is done: its statements, for the next batch to run in a savepoint."""

    steps: list[Step]
    committed: asyncio.Future[None]


def _settled_later() -> asyncio.Future[None]:
    committed: asyncio.Future[None] = asyncio.get_running_loop().create_future()
    # Nobody may await it (a failed unit): mark its outcome as seen.
    committed.add_done_callback(lambda done: done.cancelled() or done.exception())
    return committed


def _batch(units: list[Queued], db: sqlite3.Connection) -> list[Exception | None]:
    """On the database's thread: each unit in a savepoint of its own (one that fails is undone
    alone), then the commit; what failed, unit by unit. A failed commit raises: the whole
    transaction is rolled back."""
    failures: list[Exception | None] = []
    for unit in units:
        if not db.in_transaction:
            db.execute(sql.BEGIN_WRITE)
        db.execute(sql.SAVEPOINT)
        try:
            _each(unit.steps, db)
        except Exception as error:
            db.execute(sql.ROLLBACK_TO)
            failures.append(error)
        else:
            failures.append(None)
        db.execute(sql.RELEASE)
    try:
        db.commit()
    except BaseException:
        with suppress(Exception):
            db.rollback()
        raise
    return failures


class Unit:
    """One write's statements (SQLite's ``Transaction``). They wait in order and, when the
    block ends, go to the next batch whole. A unit that reads midway takes the connection's
    turn at its first read and keeps it to its end (its savepoint must not have others' inside)."""

    def __init__(self, database: SqliteDatabase, check: Check | None) -> None:
        self._database = database
        self._steps: list[Step] = [] if check is None else [_checked(*check)]
        self._exclusive = False  # took the connection's turn for a read midway
        self._opened = False

    async def __aenter__(self) -> Unit:
        return self

    async def __aexit__(self, kind: type[BaseException] | None, *_: object) -> None:
        """Hand the whole unit to the next batch and wait for its commit; a unit that read
        midway runs its last statements (or their undoing) first."""
        if self._exclusive:
            await self._finish_exclusive(failed=kind is not None)
            return
        if kind is not None:
            return  # nothing ran: its statements are dropped
        committed = _settled_later()
        self._database._queue(Queued(self._steps, committed))
        await committed

    async def _finish_exclusive(self, *, failed: bool) -> None:
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
        """Run the waiting statements and this one now, in the connection's turn; its rows."""
        if not self._exclusive:
            await self._database._lock.acquire()
            self._exclusive = True
            self._steps.insert(0, self._open)
        self._steps.append(_statement(query, params))
        return await self._run()  # type: ignore[no-any-return]

    async def execute(self, query: str, params: Params) -> None:
        """Add a statement to the unit."""
        self._steps.append(_statement(query, params))

    async def executemany(self, query: str, rows: Sequence[Params]) -> None:
        """Add a statement for each of ``rows`` to the unit."""
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
