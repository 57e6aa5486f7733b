"""SimCord fixtures: the real bot, its real discord.py stack, a fake Discord in memory."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from bot_harness import make_settings

from bot.app import TreppenBot, create_bot
from bot.settings import Settings
from bot.storage import SqliteStore


@pytest.fixture
async def close_databases(monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[None]:
    """Close every database a test opened (SimCord detaches bots without closing them), so no
    connection is left for the garbage collector on a closed event loop."""
    opened: list[SqliteStore] = []
    real_open = SqliteStore.open.__func__  # type: ignore[attr-defined]

    async def open_and_keep(cls: type[SqliteStore], path: Path) -> SqliteStore:
        storage: SqliteStore = await real_open(cls, path)
        opened.append(storage)
        return storage

    monkeypatch.setattr(SqliteStore, "open", classmethod(open_and_keep))
    yield
    for storage in opened:
        await storage.close()  # a second close is a no-op


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return make_settings(tmp_path)


@pytest.fixture
def simcord_bot(settings: Settings, close_databases: None) -> TreppenBot:
    return create_bot(settings)
