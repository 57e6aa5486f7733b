"""What SQLite and PostgreSQL do their own way, behind one small interface: a ``Database``
reads, runs one write as a ``Transaction`` and migrates itself (``sqlite.py``,
``postgres.py``). Statements are written once (``sql.py``) with ``:name`` parameters and
``{macros}``, which ``expand`` spells out for each database."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from contextlib import AbstractAsyncContextManager
from typing import Any, Protocol

from bot.storage.sql import DIALECT_SQL, DIALECTS

Params = Mapping[str, Any]
Row = Any  # sqlite3.Row or asyncpg.Record: both read by column name, by index and keys()
# A transaction's condition: a query whose first value must be true, else the exception is
# raised and nothing is written. It holds until the commit (see ``sql.LEASE_IS_OURS``).
Check = tuple[str, Params, Exception]

_MACRO = re.compile(r"\{(\w+)\}")


class Transaction(Protocol):
    """One atomic write. Its statements may wait and go to the database together (SQLite);
    ``fetch`` answers at once, seeing what the transaction wrote so far."""

    async def fetch(self, query: str, params: Params) -> list[Row]:
        """Run a statement now; its rows."""

    async def execute(self, query: str, params: Params) -> None:
        """Run a statement (perhaps later, but before the commit)."""

    async def executemany(self, query: str, rows: Sequence[Params]) -> None:
        """Run a statement once for each of ``rows``."""


class Database(Protocol):
    """One database, as the store uses it: reads, writes, and its schema."""

    unique_violation: type[Exception]  # what the driver raises on a broken unique key

    def transaction(self, check: Check | None = None) -> AbstractAsyncContextManager[Transaction]:
        """``async with`` it: one write, committed on leaving the block, if ``check`` holds."""

    async def fetch(self, query: str, params: Params) -> list[Row]:
        """A read outside any write."""

    async def schema_version(self) -> int:
        """How many of the numbered migrations this database has had."""

    async def close(self) -> None:
        """Let the connections go."""


def expand(text: str, dialect: str) -> str:
    """``text`` with each ``{macro}`` of ``sql.DIALECT_SQL`` spelled out for ``dialect``;
    other braces (JSON paths, ``str.format`` fields) stay."""
    macros = {name: pair[DIALECTS.index(dialect)] for name, pair in DIALECT_SQL.items()}
    return _MACRO.sub(lambda found: macros.get(found[1], found[0]), text)


def first_is_true(rows: Sequence[Row]) -> bool:
    """The first value of the first row is true (a ``Check`` holds)."""
    return bool(rows) and bool(rows[0][0])
