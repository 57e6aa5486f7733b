"""What SQLite and PostgreSQL do their own way, behind one small interface: a ``Database``
reads, runs one write as a ``Transaction`` and migrates itself. Statements are written once
(``sql.py``) with ``:name`` parameters and ``{macros}``; ``sqlite_statement`` and
``pg_statement`` turn them into what each driver takes."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from contextlib import AbstractAsyncContextManager
from datetime import UTC, datetime
from functools import cache
from typing import Any, Protocol

from bot.storage.sql import DIALECT_SQL

Params = Mapping[str, Any]
Row = Any  # sqlite3.Row or asyncpg.Record: both read by column name, by index and keys()

_CONVERTED = (datetime, list, tuple)
_MACRO = re.compile(r"\{(\w+)\}")
_NAMED = re.compile(r"(?<![:\w]):([A-Za-z_]\w*)")


class Transaction(Protocol):
    """One atomic write. Its statements may wait and go to the database together (SQLite);
    ``fetch`` answers at once, seeing what the transaction wrote so far."""

    async def fetch(self, query: str, params: Params) -> list[Row]: ...

    async def execute(self, query: str, params: Params) -> None: ...

    async def executemany(self, query: str, rows: Sequence[Params]) -> None: ...

    async def require(self, query: str, params: Params, failure: Exception) -> None:
        """Raise ``failure`` (and write nothing) unless the query's first value is true."""
        ...


class Database(Protocol):
    """One database, as the store uses it: reads, writes, and its schema."""

    unique_violation: type[Exception]  # what the driver raises on a broken unique key

    def transaction(self) -> AbstractAsyncContextManager[Transaction]: ...

    async def fetch(self, query: str, params: Params) -> list[Row]: ...

    async def schema_version(self) -> int: ...

    async def close(self) -> None: ...


def expand(text: str, dialect: str) -> str:
    """``text`` with each ``{macro}`` of ``sql.DIALECT_SQL`` spelled out for ``dialect``;
    other braces (JSON paths, ``str.format`` fields) stay."""
    macros = DIALECT_SQL[dialect]
    return _MACRO.sub(lambda found: macros.get(found[1], found[0]), text)


@cache
def sqlite_statement(query: str) -> str:
    return expand(query, "sqlite")


def sqlite_params(params: Params) -> Params:
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


@cache
def pg_names(query: str) -> tuple[str, tuple[str, ...]]:
    """The statement for asyncpg: ``:name`` becomes ``$n``; and the names in ``$n`` order."""
    names: list[str] = []

    def number(found: re.Match[str]) -> str:
        if found[1] not in names:
            names.append(found[1])
        return f"${names.index(found[1]) + 1}"

    return _NAMED.sub(number, expand(query, "postgresql")), tuple(names)


def pg_statement(query: str, params: Params) -> tuple[str, list[Any]]:
    """The statement for asyncpg and its arguments in order."""
    text, names = pg_names(query)
    return text, [params[name] for name in names]


def first_is_true(rows: Sequence[Row]) -> bool:
    return bool(rows) and bool(rows[0][0])
