"""The store in PostgreSQL (asyncpg), for several processes on several machines: a pool of
connections, every write one committed transaction. Concurrent transactions share WAL
flushes in PostgreSQL itself, which is its group commit."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from functools import cache
from typing import Any, TypeAlias

import asyncpg
from asyncpg.pool import PoolConnectionProxy

import bot.storage.migrations as migrations
from bot.storage.dialect import Check, Params, Row, expand, first_is_true
from bot.storage.rows import DEFAULT_LEASE_SECONDS, DEFAULT_OWNER
from bot.storage.store import Store

# Enough for many games committing at once without crowding the server's connection limit
# when several processes share it.
POOL_SIZE = 10
_NAMED = re.compile(r"(?<![:\w]):([A-Za-z_]\w*)")

Connection: TypeAlias = "PoolConnectionProxy[asyncpg.Record]"


@cache
def pg_names(query: str) -> tuple[str, tuple[str, ...]]:
    """The statement for asyncpg: ``:name`` becomes ``$n``; and the names in ``$n`` order."""
    names: list[str] = []

    def number(found: re.Match[str]) -> str:
        if found[1] not in names:
            names.append(found[1])
        return f"${names.index(found[1]) + 1}"

    return _NAMED.sub(number, expand(query, "postgresql")), tuple(names)


def _bound(query: str, params: Params) -> tuple[str, list[Any]]:
    """The statement for asyncpg and its arguments in order."""
    text, names = pg_names(query)
    return text, [params[name] for name in names]


class PostgresTransaction:
    """PostgreSQL's ``Transaction``: each statement runs at once on the connection."""

    def __init__(self, connection: Connection) -> None:
        self._db = connection

    async def fetch(self, query: str, params: Params) -> list[Row]:
        """Run a statement now, inside the transaction; its rows."""
        text, args = _bound(query, params)
        return list(await self._db.fetch(text, *args))

    async def execute(self, query: str, params: Params) -> None:
        """Run a statement now, inside the transaction."""
        text, args = _bound(query, params)
        await self._db.execute(text, *args)

    async def executemany(self, query: str, rows: Sequence[Params]) -> None:
        """Run a statement once for each of ``rows`` (nothing at all for no rows)."""
        text, names = pg_names(query)
        if rows:
            await self._db.executemany(text, [[row[name] for name in names] for row in rows])


class PostgresDatabase:
    """PostgreSQL behind the ``Database`` interface."""

    unique_violation: type[Exception] = asyncpg.UniqueViolationError

    def __init__(self, pool: asyncpg.Pool[asyncpg.Record]) -> None:
        self._pool = pool

    @classmethod
    async def open(cls, url: str) -> PostgresDatabase:
        """Connect and migrate; two processes starting at once migrate one after the other."""
        database = cls(await asyncpg.create_pool(url, min_size=1, max_size=POOL_SIZE))
        try:
            for number, script in enumerate(migrations.MIGRATIONS, start=1):
                async with database.transaction() as db:
                    await db.execute(migrations.PG_MIGRATION_LOCK, {})
                    await db.execute(migrations.PG_CREATE_SCHEMA_VERSION, {})
                    if number > (await db.fetch(migrations.PG_SCHEMA_VERSION, {}))[0][0]:
                        await db.execute(script, {})  # no parameters: runs whole
                        await db.execute(migrations.PG_SET_SCHEMA_VERSION, {"version": number})
        except BaseException:
            await database.close()
            raise
        return database

    @asynccontextmanager
    async def transaction(self, check: Check | None = None) -> AsyncIterator[PostgresTransaction]:
        """One transaction on a connection of the pool, committed on leaving the block, if
        ``check`` holds."""
        async with self._pool.acquire() as db, db.transaction():
            tx = PostgresTransaction(db)
            if check is not None and not first_is_true(await tx.fetch(*check[:2])):
                raise check[2]
            yield tx

    async def fetch(self, query: str, params: Params) -> list[Row]:
        """A read on a connection of the pool."""
        async with self._pool.acquire() as db:
            return await PostgresTransaction(db).fetch(query, params)

    async def schema_version(self) -> int:
        """How many of the numbered migrations this database has had."""
        return int((await self.fetch(migrations.PG_SCHEMA_VERSION, {}))[0][0])

    async def close(self) -> None:
        """Close the pool once its connections are released."""
        await self._pool.close()


class PostgresStore(Store):
    """The store in a PostgreSQL database (``DATABASE_URL=postgresql://…``)."""

    @classmethod
    async def open(
        cls, url: str, owner: str = DEFAULT_OWNER, lease_seconds: float = DEFAULT_LEASE_SECONDS
    ) -> PostgresStore:
        """Connect and migrate. Query parameters of the URL other than asyncpg's own are
        server settings, e.g. ``?search_path=bot`` for a schema of its own."""
        return cls(await PostgresDatabase.open(url), owner, lease_seconds)
