"""PostgreSQL for tests: ``TEST_DATABASE_URL`` (default below), one fresh schema per test,
dropped afterwards. A test that needs it is skipped, with the reason printed, when no server
answers. Only these tests may open a socket, and only to the database's host."""

from __future__ import annotations

import os
import secrets
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

import asyncpg
import pytest

TEST_DATABASE_URL = os.environ.get("TEST_DATABASE_URL", "postgresql://postgres@127.0.0.1:5432/test")
PG_HOST = urlsplit(TEST_DATABASE_URL).hostname or "127.0.0.1"

# pytest-socket: this test may connect to the database host and nowhere else.
allow_pg = pytest.mark.allow_hosts([PG_HOST])

# Parameters for fixtures that run a test on both backends.
BACKENDS = ("sqlite", pytest.param("postgresql", marks=allow_pg))


def with_search_path(url: str, schema: str) -> str:
    """The URL with ``search_path`` set (asyncpg sends unknown query keys as settings)."""
    parts = urlsplit(url)
    query = [*parse_qsl(parts.query), ("search_path", schema)]
    return urlunsplit(parts._replace(query=urlencode(query)))


async def admin_connection() -> asyncpg.Connection[asyncpg.Record]:
    try:
        return await asyncpg.connect(TEST_DATABASE_URL, timeout=5)
    except (OSError, asyncpg.PostgresError, TimeoutError) as error:
        pytest.skip(f"no PostgreSQL at {TEST_DATABASE_URL}: {error!r}")


@asynccontextmanager
async def pg_schema() -> AsyncIterator[str]:
    """A database URL whose tables land in a new, empty schema, dropped on exit."""
    schema = f"test_{secrets.token_hex(6)}"
    admin = await admin_connection()
    try:
        await admin.execute(f"CREATE SCHEMA {schema}")
        try:
            yield with_search_path(TEST_DATABASE_URL, schema)
        finally:
            await admin.execute(f"DROP SCHEMA {schema} CASCADE")
    finally:
        await admin.close()
