"""What the storage tests share: a fresh store on each backend."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from pgtools import BACKENDS, pg_schema

from bot.storage import SqliteStore, Store, open_url


@pytest.fixture(params=BACKENDS)
async def store(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Store]:
    """A fresh store on SQLite, then on PostgreSQL (a schema of its own, dropped after; the
    PostgreSQL case skips with its reason where no server answers)."""
    if request.param == "postgresql":
        async with pg_schema() as url:
            opened = await open_url(url)
            yield opened
            await opened.close()
    else:
        opened = await SqliteStore.open(tmp_path / "bot.db")
        yield opened
        await opened.close()
