"""The store in one SQLite file (aiosqlite), the default, for one process: one connection,
every write a unit of the group commit (``group_commit.py``), on disk before it returns."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import aiosqlite

import bot.storage.migrations as migrations
import bot.storage.sql as sql
from bot.storage.dialect import Params, Row, expand
from bot.storage.group_commit import GroupCommit, Unit
from bot.storage.rows import DEFAULT_LEASE_SECONDS, DEFAULT_OWNER
from bot.storage.store import Store


class SqliteDatabase:
    """SQLite behind the ``Database`` interface."""

    unique_violation: type[Exception] = sqlite3.IntegrityError

    def __init__(self, connection: aiosqlite.Connection) -> None:
        self._db = connection
        self.writes = GroupCommit(connection)

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
            await database._migrate()
        except BaseException:
            await connection.close()
            raise
        return database

    async def _migrate(self) -> None:
        version = await self.schema_version()
        for number, script in enumerate(migrations.MIGRATIONS, start=1):
            if number > version:  # executescript commits first; the version bump rides along
                await self._db.executescript(
                    migrations.SQLITE_MIGRATION.format(
                        script=expand(script, "sqlite"), version=number
                    )
                )

    def transaction(self) -> Unit:
        return self.writes.unit()

    async def fetch(self, query: str, params: Params) -> list[Row]:
        return await self.writes.read(query, params)

    async def schema_version(self) -> int:
        return int((await self.fetch(migrations.SQLITE_SCHEMA_VERSION, {}))[0][0])

    async def close(self) -> None:
        await self._db.close()


class SqliteStore(Store):
    """The store in one SQLite file."""

    _db: SqliteDatabase

    @classmethod
    async def open(
        cls, path: Path, owner: str = DEFAULT_OWNER, lease_seconds: float = DEFAULT_LEASE_SECONDS
    ) -> SqliteStore:
        """Open and migrate the database at ``path``. ``owner`` names this process on the
        leases of its games, each good for ``lease_seconds``."""
        return cls(await SqliteDatabase.open(path), owner, lease_seconds)

    @property
    def _writes(self) -> GroupCommit:
        return self._db.writes

    async def journal_mode(self) -> str:
        return str((await self._fetch("PRAGMA journal_mode", {}))[0][0])
